//! Range equity by sampling: random joint deals, each with a few random boards, until every
//! player's equity has the standard error asked for, or time is up.
//!
//! A deal is drawn player by player, each combo in proportion to its weight among the player's
//! combos that miss the cards dealt so far. That is not yet the distribution asked for (each
//! deal in proportion to the product of its combos' weights): a player left with fewer combos
//! makes the deals through them likelier. Each deal therefore counts with the weight that
//! corrects it, the product over the players of the share of their range's weight still
//! dealable when their turn came (importance sampling), and the figures are weighted means. With
//! ranges that cannot collide, or random hands, that weight is the same for every deal. Drawing
//! whole deals and throwing back those that share a card would need the same answer without
//! weights, but ten random hands share a card nearly always: it would never finish.
//!
//! Deals are drawn in batches of `BATCH`, each from its own generator seeded by the seed and the
//! batch's number, and the batches are summed in their order: the figures depend on the seed and
//! on when the run stops, never on the threads. The stopping rule is looked at after every
//! round of `ROUND` batches, or near the end after the batches it still expects to need.
//!
//! A deal is one sample, the mean of its boards. Its boards are drawn at once, one partial
//! shuffle of the deal's deck cut into boards, so that they share no card: each is a uniformly
//! random board all the same, and their mean varies less than that of independent boards (the
//! deck's cards are spread over them, as in drawing without replacement): for AS KS against two
//! random hands before the flop, 30% fewer boards reach the same standard error.

use std::time::Instant;

use arrayvec::ArrayVec;
use cards_core::holdem::{COMBOS, Combo, combo_index};
use cards_core::{Card, CardSet, Hand, HandValue};
use seeded_rng::{PartialShuffle, SeededRng};
use work_threads::{Threads, map_on_threads};

use crate::error::EquityError;
use crate::progress::Progress;
use crate::ranges::deal::deal;
use crate::ranges::matchup::{RangeMatchup, Sampling};
use crate::ranges::result::{ComboEquity, Counted, RangeEquity};
use crate::shares::PotShares;

/// Boards drawn with one generator.
const BATCH: u64 = 4096;

/// Boards drawn for each deal, by the number of board cards to draw (none: the board is
/// complete), as far as the deck holds them. A deal costs about as much as two boards; the fewer
/// cards a board leaves to chance, the more of the spread the deals make, and the fewer boards a
/// deal is worth (measured on BENCHMARKS.md's sampled lines: 8 preflop, 4 on a flop, 2 on a turn).
const BOARDS_PER_DEAL: [usize; 6] = [1, 2, 4, 4, 8, 8];

/// The most players a deal can seat: 23 hands and a board take 51 of the 52 cards.
const MOST_PLAYERS: usize = 23;

/// A pot in whole units that every number of winners (one to 23 players) divides: the least
/// common multiple of 1 to 23.
const SHARE_UNITS: u64 = 5_354_228_880;

/// `SHARE_UNITS` split among each number of winners (by the number; 0 for none).
const SHARES: [u64; 24] = {
    let mut shares = [0; 24];
    let mut winners = 1;
    while winners < 24 {
        shares[winners] = SHARE_UNITS / winners as u64;
        winners += 1;
    }
    shares
};

/// For up to four players, what each set of winners (bits by player) adds to a deal's tallies:
/// sixteen bits a player, the boards won alone in the low eight and the pot shares, in twelfths
/// (which one to four winners divide), in the high eight. A deal's boards sum them: at most
/// `12 * BOARDS_PER_DEAL[5]` in a field, under 256.
const PACKED_TALLIES: [u64; 16] = {
    let mut tallies = [0; 16];
    let mut winners: usize = 1;
    while winners < 16 {
        let count = winners.count_ones() as u64;
        let mut player = 0;
        while player < 4 {
            if winners >> player & 1 == 1 {
                tallies[winners] += ((count == 1) as u64 | (12 / count) << 8) << (16 * player);
            }
            player += 1;
        }
        winners += 1;
    }
    tallies
};

const _: () = assert!(12 * BOARDS_PER_DEAL[5] < 256);

/// Batches between two looks at the stopping rule.
const ROUND: usize = 16;

/// Draws of a combo that may share a card with the deal before the player's dealable combos are
/// listed instead.
const TRIES: usize = 64;

/// The effective number of samples (the squared sum of their weights over the sum of their
/// squares) below which a standard error is not trusted.
const FEWEST_SAMPLES: f64 = 30.0;

/// Rounds without one complete deal after which sampling gives up.
const MOST_EMPTY_ROUNDS: usize = 1024;

/// Samples `matchup` until `sampling` says stop (see the module's documentation).
pub(crate) fn sampled(
    matchup: &RangeMatchup,
    sampling: &Sampling,
    threads: Threads,
    progress: &dyn Progress,
) -> Result<RangeEquity, EquityError> {
    let taken: CardSet = matchup.board.iter().chain(&matchup.dead).copied().collect();
    let mut chosen = Vec::new();
    if deal(&matchup.ranges, taken, 1.0, &mut chosen, &mut |_, _| false) {
        return Err(EquityError::NoDeal);
    }
    let table = Table::new(matchup, taken);
    // The clock is read only when there is a time limit: WebAssembly in a page has none.
    let started = sampling.time_limit.map(|_| Instant::now());
    let mut total = SampleSums::new(&table);
    let (mut rounds, mut batches_drawn, mut next_round) = (0, 0, ROUND);
    loop {
        if progress.is_cancelled() {
            return Err(EquityError::Cancelled);
        }
        let batches = run_round(
            &table,
            sampling.seed,
            batches_drawn..batches_drawn + next_round,
            threads,
        );
        for batch in &batches {
            total.merge(batch);
        }
        rounds += 1;
        batches_drawn += next_round;
        if total.weight == 0.0 {
            // Every draw so far ended with a player who had no combo left.
            if rounds >= MOST_EMPTY_ROUNDS {
                return Err(EquityError::NoDeal);
            }
            continue;
        }
        let worst = total.standard_errors().into_iter().fold(0.0, f64::max);
        // The share of the time limit used.
        let time_used = started
            .zip(sampling.time_limit)
            .map_or(0.0, |(started, limit)| {
                started.elapsed().as_secs_f64() / limit.as_secs_f64()
            });
        // A handful of samples can show no spread at all (one deal that always wins): the
        // standard error is trusted from `FEWEST_SAMPLES` effective samples on.
        let trusted = total.effective_samples() >= FEWEST_SAMPLES;
        if (worst <= sampling.standard_error && trusted) || time_used >= 1.0 {
            break;
        }
        // Samples needed grow with the square of the error still to shed.
        let by_error = (sampling.standard_error / worst).powi(2);
        progress.report(by_error.max(time_used).min(1.0));
        if trusted {
            next_round = next_round_size(batches_drawn, by_error);
        }
    }
    Ok(total.result(&table))
}

/// The batches of the next round: near the end, those still needed by the rule that samples
/// grow with the square of the error still to shed (`by_error`, the square of the error asked
/// for over the error so far), and a twentieth more; a whole round before.
#[expect(
    clippy::cast_possible_truncation,
    clippy::cast_sign_loss,
    reason = "clamped to 1..=ROUND before the cast"
)]
fn next_round_size(batches_drawn: usize, by_error: f64) -> usize {
    let needed = batches_drawn as f64 * (1.0 / by_error - 1.0) * 1.05;
    needed.ceil().clamp(1.0, ROUND as f64) as usize
}

/// What the draws need: each player's combos that miss the board and dead cards.
struct Table {
    players: Vec<Seat>,
    taken: CardSet,
    board: Hand,
    missing: usize,
}

/// One player's combos, ready to deal, and their weights by card.
struct Seat {
    combos: Vec<Dealt>,
    /// The sum of the combos' weights.
    total: f64,
    /// The weight of the combos holding each card, by the card's index.
    by_card: [f64; 52],
    /// The weight of each combo, by its place among all 1,326 (0 for combos not in the range).
    by_combo: Vec<f64>,
    /// For a seat holding every combo of the deck at one weight (a random hand): the dealable
    /// share by the number of cards dealt before, which is all it depends on.
    shares_by_count: Option<Vec<f64>>,
}

/// One combo, ready to deal.
#[derive(Clone, Copy)]
struct Dealt {
    combo: Combo,
    cards: Hand,
    set: CardSet,
    /// The weight relative to the range's largest, so drawing by rejection is quick.
    weight: f64,
}

impl Table {
    fn new(matchup: &RangeMatchup, taken: CardSet) -> Table {
        let players = matchup
            .ranges
            .iter()
            .map(|range| {
                let mut combos: Vec<Dealt> = range
                    .combos()
                    .iter()
                    .map(|&(combo, weight)| Dealt {
                        combo,
                        cards: Hand::from_cards(&combo),
                        set: combo.into_iter().collect(),
                        weight,
                    })
                    .filter(|dealt| (dealt.set & taken).is_empty())
                    .collect();
                let largest = combos.iter().map(|dealt| dealt.weight).fold(0.0, f64::max);
                let (mut by_card, mut by_combo) = ([0.0; 52], vec![0.0; COMBOS]);
                for dealt in &mut combos {
                    dealt.weight /= largest;
                    by_card[dealt.combo[0].index()] += dealt.weight;
                    by_card[dealt.combo[1].index()] += dealt.weight;
                    by_combo[combo_index(dealt.combo)] = dealt.weight;
                }
                // With every combo of the deck's `left` cards, `k` cards dealt leave
                // (left - k) choose 2 of the (left choose 2).
                let left = 52 - taken.len() as usize;
                let every_combo = combos.len() == left * (left - 1) / 2
                    && combos.iter().all(|dealt| dealt.weight >= 1.0);
                let shares_by_count = every_combo.then(|| {
                    let pairs = |cards: usize| (cards * cards.saturating_sub(1) / 2) as f64;
                    (0..=left)
                        .map(|dealt| pairs(left - dealt) / pairs(left))
                        .collect()
                });
                Seat {
                    total: combos.iter().map(|dealt| dealt.weight).sum(),
                    combos,
                    by_card,
                    by_combo,
                    shares_by_count,
                }
            })
            .collect();
        Table {
            players,
            taken,
            board: Hand::from_cards(&matchup.board),
            missing: 5 - matchup.board.len(),
        }
    }
}

impl Seat {
    /// The share of the seat's weight in combos that miss every card of `dealt`: all of it, less
    /// the combos holding one of them, plus those holding two (subtracted twice).
    fn dealable_share(&self, dealt: &[Card]) -> f64 {
        if let Some(shares) = &self.shares_by_count {
            return shares[dealt.len()];
        }
        let mut weight = self.total;
        for (index, &card) in dealt.iter().enumerate() {
            weight -= self.by_card[card.index()];
            for &other in &dealt[..index] {
                weight += self.by_combo[combo_index([card, other])];
            }
        }
        (weight / self.total).max(0.0)
    }

    /// A combo (its place) that misses `used`, drawn in proportion to its weight; `None` when
    /// every combo holds a used card.
    fn draw(&self, rng: &mut SeededRng, used: CardSet) -> Option<usize> {
        // A single combo needs no random number.
        if let [only] = &self.combos[..] {
            return (only.set & used).is_empty().then_some(0);
        }
        for _ in 0..TRIES {
            let place = rng.index(self.combos.len());
            let dealt = &self.combos[place];
            // A weight below one keeps the combo that share of the time.
            let kept = dealt.weight >= 1.0 || unit(rng) < dealt.weight;
            if kept && (dealt.set & used).is_empty() {
                return Some(place);
            }
        }
        // Most combos are taken: list the others and draw among them.
        let dealable = |dealt: &&Dealt| (dealt.set & used).is_empty();
        let weight: f64 = self
            .combos
            .iter()
            .filter(dealable)
            .map(|dealt| dealt.weight)
            .sum();
        if weight <= 0.0 {
            return None;
        }
        let mut target = unit(rng) * weight;
        let mut last = None;
        for (place, dealt) in self.combos.iter().enumerate() {
            if (dealt.set & used).is_empty() {
                last = Some(place);
                target -= dealt.weight;
                if target < 0.0 {
                    break;
                }
            }
        }
        last
    }
}

/// Weighted sums over samples, each sample counting with its deal's weight.
#[derive(Clone)]
struct SampleSums {
    deals: u64,
    boards: u64,
    /// The sum of the weights, and of their squares.
    weight: f64,
    weight_squared: f64,
    /// By player: the weight of the pots won alone, and of the pot shares split.
    wins: Vec<f64>,
    ties: Vec<f64>,
    /// By player: the sums of squared weight times the player's share, and times its square
    /// (for the standard error of a weighted mean).
    squared_shares: Vec<f64>,
    squared_shares_squared: Vec<f64>,
    /// By the first player's combo (its place in their seat).
    first: Vec<ComboSums>,
}

/// The first player's weighted sums with one combo: the weight of the samples that dealt it, and
/// of the pots won alone and split with it.
#[derive(Clone, Copy, Default)]
struct ComboSums {
    weight: f64,
    wins: f64,
    ties: f64,
}

impl SampleSums {
    fn new(table: &Table) -> SampleSums {
        let players = table.players.len();
        SampleSums {
            deals: 0,
            boards: 0,
            weight: 0.0,
            weight_squared: 0.0,
            wins: vec![0.0; players],
            ties: vec![0.0; players],
            squared_shares: vec![0.0; players],
            squared_shares_squared: vec![0.0; players],
            first: vec![ComboSums::default(); table.players[0].combos.len()],
        }
    }

    fn merge(&mut self, other: &SampleSums) {
        self.deals += other.deals;
        self.boards += other.boards;
        self.weight += other.weight;
        self.weight_squared += other.weight_squared;
        for (total, add) in [
            (&mut self.wins, &other.wins),
            (&mut self.ties, &other.ties),
            (&mut self.squared_shares, &other.squared_shares),
            (
                &mut self.squared_shares_squared,
                &other.squared_shares_squared,
            ),
        ] {
            for (total, add) in total.iter_mut().zip(add) {
                *total += add;
            }
        }
        for (total, add) in self.first.iter_mut().zip(&other.first) {
            total.weight += add.weight;
            total.wins += add.wins;
            total.ties += add.ties;
        }
    }

    /// How many samples of equal weight would make as good a mean: the squared sum of the
    /// weights over the sum of their squares (Kish's effective sample size).
    fn effective_samples(&self) -> f64 {
        self.weight * self.weight / self.weight_squared
    }

    /// Each player's equity's standard error: that of a weighted mean, the root of
    /// `sum(w² (x - mean)²) / sum(w)²`.
    fn standard_errors(&self) -> Vec<f64> {
        (0..self.wins.len())
            .map(|player| {
                let mean = (self.wins[player] + self.ties[player]) / self.weight;
                let spread = self.squared_shares_squared[player]
                    - 2.0 * mean * self.squared_shares[player]
                    + mean * mean * self.weight_squared;
                spread.max(0.0).sqrt() / self.weight
            })
            .collect()
    }

    fn result(&self, table: &Table) -> RangeEquity {
        let first_player_combos = table.players[0]
            .combos
            .iter()
            .zip(&self.first)
            .filter(|(_, sums)| sums.weight > 0.0)
            .map(|(dealt, sums)| ComboEquity {
                combo: dealt.combo,
                frequency: sums.weight / self.weight,
                shares: PotShares {
                    wins: sums.wins / sums.weight,
                    ties: sums.ties / sums.weight,
                },
            })
            .collect();
        RangeEquity {
            counted: Counted::Sampled {
                deals: self.deals,
                boards: self.boards,
                standard_errors: self.standard_errors(),
            },
            players: self
                .wins
                .iter()
                .zip(&self.ties)
                .map(|(&wins, &ties)| PotShares {
                    wins: wins / self.weight,
                    ties: ties / self.weight,
                })
                .collect(),
            first_player_combos,
        }
    }
}

/// Draws the batches numbered `batches`, on up to `threads` threads, and returns their tallies in
/// order.
fn run_round(
    table: &Table,
    seed: u64,
    batches: std::ops::Range<usize>,
    threads: Threads,
) -> Vec<SampleSums> {
    // Each batch's generator starts from a mix of the seed and the batch's number. The seed is
    // mixed first: with `seed ^ batch`, seeds 0 to 7 (say) drew the same eight batches in another
    // order, and gave the same figures.
    let base = SeededRng::new(seed).next_u64();
    map_on_threads(batches.len(), threads, |index| {
        let batch_seed = SeededRng::new(base ^ (batches.start + index) as u64).next_u64();
        run_batch(table, batch_seed)
    })
}

/// Draws `BATCH` boards (the most a whole number of deals makes), up to `BOARDS_PER_DEAL` for
/// each deal, with a generator seeded by `seed`.
fn run_batch(table: &Table, seed: u64) -> SampleSums {
    // The loops over the players unrolled for the commonest counts.
    match table.players.len() {
        2 => run_batch_of::<2>(table, seed),
        3 => run_batch_of::<3>(table, seed),
        4 => run_batch_of::<4>(table, seed),
        _ => run_batch_of::<0>(table, seed),
    }
}

/// `run_batch` for `PLAYERS` players, or any number up to `MOST_PLAYERS` when it is 0.
fn run_batch_of<const PLAYERS: usize>(table: &Table, seed: u64) -> SampleSums {
    let mut rng = SeededRng::new(seed);
    let mut tally = SampleSums::new(table);
    let players = if PLAYERS == 0 {
        table.players.len()
    } else {
        PLAYERS
    };
    let mut chosen = [0; MOST_PLAYERS];
    let chosen = &mut chosen[..players];
    let mut dealt = ArrayVec::new();
    let decks = Decks::new(table.taken, 2 * players);
    // A deal's boards share no card: as many as the deck holds, up to `BOARDS_PER_DEAL`.
    let boards_per_deal = match table.missing {
        0 => 1,
        missing => BOARDS_PER_DEAL[missing].min(decks.left / missing),
    };
    let boards = PartialShuffle::new(decks.left, boards_per_deal * table.missing);
    // By player, over the deal's boards: pots won alone, and pot shares in `SHARE_UNITS`.
    let (mut won_alone, mut won_units) = ([0u64; MOST_PLAYERS], [0u64; MOST_PLAYERS]);
    let (won_alone, won_units) = (&mut won_alone[..players], &mut won_units[..players]);
    for _ in 0..BATCH / boards_per_deal as u64 {
        let Some(weight) = draw_deal(
            &table.players[..players],
            table.taken,
            &mut rng,
            chosen,
            &mut dealt,
        ) else {
            // A player had no combo left: a deal of weight 0.
            continue;
        };
        let holes: [Hand; MOST_PLAYERS] = std::array::from_fn(|player| {
            chosen.get(player).map_or(Hand::EMPTY, |&place| {
                table.players[player].combos[place].cards
            })
        });
        let mut deck = decks.deal(&dealt);
        let deck = &mut deck[..decks.left];
        boards.shuffle(&mut rng, deck);
        // The tallies of up to four players, packed (see `PACKED_TALLIES`).
        let mut packed = 0;
        // The boards: the shuffled cards at the deck's end, `missing` at a time.
        for end in (0..boards_per_deal).map(|board| decks.left - board * table.missing) {
            let board = deck[end - table.missing..end]
                .iter()
                .fold(table.board, |board, &card| board.add(card));
            let values: [HandValue; MOST_PLAYERS] = std::array::from_fn(|player| {
                if player < players {
                    board.combine(holes[player]).evaluate()
                } else {
                    HandValue::LOWEST
                }
            });
            let best = values[..players]
                .iter()
                .copied()
                .fold(HandValue::LOWEST, HandValue::max);
            // The winners as bits by player: one, nearly always.
            let mut winners = 0;
            for (player, &value) in values[..players].iter().enumerate() {
                winners |= usize::from(value == best) << player;
            }
            if PLAYERS == 0 {
                let count = winners.count_ones();
                let (share, alone) = (SHARES[count as usize], u64::from(count == 1));
                while winners != 0 {
                    let player = winners.trailing_zeros() as usize;
                    won_alone[player] += alone;
                    won_units[player] += share;
                    winners &= winners - 1;
                }
            } else {
                packed += PACKED_TALLIES[winners];
            }
        }
        if PLAYERS != 0 {
            for (player, (alone, units)) in won_alone.iter_mut().zip(&mut *won_units).enumerate() {
                let tallies = packed >> (16 * player);
                *alone = tallies & 0xFF;
                *units = (tallies >> 8 & 0xFF) * (SHARE_UNITS / 12);
            }
        }
        // The deal is one sample: its players' mean shares over its boards.
        let per_board = 1.0 / boards_per_deal as f64;
        let per_unit = per_board / SHARE_UNITS as f64;
        let squared_weight = weight * weight;
        tally.weight += weight;
        tally.weight_squared += squared_weight;
        // A player's mean pots won alone and shares split, over the deal's boards.
        let means = |player: usize| {
            let split_units = won_units[player] - won_alone[player] * SHARE_UNITS;
            (
                won_alone[player] as f64 * per_board,
                split_units as f64 * per_unit,
            )
        };
        for player in 0..players {
            let (alone, split) = means(player);
            let share = alone + split;
            tally.wins[player] += weight * alone;
            tally.ties[player] += weight * split;
            tally.squared_shares[player] += squared_weight * share;
            tally.squared_shares_squared[player] += squared_weight * share * share;
        }
        let (alone, split) = means(0);
        let first = &mut tally.first[chosen[0]];
        first.weight += weight;
        first.wins += weight * alone;
        first.ties += weight * split;
        if PLAYERS == 0 {
            won_alone.fill(0);
            won_units.fill(0);
        }
    }
    tally.deals = BATCH / boards_per_deal as u64;
    tally.boards = tally.deals * boards_per_deal as u64;
    tally
}

/// The free cards (off the board and not dead), from which each deal's deck is made.
struct Decks {
    /// The free cards in order, then spare slots.
    free: [Card; 64],
    /// The place of each free card in `free`, by the card's index.
    places: [u8; 52],
    /// The number of cards in each deal's deck: the free ones less the dealt ones.
    left: usize,
    /// The places in `free` from `left` to the last free card, as bits.
    tail: u64,
}

impl Decks {
    /// The decks of deals of `dealt` cards, from the free cards, those not in `taken`.
    fn new(taken: CardSet, dealt: usize) -> Decks {
        let (mut free, mut places) = ([Card::ALL[0]; 64], [0; 52]);
        let mut count = 0;
        for (slot, card) in free.iter_mut().zip((!taken).iter()) {
            *slot = card;
            places[card.index()] = count;
            count += 1;
        }
        let left = usize::from(count) - dealt;
        Decks {
            free,
            places,
            left,
            tail: ((1 << count) - 1) & !((1 << left) - 1),
        }
    }

    /// The deck of a deal that dealt `dealt`: its first `left` cards are the free cards less the
    /// dealt ones, each dealt card among them replaced by one of the tail's that was not dealt.
    #[inline(always)]
    fn deal(&self, dealt: &[Card]) -> [Card; 64] {
        let dealt_places = dealt
            .iter()
            .fold(0u64, |bits, card| bits | 1 << self.places[card.index()]);
        let mut holes = dealt_places & ((1 << self.left) - 1);
        let mut fillers = !dealt_places & self.tail;
        let mut deck = self.free;
        // As many holes as fillers, paired in order. A step for each dealt card, so that
        // nothing branches on how many holes there are: the steps past them write a spare slot.
        for _ in dealt {
            let (hole, filler) = (holes.trailing_zeros(), fillers.trailing_zeros());
            deck[hole.min(63) as usize] = self.free[filler.min(63) as usize];
            holes &= holes.wrapping_sub(1);
            fillers &= fillers.wrapping_sub(1);
        }
        deck
    }
}

/// Draws one combo per player into `chosen` (places in their seats), player by player, each in
/// proportion to its weight among the player's combos that miss the cards dealt before, and their
/// cards into `dealt`; returns the deal's weight (the product of the shares of each player's
/// weight that was dealable), or `None` when a player had no combo left.
#[inline(always)]
fn draw_deal(
    seats: &[Seat],
    taken: CardSet,
    rng: &mut SeededRng,
    chosen: &mut [usize],
    dealt: &mut ArrayVec<Card, { 2 * MOST_PLAYERS }>,
) -> Option<f64> {
    let mut used = taken;
    let mut weight = 1.0;
    dealt.clear();
    for (player, seat) in seats.iter().enumerate() {
        let place = seat.draw(rng, used)?;
        weight *= seat.dealable_share(dealt);
        let combo = seat.combos[place].combo;
        used |= seat.combos[place].set;
        dealt.push(combo[0]);
        dealt.push(combo[1]);
        chosen[player] = place;
    }
    Some(weight)
}

/// A uniform number in `[0, 1)`.
fn unit(rng: &mut SeededRng) -> f64 {
    (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64
}

#[cfg(test)]
mod tests;
