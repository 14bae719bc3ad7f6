//! The exact value of a small two-player zero-sum game in sequence form, by linear programming.
//!
//! Player 0's maximin problem is the linear program of von Stengel (1996): for a fixed
//! realisation plan `x`, player 1's best reply `min { (Aᵀx)·y : F y = f, y ≥ 0 }` equals, by
//! duality, `max { f·q : Fᵀq ≤ Aᵀx }`, so the game's value is
//!
//! `max q₀ subject to E x = e, Fᵀq − Aᵀx ≤ 0, x ≥ 0, q free,`
//!
//! where `E x = e` and `F y = f` are the players' realisation-plan constraints (the first row
//! sets the empty sequence to 1, each further row says an information set's children add up to
//! its parent). The program is solved by a dense two-phase tableau simplex with Bland's rule,
//! which cannot cycle: slow, but short enough to check by eye, which is what a test oracle needs.

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

/// The game's value to player 0: max over realisation plans x of min over y of x·A·y.
///
/// # Panics
///
/// Panics if a player has no sequence, if an information set or a payoff names a sequence that
/// does not exist, or if the linear program is infeasible or unbounded (a malformed game).
pub fn game_value(game: &SequenceForm) -> f64 {
    solve(game).0
}

/// The game's value to player 0 and a maximin realisation plan of player 0.
fn solve(game: &SequenceForm) -> (f64, Vec<f64>) {
    let [n0, n1] = game.sequences;
    for player in 0..2 {
        let n = game.sequences[player];
        assert!(n > 0, "player {player} has no empty sequence");
        for infoset in &game.infosets[player] {
            assert!(
                infoset.parent < n && infoset.children.iter().all(|&child| child < n),
                "an information set of player {player} names a sequence out of range"
            );
        }
    }
    assert!(
        game.payoffs.iter().all(|&(i, j, _)| i < n0 && j < n1),
        "a payoff names a sequence out of range"
    );

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
    for &(i, j, payoff) in &game.payoffs {
        matrix[m0 + j][i] -= payoff;
    }
    for j in 0..n1 {
        matrix[m0 + j][slack + j] = 1.0;
    }
    let mut rhs = vec![0.0; m0 + n1];
    rhs[0] = 1.0;
    let mut cost = vec![0.0; width];
    cost[plus] = 1.0;
    cost[minus] = -1.0;

    match maximise(matrix, rhs, &cost) {
        Ok((value, mut point)) => {
            point.truncate(n0);
            (value, point)
        }
        Err(error) => panic!("the sequence-form linear program is {error:?}"),
    }
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

/// The size, relative to the terms it was computed from, below which a tableau entry is rounding
/// noise: every row operation sets such entries to exactly zero, so that the simplex can test
/// signs.
const ZERO_TOLERANCE: f64 = 1e-11;
/// The largest total infeasibility, relative to the program's largest coefficient, that phase 1
/// accepts as zero.
const FEASIBILITY_TOLERANCE: f64 = 1e-9;

/// Maximises `cost·z` subject to `matrix z = rhs` and `z ≥ 0`, returning the optimum and an
/// optimal point.
fn maximise(
    matrix: Vec<Vec<f64>>,
    rhs: Vec<f64>,
    cost: &[f64],
) -> Result<(f64, Vec<f64>), LpError> {
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

    // Phase 1: one artificial variable per row, the rows signed so that the right-hand sides are
    // nonnegative and the artificial variables a feasible basis; maximise minus their sum.
    let tableau_rows = matrix
        .into_iter()
        .zip(rhs)
        .enumerate()
        .map(|(i, (row, b))| {
            let sign = if b < 0.0 { -1.0 } else { 1.0 };
            let mut tableau_row: Vec<f64> = row.into_iter().map(|a| sign * a).collect();
            tableau_row.extend((0..rows).map(|k| if k == i { 1.0 } else { 0.0 }));
            tableau_row.push(sign * b);
            tableau_row
        })
        .collect();
    let mut tableau = Tableau {
        rows: tableau_rows,
        basis: (width..width + rows).collect(),
        objective: Vec::new(),
    };
    let mut phase_one_cost = vec![0.0; width];
    phase_one_cost.resize(width + rows, -1.0);
    tableau.set_objective(&phase_one_cost);
    tableau.run().expect("phase 1 is bounded by zero");
    if tableau.value() < -FEASIBILITY_TOLERANCE * scale {
        return Err(LpError::Infeasible);
    }

    // Drive the artificial variables left in the basis (all at zero) out of it; a row in which
    // every original column is zero is redundant and is dropped. Then drop the artificial
    // columns.
    let kept: Vec<bool> = (0..rows).map(|i| tableau.drive_out(i, width)).collect();
    let (kept_rows, kept_basis) = tableau
        .rows
        .into_iter()
        .zip(tableau.basis)
        .zip(kept)
        .filter(|&(_, kept)| kept)
        .map(|((mut row, basic), _)| {
            let b = row[width + rows];
            row.truncate(width);
            row.push(b);
            (row, basic)
        })
        .unzip();
    let mut tableau = Tableau {
        rows: kept_rows,
        basis: kept_basis,
        objective: Vec::new(),
    };

    // Phase 2: the original objective from the feasible basis.
    tableau.set_objective(cost);
    tableau.run()?;
    let mut point = vec![0.0; width];
    for (row, &basic) in tableau.rows.iter().zip(&tableau.basis) {
        point[basic] = row[width];
    }
    Ok((tableau.value(), point))
}

/// A simplex tableau in canonical form: each row is a constraint over the columns followed by
/// its right-hand side, and the basic variable of each row has a unit column.
struct Tableau {
    /// The constraint rows, the right-hand side last.
    rows: Vec<Vec<f64>>,
    /// The basic variable of each row.
    basis: Vec<usize>,
    /// The reduced costs, followed by minus the objective's value at the current basis.
    objective: Vec<f64>,
}

impl Tableau {
    /// Prices out `cost` against the current basis: zeroes the reduced cost of each basic
    /// variable with its row, which leaves those of the other basic variables alone.
    fn set_objective(&mut self, cost: &[f64]) {
        self.objective = cost.to_vec();
        self.objective.push(0.0);
        for (row, &basic) in self.rows.iter().zip(&self.basis) {
            eliminate(&mut self.objective, row, basic);
        }
    }

    /// Makes an original column (one of the first `width`) basic in `row` if an artificial
    /// variable, at zero after phase 1, is basic there; returns false if the row has no usable
    /// original column, which makes it redundant.
    fn drive_out(&mut self, row: usize, width: usize) -> bool {
        if self.basis[row] < width {
            return true;
        }
        *self.rows[row].last_mut().expect("a right-hand side") = 0.0;
        let entries = &self.rows[row][..width];
        let largest = (0..width).max_by(|&a, &b| entries[a].abs().total_cmp(&entries[b].abs()));
        match largest {
            Some(column) if entries[column] != 0.0 => {
                self.pivot(row, column);
                true
            }
            _ => false,
        }
    }

    /// The objective's value at the current basis.
    fn value(&self) -> f64 {
        -self.objective[self.objective.len() - 1]
    }

    /// Runs the primal simplex with Bland's rule: the entering column is the first with a
    /// positive reduced cost, the leaving row the one of minimum ratio whose basic variable has
    /// the smallest index.
    fn run(&mut self) -> Result<(), LpError> {
        let width = self.objective.len() - 1;
        while let Some(column) = (0..width).find(|&j| self.objective[j] > 0.0) {
            let ratio = |row: &[f64]| row[width] / row[column];
            let eligible = || (0..self.rows.len()).filter(|&i| self.rows[i][column] > 0.0);
            let smallest = eligible()
                .map(|i| ratio(&self.rows[i]))
                .min_by(f64::total_cmp)
                .ok_or(LpError::Unbounded)?;
            // Ratios equal but for rounding tie.
            let row = eligible()
                .filter(|&i| ratio(&self.rows[i]) <= smallest * (1.0 + ZERO_TOLERANCE))
                .min_by_key(|&i| self.basis[i])
                .expect("the row of the smallest ratio is eligible");
            self.pivot(row, column);
        }
        Ok(())
    }

    /// Makes `column` basic in `row`.
    fn pivot(&mut self, row: usize, column: usize) {
        let divisor = self.rows[row][column];
        for entry in &mut self.rows[row] {
            *entry /= divisor;
        }
        self.rows[row][column] = 1.0;
        let pivot_row = self.rows[row].clone();
        for (i, other) in self.rows.iter_mut().enumerate() {
            if i != row {
                eliminate(other, &pivot_row, column);
                // Right-hand sides are nonnegative but for rounding, which is clamped away.
                let b = other.last_mut().expect("a right-hand side");
                *b = b.max(0.0);
            }
        }
        eliminate(&mut self.objective, &pivot_row, column);
        self.basis[row] = column;
    }
}

/// Subtracts the multiple of `pivot_row` that zeroes `target[column]`, then sets to zero the
/// entries that are rounding noise: those below [`ZERO_TOLERANCE`] times the largest term of
/// the subtraction.
fn eliminate(target: &mut [f64], pivot_row: &[f64], column: usize) {
    let factor = target[column];
    if factor != 0.0 {
        let noise = ZERO_TOLERANCE * largest(target).max(factor.abs() * largest(pivot_row));
        for (entry, &pivot) in target.iter_mut().zip(pivot_row) {
            *entry -= factor * pivot;
            if entry.abs() < noise {
                *entry = 0.0;
            }
        }
        target[column] = 0.0;
    }
}

/// The largest magnitude in `values`.
fn largest(values: &[f64]) -> f64 {
    values
        .iter()
        .fold(0.0, |largest, value| largest.max(value.abs()))
}

#[cfg(test)]
mod tests {
    use super::{Infoset, LpError, SequenceForm, game_value, maximise, solve};

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

    /// Kuhn poker: cards J < Q < K, ante 1, bet 1, player 0 acts first.
    fn kuhn() -> SequenceForm {
        // Each player's sequences per card k: 1 + 4k check, 2 + 4k bet, 3 + 4k fold and
        // 4 + 4k call (player 0 after check-bet, player 1 after bet).
        let check = |card: usize| 1 + 4 * card;
        let bet = |card: usize| 2 + 4 * card;
        let fold = |card: usize| 3 + 4 * card;
        let call = |card: usize| 4 + 4 * card;
        let first = (0..3)
            .flat_map(|card| {
                [
                    Infoset {
                        parent: 0,
                        children: vec![check(card), bet(card)],
                    },
                    Infoset {
                        parent: check(card),
                        children: vec![fold(card), call(card)],
                    },
                ]
            })
            .collect();
        let second = (0..3)
            .flat_map(|card| {
                [
                    Infoset {
                        parent: 0,
                        children: vec![check(card), bet(card)],
                    },
                    Infoset {
                        parent: 0,
                        children: vec![fold(card), call(card)],
                    },
                ]
            })
            .collect();
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

    /// Player 1's best reply to player 0's realisation plan `x`, computed on the tree of
    /// player 1's sequences: a sequence is worth its own payoff plus, for each information set
    /// it leads to, the least worth of that set's children.
    fn best_reply_value(game: &SequenceForm, x: &[f64]) -> f64 {
        fn worth(sequence: usize, game: &SequenceForm, own: &[f64]) -> f64 {
            own[sequence]
                + game.infosets[1]
                    .iter()
                    .filter(|infoset| infoset.parent == sequence)
                    .map(|infoset| {
                        infoset
                            .children
                            .iter()
                            .map(|&child| worth(child, game, own))
                            .fold(f64::INFINITY, f64::min)
                    })
                    .sum::<f64>()
        }
        let mut own = vec![0.0; game.sequences[1]];
        for &(i, j, v) in &game.payoffs {
            own[j] += x[i] * v;
        }
        worth(0, game, &own)
    }

    /// Asserts that `x` is a realisation plan of player 0.
    fn assert_realisation_plan(game: &SequenceForm, x: &[f64]) {
        assert!((x[0] - 1.0).abs() < 1e-9, "x[0] = {}", x[0]);
        assert!(x.iter().all(|&weight| weight >= 0.0), "{x:?}");
        for infoset in &game.infosets[0] {
            let children: f64 = infoset.children.iter().map(|&child| x[child]).sum();
            assert!((children - x[infoset.parent]).abs() < 1e-9, "{x:?}");
        }
    }

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
        // Both players mix fully: the indifference equations give y = (4, 5, 3) / 12,
        // x = (3, 5, 4) / 12 and the value 1 / 12.
        let game = matrix_game(&[
            vec![0.0, -1.0, 2.0],
            vec![1.0, 0.0, -1.0],
            vec![-1.0, 1.0, 0.0],
        ]);
        let (value, x) = solve(&game);
        assert_close(value, 1.0 / 12.0);
        for (weight, expected) in x[1..].iter().zip([3.0, 5.0, 4.0]) {
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
        let rich_rock = matrix_game(&[
            vec![0.0, -1.0, 2.0],
            vec![1.0, 0.0, -1.0],
            vec![-1.0, 1.0, 0.0],
        ]);
        assert_close(game_value(&swapped(&rich_rock)), -1.0 / 12.0);
    }

    #[test]
    fn the_maximin_plan_guarantees_the_value() {
        for game in [kuhn(), swapped(&kuhn())] {
            let (value, x) = solve(&game);
            assert_realisation_plan(&game, &x);
            assert_close(best_reply_value(&game, &x), value);
        }
    }

    #[test]
    fn random_matrix_games_satisfy_the_minimax_theorem() {
        let mut state: u64 = 0x9e37_79b9_7f4a_7c15;
        let mut next = || {
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            f64::from(i32::try_from(state >> 60).expect("four bits fit") - 8)
        };
        for size in 1..=6 {
            for _ in 0..10 {
                let payoffs: Vec<Vec<f64>> = (0..size)
                    .map(|_| (0..=size).map(|_| next()).collect())
                    .collect();
                let game = matrix_game(&payoffs);
                let (value, x) = solve(&game);
                assert_realisation_plan(&game, &x);
                assert_close(best_reply_value(&game, &x), value);
                assert_close(game_value(&swapped(&game)), -value);
            }
        }
    }

    #[test]
    fn bland_rule_does_not_cycle_on_chvatal_example() {
        // Chvátal's example, on which the largest-coefficient rule cycles; its optimum is 1 at
        // z = (1, 0, 1, 0). The last three columns are slacks.
        let matrix = vec![
            vec![0.5, -5.5, -2.5, 9.0, 1.0, 0.0, 0.0],
            vec![0.5, -1.5, -0.5, 1.0, 0.0, 1.0, 0.0],
            vec![1.0, 0.0, 0.0, 0.0, 0.0, 0.0, 1.0],
        ];
        let cost = [10.0, -57.0, -9.0, -24.0, 0.0, 0.0, 0.0];
        let (value, point) = maximise(matrix, vec![0.0, 0.0, 1.0], &cost).expect("an optimum");
        assert_close(value, 1.0);
        for (coordinate, expected) in point[..4].iter().zip([1.0, 0.0, 1.0, 0.0]) {
            assert_close(*coordinate, expected);
        }
    }

    #[test]
    fn infeasible_and_unbounded_programs_are_reported() {
        let infeasible = maximise(vec![vec![1.0, 1.0]], vec![-1.0], &[1.0, 0.0]);
        assert_eq!(infeasible, Err(LpError::Infeasible));
        let unbounded = maximise(vec![vec![1.0, -1.0]], vec![0.0], &[1.0, 0.0]);
        assert_eq!(unbounded, Err(LpError::Unbounded));
    }

    #[test]
    fn redundant_rows_are_dropped() {
        // The second row is the first doubled: maximise z₀ + z₁ subject to z₀ + z₁ + z₂ = 1.
        let matrix = vec![vec![1.0, 1.0, 1.0], vec![2.0, 2.0, 2.0]];
        let (value, _) = maximise(matrix, vec![1.0, 2.0], &[1.0, 1.0, 0.0]).expect("an optimum");
        assert_close(value, 1.0);
    }
}
