//! The layout of the additive hand key, shared by the build script that generates the lookup
//! tables and the evaluator that reads them.
//!
//! A hand is a `u64` key plus a [`CardSet`](crate::CardSet) mask. Adding a card adds a constant
//! to the key:
//!
//! ```text
//!   bit 63 ........ 48 47 45 44 ........ 25 24 ................. 0
//!       suit counters       (always zero)    rank key: sum of RANK_BASES
//!       4 bits per suit                      over the hand's cards
//! ```
//!
//! * The rank key is the sum of one base per card's rank. The bases are chosen so that every
//!   multiset of at most seven ranks (at most four of each) has its own sum, so the rank key
//!   identifies a hand's ranks exactly, whatever order the cards came in.
//! * Suit `s` has a four-bit counter starting at bit `45 + 4 s`, preset to 3, so it reaches 8
//!   (its top bit, bit `48 + 4 s`) exactly when the suit holds five cards: one mask tests all
//!   four suits for a flush at once.

/// Per-rank addends of the rank key, two (index 0) to ace (index 12).
///
/// Found by a greedy search: each base is the smallest number above the previous one such that all
/// multisets of at most seven ranks (at most four of each) still have pairwise different sums. The
/// test `rank_bases` in `tests/integration/rank_bases.rs` re-runs that search and checks these
/// numbers; the build script checks the distinct sums on every build.
pub const RANK_BASES: [u32; 13] = [
    1, 5, 24, 112, 521, 2_247, 9_244, 30_823, 103_066, 250_154, 667_453, 1_526_359, 3_453_520,
];

/// The largest rank key of a hand of at most seven cards is below `1 << RANK_KEY_BITS`.
pub const RANK_KEY_BITS: u32 = 25;

/// Bit where the four suit counters start; suit `s` counts at bits `45 + 4 s ..= 48 + 4 s`.
pub const SUIT_COUNTER_SHIFT: u32 = 45;

/// Each suit counter starts at 3 so its top bit turns on at five cards.
pub const SUIT_COUNTER_START: u64 = 0x3333 << SUIT_COUNTER_SHIFT;

/// The top bit of every suit counter: set for the suit (if any) that holds five or more cards.
pub const FLUSH_FLAGS: u64 = 0x8888 << SUIT_COUNTER_SHIFT;

/// The perfect hash over rank keys splits a key into a row (its low `ROW_BITS` bits) and a
/// column (the rest); each row has its own displacement in the lookup table.
pub const ROW_BITS: u32 = 13;
