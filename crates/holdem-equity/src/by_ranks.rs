//! Counting the boards to come by their ranks, and dealing out one by one only the boards on
//! which somebody can make a flush.
//!
//! On a board where no player can make a flush, only the ranks matter: every such board with the
//! same ranks is counted with one evaluation per player. A flush in suit `s` needs `t_s` more
//! cards of `s` on the board (five, less the board's and the best-suited player's cards of `s`).
//! When no two suits can both reach their `t` among the cards to come, each board is
//! flush-relevant for at most one suit, and the boards with ranks `M` split exactly into
//!
//! * for each suit `s` and each set `S` of at least `t_s` distinct ranks of `M` whose card of suit
//!   `s` is still in the deck: the boards holding exactly those cards of `s` (the other cards of
//!   each rank from the other suits), evaluated with their real suits and weighted by how many
//!   there are; and
//! * the rest, on which nobody can make a flush, valued by ranks alone.
//!
//! For AS KS against QD QC preflop that is about 41,000 groups of boards instead of 1,712,304
//! boards.

use cards_core::{Card, Hand, HandValue, Rank, Suit};

/// What the deck still holds of each rank, ready for building boards: for each rank, how many
/// cards are left and the hand of the first `k` of them, and the same for the cards of each rank
/// outside each suit.
struct Deck {
    /// Cards left of each rank.
    count: [usize; 13],
    /// The first `k` cards left of each rank, as a hand, by rank and `k`.
    first: [[Hand; 5]; 13],
    /// Cards left of each rank outside each suit, by rank and suit.
    count_outside: [[usize; 4]; 13],
    /// The first `k` cards left of each rank outside each suit, by rank, suit and `k`.
    first_outside: [[[Hand; 5]; 4]; 13],
    /// Whether the card of each rank and suit is left, by rank, as a bit per suit.
    suits_left: [u8; 13],
}

impl Deck {
    fn new(available: &[Card]) -> Deck {
        let mut deck = Deck {
            count: [0; 13],
            first: [[Hand::EMPTY; 5]; 13],
            count_outside: [[0; 4]; 13],
            first_outside: [[[Hand::EMPTY; 5]; 4]; 13],
            suits_left: [0; 13],
        };
        for &card in available {
            let (rank, suit) = (card.rank() as usize, card.suit() as usize);
            deck.count[rank] += 1;
            deck.first[rank][deck.count[rank]] = deck.first[rank][deck.count[rank] - 1] + card;
            deck.suits_left[rank] |= 1 << suit;
            for other in (0..4).filter(|&other| other != suit) {
                let held = deck.count_outside[rank][other];
                deck.first_outside[rank][other][held + 1] =
                    deck.first_outside[rank][other][held] + card;
                deck.count_outside[rank][other] += 1;
            }
        }
        deck
    }
}

/// The boards still to come, counted as described in the module comment.
pub struct RankCounting {
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
    pub fn new(
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

    /// Calls `count(values of each player, boards)` for every group of boards whose players' hand
    /// values are the same, given each player's hole cards with the board so far in `bases`.
    /// The groups add up to every board to come.
    pub fn for_each_group(&self, bases: &[Hand], mut count: impl FnMut(&[HandValue], u64)) {
        let mut chosen = Chosen {
            ranks: [0; 5],
            copies: [0; 5],
            len: 0,
        };
        let mut values = vec![HandValue::LOWEST; bases.len()];
        self.ranks(0, self.missing, &mut chosen, bases, &mut values, &mut count);
    }

    /// Chooses how many board cards of each rank from `rank` on, `left` cards still to choose.
    fn ranks(
        &self,
        rank: usize,
        left: usize,
        chosen: &mut Chosen,
        bases: &[Hand],
        values: &mut [HandValue],
        count: &mut impl FnMut(&[HandValue], u64),
    ) {
        if left == 0 {
            self.count_ranks(chosen, bases, values, count);
            return;
        }
        if rank == 13 {
            return;
        }
        self.ranks(rank + 1, left, chosen, bases, values, count);
        for copies in 1..=self.deck.count[rank].min(left) {
            chosen.ranks[chosen.len] = rank;
            chosen.copies[chosen.len] = copies;
            chosen.len += 1;
            self.ranks(rank + 1, left - copies, chosen, bases, values, count);
            chosen.len -= 1;
        }
    }

    /// Counts the boards with exactly the chosen cards of each rank.
    fn count_ranks(
        &self,
        chosen: &Chosen,
        bases: &[Hand],
        values: &mut [HandValue],
        count: &mut impl FnMut(&[HandValue], u64),
    ) {
        let (ranks, copies) = (&chosen.ranks[..chosen.len], &chosen.copies[..chosen.len]);
        let deck = &self.deck;
        let all: u64 = ranks
            .iter()
            .zip(copies)
            .map(|(&rank, &copies)| choose(deck.count[rank], copies))
            .product();
        let mut flush_relevant = 0u64;
        for (suit, needed) in self.needed.iter().enumerate() {
            let Some(needed) = *needed else { continue };
            // The chosen ranks whose card of this suit is left, as bits by position.
            let left: usize = (0..ranks.len())
                .filter(|&index| deck.suits_left[ranks[index]] >> suit & 1 == 1)
                .map(|index| 1 << index)
                .sum();
            // Every subset of them with enough cards of the suit: those ranks' cards of the suit
            // are on the board, the other cards of each rank come from the other suits.
            for &set in &SUBSETS_WITH_AT_LEAST[needed][left] {
                if set == NO_SUBSET {
                    break;
                }
                let mut boards = 1u64;
                let mut board = Hand::EMPTY;
                for (index, (&rank, &copies)) in ranks.iter().zip(copies).enumerate() {
                    let in_set = usize::from(set >> index & 1);
                    let others = copies - in_set;
                    boards *= choose(deck.count_outside[rank][suit], others);
                    board = board.combine(deck.first_outside[rank][suit][others]);
                    if in_set == 1 {
                        board += Card::new(Rank::ALL[rank], Suit::ALL[suit]);
                    }
                }
                if boards > 0 {
                    flush_relevant += boards;
                    for (value, base) in values.iter_mut().zip(bases) {
                        *value = base.combine(board).evaluate();
                    }
                    count(values, boards);
                }
            }
        }
        let rest = all - flush_relevant;
        if rest > 0 {
            let board = ranks
                .iter()
                .zip(copies)
                .fold(Hand::EMPTY, |board, (&rank, &copies)| {
                    board.combine(deck.first[rank][copies])
                });
            for (value, base) in values.iter_mut().zip(bases) {
                *value = base.combine(board).evaluate_ignoring_flushes();
            }
            count(values, rest);
        }
    }
}

/// Marks the end of a list in [`SUBSETS_WITH_AT_LEAST`].
const NO_SUBSET: u8 = u8::MAX;

/// For each `needed` (0 to 5) and each set of up to five positions (as bits), the subsets of the
/// set with at least `needed` positions, ended by [`NO_SUBSET`] when fewer than 32.
const SUBSETS_WITH_AT_LEAST: [[[u8; 32]; 32]; 6] = {
    let mut table = [[[NO_SUBSET; 32]; 32]; 6];
    let mut needed = 0u32;
    while needed < 6 {
        let mut set = 0u8;
        while set < 32 {
            let mut found = 0;
            let mut subset = 0u8;
            while subset < 32 {
                if subset & !set == 0 && subset.count_ones() >= needed {
                    table[needed as usize][set as usize][found] = subset;
                    found += 1;
                }
                subset += 1;
            }
            set += 1;
        }
        needed += 1;
    }
    table
};

/// The ranks chosen for the board so far, and how many cards of each.
struct Chosen {
    ranks: [usize; 5],
    copies: [usize; 5],
    len: usize,
}

/// `n` choose `k`, for `n` up to 4: how many ways to take `k` of the cards left of one rank.
fn choose(n: usize, k: usize) -> u64 {
    const TABLE: [[u64; 5]; 5] = [
        [1, 0, 0, 0, 0],
        [1, 1, 0, 0, 0],
        [1, 2, 1, 0, 0],
        [1, 3, 3, 1, 0],
        [1, 4, 6, 4, 1],
    ];
    TABLE[n][k]
}
