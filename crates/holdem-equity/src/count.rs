//! Counting wins and split pots over every remaining board.

use cards_core::holdem::for_each_hand_chunk;
use cards_core::{Card, CardSet, Hand, HandValue};

use judge_io::{Threads, map_on_threads};

use crate::Matchup;
use crate::by_ranks::RankCounting;

/// A matchup's exact result over every board that can still come.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Equity {
    /// How many boards were enumerated.
    pub boards: u64,
    /// Boards each player wins alone.
    pub wins: Vec<u64>,
    /// Each player's shares of split pots, in units of `1 / tie_denominator` of a pot.
    pub tie_units: Vec<u64>,
    /// The denominator of `tie_units`: the least common multiple of 2 to the number of players,
    /// so every share of a pot split between any number of them is a whole number of units.
    pub tie_denominator: u64,
}

impl Equity {
    /// Player `player`'s split-pot shares, in pots.
    pub fn ties(&self, player: usize) -> f64 {
        self.tie_units[player] as f64 / self.tie_denominator as f64
    }

    /// Player `player`'s equity: the share of all pots they win, in percent.
    pub fn percent(&self, player: usize) -> f64 {
        let units = u128::from(self.wins[player]) * u128::from(self.tie_denominator)
            + u128::from(self.tie_units[player]);
        let total = u128::from(self.boards) * u128::from(self.tie_denominator);
        if total == 0 {
            0.0
        } else {
            units as f64 * 100.0 / total as f64
        }
    }
}

/// Counts every board that completes the matchup's board, on up to `threads` threads.
pub fn equity(matchup: &Matchup, threads: Threads) -> Equity {
    let players = matchup.players.len();
    let tie_denominator = (2..=players as u64).fold(1, lcm);
    let board = Hand::from_cards(&matchup.board);
    // Each player's hole cards with the board so far.
    let bases: Vec<Hand> = matchup
        .players
        .iter()
        .map(|hole| Hand::from_cards(hole).combine(board))
        .collect();
    let available = matchup.remaining_deck();
    let missing = 5 - matchup.board.len();
    let total = if missing == 0 {
        let mut total = Tally::new(players);
        total.count(&bases, Hand::EMPTY, &[Hand::EMPTY], tie_denominator);
        total.settle(tie_denominator);
        total
    } else if available.len() < missing {
        Tally::new(players)
    } else if let Some(counting) =
        RankCounting::new(&matchup.players, &matchup.board, &available, missing)
    {
        by_ranks(&counting, &bases, tie_denominator)
    } else {
        by_dealing(&bases, &available, missing, threads, tie_denominator)
    };
    Equity {
        boards: total.boards,
        wins: total.wins,
        tie_units: total.tie_units,
        tie_denominator,
    }
}

/// Counts the boards in groups of equal hand values (see [`RankCounting`]), on this thread: the
/// groups are few enough that threads would cost more than they save.
fn by_ranks(counting: &RankCounting, bases: &[Hand], tie_denominator: u64) -> Tally {
    let mut tally = Tally::new(bases.len());
    counting.for_each_group(bases, |winners, boards| {
        tally.boards += boards;
        tally.record(winners, boards, tie_denominator);
    });
    tally.settle(tie_denominator);
    tally
}

/// Deals every board of `missing` cards from `available`, split across `threads` threads by the
/// board's lowest card.
fn by_dealing(
    bases: &[Hand],
    available: &[Card],
    missing: usize,
    threads: Threads,
    tie_denominator: u64,
) -> Tally {
    let players = bases.len();
    // Split the boards by their lowest card into one share a thread, the lowest cards dealt
    // round the shares so each gets a mix of the big early groups and the small late ones.
    let shares = threads.get().min(available.len());
    let first_cards = available.len() + 1 - missing;
    let count_share = |share: usize| {
        let mut tally = Tally::new(players);
        for first in (share..first_cards).step_by(shares) {
            let rest: CardSet = available[first + 1..].iter().copied().collect();
            let prefix = Hand::EMPTY + available[first];
            for_each_hand_chunk(prefix, rest, missing - 1, |prefix, tails| {
                tally.count(bases, prefix, tails, tie_denominator);
            });
        }
        tally.settle(tie_denominator);
        tally
    };
    // On one thread nothing is spawned (judges may forbid threads).
    let mut total = Tally::new(players);
    for tally in map_on_threads(shares, threads, count_share) {
        total.add(&tally);
    }
    total
}

/// Running counts for a share of the boards.
#[derive(Clone, Debug)]
struct Tally {
    boards: u64,
    wins: Vec<u64>,
    tie_units: Vec<u64>,
    /// For two to [`MASK_HISTOGRAM_PLAYERS`] players: how many boards each set of winners
    /// (bit `p` for player `p`) won, credited to `wins` and `tie_units` by [`Tally::settle`].
    /// Empty otherwise.
    winner_sets: Vec<u64>,
}

/// The most players a hand can seat: two hole cards each and five board cards from 52.
const MAX_PLAYERS: usize = 23;

/// Up to this many players (a 32 KiB histogram), boards are tallied by their set of winners with
/// one increment and no branch; beyond it, board by board.
const MASK_HISTOGRAM_PLAYERS: usize = 12;

impl Tally {
    fn new(players: usize) -> Tally {
        let histogram = if (2..=MASK_HISTOGRAM_PLAYERS).contains(&players) {
            1 << players
        } else {
            0
        };
        Tally {
            boards: 0,
            wins: vec![0; players],
            tie_units: vec![0; players],
            winner_sets: vec![0; histogram],
        }
    }

    /// Adds the counts of `other`, which has been settled.
    fn add(&mut self, other: &Tally) {
        debug_assert!(
            other.winner_sets.is_empty(),
            "tallies are settled before adding"
        );
        self.boards += other.boards;
        for (mine, theirs) in self.wins.iter_mut().zip(&other.wins) {
            *mine += theirs;
        }
        for (mine, theirs) in self.tie_units.iter_mut().zip(&other.tie_units) {
            *mine += theirs;
        }
    }

    /// Counts the boards `prefix` + each of `tails` for players holding `bases`.
    #[inline]
    fn count(&mut self, bases: &[Hand], prefix: Hand, tails: &[Hand], tie_denominator: u64) {
        self.boards += tails.len() as u64;
        if let [first, second] = bases {
            // Two players: no branches, just two counts; the rest of the boards are split.
            let (first, second) = (first.combine(prefix), second.combine(prefix));
            let (mut first_wins, mut second_wins) = (0u64, 0u64);
            for &tail in tails {
                let first_value = first.combine(tail).evaluate();
                let second_value = second.combine(tail).evaluate();
                first_wins += u64::from(first_value > second_value);
                second_wins += u64::from(second_value > first_value);
            }
            let split = tails.len() as u64 - first_wins - second_wins;
            self.wins[0] += first_wins;
            self.wins[1] += second_wins;
            // Two players share in halves: a split pot is one unit each.
            debug_assert_eq!(tie_denominator, 2);
            self.tie_units[0] += split;
            self.tie_units[1] += split;
            return;
        }
        let mut hands = [Hand::EMPTY; MAX_PLAYERS];
        for (hand, base) in hands.iter_mut().zip(bases) {
            *hand = base.combine(prefix);
        }
        let hands = &hands[..bases.len()];
        if self.winner_sets.is_empty() {
            for &tail in tails {
                self.credit(winners(hands, tail), 1, tie_denominator);
            }
        } else {
            for &tail in tails {
                self.winner_sets[winners(hands, tail) as usize] += 1;
            }
        }
    }

    /// Records `boards` boards won by the set of players `winners`.
    #[inline]
    fn record(&mut self, winners: u32, boards: u64, tie_denominator: u64) {
        if self.winner_sets.is_empty() {
            self.credit(winners, boards, tie_denominator);
        } else {
            self.winner_sets[winners as usize] += boards;
        }
    }

    /// Credits `boards` boards won by the set of players `winners`: a win when it is one player,
    /// else an equal share of each pot to each of them.
    fn credit(&mut self, winners: u32, boards: u64, tie_denominator: u64) {
        if winners.is_power_of_two() {
            self.wins[winners.trailing_zeros() as usize] += boards;
        } else {
            let share = boards * (tie_denominator / u64::from(winners.count_ones()));
            for player in players_in(winners) {
                self.tie_units[player] += share;
            }
        }
    }

    /// Credits the boards counted by their set of winners; afterwards `wins` and `tie_units`
    /// hold everything.
    fn settle(&mut self, tie_denominator: u64) {
        let winner_sets = std::mem::take(&mut self.winner_sets);
        for (winners, &boards) in (0u32..).zip(&winner_sets) {
            if boards > 0 {
                self.credit(winners, boards, tie_denominator);
            }
        }
    }
}

/// The set of players (bit `p` for player `p`) whose hand is best on the board `tail`.
#[inline]
fn winners(hands: &[Hand], tail: Hand) -> u32 {
    winner_set(hands.iter().map(|hand| hand.combine(tail).evaluate()))
}

/// The set of players (bit `p` for the `p`-th value) with the best of `values`, found without a
/// branch that depends on the values.
#[inline]
pub(crate) fn winner_set(values: impl Iterator<Item = HandValue>) -> u32 {
    let (mut best, mut winners) = (HandValue::LOWEST, 0u32);
    for (value, bit) in values.zip((0..u32::BITS).map(|player| 1u32 << player)) {
        let (better, equal) = (u32::from(value > best), u32::from(value == best));
        // All ones when the hand is better: the set starts again from this player alone.
        winners = (winners & (better.wrapping_sub(1))) | (bit & (better | equal).wrapping_neg());
        best = best.max(value);
    }
    winners
}

/// The indices of the set bits of `bits`, lowest first.
fn players_in(bits: u32) -> impl Iterator<Item = usize> {
    (0..u32::BITS as usize).filter(move |&index| bits >> index & 1 == 1)
}

fn lcm(a: u64, b: u64) -> u64 {
    fn gcd(a: u64, b: u64) -> u64 {
        if b == 0 { a } else { gcd(b, a % b) }
    }
    a / gcd(a, b) * b
}

#[cfg(test)]
mod tests {
    use cards_core::{Card, Hand};
    use judge_io::Threads;
    use seeded_rng::SeededRng;

    use super::{RankCounting, by_dealing, by_ranks, lcm};

    /// Counting by ranks gives exactly what dealing every board gives, wherever it applies:
    /// preflop, flops and turns, two to nine players, dead cards.
    #[test]
    fn counting_by_ranks_matches_dealing_every_board() {
        let mut rng = SeededRng::new(41);
        let mut deck = Card::ALL;
        let (mut compared, mut preflop) = (0, 0);
        for round in 0..400 {
            rng.shuffle(&mut deck);
            let players = 2 + rng.index(8);
            let board_cards = [0, 3, 4][round % 3];
            // Preflop is a million boards and more: only a few of those. (Rivers leave nothing to
            // count.)
            if board_cards == 0 && round % 30 != 0 {
                continue;
            }
            let mut cards = deck.iter().copied();
            let holes: Vec<[Card; 2]> = (0..players)
                .map(|_| [cards.next().unwrap(), cards.next().unwrap()])
                .collect();
            let board: Vec<Card> = cards.by_ref().take(board_cards).collect();
            let dead = rng.index(3);
            let available: Vec<Card> = cards.skip(dead).collect();
            let missing = 5 - board_cards;
            let Some(counting) = RankCounting::new(&holes, &board, &available, missing) else {
                continue;
            };
            let bases: Vec<Hand> = holes
                .iter()
                .map(|hole| Hand::from_cards(hole).combine(Hand::from_cards(&board)))
                .collect();
            let denominator = (2..=players as u64).fold(1, lcm);
            let ranks = by_ranks(&counting, &bases, denominator);
            let dealt = by_dealing(&bases, &available, missing, Threads::ONE, denominator);
            assert_eq!(
                (ranks.boards, &ranks.wins, &ranks.tie_units),
                (dealt.boards, &dealt.wins, &dealt.tie_units),
                "{holes:?} {board:?}"
            );
            compared += 1;
            preflop += usize::from(board_cards == 0);
        }
        assert!(
            compared > 150 && preflop > 0,
            "{compared} compared, {preflop} preflop"
        );
    }
}
