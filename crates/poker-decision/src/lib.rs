//! poker-decision: Alice and Bob each hold two cards and take turns picking from six community
//! cards, Alice first, three each; each ends with exactly their two cards and three picks. Who
//! wins when both play perfectly?
//!
//! The rules, the formats and the pitfalls are in `docs/problems/poker-decision.md` at the
//! repository's root. A case is a [`PickGame`] for `search-core`:
//! the position is which cards each player took, and the only values are win, draw and loss at
//! the end. Only C(6,3) = 20 splits of the community cards exist: each split's two showdowns
//! are evaluated exactly once per case, before the search.
//!
//! ```
//! use poker_decision::{Options, run};
//!
//! let input = b"1\nJC 4H\nTS 5D\nJS JH JD 4S 4C 4D\n";
//! assert_eq!(run(input, &Options::default()).unwrap(), b"Alice\n");
//! ```

#![forbid(unsafe_code)]

#[cfg(feature = "cli")]
pub mod cli;

use std::cmp::Ordering;
use std::fmt::Write as _;

use cards_core::{Card, Hand, in_display_order};
use judge_io::cards::DistinctCards;
use judge_io::{Input, InputError};
use search_core::{BitSet, BitSetIter, DenseMemo, Game, Solver, Step};

judge_io::problem_options! {
    /// After each answer, show one optimal line of picks and both final hands.
    explain: bool,
    /// Threads to use; the environment variable `JUDGE_THREADS` says the same when the option is
    /// absent, and the default is one per core.
    threads: work_threads::Threads [env = "JUDGE_THREADS", default_value_t],
}

/// One case: both players' private cards and the six community cards.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Case {
    /// Alice's two cards.
    pub alice: [Card; 2],
    /// Bob's two cards.
    pub bob: [Card; 2],
    /// The six community cards, in input order.
    pub community: [Card; 6],
}

/// Who wins a case.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Winner {
    /// Alice's hand is higher.
    Alice,
    /// Bob's hand is higher.
    Bob,
    /// The hands are equal.
    Draw,
}

impl Winner {
    /// The judge's word for the outcome.
    pub fn name(self) -> &'static str {
        match self {
            Winner::Alice => "Alice",
            Winner::Bob => "Bob",
            Winner::Draw => "Draw",
        }
    }
}

/// Parses `T` and then `T` cases of ten distinct cards each; line breaks do not matter.
pub fn parse(input: &[u8]) -> Result<Vec<Case>, InputError> {
    let mut reader = Input::new(input);
    let count = reader.next_usize("the number of cases")?;
    let mut cases = Vec::new();
    let mut distinct = DistinctCards::new();
    for _ in 0..count {
        distinct.clear();
        let mut cards = [Card::ALL[0]; 10];
        for (card, expected) in cards.iter_mut().zip(CARD_NAMES) {
            *card = distinct.next_card(&mut reader, expected)?;
        }
        cases.push(Case {
            alice: [cards[0], cards[1]],
            bob: [cards[2], cards[3]],
            community: [cards[4], cards[5], cards[6], cards[7], cards[8], cards[9]],
        });
    }
    reader.finish()?;
    Ok(cases)
}

/// The picking game of one case, for `search-core`.
///
/// A position is the set of community cards taken (bits 0 to 5, by input position) and the set
/// Alice took (bits 6 to 11). Alice moves when an even number of cards is taken.
///
/// The game counts as over once two cards are left, because nothing remains to search: Alice
/// takes whichever of the two serves her better and Bob gets the other (with one card left it
/// goes to Bob). Values are for the player to move: 1 for a win, 0 for a draw, -1 for a loss.
/// Stopping two picks early halves the positions the search visits.
#[derive(Clone, Debug)]
pub struct PickGame {
    /// Alice's result for each set of three community cards she may end with, by bit mask.
    showdown: [i8; 64],
}

/// All six community cards taken.
const ALL_TAKEN: u64 = 0b11_1111;

/// The twenty sets of three community cards, as bit masks and as indices.
const SPLITS: [(usize, [usize; 3]); 20] = {
    let mut splits = [(0, [0; 3]); 20];
    let mut next = 0;
    let mut mask: usize = 0;
    while mask < 64 {
        if mask.count_ones() == 3 {
            let mut indices = [0; 3];
            let (mut found, mut index) = (0, 0);
            while index < 6 {
                if mask >> index & 1 == 1 {
                    indices[found] = index;
                    found += 1;
                }
                index += 1;
            }
            splits[next] = (mask, indices);
            next += 1;
        }
        mask += 1;
    }
    splits
};

impl PickGame {
    /// The game of `case`, with all twenty showdowns evaluated once.
    ///
    /// They are evaluated together, up front: forty independent table lookups overlap their
    /// cache misses, which costs less than evaluating the few the search needs one at a time.
    pub fn new(case: &Case) -> PickGame {
        let alice = Hand::from_cards(&case.alice);
        // Bob with all six community cards; each split takes Alice's three back out.
        let bob_and_all = Hand::from_cards(&case.bob) + Hand::from_cards(&case.community);
        let mut showdown = [0i8; 64];
        for (mask, [i, j, k]) in SPLITS {
            let [x, y, z] = [case.community[i], case.community[j], case.community[k]];
            let alice_value = (alice + x + y + z).evaluate();
            let bob_value = bob_and_all.remove(x).remove(y).remove(z).evaluate();
            showdown[mask] = alice_value.cmp(&bob_value) as i8;
        }
        PickGame { showdown }
    }

    /// Whether Alice makes the next pick in `position`: when an even number of cards is taken.
    pub fn alice_to_move(position: u64) -> bool {
        taken_count(position).is_multiple_of(2)
    }

    /// The picks that finish a position with at most two cards left, as the terminal value
    /// assumes them: Alice's better card (the first on a tie), then Bob's last one.
    pub fn closing_picks(&self, position: u64) -> Vec<u32> {
        let untaken: Vec<u32> = BitSet(!position & ALL_TAKEN).iter().collect();
        let alice_picks = position >> 6 & 63;
        match untaken[..] {
            [first, second] => {
                let result = |card: u32| self.showdown(alice_picks | 1 << card);
                if result(second) > result(first) {
                    vec![second, first]
                } else {
                    vec![first, second]
                }
            }
            _ => untaken,
        }
    }

    /// Alice's result (1, 0 or -1) when she ends with the community cards in `alice_picks`.
    fn showdown(&self, alice_picks: u64) -> i8 {
        self.showdown[(alice_picks & 63) as usize]
    }
}

impl Game for PickGame {
    /// The cards taken and which of them Alice took, as bits.
    type Position = u64;
    /// The index of the community card picked.
    type Move = u32;
    type Moves = BitSetIter;

    #[inline]
    fn moves(&self, position: u64) -> BitSetIter {
        BitSet(!position & ALL_TAKEN).iter()
    }

    #[inline]
    fn play(&self, position: u64, card: u32) -> Step {
        let owner_bit = if Self::alice_to_move(position) {
            1 << (card + 6)
        } else {
            0
        };
        Step {
            position: position | 1 << card | owner_bit,
            reward: 0,
            mover_moves_again: false,
        }
    }

    #[inline]
    fn terminal_value(&self, position: u64) -> Option<i32> {
        let alice_picks = position >> 6 & 63;
        let untaken = !position & ALL_TAKEN;
        match taken_count(position) {
            6 => Some(i32::from(self.showdown(alice_picks))),
            // Bob takes the last card; the value is his.
            5 => Some(-i32::from(self.showdown(alice_picks))),
            // Alice takes the better of the last two.
            4 => {
                let lower = untaken & untaken.wrapping_neg();
                let higher = untaken ^ lower;
                let result = |card: u64| self.showdown(alice_picks | card);
                Some(i32::from(result(lower).max(result(higher))))
            }
            _ => None,
        }
    }

    fn value_bounds(&self, _position: u64) -> Option<(i32, i32)> {
        Some((-1, 1))
    }
}

/// How many community cards `position` has taken.
fn taken_count(position: u64) -> u32 {
    // A table, because counting bits without the POPCNT instruction of newer CPUs takes a dozen
    // instructions, and this runs at every position the search visits.
    #[expect(clippy::cast_possible_truncation, reason = "at most six bits are set")]
    const COUNT: [u8; 64] = {
        let mut count = [0; 64];
        let mut taken = 0;
        while taken < 64 {
            count[taken] = taken.count_ones() as u8;
            taken += 1;
        }
        count
    };
    u32::from(COUNT[(position & ALL_TAKEN) as usize])
}

/// Solves cases one after another, reusing one memo.
#[derive(Clone, Debug)]
pub struct CaseSolver {
    solver: Solver<DenseMemo>,
}

impl Default for CaseSolver {
    fn default() -> Self {
        // Positions use 12 bits: six for the cards taken, six for Alice's.
        CaseSolver {
            solver: Solver::new(DenseMemo::new(12)),
        }
    }
}

impl CaseSolver {
    /// Who wins `case` with perfect play.
    pub fn winner(&mut self, case: &Case) -> Winner {
        let game = PickGame::new(case);
        self.solver.reset();
        winner_of(self.solver.value(&game, 0))
    }

    /// Who wins `case`, and the lines that justify it (see [`Options::explain`]).
    pub fn explain(&mut self, case: &Case) -> (Winner, String) {
        let game = PickGame::new(case);
        self.solver.reset();
        let mut solution = self.solver.solve(&game, 0);
        // The line stops where the game is decided; the closing picks complete it.
        let decided = game_end(&game, &solution.line);
        solution.line.extend(game.closing_picks(decided));
        let mut lines = String::from(
            "  one optimal line of picks (A: Alice, B: Bob), then both hands as they end:\n  picks:",
        );
        let mut position = 0;
        for &card in &solution.line {
            let player = if PickGame::alice_to_move(position) {
                'A'
            } else {
                'B'
            };
            write!(lines, " {player}:{}", case.community[card as usize]).unwrap();
            position = game.play(position, card).position;
        }
        for (name, private, alice) in [("Alice", case.alice, true), ("Bob", case.bob, false)] {
            // The five cards: the private two, then the picks in the order they were made.
            let mut five = [private[0], private[1], private[0], private[0], private[0]];
            let mut next = 2;
            let alice_picks = position >> 6;
            for &card in &solution.line {
                if (alice_picks >> card & 1 == 1) == alice {
                    five[next] = case.community[card as usize];
                    next += 1;
                }
            }
            let category = Hand::from_cards(&five).evaluate().category();
            let shown: Vec<String> = in_display_order(five).iter().map(Card::to_string).collect();
            write!(lines, "\n  {name}: {} ({category})", shown.join(" ")).unwrap();
        }
        (winner_of(solution.value), lines)
    }
}

/// The position `line` leads to from the start.
fn game_end(game: &PickGame, line: &[u32]) -> u64 {
    line.iter()
        .fold(0, |position, &card| game.play(position, card).position)
}

fn winner_of(value: i32) -> Winner {
    match value.cmp(&0) {
        Ordering::Greater => Winner::Alice,
        Ordering::Equal => Winner::Draw,
        Ordering::Less => Winner::Bob,
    }
}

/// Parses `input`, solves every case and returns the whole output; nothing is produced unless
/// the whole input is valid.
pub fn run(input: &[u8], options: &Options) -> Result<Vec<u8>, InputError> {
    let cases = parse(input)?;
    Ok(work_threads::answer_in_parallel(
        &cases,
        options.threads,
        CaseSolver::default,
        |solver, case, output| {
            if options.explain {
                let (winner, lines) = solver.explain(case);
                output.extend_from_slice(winner.name().as_bytes());
                output.push(b'\n');
                output.extend_from_slice(lines.as_bytes());
            } else {
                output.extend_from_slice(solver.winner(case).name().as_bytes());
            }
            output.push(b'\n');
        },
    ))
}

/// What each of a case's ten cards is, for error messages.
const CARD_NAMES: [&str; 10] = [
    "Alice's first card",
    "Alice's second card",
    "Bob's first card",
    "Bob's second card",
    "the first community card",
    "the second community card",
    "the third community card",
    "the fourth community card",
    "the fifth community card",
    "the sixth community card",
];
