//! Counting wins and split pots over every remaining board.

use cards_core::holdem::for_each_hand_chunk;
use cards_core::{CardSet, Hand, HandValue};

use judge_io::Threads;

use crate::Matchup;

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
    let mut total = Tally::new(players);
    if missing == 0 {
        total.count(&bases, Hand::EMPTY, &[Hand::EMPTY], tie_denominator);
    } else if available.len() >= missing {
        // Split the boards by their lowest card, dealt round the threads so each gets a mix of
        // the big early groups and the small late ones.
        let threads = threads.get().min(available.len());
        let first_cards = available.len() + 1 - missing;
        let tallies: Vec<Tally> = std::thread::scope(|scope| {
            let handles: Vec<_> = (0..threads)
                .map(|thread| {
                    let (bases, available) = (&bases, &available);
                    scope.spawn(move || {
                        let mut tally = Tally::new(players);
                        for first in (thread..first_cards).step_by(threads) {
                            let rest: CardSet = available[first + 1..].iter().copied().collect();
                            let prefix = Hand::EMPTY + available[first];
                            for_each_hand_chunk(prefix, rest, missing - 1, |prefix, tails| {
                                tally.count(bases, prefix, tails, tie_denominator);
                            });
                        }
                        tally
                    })
                })
                .collect();
            handles
                .into_iter()
                .map(|handle| {
                    handle
                        .join()
                        .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
                })
                .collect()
        });
        for tally in tallies {
            total.add(&tally);
        }
    }
    Equity {
        boards: total.boards,
        wins: total.wins,
        tie_units: total.tie_units,
        tie_denominator,
    }
}

/// Running counts for a share of the boards.
#[derive(Clone, Debug)]
struct Tally {
    boards: u64,
    wins: Vec<u64>,
    tie_units: Vec<u64>,
}

impl Tally {
    fn new(players: usize) -> Tally {
        Tally {
            boards: 0,
            wins: vec![0; players],
            tie_units: vec![0; players],
        }
    }

    fn add(&mut self, other: &Tally) {
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
            self.tie_units[0] += split * (tie_denominator / 2);
            self.tie_units[1] += split * (tie_denominator / 2);
            return;
        }
        let hands: Vec<Hand> = bases.iter().map(|base| base.combine(prefix)).collect();
        let mut values = vec![HandValue::LOWEST; hands.len()];
        for &tail in tails {
            for (value, hand) in values.iter_mut().zip(&hands) {
                *value = hand.combine(tail).evaluate();
            }
            let best = *values.iter().max().expect("at least two players");
            let winners = values.iter().filter(|&&value| value == best).count();
            if winners == 1 {
                let winner = values
                    .iter()
                    .position(|&value| value == best)
                    .expect("a winner");
                self.wins[winner] += 1;
            } else {
                let share = tie_denominator / winners as u64;
                for (units, &value) in self.tie_units.iter_mut().zip(&values) {
                    if value == best {
                        *units += share;
                    }
                }
            }
        }
    }
}

fn lcm(a: u64, b: u64) -> u64 {
    fn gcd(a: u64, b: u64) -> u64 {
        if b == 0 { a } else { gcd(b, a % b) }
    }
    a / gcd(a, b) * b
}
