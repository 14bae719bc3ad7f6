//! Running counts of boards: who won each, credited as wins and as whole units of split pots.

use arrayvec::ArrayVec;
use cards_core::{Hand, HandValue};

use crate::matchup::board_counts::BoardCounts;

/// Running counts for a share of the boards.
#[derive(Clone, Debug)]
pub(crate) struct Tally {
    pub(crate) boards: u64,
    pub(crate) wins: Vec<u64>,
    pub(crate) tie_units: Vec<u64>,
    /// For two to [`MASK_HISTOGRAM_PLAYERS`] players: how many boards each set of winners
    /// (bit `p` for player `p`) won, credited to `wins` and `tie_units` by [`Tally::settle`].
    /// Empty otherwise.
    winner_sets: Vec<u64>,
}

/// The most players a hand can seat: two hole cards each and five board cards from 52.
pub(crate) const MAX_PLAYERS: usize = 23;

/// Up to this many players (a 32 KiB histogram), boards are tallied by their set of winners with
/// one increment and no branch; beyond it, board by board.
const MASK_HISTOGRAM_PLAYERS: usize = 12;

impl Tally {
    pub(crate) fn new(players: usize) -> Tally {
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
    pub(crate) fn add(&mut self, other: &Tally) {
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
    pub(crate) fn count(
        &mut self,
        bases: &[Hand],
        prefix: Hand,
        tails: &[Hand],
        tie_denominator: u64,
    ) {
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
        let mut hands: ArrayVec<Hand, MAX_PLAYERS> = ArrayVec::new();
        for base in bases {
            hands.push(base.combine(prefix));
        }
        if self.winner_sets.is_empty() {
            for &tail in tails {
                self.credit(winners(&hands, tail), 1, tie_denominator);
            }
        } else {
            for &tail in tails {
                self.winner_sets[winners(&hands, tail) as usize] += 1;
            }
        }
    }

    /// Records `boards` boards won by the set of players `winners`.
    #[inline]
    pub(crate) fn record(&mut self, winners: u32, boards: u64, tie_denominator: u64) {
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
    pub(crate) fn settle(&mut self, tie_denominator: u64) {
        let winner_sets = std::mem::take(&mut self.winner_sets);
        for (winners, &boards) in (0u32..).zip(&winner_sets) {
            if boards > 0 {
                self.credit(winners, boards, tie_denominator);
            }
        }
    }

    /// The settled counts as a result.
    pub(crate) fn into_counts(self, tie_denominator: u64) -> BoardCounts {
        debug_assert!(self.winner_sets.is_empty(), "settled before it is read");
        BoardCounts {
            boards: self.boards,
            wins: self.wins,
            tie_units: self.tie_units,
            tie_denominator,
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

/// The denominator of split-pot shares among `players` players: the least common multiple of 2
/// to `players`, so a pot split among any number of them is a whole number of units each.
pub(crate) fn tie_denominator(players: usize) -> u64 {
    (2..=players as u64).fold(1, lcm)
}

fn lcm(a: u64, b: u64) -> u64 {
    fn gcd(a: u64, b: u64) -> u64 {
        if b == 0 { a } else { gcd(b, a % b) }
    }
    a / gcd(a, b) * b
}
