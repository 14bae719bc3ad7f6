//! Range equity, exactly: every joint deal of one combo per player (no card twice, none on the
//! board or dead), weighted by the product of the combos' weights, each counted over every board
//! to come. Deals that are the same up to renaming (see `canonical`) are counted once: AS AH
//! against any hand is 1,225 deals but 469 different ones. The different deals are found first,
//! then counted on the threads, and their results summed in a fixed order.

use std::collections::HashMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use cards_core::{Card, CardSet};
use work_threads::{Threads, map_on_threads};

use crate::error::EquityError;
use crate::matchup::count::equity;
use crate::matchup::hands::Matchup;
use crate::progress::Progress;
use crate::ranges::canonical::{CanonicalDeals, Seating, Seats, canonical};
use crate::ranges::deal::deal;
use crate::ranges::matchup::RangeMatchup;
use crate::ranges::result::{ComboEquity, Counted, RangeEquity};
use crate::shares::PotShares;

/// The most joint deals an exact count walks through: enough for one hand against two random
/// hands (1.4 million), and it bounds the memory the walk takes.
pub const MAX_EXACT_DEALS: u64 = 20_000_000;

/// Deals walked between two looks at whether the caller wants the count stopped.
const DEALS_BETWEEN_LOOKS: u64 = 4096;

/// The joint deals of a matchup, grouped by their renaming.
struct Deals {
    /// Each group's canonical deal (see [`canonical`]).
    canonical: CanonicalDeals,
    /// The weight of each group's deals, by the group, the first player's combo (its place in
    /// the first range) and where the deal's players sit in the canonical deal.
    weights: HashMap<(usize, usize, Seats), f64>,
    /// How many deals there are in all.
    count: u64,
}

/// Counts every joint deal, or gives up with [`EquityError::TooLarge`] once the work is known to
/// take longer than `time_limit` (or to pass [`MAX_EXACT_DEALS`]).
pub(crate) fn exact(
    matchup: &RangeMatchup,
    time_limit: Option<Duration>,
    threads: Threads,
    progress: &dyn Progress,
) -> Result<RangeEquity, EquityError> {
    let players = matchup.ranges.len();
    let deals = distinct_deals(matchup, time_limit, threads, progress)?;
    if deals.canonical.distinct.is_empty() {
        return Err(EquityError::NoDeal);
    }
    let results = count_canonical(
        &deals.canonical.distinct,
        players,
        matchup.board.len(),
        threads,
        progress,
    )?;
    let first_range = matchup.ranges[0].combos();
    let mut total = WeightedShares::new(players);
    let mut by_first_combo: Vec<WeightedShares> =
        first_range.iter().map(|_| WeightedShares::new(1)).collect();
    // Summed in a fixed order, so the figures do not depend on the threads.
    let mut weights: Vec<(&(usize, usize, Seats), &f64)> = deals.weights.iter().collect();
    weights.sort_unstable_by_key(|&(&key, _)| key);
    for (&(group, first, seats), &weight) in weights {
        let shares = seats.unshuffle(&results[group], players);
        total.add(weight, &shares);
        by_first_combo[first].add(weight, &shares[..1]);
    }
    let first_player_combos = first_range
        .iter()
        .zip(&by_first_combo)
        .filter(|(_, sums)| sums.weight > 0.0)
        .map(|(&(combo, _), sums)| ComboEquity {
            combo,
            frequency: sums.weight / total.weight,
            shares: sums.mean(0),
        })
        .collect();
    Ok(RangeEquity {
        counted: Counted::Exact {
            deals: deals.count,
            distinct_deals: deals.canonical.distinct.len() as u64,
        },
        players: (0..players).map(|player| total.mean(player)).collect(),
        first_player_combos,
    })
}

/// Counts each canonical deal (of `players` players and a board of `board` cards) over every
/// board, on up to `threads` threads; the results in the deals' order.
pub(crate) fn count_canonical(
    deals: &[Vec<Card>],
    players: usize,
    board: usize,
    threads: Threads,
    progress: &dyn Progress,
) -> Result<Vec<Vec<PotShares>>, EquityError> {
    // One deal alone gets the threads to itself; otherwise each thread counts whole deals.
    let inner_threads = if deals.len() == 1 {
        threads
    } else {
        Threads::ONE
    };
    let count = |key: &[Card]| {
        let (holes, rest) = key.split_at(2 * players);
        let (board, dead) = rest.split_at(board);
        let matchup = Matchup {
            players: holes.chunks(2).map(|hole| [hole[0], hole[1]]).collect(),
            board: board.to_vec(),
            dead: dead.to_vec(),
        };
        let counts = equity(&matchup, inner_threads)?;
        Ok((0..players).map(|player| counts.shares(player)).collect())
    };
    // Deals finish out of order on several threads: the share done is what has finished.
    let done = AtomicUsize::new(0);
    map_on_threads(deals.len(), threads, |index| {
        if progress.is_cancelled() {
            return Err(EquityError::Cancelled);
        }
        let shares = count(&deals[index])?;
        let finished = done.fetch_add(1, Ordering::Relaxed) + 1;
        progress.report(finished as f64 / deals.len() as f64);
        Ok(shares)
    })
    .into_iter()
    .collect()
}

/// Walks every joint deal and groups them by renaming; [`EquityError::TooLarge`] as soon as the
/// deals, or the expected time to count the groups so far, pass their limits.
fn distinct_deals(
    matchup: &RangeMatchup,
    time_limit: Option<Duration>,
    threads: Threads,
    progress: &dyn Progress,
) -> Result<Deals, EquityError> {
    let players = matchup.ranges.len();
    let first_range = matchup.ranges[0].combos();
    let seconds_per_group = seconds_per_deal(players, matchup.board.len()) / threads.get() as f64;
    // A first guess before walking: the deals if no two combos collided (a few percent more than
    // there are), each class of renamings as large as it can be.
    if let Some(limit) = time_limit {
        let most_deals: f64 = matchup
            .ranges
            .iter()
            .map(|range| range.len() as f64)
            .product();
        let fewest_groups = most_deals / (24 * factorial(players)) as f64;
        let least_seconds = most_deals * SECONDS_PER_RENAMING + fewest_groups * seconds_per_group;
        if least_seconds > limit.as_secs_f64() {
            return Err(EquityError::TooLarge);
        }
    }
    let seating = Seating::new(&matchup.ranges);
    let mut deals = Deals {
        canonical: CanonicalDeals::default(),
        weights: HashMap::new(),
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
            *deals.weights.entry((group, first, seats)).or_default() += weight;
            let expected_seconds = deals.count as f64 * SECONDS_PER_RENAMING
                + deals.canonical.distinct.len() as f64 * seconds_per_group;
            if deals.count > MAX_EXACT_DEALS
                || time_limit.is_some_and(|limit| expected_seconds > limit.as_secs_f64())
            {
                stopped = Some(EquityError::TooLarge);
            } else if deals.count.is_multiple_of(DEALS_BETWEEN_LOOKS) && progress.is_cancelled() {
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

fn factorial(number: usize) -> usize {
    (1..=number).product::<usize>().max(1)
}

/// About how long finding a deal's renaming takes, on this project's reference machine.
const SECONDS_PER_RENAMING: f64 = 2.0e-6;

/// About how long counting one deal over every board takes on one thread, on this project's
/// reference machine (see BENCHMARKS.md): most for a whole board to come, growing with the
/// players.
fn seconds_per_deal(players: usize, board: usize) -> f64 {
    let players = players as f64;
    match board {
        0 => 2.5e-4 + 1.0e-4 * players,
        3 => 2.0e-6 + 1.5e-6 * players,
        4 => 0.6e-6 + 0.4e-6 * players,
        _ => 0.2e-6 + 0.1e-6 * players,
    }
}

/// Running weighted sums of players' pot shares over deals.
struct WeightedShares {
    weight: f64,
    wins: Vec<f64>,
    ties: Vec<f64>,
}

impl WeightedShares {
    fn new(players: usize) -> WeightedShares {
        WeightedShares {
            weight: 0.0,
            wins: vec![0.0; players],
            ties: vec![0.0; players],
        }
    }

    /// Adds a deal of `weight` whose players' shares are `shares`.
    fn add(&mut self, weight: f64, shares: &[PotShares]) {
        self.weight += weight;
        for ((wins, ties), shares) in self.wins.iter_mut().zip(&mut self.ties).zip(shares) {
            *wins += weight * shares.wins;
            *ties += weight * shares.ties;
        }
    }

    /// Player `player`'s shares, averaged over the deals by their weights.
    fn mean(&self, player: usize) -> PotShares {
        PotShares {
            wins: self.wins[player] / self.weight,
            ties: self.ties[player] / self.weight,
        }
    }
}
