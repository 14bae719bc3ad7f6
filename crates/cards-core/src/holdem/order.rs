//! The starting hands from best to worst, for "the top 15 % of hands": ordered by equity against
//! one random hand, as the exact chart counts it (`holdem-equity chart`). That is the order a
//! hand's strength alone gives, with no opponent's range assumed; PokerStove's published order
//! differs in places because it ranks by equity against three random hands. A test holds this
//! list to the chart's golden output.

use crate::card::Rank;
use crate::holdem::combo::COMBOS;
use crate::holdem::hand_class::HandClass;

/// The 169 classes, best first, by exact equity against one random hand.
const BY_EQUITY_AGAINST_RANDOM: &str = "\
    AA KK QQ JJ TT 99 88 AKs 77 AQs AJs AKo ATs AQo AJo KQs 66 A9s ATo KJs A8s KTs KQo A7s A9o \
    KJo 55 QJs K9s A5s A6s A8o KTo QTs A4s A7o K8s A3s QJo K9o A5o A6o Q9s K7s JTs A2s QTo 44 A4o \
    K6s K8o Q8s A3o K5s J9s Q9o JTo K7o A2o K4s Q7s K6o K3s T9s J8s 33 Q6s Q8o K5o J9o K2s Q5s T8s \
    K4o J7s Q4s Q7o T9o J8o K3o Q6o Q3s 98s T7s J6s K2o 22 Q2s Q5o J5s T8o J7o Q4o 97s J4s T6s J3s \
    Q3o 98o 87s T7o J6o 96s J2s Q2o T5s J5o T4s 97o 86s J4o T6o 95s T3s 76s J3o 87o T2s 85s 96o \
    J2o T5o 94s 75s T4o 93s 86o 65s 84s 95o T3o 92s 76o 74s T2o 54s 85o 64s 83s 94o 75o 82s 73s \
    93o 65o 53s 63s 84o 92o 43s 74o 72s 54o 64o 52s 62s 83o 42s 82o 73o 53o 63o 32s 43o 72o 52o \
    62o 42o 32o";

/// The 169 starting hands, best first: by equity against one random hand (see the module).
///
/// ```
/// use cards_core::holdem::by_strength;
///
/// let best: Vec<String> = by_strength().take(3).map(|class| class.to_string()).collect();
/// assert_eq!(best, ["AA", "KK", "QQ"]);
/// ```
pub fn by_strength() -> impl Iterator<Item = HandClass> {
    BY_EQUITY_AGAINST_RANDOM.split_whitespace().map(|name| {
        // Read from the name's bytes: `AA`, `AKs` or `AKo`.
        let name = name.as_bytes();
        let rank = |byte: u8| Rank::from_ascii_byte(byte).expect("the list names ranks");
        HandClass::new(rank(name[0]), rank(name[1]), name.get(2) == Some(&b's'))
            .expect("the list names classes")
    })
}

/// The strongest hands (by [`by_strength`]) making up `percent` % of all 1,326 combos: the first
/// hands whose combos come closest to that share, the fewer hands on a tie. `percent` is
/// clamped to 0 to 100.
///
/// ```
/// use cards_core::holdem::top_percent;
///
/// // 2 % of 1,326 combos is 26.5: aces, kings, queens and jacks make 24.
/// let top: Vec<String> = top_percent(2.0).iter().map(|class| class.to_string()).collect();
/// assert_eq!(top, ["AA", "KK", "QQ", "JJ"]);
/// assert_eq!(top_percent(100.0).len(), 169);
/// ```
pub fn top_percent(percent: f64) -> Vec<HandClass> {
    let wanted = percent.clamp(0.0, 100.0) / 100.0 * COMBOS as f64;
    let mut taken = Vec::new();
    let mut combos = 0;
    for class in by_strength() {
        let with = combos + class.combo_count();
        // Stop where adding the class would move further from the share than leaving it out.
        if (with as f64 - wanted).abs() >= (wanted - combos as f64).abs() {
            break;
        }
        taken.push(class);
        combos = with;
    }
    taken
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_class_once() {
        // Each class is the one its name in the list writes.
        let names: Vec<String> = by_strength().map(|class| class.to_string()).collect();
        assert!(names.iter().eq(BY_EQUITY_AGAINST_RANDOM.split_whitespace()));
        let mut classes: Vec<HandClass> = by_strength().collect();
        assert_eq!(classes.len(), HandClass::COUNT);
        classes.sort();
        classes.dedup();
        assert_eq!(classes.len(), HandClass::COUNT);
    }

    #[test]
    fn the_top_comes_closest_to_the_share() {
        assert!(top_percent(0.0).is_empty());
        assert!(top_percent(-5.0).is_empty());
        // 0.45 % is 5.97 combos: aces (6) are closer than nothing.
        assert_eq!(top_percent(0.45).len(), 1);
        // 0.22 % is 2.9 combos: nothing is closer than aces' 6.
        assert!(top_percent(0.22).is_empty());
        assert_eq!(top_percent(100.0).len(), HandClass::COUNT);
        assert_eq!(top_percent(250.0).len(), HandClass::COUNT);
        for tenths in 0..=1000 {
            let percent = f64::from(tenths) / 10.0;
            let top = top_percent(percent);
            let combos: usize = top.iter().map(|class| class.combo_count()).sum();
            let wanted = percent / 100.0 * COMBOS as f64;
            // No longer or shorter prefix is closer.
            let prefix: Vec<usize> = by_strength()
                .scan(0, |sum, class| {
                    *sum += class.combo_count();
                    Some(*sum)
                })
                .collect();
            let best = std::iter::once(0)
                .chain(prefix)
                .map(|sum| (sum as f64 - wanted).abs())
                .fold(f64::INFINITY, f64::min);
            assert!((combos as f64 - wanted).abs() <= best, "{percent}");
        }
    }
}
