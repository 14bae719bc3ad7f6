//! Two ranges heads-up, board by board without sorting a board's combos: both ranges kept as
//! bit sets ([`ranked`](super::ranked)), each pair of ranks of both valued and sorted once for
//! each set of ranks of the cards to come (91 on a flop), not once a board. On each board the
//! second range's combos below the value to beat (in all and by card) are climbed through in
//! that order, pair of ranks by pair of ranks, and each combo of the first range meets them
//! with its card removal read off the counts by card; the combos that can make a flush are
//! valued one by one and merged into the order.

use std::sync::atomic::{AtomicUsize, Ordering};

use cards_core::Card;
use work_threads::{Threads, map_on_threads};

use super::groups::GROUPS;
use super::packed::MAX_WEIGHTS;
use super::ranked::{
    Bits, Board, RANKS_OF_GROUP, RangeBits, Whole, bits, boards_of, each, of_rank, rank_sets,
    values_by_ranks,
};
use crate::error::EquityError;
use crate::matchup::tally::tie_denominator;
use crate::progress::Progress;
use crate::ranges::exact::{Totals, no_counts};
use crate::ranges::matchup::RangeMatchup;
use crate::ranges::suits::{RENAMINGS, rename_bits, rename_index};

/// Which range an entry of the order belongs to (the bit above an entry's number).
const SECOND: u32 = 1 << 15;

/// Two ranges, heads-up, after the flop.
pub(super) struct Duel {
    /// The board so far.
    board: Board,
    /// The cards apart from the board and the dead cards.
    deck: Bits,
    first: RangeBits,
    second: RangeBits,
    /// The place in the first range of its combo of two cards (`64 * one + other`, both ways),
    /// and the weight (1 + its place in `second.weights`) of the second range's, 0 outside it.
    place_of: Vec<u16>,
    second_tier: Vec<u8>,
    /// By the first range's place: its combo's weight.
    first_weights: Vec<f64>,
    /// The cards of the first range's combos: the second's counts by card are read for
    /// those alone.
    first_cards: Bits,
    /// The second range's combos, by weight: how many hold each card with a card of each rank
    /// ([`rank_slot`]).
    second_by_rank: Vec<u32>,
    /// The renamings of suits that leave the board, the dead cards and both ranges as they are,
    /// as maps of cards (the identity first): a board and its images count alike, so one of
    /// them is counted for all, its first range's combos credited through each renaming.
    symmetries: Vec<[u8; 64]>,
}

/// The place in `Duel::second_by_rank` of the combos of weight `tier` holding `card` and a card
/// of `rank`: 16 ranks to a card, 64 cards to a weight.
fn rank_slot(tier: usize, card: usize, rank: usize) -> usize {
    tier << 10 | (card & 63) << 4 | rank & 15
}

/// Whole-number sums over boards, by the first range's combo (its place) and the second's
/// weight: how often the combo is above and level with the second range's. (Every deal meets
/// every board apart from its cards: the rest are below.) Each board counted stands for its
/// images under the symmetries (see `Duel::symmetries`) and counts as many times; see
/// [`Duel::count`] for how the combos' own sums come out of that.
struct Outcomes {
    by_first: Vec<[u64; 2]>,
}

impl Outcomes {
    fn add(&mut self, other: &Outcomes) {
        for (sum, added) in self.by_first.iter_mut().zip(&other.by_first) {
            sum[0] += added[0];
            sum[1] += added[1];
        }
    }
}

/// Counts of the second range's combos on one board, by weight: in all and by card.
struct Counts {
    all: [u64; MAX_WEIGHTS],
    /// By weight and card (`64 * weight + card`).
    by_card: Box<[u64; 64 * MAX_WEIGHTS]>,
    /// The cards with counts (for [`Counts::move_into`]).
    touched: Bits,
}

impl Counts {
    fn new() -> Counts {
        Counts {
            all: [0; MAX_WEIGHTS],
            by_card: Box::new([0; 64 * MAX_WEIGHTS]),
            touched: 0,
        }
    }

    /// Clears the counts of the weights below `tiers`.
    fn clear(&mut self, tiers: usize) {
        self.all.fill(0);
        self.by_card[..64 * tiers].fill(0);
        self.touched = 0;
    }

    /// Adds `count` combos of weight `tier` holding `card` (each combo is added by both its
    /// cards; to `all` once). The card must be in `touched` already: marking it here made
    /// every addition wait for the last one's mark.
    fn add(&mut self, tier: usize, card: usize, count: u64) {
        debug_assert!(self.touched & 1 << card != 0, "a card added unmarked");
        self.by_card[slot(tier, card)] += count;
    }

    /// How many of the weight `tier` hold neither card, where `both` of them hold both (the
    /// combo itself, taken away twice).
    fn apart(&self, tier: usize, one: usize, other: usize, both: u64) -> u64 {
        let by_card = &self.by_card;
        self.all[tier % MAX_WEIGHTS] + both - by_card[slot(tier, one)] - by_card[slot(tier, other)]
    }

    /// Adds these counts to `into` and clears them (`into`'s cards with counts are not kept:
    /// the counts below a value are cleared whole with each board).
    fn move_into(&mut self, into: &mut Counts, tiers: usize) {
        for tier in 0..tiers {
            into.all[tier] += std::mem::take(&mut self.all[tier]);
            for card in each(self.touched) {
                let slot = slot(tier, card);
                into.by_card[slot] += std::mem::take(&mut self.by_card[slot]);
            }
        }
        self.touched = 0;
    }
}

/// The place of a weight's count of a card in [`Counts::by_card`]: below its size by
/// construction.
fn slot(tier: usize, card: usize) -> usize {
    (tier % MAX_WEIGHTS) << 6 | card & 63
}

/// Both ranges' pairs of ranks sorted by value for one set of ranks of the cards to come: the
/// value in the high 16 bits, then [`SECOND`] for the second range's, then the pair of ranks;
/// and for each, where the entries of its value end.
struct Order {
    entries: Vec<u32>,
    run_ends: Vec<usize>,
    /// For each entry, the ranges with entries of its value from it on (see [`side_bit`]).
    run_sides: Vec<u8>,
}

/// A run of one value holds the first range's combos.
const FIRST_MET: u8 = 1;
/// A run of one value holds the second range's combos.
const LEVEL_MET: u8 = 2;

/// The range of an entry of [`Order`] or of the flushing combos, as a bit.
fn side_bit(entry: u32) -> u8 {
    if entry & SECOND == 0 {
        FIRST_MET
    } else {
        LEVEL_MET
    }
}

/// Room for one board's count.
struct Scratch {
    /// The second range's combos below the value climbed to, and those at it.
    below: Counts,
    level: Counts,
    /// The combos able to make a flush: their values and which they are (see [`SECOND`]),
    /// sorted; and their cards and weights.
    flushing: Vec<u32>,
    flushing_combos: Vec<(usize, usize, usize)>,
    /// Whether the second range has combos at the value climbed to.
    level_met: bool,
    /// The board counted's distinct images under the symmetries (itself among them).
    images: Vec<Bits>,
    /// The second range's combos dealt on the board and unable to make a flush, by weight,
    /// card and the other card's rank (see [`rank_slot`]), and those taken out of it on the board
    /// (their weight and cards), to be put back.
    by_rank: Vec<u32>,
    taken_out: Vec<(usize, usize, usize)>,
}

impl Duel {
    /// The count, if the matchup is two players after the flop, of at most [`MAX_WEIGHTS`]
    /// weights each.
    pub(super) fn of(matchup: &RangeMatchup) -> Option<Duel> {
        let [first, second] = &matchup.ranges[..] else {
            return None;
        };
        if matchup.board.len() < 3 {
            return None;
        }
        let out = bits(matchup.board.iter().chain(&matchup.dead).copied());
        let deck = ((1 << 52) - 1) & !out;
        let second = RangeBits::new(second.combos(), deck);
        let mut place_of = vec![0; 64 * 64];
        let mut first_weights = vec![0.0; first.combos().len()];
        for (place, &(combo, weight)) in first.combos().iter().enumerate() {
            let [one, other] = combo.map(Card::index);
            let place_u16 = u16::try_from(place).expect("1,326 combos at most");
            place_of[64 * one + other] = place_u16;
            place_of[64 * other + one] = place_u16;
            first_weights[place] = weight;
        }
        let mut second_tier = vec![0; 64 * 64];
        for (tier, partners) in second.partners.iter().enumerate() {
            let tier = u8::try_from(tier + 1).unwrap_or(u8::MAX);
            for (card, &partners) in partners.iter().enumerate() {
                for other in each(partners) {
                    second_tier[64 * card + other] = tier;
                }
            }
        }
        let first_range = RangeBits::new(first.combos(), deck);
        if first_range.weights.len().max(second.weights.len()) > MAX_WEIGHTS {
            return None;
        }
        let mut second_by_rank = vec![0; 1024 * second.weights.len()];
        for (tier, partners) in second.partners.iter().enumerate() {
            for (card, &partners) in partners.iter().enumerate() {
                for rank in 0..13 {
                    second_by_rank[rank_slot(tier, card, rank)] =
                        (partners & of_rank(rank)).count_ones();
                }
            }
        }
        let symmetries = symmetries(&matchup.board, deck, [&first_range, &second]);
        Some(Duel {
            symmetries,
            second_by_rank,
            board: Board::new(&matchup.board),
            deck,
            first_cards: bits(first.combos().iter().flat_map(|(combo, _)| *combo)),
            first: first_range,
            second,
            place_of,
            second_tier,
            first_weights,
        })
    }

    /// Counts every board to come on up to `threads` threads: the totals the deal-by-deal
    /// count gives, to the last unit.
    pub(super) fn count(
        &self,
        matchup: &RangeMatchup,
        threads: Threads,
        progress: &dyn Progress,
    ) -> Result<Totals, EquityError> {
        let rank_sets = rank_sets(5 - self.board.cards.len());
        let bands = rank_sets.len().min(4 * threads.get());
        let done = AtomicUsize::new(0);
        let counted = map_on_threads(bands, threads, |band| {
            let mut outcomes = self.no_outcomes();
            let mut scratch = Scratch {
                below: Counts::new(),
                level: Counts::new(),
                flushing: Vec::new(),
                flushing_combos: Vec::new(),
                level_met: false,
                images: Vec::new(),
                by_rank: self.second_by_rank.clone(),
                taken_out: Vec::new(),
            };
            let mut values = [0; GROUPS];
            let mut order = Order {
                entries: Vec::new(),
                run_ends: Vec::new(),
                run_sides: Vec::new(),
            };
            for ranks in rank_sets.iter().skip(band).step_by(bands) {
                if progress.is_cancelled() {
                    return Err(EquityError::Cancelled);
                }
                let boards = boards_of(self.deck, ranks);
                if !boards.is_empty() {
                    self.order(ranks, &mut values, &mut order);
                    for added in boards {
                        if !self.images(added, &mut scratch) {
                            continue;
                        }
                        if self.one_weight() {
                            self.board::<true>(added, &order, &mut scratch, &mut outcomes);
                        } else {
                            self.board::<false>(added, &order, &mut scratch, &mut outcomes);
                        }
                    }
                }
                let finished = done.fetch_add(1, Ordering::Relaxed) + 1;
                progress.report(finished as f64 / rank_sets.len() as f64);
            }
            Ok(outcomes)
        });
        let mut outcomes = self.no_outcomes();
        for band in counted {
            outcomes.add(&band?);
        }
        self.own_sums(matchup, &mut outcomes);
        Ok(self.totals(matchup, &outcomes))
    }

    /// Each combo's own sums, from the sums of the boards counted for their images.
    ///
    /// A combo `c` fares on a board's image `s(b)` as `s⁻¹(c)` does on `b`, so counting each
    /// board once for each of its images gives `W(c)`, the sum over the boards counted of their
    /// images times `c`'s results on them; and the sum over the symmetries `s` of `W(s(c))` is
    /// the sum of `c`'s results over all boards once for each symmetry, which are its image's:
    /// a whole number of times its own.
    fn own_sums(&self, matchup: &RangeMatchup, outcomes: &mut Outcomes) {
        let tiers = self.second.weights.len();
        let weighted = outcomes.by_first.clone();
        let mirrors = self.symmetries.len() as u64;
        for (place, &(combo, _)) in matchup.ranges[0].combos().iter().enumerate() {
            for tier in 0..tiers {
                let mut sum = [0; 2];
                for map in &self.symmetries {
                    let [one, other] = combo.map(|card| usize::from(map[card.index()]));
                    let image = usize::from(self.place_of[64 * one + other]);
                    let [above, level] = weighted[image * tiers + tier];
                    sum = [sum[0] + above, sum[1] + level];
                }
                outcomes.by_first[place * tiers + tier] = sum.map(|sum| sum / mirrors);
            }
        }
    }

    /// Whether the board with the cards `added` is the one of its images under the
    /// symmetries that is counted (the least); if so, its distinct images, into
    /// `scratch.images`.
    fn images(&self, added: Bits, scratch: &mut Scratch) -> bool {
        scratch.images.clear();
        for map in &self.symmetries {
            let image = each(added).fold(0, |image, card| image | 1 << map[card]);
            if image < added {
                return false;
            }
            if !scratch.images.contains(&image) {
                scratch.images.push(image);
            }
        }
        true
    }

    fn no_outcomes(&self) -> Outcomes {
        let tiers = self.second.weights.len();
        let sums = self.first_weights.len() * tiers;
        Outcomes {
            by_first: vec![[0; 2]; sums],
        }
    }

    /// Both ranges' pairs of ranks, sorted by their values on the boards whose cards to come
    /// have `ranks` (see [`Order`]).
    fn order(&self, ranks: &[usize], values: &mut [u16; GROUPS], order: &mut Order) {
        let Order {
            entries,
            run_ends,
            run_sides,
        } = order;
        entries.clear();
        for (range, side) in [(&self.first, 0), (&self.second, SECOND)] {
            values_by_ranks(&self.board.cards, ranks, &range.groups, values);
            for &group in &range.groups {
                let group = u32::try_from(group).expect("91 pairs of ranks");
                entries.push(u32::from(values[group as usize]) << 16 | side | group);
            }
        }
        entries.sort_unstable();
        run_ends.clear();
        run_ends.resize(entries.len(), entries.len());
        run_sides.clear();
        run_sides.extend(entries.iter().map(|&entry| side_bit(entry)));
        for at in (0..entries.len().saturating_sub(1)).rev() {
            if entries[at] >> 16 == entries[at + 1] >> 16 {
                run_ends[at] = run_ends[at + 1];
                run_sides[at] |= run_sides[at + 1];
            } else {
                run_ends[at] = at + 1;
            }
        }
    }

    /// Adds one board's outcomes: the board's cards to come are `added`, and both ranges' pairs
    /// of ranks sorted by value on it `order`.
    fn board<const ONE_WEIGHT: bool>(
        &self,
        added: Bits,
        order: &Order,
        scratch: &mut Scratch,
        outcomes: &mut Outcomes,
    ) {
        let Order {
            entries: order,
            run_ends,
            run_sides,
        } = order;
        let whole = self.board.with(added);
        let live = self.deck & !added;
        let tiers = self.tiers::<ONE_WEIGHT>();
        if tiers == 0 {
            return;
        }
        // The second range's combos holding a card to come are not dealt ...
        scratch.taken_out.clear();
        for (tier, partners) in self.second.partners.iter().enumerate() {
            let mut gone = 0;
            for card in each(added) {
                for other in each(partners[card] & self.deck & !gone) {
                    scratch.taken_out.push((tier, card, other));
                }
                gone |= 1 << card;
            }
        }
        // ... and both ranges' combos able to make a flush are valued one by one, apart from
        // the pairs of ranks.
        scratch.flushing.clear();
        scratch.flushing_combos.clear();
        if whole.flush.is_some() {
            for (range, side) in [(&self.first, 0), (&self.second, SECOND)] {
                for (tier, partners) in range.partners.iter().enumerate() {
                    for (one, other) in whole.flushing(partners, live) {
                        let number = u32::try_from(scratch.flushing_combos.len())
                            .expect("2,652 combos at most");
                        let value = u32::from(whole.value(one, other));
                        scratch.flushing.push(value << 16 | side | number);
                        scratch.flushing_combos.push((one, other, tier));
                        if side == SECOND {
                            scratch.taken_out.push((tier, one, other));
                        }
                    }
                }
            }
            scratch.flushing.sort_unstable();
        }
        for &(tier, one, other) in &scratch.taken_out {
            scratch.by_rank[rank_slot(tier, one, other >> 2)] -= 1;
            scratch.by_rank[rank_slot(tier, other, one >> 2)] -= 1;
        }
        // The climb, one value at a time, through the pairs of ranks (worth at least the
        // board's flush) and the flushing combos merged.
        scratch.below.clear(tiers);
        if scratch.flushing.is_empty() && whole.at_least == 0 {
            // The runs of one value are the set of ranks'.
            let mut at = 0;
            while let Some(&end) = run_ends.get(at) {
                let pairs = &order[at..end];
                self.run::<ONE_WEIGHT>(pairs, 0..0, run_sides[at], &whole, live, scratch, outcomes);
                at = end;
            }
        } else {
            let value_of = |entry: u32| (entry >> 16).max(u32::from(whole.at_least));
            let (mut next_pair, mut next_flushing) = (0, 0);
            loop {
                let pair = order.get(next_pair).map(|&entry| value_of(entry));
                let flushing = scratch.flushing.get(next_flushing).map(|&e| e >> 16);
                let value = match (pair, flushing) {
                    (None, None) => break,
                    (Some(pair), None) => pair,
                    (None, Some(flushing)) => flushing,
                    (Some(pair), Some(flushing)) => pair.min(flushing),
                };
                let (pairs_from, flushing_from) = (next_pair, next_flushing);
                while order.get(next_pair).is_some_and(|&e| value_of(e) == value) {
                    next_pair += 1;
                }
                while (scratch.flushing.get(next_flushing)).is_some_and(|&e| e >> 16 == value) {
                    next_flushing += 1;
                }
                let pairs = &order[pairs_from..next_pair];
                let flushing = flushing_from..next_flushing;
                let entries = pairs.iter().chain(&scratch.flushing[flushing.clone()]);
                let sides = entries.fold(0, |sides, &entry| sides | side_bit(entry));
                self.run::<ONE_WEIGHT>(pairs, flushing, sides, &whole, live, scratch, outcomes);
            }
        }
        for &(tier, one, other) in &scratch.taken_out {
            scratch.by_rank[rank_slot(tier, one, other >> 2)] += 1;
            scratch.by_rank[rank_slot(tier, other, one >> 2)] += 1;
        }
    }

    /// The climb through one value's entries: `pairs` (of `order`) and the flushing combos
    /// `flushing` (places in `scratch.flushing`), of the ranges `sides` (see [`side_bit`]).
    #[expect(
        clippy::too_many_arguments,
        reason = "one board's state, read and written"
    )]
    #[inline(always)]
    fn run<const ONE_WEIGHT: bool>(
        &self,
        pairs: &[u32],
        flushing: std::ops::Range<usize>,
        sides: u8,
        whole: &Whole,
        live: Bits,
        scratch: &mut Scratch,
        outcomes: &mut Outcomes,
    ) {
        let tiers = self.tiers::<ONE_WEIGHT>();
        let first_met = sides & FIRST_MET != 0;
        scratch.level_met = sides & LEVEL_MET != 0;
        // The second range's combos at this value: below the next value, and level with the
        // first range's at this one ...
        let level = if first_met {
            &mut scratch.level
        } else {
            &mut scratch.below
        };
        if scratch.level_met {
            for &entry in pairs.iter().filter(|&&entry| entry & SECOND != 0) {
                self.level_pair::<ONE_WEIGHT>(
                    (entry & 0x7FFF) as usize,
                    live,
                    &scratch.by_rank,
                    level,
                );
            }
            for &entry in &scratch.flushing[flushing.clone()] {
                if entry & SECOND != 0 {
                    let (one, other, tier) = scratch.flushing_combos[(entry & 0x7FFF) as usize];
                    level.all[tier] += 1;
                    level.touched |= 1 << one | 1 << other;
                    level.add(tier, one, 1);
                    level.add(tier, other, 1);
                }
            }
        }
        if !first_met {
            return;
        }
        // ... which the first range's meet, with those below ...
        for &entry in pairs.iter().filter(|&&entry| entry & SECOND == 0) {
            self.meet_pair::<ONE_WEIGHT>((entry & 0x7FFF) as usize, whole, live, scratch, outcomes);
        }
        for &entry in &scratch.flushing[flushing] {
            if entry & SECOND == 0 {
                let (one, other, _) = scratch.flushing_combos[(entry & 0x7FFF) as usize];
                self.meet::<ONE_WEIGHT>(one, other, scratch, outcomes);
            }
        }
        // ... and which are below the next value.
        if scratch.level_met {
            scratch.level.move_into(&mut scratch.below, tiers);
        }
    }

    /// Meets the first range's combos of pair of ranks `group` dealt on the board and unable
    /// to make a flush with the second range's at their value and below it.
    fn meet_pair<const ONE_WEIGHT: bool>(
        &self,
        group: usize,
        whole: &Whole,
        live: Bits,
        scratch: &Scratch,
        outcomes: &mut Outcomes,
    ) {
        let (high, low) = RANKS_OF_GROUP[group];
        for partners in self.first_partners::<ONE_WEIGHT>() {
            for one in each(live & of_rank(high)) {
                let mut others = partners[one] & live & of_rank(low) & !whole.reaching(one);
                if high == low {
                    others &= (1 << one) - 1;
                }
                for other in each(others) {
                    self.meet::<ONE_WEIGHT>(one, other, scratch, outcomes);
                }
            }
        }
    }

    /// Meets one combo of the first range with the second range's combos at its value and
    /// below it.
    #[inline(always)]
    fn meet<const ONE_WEIGHT: bool>(
        &self,
        one: usize,
        other: usize,
        scratch: &Scratch,
        outcomes: &mut Outcomes,
    ) {
        let tiers = self.tiers::<ONE_WEIGHT>();
        // Two cards below 64: below the tables' size.
        let combo = (one << 6 | other) & 0xFFF;
        // The second range's copy of this combo is level with it, taken away twice.
        let itself = usize::from(self.second_tier[combo]);
        let place = usize::from(self.place_of[combo]);
        // The board counts once for each of its images (see `count`).
        let images = scratch.images.len() as u64;
        let sums = &mut outcomes.by_first[place * tiers..][..tiers];
        for (tier, sums) in sums.iter_mut().enumerate() {
            sums[0] += images * scratch.below.apart(tier, one, other, 0);
            // None level unless the second range has combos at this value.
            if scratch.level_met {
                let itself = u64::from(itself == tier + 1);
                sums[1] += images * scratch.level.apart(tier, one, other, itself);
            }
        }
    }

    /// Whether each range has one weight (the commonest case): the counts of a board are then
    /// compiled for it (`ONE_WEIGHT`), their loops over weights gone.
    fn one_weight(&self) -> bool {
        self.first.weights.len() == 1 && self.second.weights.len() == 1
    }

    /// The second range's number of weights (its tiers), known to the compiler where each range has
    /// one.
    fn tiers<const ONE_WEIGHT: bool>(&self) -> usize {
        if ONE_WEIGHT {
            1
        } else {
            self.second.weights.len()
        }
    }

    /// The first range's partners of each card, by weight (see [`Duel::tiers`]).
    fn first_partners<const ONE_WEIGHT: bool>(&self) -> &[[Bits; 52]] {
        if ONE_WEIGHT {
            &self.first.partners[..1]
        } else {
            &self.first.partners
        }
    }

    /// Whether the first range has a combo holding `card`: the second range's counts by card
    /// are kept for those cards alone (the others are never read).
    fn first_holds(&self, card: usize) -> bool {
        self.first_cards & 1 << card != 0
    }

    /// Counts the second range's combos of pair of ranks `group` dealt on the board and unable
    /// to make a flush (`by_rank`) into `level`.
    fn level_pair<const ONE_WEIGHT: bool>(
        &self,
        group: usize,
        live: Bits,
        by_rank: &[u32],
        level: &mut Counts,
    ) {
        let (high, low) = RANKS_OF_GROUP[group];
        // The cards whose counts may be added to, marked at once (a count of none moves none).
        level.touched |= live & (of_rank(high) | of_rank(low)) & self.first_cards;
        for tier in 0..self.tiers::<ONE_WEIGHT>() {
            let mut pairs = 0;
            for card in each(live & of_rank(high)) {
                let count = u64::from(by_rank[rank_slot(tier, card, low)]);
                pairs += count;
                if self.first_holds(card) {
                    level.add(tier, card, count);
                }
            }
            if high == low {
                // Each pair was counted from both its cards.
                pairs /= 2;
            } else {
                for card in each(live & of_rank(low)).filter(|&card| self.first_holds(card)) {
                    level.add(tier, card, u64::from(by_rank[rank_slot(tier, card, high)]));
                }
            }
            level.all[tier] += pairs;
        }
    }

    /// The totals of the count from its outcomes.
    fn totals(&self, matchup: &RangeMatchup, outcomes: &Outcomes) -> Totals {
        let tiers = self.second.weights.len();
        let units = tie_denominator(2);
        // How many deals each combination of weights has, and each of the first range's
        // combos with each of the second's weights.
        // And by both weights, how often the first range's combos are above and level.
        let mut deals = vec![0; self.first.weights.len() * tiers];
        let mut first_deals = vec![0; self.first_weights.len() * tiers];
        let mut met = vec![[0; 2]; self.first.weights.len() * tiers];
        for (first_tier, partners) in self.first.partners.iter().enumerate() {
            for (one, &partners) in partners.iter().enumerate() {
                for other in each(partners & ((1 << one) - 1)) {
                    let place = usize::from(self.place_of[64 * one + other]);
                    let itself = usize::from(self.second_tier[64 * one + other]);
                    for tier in 0..tiers {
                        let holding =
                            |card: usize| u64::from(self.second.partners[tier][card].count_ones());
                        let both = u64::from(itself == tier + 1);
                        let apart = self.second.combos[tier] + both - holding(one) - holding(other);
                        let number = first_tier * tiers + tier;
                        deals[number] += apart;
                        first_deals[place * tiers + tier] += apart;
                        let [above, level] = outcomes.by_first[place * tiers + tier];
                        met[number][0] += above;
                        met[number][1] += level;
                    }
                }
            }
        }
        let (mut all, mut by_first_combo) = no_counts(matchup);
        for (first_tier, &first_weight) in self.first.weights.iter().enumerate() {
            for (tier, &weight) in self.second.weights.iter().enumerate() {
                let number = first_tier * tiers + tier;
                if deals[number] == 0 {
                    continue;
                }
                let [below, level] = met[number];
                let above = deals[number] * all.boards_per_deal - below - level;
                let tie_units = level * units / 2;
                all.add_totals(
                    first_weight * weight,
                    deals[number],
                    &[below, above],
                    &[tie_units, tie_units],
                );
            }
        }
        for (place, &first_weight) in self.first_weights.iter().enumerate() {
            for (tier, &weight) in self.second.weights.iter().enumerate() {
                let deals = first_deals[place * tiers + tier];
                if deals == 0 {
                    continue;
                }
                let [below, level] = outcomes.by_first[place * tiers + tier];
                by_first_combo[place].add_totals(
                    first_weight * weight,
                    deals,
                    &[below],
                    &[level * units / 2],
                );
            }
        }
        let deals = deals.iter().map(|&deals| u128::from(deals)).sum();
        Totals {
            all,
            by_first_combo,
            deals,
            distinct_deals: deals,
        }
    }
}

/// How many renamings of suits leave the duel's matchup as it is.
#[cfg(test)]
pub(super) fn symmetry_count(duel: &Duel) -> usize {
    duel.symmetries.len()
}

/// The renamings of suits (as maps of cards, the identity first) that leave `board`, `deck`
/// and the ranges as they are: every combo's image in a range, with the same weight.
fn symmetries(board: &[Card], deck: Bits, ranges: [&RangeBits; 2]) -> Vec<[u8; 64]> {
    let board = bits(board.iter().copied());
    let mut symmetries = Vec::new();
    for renaming in RENAMINGS {
        let kept = |set: Bits| rename_bits(set, &renaming) == set;
        let range_kept = |range: &RangeBits| {
            (range.partners.iter()).all(|partners| {
                (0..52).all(|card| {
                    partners[rename_index(card, &renaming)]
                        == rename_bits(partners[card], &renaming)
                })
            })
        };
        if kept(board) && kept(deck) && ranges.iter().all(|range| range_kept(range)) {
            let mut map = [0; 64];
            for (card, image) in map.iter_mut().enumerate().take(52) {
                *image = u8::try_from(rename_index(card, &renaming)).expect("52 cards");
            }
            symmetries.push(map);
        }
    }
    symmetries
}
