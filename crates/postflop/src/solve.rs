//! Solving a spot: discounted CFR until the exploitability asked for or the most iterations,
//! with progress and cancelling, and the solution's figures.

use equilibrium_core::{Evaluation, Game, Locks, NodeId, Numbers, Precision, Rule, Solver};
use work_threads::Threads;

use crate::game::PostflopGame;

/// How long to solve.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SolveOptions {
    /// Stop once the exploitability is at most this share of the starting pot (0.003 is 0.3%).
    pub exploitability: f64,
    /// Stop after this many iterations in any case.
    pub iterations: usize,
    /// Threads to share the chance nodes' children out over.
    pub threads: Threads,
    /// The regret-minimisation rule ([`RULE`] unless experimenting).
    pub rule: Rule,
    /// How the regrets and the average strategy are kept.
    pub precision: Precision,
}

/// Hears how a solve goes, and can stop it.
pub trait Progress: Sync {
    /// After `iterations` iterations the exploitability is `exploitability` of the pot: exact
    /// when the solve stops, and otherwise perhaps estimated in `f32` (within 1e-5 of the pot).
    fn report(&self, iterations: usize, exploitability: f64);
    /// Whether to stop now, keeping the solution so far.
    fn is_cancelled(&self) -> bool;
}

/// Hears nothing and never stops a solve.
pub struct Silent;

impl Progress for Silent {
    fn report(&self, _: usize, _: f64) {}

    fn is_cancelled(&self) -> bool {
        false
    }
}

/// How often the exploitability is measured, in iterations.
pub const CHECK_EVERY: usize = 10;

/// How far above `target` (a share of the pot) an estimate in `f32` may be and the exact
/// exploitability still be at most `target`: ten times the most `f32`'s rounding may be off by
/// in the tests (1e-5 of the pot; 7.9e-7 at most on the spots tested, deep stacks among them).
fn near(target: f64) -> f64 {
    target / 20.0 + 1e-4
}

/// The rule the solver iterates by.
pub const RULE: Rule = Rule::DISCOUNTED;

/// A spot's game and its strategies after some iterations.
pub struct Solution {
    game: PostflopGame,
    solver: Solver,
    evaluation: Evaluation,
}

impl Solution {
    /// Solves `game`, with `locks` in place, until `options` say stop or `progress` cancels.
    pub fn solve(
        game: PostflopGame,
        locks: Locks,
        options: SolveOptions,
        progress: &dyn Progress,
    ) -> Solution {
        let mut solver = Solver::new(
            game.tree(),
            options.rule,
            options.threads,
            options.precision,
        );
        solver.set_locks(locks);
        let evaluation = solver.evaluate(&game);
        let mut solution = Solution {
            game,
            solver,
            evaluation,
        };
        solution.go_on(options, progress);
        solution
    }

    /// The solution `game` had after `iterations` iterations with `locks` in place, from its
    /// solver's numbers ([`Solver::numbers`]), kept from now on with `options.precision`;
    /// `None` if the numbers do not fit the game.
    pub fn resume(
        game: PostflopGame,
        locks: Locks,
        options: SolveOptions,
        numbers: Numbers,
        iterations: usize,
    ) -> Option<Solution> {
        if !numbers.fit(game.tree()) {
            return None;
        }
        let numbers = numbers.converted(game.tree(), options.precision);
        let mut solver = Solver::from_numbers(
            game.tree(),
            options.rule,
            options.threads,
            numbers,
            iterations,
        )?;
        solver.set_locks(locks);
        let evaluation = solver.evaluate(&game);
        Some(Solution {
            game,
            solver,
            evaluation,
        })
    }

    /// Goes on solving until `options` say stop or `progress` cancels.
    ///
    /// The exploitability is estimated in `f32` every [`CHECK_EVERY`] iterations, and computed
    /// exactly only once the estimate is near the target: the stop is decided, and the solution
    /// reported, by the exact figure alone.
    pub fn go_on(&mut self, options: SolveOptions, progress: &dyn Progress) {
        loop {
            let exploitability = self.exploitability();
            if self.solver.iterations() > 0 || exploitability <= options.exploitability {
                progress.report(self.solver.iterations(), exploitability);
            }
            if exploitability <= options.exploitability
                || self.solver.iterations() >= options.iterations
                || progress.is_cancelled()
            {
                return;
            }
            self.iterate_until_near_the_target(options, progress);
            self.evaluation = self.solver.evaluate(&self.game);
        }
    }

    /// Iterates, estimating the exploitability every [`CHECK_EVERY`] iterations, until the
    /// estimate is near `options`' target, the iterations run out or `progress` cancels.
    fn iterate_until_near_the_target(&mut self, options: SolveOptions, progress: &dyn Progress) {
        while !progress.is_cancelled() {
            let until = (self.solver.iterations() / CHECK_EVERY)
                .saturating_add(1)
                .saturating_mul(CHECK_EVERY);
            while self.solver.iterations() < until.min(options.iterations) {
                self.solver.iterate(&self.game);
                if progress.is_cancelled() {
                    return;
                }
            }
            if self.solver.iterations() >= options.iterations {
                return;
            }
            let estimate = self.solver.estimate(&self.game).exploitability() / self.game.pot();
            // Not `<=`: an estimate that is not a number goes to the exact figure too.
            let far = estimate > options.exploitability + near(options.exploitability);
            if !far {
                return;
            }
            progress.report(self.solver.iterations(), estimate);
        }
    }

    /// The game.
    pub fn game(&self) -> &PostflopGame {
        &self.game
    }

    /// Iterations run.
    pub fn iterations(&self) -> usize {
        self.solver.iterations()
    }

    /// The locked decisions.
    pub fn locks(&self) -> &Locks {
        self.solver.locks()
    }

    /// NashConv / 2 as a share of the starting pot (with locks, of the unlocked strategies
    /// within the locked game).
    pub fn exploitability(&self) -> f64 {
        self.evaluation.exploitability() / self.game.pot()
    }

    /// Each player's expected share of the starting pot, in chips (the two add up to the pot).
    pub fn ev(&self) -> [f64; 2] {
        self.evaluation
            .values
            .map(|value| value + self.game.pot() / 2.0)
    }

    /// The average strategy at decision `node`, actions × the acting player's hands.
    pub fn strategy(&self, node: NodeId) -> Vec<f64> {
        let slots = self.game.tree().decision_slots(node).len();
        let mut strategy = vec![0.0; slots];
        self.solver
            .average_strategy(self.game.tree(), node, &mut strategy);
        strategy
    }

    /// The solver's storage and iterations, to save.
    pub fn solver(&self) -> &Solver {
        &self.solver
    }
}
