//! Large random valid inputs, for whole-process timings.

use std::fmt::Write as _;
use std::io::Write as _;

use cards_core::Card;
use seeded_rng::SeededRng;

/// Prints the random valid input that `generate` makes of `size` cases from `seed`.
pub fn print(
    generate: fn(&mut SeededRng, usize) -> String,
    size: usize,
    seed: u64,
) -> anyhow::Result<()> {
    let input = generate(&mut SeededRng::new(seed), size);
    std::io::stdout().lock().write_all(input.as_bytes())?;
    Ok(())
}

/// Lines of seven distinct random cards.
pub fn texas_best_hand(rng: &mut SeededRng, lines: usize) -> String {
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
pub fn poker_decision(rng: &mut SeededRng, cases: usize) -> String {
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
pub fn triangle_war(rng: &mut SeededRng, games: usize) -> String {
    let mut input = String::with_capacity(games * 60);
    writeln!(input, "{games}").unwrap();
    let segments = triangle_war::board::SEGMENTS;
    let mut order: Vec<usize> = (0..segments.len()).collect();
    for _ in 0..games {
        let moves = rng.index_in(6, 18);
        for i in 0..moves {
            let j = i + rng.index(18 - i);
            order.swap(i, j);
        }
        writeln!(input, "{moves}").unwrap();
        for &segment in &order[..moves] {
            let (a, b) = segments[segment];
            writeln!(input, "{a} {b}").unwrap();
        }
    }
    input
}

/// Cases of 200 players and a pile of 20,000 random values, the judge's believed limits.
pub fn gdy(rng: &mut SeededRng, cases: usize) -> String {
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

/// Cases of two full 8 by 8 boards of the seven colors with no line of three, and strips of 100
/// random gems: the judge's largest cases.
pub fn gem_duel(rng: &mut SeededRng, cases: usize) -> String {
    const LETTERS: &[u8; 7] = b"BGOPRWY";
    let mut input = String::new();
    writeln!(input, "{cases}").unwrap();
    for _ in 0..cases {
        writeln!(input, "8 8 100").unwrap();
        for _ in 0..2 {
            let mut board = [[0u8; 8]; 8];
            for row in 0..8 {
                for column in 0..8 {
                    // Any color that does not complete three in a row leftwards or upwards.
                    board[row][column] = loop {
                        let gem = *rng.choose(LETTERS).unwrap();
                        let across = column >= 2
                            && board[row][column - 1] == gem
                            && board[row][column - 2] == gem;
                        let down = row >= 2
                            && board[row - 1][column] == gem
                            && board[row - 2][column] == gem;
                        if !across && !down {
                            break gem;
                        }
                    };
                }
                writeln!(input, "{}", String::from_utf8_lossy(&board[row])).unwrap();
            }
            let strip: Vec<u8> = (0..100).map(|_| *rng.choose(LETTERS).unwrap()).collect();
            writeln!(input, "{}", String::from_utf8_lossy(&strip)).unwrap();
        }
    }
    input
}

/// Matchups of two to six players with a flop, a turn or a river, and now and then dead cards.
pub fn holdem_equity(rng: &mut SeededRng, matchups: usize) -> String {
    let mut input = String::new();
    let mut deck = Card::ALL;
    for _ in 0..matchups {
        let players = rng.index_in(2, 6);
        let board = rng.index_in(3, 5);
        let dead = if rng.chance(1, 4) {
            rng.index_in(1, 3)
        } else {
            0
        };
        let cards = deal(rng, &mut deck, 2 * players + board + dead);
        let names: Vec<String> = cards.iter().map(Card::to_string).collect();
        let (holes, rest) = names.split_at(2 * players);
        let (board, dead) = rest.split_at(board);
        let holes: Vec<String> = holes.chunks(2).map(|pair| pair.join(" ")).collect();
        write!(input, "{} | {}", holes.join("  "), board.join(" ")).unwrap();
        if !dead.is_empty() {
            write!(input, " | dead: {}", dead.join(" ")).unwrap();
        }
        input.push('\n');
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

/// Connect Four positions in the public benchmark's six classes, `per_class` of each: lines
/// `columns score class`, which the binary reads (it ignores what follows the columns) and
/// `scripts/race-connect-four` races. A class is set by the stones played (up to 14, 15 to 28,
/// more) and the moves left under perfect play (fewer than 14, 14 to 27, more); a position is a
/// random game cut at a random length in its class's range, solved to find the moves left, and
/// kept if its class still wants one. Begin positions have at least 6 stones: with fewer a
/// position takes minutes without an opening book, and the public set, by its solvers' mean
/// node counts, holds few such.
pub fn connect_four(rng: &mut SeededRng, per_class: usize) -> String {
    use connect_four::board::Standard;
    const CLASSES: [(&str, std::ops::RangeInclusive<usize>, std::ops::Range<u32>); 6] = [
        ("end-easy", 29..=41, 0..14),
        ("middle-easy", 15..=28, 0..14),
        ("middle-medium", 15..=28, 14..28),
        ("begin-easy", 6..=14, 0..14),
        ("begin-medium", 6..=14, 14..28),
        ("begin-hard", 6..=14, 28..43),
    ];
    let mut analyst = connect_four::Analyst::new(connect_four::DEFAULT_MEMORY_MIB);
    let mut kept: Vec<Vec<String>> = vec![Vec::new(); CLASSES.len()];
    for wanted in 0..CLASSES.len() {
        while kept[wanted].len() < per_class {
            let stones = rng.index_in(*CLASSES[wanted].1.start(), *CLASSES[wanted].1.end());
            let Some((columns, query)) = random_game(rng, stones) else {
                continue;
            };
            analyst.reset();
            let score = analyst.score(&query, false);
            let left = moves_left(Standard::stones_played(query.position), score);
            let class = CLASSES
                .iter()
                .position(|(_, played, remaining)| {
                    played.contains(&stones) && remaining.contains(&left)
                })
                .expect("the classes cover every position");
            if kept[class].len() < per_class {
                kept[class].push(format!("{columns} {score} {}", CLASSES[class].0));
            }
        }
        eprintln!("generate connect-four: {} done", CLASSES[wanted].0);
    }
    let mut output = String::new();
    for line in kept.concat() {
        writeln!(output, "{line}").unwrap();
    }
    output
}

/// A random legal game of `stones` moves that nobody has won, as its columns (1 to 7) and the
/// position read back; `None` when a move on the way connects four.
fn random_game(rng: &mut SeededRng, stones: usize) -> Option<(String, connect_four::Query)> {
    use connect_four::board::Standard;
    let mut position = Standard::empty();
    let mut columns = String::new();
    for _ in 0..stones {
        let open: Vec<usize> = (0..7)
            .filter(|&c| Standard::can_play(position, c))
            .collect();
        let column = open[rng.index(open.len())];
        if Standard::wins_at(position, column) {
            return None;
        }
        position = Standard::played(position, column);
        columns.push(char::from(b'1' + u8::try_from(column).unwrap()));
    }
    let query = connect_four::parse(columns.as_bytes()).ok()?.pop()?;
    Some((columns, query))
}

/// Moves left in the game under perfect play from a position with `played` stones and `score`
/// for the player to move: to the full board for a draw, else to the winner's `22 − |score|`-th
/// stone, the mover's stones being every other move from the next, the opponent's from the one
/// after.
fn moves_left(played: u32, score: i32) -> u32 {
    let stone = 22 - score.unsigned_abs();
    match score.cmp(&0) {
        std::cmp::Ordering::Equal => 42 - played,
        std::cmp::Ordering::Greater => 2 * (stone - played / 2) - 1,
        std::cmp::Ordering::Less => 2 * (stone - played.div_ceil(2)),
    }
}

/// Heads-up spots, one per line in push-fold's flags: stacks from 1 to 30 bb, an ante one time
/// in three, ICM with other players one time in four.
pub fn push_fold(rng: &mut SeededRng, spots: usize) -> String {
    let mut input = String::with_capacity(spots * 60);
    let stack = |rng: &mut SeededRng| rng.range_inclusive(100, 3000) as f64 / 100.0;
    for _ in 0..spots {
        write!(input, "--stacks {},{}", stack(rng), stack(rng)).unwrap();
        if rng.index(3) == 0 {
            input.push_str(" --ante 0.1");
        }
        if rng.index(4) == 0 {
            write!(input, " --icm 50,30,20 --others {}", stack(rng)).unwrap();
        }
        input.push('\n');
    }
    input
}

/// A postflop spot file: a random river board, two small ranges of random hands and weights, a
/// pot and a stack, one or two bet sizes and a raise.
pub fn postflop(rng: &mut SeededRng, _spots: usize) -> String {
    const HANDS: [&str; 12] = [
        "AA", "KK", "QQ", "TT", "77", "AKs", "AQo", "KJs", "T9s", "76s", "A5s", "KQo",
    ];
    let mut deck = Card::ALL;
    rng.shuffle(&mut deck);
    let mut input = String::from("board = ");
    for card in &deck[..5] {
        write!(input, "{card}").unwrap();
    }
    for player in ["oop", "ip"] {
        write!(input, "\n{player} = ").unwrap();
        let picked: Vec<String> = (0..4)
            .map(|_| format!("{}:0.{}", HANDS[rng.index(HANDS.len())], 1 + rng.index(9)))
            .collect();
        input.push_str(&picked.join(","));
    }
    write!(
        input,
        "\npot = {}\nstack = {}\nbets = {}\nraises = a\n",
        10 + rng.index(200),
        10 + rng.index(500),
        ["50%", "33%, 75%", "e", "100%, a"][rng.index(4)]
    )
    .unwrap();
    input
}
