//! The slow, obviously correct five-card evaluator that the lookup tables are generated from.
//!
//! It works on plain numbers so the build script can compile it on its own: ranks are `0..13`
//! (two to ace), categories are `0..10` (high card to royal flush, as in
//! [`HandCategory`](crate::HandCategory)). Read it next to the ranking table of the spec.

/// A five-card hand's value: the category, then the ranks that break ties, most significant
/// first. The derived order is the poker order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct ReferenceValue {
    /// `0` high card, `1` one pair, `2` two pair, `3` three of a kind, `4` straight, `5` flush,
    /// `6` full house, `7` four of a kind, `8` straight flush, `9` royal flush.
    pub category: u8,
    /// The ranks compared left to right within the category (unused slots are zero).
    pub tie_break: [u8; 5],
}

/// The ace's rank number.
const ACE: u8 = 12;

/// The value of five cards with the given ranks; `flush` says whether they share one suit.
pub fn evaluate_five(ranks: [u8; 5], flush: bool) -> ReferenceValue {
    // Group equal ranks: (count, rank), largest group first, then higher rank first.
    let mut groups: Vec<(u8, u8)> = Vec::new();
    for rank in ranks {
        match groups.iter_mut().find(|(_, grouped)| *grouped == rank) {
            Some((count, _)) => *count += 1,
            None => groups.push((1, rank)),
        }
    }
    groups.sort_by(|a, b| b.cmp(a));
    let shape: Vec<u8> = groups.iter().map(|&(count, _)| count).collect();

    // Ranks in order of significance: each group's rank repeated, biggest groups first.
    let mut ordered = [0u8; 5];
    let mut slot = 0;
    for &(count, rank) in &groups {
        for _ in 0..count {
            ordered[slot] = rank;
            slot += 1;
        }
    }

    let straight_top = straight_top(ranks);
    let value = |category: u8, tie_break: [u8; 5]| ReferenceValue {
        category,
        tie_break,
    };
    match (straight_top, flush, shape.as_slice()) {
        (Some(ACE), true, _) => value(9, [0; 5]),
        (Some(top), true, _) => value(8, [top, 0, 0, 0, 0]),
        (_, _, [4, 1]) => value(7, ordered),
        (_, _, [3, 2]) => value(6, ordered),
        (_, true, _) => value(5, ordered),
        (Some(top), false, _) => value(4, [top, 0, 0, 0, 0]),
        (_, _, [3, 1, 1]) => value(3, ordered),
        (_, _, [2, 2, 1]) => value(2, ordered),
        (_, _, [2, 1, 1, 1]) => value(1, ordered),
        _ => value(0, ordered),
    }
}

/// The top rank of the straight the five ranks make, if they make one. The wheel A-2-3-4-5
/// tops at the five (rank 3); nothing wraps around past the ace.
pub fn straight_top(ranks: [u8; 5]) -> Option<u8> {
    let mut sorted = ranks;
    sorted.sort_unstable();
    if sorted == [0, 1, 2, 3, ACE] {
        return Some(3);
    }
    let consecutive = sorted.windows(2).all(|pair| pair[1] == pair[0] + 1);
    consecutive.then_some(sorted[4])
}

/// The best value among all five-card choices from `ranks` (five to seven of them); `flush`
/// says whether all of them share one suit.
pub fn evaluate_best(ranks: &[u8], flush: bool) -> ReferenceValue {
    let mut best: Option<ReferenceValue> = None;
    for_each_five(ranks.len(), |chosen| {
        best = best.max(Some(evaluate_five(chosen.map(|index| ranks[index]), flush)));
    });
    best.expect("evaluate_best needs at least five ranks")
}

/// Calls `visit` with the indices of every five-element subset of `0..len`, in lexicographic
/// order.
pub fn for_each_five(len: usize, mut visit: impl FnMut([usize; 5])) {
    for a in 0..len {
        for b in a + 1..len {
            for c in b + 1..len {
                for d in c + 1..len {
                    for e in d + 1..len {
                        visit([a, b, c, d, e]);
                    }
                }
            }
        }
    }
}
