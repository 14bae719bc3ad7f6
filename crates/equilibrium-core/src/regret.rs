//! Regret matching: the strategy that plays each action in proportion to its positive regret.

use crate::real::Real;

/// Fills `strategy` (actions × hands, an action's row after another's, as `regrets` is) with
/// regret matching: each hand plays each action in proportion to its positive regret, and
/// every action alike where none is positive.
///
/// # Panics
///
/// If `regrets` and `strategy` differ in length or `actions` does not divide it.
#[inline]
pub fn regret_matching<R: Real>(regrets: &[R], strategy: &mut [R], actions: usize) {
    assert!(regrets.len() == strategy.len() && actions > 0 && regrets.len() % actions == 0);
    let hands = regrets.len() / actions;
    let (totals, rest) = strategy.split_at_mut(hands);
    // The first row holds the totals until the end, so no buffer is needed.
    for (total, &regret) in totals.iter_mut().zip(&regrets[..hands]) {
        *total = R::ZERO + regret.max(R::ZERO);
    }
    for row in regrets[hands..].chunks_exact(hands) {
        for (total, &regret) in totals.iter_mut().zip(row) {
            *total += regret.max(R::ZERO);
        }
    }
    let uniform = R::ONE / R::from_f64(actions as f64);
    for (row, regrets) in rest
        .chunks_exact_mut(hands)
        .zip(regrets[hands..].chunks_exact(hands))
    {
        for ((share, &regret), &total) in row.iter_mut().zip(regrets).zip(totals.iter()) {
            *share = if total > R::ZERO {
                regret.max(R::ZERO) / total
            } else {
                uniform
            };
        }
    }
    for (share, &regret) in totals.iter_mut().zip(&regrets[..hands]) {
        *share = if *share > R::ZERO {
            regret.max(R::ZERO) / *share
        } else {
            uniform
        };
    }
}
