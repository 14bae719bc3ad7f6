//! Counting the boards to come by their ranks, and looking at suits only where somebody can make
//! a flush.
//!
//! On a board where no player can make a flush, only the ranks matter: every such board with the
//! same ranks is counted with one evaluation per player. A flush in suit `s` needs `t_s` more
//! cards of `s` on the board (five, less the board's and the best-suited player's cards of `s`).
//! When no two suits can both reach their `t` among the cards to come, each board is
//! flush-relevant for at most one suit, and the boards with ranks `M` split exactly into
//!
//! * for each suit `s` and each `k` from `t_s` on: the boards holding `k` cards of `s`. Who has a
//!   flush on them depends on `k` alone; when it is one player and nobody else has a full house
//!   or four of a kind by the ranks, that player wins them all, however many they are. Otherwise
//!   they are split further by which ranks' cards of `s` they hold, and each such group is
//!   valued once with its flushes; and
//! * the rest, on which nobody can make a flush, valued by ranks alone.
//!
//! The ranks are chosen rank by rank, and the number of boards with `k` cards of each suit is
//! carried along, so the choices shared by many boards are counted once. For AS KS against QD QC
//! preflop that is 6,061 sets of ranks instead of 1,712,304 boards.

use arrayvec::ArrayVec;
use cards_core::{Card, Hand, HandCategory, HandValue, Suit};

/// Numbers of boards by suit and by how many cards of the suit they hold, `k`: lane `8 s + k`
/// for suit `s` (eight lanes a suit, not six, so whole vector registers do the arithmetic).
type BySuitCount = [u16; 32];

/// The lane of suit `suit` and `k` cards of it.
const fn lane(suit: usize, k: usize) -> usize {
    8 * suit + k
}

/// What the deck still holds of each rank, ready for building boards.
struct Deck {
    /// Cards left of each rank.
    count: [usize; 13],
    /// The first `k` cards left of each rank, as a hand, by rank and `k`.
    first: [[Hand; 5]; 13],
    /// How many ways to take `k` of the cards left of a rank, by rank, `k` and suit: without
    /// its card of the suit, and with it (zero when that card is not left).
    ways: [[[Ways; 4]; 5]; 13],
}

/// Ways to take some cards of one rank: without its card of one suit, and with it.
#[derive(Clone, Copy, Default)]
struct Ways {
    without: u16,
    with: u16,
}

impl Deck {
    fn new(available: &[Card]) -> Deck {
        let mut deck = Deck {
            count: [0; 13],
            first: [[Hand::EMPTY; 5]; 13],
            ways: [[[Ways::default(); 4]; 5]; 13],
        };
        let mut suits_left = [[false; 4]; 13];
        for &card in available {
            let (rank, suit) = (card.rank() as usize, card.suit() as usize);
            deck.count[rank] += 1;
            deck.first[rank][deck.count[rank]] = deck.first[rank][deck.count[rank] - 1] + card;
            suits_left[rank][suit] = true;
        }
        for (rank, suits_left) in suits_left.iter().enumerate() {
            for copies in 0..=deck.count[rank] {
                for (suit, &left) in suits_left.iter().enumerate() {
                    let outside = deck.count[rank] - usize::from(left);
                    deck.ways[rank][copies][suit] = Ways {
                        without: choose(outside, copies),
                        with: if left && copies > 0 {
                            choose(outside, copies - 1)
                        } else {
                            0
                        },
                    };
                }
            }
        }
        deck
    }
}

/// The boards with the ranks chosen so far.
#[derive(Clone, Copy)]
struct Partial {
    /// One board with those ranks.
    board: Hand,
    /// How many boards have them (at most 4^5: `u16` holds them).
    boards: u16,
    /// How many of them hold `k` cards of each suit.
    by_suit_count: BySuitCount,
}

impl Partial {
    const NONE: Partial = Partial {
        board: Hand::EMPTY,
        boards: 1,
        by_suit_count: {
            let mut none = [0; 32];
            let mut suit = 0;
            while suit < 4 {
                none[lane(suit, 0)] = 1;
                suit += 1;
            }
            none
        },
    };

    /// The boards with `copies` cards of `rank` more.
    #[inline]
    fn with(&self, deck: &Deck, rank: usize, copies: usize) -> Partial {
        let ways = &deck.ways[rank][copies];
        let now = &self.by_suit_count;
        // Each suit's counts times `without + with x`: the lane below holds `k - 1` cards of the
        // suit (lane 7 of a suit is always zero, so nothing crosses from one suit to the next).
        let mut below = [0; 32];
        below[1..].copy_from_slice(&now[..31]);
        let mut by_suit_count = [0; 32];
        for lane in 0..32 {
            let Ways { without, with } = ways[lane / 8];
            by_suit_count[lane] = now[lane] * without + below[lane] * with;
        }
        Partial {
            board: self.board.combine(deck.first[rank][copies]),
            boards: self.boards * choose(deck.count[rank], copies),
            by_suit_count,
        }
    }
}

/// The boards still to come, counted as described in the module comment.
pub(crate) struct RankCounting {
    deck: Deck,
    /// Cards of each suit the board still needs for somebody's flush; `None` when no board can
    /// give one.
    needed: [Option<usize>; 4],
    missing: usize,
}

impl RankCounting {
    /// The counting for players holding `holes`, a board `board` so far and the cards `available`
    /// for the `missing` board cards; `None` when one board could be flush-relevant for two
    /// suits (then every board must be dealt one by one).
    pub(crate) fn new(
        holes: &[[Card; 2]],
        board: &[Card],
        available: &[Card],
        missing: usize,
    ) -> Option<Self> {
        let mut needed = [None; 4];
        for suit in Suit::ALL {
            let of_suit = |cards: &[Card]| cards.iter().filter(|card| card.suit() == suit).count();
            let best_hole = holes.iter().map(|hole| of_suit(hole)).max().unwrap_or(0);
            let need = 5usize.saturating_sub(of_suit(board) + best_hole);
            if need <= missing {
                needed[suit as usize] = Some(need);
            }
        }
        let relevant: Vec<usize> = needed.iter().flatten().copied().collect();
        for (index, &first) in relevant.iter().enumerate() {
            if relevant[index + 1..]
                .iter()
                .any(|&second| first + second <= missing)
            {
                return None;
            }
        }
        Some(RankCounting {
            deck: Deck::new(available),
            needed,
            missing,
        })
    }

    /// Calls `count(values, lone_flush, boards)` for groups of boards on which the players'
    /// hands stand in the same order, given each player's hole cards with the board so far in
    /// `bases`. The groups add up to every board to come. `values` orders the players as their
    /// hands do on those boards, but where `lone_flush` has a player's bit: that player alone
    /// has a flush, which beats every other hand, and its value in `values` is by ranks alone
    /// (the value left for the caller to raise, not copied for it on every group).
    pub(crate) fn for_each_group(&self, bases: &[Hand], count: impl FnMut(&[HandValue], u32, u64)) {
        let suit_ranks: Vec<[u16; 4]> = bases
            .iter()
            .map(|base| Suit::ALL.map(|suit| base.cards().ranks_of_suit(suit)))
            .collect();
        // Who has a flush on the boards with `size` cards of `suit`, for each suit and size
        // that can give one.
        let mut flush_cases = Vec::new();
        for (suit, needed) in self.needed.iter().enumerate() {
            let Some(needed) = *needed else { continue };
            for size in needed..=self.missing {
                // One bit a player: their sum is the set.
                let flushers = suit_ranks
                    .iter()
                    .enumerate()
                    .map(|(player, suit_ranks)| {
                        u32::from(suit_ranks[suit].count_ones() as usize + size >= 5) << player
                    })
                    .sum();
                flush_cases.push(FlushCase {
                    suit,
                    size,
                    flushers,
                });
            }
        }
        let players = Players {
            bases,
            suit_ranks,
            flush_cases,
        };
        let mut walk = Walk {
            deck: &self.deck,
            players: &players,
            by_ranks: vec![HandValue::LOWEST; bases.len()],
            with_flushes: vec![HandValue::LOWEST; bases.len()],
            chosen: ArrayVec::new(),
            count,
        };
        walk.ranks(0, self.missing, &Partial::NONE);
    }
}

/// One walk through the boards' ranks, with its scratch space.
struct Walk<'a, F> {
    deck: &'a Deck,
    players: &'a Players<'a>,
    /// Each player's value by the ranks alone.
    by_ranks: Vec<HandValue>,
    /// Each player's value when the board's cards of one suit are known.
    with_flushes: Vec<HandValue>,
    /// The ranks chosen so far, each with how many cards of it: five at most, a board's.
    chosen: ArrayVec<(usize, usize), 5>,
    /// Called with each group's values and number of boards.
    count: F,
}

impl<F: FnMut(&[HandValue], u32, u64)> Walk<'_, F> {
    /// Chooses the ranks of the board's `left` remaining cards from `first` on, and how many
    /// cards of each.
    fn ranks(&mut self, first: usize, left: usize, partial: &Partial) {
        if left == 0 {
            self.count_ranks(partial);
            return;
        }
        for rank in first..13 {
            for copies in 1..=self.deck.count[rank].min(left) {
                let next = partial.with(self.deck, rank, copies);
                self.chosen.push((rank, copies));
                self.ranks(rank + 1, left - copies, &next);
                self.chosen.pop();
            }
        }
    }

    /// Counts the boards with exactly the chosen cards of each rank.
    fn count_ranks(&mut self, partial: &Partial) {
        let players = self.players;
        // Every player's value by ranks: each board with these ranks gives it unless it gives
        // the player a flush. Note who has a full house or four of a kind, which only a
        // straight flush beats.
        let mut strong = 0u32;
        for (player, (value, base)) in self.by_ranks.iter_mut().zip(players.bases).enumerate() {
            *value = base.combine(partial.board).evaluate_ignoring_flushes();
            strong |= u32::from(*value >= HandCategory::FullHouse.lowest_value()) << player;
        }
        let mut flush_relevant = 0;
        for case in &players.flush_cases {
            let boards = partial.by_suit_count[lane(case.suit, case.size)];
            if boards == 0 {
                continue;
            }
            flush_relevant += boards;
            // One flush against hands that are all worse than any flush: it wins them all, and
            // the others stand as their ranks put them.
            if case.flushers.is_power_of_two() && strong & !case.flushers == 0 {
                (self.count)(&self.by_ranks, case.flushers, u64::from(boards));
            } else {
                self.count_flushes(case);
            }
        }
        let rest = partial.boards - flush_relevant;
        if rest > 0 {
            (self.count)(&self.by_ranks, 0, u64::from(rest));
        }
    }

    /// Counts the boards with the chosen ranks and `size` of them in `suit`, by which ranks
    /// those are: the cards of `suit` of those ranks are on the board, the other cards of each
    /// rank come from the other suits.
    fn count_flushes(
        &mut self,
        &FlushCase {
            suit,
            size,
            flushers,
        }: &FlushCase,
    ) {
        let chosen = &self.chosen;
        // For each chosen rank: the ways to take its cards with its card of the suit, and
        // without.
        let mut ways = [Ways::default(); 5];
        for (ways, &(rank, copies)) in ways.iter_mut().zip(chosen.iter()) {
            *ways = self.deck.ways[rank][copies][suit];
        }
        // Every set of `size` positions; those with a rank whose card of the suit is gone come to
        // no board.
        for &set in &SUBSETS_OF_SIZE[size][chosen.len()] {
            if set == NO_SUBSET {
                break;
            }
            let (mut boards, mut set_ranks) = (1u16, 0u16);
            for (index, (&(rank, _), ways)) in chosen.iter().zip(&ways).enumerate() {
                if set >> index & 1 == 1 {
                    boards *= ways.with;
                    set_ranks |= 1 << rank;
                } else {
                    boards *= ways.without;
                }
            }
            if boards == 0 {
                continue;
            }
            for (player, (value, &by_ranks)) in
                self.with_flushes.iter_mut().zip(&self.by_ranks).enumerate()
            {
                *value = if flushers >> player & 1 == 1 {
                    Hand::evaluate_flush(self.players.suit_ranks[player][suit] | set_ranks)
                } else {
                    by_ranks
                };
            }
            (self.count)(&self.with_flushes, 0, u64::from(boards));
        }
    }
}

/// The players, as the counting reads them.
struct Players<'a> {
    /// Each player's hole cards with the board so far.
    bases: &'a [Hand],
    /// The ranks of each suit in each base, by player and suit.
    suit_ranks: Vec<[u16; 4]>,
    /// The suits and numbers of their cards on the board that give somebody a flush.
    flush_cases: Vec<FlushCase>,
}

/// The boards with `size` cards of `suit` among those to come, and who has a flush on them.
struct FlushCase {
    suit: usize,
    size: usize,
    /// The players with a flush, as bits.
    flushers: u32,
}

/// Marks the end of a list in [`SUBSETS_OF_SIZE`].
const NO_SUBSET: u8 = u8::MAX;

/// For each size (0 to 5) and number of positions (0 to 5), every set of that many of the
/// positions (as bits), ended by [`NO_SUBSET`] when fewer than ten.
const SUBSETS_OF_SIZE: [[[u8; 10]; 6]; 6] = {
    let mut table = [[[NO_SUBSET; 10]; 6]; 6];
    let mut positions = 0;
    while positions < 6 {
        let mut found = [0usize; 6];
        let mut subset = 0u8;
        while subset < 1 << positions {
            let size = subset.count_ones() as usize;
            table[size][positions][found[size]] = subset;
            found[size] += 1;
            subset += 1;
        }
        positions += 1;
    }
    table
};

/// `n` choose `k`, for `n` up to 4: how many ways to take `k` of the cards left of one rank.
fn choose(n: usize, k: usize) -> u16 {
    const TABLE: [[u16; 5]; 5] = [
        [1, 0, 0, 0, 0],
        [1, 1, 0, 0, 0],
        [1, 2, 1, 0, 0],
        [1, 3, 3, 1, 0],
        [1, 4, 6, 4, 1],
    ];
    TABLE[n][k]
}
