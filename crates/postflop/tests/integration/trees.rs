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

/// Node counts by street as postflop-solver's engine counts its action tree, read off it on the
/// same settings (`peers/postflop-solver`, walking its public `ActionTree`).
#[rstest::rstest]
#[case::basic_turn(basic_turn(), [0, 51, 152])]
#[case::river(river_spot(), [0, 0, 45])]
#[case::texas_solver_flop(texas_solver_flop_tree(), [45, 179, 445])]
fn node_counts_are_postflop_solvers(
    #[case] spot: postflop::spot::Spot,
    #[case] counts: [usize; 3],
) {
    assert_eq!(action_tree(&spot).unwrap().counts(), counts);
}

fn river_spot() -> postflop::spot::Spot {
    crate::spots::spot(&[
        ("board", "Qs Jh 2h 8d 3c"),
        (
            "oop",
            "AA,KK,QQ,JJ,TT,99,88,AK,AQ,AJ,KQ,KJ,QJ,JT,T9s,98s,87s,76s,65s,54s",
        ),
        ("ip", "QQ-22,AQ-AT,KQ-KT,QJ-QT,JT,T9,98s,87s,A5s-A2s"),
        ("pot", "100"),
        ("stack", "150"),
        ("bets", "33%, 75%, a"),
        ("raises", "2.5x, a"),
    ])
}

/// TexasSolver's benchmark flop's tree (its ranges are not needed for the tree).
fn texas_solver_flop_tree() -> postflop::spot::Spot {
    crate::spots::spot(&[
        ("board", "QsJh2h"),
        ("oop", "AA"),
        ("ip", "KK"),
        ("pot", "10"),
        ("stack", "95"),
        ("bets", "100%, a"),
        ("raises", "50%, a"),
        ("add-allin-threshold", "0"),
        ("force-allin-threshold", "0"),
        ("merging-threshold", "0"),
    ])
}
