//! Betting trees against the figures Desktop Postflop's engine gives for the same settings.

use postflop::action_tree::{Action, ActionNode, action_tree};

use crate::spots::basic_turn;

fn actions(node: &ActionNode) -> &[Action] {
    match node {
        ActionNode::Decision { actions, .. } => actions,
        _ => panic!("not a decision: {node:?}"),
    }
}

fn child(node: &ActionNode, index: usize) -> &ActionNode {
    match node {
        ActionNode::Decision { children, .. } => &children[index],
        _ => panic!("not a decision: {node:?}"),
    }
}

#[test]
fn the_basic_turn_spot_has_postflop_solvers_root_and_raise() {
    // Asserted by postflop-solver's examples/basic.rs.
    let tree = action_tree(&basic_turn()).unwrap();
    assert_eq!(
        actions(&tree),
        [
            Action::Check,
            Action::Bet(120),
            Action::Bet(216),
            Action::AllIn(900)
        ]
    );
    assert_eq!(
        actions(child(&tree, 1)),
        [Action::Fold, Action::Call, Action::Raise(300)]
    );
}
