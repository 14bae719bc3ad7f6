//! Range equity by sampling: random joint deals, each with one random board, until every
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
//! round of `ROUND` batches.

use std::time::Instant;

use cards_core::holdem::{COMBOS, Combo, combo_index};
use cards_core::{Card, CardSet, Hand};
use seeded_rng::SeededRng;
use work_threads::{Threads, map_on_threads};

use crate::error::EquityError;
use crate::progress::Progress;
use crate::ranges::deal::deal;
use crate::ranges::matchup::{RangeMatchup, Sampling};
use crate::ranges::result::{ComboEquity, Counted, RangeEquity};
use crate::shares::PotShares;

/// Boards drawn with one generator.
const BATCH: u64 = 4096;

/// Boards drawn for each deal: a deal costs about as much to draw as a board and its values, and
/// the boards, not the deals, make most of the spread.
const BOARDS_PER_DEAL: usize = 4;

/// Batches between two looks at the stopping rule.
const ROUND: usize = 16;

/// Draws of a combo that may share a card with the deal before the player's dealable combos are
/// listed instead.
const TRIES: usize = 64;

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
    let started = Instant::now();
    let mut total = SampleSums::new(&table);
    let mut rounds = 0;
    loop {
        if progress.is_cancelled() {
            return Err(EquityError::Cancelled);
        }
        let first_batch = rounds * ROUND;
        let batches = run_round(&table, sampling.seed, first_batch, threads);
        for batch in &batches {
            total.merge(batch);
        }
        rounds += 1;
        if total.weight == 0.0 {
            // Every draw so far ended with a player who had no combo left.
            if rounds >= MOST_EMPTY_ROUNDS {
                return Err(EquityError::NoDeal);
            }
            continue;
        }
        let worst = total.standard_errors().into_iter().fold(0.0, f64::max);
        let elapsed = started.elapsed();
        if worst <= sampling.standard_error
            || sampling.time_limit.is_some_and(|limit| elapsed >= limit)
        {
            break;
        }
        // Samples needed grow with the square of the error still to shed.
        let by_error = (sampling.standard_error / worst).powi(2);
        let by_time = sampling
            .time_limit
            .map_or(0.0, |limit| elapsed.as_secs_f64() / limit.as_secs_f64());
        progress.report(by_error.max(by_time).min(1.0));
    }
    Ok(total.result(&table))
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

/// Draws the batches `first_batch..first_batch + ROUND`, on up to `threads` threads, and returns
/// their tallies in order.
fn run_round(table: &Table, seed: u64, first_batch: usize, threads: Threads) -> Vec<SampleSums> {
    // Each batch's generator starts from a mix of the seed and the batch's number. The seed is
    // mixed first: with `seed ^ batch`, seeds 0 to 7 (say) drew the same eight batches in another
    // order, and gave the same figures.
    let base = SeededRng::new(seed).next_u64();
    map_on_threads(ROUND, threads, |index| {
        let batch_seed = SeededRng::new(base ^ (first_batch + index) as u64).next_u64();
        run_batch(table, batch_seed)
    })
}

/// Draws `BATCH` boards, `BOARDS_PER_DEAL` for each deal, with a generator seeded by `seed`.
fn run_batch(table: &Table, seed: u64) -> SampleSums {
    let mut rng = SeededRng::new(seed);
    let mut tally = SampleSums::new(table);
    let players = table.players.len();
    // A complete board has nothing left to draw.
    let boards_per_deal = if table.missing == 0 {
        1
    } else {
        BOARDS_PER_DEAL
    };
    let mut chosen = vec![0; players];
    let mut dealt = Vec::with_capacity(2 * players);
    let mut values = vec![Hand::EMPTY.evaluate(); players];
    // By player, over the deal's boards: pots won alone, and pot shares split.
    let mut won_alone = vec![0.0; players];
    let mut won_split = vec![0.0; players];
    for _ in 0..BATCH / boards_per_deal as u64 {
        let Some((deal_used, weight)) = draw_deal(table, &mut rng, &mut chosen, &mut dealt) else {
            // A player had no combo left: a deal of weight 0.
            continue;
        };
        won_alone.fill(0.0);
        won_split.fill(0.0);
        for _ in 0..boards_per_deal {
            let mut used = deal_used;
            let mut board = table.board;
            for _ in 0..table.missing {
                let card = loop {
                    let card = Card::ALL[rng.index(52)];
                    if used.insert(card) {
                        break card;
                    }
                };
                board = board.add(card);
            }
            for ((value, seat), &place) in values.iter_mut().zip(&table.players).zip(&chosen) {
                *value = board.combine(seat.combos[place].cards).evaluate();
            }
            // Who won is random: tallied without branches on it.
            let best = *values.iter().max().expect("two players or more");
            let winners = values.iter().filter(|&&value| value == best).count();
            let (alone, share) = (winners == 1, 1.0 / winners as f64);
            for ((&value, alone_total), split_total) in
                values.iter().zip(&mut won_alone).zip(&mut won_split)
            {
                let won = if value == best { share } else { 0.0 };
                *alone_total += if alone { won } else { 0.0 };
                *split_total += if alone { 0.0 } else { won };
            }
        }
        // The deal is one sample: its players' mean shares over its boards.
        let per_board = 1.0 / boards_per_deal as f64;
        let squared_weight = weight * weight;
        tally.weight += weight;
        tally.weight_squared += squared_weight;
        for player in 0..players {
            let (alone, split) = (won_alone[player] * per_board, won_split[player] * per_board);
            let share = alone + split;
            tally.wins[player] += weight * alone;
            tally.ties[player] += weight * split;
            tally.squared_shares[player] += squared_weight * share;
            tally.squared_shares_squared[player] += squared_weight * share * share;
        }
        let first = &mut tally.first[chosen[0]];
        first.weight += weight;
        first.wins += weight * won_alone[0] * per_board;
        first.ties += weight * won_split[0] * per_board;
    }
    tally.deals = BATCH / boards_per_deal as u64;
    tally.boards = tally.deals * boards_per_deal as u64;
    tally
}

/// Draws one combo per player into `chosen` (places in their seats), player by player, each in
/// proportion to its weight among the player's combos that miss the cards dealt before; returns
/// every card then out of the deck and the deal's weight (the product of the shares of each
/// player's weight that was dealable), or `None` when a player had no combo left. `dealt` is
/// room for the dealt cards.
fn draw_deal(
    table: &Table,
    rng: &mut SeededRng,
    chosen: &mut [usize],
    dealt: &mut Vec<Card>,
) -> Option<(CardSet, f64)> {
    let mut used = table.taken;
    let mut weight = 1.0;
    dealt.clear();
    for (player, seat) in table.players.iter().enumerate() {
        let place = seat.draw(rng, used)?;
        weight *= seat.dealable_share(dealt);
        let combo = seat.combos[place].combo;
        used |= seat.combos[place].set;
        dealt.extend(combo);
        chosen[player] = place;
    }
    Some((used, weight))
}

/// A uniform number in `[0, 1)`.
fn unit(rng: &mut SeededRng) -> f64 {
    (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64
}
