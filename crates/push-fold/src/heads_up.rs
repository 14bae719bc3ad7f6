//! Heads-up push or fold: the small blind pushes or folds, the big blind calls or folds.
//!
//! Both decisions are taken by hand class (169 each). With `q` the big blind's calling
//! frequencies, pushing gains the small blind `gain_push(i) = base(i) + Σ_j push[i][j] · q_j`
//! over folding with hand `i`, summed over the deals that give it `i`; with `p` the small
//! blind's pushing frequencies, calling gains the big blind
//! `gain_call(j) = Σ_i call[j][i] · p_i`.
//! The matrices hold every deal's weight (whole-number combo pairs from the table, so card
//! removal is exact) and what each showdown is worth, from the table's exact counts.

use cards_core::holdem::HandClass;
use equity_core::ClassPairs;

use crate::setup::Setup;
use crate::solve::{Decision, LANES, TwoDecisions, dot};

const HANDS: usize = HandClass::COUNT;

/// The heads-up game for one setup, as the solver and the best responses read it.
pub(crate) struct HeadsUp {
    /// `base(i)`: what pushing gains hand `i` when the big blind always folds.
    base: Vec<f64>,
    /// Row `i`: what the big blind calling with hand `j` adds to pushing `i` (padded rows).
    push: Vec<f64>,
    /// Row `j`: what the small blind pushing hand `i` adds to calling with `j` (padded rows).
    call: Vec<f64>,
    /// Row `i`: how often the small blind holds `i` and the big blind `j` (padded rows).
    dealt: Vec<f64>,
}

impl HeadsUp {
    /// The game of a checked heads-up `setup` on the table `pairs`.
    pub(crate) fn new(setup: &Setup, pairs: &ClassPairs) -> HeadsUp {
        let [small, big] = [setup.stacks[0], setup.stacks[1]];
        let (ante, [small_blind, big_blind]) = (setup.ante, setup.blinds);
        let covered = small.min(big);
        let fold = setup.worth(&[small - ante - small_blind, big + ante + small_blind]);
        let steal = setup.worth(&[small + ante + big_blind, big - ante - big_blind]);
        let won = setup.worth(&[small + covered, big - covered]);
        let split = setup.worth(&[small, big]);
        let lost = setup.worth(&[small - covered, big + covered]);
        let deals: u64 = pairs.entries().iter().map(|pair| pair.deals).sum();
        let boards = (deals * ClassPairs::BOARDS_PER_DEAL) as f64;
        let mut game = HeadsUp {
            base: vec![0.0; LANES],
            push: vec![0.0; LANES * LANES],
            call: vec![0.0; LANES * LANES],
            dealt: vec![0.0; LANES * LANES],
        };
        for (i, first) in HandClass::all().enumerate() {
            for (j, second) in HandClass::all().enumerate() {
                let pair = pairs.get(first, second);
                let weight = pair.deals as f64 / deals as f64;
                let showdown = |player: usize| {
                    (pair.wins as f64 * won[player]
                        + pair.ties as f64 * split[player]
                        + pair.losses as f64 * lost[player])
                        / boards
                };
                game.dealt[i * LANES + j] = weight;
                game.base[i] += weight * (steal[0] - fold[0]);
                game.push[i * LANES + j] = showdown(0) - weight * steal[0];
                game.call[j * LANES + i] = showdown(1) - weight * steal[1];
            }
        }
        game
    }
}

impl TwoDecisions for HeadsUp {
    fn decisions(&self) -> [Decision; 2] {
        [
            Decision {
                seat: 0,
                action: "push",
                facing: "",
                column: "small_blind_push",
            },
            Decision {
                seat: 1,
                action: "call",
                facing: "a push",
                column: "big_blind_call",
            },
        ]
    }

    fn gains_first(&self, second: &[f64], gains: &mut [f64]) {
        for (i, gain) in gains.iter_mut().enumerate().take(HANDS) {
            *gain = self.base[i] + dot(&self.push[i * LANES..(i + 1) * LANES], second);
        }
    }

    fn gains_second(&self, first: &[f64], gains: &mut [f64]) {
        for (j, gain) in gains.iter_mut().enumerate().take(HANDS) {
            *gain = dot(&self.call[j * LANES..(j + 1) * LANES], first);
        }
    }

    fn dealt(&self) -> &[f64] {
        &self.dealt
    }
}
