//! Equilibria by CFR+ (regret matching with regrets floored at zero, alternating updates, the
//! average strategy weighted by iteration: the equilibrium engine's rule and regret matching), and
//! how far a strategy is from one.
//!
//! Why CFR+: in a two-player zero-sum game (heads-up for chips) its average strategy provably
//! converges to an equilibrium, in practice about as 1/T; every iteration is two products of a
//! 169 × 169 matrix with a vector, and nothing needs tuning (fictitious play and damped best
//! responses need a step size, and converge more slowly). Under ICM the game is not zero-sum,
//! so convergence is not guaranteed: the exploitability reported says how close it came.

use std::sync::LazyLock;

use cards_core::holdem::HandClass;
use equilibrium_core::regret::regret_matching;
use equilibrium_core::rule::{Discounts, Rule};

const HANDS: usize = HandClass::COUNT;

/// Hands, padded to a multiple of eight so a game's rows add up in eight lanes: the length of
/// every strategy and gain vector a game is given.
pub(crate) const LANES: usize = 176;

/// `Σ row[k] · x[k]` over rows padded to a multiple of eight, in eight lanes of `T` so the
/// compiler can use vectors, added up in double precision.
#[inline]
pub(crate) fn dot<T>(row: &[T], x: &[T]) -> f64
where
    T: Copy + Default + std::ops::Mul<Output = T> + std::ops::AddAssign + Into<f64>,
{
    let mut lanes = [T::default(); 8];
    for (row, x) in row.chunks_exact(8).zip(x.chunks_exact(8)) {
        for lane in 0..8 {
            lanes[lane] += row[lane] * x[lane];
        }
    }
    lanes.iter().map(|&lane| lane.into()).sum()
}

/// Each hand's combos, in the grid's order.
static COMBOS: LazyLock<Vec<f64>> = LazyLock::new(|| {
    HandClass::all()
        .map(|hand| hand.combo_count() as f64)
        .collect()
});

/// A decision point: who decides, what they may do instead of folding, and facing what.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Decision {
    /// The seat deciding (0 is the first to act).
    pub seat: usize,
    /// `push` or `call`.
    pub action: &'static str,
    /// What came before, in words (empty when nobody has pushed).
    pub facing: &'static str,
    /// Its name as a CSV column: `small_blind_push`, `big_blind_call_vs_button`.
    pub column: &'static str,
}

/// A game of two decisions by two players: what each decision's options gain over folding,
/// hand by hand (weighted by how often the hand is dealt), given the other's frequencies.
pub(crate) trait TwoDecisions {
    /// The two decisions, in order.
    fn decisions(&self) -> [Decision; 2];
    /// The first decision's gains against the second's frequencies (padded to [`LANES`]).
    fn gains_first(&self, second: &[f64], gains: &mut [f64]);
    /// The second decision's gains against the first's frequencies.
    fn gains_second(&self, first: &[f64], gains: &mut [f64]);
    /// How often each pair of hands is dealt: row `i` (the first decision's hand), column `j`
    /// (the second's), rows padded to [`LANES`].
    fn dealt(&self) -> &[f64];
}

/// A decision's strategy: how often each hand takes the action.
#[derive(Clone, Debug, PartialEq)]
pub struct Strategy {
    /// The decision.
    pub decision: Decision,
    /// By hand in the grid's order ([`HandClass::all`]), from 0 (always folds) to 1.
    pub frequencies: Vec<f64>,
    /// By hand: what taking the action gains over folding, against the other decisions'
    /// strategies, on average over the deals where the hand faces this decision, in big blinds
    /// (chips) or shares of the prize pool (ICM). Positive where acting is better, 0 for a
    /// mixed hand at an exact equilibrium; `None` where the others never let the hand face it.
    pub gains: Vec<Option<f64>>,
}

/// An equilibrium found, and how close it is.
#[derive(Clone, Debug, PartialEq)]
pub struct Equilibrium {
    /// One strategy per decision, in the order they are taken.
    pub strategies: Vec<Strategy>,
    /// By decision: what its player would gain by changing it alone to a best response, in big
    /// blinds (chips) or shares of the prize pool (ICM), per hand dealt.
    pub exploitability: Vec<f64>,
    /// CFR+ iterations run.
    pub iterations: usize,
}

impl Equilibrium {
    /// The equilibrium of these decisions' strategies (padded to [`LANES`]), with each
    /// decision's gains over folding against them and how often each hand faces it, both
    /// summed over the deals (weighted as the gains are).
    pub(crate) fn new(
        decisions: &[Decision],
        strategies: Vec<Vec<f64>>,
        [gains, reached]: [&[Vec<f64>]; 2],
        exploitability: Vec<f64>,
        iterations: usize,
    ) -> Equilibrium {
        Equilibrium {
            strategies: decisions
                .iter()
                .zip(strategies)
                .zip(gains.iter().zip(reached))
                .map(|((&decision, mut frequencies), (gains, reached))| {
                    frequencies.truncate(HANDS);
                    Strategy {
                        decision,
                        frequencies,
                        gains: (gains.iter().zip(reached).take(HANDS))
                            .map(|(&gain, &reached)| (reached > 0.0).then(|| gain / reached))
                            .collect(),
                    }
                })
                .collect(),
            exploitability,
            iterations,
        }
    }

    /// The largest gain any player has from deviating alone.
    pub fn worst_exploitability(&self) -> f64 {
        self.exploitability
            .iter()
            .fold(0.0, |worst, &gain| worst.max(gain))
    }
}

/// Most iterations before giving up on a precision: the answer then says how close it came.
pub const MAX_ITERATIONS: usize = 200_000;

/// How often the average strategy's exploitability is measured, and an exact equilibrium
/// sought near it.
const CHECK_EVERY: usize = 16;

/// Iterations run looking for an exact equilibrium after the precision asked for is reached.
const GIVE_EXACT_A_CHANCE: usize = 20_000;

/// What a player gains by a best response: the best of folding or acting with each hand,
/// against what `frequencies` get.
pub(crate) fn best_response_gain(gains: &[f64], frequencies: &[f64]) -> f64 {
    gains[..HANDS]
        .iter()
        .zip(frequencies)
        .map(|(&gain, &frequency)| gain.max(0.0) - frequency * gain)
        .sum()
}

/// CFR+ for one decision of two actions, acting and folding, by hand: the regrets and regret
/// matching are the equilibrium engine's ([`equilibrium_core`]), the gains push-fold's.
pub(crate) struct Regrets {
    /// The regrets of acting (the first row) and of folding (the second), by hand.
    by_action: Vec<f64>,
    /// Regret matching's shares of acting and of folding, laid out as the regrets.
    shares: Vec<f64>,
    /// This iteration's strategy: how often each hand acts (padded to [`LANES`]).
    pub(crate) current: Vec<f64>,
    weighted_sum: Vec<f64>,
}

impl Regrets {
    pub(crate) fn new() -> Regrets {
        Regrets {
            by_action: vec![0.0; 2 * HANDS],
            shares: vec![0.5; 2 * HANDS],
            current: [vec![0.5; HANDS], vec![0.0; LANES - HANDS]].concat(),
            weighted_sum: vec![0.0; LANES],
        }
    }

    /// Updates the regrets with this iteration's gains and adds the new strategy, weighted by
    /// the iteration's `discounts` (CFR+'s).
    pub(crate) fn update(&mut self, gains: &[f64], discounts: Discounts) {
        let (act, fold) = self.by_action.split_at_mut(HANDS);
        for (((act, fold), &current), &gain) in
            act.iter_mut().zip(fold).zip(&self.current).zip(gains)
        {
            *act = discounts.regret(*act, (1.0 - current) * gain);
            *fold = discounts.regret(*fold, -current * gain);
        }
        regret_matching(&self.by_action, &mut self.shares, 2);
        self.current[..HANDS].copy_from_slice(&self.shares[..HANDS]);
        for (sum, &current) in self.weighted_sum.iter_mut().zip(&self.current).take(HANDS) {
            *sum += discounts.weight * current;
        }
    }

    pub(crate) fn average(&self, total_weight: f64) -> Vec<f64> {
        let mut average: Vec<f64> = self
            .weighted_sum
            .iter()
            .map(|sum| sum / total_weight)
            .collect();
        average[HANDS..].fill(0.0);
        average
    }
}

/// An equilibrium of `game` whose every player gains at most `precision` by deviating alone
/// (or the closest reached in [`MAX_ITERATIONS`]).
pub(crate) fn solve_two(game: &impl TwoDecisions, precision: f64) -> Equilibrium {
    let (mut first, mut second) = (Regrets::new(), Regrets::new());
    let mut gains = vec![0.0; LANES];
    let mut total_weight = 0.0;
    let mut iteration = 0;
    loop {
        iteration += 1;
        let discounts = Rule::CfrPlus.discounts(iteration);
        total_weight += discounts.weight;
        game.gains_first(&second.current, &mut gains);
        first.update(&gains, discounts);
        game.gains_second(&first.current, &mut gains);
        second.update(&gains, discounts);
        if iteration % CHECK_EVERY == 0 || iteration == MAX_ITERATIONS {
            let mut strategies = [first.average(total_weight), second.average(total_weight)];
            let gains = gains_against(game, &strategies);
            let mut exploitability = exploitability_of(&gains, &strategies);
            // The exact equilibrium near the average, once the average is near enough to show
            // it; else the average, once it is within the precision asked for.
            let exact = made_exact(game, &gains);
            let within = exploitability.iter().all(|&gain| gain <= precision);
            if exact.is_some()
                || (within && iteration >= GIVE_EXACT_A_CHANCE)
                || iteration == MAX_ITERATIONS
            {
                if let Some(exact) = exact {
                    (strategies, exploitability) = exact;
                }
                return Equilibrium::new(
                    &game.decisions(),
                    strategies.to_vec(),
                    [
                        &gains_against(game, &strategies),
                        &reached(game, &strategies[0]),
                    ],
                    exploitability.to_vec(),
                    iteration,
                );
            }
        }
    }
}

/// Each decision's gains over folding, hand by hand, against the other decision's strategy
/// (all padded to [`LANES`]).
fn gains_against(game: &impl TwoDecisions, strategies: &[Vec<f64>; 2]) -> [Vec<f64>; 2] {
    let mut gains = [vec![0.0; LANES], vec![0.0; LANES]];
    game.gains_first(&strategies[1], &mut gains[0]);
    game.gains_second(&strategies[0], &mut gains[1]);
    gains
}

/// How often each hand faces each decision, summed over the deals as the gains are: the first
/// decision always, the second where `first` acts.
fn reached(game: &impl TwoDecisions, first: &[f64]) -> [Vec<f64>; 2] {
    let dealt = game.dealt();
    let mut reached = [vec![0.0; LANES], vec![0.0; LANES]];
    for (i, row) in dealt.chunks_exact(LANES).enumerate().take(HANDS) {
        for (j, &weight) in row.iter().enumerate().take(HANDS) {
            reached[0][i] += weight;
            reached[1][j] += weight * first[i];
        }
    }
    reached
}

/// Each decision's gain from a best response to the other's strategy, given the gains against
/// it ([`gains_against`]).
fn exploitability_of(gains: &[Vec<f64>; 2], strategies: &[Vec<f64>; 2]) -> [f64; 2] {
    [0, 1].map(|decision| best_response_gain(&gains[decision], &strategies[decision]))
}

/// Most hands of each decision that [`made_exact`] lets mix.
const MOST_MIXED: usize = 4;

/// The exact equilibrium near the strategies whose gains are `gains` ([`gains_against`]), if
/// one is found: each hand takes the side its gain against the other's strategy shows, except the k hands of each decision nearest
/// indifference (k from 0 to [`MOST_MIXED`]), whose frequencies are what makes the other
/// decision's mixed hands exactly indifferent (two small linear systems). A generic game has an
/// equilibrium with as many mixed hands in each decision, few of them; the first k whose
/// frequencies are all between 0 and 1 and whose exploitability is a rounding error is taken.
/// CFR+'s average only comes near it, with hands near indifference half mixed.
fn made_exact(
    game: &impl TwoDecisions,
    gains: &[Vec<f64>; 2],
) -> Option<([Vec<f64>; 2], [f64; 2])> {
    // Each decision's hands, nearest indifference first.
    let by_closeness = gains.each_ref().map(|gains| {
        let mut hands: Vec<usize> = (0..HANDS).collect();
        // By the gain per combo: a gain is summed over the deals that give the hand.
        let closeness = |hand: usize| (gains[hand] / COMBOS[hand]).abs();
        hands.sort_by(|&a, &b| closeness(a).total_cmp(&closeness(b)));
        hands
    });
    (0..=MOST_MIXED).find_map(|mixed| {
        let strategies = with_mixed(
            game,
            gains,
            by_closeness.each_ref().map(|hands| &hands[..mixed]),
        )?;
        let exploitability = exploitability_of(&gains_against(game, &strategies), &strategies);
        exploitability
            .iter()
            .all(|&gain| gain <= 1e-12)
            .then_some((strategies, exploitability))
    })
}

/// Each hand on the side its gain shows, but `mixed` (as many for each decision): their
/// frequencies make the other decision's mixed hands exactly indifferent; `None` if the systems
/// are singular or a frequency falls outside 0 to 1.
fn with_mixed(
    game: &impl TwoDecisions,
    gains: &[Vec<f64>; 2],
    mixed: [&[usize]; 2],
) -> Option<[Vec<f64>; 2]> {
    let mut strategies = gains.each_ref().map(|gains| {
        let mut pure: Vec<f64> = gains
            .iter()
            .map(|&gain| f64::from(u8::from(gain > 0.0)))
            .collect();
        pure[HANDS..].fill(0.0);
        pure
    });
    for decision in 0..2 {
        let (mixing, indifferent) = (mixed[decision], mixed[1 - decision]);
        // What the other decision's hands gain, as the first decision's strategy or the
        // second's is `strategy`.
        let gains_of = |strategy: &[f64], gains: &mut [f64]| {
            if decision == 0 {
                game.gains_second(strategy, gains);
            } else {
                game.gains_first(strategy, gains);
            }
        };
        // Those gains are affine in the mixed frequencies: a constant and a column each.
        let mut trial = strategies[decision].clone();
        for &hand in mixing {
            trial[hand] = 0.0;
        }
        let mut constant = vec![0.0; LANES];
        gains_of(&trial, &mut constant);
        let mut rows = vec![vec![0.0; mixing.len() + 1]; indifferent.len()];
        let mut column = vec![0.0; LANES];
        for (k, &hand) in mixing.iter().enumerate() {
            trial[hand] = 1.0;
            gains_of(&trial, &mut column);
            trial[hand] = 0.0;
            for (row, &target) in rows.iter_mut().zip(indifferent) {
                row[k] = column[target] - constant[target];
            }
        }
        for (row, &target) in rows.iter_mut().zip(indifferent) {
            row[mixing.len()] = -constant[target];
        }
        for (&hand, frequency) in mixing.iter().zip(solve_linear(rows)?) {
            if !(-1e-12..=1.0 + 1e-12).contains(&frequency) {
                return None;
            }
            strategies[decision][hand] = frequency.clamp(0.0, 1.0);
        }
    }
    Some(strategies)
}

/// The solution of the square system whose augmented rows are `rows`, by Gaussian elimination
/// with partial pivoting; `None` if it is singular.
fn solve_linear(mut rows: Vec<Vec<f64>>) -> Option<Vec<f64>> {
    let size = rows.len();
    for column in 0..size {
        let pivot = (column..size)
            .max_by(|&a, &b| rows[a][column].abs().total_cmp(&rows[b][column].abs()))?;
        if rows[pivot][column].abs() < 1e-300 {
            return None;
        }
        rows.swap(column, pivot);
        let (done, below) = rows.split_at_mut(column + 1);
        let pivot_row = &done[column];
        for row in below {
            let factor = row[column] / pivot_row[column];
            for (value, &pivot_value) in row.iter_mut().zip(pivot_row).skip(column) {
                *value -= factor * pivot_value;
            }
        }
    }
    let mut solution = vec![0.0; size];
    for row in (0..size).rev() {
        let known: f64 = (row + 1..size).map(|k| rows[row][k] * solution[k]).sum();
        solution[row] = (rows[row][size] - known) / rows[row][row];
    }
    Some(solution)
}
