//! The exact value of a small two-player zero-sum game in sequence form, by linear programming,
//! as a test oracle.
//!
//! Player 0's maximin problem is the linear program of von Stengel (1996). For a fixed
//! realisation plan `x`, player 1's best reply `min { (Aᵀx)·y : F y = f, y ≥ 0 }` equals, by
//! duality, `max { f·q : Fᵀq ≤ Aᵀx }`, so the game's value is
//!
//! `max q₀ subject to E x = e, Fᵀq − Aᵀx ≤ 0, x ≥ 0, q free,`
//!
//! where `E x = e` and `F y = f` are the players' realisation-plan constraints: the first row sets
//! the empty sequence to 1, each further row says that an information set's children add up to
//! its parent. The dual prices of the constraints `Fᵀq − Aᵀx ≤ 0` are a minimax plan `y` of
//! player 1.
//!
//! The program is solved by a dense two-phase tableau simplex: the entering column is the one of
//! largest reduced cost, the leaving row the one of largest pivot among those that (nearly) tie
//! for the smallest ratio, and the tableau is recomputed from the original rows every hundred
//! pivots and before any conclusion, so that rounding cannot pile up. After a long run of pivots
//! that do not improve the objective (the program is very degenerate), Bland's rule takes over
//! until one does, so that the simplex does not cycle.
//!
//! The answer does not rest on the simplex alone: [`game_value`] computes each player's best
//! reply to the other's plan, by a walk down the sequence tree, and returns the value only if the
//! two agree, which certifies it.

/// A two-player zero-sum game in sequence form (Koller, Megiddo and von Stengel, 1994).
/// Player 0 maximises x·A·y, player 1 minimises it.
pub struct SequenceForm {
    /// Each player's number of sequences, the empty sequence being sequence 0.
    pub sequences: [usize; 2],
    /// Each player's information sets: the sequence leading to the set (its parent) and the
    /// sequences that extend it, one per action.
    pub infosets: [Vec<Infoset>; 2],
    /// The payoff to player 0, summed over chance, as sparse entries (sequence of player 0,
    /// sequence of player 1, payoff weighted by chance). Entries may repeat; they add up.
    pub payoffs: Vec<(usize, usize, f64)>,
}

/// An information set in sequence form: the realisation weights of its children add up to the
/// weight of its parent.
pub struct Infoset {
    /// The sequence that leads to the information set.
    pub parent: usize,
    /// The sequences that extend the parent, one per action at the information set.
    pub children: Vec<usize>,
}

/// How far a realisation plan from the simplex may miss its constraints.
const PLAN_TOLERANCE: f64 = 1e-9;
/// How far apart, relative to the largest payoff, the two best replies may be.
const CERTIFICATE_TOLERANCE: f64 = 1e-9;

/// The game's value to player 0: max over realisation plans x of min over y of x·A·y.
///
/// # Panics
///
/// Panics if the game is malformed: a player without sequences, an index out of range, an
/// information set without actions, a sequence that is not the child of exactly one information
/// set (the empty sequence: of none) or that cannot be reached from the empty sequence. Panics
/// too, rather than answer wrongly, if the simplex's plans fail to certify the value.
pub fn game_value(game: &SequenceForm) -> f64 {
    let below = [0, 1].map(|player| check_tree(game, player));
    let [n0, n1] = game.sequences;
    assert!(
        game.payoffs.iter().all(|&(i, j, _)| i < n0 && j < n1),
        "a payoff names a sequence out of range"
    );

    let (x, y) = equilibrium(game, STALL_PER_ROW);
    for (player, plan) in [(0, &x), (1, &y)] {
        let error = plan_error(game, player, plan);
        assert!(
            error <= PLAN_TOLERANCE,
            "player {player}'s plan misses its constraints by {error}"
        );
    }
    // Player 1's best reply to x bounds the value from below, player 0's to y from above.
    let lower = best_reply(game, &below[1], 1, &x);
    let upper = best_reply(game, &below[0], 0, &y);
    assert!(
        (upper - lower).abs() <= CERTIFICATE_TOLERANCE * largest_payoff(game),
        "the plans do not certify the value: it lies in [{lower}, {upper}]"
    );
    0.5 * (lower + upper)
}

/// The largest magnitude of a payoff entry.
fn largest_payoff(game: &SequenceForm) -> f64 {
    game.payoffs
        .iter()
        .fold(0.0, |largest, &(_, _, payoff)| largest.max(payoff.abs()))
}

/// Checks that a player's information sets make a tree of sequences rooted at the empty one,
/// and returns, for each sequence, the information sets it leads to.
fn check_tree(game: &SequenceForm, player: usize) -> Vec<Vec<&Infoset>> {
    let sequences = game.sequences[player];
    assert!(sequences > 0, "player {player} has no empty sequence");
    let mut below = vec![Vec::new(); sequences];
    let mut parents = vec![0_usize; sequences];
    for infoset in &game.infosets[player] {
        assert!(
            infoset.parent < sequences && infoset.children.iter().all(|&c| c < sequences),
            "an information set of player {player} names a sequence out of range"
        );
        assert!(
            !infoset.children.is_empty(),
            "an information set of player {player} has no action"
        );
        below[infoset.parent].push(infoset);
        for &child in &infoset.children {
            parents[child] += 1;
        }
    }
    assert!(
        parents[0] == 0 && parents[1..].iter().all(|&count| count == 1),
        "a sequence of player {player} is not the child of exactly one information set"
    );
    // Each sequence but the root has one parent, so reaching them all from the root means that
    // they make a tree (a cycle could not be reached).
    let mut reached = 0;
    let mut stack = vec![0];
    while let Some(sequence) = stack.pop() {
        reached += 1;
        stack.extend(below[sequence].iter().flat_map(|infoset| &infoset.children));
    }
    assert!(
        reached == sequences,
        "a sequence of player {player} cannot be reached from the empty sequence"
    );
    below
}

/// The largest violation of a player's realisation-plan constraints by `plan`.
fn plan_error(game: &SequenceForm, player: usize, plan: &[f64]) -> f64 {
    game.infosets[player]
        .iter()
        .map(|infoset| {
            let children: f64 = infoset.children.iter().map(|&child| plan[child]).sum();
            (children - plan[infoset.parent]).abs()
        })
        .chain([(plan[0] - 1.0).abs()])
        .chain(plan.iter().map(|&weight| -weight))
        .fold(0.0, f64::max)
}

/// The value of the game when `player` best replies to the other player's plan, player 0
/// maximising and player 1 minimising; `below` lists the information sets each of the player's
/// sequences leads to.
fn best_reply(game: &SequenceForm, below: &[Vec<&Infoset>], player: usize, plan: &[f64]) -> f64 {
    let mut own = vec![0.0; game.sequences[player]];
    for &(i, j, payoff) in &game.payoffs {
        if player == 0 {
            own[i] += payoff * plan[j];
        } else {
            own[j] += payoff * plan[i];
        }
    }
    let better = if player == 0 { f64::max } else { f64::min };
    worth(0, below, &own, better)
}

/// The value of `sequence` to a player who, at each information set below it, takes the action
/// of `better` value: its own payoff plus, for each information set it leads to, the value of
/// the best child.
fn worth(
    sequence: usize,
    below: &[Vec<&Infoset>],
    own: &[f64],
    better: fn(f64, f64) -> f64,
) -> f64 {
    let replies: f64 = below[sequence]
        .iter()
        .map(|infoset| {
            infoset
                .children
                .iter()
                .map(|&child| worth(child, below, own, better))
                .reduce(better)
                .expect("an information set has an action")
        })
        .sum();
    own[sequence] + replies
}

/// Solves the sequence-form program and returns a maximin plan of player 0 and, from the dual
/// prices, a minimax plan of player 1; `stall_per_row` is passed on to [`maximise`].
fn equilibrium(game: &SequenceForm, stall_per_row: usize) -> (Vec<f64>, Vec<f64>) {
    let [n0, n1] = game.sequences;
    let e = realisation_constraints(n0, &game.infosets[0]);
    let f = realisation_constraints(n1, &game.infosets[1]);
    let (m0, m1) = (e.len(), f.len());

    // The columns: x, then q split into q⁺ and q⁻ (q = q⁺ − q⁻), then one slack per sequence
    // of player 1. The rows: E x = e, then (Fᵀq − Aᵀx)_j + slack_j = 0 for each sequence j.
    let plus = n0;
    let minus = n0 + m1;
    let slack = n0 + 2 * m1;
    let width = slack + n1;
    let mut matrix = vec![vec![0.0; width]; m0 + n1];
    for (row, constraint) in matrix.iter_mut().zip(&e) {
        row[..n0].copy_from_slice(constraint);
    }
    for (k, constraint) in f.iter().enumerate() {
        for (j, &entry) in constraint.iter().enumerate() {
            matrix[m0 + j][plus + k] += entry;
            matrix[m0 + j][minus + k] -= entry;
        }
    }
    // Scaling the payoffs by a positive factor leaves the equilibria alone; this one brings the
    // program's coefficients near 1, which the simplex's tolerances assume.
    let unit = 1.0 / largest_payoff(game).max(f64::MIN_POSITIVE);
    for &(i, j, payoff) in &game.payoffs {
        matrix[m0 + j][i] -= unit * payoff;
    }
    for j in 0..n1 {
        matrix[m0 + j][slack + j] = 1.0;
    }
    let mut rhs = vec![0.0; m0 + n1];
    rhs[0] = 1.0;
    let mut cost = vec![0.0; width];
    cost[plus] = 1.0;
    cost[minus] = -1.0;

    let optimum = maximise(matrix, rhs, &cost, stall_per_row)
        .unwrap_or_else(|error| panic!("the sequence-form linear program is {error:?}"));
    // The price of the row of sequence j is minus the reduced cost of its slack.
    let y = optimum.reduced_costs[slack..]
        .iter()
        .map(|&reduced| (-reduced).max(0.0))
        .collect();
    (optimum.point[..n0].to_vec(), y)
}

/// A player's realisation-plan constraints as dense rows over the player's sequences: the first
/// row reads `x[0] = 1`, the row of each information set `Σ x[child] − x[parent] = 0`.
fn realisation_constraints(sequences: usize, infosets: &[Infoset]) -> Vec<Vec<f64>> {
    let mut rows = vec![vec![0.0; sequences]; 1 + infosets.len()];
    rows[0][0] = 1.0;
    for (row, infoset) in rows[1..].iter_mut().zip(infosets) {
        for &child in &infoset.children {
            row[child] += 1.0;
        }
        row[infoset.parent] -= 1.0;
    }
    rows
}

/// Why a linear program has no optimum.
#[derive(Debug, PartialEq)]
enum LpError {
    /// No point satisfies the constraints.
    Infeasible,
    /// The objective grows without bound on the feasible set.
    Unbounded,
}

/// An optimal basic solution of a linear program.
struct Optimum {
    /// The optimal point.
    point: Vec<f64>,
    /// Each column's cost minus its cost at the dual prices: at most zero at an optimum.
    reduced_costs: Vec<f64>,
}

/// The smallest pivot, relative to the largest entry of its column (or to the program's largest
/// coefficient if larger): anything smaller may be rounding noise.
const PIVOT_TOLERANCE: f64 = 1e-9;
/// The smallest reduced cost, relative to the program's largest coefficient, that counts as an
/// improvement.
const COST_TOLERANCE: f64 = 1e-11;
/// The largest total infeasibility, relative to the program's largest coefficient, that phase 1
/// accepts as zero.
const FEASIBILITY_TOLERANCE: f64 = 1e-9;
/// How far, relative to the program's largest coefficient, a right-hand side may be pushed below
/// zero by a pivot chosen for its size (then it is set to zero).
const RATIO_TOLERANCE: f64 = 1e-12;
/// How many pivots the tableau is updated in place before it is recomputed.
const REINVERT_EVERY: usize = 100;
/// How many pivots in a row, per row of the program, may leave the objective unchanged before
/// Bland's rule takes over.
const STALL_PER_ROW: usize = 4;

/// Maximises `cost·z` subject to `matrix z = rhs` and `z ≥ 0`. Bland's rule takes over once
/// `stall_per_row` times as many pivots in a row as the program has rows have left the objective
/// unchanged.
fn maximise(
    matrix: Vec<Vec<f64>>,
    rhs: Vec<f64>,
    cost: &[f64],
    stall_per_row: usize,
) -> Result<Optimum, LpError> {
    let rows = matrix.len();
    let width = cost.len();
    assert_eq!(rhs.len(), rows, "one right-hand side per row");
    assert!(
        matrix.iter().all(|row| row.len() == width),
        "one coefficient per column"
    );
    let scale = matrix
        .iter()
        .flatten()
        .chain(&rhs)
        .chain(cost)
        .fold(1.0_f64, |largest, value| largest.max(value.abs()));

    // Phase 1: the rows, signed so that the right-hand sides are nonnegative, each with an
    // artificial variable (`width + i` for row i, its column left implicit), which make a
    // feasible basis; maximise minus their sum.
    let system: Vec<Vec<f64>> = matrix
        .into_iter()
        .zip(rhs)
        .map(|(mut row, b)| {
            row.push(b);
            if b < 0.0 {
                for entry in &mut row {
                    *entry = -*entry;
                }
            }
            row
        })
        .collect();
    let mut phase_one_cost = vec![0.0; width];
    phase_one_cost.resize(width + rows, -1.0);
    let stall_limit = stall_per_row * rows;
    let artificial = (width..width + rows).collect();
    let mut tableau = Tableau::new(
        system,
        width,
        artificial,
        phase_one_cost,
        scale,
        stall_limit,
    );
    tableau.run().expect("phase 1 is bounded by zero");
    if tableau.value() < -FEASIBILITY_TOLERANCE * scale {
        return Err(LpError::Infeasible);
    }

    // Pivot the artificial variables left in the basis (all at zero) out of it; a row with no
    // usable entry is a combination of the others and is dropped. Phase 2 starts from the rows
    // as they are, an equivalent system in which the basis is the identity.
    let kept: Vec<bool> = (0..rows).map(|row| tableau.drive_out(row)).collect();
    let (system, basis) = tableau
        .rows
        .into_iter()
        .zip(tableau.basis)
        .zip(kept)
        .filter_map(|(row, kept)| kept.then_some(row))
        .unzip();
    let mut tableau = Tableau::new(system, width, basis, cost.to_vec(), scale, stall_limit);
    tableau.run()?;
    let mut point = vec![0.0; width];
    for (row, &basic) in tableau.rows.iter().zip(&tableau.basis) {
        point[basic] = row[width];
    }
    tableau.objective.truncate(width);
    Ok(Optimum {
        point,
        reduced_costs: tableau.objective,
    })
}

/// A simplex tableau in canonical form over a system of equations: each row is a constraint
/// over the columns followed by its right-hand side, and the basic variable of each row has a
/// unit column. Variables `width + i`, if any, are artificial: the unit column of row `i` of the
/// system, kept implicit; they may leave the basis but never enter it.
struct Tableau {
    /// The system the tableau was built from, which re-inversion starts from again.
    system: Vec<Vec<f64>>,
    /// The current rows, the right-hand side last.
    rows: Vec<Vec<f64>>,
    /// The basic variable of each row.
    basis: Vec<usize>,
    /// The cost of every variable, artificial ones included.
    cost: Vec<f64>,
    /// The reduced costs, followed by minus the objective's value at the current basis.
    objective: Vec<f64>,
    /// The number of (non-artificial) columns.
    width: usize,
    /// The program's largest coefficient, which the tolerances are relative to.
    scale: f64,
    /// How many pivots in a row may leave the objective unchanged before Bland's rule takes
    /// over.
    stall_limit: usize,
}

impl Tableau {
    /// A tableau over `system`, whose rows have `width` columns before the right-hand side, with
    /// the given basis, which must be feasible.
    fn new(
        system: Vec<Vec<f64>>,
        width: usize,
        basis: Vec<usize>,
        cost: Vec<f64>,
        scale: f64,
        stall_limit: usize,
    ) -> Self {
        let mut tableau = Self {
            rows: Vec::new(),
            system,
            basis,
            cost,
            objective: Vec::new(),
            width,
            scale,
            stall_limit,
        };
        tableau.reinvert();
        tableau
    }

    /// Recomputes the rows and the reduced costs from the system for the current basis, by
    /// Gauss-Jordan elimination on the basic columns with partial pivoting.
    fn reinvert(&mut self) {
        let mut rows = self.system.clone();
        // An artificial variable's unit column stays in its own row whatever else is pivoted.
        let mut owners: Vec<Option<usize>> = vec![None; rows.len()];
        for &basic in &self.basis {
            if basic >= self.width {
                owners[basic - self.width] = Some(basic);
            }
        }
        for &basic in self.basis.iter().filter(|&&basic| basic < self.width) {
            let row = (0..rows.len())
                .filter(|&row| owners[row].is_none())
                .max_by(|&a, &b| rows[a][basic].abs().total_cmp(&rows[b][basic].abs()))
                .expect("as many rows as basic variables");
            assert!(
                rows[row][basic].abs() > 1e-14 * self.scale,
                "the basis has become singular"
            );
            eliminate(&mut rows, row, basic);
            owners[row] = Some(basic);
        }
        self.rows = rows;
        self.basis = owners
            .into_iter()
            .map(|owner| owner.expect("a basic variable in every row"))
            .collect();
        self.clamp_right_hand_sides();

        // The reduced costs: the costs minus the cost-weighted sum of the rows.
        let mut objective = self.cost[..self.width].to_vec();
        objective.push(0.0);
        for (row, &basic) in self.rows.iter().zip(&self.basis) {
            let weight = self.cost[basic];
            for (reduced, &entry) in objective.iter_mut().zip(row) {
                *reduced -= weight * entry;
            }
        }
        for &basic in self.basis.iter().filter(|&&basic| basic < self.width) {
            objective[basic] = 0.0;
        }
        self.objective = objective;
    }

    /// Sets to zero the right-hand sides that rounding or the ratio test's tolerance pushed
    /// below it.
    fn clamp_right_hand_sides(&mut self) {
        let width = self.width;
        for row in &mut self.rows {
            row[width] = row[width].max(0.0);
        }
    }

    /// The objective's value at the current basis.
    fn value(&self) -> f64 {
        -self.objective[self.width]
    }

    /// Runs the primal simplex to an optimum, or to a column along which the objective grows
    /// without bound. Either conclusion is drawn on a freshly recomputed tableau.
    fn run(&mut self) -> Result<(), LpError> {
        let cost_tolerance = COST_TOLERANCE * self.scale;
        let mut fresh = true;
        let mut pivots_since_reinversion = 0;
        let mut stalled = 0;
        loop {
            let bland = stalled >= self.stall_limit;
            let Some(column) = self.entering(bland, cost_tolerance) else {
                if fresh {
                    return Ok(());
                }
                self.reinvert();
                (fresh, pivots_since_reinversion) = (true, 0);
                continue;
            };
            let Some(row) = self.leaving(column, bland) else {
                if fresh {
                    return Err(LpError::Unbounded);
                }
                self.reinvert();
                (fresh, pivots_since_reinversion) = (true, 0);
                continue;
            };
            let step = self.rows[row][self.width] / self.rows[row][column];
            if step * self.objective[column] > cost_tolerance {
                stalled = 0;
            } else {
                stalled += 1;
            }
            self.pivot(row, column);
            fresh = false;
            pivots_since_reinversion += 1;
            if pivots_since_reinversion == REINVERT_EVERY {
                self.reinvert();
                (fresh, pivots_since_reinversion) = (true, 0);
            }
        }
    }

    /// The column to enter the basis: of largest reduced cost, or under Bland's rule the first
    /// with a positive one; none at an optimum.
    fn entering(&self, bland: bool, cost_tolerance: f64) -> Option<usize> {
        let mut improving = (0..self.width).filter(|&j| self.objective[j] > cost_tolerance);
        if bland {
            improving.next()
        } else {
            improving.max_by(|&a, &b| self.objective[a].total_cmp(&self.objective[b]))
        }
    }

    /// The row whose basic variable leaves when `column` enters: among the rows whose ratio of
    /// right-hand side to entry is within tolerance of the smallest (Harris's test), that of
    /// largest entry, or under Bland's rule that of the first basic variable. None if no entry
    /// of the column is positive: then the objective is unbounded.
    fn leaving(&self, column: usize, bland: bool) -> Option<usize> {
        let width = self.width;
        let largest = self
            .rows
            .iter()
            .fold(self.scale, |largest, row| largest.max(row[column].abs()));
        let pivot_tolerance = PIVOT_TOLERANCE * largest;
        let eligible = || (0..self.rows.len()).filter(|&i| self.rows[i][column] > pivot_tolerance);
        let slack = RATIO_TOLERANCE * self.scale;
        let bound = eligible()
            .map(|i| (self.rows[i][width] + slack) / self.rows[i][column])
            .min_by(f64::total_cmp)?;
        let ties = eligible().filter(|&i| self.rows[i][width] / self.rows[i][column] <= bound);
        if bland {
            ties.min_by_key(|&i| self.basis[i])
        } else {
            ties.max_by(|&a, &b| self.rows[a][column].total_cmp(&self.rows[b][column]))
        }
    }

    /// Makes `column` basic in `row`.
    fn pivot(&mut self, row: usize, column: usize) {
        eliminate(&mut self.rows, row, column);
        let factor = self.objective[column];
        for (reduced, &entry) in self.objective.iter_mut().zip(&self.rows[row]) {
            *reduced -= factor * entry;
        }
        self.objective[column] = 0.0;
        self.basis[row] = column;
        self.clamp_right_hand_sides();
    }

    /// Pivots an artificial variable, at zero after phase 1, out of the basis in `row`, on the
    /// row's largest entry; returns false if it has no usable entry, which makes the row
    /// redundant.
    fn drive_out(&mut self, row: usize) -> bool {
        if self.basis[row] < self.width {
            return true;
        }
        let entries = &self.rows[row][..self.width];
        let column = (0..self.width).max_by(|&a, &b| entries[a].abs().total_cmp(&entries[b].abs()));
        match column {
            Some(column) if entries[column].abs() > PIVOT_TOLERANCE * self.scale => {
                self.rows[row][self.width] = 0.0;
                self.pivot(row, column);
                true
            }
            _ => false,
        }
    }
}

/// Gauss-Jordan elimination: scales `row` to a unit entry in `column` and subtracts multiples
/// of it from the other rows to zero the rest of the column.
fn eliminate(rows: &mut [Vec<f64>], row: usize, column: usize) {
    let divisor = rows[row][column];
    for entry in &mut rows[row] {
        *entry /= divisor;
    }
    rows[row][column] = 1.0;
    let pivot_row = rows[row].clone();
    for (i, other) in rows.iter_mut().enumerate() {
        let factor = other[column];
        if i != row && factor != 0.0 {
            for (entry, &pivot) in other.iter_mut().zip(&pivot_row) {
                *entry -= factor * pivot;
            }
            other[column] = 0.0;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{
        Infoset, LpError, STALL_PER_ROW, SequenceForm, best_reply, check_tree, equilibrium,
        game_value, maximise,
    };

    /// A matrix game as a sequence form: each player has one information set at the root.
    fn matrix_game(payoffs: &[Vec<f64>]) -> SequenceForm {
        let rows = payoffs.len();
        let columns = payoffs[0].len();
        let root = |actions: usize| Infoset {
            parent: 0,
            children: (1..=actions).collect(),
        };
        SequenceForm {
            sequences: [1 + rows, 1 + columns],
            infosets: [vec![root(rows)], vec![root(columns)]],
            payoffs: payoffs
                .iter()
                .enumerate()
                .flat_map(|(i, row)| row.iter().enumerate().map(move |(j, &v)| (1 + i, 1 + j, v)))
                .collect(),
        }
    }

    /// Rock-paper-scissors in which player 0 wins 2 with rock against scissors.
    fn rich_rock() -> SequenceForm {
        matrix_game(&[
            vec![0.0, -1.0, 2.0],
            vec![1.0, 0.0, -1.0],
            vec![-1.0, 1.0, 0.0],
        ])
    }

    /// Kuhn poker: cards J < Q < K, ante 1, bet 1, player 0 acts first.
    fn kuhn() -> SequenceForm {
        // Each player's sequences per card k: 1 + 4k check, 2 + 4k bet, 3 + 4k fold and
        // 4 + 4k call (player 0 after check-bet, player 1 after bet).
        let check = |card: usize| 1 + 4 * card;
        let bet = |card: usize| 2 + 4 * card;
        let fold = |card: usize| 3 + 4 * card;
        let call = |card: usize| 4 + 4 * card;
        let mut first = Vec::new();
        let mut second = Vec::new();
        for card in 0..3 {
            first.push(Infoset {
                parent: 0,
                children: vec![check(card), bet(card)],
            });
            first.push(Infoset {
                parent: check(card),
                children: vec![fold(card), call(card)],
            });
            second.push(Infoset {
                parent: 0,
                children: vec![check(card), bet(card)],
            });
            second.push(Infoset {
                parent: 0,
                children: vec![fold(card), call(card)],
            });
        }
        let mut payoffs = Vec::new();
        for mine in 0..3 {
            for theirs in (0..3).filter(|&theirs| theirs != mine) {
                let showdown = if mine > theirs { 1.0 } else { -1.0 };
                let chance = 1.0 / 6.0;
                payoffs.extend([
                    (check(mine), check(theirs), chance * showdown),
                    (fold(mine), bet(theirs), -chance),
                    (call(mine), bet(theirs), chance * 2.0 * showdown),
                    (bet(mine), fold(theirs), chance),
                    (bet(mine), call(theirs), chance * 2.0 * showdown),
                ]);
            }
        }
        SequenceForm {
            sequences: [13, 13],
            infosets: [first, second],
            payoffs,
        }
    }

    /// A pseudo-random number generator (a linear congruential one), for reproducible games.
    struct Random(u64);

    impl Random {
        /// A number in `0..bound`.
        fn below(&mut self, bound: u32) -> u32 {
            self.0 = self
                .0
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            u32::try_from((self.0 >> 33) % u64::from(bound)).expect("below a u32")
        }
    }

    /// A betting tree: a terminal with its index, base payoff and stake, or a decision of a
    /// player.
    enum Node {
        Terminal(usize, f64, f64),
        Decision(usize, Vec<Self>),
    }

    /// A random betting tree of at most `depth` decisions, players alternating from `player`;
    /// its first line of play is `depth` decisions long.
    fn random_tree(random: &mut Random, player: usize, depth: u32, terminals: &mut usize) -> Node {
        if depth == 0 || (*terminals > 0 && random.below(4) == 0) {
            *terminals += 1;
            let base = f64::from(random.below(9)) - 4.0;
            return Node::Terminal(*terminals - 1, base, f64::from(random.below(5)));
        }
        let actions = 2 + random.below(2);
        let children = (0..actions)
            .map(|_| random_tree(random, 1 - player, depth - 1, terminals))
            .collect();
        Node::Decision(player, children)
    }

    /// Numbers `player`'s sequences below `node` for one card, adding the information sets to
    /// `infosets` and recording the sequence that reaches each terminal.
    fn number(
        node: &Node,
        player: usize,
        sequence: usize,
        infosets: &mut Vec<Infoset>,
        count: &mut usize,
        reaching: &mut [usize],
    ) {
        match node {
            Node::Terminal(index, ..) => reaching[*index] = sequence,
            Node::Decision(actor, children) => {
                let first = *count;
                if *actor == player {
                    infosets.push(Infoset {
                        parent: sequence,
                        children: (first..first + children.len()).collect(),
                    });
                    *count += children.len();
                }
                for (k, child) in children.iter().enumerate() {
                    let next = if *actor == player {
                        first + k
                    } else {
                        sequence
                    };
                    number(child, player, next, infosets, count, reaching);
                }
            }
        }
    }

    /// A random game of poker's shape: each player is dealt one of `cards` cards (all pairs of
    /// distinct cards equally likely), then they play a random betting tree; a terminal pays
    /// its base payoff plus its stake to the higher card.
    fn random_poker(seed: u64, cards: usize, depth: u32) -> SequenceForm {
        let mut random = Random(seed);
        let mut terminals = 0;
        let tree = random_tree(&mut random, 0, depth, &mut terminals);
        let mut sequences = [1, 1];
        let mut infosets = [Vec::new(), Vec::new()];
        let mut reaching = vec![vec![vec![0; terminals]; cards]; 2];
        for (player, reached_by_card) in reaching.iter_mut().enumerate() {
            for reached in reached_by_card {
                let count = &mut sequences[player];
                number(&tree, player, 0, &mut infosets[player], count, reached);
            }
        }
        let mut leaves = vec![&tree];
        let mut payoffs = Vec::new();
        let deals = f64::from(u32::try_from(cards * (cards - 1)).expect("few cards"));
        while let Some(node) = leaves.pop() {
            match node {
                Node::Decision(_, children) => leaves.extend(children),
                &Node::Terminal(index, base, stake) => {
                    for mine in 0..cards {
                        for theirs in (0..cards).filter(|&theirs| theirs != mine) {
                            let sign = if mine > theirs { 1.0 } else { -1.0 };
                            payoffs.push((
                                reaching[0][mine][index],
                                reaching[1][theirs][index],
                                (base + sign * stake) / deals,
                            ));
                        }
                    }
                }
            }
        }
        SequenceForm {
            sequences,
            infosets,
            payoffs,
        }
    }

    /// The same game with the players' roles exchanged.
    fn swapped(game: &SequenceForm) -> SequenceForm {
        let copy = |infosets: &[Infoset]| {
            infosets
                .iter()
                .map(|infoset| Infoset {
                    parent: infoset.parent,
                    children: infoset.children.clone(),
                })
                .collect()
        };
        SequenceForm {
            sequences: [game.sequences[1], game.sequences[0]],
            infosets: [copy(&game.infosets[1]), copy(&game.infosets[0])],
            payoffs: game.payoffs.iter().map(|&(i, j, v)| (j, i, -v)).collect(),
        }
    }

    /// Asserts that `actual` is `expected` to 1e-9.
    fn assert_close(actual: f64, expected: f64) {
        assert!(
            (actual - expected).abs() < 1e-9,
            "{actual} is not {expected}"
        );
    }

    #[test]
    fn matching_pennies_is_worth_zero() {
        let game = matrix_game(&[vec![1.0, -1.0], vec![-1.0, 1.0]]);
        assert_close(game_value(&game), 0.0);
    }

    #[test]
    fn rock_paper_scissors_with_a_rich_rock_is_worth_a_twelfth() {
        // Player 0 wins 2 with rock against scissors and loses 1 with scissors against rock.
        // Both players mix fully: the indifference equations give x = (3, 5, 4) / 12,
        // y = (4, 5, 3) / 12 and the value 1 / 12.
        let game = rich_rock();
        assert_close(game_value(&game), 1.0 / 12.0);
        let (x, y) = equilibrium(&game, STALL_PER_ROW);
        for (weight, expected) in x[1..].iter().zip([3.0, 5.0, 4.0]) {
            assert_close(*weight, expected / 12.0);
        }
        for (weight, expected) in y[1..].iter().zip([4.0, 5.0, 3.0]) {
            assert_close(*weight, expected / 12.0);
        }
    }

    #[test]
    fn kuhn_poker_is_worth_minus_one_eighteenth() {
        assert_close(game_value(&kuhn()), -1.0 / 18.0);
    }

    #[test]
    fn swapping_the_players_negates_the_value() {
        assert_close(game_value(&swapped(&kuhn())), 1.0 / 18.0);
        assert_close(game_value(&swapped(&rich_rock())), -1.0 / 12.0);
    }

    #[test]
    fn random_games_are_certified_from_both_sides() {
        // `game_value` panics unless the best replies to both plans agree.
        for seed in 0..40 {
            let game = random_poker(seed, 2 + usize::try_from(seed % 4).expect("small"), 4);
            let value = game_value(&game);
            assert_close(game_value(&swapped(&game)), -value);
        }
    }

    #[test]
    #[should_panic(expected = "not the child of exactly one information set")]
    fn a_sequence_in_two_information_sets_is_refused() {
        let mut game = kuhn();
        game.infosets[1][1].children[0] = 1;
        check_tree(&game, 1);
    }

    #[test]
    fn chvatal_cycling_example_is_solved_with_and_without_bland_rule() {
        // Chvátal's example, on which the largest-coefficient rule with the first tied row
        // cycles; its optimum is 1 at z = (1, 0, 1, 0). The last three columns are slacks.
        for stall_per_row in [0, STALL_PER_ROW] {
            let matrix = vec![
                vec![0.5, -5.5, -2.5, 9.0, 1.0, 0.0, 0.0],
                vec![0.5, -1.5, -0.5, 1.0, 0.0, 1.0, 0.0],
                vec![1.0, 0.0, 0.0, 0.0, 0.0, 0.0, 1.0],
            ];
            let cost = [10.0, -57.0, -9.0, -24.0, 0.0, 0.0, 0.0];
            let optimum =
                maximise(matrix, vec![0.0, 0.0, 1.0], &cost, stall_per_row).expect("an optimum");
            for (coordinate, expected) in optimum.point[..4].iter().zip([1.0, 0.0, 1.0, 0.0]) {
                assert_close(*coordinate, expected);
            }
        }
    }

    #[test]
    fn bland_rule_alone_solves_random_games() {
        // With no stall allowed, every pivot follows Bland's rule.
        for seed in 0..10 {
            let game = random_poker(seed, 3, 4);
            let below = [0, 1].map(|player| check_tree(&game, player));
            let (x, y) = equilibrium(&game, 0);
            let lower = best_reply(&game, &below[1], 1, &x);
            let upper = best_reply(&game, &below[0], 0, &y);
            assert_close(lower, upper);
            assert_close(lower, game_value(&game));
        }
    }

    #[test]
    fn infeasible_and_unbounded_programs_are_reported() {
        let infeasible = maximise(vec![vec![1.0, 1.0]], vec![-1.0], &[1.0, 0.0], STALL_PER_ROW);
        assert_eq!(infeasible.err(), Some(LpError::Infeasible));
        let unbounded = maximise(vec![vec![1.0, -1.0]], vec![0.0], &[1.0, 0.0], STALL_PER_ROW);
        assert_eq!(unbounded.err(), Some(LpError::Unbounded));
        // The only row is redundant, which leaves phase 2 without rows.
        let unconstrained = maximise(vec![vec![0.0, 0.0]], vec![0.0], &[1.0, 0.0], STALL_PER_ROW);
        assert_eq!(unconstrained.err(), Some(LpError::Unbounded));
    }

    #[test]
    fn redundant_rows_are_dropped() {
        // The second row is the first doubled: maximise z₀ + z₁ subject to z₀ + z₁ + z₂ = 1.
        let matrix = vec![vec![1.0, 1.0, 1.0], vec![2.0, 2.0, 2.0]];
        let optimum =
            maximise(matrix, vec![1.0, 2.0], &[1.0, 1.0, 0.0], STALL_PER_ROW).expect("an optimum");
        assert_close(optimum.point[0] + optimum.point[1], 1.0);
        assert_close(optimum.point[2], 0.0);
    }

    #[test]
    fn artificial_variables_left_at_zero_are_driven_out() {
        // The only feasible point is z = (0, 1/2); phase 1 ends with an artificial variable
        // basic at zero in a row that still constrains z.
        let matrix = vec![vec![2.0, -2.0], vec![0.0, 2.0]];
        let optimum =
            maximise(matrix, vec![-1.0, 1.0], &[1.0, 1.0], STALL_PER_ROW).expect("an optimum");
        assert_close(optimum.point[0], 0.0);
        assert_close(optimum.point[1], 0.5);
    }
}
