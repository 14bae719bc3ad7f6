//! The rank bases of the additive hand key: every multiset of at most seven ranks has its own
//! sum; and, in a slow test run with `cargo test -- --ignored`, the bases are exactly what the
//! documented greedy search finds.

#[path = "../../src/holdem/key_layout.rs"]
#[allow(dead_code)]
mod key_layout;

use key_layout::{RANK_BASES, RANK_KEY_BITS};

/// The sum of every multiset of at most seven ranks with at most four of each, with its size.
fn multiset_sums(bases: &[u32]) -> Vec<(u64, u32)> {
    let mut sums: Vec<(u64, u32)> = vec![(0, 0)];
    for &base in bases {
        let mut extended = Vec::with_capacity(sums.len() * 3);
        for &(sum, size) in &sums {
            for count in 0..=4u32.min(7 - size) {
                extended.push((sum + u64::from(count * base), size + count));
            }
        }
        sums = extended;
    }
    sums
}

#[test]
fn every_multiset_of_up_to_seven_ranks_has_its_own_sum() {
    let mut sums: Vec<u64> = multiset_sums(&RANK_BASES)
        .into_iter()
        .map(|(sum, _)| sum)
        .collect();
    let count = sums.len();
    sums.sort_unstable();
    sums.dedup();
    assert_eq!(sums.len(), count);
    assert!(*sums.last().unwrap() < 1 << RANK_KEY_BITS);
}

/// Re-runs the greedy search of `key_layout.rs`: each base is the smallest number above the
/// previous one that keeps all sums distinct (checking that no sum plus one to four copies of
/// the candidate lands on another sum). Takes about half a minute in release mode.
#[test]
#[ignore = "slow: re-runs the rank-base search, half a minute; run with `cargo test -- --ignored`"]
fn rank_bases_are_the_greedy_ones() {
    let mut bases: Vec<u32> = Vec::new();
    for _ in 0..13 {
        let sums = multiset_sums(&bases);
        let index = |sum: u64| usize::try_from(sum).unwrap();
        let largest = index(sums.iter().map(|&(sum, _)| sum).max().unwrap());
        let mut taken = vec![false; largest + 1];
        for &(sum, _) in &sums {
            taken[index(sum)] = true;
        }
        let mut candidate = bases.last().map_or(1, |&base| base + 1);
        while sums.iter().any(|&(sum, size)| {
            (1..=4u32.min(7 - size)).any(|count| {
                let reached = index(sum + u64::from(count * candidate));
                reached <= largest && taken[reached]
            })
        }) {
            candidate += 1;
        }
        bases.push(candidate);
    }
    assert_eq!(bases, RANK_BASES);
}
