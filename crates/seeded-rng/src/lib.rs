//! A tiny deterministic random number generator (`SplitMix64`) for tests, benchmarks and
//! test-data generators.
//!
//! Everything random in this workspace is seeded, so every test and every generated input is
//! reproducible. `SplitMix64` is small enough to read in one glance, passes `BigCrush`, and has no
//! versioned algorithm that could change under us the way a general-purpose crate's default
//! generator may.
//!
//! ```
//! use seeded_rng::SeededRng;
//!
//! let mut rng = SeededRng::new(7);
//! let roll = rng.below(6) + 1;
//! assert!((1..=6).contains(&roll));
//! assert_eq!(SeededRng::new(7).next_u64(), SeededRng::new(7).next_u64());
//! ```

#![forbid(unsafe_code)]

/// A seeded `SplitMix64` generator.
#[derive(Clone, Debug)]
pub struct SeededRng {
    state: u64,
}

impl SeededRng {
    /// A generator whose whole output is determined by `seed`.
    pub const fn new(seed: u64) -> Self {
        Self { state: seed }
    }

    /// The next 64 uniformly distributed bits.
    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A uniformly distributed number in `0..bound`; `bound` must not be zero.
    ///
    /// Uses Lemire's multiply-and-reject method, so there is no modulo bias.
    pub fn below(&mut self, bound: u64) -> u64 {
        assert!(bound > 0, "SeededRng::below needs a positive bound");
        ((u128::from(self.draw_under(bound)) * u128::from(bound)) >> 64) as u64
    }

    /// A uniformly distributed index in `0..len`; `len` must not be zero.
    pub fn index(&mut self, len: usize) -> usize {
        let len = u64::try_from(len).expect("a length fits in 64 bits");
        usize::try_from(self.below(len)).expect("an index below a length is a usize")
    }

    /// A uniformly distributed index in `low..=high`.
    pub fn index_in(&mut self, low: usize, high: usize) -> usize {
        assert!(low <= high, "SeededRng::index_in needs low <= high");
        low + self.index(high - low + 1)
    }

    /// A uniformly distributed number in `0..bound`, for small values such as colors; `bound`
    /// must not be zero.
    pub fn below_u8(&mut self, bound: u8) -> u8 {
        u8::try_from(self.below(u64::from(bound))).expect("a number below a u8 is a u8")
    }

    /// A uniformly distributed number in `low..=high`.
    pub fn range_inclusive(&mut self, low: u64, high: u64) -> u64 {
        assert!(low <= high, "SeededRng::range_inclusive needs low <= high");
        match (high - low).checked_add(1) {
            Some(span) => low + self.below(span),
            None => self.next_u64(),
        }
    }

    /// `true` with probability `numerator / denominator`.
    pub fn chance(&mut self, numerator: u64, denominator: u64) -> bool {
        self.below(denominator) < numerator
    }

    /// Shuffles `items` uniformly (Fisher-Yates).
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.index(i + 1);
            items.swap(i, j);
        }
    }

    /// Moves a uniformly random choice of `count` of `items`, in uniformly random order, to the
    /// end of `items` (the last `count` steps of Fisher-Yates); the rest stay in some order.
    /// `count` must not exceed `items.len()`.
    ///
    /// Quicker than `count` calls of [`SeededRng::index`]: the places are the digits, in mixed
    /// radix, of one draw of Lemire's method under the product of their bounds, read off by
    /// successive multiplications (Brackett-Rozinsky and Lemire, "Batched Ranged Random Integer
    /// Generation", 2024), so one 64-bit number serves as many places as their product fits in.
    /// Each call works out those products (and a small list of them) again: for many shuffles of
    /// one size, make a [`PartialShuffle`] once.
    ///
    /// ```
    /// use seeded_rng::SeededRng;
    ///
    /// let mut deck: Vec<u8> = (0..52).collect();
    /// SeededRng::new(7).partial_shuffle(&mut deck, 5);
    /// let mut hand = deck[47..].to_vec();
    /// hand.sort_unstable();
    /// hand.dedup();
    /// assert_eq!(hand.len(), 5);
    /// ```
    pub fn partial_shuffle<T>(&mut self, items: &mut [T], count: usize) {
        PartialShuffle::new(items.len(), count).shuffle(self, items);
    }

    /// A 64-bit number `x` whose product with `bound` Lemire's method accepts: the high half of
    /// `x * bound` is then uniform in `0..bound`. The threshold (a division) is only worked out
    /// when the low half is below `bound`, since it is smaller.
    fn draw_under(&mut self, bound: u64) -> u64 {
        let mut threshold = None;
        loop {
            let x = self.next_u64();
            let low = x.wrapping_mul(bound);
            if low >= bound || low >= *threshold.get_or_insert(bound.wrapping_neg() % bound) {
                return x;
            }
        }
    }

    /// A uniformly chosen element of `items`, or `None` when it is empty.
    pub fn choose<'a, T>(&mut self, items: &'a [T]) -> Option<&'a T> {
        if items.is_empty() {
            None
        } else {
            Some(&items[self.index(items.len())])
        }
    }
}

/// [`SeededRng::partial_shuffle`] of `count` out of `len` items, its draws' bounds and thresholds
/// worked out once: for many shuffles of the same size, such as the boards of a sampler.
#[derive(Clone, Debug)]
pub struct PartialShuffle {
    len: usize,
    /// The steps, by the 64-bit draw that makes them, from the first.
    batches: Vec<Batch>,
}

/// Places drawn from one 64-bit number: how many, the product of their bounds, and the least low
/// half of Lemire's method that is accepted under it.
#[derive(Clone, Copy, Debug)]
struct Batch {
    places: usize,
    product: u64,
    threshold: u64,
}

impl Batch {
    /// A 64-bit number whose places Lemire's method accepts under the batch's product.
    fn draw(&self, rng: &mut SeededRng) -> u64 {
        loop {
            let x = rng.next_u64();
            if x.wrapping_mul(self.product) >= self.threshold {
                return x;
            }
        }
    }
}

impl PartialShuffle {
    /// The shuffle of `count` out of `len` items; `count` must not exceed `len`. Each draw
    /// makes as many steps as the product of their bounds fits in 64 bits.
    pub fn new(len: usize, count: usize) -> PartialShuffle {
        assert!(
            count <= len,
            "a partial shuffle needs count <= len (items.len() for SeededRng::partial_shuffle)"
        );
        let (end, mut left) = (len - count, len);
        let mut batches = Vec::new();
        while left > end {
            let (mut product, mut places) = (1u64, 0);
            while left - places > end {
                match product.checked_mul((left - places) as u64) {
                    Some(larger) => (product, places) = (larger, places + 1),
                    None => break,
                }
            }
            batches.push(Batch {
                places,
                product,
                threshold: product.wrapping_neg() % product,
            });
            left -= places;
        }
        PartialShuffle { len, batches }
    }

    /// Moves a uniformly random choice of `count` of `items` to their end, in random order, as
    /// [`SeededRng::partial_shuffle`] does with the same generator; `items` must hold `len`.
    #[expect(
        clippy::cast_possible_truncation,
        reason = "a place and the rest are the high and low halves of a 128-bit product"
    )]
    pub fn shuffle<T>(&self, rng: &mut SeededRng, items: &mut [T]) {
        assert_eq!(items.len(), self.len, "a partial shuffle of another length");
        let mut left = self.len;
        for batch in &self.batches {
            let mut rest = batch.draw(rng);
            for _ in 0..batch.places {
                let digit = u128::from(rest) * (left as u128);
                items.swap((digit >> 64) as usize, left - 1);
                rest = digit as u64;
                left -= 1;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::SeededRng;

    #[test]
    fn matches_the_published_splitmix64_sequence() {
        // Reference values of SplitMix64 seeded with 1234567, from the algorithm's public test vectors.
        let mut rng = SeededRng::new(1_234_567);
        let expected = [
            6_457_827_717_110_365_317,
            3_203_168_211_198_807_973,
            9_817_491_932_198_370_423,
            4_593_380_528_125_082_431,
            16_408_922_859_458_223_821,
        ];
        for value in expected {
            assert_eq!(rng.next_u64(), value);
        }
    }

    /// Each place is a digit of one draw under the product of the bounds, as `below` would
    /// give it for that product: the oracle decodes the digits by division.
    #[test]
    fn a_partial_shuffle_reads_its_places_off_one_draw_under_their_product() {
        // Five of 52 take one draw; 40 of 46 take four (as many bounds as fit in 64 bits each).
        for (len, count) in [(52, 5), (46, 40)] {
            let plan = super::PartialShuffle::new(len, count);
            for seed in 0..200 {
                let mut items: Vec<usize> = (0..len).collect();
                plan.shuffle(&mut SeededRng::new(seed), &mut items);

                let (mut rng, mut expected) = (SeededRng::new(seed), (0..len).collect::<Vec<_>>());
                let mut left = len;
                while left > len - count {
                    let mut bounds = Vec::new();
                    let mut product: u128 = 1;
                    while left - bounds.len() > len - count
                        && product * ((left - bounds.len()) as u128) <= u128::from(u64::MAX)
                    {
                        product *= (left - bounds.len()) as u128;
                        bounds.push(left - bounds.len());
                    }
                    let mut whole = rng.below(u64::try_from(product).unwrap());
                    let mut radix = u64::try_from(product).unwrap();
                    for bound in bounds {
                        radix /= bound as u64;
                        let place = usize::try_from(whole / radix).unwrap();
                        whole %= radix;
                        expected.swap(place, left - 1);
                        left -= 1;
                    }
                }
                assert_eq!(items, expected, "{count} of {len}, seed {seed}");
            }
        }
    }

    /// Every ordered choice of three of six items comes up about equally often, and a whole
    /// shuffle of 52 (several draws: the product of 52 bounds passes 64 bits) is a permutation.
    #[test]
    fn partial_shuffles_are_uniform_and_keep_the_items() {
        let mut rng = SeededRng::new(9);
        let mut seen = std::collections::HashMap::new();
        for _ in 0..60_000 {
            let mut items = [0, 1, 2, 3, 4, 5];
            rng.partial_shuffle(&mut items, 3);
            *seen.entry([items[3], items[4], items[5]]).or_insert(0u32) += 1;
        }
        assert_eq!(seen.len(), 120);
        assert!(
            seen.values().all(|&count| (400..600).contains(&count)),
            "{seen:?}"
        );

        let mut deck: Vec<u8> = (0..52).collect();
        rng.partial_shuffle(&mut deck, 52);
        assert_ne!(deck, (0..52).collect::<Vec<u8>>());
        deck.sort_unstable();
        assert_eq!(deck, (0..52).collect::<Vec<u8>>());
        rng.partial_shuffle(&mut deck, 0);
    }

    #[test]
    fn below_stays_in_range_and_covers_it() {
        let mut rng = SeededRng::new(42);
        let mut seen = [0u32; 7];
        for _ in 0..7_000 {
            let value = rng.below(7);
            seen[usize::try_from(value).unwrap()] += 1;
        }
        assert!(
            seen.iter().all(|&count| (800..1_200).contains(&count)),
            "{seen:?}"
        );
    }

    /// Lemire's method as published: the threshold worked out for every draw.
    #[expect(
        clippy::cast_possible_truncation,
        reason = "the low and high halves of a 128-bit product"
    )]
    fn below_plainly(rng: &mut SeededRng, bound: u64) -> u64 {
        let threshold = bound.wrapping_neg() % bound;
        loop {
            let product = u128::from(rng.next_u64()) * u128::from(bound);
            if product as u64 >= threshold {
                return (product >> 64) as u64;
            }
        }
    }

    #[test]
    fn below_draws_what_the_published_method_draws() {
        // Large bounds reject often: a third of all draws for 2^63 + 1.
        for bound in [1, 2, 7, 52, 1_326, 1 << 32, (1 << 63) + 1, u64::MAX] {
            let (mut fast, mut plain) = (SeededRng::new(bound), SeededRng::new(bound));
            for _ in 0..10_000 {
                assert_eq!(
                    fast.below(bound),
                    below_plainly(&mut plain, bound),
                    "bound {bound}"
                );
            }
        }
    }

    #[test]
    fn shuffle_is_a_permutation() {
        let mut rng = SeededRng::new(9);
        let mut items: Vec<u32> = (0..52).collect();
        rng.shuffle(&mut items);
        assert_ne!(items, (0..52).collect::<Vec<_>>());
        items.sort_unstable();
        assert_eq!(items, (0..52).collect::<Vec<_>>());
    }
}

// The README's example is compiled and run with the doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeExample;
