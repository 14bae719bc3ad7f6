//! A river spot small enough for linear programming: its sequence form built from the betting
//! tree and the evaluator alone, its exact value by the LP in `lp.rs`, and the solver's value
//! within the bound its exploitability gives (|v − v*| ≤ 2ε, ε being NashConv / 2 in chips).

use cards_core::CardSet;
use cards_core::holdem::{Combo, Hand};
use equilibrium_core::Precision;
use postflop::action_tree::{ActionNode, action_tree};
use postflop::spot::Spot;

use crate::lp::{Infoset, SequenceForm, game_value};
use crate::solver::solved_with;
use crate::spots::spot;

/// The sequence form of a river spot, in chips per deal, for the first player (OOP).
fn sequence_form(spot: &Spot) -> SequenceForm {
    assert_eq!(spot.board.len(), 5, "a river spot: no chance node");
    let board: CardSet = spot.board.iter().copied().collect();
    let hands: [Vec<(Combo, f64)>; 2] = [0, 1].map(|player| {
        spot.ranges[player]
            .combos()
            .iter()
            .copied()
            .filter(|(combo, _)| !board.contains(combo[0]) && !board.contains(combo[1]))
            .collect()
    });
    let disjoint = |a: Combo, b: Combo| a.iter().all(|card| !b.contains(card));
    let mut deals = 0.0;
    for &(first, w) in &hands[0] {
        for &(second, v) in &hands[1] {
            if disjoint(first, second) {
                deals += w * v;
            }
        }
    }
    let mut form = SequenceForm {
        sequences: [1, 1],
        infosets: [Vec::new(), Vec::new()],
        payoffs: Vec::new(),
    };
    let value = |combo: Combo| {
        let mut cards = spot.board.clone();
        cards.extend(combo);
        Hand::from_cards(&cards).evaluate()
    };
    let pot = f64::from(spot.pot);
    // Each player's last sequence on the path, by hand.
    let start = [vec![0; hands[0].len()], vec![0; hands[1].len()]];
    let mut stack: Vec<(&ActionNode, [Vec<usize>; 2])> = Vec::new();
    let tree = action_tree(spot).unwrap();
    stack.push((&tree, start));
    while let Some((node, last)) = stack.pop() {
        match node {
            ActionNode::Decision {
                player, children, ..
            } => {
                let player = *player;
                let mut next: Vec<Vec<usize>> = vec![Vec::new(); children.len()];
                for &parent in &last[player] {
                    let first = form.sequences[player];
                    form.sequences[player] += children.len();
                    form.infosets[player].push(Infoset {
                        parent,
                        children: (first..first + children.len()).collect(),
                    });
                    for (action, next) in next.iter_mut().enumerate() {
                        next.push(first + action);
                    }
                }
                for (child, sequences) in children.iter().zip(next) {
                    let mut below = last.clone();
                    below[player] = sequences;
                    stack.push((child, below));
                }
            }
            ActionNode::Fold { .. } | ActionNode::Showdown { .. } => {
                let (amount, folder) = match node {
                    ActionNode::Fold { folder, amount } => (*amount, Some(*folder)),
                    ActionNode::Showdown { amount } => (*amount, None),
                    _ => unreachable!("a terminal"),
                };
                let stake = pot / 2.0 + f64::from(amount);
                for (a, &(first, w)) in hands[0].iter().enumerate() {
                    for (b, &(second, v)) in hands[1].iter().enumerate() {
                        if !disjoint(first, second) {
                            continue;
                        }
                        let won = match folder {
                            Some(0) => -stake,
                            Some(_) => stake,
                            None => match value(first).cmp(&value(second)) {
                                std::cmp::Ordering::Greater => stake,
                                std::cmp::Ordering::Less => -stake,
                                std::cmp::Ordering::Equal => 0.0,
                            },
                        };
                        form.payoffs
                            .push((last[0][a], last[1][b], w * v * won / deals));
                    }
                }
            }
            ActionNode::Chance { .. } => unreachable!("a river spot deals no card"),
        }
    }
    form
}

#[rstest::rstest]
fn a_river_spot_s_value_is_the_linear_programme_s_within_its_exploitability(
    #[values(Precision::Full, Precision::Compressed)] precision: Precision,
) {
    let spot = spot(&[
        ("board", "Ah Kd 7c 7s 2h"),
        ("oop", "AK, 77:0.25, AQs, KQs, 65s"),
        ("ip", "AA:0.5, KK, AJs, QJs, T9s"),
        ("pot", "40"),
        ("stack", "60"),
        ("bets", "75%, a"),
        ("raises", "a"),
    ]);
    let exact = game_value(&sequence_form(&spot));
    for iterations in [30, 300] {
        let solution = solved_with(&spot, iterations, 1, precision);
        let pot = f64::from(spot.pot);
        let value = solution.ev()[0] - pot / 2.0;
        let epsilon = solution.exploitability() * pot;
        assert!(
            (value - exact).abs() <= 2.0 * epsilon,
            "after {iterations} iterations the solver's value {value} is {} from the LP's {exact}, more than twice its exploitability {epsilon}",
            (value - exact).abs()
        );
    }
}
