//! The postflop solver against the plain best response written apart from it (the crate's test
//! oracle): a small river or turn spot made from the bytes, solved for a few iterations with
//! 32-bit or 16-bit numbers; the
//! solver's exploitability must be the oracle's, and its equity the oracle's pair by pair.
#![no_main]

#[path = "../../crates/postflop/tests/integration/oracle.rs"]
mod oracle;

use cards_core::Card;
use equilibrium_core::{Locks, Precision};
use libfuzzer_sys::fuzz_target;
use postflop::game::PostflopGame;
use postflop::solve::{RULE, Silent, Solution, SolveOptions};
use postflop::spot::SpotFields;
use work_threads::Threads;

const SIZES: [&str; 8] = ["33%", "50%", "75%", "100%", "150%", "e", "a", "40%, a"];
const RAISES: [&str; 4] = ["", "a", "2x", "100%"];
const CLASSES: [&str; 8] = ["AA", "KK", "AKs", "QJs", "T9s", "76s", "AQo", "K9o"];

fuzz_target!(|input: &[u8]| {
    let mut bytes = input.iter().copied();
    let mut next = || bytes.next().unwrap_or(0);
    // A board of four or five distinct cards.
    let length = 4 + usize::from(next() % 2);
    let mut board: Vec<Card> = Vec::new();
    while board.len() < length {
        let card = Card::ALL[usize::from(next()) % 52];
        if board.contains(&card) {
            return;
        }
        board.push(card);
    }
    // Up to four combos a range, each at a weight from 0.1 to 1; or, every other byte, up to
    // three starting hands, which are blind to the suits, so cards alike by suit symmetry are
    // solved once.
    let range = |next: &mut dyn FnMut() -> u8| {
        let suit_blind = next() % 2 == 0;
        let combos: Vec<String> = (0..1 + next() % 4)
            .map(|_| {
                if suit_blind {
                    let class = CLASSES[usize::from(next()) % CLASSES.len()];
                    return format!("{class}:0.{}", 1 + next() % 9);
                }
                let (a, b) = (
                    Card::ALL[usize::from(next()) % 52],
                    Card::ALL[usize::from(next()) % 52],
                );
                format!("{a}{b}:0.{}", 1 + next() % 9)
            })
            .collect();
        combos.join(",")
    };
    let (oop, ip) = (range(&mut next), range(&mut next));
    let board: String = board.iter().map(ToString::to_string).collect();
    let pot = (1 + u32::from(next())).to_string();
    let stack = (1 + 2 * u32::from(next())).to_string();
    let bets = SIZES[usize::from(next()) % SIZES.len()];
    let raises = RAISES[usize::from(next()) % RAISES.len()];
    let iterations = 1 + usize::from(next() % 6);
    let precision = [Precision::Full, Precision::Compressed][usize::from(next() % 2)];
    let mut fields = SpotFields::default();
    for (name, value) in [
        ("board", board.as_str()),
        ("oop", &oop),
        ("ip", &ip),
        ("pot", &pot),
        ("stack", &stack),
        ("bets", bets),
        ("raises", raises),
    ] {
        fields.set(name, value, None).unwrap();
    }
    // A combo of one card twice, or a range the board empties, is refused: nothing to check.
    let Ok(spot) = fields.spot() else { return };
    let Ok(game) = PostflopGame::new(&spot) else {
        return;
    };
    let options = SolveOptions {
        exploitability: 0.0,
        iterations,
        threads: Threads::new(1).unwrap(),
        rule: RULE,
        precision,
    };
    let solution = Solution::solve(game, Locks::default(), options, &Silent);
    let solver = solution.exploitability() * f64::from(spot.pot);
    let expected = oracle::exploitability(&spot, &solution);
    let tolerance = oracle::agreement(&spot, &solution, precision);
    assert!(
        (solver - expected).abs() <= tolerance * f64::from(spot.pot),
        "{solver} against {expected}"
    );
    let equity = oracle::equity(&spot);
    assert!((solution.game().equity()[0] - equity).abs() < 1e-12);
});
