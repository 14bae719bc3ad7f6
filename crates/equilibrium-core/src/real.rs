//! The numbers the engine computes with: `f32` where the regrets and strategies are stored and
//! updated (half the memory traffic of `f64`) and where an exploitability is only estimated,
//! `f64` where a figure is reported (best responses, game values), so a game writes its
//! terminal values once for all.

use std::ops::{Add, AddAssign, Div, Mul, Sub};

/// Keeps [`Real`] to the two types the engine is written for.
mod sealed {
    pub trait Sealed {}
    impl Sealed for f32 {}
    impl Sealed for f64 {}
}

/// `f32` or `f64`.
pub trait Real:
    sealed::Sealed
    + Copy
    + Default
    + PartialOrd
    + Send
    + Sync
    + std::fmt::Debug
    + Add<Output = Self>
    + Sub<Output = Self>
    + Mul<Output = Self>
    + Div<Output = Self>
    + AddAssign
{
    /// 0.
    const ZERO: Self;
    /// 1.
    const ONE: Self;
    /// Below every number.
    const NEG_INFINITY: Self;
    /// The nearest value to `value`.
    fn from_f64(value: f64) -> Self;
    /// The value, exactly.
    fn to_f64(self) -> f64;
    /// The larger of the two.
    #[must_use]
    fn max(self, other: Self) -> Self;
}

impl Real for f32 {
    const ZERO: f32 = 0.0;
    const ONE: f32 = 1.0;
    const NEG_INFINITY: f32 = f32::NEG_INFINITY;

    #[inline]
    #[allow(clippy::cast_possible_truncation)] // Rounding to the nearest `f32` is the point.
    fn from_f64(value: f64) -> f32 {
        value as f32
    }

    #[inline]
    fn to_f64(self) -> f64 {
        f64::from(self)
    }

    #[inline]
    fn max(self, other: f32) -> f32 {
        f32::max(self, other)
    }
}

impl Real for f64 {
    const ZERO: f64 = 0.0;
    const ONE: f64 = 1.0;
    const NEG_INFINITY: f64 = f64::NEG_INFINITY;

    #[inline]
    fn from_f64(value: f64) -> f64 {
        value
    }

    #[inline]
    fn to_f64(self) -> f64 {
        self
    }

    #[inline]
    fn max(self, other: f64) -> f64 {
        f64::max(self, other)
    }
}
