//! What a solution says at a node: how often the player to act takes each action over their
//! range as it arrives there, overall and by starting hand.

use cards_core::holdem::{Combo, HandClass};
use equilibrium_core::{Game, NodeId, values_at};
use work_threads::Threads;

use crate::action_tree::Action;
use crate::browse::Path;
use crate::game::NodeInfo;
use crate::solve::Solution;

/// A decision's strategy over the range that reaches it.
#[derive(Clone, Debug, PartialEq)]
pub struct NodeReport {
    /// Who acts: 0 (OOP) or 1 (IP).
    pub player: usize,
    /// The actions.
    pub actions: Vec<Action>,
    /// Each action's share of the range arriving here (hands weighted by how often they are
    /// dealt beside the opponent's arriving range, and by how often they play to here; on a
    /// line that is never taken, by the player's own reach, or else the range's weights).
    pub frequencies: Vec<f64>,
    /// By action, each of the 169 starting hands' share taking it (in [`HandClass::all`]'s
    /// order), `None` where none of the hand's combos arrives.
    pub by_class: Vec<Vec<Option<f64>>>,
    /// Each player's expected share of the pot at this node, in chips (the two add up to the
    /// pot there); `None` on a line the strategies never take.
    pub ev: Option<[f64; 2]>,
    /// The pot at this node, in chips.
    pub pot: f64,
}

/// Each player's reach at the end of `path`, at its solved node (in the suits of
/// [`Path::node`]): how often each hand is dealt and plays to there, cards dealt on the way
/// ruling hands out.
pub fn reach_along(solution: &Solution, path: &Path) -> [Vec<f64>; 2] {
    let game = solution.game();
    let mut reach = [0, 1].map(|player| game.weights(player).to_vec());
    for &(node, child) in &path.steps {
        match game.info(node) {
            NodeInfo::Decision(actions) => {
                let player = game.player(node);
                let strategy = solution.strategy(node);
                let hands = game.hands(player).len();
                debug_assert_eq!(strategy.len(), actions.len() * hands);
                for (reach, share) in reach[player].iter_mut().zip(&strategy[child * hands..]) {
                    *reach *= share;
                }
            }
            NodeInfo::Chance(cards) => {
                for (player, reach) in reach.iter_mut().enumerate() {
                    for (reach, combo) in reach.iter_mut().zip(game.hands(player)) {
                        if combo.contains(&cards[child]) {
                            *reach = 0.0;
                        }
                    }
                }
            }
            NodeInfo::Terminal => {}
        }
    }
    reach
}

/// The strategy at decision `node`, reached with `reach`; `None` if `node` is not a decision.
pub fn node_report(solution: &Solution, node: NodeId, reach: &[Vec<f64>; 2]) -> Option<NodeReport> {
    let game = solution.game();
    let NodeInfo::Decision(actions) = game.info(node) else {
        return None;
    };
    let player = game.player(node);
    let hands = game.hands(player);
    // Each hand's own reach times the reach of the opponent's hands it can be dealt beside.
    let mut arriving = vec![0.0; hands.len()];
    game.reach_beside(player, &reach[1 - player], 1.0, &mut arriving);
    for (arriving, own) in arriving.iter_mut().zip(&reach[player]) {
        *arriving *= own;
    }
    let reached: f64 = arriving.iter().sum();
    let pot = game.pot() + 2.0 * f64::from(game.amount(node));
    let ev = (reached > 0.0).then(|| {
        let tree = game.tree();
        let strategy = |node, strategy: &mut [f64]| {
            solution.solver().average_strategy(tree, node, strategy);
        };
        let one = Threads::new(1).expect("one is a thread count");
        [0, 1].map(|who| {
            let values = values_at(game, &strategy, node, who, &reach[1 - who], one);
            let won: f64 = reach[who].iter().zip(&values).map(|(r, v)| r * v).sum();
            // What the hand wins from the spot's start, plus the half of the pot and the chips
            // it has put in since: its share of the pot here.
            won / reached + game.pot() / 2.0 + f64::from(game.amount(node))
        })
    });
    // A line the strategies never take: the hands as they would arrive if it were taken (the
    // player's own reach, and failing that the range's weights).
    for fallback in [&reach[player][..], game.weights(player)] {
        if arriving.iter().sum::<f64>() <= 0.0 {
            arriving.copy_from_slice(fallback);
        }
    }
    let strategy = solution.strategy(node);
    let total: f64 = arriving.iter().sum();
    let mut frequencies = Vec::new();
    let mut by_class = Vec::new();
    for shares in strategy.chunks_exact(hands.len()) {
        let taken: f64 = shares.iter().zip(&arriving).map(|(s, w)| s * w).sum();
        frequencies.push(if total > 0.0 { taken / total } else { 0.0 });
        let mut sums = vec![(0.0, 0.0); HandClass::COUNT];
        for ((&combo, share), weight) in hands.iter().zip(shares).zip(&arriving) {
            let class = class_index(combo);
            sums[class].0 += share * weight;
            sums[class].1 += weight;
        }
        by_class.push(
            sums.iter()
                .map(|&(taken, total)| (total > 0.0).then(|| taken / total))
                .collect(),
        );
    }
    Some(NodeReport {
        player,
        actions: actions.clone(),
        frequencies,
        by_class,
        ev,
        pot,
    })
}

/// The index of a combo's starting hand in [`HandClass::all`]'s order.
pub fn class_index(combo: Combo) -> usize {
    let (row, column) = HandClass::of(combo).grid_cell();
    13 * row + column
}

/// Each hand of the player to act at the decision `path` leads to, reached with `reach`
/// ([`reach_along`]): its EV (its expected share of the pot at the node, in chips, as
/// [`NodeReport::ev`] is for the range) and its equity (its share of the pot if both went to
/// showdown), in the order of the player's hands, at the node the line names; NaN where no
/// hand of the opponent's arriving range can be dealt beside it. `None` if the node is not a
/// decision.
pub fn hand_figures(
    solution: &Solution,
    path: &Path,
    reach: &[Vec<f64>; 2],
) -> Option<[Vec<f64>; 2]> {
    let game = solution.game();
    let node = path.node;
    let NodeInfo::Decision(_) = game.info(node) else {
        return None;
    };
    let player = game.player(node);
    let opponent_reach = &reach[1 - player];
    let mut met = vec![0.0; game.hands(player).len()];
    game.reach_beside(player, opponent_reach, 1.0, &mut met);
    let tree = game.tree();
    let strategy = |node, strategy: &mut [f64]| {
        solution.solver().average_strategy(tree, node, strategy);
    };
    let one = Threads::new(1).expect("one is a thread count");
    let values = values_at(game, &strategy, node, player, opponent_reach, one);
    // As for the range: what the hand wins from the spot's start, plus the half of the pot
    // and the chips it has put in since.
    let offset = game.pot() / 2.0 + f64::from(game.amount(node));
    let ev = values
        .iter()
        .zip(&met)
        .map(|(&value, &met)| {
            if met > 0.0 {
                value / met + offset
            } else {
                f64::NAN
            }
        })
        .collect();
    let equity = game.equity_at(node, player, opponent_reach);
    Some([ev, equity].map(|figures| path.renamed(game, player, &figures)))
}
