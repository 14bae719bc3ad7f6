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
            *share = share_of(regret, total, uniform);
        }
    }
    for (share, &regret) in totals.iter_mut().zip(&regrets[..hands]) {
        *share = share_of(regret, *share, uniform);
    }
}

/// An action's share: its positive regret over the hand's `total`, or `uniform` where the total
/// is not positive. Written without a branch (the division is made either way, by 1 where
/// its result is not used) so the loops above are vectorised.
#[inline(always)]
fn share_of<R: Real>(regret: R, total: R, uniform: R) -> R {
    let positive = total > R::ZERO;
    let quotient = regret.max(R::ZERO) / if positive { total } else { R::ONE };
    if positive { quotient } else { uniform }
}
