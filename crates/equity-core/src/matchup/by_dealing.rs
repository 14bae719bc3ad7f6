//! Counting every board, dealt card by card, on threads.

use cards_core::holdem::for_each_hand_chunk;
use cards_core::{Card, CardSet, Hand};
use work_threads::{Threads, map_on_threads};

use crate::matchup::tally::Tally;

/// Deals every board of `missing` cards from `available`, split across `threads` threads by the
/// board's lowest card.
pub(crate) fn by_dealing(
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
