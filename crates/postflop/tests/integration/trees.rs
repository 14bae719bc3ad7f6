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

/// A decision's chips are those both players have matched since the spot began: a bet not yet
/// called counts for nothing, and a called one counts on the next street.
#[test]
fn a_decision_s_chips_are_those_matched() {
    use equilibrium_core::{Game, Node};
    use postflop::game::{NodeInfo, PostflopGame};

    let game = PostflopGame::new(&crate::spots::spot(&[
        ("board", "Td9d6h Qc"),
        ("oop", "AA,KQs"),
        ("ip", "QQ,JTs"),
        ("pot", "60"),
        ("stack", "100"),
        ("bets", "75%"),
        ("raises", "a"),
    ]))
    .unwrap();
    let tree = game.tree();
    let child = |node, action: &str| {
        let NodeInfo::Decision(actions) = game.info(node) else {
            panic!("node {node} is not a decision");
        };
        let at = (actions.iter()).position(|taken| taken.to_string() == action);
        let Node::Decision { children, .. } = tree.node(node) else {
            unreachable!("a decision's info is a decision's");
        };
        children[at.unwrap_or_else(|| panic!("no {action} in {actions:?}"))]
    };
    let first_card = |node| match tree.node(node) {
        Node::Chance { children, .. } => children[0],
        _ => panic!("node {node} deals no card"),
    };
    let root = tree.root();
    assert_eq!(game.amount(root), 0);
    let facing = child(root, "Bet 45");
    assert_eq!(game.amount(facing), 0);
    assert_eq!(game.amount(first_card(child(facing, "Call"))), 45);
    let checked = first_card(child(child(root, "Check"), "Check"));
    assert_eq!(game.amount(checked), 0);
    assert_eq!(game.amount(child(checked, "Bet 45")), 0);
}
