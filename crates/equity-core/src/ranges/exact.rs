//! Range equity, exactly: every joint deal of one combo per player (no card twice, none on the
//! board or dead), weighted by the product of the combos' weights, each counted over every board
//! to come. Deals that are the same up to renaming (see `canonical`) are counted once: AS AH
//! against any hand is 1,225 deals but 469 different ones. The different deals are found first,
//! then counted on the threads, and their whole-number results added up by deal weight
//! (`counts`), which no order of the threads can change.

use std::collections::HashMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use cards_core::holdem::Range;
use cards_core::{Card, CardSet};
use work_threads::{Threads, map_on_threads};

use crate::error::EquityError;
use crate::matchup::board_counts::BoardCounts;
use crate::matchup::count::count_boards;
use crate::matchup::hands::Matchup;
use crate::matchup::tally::tie_denominator;
use crate::progress::Progress;
use crate::ranges::canonical::{CanonicalDeals, Seating, Seats, canonical};
use crate::ranges::counts::ExactCounts;
use crate::ranges::deal::deal;
use crate::ranges::matchup::RangeMatchup;
use crate::ranges::result::{ComboEquity, Counted, RangeEquity};

/// The most joint deals an exact count walks through: enough for one hand against two random
/// hands (1.4 million), and it bounds the memory the walk takes.
pub const MAX_EXACT_DEALS: u64 = 20_000_000;

/// Deals walked between two looks at whether the caller wants the count stopped.
const DEALS_BETWEEN_LOOKS: u64 = 4096;

/// The joint deals of a matchup, grouped by their renaming.
struct Deals {
    /// Each group's canonical deal (see [`canonical`]).
    canonical: CanonicalDeals,
    /// How many deals there are of each group, first player's combo (its place in the first
    /// range), place of the deal's players in the canonical deal, and weight (its bits).
    counts: HashMap<(usize, usize, Seats, u64), u64>,
    /// How many deals there are in all.
    count: u64,
}

/// An exact count's whole numbers: every player's, and the first player's by their combo.
pub(crate) struct Totals {
    pub all: ExactCounts,
    /// By the first player's combo, in the first range's order.
    pub by_first_combo: Vec<ExactCounts>,
    pub deals: u128,
    pub distinct_deals: u128,
}

/// Counts every joint deal, or gives up with [`EquityError::TooLarge`] once the work is known to
/// take longer than `time_limit` or to pass `max_deals` deals ([`MAX_EXACT_DEALS`] but in tests).
pub(crate) fn exact(
    matchup: &RangeMatchup,
    max_deals: u64,
    time_limit: Option<Duration>,
    threads: Threads,
    progress: &dyn Progress,
) -> Result<RangeEquity, EquityError> {
    equity_of(
        matchup,
        &totals(matchup, max_deals, time_limit, threads, progress)?,
    )
}

/// Each player's figures, and the first player's by combo, from an exact count's totals.
pub(crate) fn equity_of(
    matchup: &RangeMatchup,
    totals: &Totals,
) -> Result<RangeEquity, EquityError> {
    if totals.deals == 0 {
        return Err(EquityError::NoDeal);
    }
    let weight = totals.all.weight();
    let first_player_combos = matchup.ranges[0]
        .combos()
        .iter()
        .zip(&totals.by_first_combo)
        .filter(|(_, counts)| counts.deals() > 0)
        .map(|(&(combo, _), counts)| ComboEquity {
            combo,
            frequency: counts.weight() / weight,
            shares: counts.shares(0),
        })
        .collect();
    Ok(RangeEquity {
        counted: Counted::Exact {
            deals: totals.deals,
            distinct_deals: totals.distinct_deals,
        },
        players: (0..matchup.ranges.len())
            .map(|player| totals.all.shares(player))
            .collect(),
        first_player_combos,
    })
}

/// The deals found and grouped, each group counted, and the groups' results added up.
pub(crate) fn totals(
    matchup: &RangeMatchup,
    max_deals: u64,
    time_limit: Option<Duration>,
    threads: Threads,
    progress: &dyn Progress,
) -> Result<Totals, EquityError> {
    let players = matchup.ranges.len();
    let deals = distinct_deals(matchup, max_deals, time_limit, threads, progress)?;
    let results = count_canonical(
        &deals.canonical.distinct,
        players,
        matchup.board.len(),
        threads,
        progress,
    )?;
    let (mut all, mut by_first_combo) = no_counts(matchup);
    for (&(group, first, seats, weight), &count) in &deals.counts {
        let weight = f64::from_bits(weight);
        let results = &results[group];
        all.add_deals(weight, count, results, players, |player| seats.of(player));
        by_first_combo[first].add_deals(weight, count, results, 1, |_| seats.of(0));
    }
    Ok(Totals {
        all,
        by_first_combo,
        deals: deals.count.into(),
        distinct_deals: deals.canonical.distinct.len() as u128,
    })
}

/// An exact count's totals before any deal: every player's, and the first player's for each of
/// their combos (in the range's order), each deal counted over the boards that miss its hole
/// cards.
pub(crate) fn no_counts(matchup: &RangeMatchup) -> (ExactCounts, Vec<ExactCounts>) {
    let players = matchup.ranges.len();
    let unknown = 52 - 2 * players - matchup.board.len() - matchup.dead.len();
    let boards_per_deal = choose(unknown as u64, 5 - matchup.board.len() as u64);
    let new_counts = || ExactCounts::new(boards_per_deal, tie_denominator(players));
    let by_first_combo = matchup.ranges[0].combos().iter().map(|_| new_counts());
    (new_counts(), by_first_combo.collect())
}

/// Counts each canonical deal (of `players` players and a board of `board` cards) over every
/// board, on up to `threads` threads; the results in the deals' order.
pub(crate) fn count_canonical(
    deals: &[Vec<Card>],
    players: usize,
    board: usize,
    threads: Threads,
    progress: &dyn Progress,
) -> Result<Vec<BoardCounts>, EquityError> {
    // One deal alone gets the threads to itself; otherwise each thread counts whole deals.
    let inner_threads = if deals.len() == 1 {
        threads
    } else {
        Threads::ONE
    };
    // The deals come from a checked range matchup: each is a valid matchup of hole cards.
    let count = |key: &[Card]| -> BoardCounts {
        let (holes, rest) = key.split_at(2 * players);
        let (board, dead) = rest.split_at(board);
        let matchup = Matchup {
            players: holes.chunks(2).map(|hole| [hole[0], hole[1]]).collect(),
            board: board.to_vec(),
            dead: dead.to_vec(),
        };
        count_boards(&matchup, inner_threads)
    };
    // Deals finish out of order on several threads: the share done is what has finished.
    let done = AtomicUsize::new(0);
    map_on_threads(deals.len(), threads, |index| {
        if progress.is_cancelled() {
            return Err(EquityError::Cancelled);
        }
        let counts = count(&deals[index]);
        let finished = done.fetch_add(1, Ordering::Relaxed) + 1;
        progress.report(finished as f64 / deals.len() as f64);
        Ok(counts)
    })
    .into_iter()
    .collect()
}

/// Walks every joint deal and groups them by renaming; [`EquityError::TooLarge`] as soon as the
/// deals, or the expected time to count the groups so far, pass their limits.
fn distinct_deals(
    matchup: &RangeMatchup,
    max_deals: u64,
    time_limit: Option<Duration>,
    threads: Threads,
    progress: &dyn Progress,
) -> Result<Deals, EquityError> {
    let players = matchup.ranges.len();
    let first_range = matchup.ranges[0].combos();
    let estimate = Estimate::new(players, matchup.board.len(), threads);
    let sizes: Vec<usize> = matchup.ranges.iter().map(Range::len).collect();
    if time_limit.is_some_and(|limit| too_large_to_try(&estimate, &sizes, limit))
        || fewest_deals(matchup) > max_deals as f64
    {
        return Err(EquityError::TooLarge);
    }
    let seating = Seating::new(&matchup.ranges);
    let mut deals = Deals {
        canonical: CanonicalDeals::default(),
        counts: HashMap::new(),
        count: 0,
    };
    let mut stopped = None;
    let taken: CardSet = matchup.board.iter().chain(&matchup.dead).copied().collect();
    let mut chosen = Vec::with_capacity(players);
    deal(
        &matchup.ranges,
        taken,
        1.0,
        &mut chosen,
        &mut |holes, weight| {
            deals.count += 1;
            let (key, seats) = canonical(holes, &matchup.board, &matchup.dead, &seating);
            let group = deals.canonical.place_of(key);
            // A range keeps its combos in order.
            let first = first_range
                .binary_search_by_key(&holes[0], |&(combo, _)| combo)
                .expect("the first combo comes from the first range");
            *deals
                .counts
                .entry((group, first, seats, weight.to_bits()))
                .or_default() += 1;
            let expected_seconds =
                estimate.seconds(deals.count as f64, deals.canonical.distinct.len() as f64);
            if deals.count > max_deals
                || time_limit.is_some_and(|limit| expected_seconds > limit.as_secs_f64())
            {
                stopped = Some(EquityError::TooLarge);
            } else if deals.count % DEALS_BETWEEN_LOOKS == 0 && progress.is_cancelled() {
                stopped = Some(EquityError::Cancelled);
            }
            stopped.is_none()
        },
    );
    match stopped {
        Some(error) => Err(error),
        None => Ok(deals),
    }
}

/// A floor on a matchup's joint deals, to refuse at once what the walk would refuse only after
/// `max_deals` deals (half a minute for three random hands): each player's combos that miss the
/// board and the dead cards, less the most that the earlier players' cards can block (each
/// player's two cards are in at most 101 combos: 51 with each card, one with both).
fn fewest_deals(matchup: &RangeMatchup) -> f64 {
    let out: CardSet = matchup.board.iter().chain(&matchup.dead).copied().collect();
    matchup
        .ranges
        .iter()
        .enumerate()
        .map(|(seat, range)| {
            let free = range
                .combos()
                .iter()
                .filter(|(combo, _)| !combo.iter().any(|&card| out.contains(card)))
                .count();
            free.saturating_sub(101 * seat) as f64
        })
        .product()
}

/// About how long counting deal by deal takes on one thread, walking `deals` deals of `players`
/// players and a board of `board` cards and counting `groups` of them: for comparing it with
/// other counts.
pub(crate) fn seconds_by_deal(deals: f64, groups: f64, players: usize, board: usize) -> f64 {
    Estimate::new(players, board, Threads::ONE).seconds(deals, groups)
}

/// Whether even the least time ranges of these `sizes` could take passes `limit`: a first guess
/// before walking their deals. (Giving up here or at the walk's first deals gives the same
/// answer, sooner.)
fn too_large_to_try(estimate: &Estimate, sizes: &[usize], limit: Duration) -> bool {
    estimate.least_seconds(sizes) > limit.as_secs_f64()
}

/// How long an exact count is expected to take, on this project's reference machine (see
/// BENCHMARKS.md): finding each deal's renaming, then counting each group on the threads.
struct Estimate {
    seconds_per_group: f64,
}

/// About how long finding a deal's renaming takes.
const SECONDS_PER_RENAMING: f64 = 2.0e-6;

impl Estimate {
    fn new(players: usize, board: usize, threads: Threads) -> Estimate {
        Estimate {
            seconds_per_group: seconds_per_deal(players, board) / threads.get() as f64,
        }
    }

    /// Walking `deals` deals and counting `groups` of them.
    fn seconds(&self, deals: f64, groups: f64) -> f64 {
        deals * SECONDS_PER_RENAMING + groups * self.seconds_per_group
    }

    /// The least ranges of these sizes can take: a deal for every choice of one combo per range
    /// (as if no two collided, a few percent more than there are), each class of renamings as
    /// large as it can be (24 renamings of the suits, every order of the players).
    fn least_seconds(&self, sizes: &[usize]) -> f64 {
        let most_deals: f64 = sizes.iter().map(|&size| size as f64).product();
        let fewest_groups = most_deals / (24 * factorial(sizes.len() as u64)) as f64;
        self.seconds(most_deals, fewest_groups)
    }
}

/// `n` choose `k`, exactly (each step's product is a binomial too, so each division is exact).
/// A `const fn` for the tables built at compile time.
pub(crate) const fn choose(n: u64, k: u64) -> u64 {
    let mut product = 1;
    let mut i = 0;
    while i < k {
        product = product * (n - i) / (i + 1);
        i += 1;
    }
    product
}

/// `n!`: the orders of `n` players, among other things.
pub(crate) const fn factorial(n: u64) -> u64 {
    let mut product = 1;
    let mut i = 2;
    while i <= n {
        product *= i;
        i += 1;
    }
    product
}

/// About how long counting one deal over every board takes on one thread: most for a whole
/// board to come, growing with the players.
pub(crate) fn seconds_per_deal(players: usize, board: usize) -> f64 {
    let players = players as f64;
    match board {
        0 => 2.5e-4 + 1.0e-4 * players,
        3 => 2.0e-6 + 1.5e-6 * players,
        4 => 0.6e-6 + 0.4e-6 * players,
        _ => 0.2e-6 + 0.1e-6 * players,
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use work_threads::Threads;

    use super::{
        Estimate, MAX_EXACT_DEALS, exact, factorial, fewest_deals, seconds_per_deal,
        too_large_to_try,
    };
    use crate::error::EquityError;
    use crate::progress::{Progress, Silent};
    use crate::ranges::matchup::RangeMatchup;
    use crate::ranges::result::Counted;

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() <= 1e-12 * b.abs().max(1e-12)
    }

    /// The model the automatic choice goes by, figure by figure: a change to it is a decision,
    /// to be measured (BENCHMARKS.md) and written here.
    #[test]
    fn the_time_model_of_an_exact_count() {
        assert!(close(seconds_per_deal(2, 0), 4.5e-4));
        assert!(close(seconds_per_deal(3, 3), 6.5e-6));
        assert!(close(seconds_per_deal(2, 4), 1.4e-6));
        assert!(close(seconds_per_deal(4, 5), 0.6e-6));
        assert_eq!([factorial(0), factorial(1), factorial(3)], [1, 1, 6]);
        let two_threads = Estimate::new(2, 0, Threads::new(2).unwrap());
        assert!(close(two_threads.seconds_per_group, 2.25e-4));
        // A million deals to walk at 2 µs each, and 100 groups to count.
        assert!(close(
            two_threads.seconds(1e6, 100.0),
            2.0 + 100.0 * 2.25e-4
        ));
        // AA against any hand: 6 × 1,326 deals, at least 7,956 / 48 groups.
        let least = 7956.0 * 2.0e-6 + 7956.0 / 48.0 * 2.25e-4;
        assert!(close(two_threads.least_seconds(&[6, 1326]), least));
        let just_over = Duration::from_secs_f64(least * 0.99);
        assert!(too_large_to_try(&two_threads, &[6, 1326], just_over));
        let just_under = Duration::from_secs_f64(least * 1.01);
        assert!(!too_large_to_try(&two_threads, &[6, 1326], just_under));
    }

    fn matchup(ranges: &[&str], board: &str) -> RangeMatchup {
        RangeMatchup::from_text(ranges, board, "")
    }

    /// The floor on deals: exact where no combo can be blocked, never above the deals walked, and
    /// three random hands refused at once rather than after 20 million deals.
    #[test]
    fn the_floor_on_deals_refuses_huge_matchups_before_walking_them() {
        let hand_and_two_random = matchup(&["AsKs", "random", "random"], "");
        assert!(close(fewest_deals(&hand_and_two_random), 1225.0 * 1124.0));
        // The board's cards are out of every range: 1,326 - 51 - 50 - 49 combos miss AH 7C 2D.
        let on_a_flop = matchup(&["random", "AsKs"], "AH 7C 2D");
        assert!(close(fewest_deals(&on_a_flop), 1176.0 * 0.0));
        let collide = matchup(&["AsKs", "QQ"], "AH 7C 2D");
        assert!(close(fewest_deals(&collide), 1.0 * 0.0));
        let apart = matchup(&["QQ", "AsKs"], "");
        assert!(close(fewest_deals(&apart), 0.0));
        for (ranges, board) in [
            (&["AK", "QQ"][..], ""),
            (&["AsKs", "QQ+, AKo", "77"][..], "AH 7C 2D"),
            (&["random", "TT+, AK"][..], "KH 9H 4C 2S"),
        ] {
            let matchup = matchup(ranges, board);
            let counted = exact(&matchup, MAX_EXACT_DEALS, None, Threads::ONE, &Silent).unwrap();
            let Counted::Exact { deals, .. } = counted.counted else {
                panic!("exact")
            };
            assert!(fewest_deals(&matchup) <= deals as f64, "{ranges:?}");
        }
        // A hand against any hand: the floor is the deals, 1,225, and a limit of exactly that
        // many is enough.
        let hand_and_random = matchup(&["AsKs", "random"], "");
        assert!(close(fewest_deals(&hand_and_random), 1225.0));
        assert!(exact(&hand_and_random, 1225, None, Threads::ONE, &Silent).is_ok());
        // Refused before the walk, not by the clock: the walk looks at `CancelAtOnce` every
        // 4,096 deals, so a walk begun would end `Cancelled`, long before 20 million deals.
        let three_random = matchup(&["random", "random", "random"], "");
        assert_eq!(
            exact(
                &three_random,
                MAX_EXACT_DEALS,
                None,
                Threads::ONE,
                &CancelAtOnce
            ),
            Err(EquityError::TooLarge)
        );
        // A limit one below the floor is refused before the walk too (which would take seconds
        // to reach it).
        assert_eq!(
            exact(
                &hand_and_two_random,
                1225 * 1124 - 1,
                None,
                Threads::ONE,
                &CancelAtOnce
            ),
            Err(EquityError::TooLarge)
        );
    }

    /// Asks the count to stop from its first look on.
    struct CancelAtOnce;

    impl Progress for CancelAtOnce {
        fn report(&self, _done: f64) {}

        fn is_cancelled(&self) -> bool {
            true
        }
    }

    /// The share done goes up deal by deal to the whole.
    #[test]
    fn progress_is_reported_deal_by_deal() {
        let matchup = matchup(&["AK", "QQ"], "Kd 8s 3c");
        let seen = std::sync::Mutex::new(Vec::new());
        let progress = |done: f64| seen.lock().unwrap().push(done);
        let counted = exact(&matchup, MAX_EXACT_DEALS, None, Threads::ONE, &progress).unwrap();
        let Counted::Exact { distinct_deals, .. } = counted.counted else {
            panic!("exact")
        };
        let seen = seen.into_inner().unwrap();
        assert_eq!(seen.len() as u128, distinct_deals);
        for (deal, &done) in (1..).zip(&seen) {
            assert!(
                (done - f64::from(deal) / seen.len() as f64).abs() < 1e-12,
                "{seen:?}"
            );
        }
    }

    /// AK against QQ: 16 × 6 deals, none sharing a card.
    fn ak_against_qq() -> RangeMatchup {
        RangeMatchup {
            ranges: vec!["AK".parse().unwrap(), "QQ".parse().unwrap()],
            board: Vec::new(),
            dead: Vec::new(),
        }
    }

    #[test]
    fn the_walk_stops_past_the_most_deals_and_not_at_them() {
        let count = |max_deals| exact(&ak_against_qq(), max_deals, None, Threads::ONE, &Silent);
        let counted = count(96).unwrap();
        assert!(matches!(counted.counted, Counted::Exact { deals: 96, .. }));
        assert_eq!(count(95), Err(EquityError::TooLarge));
        assert_eq!(count(MAX_EXACT_DEALS), Ok(counted));
    }

    #[test]
    fn the_walk_stops_once_its_groups_would_take_longer_than_allowed() {
        // The first guess (96 deals in at least 2 groups: about 1.1 ms on one thread) lets the
        // walk start; its groups (a dozen at 0.45 ms) pass 2 ms before it ends.
        let estimate = Estimate::new(2, 0, Threads::ONE);
        assert!(estimate.least_seconds(&[16, 6]) < 0.002);
        let limit = Some(Duration::from_millis(2));
        let within = exact(
            &ak_against_qq(),
            MAX_EXACT_DEALS,
            limit,
            Threads::ONE,
            &Silent,
        );
        assert_eq!(within, Err(EquityError::TooLarge));
        let roomy = Some(Duration::from_secs(10));
        assert!(
            exact(
                &ak_against_qq(),
                MAX_EXACT_DEALS,
                roomy,
                Threads::ONE,
                &Silent
            )
            .is_ok()
        );
    }
}
