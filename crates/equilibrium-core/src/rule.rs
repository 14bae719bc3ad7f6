//! How regrets and the average strategy carry over from one iteration to the next.
//!
//! * [`Rule::CfrPlus`] (Tammelin, 2014): regrets floored at zero, the average strategy weighted
//!   by the iteration's number.
//! * [`Rule::Discounted`] (Brown and Sandholm, "Solving Imperfect-Information Games via
//!   Discounted Regret Minimization", AAAI 2019): after iteration `t`, positive regrets are
//!   multiplied by `t^α / (t^α + 1)`, negative ones by `t^β / (t^β + 1)`, and the average
//!   strategy's sums by `(t / (t + 1))^γ`.
//! * [`Rule::DiscountedPlus`] (DCFR+, Xu et al., "Minimizing Weighted Counterfactual Regret
//!   with Optimistic Online Mirror Descent", IJCAI 2024): regrets floored at zero as in CFR+,
//!   positive ones discounted as in discounted CFR, the average by `(t / (t + 1))^γ`.

use crate::real::Real;

/// A regret-minimisation rule.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Rule {
    /// CFR+.
    CfrPlus,
    /// Discounted CFR with these exponents.
    Discounted {
        /// Positive regrets' exponent.
        alpha: f64,
        /// Negative regrets' exponent.
        beta: f64,
        /// The average strategy's exponent.
        gamma: f64,
    },
    /// DCFR+ with these exponents.
    DiscountedPlus {
        /// Regrets' exponent.
        alpha: f64,
        /// The average strategy's exponent.
        gamma: f64,
    },
}

impl Rule {
    /// Discounted CFR with the paper's recommended exponents, α = 1.5, β = 0, γ = 2.
    pub const DISCOUNTED: Rule = Rule::Discounted {
        alpha: 1.5,
        beta: 0.0,
        gamma: 2.0,
    };

    /// What iteration `iteration` (from 1) does to what earlier iterations left.
    pub fn discounts(self, iteration: usize) -> Discounts {
        assert!(iteration >= 1, "iterations count from 1");
        let t = iteration as f64;
        match self {
            Rule::CfrPlus => Discounts {
                positive: 1.0,
                negative: 1.0,
                floor: true,
                average: 1.0,
                weight: t,
            },
            Rule::Discounted { alpha, beta, gamma } => Discounts {
                positive: after(t, alpha),
                negative: after(t, beta),
                floor: false,
                average: ((t - 1.0) / t).powf(gamma),
                weight: 1.0,
            },
            Rule::DiscountedPlus { alpha, gamma } => Discounts {
                positive: after(t, alpha),
                negative: 0.0,
                floor: true,
                average: ((t - 1.0) / t).powf(gamma),
                weight: 1.0,
            },
        }
    }
}

/// A discount after iteration `t - 1`, applied as iteration `t` starts: `s^e / (s^e + 1)`
/// with `s = t - 1`.
fn after(t: f64, exponent: f64) -> f64 {
    let power = (t - 1.0).powf(exponent);
    power / (power + 1.0)
}

/// One iteration's factors, from [`Rule::discounts`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Discounts {
    /// What a positive regret is multiplied by before this iteration's regret is added.
    pub positive: f64,
    /// What a negative regret is multiplied by.
    pub negative: f64,
    /// Whether a regret is floored at zero once this iteration's is added (CFR+).
    pub floor: bool,
    /// What the average strategy's sums are multiplied by before this iteration's strategy is
    /// added.
    pub average: f64,
    /// What this iteration's strategy is weighted by in those sums.
    pub weight: f64,
}

impl Discounts {
    /// A regret carried over and this iteration's `instant` regret added.
    #[inline]
    pub fn regret<R: Real>(self, old: R, instant: R) -> R {
        if self.floor {
            (old * R::from_f64(self.positive) + instant).max(R::ZERO)
        } else {
            let scale = if old > R::ZERO {
                self.positive
            } else {
                self.negative
            };
            old * R::from_f64(scale) + instant
        }
    }
}
