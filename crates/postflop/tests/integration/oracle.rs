//! A plain best response, written apart from the solver: `f64`, every card dealt (no
//! isomorphism: each node's strategy is read by its line, as a user reads it), terminals
//! valued pair by pair (quadratic time) from the betting tree's own amounts and the evaluator,
//! chance weighted on the way up rather than on the way down.

use cards_core::holdem::{Combo, Hand};
use cards_core::{Card, CardSet};
use equilibrium_core::Precision;
use postflop::action_tree::{ActionNode, action_tree};
use postflop::browse::follow;
use postflop::solve::Solution;
use postflop::spot::Spot;

/// NashConv / 2 of the solution's average strategies, in chips.
pub fn exploitability(spot: &Spot, solution: &Solution) -> f64 {
    let oracle = Oracle::new(spot, solution);
    let tree = action_tree(spot).unwrap();
    let best: Vec<f64> = (0..2)
        .map(|player| {
            let opponent_reach = oracle.weights[1 - player].clone();
            let values = oracle.best(player, &mut Vec::new(), &tree, &spot.board, &opponent_reach);
            let total: f64 = oracle.weights[player]
                .iter()
                .zip(&values)
                .map(|(w, v)| w * v)
                .sum();
            total / oracle.deals
        })
        .collect();
    // NashConv / 2: the average of the two best responses (the game is zero-sum).
    f64::midpoint(best[0], best[1])
}

/// How close the solver's exploitability must be to [`exploitability`]'s, as a share of the
/// pot. A card solved as another's image plays the other's strategy renamed, and the solver
/// values it against the other's reach renamed: exact while the strategies above are as
/// symmetric as the ranges. 16-bit numbers are rounded at random, slot by slot, so a hand and
/// its renamed hand drift apart by a rounding (one part in 32,768 of the decision's largest
/// number), and the two values by a few such parts of the chips.
pub fn agreement(spot: &Spot, solution: &Solution, precision: Precision) -> f64 {
    let symmetric = !solution.game().symmetry().is_trivial() && spot.board.len() < 5;
    if symmetric && precision == Precision::Compressed {
        1e-4
    } else {
        1e-9
    }
}

struct Oracle<'s> {
    solution: &'s Solution,
    pot: f64,
    hands: [Vec<Combo>; 2],
    weights: [Vec<f64>; 2],
    deals: f64,
}

fn disjoint(first: Combo, second: Combo) -> bool {
    first.iter().all(|card| !second.contains(card))
}

impl<'s> Oracle<'s> {
    fn new(spot: &Spot, solution: &'s Solution) -> Oracle<'s> {
        let board: CardSet = spot.board.iter().copied().collect();
        let mut hands: [Vec<Combo>; 2] = Default::default();
        let mut weights: [Vec<f64>; 2] = Default::default();
        for player in 0..2 {
            for &(combo, weight) in spot.ranges[player].combos() {
                if !board.contains(combo[0]) && !board.contains(combo[1]) {
                    hands[player].push(combo);
                    weights[player].push(weight);
                }
            }
            assert_eq!(
                hands[player],
                solution.game().hands(player),
                "the same hands in the same order"
            );
        }
        let mut deals = 0.0;
        for (first, w) in hands[0].iter().zip(&weights[0]) {
            for (second, v) in hands[1].iter().zip(&weights[1]) {
                if disjoint(*first, *second) {
                    deals += w * v;
                }
            }
        }
        Oracle {
            solution,
            pot: f64::from(spot.pot),
            hands,
            weights,
            deals,
        }
    }

    /// `player`'s best-response values by hand at the end of `line` (the betting tree's
    /// `action`) on `board`, against the opponent's reach.
    fn best(
        &self,
        player: usize,
        line: &mut Vec<String>,
        action: &ActionNode,
        board: &[Card],
        reach: &[f64],
    ) -> Vec<f64> {
        let game = self.solution.game();
        let opponent = 1 - player;
        let live = |combo: &Combo| combo.iter().all(|card| !board.contains(card));
        let here = follow(game, &line.join(", ")).unwrap();
        // The values at the end of `line` and then `step`.
        let mut below = |step: String, action: &ActionNode, board: &[Card], reach: &[f64]| {
            line.push(step);
            let values = self.best(player, line, action, board, reach);
            line.pop();
            values
        };
        match action {
            ActionNode::Decision {
                player: actor,
                actions,
                children,
                ..
            } => {
                if *actor == player {
                    let mut best = vec![f64::NEG_INFINITY; self.hands[player].len()];
                    for (name, action) in actions.iter().zip(children) {
                        let values = below(name.to_string(), action, board, reach);
                        for (best, value) in best.iter_mut().zip(values) {
                            *best = best.max(value);
                        }
                    }
                    best
                } else {
                    let solved = self.solution.strategy(here.node);
                    let strategy = here.renamed_strategy(game, opponent, &solved);
                    let count = self.hands[opponent].len();
                    let mut total = vec![0.0; self.hands[player].len()];
                    for (index, (name, action)) in actions.iter().zip(children).enumerate() {
                        let reach_below: Vec<f64> = reach
                            .iter()
                            .zip(&strategy[index * count..(index + 1) * count])
                            .map(|(r, s)| r * s)
                            .collect();
                        for (total, value) in total.iter_mut().zip(below(
                            name.to_string(),
                            action,
                            board,
                            &reach_below,
                        )) {
                            *total += value;
                        }
                    }
                    total
                }
            }
            ActionNode::Chance { child: next, .. } => {
                let cards: Vec<Card> = Card::ALL
                    .into_iter()
                    .filter(|card| !board.contains(card))
                    .collect();
                // Two hands leave this many cards unseen, each as likely.
                let unseen = (52 - board.len() - 4) as f64;
                let mut total = vec![0.0; self.hands[player].len()];
                for &card in &cards {
                    let reach_below: Vec<f64> = reach
                        .iter()
                        .zip(&self.hands[opponent])
                        .map(|(&r, combo)| if combo.contains(&card) { 0.0 } else { r })
                        .collect();
                    let mut dealt = board.to_vec();
                    dealt.push(card);
                    let values = below(card.to_string(), next, &dealt, &reach_below);
                    for ((total, value), combo) in
                        total.iter_mut().zip(values).zip(&self.hands[player])
                    {
                        if !combo.contains(&card) {
                            *total += value / unseen;
                        }
                    }
                }
                total
            }
            ActionNode::Fold { folder, amount } => {
                let stake = self.pot / 2.0 + f64::from(*amount);
                let won = if *folder == player { -stake } else { stake };
                self.pairs(player, reach, |own, other| {
                    (live(&own) && live(&other)).then_some(won)
                })
            }
            ActionNode::Showdown { amount } => {
                assert_eq!(board.len(), 5, "a showdown is on the river");
                let stake = self.pot / 2.0 + f64::from(*amount);
                let value = |combo: Combo| {
                    let mut cards = board.to_vec();
                    cards.extend(combo);
                    Hand::from_cards(&cards).evaluate()
                };
                self.pairs(player, reach, |own, other| {
                    (live(&own) && live(&other)).then(|| match value(own).cmp(&value(other)) {
                        std::cmp::Ordering::Greater => stake,
                        std::cmp::Ordering::Less => -stake,
                        std::cmp::Ordering::Equal => 0.0,
                    })
                })
            }
        }
    }

    /// Each of `player`'s hands' sum over the opponent's disjoint hands of reach times what
    /// `won` says the pair is worth (`None`: the pair cannot be dealt here).
    fn pairs(
        &self,
        player: usize,
        reach: &[f64],
        won: impl Fn(Combo, Combo) -> Option<f64>,
    ) -> Vec<f64> {
        self.hands[player]
            .iter()
            .map(|&own| {
                self.hands[1 - player]
                    .iter()
                    .zip(reach)
                    .filter(|&(&other, _)| disjoint(own, other))
                    .filter_map(|(&other, &r)| won(own, other).map(|won| r * won))
                    .sum()
            })
            .collect()
    }
}

/// OOP's equity: the share of the pot OOP's hands win at showdown against IP's, over every pair
/// of hands and every way the board can be completed that leave all cards distinct, pair by pair.
pub fn equity(spot: &Spot) -> f64 {
    let ranges = [spot.ranges[0].combos(), spot.ranges[1].combos()];
    let left: Vec<Card> = Card::ALL
        .into_iter()
        .filter(|card| !spot.board.contains(card))
        .collect();
    let mut boards: Vec<Vec<Card>> = vec![spot.board.clone()];
    for _ in spot.board.len()..5 {
        boards = boards
            .iter()
            .flat_map(|board| {
                let last = board.last().map_or(0, |card| {
                    left.iter().position(|c| c == card).map_or(0, |p| p + 1)
                });
                left[last..]
                    .iter()
                    .filter(|card| !board.contains(card))
                    .map(|&card| {
                        let mut next = board.clone();
                        next.push(card);
                        next
                    })
                    .collect::<Vec<_>>()
            })
            .collect();
    }
    let (mut won, mut total) = (0.0, 0.0);
    for board in &boards {
        let value = |combo: Combo| {
            let mut cards = board.clone();
            cards.extend(combo);
            Hand::from_cards(&cards).evaluate()
        };
        let live = |combo: &Combo| combo.iter().all(|card| !board.contains(card));
        for &(first, w) in ranges[0] {
            for &(second, v) in ranges[1] {
                if live(&first) && live(&second) && disjoint(first, second) {
                    total += w * v;
                    won += w
                        * v
                        * match value(first).cmp(&value(second)) {
                            std::cmp::Ordering::Greater => 1.0,
                            std::cmp::Ordering::Equal => 0.5,
                            std::cmp::Ordering::Less => 0.0,
                        };
                }
            }
        }
    }
    won / total
}
