//! Suit symmetry: cards alike by a renaming of the suits that keeps both ranges and the board
//! are solved once, and a line through any of them reads as if each had been solved apart.

use equilibrium_core::{Game, Locks, Precision};
use postflop::browse::follow;
use postflop::game::{Dealing, PostflopGame, game_size};
use postflop::report::{hand_figures, reach_along};
use postflop::solve::{RULE, Silent, Solution, SolveOptions};
use postflop::spot::Spot;
use rstest::rstest;
use work_threads::Threads;

use crate::spots::spot;

/// The spot on `board`, with ranges blind to the suits: on Qs Jh 2h diamonds and clubs are
/// alike.
fn two_suited(board: &str) -> Spot {
    spot(&[
        ("board", board),
        ("oop", "AA,KK,AQs,KJs,T9s,54s:0.7"),
        ("ip", "QQ,JJ,AQ:0.4,QTs,98s"),
        ("pot", "100"),
        ("stack", "150"),
        ("bets", "50%"),
        ("raises", "a"),
    ])
}

fn solved(spot: &Spot, dealing: Dealing, iterations: usize) -> Solution {
    let game = PostflopGame::with_dealing(spot, dealing).unwrap();
    let options = SolveOptions {
        exploitability: 0.0,
        iterations,
        threads: Threads::ONE,
        rule: RULE,
        precision: Precision::Full,
    };
    Solution::solve(game, Locks::default(), options, &Silent)
}

#[rstest]
#[case::flop("Qs Jh 2h", 36)]
#[case::monotone_flop("Qh Jh 2h", 23)]
#[case::rainbow_flop("Qs Jh 2d", 49)]
#[case::turn("Qs Jh 2h 8s", 35)]
fn the_cards_solved_are_one_of_each_kind(#[case] board: &str, #[case] solved_cards: usize) {
    let spot = two_suited(board);
    let game = PostflopGame::new(&spot).unwrap();
    let root = game.tree().root();
    // Down the checks to the first chance node.
    let path = follow(&game, "Check, Check").unwrap();
    assert_ne!(path.node, root);
    assert_eq!(game.dealt(path.node).len(), solved_cards);
    let every: usize = (game.dealt(path.node).iter())
        .map(|dealt| 1 + dealt.alike.len())
        .sum();
    assert_eq!(every, 52 - spot.board.len());
    // The size counted before the game is made is the game's, both ways of dealing.
    for dealing in [Dealing::Isomorphic, Dealing::EveryCard] {
        let size = game_size(&spot, dealing).unwrap();
        let game = PostflopGame::with_dealing(&spot, dealing).unwrap();
        let tree = game.tree();
        assert_eq!(
            (size.nodes, size.slots, size.decisions),
            (tree.len(), tree.slots(), tree.decisions()),
            "{dealing:?}"
        );
    }
}

#[rstest]
#[case::solved_card("Qs Jh 2h 8s", "Check, Check, 3c", false)]
#[case::alike_card("Qs Jh 2h 8s", "Check, Check, 3d", true)]
#[case::alike_card_then_a_decision("Qs Jh 2h 8s", "Bet 50, Call, Kd, Check", true)]
// Spades, diamonds and clubs alike on the turn; after 5d, spades and clubs on the river: the
// two renamings composed.
#[case::alike_turn_then_alike_river("Qh Jh 2h", "Check, Check, 5d, Check, Check, 3s", true)]
fn a_line_through_an_alike_card_reads_as_every_card_apart(
    #[case] board: &str,
    #[case] line: &str,
    #[case] through_alike: bool,
) {
    // Two iterations: after them, rounding (sums made in another order) can tip a regret near
    // zero and part the two solves' ways (see `saved.rs`).
    let spot = two_suited(board);
    let [alike, apart] = [Dealing::Isomorphic, Dealing::EveryCard].map(|dealing| {
        let solution = solved(&spot, dealing, 2);
        let game = solution.game();
        let path = follow(game, line).unwrap();
        let reach = reach_along(&solution, &path);
        let player = game.player(path.node);
        let strategy = path.renamed_strategy(game, player, &solution.strategy(path.node));
        let [ev, equity] = hand_figures(&solution, &path, &reach).unwrap();
        (strategy, ev, equity, path.renaming)
    });
    // Whether the line passes a card alike to a solved one, read through a renaming.
    assert_eq!(
        alike.3 != postflop::symmetry::Symmetry::IDENTITY,
        through_alike
    );
    assert!(apart.0.len() == alike.0.len() && apart.1.len() == alike.1.len());
    // To `f32` rounding: a millionth of a share, or of the pot of 100 for an EV.
    let close = |a: &[f64], b: &[f64], what: &str, scale: f64| {
        for (hand, (a, b)) in a.iter().zip(b).enumerate() {
            assert!(
                (a.is_nan() && b.is_nan()) || (a - b).abs() < 1e-6 * scale,
                "{line}: {what} of hand {hand}: {a} alike, {b} apart"
            );
        }
    };
    close(&alike.0, &apart.0, "strategy", 1.0);
    close(&alike.1, &apart.1, "EV", 100.0);
    close(&alike.2, &apart.2, "equity", 1.0);
}

#[test]
fn locks_deal_every_card_apart() {
    let answer = |locks: Option<&str>| {
        let mut fields = postflop::spot::SpotFields::default();
        for (name, value) in [
            ("board", "Qs Jh 2h 8s"),
            ("oop", "AA,KK,AQs"),
            ("ip", "QQ,JJ,AQ"),
            ("pot", "100"),
            ("stack", "150"),
            ("bets", "50%"),
        ] {
            fields.set(name, value, None).unwrap();
        }
        let request = postflop::answer::Request {
            fields,
            load: None,
            locks: locks.map(String::from),
            exploitability: 0.0,
            iterations: 1,
            threads: Threads::ONE,
            memory: usize::MAX,
            precision: Precision::Full,
            line: None,
            json: true,
        };
        postflop::answer::answer(&request, &Silent).unwrap()
    };
    let dealing = |locks| answer(locks).solution.game().dealing();
    assert_eq!(dealing(None), Dealing::Isomorphic);
    assert_eq!(dealing(Some("# a comment\n\n")), Dealing::Isomorphic);
    assert_eq!(
        dealing(Some("Check, Check, 5d | AA | Check: 1\n")),
        Dealing::EveryCard
    );
}
