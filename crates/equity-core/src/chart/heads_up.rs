//! The chart against one random hand, exactly: every class against every combo, each matchup
//! counted once up to renaming the suits and swapping the players (AKs against 72o is 72o
//! against AKs).

use cards_core::CardSet;
use cards_core::holdem::{HandClass, all_combos};
use work_threads::Threads;

use crate::error::EquityError;
use crate::progress::Progress;
use crate::ranges::canonical::{CanonicalDeals, Seating, canonical};
use crate::ranges::counts::ExactCounts;
use crate::ranges::exact::count_canonical;
use crate::shares::PotShares;

/// Each class's exact shares against one random hand (one combo of each class stands for it: the
/// others are renamings of its suits, which a random hand does not care about).
pub(crate) fn heads_up_exactly(
    classes: &[HandClass],
    threads: Threads,
    progress: &dyn Progress,
) -> Result<Vec<PotShares>, EquityError> {
    let seating = Seating::anyone(2);
    let mut deals = CanonicalDeals::default();
    // For each class: the deal of each matchup, and the seat the class's hand holds in it.
    let uses: Vec<Vec<(usize, usize)>> = classes
        .iter()
        .map(|class| {
            let hand = class.combos().next().expect("a class has combos");
            let taken: CardSet = hand.into_iter().collect();
            all_combos()
                .filter(|other| !other.iter().any(|&card| taken.contains(card)))
                .map(|other| {
                    let (key, seats) = canonical(&[hand, other], &[], &[], &seating);
                    (deals.place_of(key), seats.of(0))
                })
                .collect()
        })
        .collect();
    let results = count_canonical(&deals.distinct, 2, 0, threads, progress)?;
    // Added up as whole numbers, as counting each class alone does, so the figures are the same.
    Ok(uses
        .iter()
        .map(|matchups| {
            let mut counts = ExactCounts::new(results[0].boards, results[0].tie_denominator);
            for &(deal, seat) in matchups {
                counts.add_deals(1.0, 1, &results[deal], 1, |_| seat);
            }
            counts.shares(0)
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use cards_core::holdem::HandClass;
    use work_threads::Threads;

    use super::heads_up_exactly;
    use crate::progress::Silent;
    use crate::ranges::matchup::{Method, RangeMatchup};
    use crate::ranges::range_equity;

    /// The chart's own grouping of heads-up matchups gives, hand by hand, what counting each
    /// hand against any hand alone gives, to the last bit (and the figures for AA and
    /// 72o).
    #[test]
    fn grouped_heads_up_matchups_give_each_hands_own_count() {
        let chosen: Vec<HandClass> = HandClass::all()
            .filter(|class| ["AA", "72o"].contains(&class.to_string().as_str()))
            .collect();
        assert_eq!(chosen.len(), 2);
        let grouped = heads_up_exactly(&chosen, Threads::new(2).unwrap(), &Silent).unwrap();
        for (class, grouped) in chosen.iter().zip(&grouped) {
            let [high, low] = class.combos().next().unwrap();
            let alone = range_equity(
                &RangeMatchup {
                    ranges: vec![
                        format!("{high}{low}").parse().unwrap(),
                        "random".parse().unwrap(),
                    ],
                    board: Vec::new(),
                    dead: Vec::new(),
                },
                Method::Exact,
                Threads::ONE,
                &Silent,
            )
            .unwrap();
            assert_eq!(alone.players[0], *grouped, "{class}");
        }
        let percent: Vec<String> = grouped
            .iter()
            .map(|shares| format!("{:.4}", 100.0 * shares.equity()))
            .collect();
        assert_eq!(percent[0], "85.2037");
        assert_eq!(percent[1], "34.5836");
    }
}
