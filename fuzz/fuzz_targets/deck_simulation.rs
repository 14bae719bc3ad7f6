//! gdy's game on sim-core's deck against the plain one-player-at-a-time simulation its tests use:
//! the same winner and the same points left, and every card accounted for.
#![no_main]

use gdy::{Case, Silent, play};
use libfuzzer_sys::fuzz_target;

#[path = "../../crates/gdy/tests/integration/model/mod.rs"]
mod model;

fuzz_target!(|data: &[u8]| {
    let Some((&players, cards)) = data.split_first() else {
        return;
    };
    if cards.is_empty() {
        return;
    }
    let players = 1 + usize::from(players % 64);
    let pile: Vec<u8> = cards.iter().map(|&byte| byte % 13 + 1).collect();
    let case = Case {
        players,
        pile: pile.clone(),
    };
    let outcome = play(&case, &mut Silent).expect("a small table fits in memory");
    let (winner, points) = model::plain_game(players, &pile);
    assert_eq!(
        (outcome.winner, &outcome.points_left),
        (winner, &points),
        "{players} {pile:?}"
    );
    assert_eq!(
        outcome.in_hands + outcome.pile_left + outcome.played,
        pile.len()
    );
});
