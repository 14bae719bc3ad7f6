//! One board's count: the sweeping player's combos in order of value against the widest
//! range's running counts, for each joint deal of the outer players, and the whole-number sums
//! it adds to.

use cards_core::{Card, CardSet, Hand};

use super::groups::{Flush, GROUPS, Groups, GroupsOnBoard};
use super::packed::{
    BY_WEIGHT_AND_CARD, ByCard, Counts, GROUP, Held, MAX_WEIGHTS, Packed, sort_by_value,
};
use super::sides::{Entry, OuterDeals, Parts, Side, Tuples};

/// Whole-number sums over deals and boards, kept apart by the deals' weights: each player's
/// boards won alone and split-pot units, and the first player's with each of their combos.
/// Within `MAX_SWEEP_STEPS` they fit 64 bits: a count has fewer deals times boards than its
/// steps times 1,326 (the last player's combos), 6.6·10^13, and a board's pot is at most 2,520
/// units.
pub(super) struct Sums {
    pub(super) players: usize,
    pub(super) tuples: usize,
    /// By weights' number, then player.
    pub(super) wins: Vec<u64>,
    pub(super) tie_units: Vec<u64>,
    /// By the first player's combo (its place in their side), then weights' number.
    pub(super) first_wins: Vec<u64>,
    pub(super) first_tie_units: Vec<u64>,
}

impl Sums {
    pub(super) fn new(players: usize, tuples: usize, first_combos: usize) -> Sums {
        Sums {
            players,
            tuples,
            wins: vec![0; tuples * players],
            tie_units: vec![0; tuples * players],
            first_wins: vec![0; first_combos * tuples],
            first_tie_units: vec![0; first_combos * tuples],
        }
    }

    pub(super) fn add(&mut self, other: &Sums) {
        for (sums, added) in [
            (&mut self.wins, &other.wins),
            (&mut self.tie_units, &other.tie_units),
            (&mut self.first_wins, &other.first_wins),
            (&mut self.first_tie_units, &other.first_tie_units),
        ] {
            for (sum, added) in sums.iter_mut().zip(added) {
                *sum += added;
            }
        }
    }

    /// Adds boards won alone and split-pot units to `player` in the deals of weights `number`.
    pub(super) fn credit(&mut self, number: usize, player: usize, wins: u64, units: u64) {
        self.wins[number * self.players + player] += wins;
        self.tie_units[number * self.players + player] += units;
    }

    /// The same for the first player holding their `first` combo (its place in their side).
    pub(super) fn credit_first(&mut self, first: usize, number: usize, wins: u64, units: u64) {
        self.first_wins[first * self.tuples + number] += wins;
        self.first_tie_units[first * self.tuples + number] += units;
    }
}
/// A value no hand has: the combo is not dealt on this board.
pub(super) const NOT_DEALT: u32 = u32::MAX;

/// The last player's combos below the value to beat and up to it, by weight, in all and by
/// card, as the value climbs through their combos sorted by value.
pub(super) struct Climb {
    pub(super) below: Counts,
    pub(super) at_most: Counts,
    /// By weight and card (see [`Held::slots`]).
    pub(super) below_by_card: Box<ByCard>,
    pub(super) at_most_by_card: Box<ByCard>,
    /// How many weights the last player's range has.
    pub(super) tiers: usize,
    pub(super) next_below: usize,
    pub(super) next_at_most: usize,
}

impl Climb {
    pub(super) fn new(tiers: usize) -> Climb {
        Climb {
            below: [0; MAX_WEIGHTS],
            at_most: [0; MAX_WEIGHTS],
            below_by_card: Box::new([0; BY_WEIGHT_AND_CARD]),
            at_most_by_card: Box::new([0; BY_WEIGHT_AND_CARD]),
            tiers,
            next_below: 0,
            next_at_most: 0,
        }
    }

    pub(super) fn reset(&mut self) {
        self.below.fill(0);
        self.at_most.fill(0);
        self.below_by_card[..64 * self.tiers].fill(0);
        self.at_most_by_card[..64 * self.tiers].fill(0);
        self.next_below = 0;
        self.next_at_most = 0;
    }

    /// Climbs to `value` (never lower than before) through the last player's combos and
    /// groups, sorted by value.
    pub(super) fn to(
        &mut self,
        value: u32,
        sorted: &[Packed],
        groups: &Groups,
        on_board: &GroupsOnBoard,
    ) {
        while let Some(&other) = sorted.get(self.next_below) {
            if other.value() >= value {
                break;
            }
            add(
                other,
                groups,
                on_board,
                &mut self.below,
                &mut self.below_by_card,
            );
            self.next_below += 1;
        }
        while let Some(&other) = sorted.get(self.next_at_most) {
            if other.value() > value {
                break;
            }
            add(
                other,
                groups,
                on_board,
                &mut self.at_most,
                &mut self.at_most_by_card,
            );
            self.next_at_most += 1;
        }
    }
}

/// Adds one of the last player's combos, or a group of them, to running counts by weight and
/// by weight and card (see [`Held::slots`]).
pub(super) fn add(
    packed: Packed,
    groups: &Groups,
    on_board: &GroupsOnBoard,
    counts: &mut Counts,
    by_card: &mut ByCard,
) {
    let low = packed.low();
    if low & GROUP == 0 {
        let held = Held(low);
        let [high, low] = held.slots();
        counts[held.tier()] += 1;
        by_card[high] += 1;
        by_card[low] += 1;
    } else {
        on_board.add(groups, usize::from(low & !GROUP), counts, by_card);
    }
}

/// How many of the last player's combos of one weight the sweeping combos meet: by where a
/// sweeping combo stands against the outer deal's best hand ([`Standing`]), those below the
/// value to beat and those level with it; and how many beat it.
#[derive(Clone, Copy, Default)]
pub(super) struct Met {
    pub(super) lt: [u64; 3],
    pub(super) eq: [u64; 3],
    pub(super) gt: u64,
}

/// Boards won alone and split-pot units, as (wins, units).
type Won = (u64, u64);

/// How the pots of a sweeping combo standing `standing` against the `held` outer players at
/// their best split, over `lt` of the last player's combos below the value to beat and `eq`
/// level with it, in units of `1 / units` of a pot: what each outer player at the best value
/// wins, what the sweeping player wins, and the last player's units (what beats the value to
/// beat is the last player's alone).
fn split(standing: Standing, lt: u64, eq: u64, held: u64, units: u64) -> (Won, Won, u64) {
    match standing {
        Standing::Above => ((0, 0), (lt, eq * units / 2), eq * units / 2),
        Standing::Level => {
            let level = (0, lt * units / (held + 1) + eq * units / (held + 2));
            (level, level, eq * units / (held + 2))
        }
        Standing::Under => {
            let best = if held == 1 {
                (lt, eq * units / 2)
            } else {
                (0, lt * units / held + eq * units / (held + 1))
            };
            (best, (0, 0), eq * units / (held + 1))
        }
    }
}

/// Room for one board's count, kept between boards.
pub(super) struct Scratch {
    /// Each outer player's combos' values on the board, by place ([`NOT_DEALT`] for those
    /// holding a card of it).
    pub(super) values: Vec<Vec<u32>>,
    /// The sweeping and the last player's combos on the board, sorted by value.
    pub(super) sweeping: Vec<Packed>,
    pub(super) last: Vec<Packed>,
    /// Room for the radix sort.
    pub(super) sort: Vec<Packed>,
    /// The last player's groups on the board.
    pub(super) groups: GroupsOnBoard,
    /// An outer deal's hole cards, by index.
    pub(super) outer_cards: Vec<usize>,
    /// The last player's combos made of two cards of an outer deal: weight and value.
    pub(super) pairs: Vec<(usize, u32)>,
    pub(super) climb: Climb,
    /// By the last player's weight: their combos on the board, in all and by card.
    pub(super) on_board: Counts,
    /// By weight and card (see [`Held::slots`]).
    pub(super) on_board_by_card: Box<ByCard>,
    /// By the sweeping and the last player's weights, for one outer deal.
    pub(super) met: Vec<Met>,
}

impl Scratch {
    pub(super) fn new(sides: &[Side], parts: &Parts, groups: &Groups) -> Scratch {
        let tiers = sides[parts.last].weights.len();
        Scratch {
            values: sides
                .iter()
                .map(|side| vec![NOT_DEALT; side.entries.len()])
                .collect(),
            sweeping: Vec::new(),
            last: Vec::new(),
            sort: Vec::new(),
            groups: GroupsOnBoard::new(groups),
            outer_cards: Vec::new(),
            pairs: Vec::new(),
            climb: Climb::new(tiers),
            on_board: [0; MAX_WEIGHTS],
            on_board_by_card: Box::new([0; BY_WEIGHT_AND_CARD]),
            met: vec![Met::default(); sides[parts.sweeping].weights.len() * tiers],
        }
    }
}

/// What a count reads.
pub(super) struct Count<'a> {
    /// The board's cards so far (a flop or more).
    pub(super) flop: CardSet,
    pub(super) sides: &'a [Side],
    pub(super) parts: &'a Parts,
    pub(super) outer: &'a OuterDeals,
    pub(super) groups: &'a Groups,
    pub(super) tuples: &'a Tuples,
    pub(super) tie_denominator: u64,
}

impl Count<'_> {
    /// How many joint deals there are, by weights' number, and by the first player's combo
    /// (its place in their side) and weights' number.
    pub(super) fn deals(&self) -> (Vec<u64>, Vec<u64>) {
        let Count {
            sides,
            parts,
            outer,
            tuples,
            ..
        } = *self;
        let mut deals = vec![0; tuples.len()];
        let mut first_deals = vec![0; sides[0].entries.len() * tuples.len()];
        let first_outer = parts.outer.iter().position(|&player| player == 0);
        let last = &sides[parts.last];
        let mut apart = vec![0; last.weights.len()];
        let mut cards = Vec::new();
        for deal in 0..outer.len() {
            cards.clear();
            cards.extend(outer.cards(deal));
            for (place, entry) in sides[parts.sweeping].entries.iter().enumerate() {
                if !(entry.set & outer.sets[deal]).is_empty() {
                    continue;
                }
                cards.extend(entry.combo.map(Card::index));
                apart.fill(0);
                last.apart_from(&cards, &mut apart);
                cards.truncate(2 * outer.players);
                let first = first_outer.map_or(place, |at| usize::from(outer.places(deal)[at]));
                for (tier, &apart) in apart.iter().enumerate() {
                    let number = outer.numbers[deal]
                        + entry.tier * tuples.strides[parts.sweeping]
                        + tier * tuples.strides[parts.last];
                    deals[number] += apart;
                    first_deals[first * tuples.len() + number] += apart;
                }
            }
        }
        (deals, first_deals)
    }

    /// Adds one board's wins and split-pot units to the sums.
    pub(super) fn board(
        &self,
        board: Hand,
        added: CardSet,
        scratch: &mut Scratch,
        sums: &mut Sums,
    ) {
        let full = added.into_iter().fold(board, Hand::add);
        let Count {
            sides,
            parts,
            outer,
            ..
        } = *self;
        let dealt = |entry: &Entry| (entry.set & added).is_empty();
        let value = |entry: &Entry| u32::from(full.combine(entry.cards).evaluate().to_raw());
        for &player in &parts.outer {
            let values = &mut scratch.values[player];
            for (entry, slot) in sides[player].entries.iter().zip(values.iter_mut()) {
                *slot = if dealt(entry) {
                    value(entry)
                } else {
                    NOT_DEALT
                };
            }
        }
        scratch.sweeping.clear();
        scratch.sweeping.extend(
            (0u16..)
                .zip(&sides[parts.sweeping].entries)
                .filter(|(_, entry)| dealt(entry))
                .map(|(place, entry)| Packed::new(value(entry), place)),
        );
        sort_by_value(&mut scratch.sweeping, &mut scratch.sort);
        self.last_on_board(full, added, scratch);
        for deal in 0..outer.len() {
            if (outer.sets[deal] & added).is_empty() {
                self.outer_deal(deal, scratch, sums);
            }
        }
    }

    /// The last player's combos on a board, sorted by value: by group, but those able to make a
    /// flush each on its own.
    pub(super) fn last_on_board(&self, full: Hand, added: CardSet, scratch: &mut Scratch) {
        let (groups, last) = (self.groups, &self.sides[self.parts.last]);
        let on_board = &mut scratch.groups;
        let flush = Flush::of(self.flop | added);
        let mut cards = added.into_iter().map(Card::index);
        // With two cards to come, the first is shared by the boards dealt after it.
        let (base_card, own_card) = match (cards.next(), cards.next()) {
            (Some(first), Some(second)) => (Some(first), Some(second)),
            (first, _) => (None, first),
        };
        let base_set: CardSet = base_card.map(|card| Card::ALL[card]).into_iter().collect();
        if on_board.base_card != Some(base_set) {
            on_board.base_mark = on_board.mark();
            let base = &mut on_board.base;
            base.0.copy_from_slice(&groups.count);
            base.1.copy_from_slice(&groups.by_card);
            base.2 = groups.all;
            base.3.copy_from_slice(&groups.all_by_card[..]);
            for &place in base_card.map_or(&[][..], |card| &groups.holding[card]) {
                let place = usize::from(place);
                on_board.taken[place] = on_board.base_mark;
                let base = &mut on_board.base;
                let tables = (&mut base.0[..], &mut base.1[..], &mut base.2, &mut *base.3);
                groups.take_out_dead(place, last.held[place], tables);
            }
            on_board.base_card = Some(base_set);
        }
        on_board.mark();
        on_board.count.copy_from_slice(&on_board.base.0);
        on_board.by_card.copy_from_slice(&on_board.base.1);
        // All the combos, less those holding a card of the board (by weight and card; the
        // weights the range has).
        scratch.on_board = on_board.base.2;
        let used = 64 * groups.weights;
        scratch.on_board_by_card[..used].copy_from_slice(&on_board.base.3[..used]);
        on_board.flush = flush;
        if let Some(card) = own_card {
            for &place in &groups.holding[card] {
                let place = usize::from(place);
                if !on_board.is_out(place) {
                    on_board.taken[place] = on_board.board;
                    let tables = (
                        &mut on_board.count[..],
                        &mut on_board.by_card[..],
                        &mut scratch.on_board,
                        &mut *scratch.on_board_by_card,
                    );
                    groups.take_out_dead(place, last.held[place], tables);
                }
            }
        }
        scratch.last.clear();
        if let Some(flush) = on_board.flush {
            let able = if flush.needed == 2 {
                &groups.both[flush.suit]
            } else {
                &groups.some[flush.suit]
            };
            for &place in able {
                let place = usize::from(place);
                if !on_board.is_out(place) {
                    on_board.taken[place] = on_board.board;
                    let held = last.held[place];
                    groups.take_out(place, held, &mut on_board.count, &mut on_board.by_card);
                    let value =
                        u32::from(full.combine(last.entries[place].cards).evaluate().to_raw());
                    let [one, other] = held.cards();
                    on_board.flushes[one << 6 | other] = value;
                    on_board.flushes[other << 6 | one] = value;
                    scratch.last.push(Packed::new(value, held.0));
                }
            }
        }
        for group in 0..GROUPS {
            let counts = &on_board.count[group * groups.weights..][..groups.weights];
            if counts.iter().all(|&count| count == 0) {
                continue;
            }
            let place = groups.entries[group]
                .iter()
                .map(|&place| usize::from(place))
                .find(|&place| !on_board.is_out(place))
                .expect("a group with combos left has one");
            let value = u32::from(full.combine(last.entries[place].cards).evaluate().to_raw());
            on_board.values[group] = value;
            let group = u16::try_from(group).expect("91 groups");
            scratch.last.push(Packed::new(value, GROUP | group));
        }
        sort_by_value(&mut scratch.last, &mut scratch.sort);
    }

    /// One outer deal's sweep on a board.
    pub(super) fn outer_deal(&self, deal: usize, scratch: &mut Scratch, sums: &mut Sums) {
        let Count {
            sides,
            parts,
            outer,
            tuples,
            tie_denominator: units,
            ..
        } = *self;
        let last = &sides[parts.last];
        let tiers = last.weights.len();
        // The outer deal's best value (three players or more: one outer player at least), and
        // which of its players hold it.
        let values = || {
            let places = outer.places(deal).iter();
            let players = parts.outer.iter().zip(places);
            players.map(|(&player, &place)| (player, scratch.values[player][usize::from(place)]))
        };
        let best = values()
            .map(|(_, value)| value)
            .max()
            .expect("an outer player");
        let at_best: Vec<usize> = values()
            .filter(|&(_, value)| value == best)
            .map(|(player, _)| player)
            .collect();
        let held = at_best.len() as u64;
        scratch.outer_cards.clear();
        scratch.outer_cards.extend(outer.cards(deal));
        // The last player's combos made of two of the outer deal's cards: weight and value.
        scratch.pairs.clear();
        for (at, &one) in scratch.outer_cards.iter().enumerate() {
            for &other in &scratch.outer_cards[at + 1..] {
                if let Some(tier) = last.pair(one, other) {
                    scratch
                        .pairs
                        .push((tier, scratch.groups.value_of(one, other)));
                }
            }
        }
        let first_sweeps = parts.sweeping == 0;
        scratch.met.fill(Met::default());
        scratch.climb.reset();
        for &packed in &scratch.sweeping {
            let place = usize::from(packed.low());
            let combo = sides[parts.sweeping].held[place];
            let [high, low] = combo.cards();
            if outer.sets[deal].contains(Card::ALL[high])
                || outer.sets[deal].contains(Card::ALL[low])
            {
                continue;
            }
            let value = packed.value();
            let to_beat = best.max(value);
            scratch
                .climb
                .to(to_beat, &scratch.last, self.groups, &scratch.groups);
            let climb = &scratch.climb;
            let standing = match value.cmp(&best) {
                std::cmp::Ordering::Less => Standing::Under,
                std::cmp::Ordering::Equal => Standing::Level,
                std::cmp::Ordering::Greater => Standing::Above,
            };
            let number = outer.numbers[deal] + combo.tier() * tuples.strides[parts.sweeping];
            let itself = last.pair(high, low);
            for tier in 0..tiers {
                let (mut lt, mut le, mut apart) = (
                    climb.below[tier],
                    climb.at_most[tier],
                    scratch.on_board[tier],
                );
                // Combos made of two of the dealt cards are taken away twice: added back first
                // (the last player's copy of this very combo, level with it; the outer deal's
                // own pairs; those of a card of each), so that no count goes below 0.
                let mut add_back = |pair_value: u32| {
                    apart += 1;
                    lt += u32::from(pair_value < to_beat);
                    le += u32::from(pair_value <= to_beat);
                };
                if itself == Some(tier) {
                    add_back(value);
                }
                for &(pair_tier, pair_value) in &scratch.pairs {
                    if pair_tier == tier {
                        add_back(pair_value);
                    }
                }
                for &one in &scratch.outer_cards {
                    for other in [high, low] {
                        if last.pair(one, other) == Some(tier) {
                            add_back(scratch.groups.value_of(one, other));
                        }
                    }
                }
                let below_by_card = &climb.below_by_card[64 * tier..][..64];
                let at_most_by_card = &climb.at_most_by_card[64 * tier..][..64];
                let on_board_by_card = &scratch.on_board_by_card[64 * tier..][..64];
                for card in [high, low] {
                    lt -= below_by_card[card];
                    le -= at_most_by_card[card];
                    apart -= on_board_by_card[card];
                }
                for &card in &scratch.outer_cards {
                    lt -= below_by_card[card];
                    le -= at_most_by_card[card];
                    apart -= on_board_by_card[card];
                }
                let (lt, eq, gt) = (u64::from(lt), u64::from(le - lt), u64::from(apart - le));
                let met = &mut scratch.met[combo.tier() * tiers + tier];
                met.gt += gt;
                met.lt[standing as usize] += lt;
                met.eq[standing as usize] += eq;
                if first_sweeps && standing != Standing::Under {
                    let (_, (wins, ties), _) = split(standing, lt, eq, held, units);
                    let number = number + tier * tuples.strides[parts.last];
                    sums.credit_first(place, number, wins, ties);
                }
            }
        }
        // Each combination of the sweeping and the last player's weights: the boards and
        // split-pot units of every player.
        let first_outer = parts.outer.iter().position(|&player| player == 0);
        for (at, met) in scratch.met.iter().enumerate() {
            let number = outer.numbers[deal]
                + at / tiers * tuples.strides[parts.sweeping]
                + at % tiers * tuples.strides[parts.last];
            // Each part's boards and units, added over where the sweeping combos stood.
            let (mut best, mut sweeping, mut last_units) = ((0, 0), (0, 0), 0);
            for standing in [Standing::Above, Standing::Level, Standing::Under] {
                let at = standing as usize;
                let (at_best_won, swept, last) =
                    split(standing, met.lt[at], met.eq[at], held, units);
                best = (best.0 + at_best_won.0, best.1 + at_best_won.1);
                sweeping = (sweeping.0 + swept.0, sweeping.1 + swept.1);
                last_units += last;
            }
            sums.credit(number, parts.sweeping, sweeping.0, sweeping.1);
            sums.credit(number, parts.last, met.gt, last_units);
            let (wins, ties) = best;
            for &player in &at_best {
                sums.credit(number, player, wins, ties);
            }
            if let Some(at) = first_outer.filter(|_| at_best.contains(&0)) {
                let first = usize::from(outer.places(deal)[at]);
                sums.credit_first(first, number, wins, ties);
            }
        }
    }
}

/// Where a sweeping combo stands against the outer deal's best hand (a place in [`Met`]'s
/// arrays).
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Standing {
    Above,
    Level,
    Under,
}
