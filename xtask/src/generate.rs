//! Large random valid inputs, for whole-process timings.

use std::fmt::Write as _;
use std::io::Write as _;

use anyhow::bail;
use cards_core::Card;
use seeded_rng::SeededRng;
use triangle_war::board::SEGMENTS;

/// Prints `input(problem, size, seed)` to stdout.
pub fn print(problem: &str, size: Option<usize>, seed: u64) -> anyhow::Result<()> {
    let input = input(problem, size, seed)?;
    std::io::stdout().lock().write_all(input.as_bytes())?;
    Ok(())
}

/// A random valid input for `problem` with `size` cases (or lines), or the problem's default.
pub fn input(problem: &str, size: Option<usize>, seed: u64) -> anyhow::Result<String> {
    let mut rng = SeededRng::new(seed);
    let size = size.unwrap_or_else(|| default_size(problem));
    Ok(match problem {
        "texas-best-hand" => texas_best_hand(&mut rng, size),
        "poker-decision" => poker_decision(&mut rng, size),
        "triangle-war" => triangle_war(&mut rng, size),
        "gdy" => gdy(&mut rng, size),
        _ => bail!("no generator for '{problem}'"),
    })
}

/// The size the timing figures in BENCHMARKS.md use.
pub fn default_size(problem: &str) -> usize {
    match problem {
        "texas-best-hand" => 1_000_000,
        "poker-decision" => 100_000,
        "triangle-war" => 100_000,
        "gdy" => 20,
        _ => 0,
    }
}

/// Lines of seven distinct random cards.
fn texas_best_hand(rng: &mut SeededRng, lines: usize) -> String {
    let mut input = String::with_capacity(lines * 21);
    let mut deck = Card::ALL;
    for _ in 0..lines {
        let cards = deal(rng, &mut deck, 7);
        let line: Vec<String> = cards.iter().map(Card::to_string).collect();
        writeln!(input, "{}", line.join(" ")).unwrap();
    }
    input
}

/// `T` cases of ten distinct random cards, laid out as the judge does.
fn poker_decision(rng: &mut SeededRng, cases: usize) -> String {
    let mut input = String::with_capacity(cases * 31 + 8);
    writeln!(input, "{cases}").unwrap();
    let mut deck = Card::ALL;
    for _ in 0..cases {
        let cards = deal(rng, &mut deck, 10);
        writeln!(
            input,
            "{} {}\n{} {}",
            cards[0], cards[1], cards[2], cards[3]
        )
        .unwrap();
        let community: Vec<String> = cards[4..].iter().map(Card::to_string).collect();
        writeln!(input, "{}", community.join(" ")).unwrap();
    }
    input
}

/// Games of 6 to 18 random distinct segments, each written `i j` with `i < j`.
fn triangle_war(rng: &mut SeededRng, games: usize) -> String {
    let mut input = String::with_capacity(games * 60);
    writeln!(input, "{games}").unwrap();
    let mut order: Vec<usize> = (0..18).collect();
    for _ in 0..games {
        let moves = rng.range_inclusive(6, 18) as usize;
        for i in 0..moves {
            let j = i + rng.index(18 - i);
            order.swap(i, j);
        }
        writeln!(input, "{moves}").unwrap();
        for &segment in &order[..moves] {
            let (a, b) = SEGMENTS[segment];
            writeln!(input, "{a} {b}").unwrap();
        }
    }
    input
}

/// Cases of 200 players and a pile of 20,000 random values, the judge's believed limits.
fn gdy(rng: &mut SeededRng, cases: usize) -> String {
    let mut input = String::with_capacity(cases * 60_000);
    writeln!(input, "{cases}").unwrap();
    for _ in 0..cases {
        writeln!(input, "200 20000").unwrap();
        for index in 0..20_000 {
            let separator = if index % 40 == 39 { '\n' } else { ' ' };
            write!(input, "{}{separator}", rng.range_inclusive(1, 13)).unwrap();
        }
    }
    input
}

/// The first `count` cards of a partial shuffle of `deck`.
fn deal<'a>(rng: &mut SeededRng, deck: &'a mut [Card; 52], count: usize) -> &'a [Card] {
    for i in 0..count {
        let j = i + rng.index(52 - i);
        deck.swap(i, j);
    }
    &deck[..count]
}
