//! How the solver keeps its numbers: a regret and an average-strategy sum for each action and
//! hand of every decision, either as `f32`s or compressed to 16-bit integers with one scale a
//! decision for each (half the memory; Desktop Postflop's 16-bit mode keeps them the same way).
//!
//! A compressed decision's numbers are decoded to `f32` when they are used and encoded again,
//! with new scales, when they change: a regret `r` is kept as `r / scale × 32767`, the scale
//! being the largest `|r|` of the decision, and a sum `s` as `s / scale × 65535`, each rounded
//! up or down at random with the chances that keep its value on average (`dithers`, below).

use std::ops::Range;

use crate::real::Real;
use crate::tree::{Node, Tree};

/// How the numbers are kept.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Precision {
    /// 32-bit floats.
    #[default]
    Full,
    /// 16-bit integers with a scale a decision.
    Compressed,
}

/// One decision's scales in [`Numbers::Compressed`]: its regrets' largest magnitude and its
/// sums' largest value (zero where they are all zero).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Scales {
    /// The largest `|regret|`.
    pub regret: f32,
    /// The largest sum.
    pub sum: f32,
}

/// Every decision's regrets and average-strategy sums, slot by slot ([`Tree::slots`]).
#[derive(Clone, Debug, PartialEq)]
pub enum Numbers {
    /// As `f32`s.
    Full {
        /// The regrets.
        regrets: Vec<f32>,
        /// The average strategy's sums.
        sums: Vec<f32>,
    },
    /// As 16-bit integers, with each decision's scales, by its number
    /// ([`Tree::decision_span`]).
    Compressed {
        /// The regrets over their decision's scale, times 32767.
        regrets: Vec<i16>,
        /// The sums over their decision's scale, times 65535.
        sums: Vec<u16>,
        /// Each decision's scales.
        scales: Vec<Scales>,
    },
}

/// `length` copies of `zero`, written rather than mapped to the kernel's zero page (as
/// `vec![0; n]` would): a page first read there faults again when it is first written, and on
/// several threads each such fault stops the others to flush their TLBs.
fn written<T: Copy>(length: usize, zero: T) -> Vec<T> {
    let mut numbers = Vec::with_capacity(length);
    numbers.resize(length, zero);
    numbers
}

impl Numbers {
    /// Zeros for `tree`, kept with `precision`.
    pub fn zeros(tree: &Tree, precision: Precision) -> Numbers {
        let slots = tree.slots();
        match precision {
            Precision::Full => Numbers::Full {
                regrets: written(slots, 0.0),
                sums: written(slots, 0.0),
            },
            Precision::Compressed => Numbers::Compressed {
                regrets: written(slots, 0),
                sums: written(slots, 0),
                scales: vec![Scales::default(); tree.decisions()],
            },
        }
    }

    /// The bytes numbers take for a tree of `slots` slots and `decisions` decisions.
    pub fn bytes_for(slots: usize, decisions: usize, precision: Precision) -> usize {
        match precision {
            Precision::Full => 2 * slots * size_of::<f32>(),
            Precision::Compressed => {
                slots * (size_of::<i16>() + size_of::<u16>()) + decisions * size_of::<Scales>()
            }
        }
    }

    /// How they are kept.
    pub fn precision(&self) -> Precision {
        match self {
            Numbers::Full { .. } => Precision::Full,
            Numbers::Compressed { .. } => Precision::Compressed,
        }
    }

    /// Whether they can be a solver's numbers for `tree`: as many as it has slots and
    /// decisions, and [valid](Self::is_valid).
    pub fn fit(&self, tree: &Tree) -> bool {
        let slots = tree.slots();
        self.is_valid()
            && match self {
                Numbers::Full { regrets, sums } => regrets.len() == slots && sums.len() == slots,
                Numbers::Compressed {
                    regrets,
                    sums,
                    scales,
                } => {
                    regrets.len() == slots
                        && sums.len() == slots
                        && scales.len() == tree.decisions()
                }
            }
    }

    /// Whether they can be a solver's numbers: regrets, sums and scales finite, sums and
    /// scales not negative.
    pub fn is_valid(&self) -> bool {
        match self {
            Numbers::Full { regrets, sums } => {
                regrets.iter().all(|regret| regret.is_finite())
                    && sums.iter().all(|&sum| sum.is_finite() && sum >= 0.0)
            }
            Numbers::Compressed { scales, .. } => scales.iter().all(|scales| {
                [scales.regret, scales.sum]
                    .iter()
                    .all(|&scale| scale.is_finite() && scale >= 0.0)
            }),
        }
    }

    /// The same numbers kept with `precision` (rounded to 16 bits where they are compressed).
    #[must_use]
    pub fn converted(mut self, tree: &Tree, precision: Precision) -> Numbers {
        if self.precision() == precision {
            return self;
        }
        let mut converted = Numbers::zeros(tree, precision);
        let (mut from, mut to) = (self.store(), converted.store());
        for node in 0..tree.len() {
            if let Node::Decision { .. } = tree.node(node) {
                let place = Place {
                    slots: tree.decision_slots(node),
                    decision: tree.decision_span(node).start,
                };
                from.copy_to(&mut to, &place);
            }
        }
        converted
    }

    /// The average strategy's sums at the decision of slots `slots` into `out`, up to a factor
    /// common to the decision (which the strategy, their ratios, does not see).
    pub(crate) fn relative_sums<R: Real>(&self, slots: Range<usize>, out: &mut [R]) {
        // Both kinds of sum are `f32` exactly, so `R` holds them exactly.
        match self {
            Numbers::Full { sums, .. } => {
                for (out, &sum) in out.iter_mut().zip(&sums[slots]) {
                    *out = R::from_f64(f64::from(sum));
                }
            }
            Numbers::Compressed { sums, .. } => {
                for (out, &sum) in out.iter_mut().zip(&sums[slots]) {
                    *out = R::from_f64(f64::from(sum));
                }
            }
        }
    }

    /// The regrets at the decision of slots `slots`, up to a positive factor common to the
    /// decision (which regret matching does not see).
    pub(crate) fn relative_regrets(&self, slots: Range<usize>) -> Vec<f64> {
        match self {
            Numbers::Full { regrets, .. } => regrets[slots]
                .iter()
                .map(|&regret| f64::from(regret))
                .collect(),
            Numbers::Compressed { regrets, .. } => regrets[slots]
                .iter()
                .map(|&regret| f64::from(regret))
                .collect(),
        }
    }

    /// The whole of them, to be worked on by a pass.
    pub(crate) fn store(&mut self) -> Store<'_> {
        match self {
            Numbers::Full { regrets, sums } => Store::Full(Part {
                regrets,
                sums,
                scales: &mut [],
                slot_base: 0,
                decision_base: 0,
                scratch: Vec::new(),
            }),
            Numbers::Compressed {
                regrets,
                sums,
                scales,
            } => Store::Compressed(Part {
                regrets,
                sums,
                scales,
                slot_base: 0,
                decision_base: 0,
                scratch: Vec::new(),
            }),
        }
    }
}

/// The numbers a pass works on, in either precision.
pub(crate) enum Store<'s> {
    Full(Part<'s, f32, f32>),
    Compressed(Part<'s, i16, u16>),
}

impl Store<'_> {
    /// Copies the numbers at `place` to `to`.
    fn copy_to(&mut self, to: &mut Store<'_>, place: &Place) {
        match self {
            Store::Full(from) => from.copy_to(to, place),
            Store::Compressed(from) => from.copy_to(to, place),
        }
    }
}

/// Where a decision's numbers are: its slots and its number.
#[derive(Clone, Debug)]
pub(crate) struct Place {
    pub slots: Range<usize>,
    pub decision: usize,
}

/// The numbers a subtree owns, from its first slot and decision (the whole tree's from 0), and
/// a scratch vector for decoding one decision's numbers at a time.
pub(crate) struct Part<'s, R, S> {
    regrets: &'s mut [R],
    sums: &'s mut [S],
    scales: &'s mut [Scales],
    slot_base: usize,
    decision_base: usize,
    scratch: Vec<f32>,
}

/// A kind of stored number, as the passes see it: a decision's numbers lent as `f32`s.
pub(crate) trait Kept: Copy + Send + Sync {
    /// Calls `work` with the numbers `stored` as `f32`s, at scale `scale`; where `write`, keeps
    /// what it leaves there and updates `scale`.
    fn lend(
        stored: &mut [Self],
        scale: &mut f32,
        scratch: &mut Vec<f32>,
        write: bool,
        work: impl FnOnce(&mut [f32]),
    );
}

impl Kept for f32 {
    #[inline]
    fn lend(
        stored: &mut [f32],
        _: &mut f32,
        _: &mut Vec<f32>,
        _: bool,
        work: impl FnOnce(&mut [f32]),
    ) {
        work(stored);
    }
}

/// A 16-bit integer a compressed number is kept as: a number of steps, `STEPS` of them to its
/// decision's scale.
trait Steps: Copy + Send + Sync + Into<f32> {
    /// The steps to the scale: the type's largest value.
    const STEPS: f32;
    /// `steps` rounded down (toward minus infinity), saturating at the type's largest value.
    fn round_down(steps: f32) -> Self;
}

impl Steps for i16 {
    const STEPS: f32 = 32767.0;

    #[inline]
    fn round_down(steps: f32) -> i16 {
        // `as` truncates toward zero, so the steps are shifted up to be positive first, and
        // back; it saturates at the top.
        #[allow(
            clippy::cast_possible_truncation,
            clippy::cast_sign_loss,
            clippy::cast_possible_wrap
        )]
        let rounded = ((steps + 32768.0) as u16).wrapping_sub(32768) as i16;
        rounded
    }
}

impl Steps for u16 {
    const STEPS: f32 = 65535.0;

    #[inline]
    fn round_down(steps: f32) -> u16 {
        // The steps of a sum are not negative: `as` truncates, and saturates at the top.
        #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
        let rounded = steps as u16;
        rounded
    }
}

impl<T: Steps> Kept for T {
    #[inline]
    fn lend(
        stored: &mut [T],
        scale: &mut f32,
        scratch: &mut Vec<f32>,
        write: bool,
        work: impl FnOnce(&mut [f32]),
    ) {
        let numbers = decoded(stored, *scale / T::STEPS, scratch);
        work(numbers);
        if write {
            // The largest magnitude (sums are not negative: theirs is their largest value).
            *scale = numbers
                .iter()
                .fold(0.0, |most: f32, value| most.max(value.abs()));
            let factor = if *scale > 0.0 { T::STEPS / *scale } else { 0.0 };
            let dithers = dithers(scale.to_bits());
            for ((kept, &value), dither) in stored.iter_mut().zip(numbers.iter()).zip(dithers) {
                // Down or up at random.
                *kept = T::round_down(value * factor + dither);
            }
        }
    }
}

/// Numbers from 0 to 1, one for each number of a decision, that rounding down after adding
/// them rounds each number up with about the probability of its fraction, so that additions
/// smaller than a step are kept on average rather than lost (rounding to the nearest loses them
/// all: a rarely reached hand's share of the average strategy, a small regret). They are a
/// Weyl sequence (steps of the golden ratio, modulo 1) from a start hashed from the decision's
/// new scale (`salt`, which changes from update to update), not a random generator's state, so
/// the bits are the same whichever thread works on the decision.
#[inline]
fn dithers(salt: u32) -> impl Iterator<Item = f32> {
    // The finishing steps of MurmurHash3's 32-bit mix.
    let mut start = (salt ^ (salt >> 16)).wrapping_mul(0x85EB_CA6B);
    start = (start ^ (start >> 13)).wrapping_mul(0xC2B2_AE35);
    start ^= start >> 16;
    std::iter::successors(Some(start), |state| Some(state.wrapping_add(0x9E37_79B9))).map(
        // The top 24 bits, exactly an `f32` fraction from 0 to 1 - 2^-24.
        #[allow(clippy::cast_precision_loss)]
        |state| (state >> 8) as f32 / 16_777_216.0,
    )
}

/// `stored` times `step`, in the first numbers of `scratch`.
#[inline]
fn decoded<'a, T: Copy + Into<f32>>(
    stored: &[T],
    step: f32,
    scratch: &'a mut Vec<f32>,
) -> &'a mut [f32] {
    scratch.clear();
    scratch.extend(stored.iter().map(|&kept| kept.into() * step));
    scratch
}

impl<R: Kept, S: Kept> Part<'_, R, S> {
    /// Swaps its scratch vector with `scratch` (a thread's, lent to one part after another).
    pub fn swap_scratch(&mut self, scratch: &mut Vec<f32>) {
        std::mem::swap(&mut self.scratch, scratch);
    }

    /// Calls `work` with the regrets at `place`.
    #[inline]
    pub fn read_regrets(&mut self, place: &Place, work: impl FnOnce(&[f32])) {
        self.lend_regrets(place, false, |regrets| work(regrets));
    }

    /// Calls `work` with the regrets at `place`, and keeps what it leaves.
    #[inline]
    pub fn update_regrets(&mut self, place: &Place, work: impl FnOnce(&mut [f32])) {
        self.lend_regrets(place, true, work);
    }

    /// Calls `work` with the average strategy's sums at `place`, and keeps what it leaves.
    #[inline]
    pub fn update_sums(&mut self, place: &Place, work: impl FnOnce(&mut [f32])) {
        self.lend_sums(place, true, work);
    }

    #[inline]
    fn lend_sums(&mut self, place: &Place, write: bool, work: impl FnOnce(&mut [f32])) {
        let slots = place.slots.start - self.slot_base..place.slots.end - self.slot_base;
        let mut unscaled = 0.0;
        let scale = match self.scales.get_mut(place.decision - self.decision_base) {
            Some(scales) => &mut scales.sum,
            None => &mut unscaled,
        };
        S::lend(&mut self.sums[slots], scale, &mut self.scratch, write, work);
    }

    #[inline]
    fn lend_regrets(&mut self, place: &Place, write: bool, work: impl FnOnce(&mut [f32])) {
        let slots = place.slots.start - self.slot_base..place.slots.end - self.slot_base;
        let mut unscaled = 0.0;
        let scale = match self.scales.get_mut(place.decision - self.decision_base) {
            Some(scales) => &mut scales.regret,
            None => &mut unscaled,
        };
        R::lend(
            &mut self.regrets[slots],
            scale,
            &mut self.scratch,
            write,
            work,
        );
    }

    /// Copies the numbers at `place` to `to`, through `f32`.
    fn copy_to(&mut self, to: &mut Store<'_>, place: &Place) {
        let mut numbers = Vec::new();
        for regrets in [true, false] {
            let read = |values: &mut [f32]| numbers = values.to_vec();
            if regrets {
                self.lend_regrets(place, false, read);
            } else {
                self.lend_sums(place, false, read);
            }
            let write = |values: &mut [f32]| values.copy_from_slice(&numbers);
            match (&mut *to, regrets) {
                (Store::Full(to), true) => to.update_regrets(place, write),
                (Store::Full(to), false) => to.update_sums(place, write),
                (Store::Compressed(to), true) => to.update_regrets(place, write),
                (Store::Compressed(to), false) => to.update_sums(place, write),
            }
        }
    }

    /// The parts of the subtrees of slots and decisions `spans` (in depth-first order, apart),
    /// each to be worked on alone.
    pub fn carve(&mut self, spans: &[[Range<usize>; 2]]) -> Vec<Part<'_, R, S>> {
        let mut parts = Vec::with_capacity(spans.len());
        let (mut regrets, mut sums) = (&mut *self.regrets, &mut *self.sums);
        let mut scales = &mut *self.scales;
        let (mut slot_base, mut decision_base) = (self.slot_base, self.decision_base);
        let scaled = !scales.is_empty();
        for [slot_span, decision_span] in spans {
            let skip = slot_span.start - slot_base;
            let (part_regrets, rest) = regrets[skip..].split_at_mut(slot_span.len());
            regrets = rest;
            let (part_sums, rest) = sums[skip..].split_at_mut(slot_span.len());
            sums = rest;
            let part_scales = if scaled {
                let (part, rest) =
                    scales[decision_span.start - decision_base..].split_at_mut(decision_span.len());
                scales = rest;
                part
            } else {
                &mut []
            };
            parts.push(Part {
                regrets: part_regrets,
                sums: part_sums,
                scales: part_scales,
                slot_base: slot_span.start,
                decision_base: decision_span.start,
                scratch: Vec::new(),
            });
            (slot_base, decision_base) = (slot_span.end, decision_span.end);
        }
        parts
    }
}
