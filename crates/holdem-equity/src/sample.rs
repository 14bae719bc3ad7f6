//! Range equity by sampling: random joint deals (each combo drawn in proportion to its weight,
//! deals sharing a card thrown back), each with one random board, until every player's equity
//! has the standard error asked for, or time is up.
//!
//! Deals are drawn in batches of `BATCH`, each from its own generator seeded by the seed and the
//! batch's number, and the batches are summed in their order: the figures depend on the seed and
//! on when the run stops, never on the threads. The stopping rule is looked at after every
//! round of `ROUND` batches.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

use cards_core::holdem::Combo;
use cards_core::{Card, CardSet, Hand};
use judge_io::Threads;
use seeded_rng::SeededRng;

use crate::ranges::{ComboEquity, Counted, RangeEquity, RangeError, RangeMatchup, Sampling, deal};

/// Deals drawn with one generator.
const BATCH: u64 = 4096;

/// Batches between two looks at the stopping rule.
const ROUND: usize = 16;

/// Samples `matchup` until `sampling` says stop (see the module's documentation).
pub(crate) fn sampled(
    matchup: &RangeMatchup,
    sampling: &Sampling,
    threads: Threads,
    progress: &(dyn Fn(f64) + Sync),
) -> Result<RangeEquity, RangeError> {
    let taken: CardSet = matchup.board.iter().chain(&matchup.dead).copied().collect();
    // Rejection below would never end without a deal to find.
    let mut chosen = Vec::new();
    if deal(&matchup.ranges, taken, 1.0, &mut chosen, &mut |_, _| false) {
        return Err(RangeError::NoDeal);
    }
    let table = Table::new(matchup, taken);
    let started = Instant::now();
    let mut total = Tally::new(&table);
    let mut rounds = 0;
    loop {
        let first_batch = rounds * ROUND;
        let batches = run_round(&table, sampling.seed, first_batch, threads);
        for batch in &batches {
            total.merge(batch);
        }
        rounds += 1;
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
        progress(by_error.max(by_time).min(1.0));
    }
    Ok(total.result(&table))
}

/// What the draws need: each player's combos that miss the board and dead cards.
struct Table {
    players: Vec<Vec<Dealt>>,
    taken: CardSet,
    board: Hand,
    missing: usize,
}

/// One combo, ready to deal.
#[derive(Clone, Copy)]
struct Dealt {
    combo: Combo,
    cards: Hand,
    set: CardSet,
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
                // Weights relative to the largest: only their ratios matter, and a range of
                // small weights is then drawn as quickly as one of whole weights.
                let largest = combos.iter().map(|dealt| dealt.weight).fold(0.0, f64::max);
                for dealt in &mut combos {
                    dealt.weight /= largest;
                }
                combos
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

/// Sums over samples.
#[derive(Clone)]
struct Tally {
    samples: u64,
    /// By player: pots won alone, pot shares split, and the sum of each sample's share squared.
    wins: Vec<u64>,
    ties: Vec<f64>,
    squares: Vec<f64>,
    /// By the first player's combo (its place in their table): deals, wins, tie shares.
    first: Vec<(u64, u64, f64)>,
}

impl Tally {
    fn new(table: &Table) -> Tally {
        let players = table.players.len();
        Tally {
            samples: 0,
            wins: vec![0; players],
            ties: vec![0.0; players],
            squares: vec![0.0; players],
            first: vec![(0, 0, 0.0); table.players[0].len()],
        }
    }

    fn merge(&mut self, other: &Tally) {
        self.samples += other.samples;
        for (total, add) in self.wins.iter_mut().zip(&other.wins) {
            *total += add;
        }
        for (total, add) in self.ties.iter_mut().zip(&other.ties) {
            *total += add;
        }
        for (total, add) in self.squares.iter_mut().zip(&other.squares) {
            *total += add;
        }
        for (total, add) in self.first.iter_mut().zip(&other.first) {
            total.0 += add.0;
            total.1 += add.1;
            total.2 += add.2;
        }
    }

    /// Each player's equity's standard error: the spread of one sample's share over the root of
    /// the number of samples.
    fn standard_errors(&self) -> Vec<f64> {
        let samples = self.samples as f64;
        (0..self.wins.len())
            .map(|player| {
                let mean = (self.wins[player] as f64 + self.ties[player]) / samples;
                let variance = (self.squares[player] / samples - mean * mean).max(0.0);
                (variance / samples).sqrt()
            })
            .collect()
    }

    fn result(&self, table: &Table) -> RangeEquity {
        let samples = self.samples as f64;
        let first_player_combos = table.players[0]
            .iter()
            .zip(&self.first)
            .filter(|&(_, &(deals, _, _))| deals > 0)
            .map(|(dealt, &(deals, wins, ties))| ComboEquity {
                combo: dealt.combo,
                share: deals as f64 / samples,
                wins: wins as f64 / deals as f64,
                ties: ties / deals as f64,
            })
            .collect();
        RangeEquity {
            counted: Counted::Sampled {
                samples: self.samples,
                standard_errors: self.standard_errors(),
            },
            wins: self
                .wins
                .iter()
                .map(|&wins| wins as f64 / samples)
                .collect(),
            ties: self.ties.iter().map(|&ties| ties / samples).collect(),
            first_player_combos,
        }
    }
}

/// Draws the batches `first_batch..first_batch + ROUND`, on up to `threads` threads, and returns
/// their tallies in order.
fn run_round(table: &Table, seed: u64, first_batch: usize, threads: Threads) -> Vec<Tally> {
    let next = AtomicUsize::new(0);
    let work = || {
        let mut done = Vec::new();
        loop {
            let index = next.fetch_add(1, Ordering::Relaxed);
            if index >= ROUND {
                return done;
            }
            // Each batch's generator starts from a mix of the seed and the batch's number.
            let batch_seed = SeededRng::new(seed ^ (first_batch + index) as u64).next_u64();
            done.push((index, run_batch(table, batch_seed)));
        }
    };
    let mut batches: Vec<(usize, Tally)> = if threads.get() == 1 {
        work()
    } else {
        std::thread::scope(|scope| {
            let handles: Vec<_> = (0..threads.get().min(ROUND))
                .map(|_| scope.spawn(work))
                .collect();
            handles
                .into_iter()
                .flat_map(|handle| handle.join().expect("sampling does not panic"))
                .collect()
        })
    };
    batches.sort_unstable_by_key(|&(index, _)| index);
    batches.into_iter().map(|(_, tally)| tally).collect()
}

/// Draws `BATCH` deals and boards with a generator seeded by `seed`.
fn run_batch(table: &Table, seed: u64) -> Tally {
    let mut rng = SeededRng::new(seed);
    let mut tally = Tally::new(table);
    let players = table.players.len();
    let mut chosen = vec![0; players];
    let mut values = vec![Hand::EMPTY.evaluate(); players];
    for _ in 0..BATCH {
        let mut used = draw_deal(table, &mut rng, &mut chosen);
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
        for ((value, dealt), &place) in values.iter_mut().zip(&table.players).zip(&chosen) {
            *value = board.combine(dealt[place].cards).evaluate();
        }
        // Who won is random: tallied without branches on it.
        let best = *values.iter().max().expect("two players or more");
        let winners = values.iter().filter(|&&value| value == best).count();
        let alone = winners == 1;
        let share = 1.0 / winners as f64;
        for (player, &value) in values.iter().enumerate() {
            let won = value == best;
            tally.wins[player] += u64::from(won && alone);
            tally.ties[player] += if won && !alone { share } else { 0.0 };
            tally.squares[player] += if won { share * share } else { 0.0 };
        }
        let first = &mut tally.first[chosen[0]];
        let won = values[0] == best;
        first.0 += 1;
        first.1 += u64::from(won && alone);
        first.2 += if won && !alone { share } else { 0.0 };
    }
    tally.samples = BATCH;
    tally
}

/// Draws one combo per player into `chosen` (places in their tables), each in proportion to its
/// weight, again and again until no card is dealt twice; returns every card then out of the
/// deck.
fn draw_deal(table: &Table, rng: &mut SeededRng, chosen: &mut [usize]) -> CardSet {
    'deal: loop {
        let mut used = table.taken;
        for (player, combos) in table.players.iter().enumerate() {
            let place = loop {
                let place = rng.index(combos.len());
                let weight = combos[place].weight;
                // A weight below one keeps the combo that share of the time.
                if weight >= 1.0 || unit(rng) < weight {
                    break place;
                }
            };
            let set = combos[place].set;
            if !(used & set).is_empty() {
                continue 'deal;
            }
            used |= set;
            chosen[player] = place;
        }
        return used;
    }
}

/// A uniform number in `[0, 1)`.
fn unit(rng: &mut SeededRng) -> f64 {
    (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64
}
