//! The combos as the sweeps handle them, packed into small integers: a combo's weight and cards
//! ([`Held`]), a combo or a group of combos on a board with its value ([`Packed`]), and the sort
//! by value.

use cards_core::Card;
use cards_core::holdem::Combo;

/// The most different weights a range can have (more are counted deal by deal).
pub(super) const MAX_WEIGHTS: usize = 8;

/// The **tier** of `weight`: its place among a range's `weights`, added if new. Weights are told
/// apart bit for bit: they are the numbers the range was written with, never computed.
pub(super) fn weight_tier(weights: &mut Vec<f64>, weight: f64) -> usize {
    let same = |other: &f64| other.to_bits() == weight.to_bits();
    weights.iter().position(same).unwrap_or_else(|| {
        weights.push(weight);
        weights.len() - 1
    })
}

/// The bit of a [`Packed`] combo that makes it a group of the last player's combos.
pub(super) const GROUP: u16 = 1 << 15;

/// A combo as the sweeps need it, in 15 bits: its weight (a place in its side's `weights`, below
/// [`MAX_WEIGHTS`]) and its two cards. (The 16th bit marks a group in [`Packed`].)
#[derive(Clone, Copy)]
pub(super) struct Held(pub(super) u16);

impl Held {
    pub(super) fn new(tier: usize, combo: Combo) -> Held {
        let [high, low] = combo.map(Card::index);
        // Below 8 weights and 52 cards: 3 + 6 + 6 bits.
        Held(u16::try_from(tier << 12 | high << 6 | low).expect("16 bits"))
    }

    pub(super) fn tier(self) -> usize {
        usize::from(self.0 >> 12 & 7)
    }

    pub(super) fn cards(self) -> [usize; 2] {
        [usize::from(self.0 >> 6 & 0x3F), usize::from(self.0 & 0x3F)]
    }

    /// Its two cards' places in a table by weight and card ([`BY_WEIGHT_AND_CARD`]): 64 cards
    /// to a weight, so that the place is below the table's size by construction.
    pub(super) fn slots(self) -> [usize; 2] {
        let tier = self.tier() << 6;
        [
            usize::from(self.0 >> 6 & 0x1FF),
            tier | usize::from(self.0 & 0x3F),
        ]
    }
}

/// The size of a table of counts by weight and card: 64 places to a weight (see
/// [`Held::slots`]).
pub(super) const BY_WEIGHT_AND_CARD: usize = 64 * MAX_WEIGHTS;

/// Running counts of the last player's combos by weight.
pub(super) type Counts = [u32; MAX_WEIGHTS];

/// Running counts of the last player's combos by weight and card (see [`Held::slots`]).
pub(super) type ByCard = [u32; BY_WEIGHT_AND_CARD];

/// A combo on a board, packed for the sort: its value in the high 16 bits, and below it the
/// last player's [`Held`] or group ([`GROUP`] and its number), or the sweeping player's place in
/// their side (below 1,326).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(super) struct Packed(pub(super) u32);

impl Packed {
    pub(super) fn new(value: u32, low: u16) -> Packed {
        Packed(value << 16 | u32::from(low))
    }

    pub(super) fn value(self) -> u32 {
        self.0 >> 16
    }

    pub(super) fn low(self) -> u16 {
        (self.0 & 0xFFFF) as u16
    }
}

/// Sorts packed combos by value: a few hundred or fewer by comparison, more a byte at a time
/// (two counting passes, quicker than a comparison sort for a thousand combos).
pub(super) fn sort_by_value(values: &mut Vec<Packed>, scratch: &mut Vec<Packed>) {
    if values.len() <= 256 {
        values.sort_unstable();
        return;
    }
    for shift in [16, 24] {
        let digit = |packed: Packed| (packed.0 >> shift & 0xFF) as usize;
        let mut starts = [0usize; 257];
        for &value in values.iter() {
            starts[digit(value) + 1] += 1;
        }
        for at in 0..256 {
            starts[at + 1] += starts[at];
        }
        scratch.clear();
        scratch.resize(values.len(), Packed(0));
        for &value in values.iter() {
            let slot = &mut starts[digit(value)];
            scratch[*slot] = value;
            *slot += 1;
        }
        std::mem::swap(values, scratch);
    }
}
