//! Ranges after the flop, board by board: every combo of each range is valued once per board,
//! and sweeps over the combos sorted by value give every joint deal's result without dealing
//! the widest ranges combo by combo.
//!
//! Heads-up (most counts) has counts of its own, from bit sets ([`ranked`]): a hand against a
//! range ([`hand`]), and two ranges ([`duel`]). Both value each pair of ranks once for each set
//! of ranks of the cards to come, so boards of the same ranks share their values and their
//! order, and no board is sorted.
//!
//! With three players or more, the players take three parts ([`sides`](mod@sides)). The *last* player (the widest range
//! but the first player's) is never dealt: its combos sorted by value, how many are below and up
//! to the value to beat is read off running counts as that value climbs. Its combos are valued by
//! their two ranks ([`groups`]: 91 values a board, not a thousand), but for those that can make a
//! flush. The *sweeping* player (the next widest) is walked in order of value, so the value to
//! beat (the best of the others') only climbs. The *outer* players (one or more) are dealt
//! combo by combo as joint deals of their own, each met by one sweep per board ([`sweep`]; the
//! combos packed into small integers for it, [`packed`]).
//!
//! Card removal by inclusion and exclusion: the last player's combos apart from the cards `U`
//! already dealt are all of them, less those holding each card of `U`, plus those made of two
//! cards of `U` (taken away twice). Every joint deal has as many boards to come as any other (the
//! deck less the board, the dead cards and the hole cards), so summing over boards first and
//! deals second counts every deal over every board once.
//!
//! Everything is counted in whole numbers, kept apart by the weights of the deals' combos (each
//! range's different weights are few): the totals are the deal-by-deal count's to the last unit
//! ([`ExactCounts`](crate::ranges::counts::ExactCounts)), and no order of the threads can change
//! them.

mod duel;
mod groups;
mod hand;
mod packed;
mod ranked;
mod sides;
mod sweep;
#[cfg(test)]
mod tests;

use std::sync::atomic::{AtomicUsize, Ordering};

use cards_core::{Card, CardSet, Hand};
use work_threads::{Threads, map_on_threads};

use self::duel::Duel;
use self::groups::{GROUPS, Groups};
use self::hand::HandAgainstRange;
use self::packed::{MAX_WEIGHTS, weight_tier};
use self::sides::{OuterDeals, Parts, Side, Tuples};
use self::sweep::{Count, Scratch, Sums};
use crate::error::EquityError;
use crate::matchup::tally::tie_denominator;
use crate::progress::Progress;
use crate::ranges::exact::{Totals, choose, no_counts, seconds_per_deal};
use crate::ranges::matchup::RangeMatchup;

/// Boards counted between two looks at progress.
const CHUNK: usize = 16;

/// The most steps an exact count after the flop takes board by board (a combo of the sweeping or
/// the last player met by one joint deal of the others on one board): a few minutes on one
/// thread, as [`MAX_EXACT_DEALS`](crate::MAX_EXACT_DEALS) is for counting deal by deal. Nothing
/// is kept per deal, so the limit is one of time, not of memory.
pub const MAX_SWEEP_STEPS: u64 = 50_000_000_000;

/// The most players counted board by board: split pots in units of 1/2,520 keep a board's sums
/// well inside 64 bits. (Nine hands or more after the flop are few deals anyway.)
const MAX_PLAYERS: usize = 9;

/// The most combinations of weights a joint deal's combos can have (the product of the numbers
/// of different weights in each range): the counts are kept apart by them.
const MAX_WEIGHT_TUPLES: usize = 64;
/// How much work a board-by-board count of a matchup is.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Cost {
    /// Steps of the sweeps (see [`MAX_SWEEP_STEPS`]).
    pub steps: f64,
    /// About how long it takes on one thread.
    pub seconds: f64,
}

/// The cost of counting `matchup` board by board, when that is the less work than counting
/// each joint deal over its boards: a flop or more, and not, say, a hand against a hand (one
/// deal, a few hundred boards by their ranks).
pub(crate) fn cost(matchup: &RangeMatchup) -> Option<Cost> {
    let sizes = sizes(matchup)?;
    let players = sizes.len();
    let parts = Parts::of(&sizes);
    let deck = (52 - matchup.board.len() - matchup.dead.len()) as u64;
    let boards = choose(deck, 5 - matchup.board.len() as u64) as f64;
    let outer_deals: f64 = parts.outer.iter().map(|&p| sizes[p] as f64).product();
    let swept = (sizes[parts.sweeping] + sizes[parts.last]) as f64;
    let steps = boards * outer_deals * swept;
    // The last player's combos are valued and climbed through in groups (at most 91, and those
    // able to make a flush).
    let grouped = sizes[parts.last].min(120);
    let valued = (sizes.iter().sum::<usize>() - sizes[parts.last] + grouped) as f64;
    let climbed = (sizes[parts.sweeping] + grouped) as f64;
    // Nanoseconds, as measured on this project's machine (BENCHMARKS.md): a board costs 2,000,
    // valuing and sorting a combo or a group 10, an outer deal 30 and a step of its sweep 6 and
    // 10 more for each outer player (two cards more to take away, four pairs to add back).
    let step = 6.0 + 10.0 * parts.outer.len() as f64;
    let by_board = if players == 2 && sizes[0] == 1 {
        // A hand against a range ([`hand`](mod@hand)): setting up costs 1,000, a board 30 and
        // 2.5 for each pair of ranks, valuing a pair of ranks 4 on each set of ranks of the
        // cards to come.
        let rank_sets = [1.0, 13.0, 91.0][5 - matchup.board.len()];
        let pairs = sizes[1].min(GROUPS) as f64;
        1e-9 * (1000.0 + 30.0 * boards + pairs * (2.5 * boards + 4.0 * rank_sets))
    } else if players == 2 {
        // Two ranges ([`duel`]): a board costs 150, 9 for each of the first range's combos and
        // 1 for each of the second's (fewer boards where suits can be renamed).
        1e-9 * boards * (150.0 + 9.0 * sizes[0] as f64 + sizes[1] as f64)
    } else {
        1e-9 * boards * (2000.0 + 10.0 * valued + outer_deals * (30.0 + step * climbed))
    };
    let deals: f64 = sizes.iter().map(|&size| size as f64).product();
    let by_deal = deals * seconds_per_deal(players, matchup.board.len());
    (by_board < by_deal).then_some(Cost {
        steps,
        seconds: by_board,
    })
}

/// Each player's side, if the board-by-board count takes the matchup at all: a flop or more, 2
/// to [`MAX_PLAYERS`] players, at most [`MAX_WEIGHTS`] weights in a range and
/// [`MAX_WEIGHT_TUPLES`] combinations of them.
fn sides(matchup: &RangeMatchup) -> Option<Vec<Side>> {
    sizes(matchup)?;
    let out: CardSet = matchup.board.iter().chain(&matchup.dead).copied().collect();
    let sides = matchup.ranges.iter();
    Some(sides.map(|range| Side::new(range.combos(), out)).collect())
}

/// Each player's number of combos off the board and dead cards, if the board-by-board count
/// takes the matchup (see [`sides`](fn@sides)).
fn sizes(matchup: &RangeMatchup) -> Option<Vec<usize>> {
    if !(2..=MAX_PLAYERS).contains(&matchup.ranges.len()) || matchup.board.len() < 3 {
        return None;
    }
    let out: CardSet = matchup.board.iter().chain(&matchup.dead).copied().collect();
    let mut tuples = 1;
    let mut sizes = Vec::with_capacity(matchup.ranges.len());
    for range in &matchup.ranges {
        let mut weights = Vec::new();
        let mut size = 0;
        for &(combo, weight) in range.combos() {
            if combo.iter().any(|&card| out.contains(card)) {
                continue;
            }
            size += 1;
            weight_tier(&mut weights, weight);
            if weights.len() > MAX_WEIGHTS {
                return None;
            }
        }
        tuples *= weights.len().max(1);
        sizes.push(size);
    }
    (tuples <= MAX_WEIGHT_TUPLES).then_some(sizes)
}

/// Whether the board-by-board count takes the matchup at all (see [`sides`](fn@sides)).
#[cfg(any(fuzzing, test))]
pub(crate) fn takes(matchup: &RangeMatchup) -> bool {
    sides(matchup).is_some()
}
/// Counts a matchup with a flop or more board by board (see [`cost`]): the totals counting deal
/// by deal gives, to the last unit.
pub(crate) fn by_board(
    matchup: &RangeMatchup,
    threads: Threads,
    progress: &dyn Progress,
) -> Result<Totals, EquityError> {
    let players = matchup.ranges.len();
    let out: CardSet = matchup.board.iter().chain(&matchup.dead).copied().collect();
    if let Some(count) = HandAgainstRange::of(matchup) {
        // At most 1,081 boards of 91 pairs of ranks: a millisecond on one thread.
        return count.count(matchup, progress);
    }
    if let Some(duel) = Duel::of(matchup) {
        return duel.count(matchup, threads, progress);
    }
    let deck: Vec<Card> = (!out).into_iter().collect();
    let boards = completions(&deck, 5 - matchup.board.len());
    let sides = sides(matchup).unwrap_or_else(|| {
        panic!(
            "counted board by board: a flop or more, 2 to {MAX_PLAYERS} players, at most \
             {MAX_WEIGHT_TUPLES} combinations of weights"
        )
    });
    let sizes: Vec<usize> = sides.iter().map(|side| side.entries.len()).collect();
    let parts = Parts::of(&sizes);
    let tuples = Tuples::new(&sides);
    let outer = OuterDeals::new(&sides, &parts.outer, &tuples);
    // The cards whose counts the sweeps read: those of the sweeping and the outer players.
    let taken_away: CardSet = parts
        .outer
        .iter()
        .chain([&parts.sweeping])
        .flat_map(|&player| &sides[player].entries)
        .fold(CardSet::EMPTY, |cards, entry| cards | entry.set);
    let groups = Groups::new(&sides[parts.last], taken_away);
    let count = Count {
        flop: matchup.board.iter().copied().collect(),
        sides: &sides,
        parts: &parts,
        outer: &outer,
        groups: &groups,
        tuples: &tuples,
        tie_denominator: tie_denominator(players),
    };
    let (deals, first_deals) = count.deals();

    let board = Hand::from_cards(&matchup.board);
    let chunks = boards.len().div_ceil(CHUNK);
    // A few bands of chunks per thread, each with its own sums: whole numbers, added in any
    // order.
    let bands = chunks.min(4 * threads.get());
    let done = AtomicUsize::new(0);
    let counted: Vec<Result<Sums, EquityError>> = map_on_threads(bands, threads, |band| {
        let mut sums = Sums::new(players, tuples.len(), sizes[0]);
        let mut scratch = Scratch::new(&sides, &parts, &groups);
        for chunk in (band..chunks).step_by(bands) {
            if progress.is_cancelled() {
                return Err(EquityError::Cancelled);
            }
            for added in &boards[chunk * CHUNK..boards.len().min((chunk + 1) * CHUNK)] {
                count.board(board, *added, &mut scratch, &mut sums);
            }
            let finished = done.fetch_add(1, Ordering::Relaxed) + 1;
            progress.report(finished as f64 / chunks as f64);
        }
        Ok(sums)
    });
    let mut sums = Sums::new(players, tuples.len(), sizes[0]);
    for band in counted {
        sums.add(&band?);
    }

    // Every deal is counted over the same number of boards: those that miss its hole cards.
    let (mut all, mut by_first_combo) = no_counts(matchup);
    for (number, &weight) in tuples.products.iter().enumerate() {
        if deals[number] > 0 {
            all.add_totals(
                weight,
                deals[number],
                &sums.wins[number * players..][..players],
                &sums.tie_units[number * players..][..players],
            );
        }
        for (first, entry) in sides[0].entries.iter().enumerate() {
            let at = first * tuples.len() + number;
            if first_deals[at] > 0 {
                by_first_combo[entry.place].add_totals(
                    weight,
                    first_deals[at],
                    &[sums.first_wins[at]],
                    &[sums.first_tie_units[at]],
                );
            }
        }
    }
    let deals = deals.iter().map(|&deals| u128::from(deals)).sum();
    Ok(Totals {
        all,
        by_first_combo,
        deals,
        distinct_deals: deals,
    })
}
/// Every way to add `missing` (0, 1 or 2) cards of `deck` to the board.
fn completions(deck: &[Card], missing: usize) -> Vec<CardSet> {
    match missing {
        0 => vec![CardSet::EMPTY],
        1 => deck.iter().map(|&card| CardSet::of(card)).collect(),
        2 => deck
            .iter()
            .enumerate()
            .flat_map(|(index, &first)| {
                deck[index + 1..]
                    .iter()
                    .map(move |&second| [first, second].into_iter().collect())
            })
            .collect(),
        _ => unreachable!("a flop or more is on the board"),
    }
}
