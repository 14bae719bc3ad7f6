//! Every starting hand against every starting hand, heads-up, exactly: each class's matchups
//! against every combo counted once up to renaming the suits and swapping the players (AKs
//! against 72o is 72o against AKs). The chart against one random hand is each class's row added
//! up.

use cards_core::CardSet;
use cards_core::holdem::{HandClass, all_combos};
use work_threads::Threads;

use crate::error::EquityError;
use crate::progress::Progress;
use crate::ranges::canonical::{CanonicalDeals, Seating, canonical};
use crate::ranges::counts::ExactCounts;
use crate::ranges::exact::count_canonical;
use crate::shares::PotShares;

/// Boards of five cards from the 48 the two hands leave.
const BOARDS_PER_DEAL: u64 = 1_712_304;

/// One starting hand against another, heads-up: whole numbers over every joint deal of a combo
/// of each without a shared card, and every board.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct ClassPair {
    /// How many joint deals there are: pairs of a combo of each hand without a shared card.
    pub deals: u64,
    /// Boards the first hand wins alone, over those deals.
    pub wins: u64,
    /// Boards split.
    pub ties: u64,
    /// Boards the second hand wins alone.
    pub losses: u64,
}

impl ClassPair {
    /// The first hand's shares of the pots, or `None` for an entry without deals (every pair of
    /// classes has some, but [`ClassPairs::from_entries`] takes entries as they come).
    pub fn shares(&self) -> Option<PotShares> {
        let boards = (self.deals * BOARDS_PER_DEAL) as f64;
        (self.deals > 0).then(|| PotShares {
            wins: self.wins as f64 / boards,
            ties: self.ties as f64 / (2.0 * boards),
        })
    }

    /// The same pair seen from the second hand.
    pub fn swapped(self) -> ClassPair {
        ClassPair {
            wins: self.losses,
            losses: self.wins,
            ..self
        }
    }
}

/// The 169 × 169 class pairs heads-up, rows and columns in the grid's order
/// ([`HandClass::all`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ClassPairs {
    pairs: Vec<ClassPair>,
}

impl ClassPairs {
    /// How many boards each joint deal is counted over: C(48, 5).
    pub const BOARDS_PER_DEAL: u64 = BOARDS_PER_DEAL;

    /// The table from its 169 × 169 entries in the grid's order, row by row; `None` if there
    /// are not 28,561 or one's boards do not add up to its deals' (`wins + ties + losses`
    /// must be `deals` × C(48, 5)).
    pub fn from_entries(pairs: Vec<ClassPair>) -> Option<ClassPairs> {
        let whole = |pair: &ClassPair| {
            pair.deals.checked_mul(BOARDS_PER_DEAL)
                == pair
                    .wins
                    .checked_add(pair.ties)
                    .and_then(|sum| sum.checked_add(pair.losses))
        };
        (pairs.len() == HandClass::COUNT * HandClass::COUNT && pairs.iter().all(whole))
            .then_some(ClassPairs { pairs })
    }

    /// `first` against `second`.
    pub fn get(&self, first: HandClass, second: HandClass) -> ClassPair {
        self.pairs[grid_index(first) * HandClass::COUNT + grid_index(second)]
    }

    /// Every entry, row by row in the grid's order.
    pub fn entries(&self) -> &[ClassPair] {
        &self.pairs
    }
}

/// A class's place in the grid's order.
fn grid_index(class: HandClass) -> usize {
    let (row, column) = class.grid_cell();
    row * 13 + column
}

/// Every class against every class heads-up, exactly: about 22 s on one thread. `progress`
/// hears the share done, and can stop it.
///
/// ```no_run
/// use equity_core::{HandClass, Silent, Threads, class_pairs};
///
/// let pairs = class_pairs(Threads::available(), &Silent).unwrap();
/// let [aces, kings] = ["AA", "KK"].map(|hand| HandClass::all().find(|c| c.to_string() == hand).unwrap());
/// let pair = pairs.get(aces, kings);
/// assert_eq!(pair.deals, 36);
/// assert_eq!(format!("{:.4}", 100.0 * pair.shares().unwrap().equity()), "81.9461");
/// ```
pub fn class_pairs(threads: Threads, progress: &dyn Progress) -> Result<ClassPairs, EquityError> {
    let classes: Vec<HandClass> = HandClass::all().collect();
    let rows = rows_of_one_combo(&classes, threads, progress)?;
    let mut pairs = Vec::with_capacity(classes.len() * classes.len());
    for (class, row) in classes.iter().zip(rows) {
        // Every combo of a class is a renaming of the one counted, and every class is closed
        // under renaming: each combo has the same row.
        let combos = class.combo_count() as u64;
        pairs.extend(row.into_iter().map(|pair| ClassPair {
            deals: combos * pair.deals,
            wins: combos * pair.wins,
            ties: combos * pair.ties,
            losses: combos * pair.losses,
        }));
    }
    Ok(ClassPairs { pairs })
}

/// Each class's exact shares against one random hand: its row of one combo added up.
pub(crate) fn heads_up_exactly(
    classes: &[HandClass],
    threads: Threads,
    progress: &dyn Progress,
) -> Result<Vec<PotShares>, EquityError> {
    let rows = rows_of_one_combo(classes, threads, progress)?;
    Ok(rows.iter().map(|row| against_any_hand(row)).collect())
}

/// A row's shares against any hand, added up as whole numbers, as counting the class's combo
/// against one random hand alone does, so the figures are the same.
fn against_any_hand(row: &[ClassPair]) -> PotShares {
    let mut counts = ExactCounts::new(BOARDS_PER_DEAL, 2);
    for pair in row {
        counts.add_totals(1.0, pair.deals, &[pair.wins], &[pair.ties]);
    }
    counts.shares(0)
}

/// For each of `classes`, one of its combos against each class: the classes' matchups against
/// every combo, each counted once up to renaming and swapping.
fn rows_of_one_combo(
    classes: &[HandClass],
    threads: Threads,
    progress: &dyn Progress,
) -> Result<Vec<Vec<ClassPair>>, EquityError> {
    let seating = Seating::anyone(2);
    let mut deals = CanonicalDeals::default();
    // For each class: the deal of each matchup, the seat the class's combo holds in it, and the
    // other combo's class.
    let uses: Vec<Vec<(usize, usize, usize)>> = classes
        .iter()
        .map(|class| {
            let combo = class.combos().next().expect("a class has combos");
            let taken: CardSet = combo.into_iter().collect();
            all_combos()
                .filter(|other| !other.iter().any(|&card| taken.contains(card)))
                .map(|other| {
                    let (key, seats) = canonical(&[combo, other], &[], &[], &seating);
                    let column = grid_index(HandClass::of(other));
                    (deals.place_of(key), seats.of(0), column)
                })
                .collect()
        })
        .collect();
    let results = count_canonical(&deals.distinct, 2, 0, threads, progress)?;
    Ok(uses
        .iter()
        .map(|matchups| {
            let mut row = vec![ClassPair::default(); HandClass::COUNT];
            for &(deal, seat, column) in matchups {
                let counts = &results[deal];
                debug_assert_eq!(counts.boards, BOARDS_PER_DEAL);
                let pair = &mut row[column];
                pair.deals += 1;
                pair.wins += counts.wins[seat];
                // Heads-up, a split pot is one unit of half a pot for each.
                pair.ties += counts.tie_units[seat];
                pair.losses += counts.wins[1 - seat];
            }
            row
        })
        .collect())
}
#[cfg(test)]
mod tests {
    use cards_core::holdem::HandClass;
    use work_threads::Threads;

    use super::{BOARDS_PER_DEAL, ClassPair, against_any_hand, grid_index, rows_of_one_combo};
    use crate::progress::Silent;
    use crate::ranges::matchup::{Method, RangeMatchup};
    use crate::ranges::{exact_counts, range_equity};

    /// A class's row of one combo, scaled by its combos, is its range against each class's:
    /// chosen and seeded random pairs give `exact_counts`' whole numbers, and each pair read
    /// from the other side is the same pair swapped. Added up, a row is the class against any
    /// hand (to the last bit for AA, and the issue's figures for AA and 72o): the chart's count.
    #[test]
    fn class_rows_are_the_ranges_counts_and_the_chart() {
        let all: Vec<HandClass> = HandClass::all().collect();
        let named = |text: &str| *all.iter().find(|class| class.to_string() == text).unwrap();
        let mut random = seeded_rng::SeededRng::new(42);
        // A pair, an offsuit and a suited hand: each row against chosen and random columns.
        let rows = [named("AA"), named("72o"), named("T9s")];
        let ones = rows_of_one_combo(&rows, Threads::new(2).unwrap(), &Silent).unwrap();
        for (class, row) in rows.iter().zip(&ones) {
            let mut columns = vec![named("AA"), named("KK"), named("72o"), *class];
            columns.extend((0..3).map(|_| all[usize::try_from(random.below(169)).unwrap()]));
            for column in columns {
                let pair = row[grid_index(column)];
                let ranges = [class, &column].map(|class| class.to_string().parse().unwrap());
                let matchup = RangeMatchup {
                    ranges: ranges.to_vec(),
                    board: Vec::new(),
                    dead: Vec::new(),
                };
                let counts = exact_counts(&matchup, Threads::ONE, &Silent).unwrap();
                let [weighted] = counts.by_weight.as_slice() else {
                    panic!("one weight");
                };
                let combos = class.combo_count() as u64;
                assert_eq!(counts.boards_per_deal, BOARDS_PER_DEAL);
                assert_eq!(
                    weighted.deals,
                    u128::from(combos * pair.deals),
                    "{class} {column}"
                );
                assert_eq!(
                    weighted.wins,
                    [pair.wins, pair.losses].map(|n| u128::from(combos * n))
                );
                assert_eq!(
                    weighted.tie_units,
                    [pair.ties; 2].map(|n| u128::from(combos * n))
                );
            }
        }
        // Read from the other side: the same deals, won the other way round.
        let [aces, trash] = [named("AA"), named("72o")];
        let [aces_row, trash_row] = [&ones[0], &ones[1]];
        let scaled = |pair: ClassPair, combos: u64| ClassPair {
            deals: combos * pair.deals,
            wins: combos * pair.wins,
            ties: combos * pair.ties,
            losses: combos * pair.losses,
        };
        assert_eq!(
            scaled(aces_row[grid_index(trash)], 6),
            scaled(trash_row[grid_index(aces)], 12).swapped()
        );
        // Aces' row is the count of one combo against the random range, to the last bit; both
        // rows give the issue's figures (72o's count against the range alone is in
        // `tests/integration/ranges.rs`, `known_range_matchups`).
        let [high, low] = aces.combos().next().unwrap();
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
        assert_eq!(alone.players[0], against_any_hand(aces_row));
        for (row, percent) in [(aces_row, "85.2037"), (trash_row, "34.5836")] {
            let equity = against_any_hand(row).equity();
            assert_eq!(format!("{:.4}", 100.0 * equity), percent);
        }
    }
}
