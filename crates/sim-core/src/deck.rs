//! Card-deck stepping for shedding games: a pile dealt from the top, hands as counts per rank,
//! and the seats of a table in a circle.
//!
//! Ranks are numbers `0..RANKS` in the game's play order (0 the lowest), so "the lowest card
//! of a hand" and "the card after this one" need no knowledge of the game's own card names.
//!
//! ```
//! use sim_core::deck::{Pile, Table};
//!
//! // Two seats, three ranks; the pile is dealt two cards a seat.
//! let mut pile = Pile::new(vec![0, 2, 1, 1, 2]);
//! let mut table = Table::<3>::new(2).unwrap();
//! table.deal(&mut pile, 2);
//! assert_eq!(table.hand(0).lowest(), Some(0));
//! assert_eq!(table.hand(1).counts(), &[0, 2, 0]);
//! // Who after seat 1 holds a 2 (rank 2)? Seat 0, going round.
//! assert_eq!(table.next_holder_after(1, &[2]), Some(0));
//! // A draw round from seat 1: seat 1 takes the last card, then the pile is empty.
//! let mut drawn = Vec::new();
//! table.draw_round(&mut pile, 1, |seat, rank| drawn.push((seat, rank)));
//! assert_eq!(drawn, [(1, 2)]);
//! ```

use std::collections::TryReserveError;

/// A pile of cards, dealt from the top.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pile<Card> {
    cards: Vec<Card>,
    /// The index of the top card in `cards`; everything before it has been drawn.
    top: usize,
}

impl<Card: Copy> Pile<Card> {
    /// A pile of `cards`, the top card first.
    pub fn new(cards: Vec<Card>) -> Self {
        Pile { cards, top: 0 }
    }

    /// Takes the top card, if any is left.
    pub fn draw(&mut self) -> Option<Card> {
        let card = *self.cards.get(self.top)?;
        self.top += 1;
        Some(card)
    }

    /// How many cards are left.
    pub fn len(&self) -> usize {
        self.cards.len() - self.top
    }

    /// Whether the pile has run out.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// A hand kept as how many cards of each rank it holds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CountedHand<const RANKS: usize> {
    counts: [u32; RANKS],
    len: u32,
}

impl<const RANKS: usize> CountedHand<RANKS> {
    /// A hand without cards.
    pub const EMPTY: Self = CountedHand {
        counts: [0; RANKS],
        len: 0,
    };

    /// How many cards of each rank the hand holds.
    pub fn counts(&self) -> &[u32; RANKS] {
        &self.counts
    }

    /// Whether the hand holds a card of `rank`.
    pub fn holds(&self, rank: usize) -> bool {
        self.counts[rank] > 0
    }

    /// How many cards the hand holds.
    pub fn len(&self) -> u32 {
        self.len
    }

    /// Whether the hand holds no card.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The lowest rank held, in play order.
    pub fn lowest(&self) -> Option<usize> {
        self.counts.iter().position(|&count| count > 0)
    }
}

/// The seats of a table in a circle, each with a [`CountedHand`], and for every rank the set
/// of seats holding it.
///
/// Seats are numbered from 0; seat `n - 1` is followed by seat 0. Nothing here is sized by a
/// judge's limits: the table allocates what its seats need, and says so if that is too much.
#[derive(Clone, Debug)]
pub struct Table<const RANKS: usize> {
    hands: Vec<CountedHand<RANKS>>,
    holders: [SeatSet; RANKS],
}

impl<const RANKS: usize> Table<RANKS> {
    /// A table of `seats` empty hands, or the allocation error if they do not fit in memory.
    pub fn new(seats: usize) -> Result<Self, TryReserveError> {
        let mut hands = Vec::new();
        hands.try_reserve_exact(seats)?;
        hands.resize(seats, CountedHand::EMPTY);
        let mut holders: [SeatSet; RANKS] = std::array::from_fn(|_| SeatSet::default());
        for set in &mut holders {
            *set = SeatSet::new(seats)?;
        }
        Ok(Table { hands, holders })
    }

    /// How many seats the table has.
    pub fn seats(&self) -> usize {
        self.hands.len()
    }

    /// The hand at `seat`.
    pub fn hand(&self, seat: usize) -> &CountedHand<RANKS> {
        &self.hands[seat]
    }

    /// The seat after `seat`, going round.
    pub fn next_seat(&self, seat: usize) -> usize {
        if seat + 1 == self.seats() {
            0
        } else {
            seat + 1
        }
    }

    /// Gives a card of `rank` to `seat`.
    pub fn give(&mut self, seat: usize, rank: usize) {
        let hand = &mut self.hands[seat];
        if hand.counts[rank] == 0 {
            self.holders[rank].insert(seat);
        }
        hand.counts[rank] += 1;
        hand.len += 1;
    }

    /// Takes a card of `rank` from `seat`; returns whether it held one.
    pub fn take(&mut self, seat: usize, rank: usize) -> bool {
        let hand = &mut self.hands[seat];
        if hand.counts[rank] == 0 {
            return false;
        }
        hand.counts[rank] -= 1;
        hand.len -= 1;
        if hand.counts[rank] == 0 {
            self.holders[rank].remove(seat);
        }
        true
    }

    /// The first seat after `seat`, going round and stopping before `seat` itself, that holds
    /// a card of any of `ranks`.
    pub fn next_holder_after(&self, seat: usize, ranks: &[usize]) -> Option<usize> {
        ranks
            .iter()
            .filter_map(|&rank| self.holders[rank].next_after(seat))
            // Order the candidates by how far round the table they are from `seat`.
            .min_by_key(|&holder| (holder + self.seats() - seat - 1) % self.seats())
    }

    /// Deals from the top of `pile`: seat 0 takes `per_seat` cards, then seat 1, and so on;
    /// dealing stops when the pile runs out, so later seats may get fewer cards or none.
    pub fn deal(&mut self, pile: &mut Pile<usize>, per_seat: usize) {
        for seat in 0..self.seats() {
            for _ in 0..per_seat {
                match pile.draw() {
                    Some(rank) => self.give(seat, rank),
                    None => return,
                }
            }
        }
    }

    /// A draw round: starting with `first` and going round, each seat takes one card from the
    /// pile, stopping at once if the pile runs out. `drawn` hears of each card taken.
    pub fn draw_round(
        &mut self,
        pile: &mut Pile<usize>,
        first: usize,
        mut drawn: impl FnMut(usize, usize),
    ) {
        let mut seat = first;
        for _ in 0..self.seats() {
            let Some(rank) = pile.draw() else { return };
            self.give(seat, rank);
            drawn(seat, rank);
            seat = self.next_seat(seat);
        }
    }
}

/// A set of seats, one bit each.
#[derive(Clone, Debug, Default)]
struct SeatSet {
    words: Vec<u64>,
}

impl SeatSet {
    fn new(seats: usize) -> Result<Self, TryReserveError> {
        let mut words = Vec::new();
        words.try_reserve_exact(seats.div_ceil(64))?;
        words.resize(seats.div_ceil(64), 0);
        Ok(SeatSet { words })
    }

    fn insert(&mut self, seat: usize) {
        self.words[seat / 64] |= 1 << (seat % 64);
    }

    fn remove(&mut self, seat: usize) {
        self.words[seat / 64] &= !(1 << (seat % 64));
    }

    /// The first seat after `seat` in the set, going round, other than `seat` itself.
    fn next_after(&self, seat: usize) -> Option<usize> {
        let word = seat / 64;
        // Seats after `seat` in its own word.
        let above = self.words[word] & (u64::MAX << (seat % 64) << 1);
        if above != 0 {
            return Some(word * 64 + above.trailing_zeros() as usize);
        }
        // Then the following words, wrapping round, and finally the seats before `seat` in its
        // own word.
        let count = self.words.len();
        for step in 1..count {
            let index = (word + step) % count;
            if self.words[index] != 0 {
                return Some(index * 64 + self.words[index].trailing_zeros() as usize);
            }
        }
        let below = self.words[word] & ((1 << (seat % 64)) - 1);
        (below != 0).then(|| word * 64 + below.trailing_zeros() as usize)
    }
}

#[cfg(test)]
mod tests;
