//! Postflop for the page: a spot given field by field (the command line's options without their
//! dashes), its memory estimate before solving, a solve answered with the command line's own
//! JSON (`postflop ... --format json --threads 1`) and its command, and the solution kept on
//! the worker's thread so the page can browse its nodes one line at a time, save it as
//! `--save` does, or open a saved one as `--load` does.

use std::cell::RefCell;
use std::fmt::{self, Write as _};

use cards_core::holdem::combo_text;
use equilibrium_core::{Game, Node, NodeId, Precision};
use postflop::answer::{Answer, Request, answer};
use postflop::browse::follow;
use postflop::game::{GameError, NodeInfo, PostflopGame, game_size};
use postflop::locks::dealing_for;
use postflop::report::{class_index, hand_figures, node_report, reach_along};
use postflop::saved::load;
use postflop::solve::{Progress, Silent};
use postflop::spot::{PLAYERS, SpotFields, card_name};
use postflop::write::json_text;
use work_threads::Threads;

/// The most memory a solve in the page may take, in MB (10^6 bytes, as `--memory` counts): a
/// browser tab's share, well inside WebAssembly's 4 GB.
pub const PAGE_MEMORY_MB: usize = 1000;

/// The fields a spot must have.
const REQUIRED: [&str; 5] = ["board", "oop", "ip", "pot", "stack"];

/// Why the page's postflop input was refused: the field (an option's name without dashes,
/// `exploitability`, `iterations`, `locks`, `line`, or empty for the spot as a whole) and the
/// command line's message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PostflopError {
    /// The field the message is about, or empty.
    pub field: String,
    /// What is wrong, in the command line's words (without the `--field: ` prefix).
    pub message: String,
}

impl fmt::Display for PostflopError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.field.is_empty() {
            f.write_str(&self.message)
        } else {
            write!(f, "--{}: {}", self.field, self.message)
        }
    }
}

impl PostflopError {
    fn new(field: &str, message: impl Into<String>) -> PostflopError {
        PostflopError {
            field: field.to_string(),
            message: message.into(),
        }
    }

    /// An error of the command line's, `--field: message` or a plain message, taken apart.
    fn from_line(line: &str) -> PostflopError {
        if let Some(rest) = line.strip_prefix("--")
            && let Some((field, message)) = rest.split_once(": ")
            && !field.contains(' ')
        {
            return PostflopError::new(field, message);
        }
        PostflopError::new("", line)
    }
}

/// A solve's answer: the command line's JSON and the command that prints it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solved {
    /// `postflop ... --format json --threads 1`'s line.
    pub json: String,
    /// The command line that prints the same.
    pub command: String,
}

thread_local! {
    /// The last solution, kept for browsing (the page's worker has one thread).
    static KEPT: RefCell<Option<Answer>> = const { RefCell::new(None) };
}

/// A saved solution opened: the command line's JSON for it, the command that prints the same,
/// and its spot and locks, to fill the page's fields with.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Opened {
    /// `postflop --load FILE --iterations 0 --threads 1 --format json`'s line.
    pub json: String,
    /// That command line.
    pub command: String,
    /// The spot as a spot file: `name = value`, a line each.
    pub spot: String,
    /// The lock file's text (empty without locks).
    pub locks: String,
}

/// The spot's fields as `(name, value)` pairs, empty values left out; a spot without one of its
/// required fields is refused at that field.
pub fn spot_fields(fields: &[(&str, &str)]) -> Result<SpotFields, PostflopError> {
    let mut spot = SpotFields::default();
    for name in REQUIRED {
        let given = fields
            .iter()
            .any(|(field, value)| *field == name && !value.trim().is_empty());
        if !given {
            return Err(PostflopError::new(
                name,
                "a spot needs its board, both ranges, the pot and the stack",
            ));
        }
    }
    for (name, value) in fields {
        let value = value.trim();
        if value.is_empty() {
            continue;
        }
        spot.set(name, value, None)
            .map_err(|err| PostflopError::new(&err.field, err.message))?;
    }
    Ok(spot)
}

/// The memory the spot's game takes without locks, in bytes, counted without making it.
pub fn estimate(fields: &[(&str, &str)]) -> Result<usize, PostflopError> {
    estimate_with(fields, "")
}

/// The memory the spot's game takes with the lock file `locks`, which may deal every card apart
/// ([`dealing_for`]).
fn estimate_with(fields: &[(&str, &str)], locks: &str) -> Result<usize, PostflopError> {
    let spot = spot_fields(fields)?
        .spot()
        .map_err(|err| PostflopError::new(&err.field, err.message))?;
    let size = game_size(&spot, dealing_for(locks)).map_err(|err| game_error(&err))?;
    Ok(size.bytes(Precision::Full))
}

/// Solves the spot to `exploitability` percent of the pot or `iterations`, with the lock file
/// `locks` (empty for none), on one thread, refusing a game over [`PAGE_MEMORY_MB`]; keeps the
/// solution for [`node`].
pub fn solve(
    fields: &[(&str, &str)],
    exploitability: f64,
    iterations: usize,
    locks: &str,
    progress: &dyn Progress,
) -> Result<Solved, PostflopError> {
    if !(exploitability.is_finite() && exploitability >= 0.0) {
        return Err(PostflopError::new(
            "exploitability",
            "expected a percentage of the pot, 0 or more",
        ));
    }
    let budget = fits_in_a_tab(estimate_with(fields, locks)?)?;
    let locked = !locks.trim().is_empty();
    let request = Request {
        fields: spot_fields(fields)?,
        load: None,
        locks: locked.then(|| locks.to_string()),
        exploitability: exploitability / 100.0,
        iterations,
        threads: Threads::new(1).expect("one is not zero"),
        memory: budget,
        precision: Precision::Full,
        line: None,
        json: true,
    };
    // The solution before is let go first: two games need not fit at once.
    KEPT.with(|kept| kept.borrow_mut().take());
    let answered = answer(&request, progress).map_err(|err| {
        let err = PostflopError::from_line(&err);
        if err.field == "lock" {
            PostflopError::new("locks", err.message)
        } else {
            err
        }
    })?;
    let json = answered.output.clone();
    KEPT.with(|kept| *kept.borrow_mut() = Some(answered));
    Ok(Solved {
        json,
        command: command(fields, exploitability, iterations, locked),
    })
}

/// The kept solution's bytes, as `postflop --save` writes them.
pub fn saved() -> Result<Vec<u8>, PostflopError> {
    KEPT.with(|kept| {
        let kept = kept.borrow();
        let answered = kept
            .as_ref()
            .ok_or_else(|| PostflopError::new("save", "no solution yet: solve a spot first"))?;
        Ok(answered.saved())
    })
}

/// Opens a saved solution (`postflop --save`'s bytes) for browsing, without solving further,
/// refusing a game over [`PAGE_MEMORY_MB`], and keeps it for [`node`]. A file refused by its
/// checks (not a solution, cut short, a bad spot, too big) leaves the solution before as it was;
/// one that passes them lets it go before the new one is made, as [`solve`] does, so the two
/// are never held at once. An error is at the field `open`.
pub fn open(bytes: Vec<u8>) -> Result<Opened, PostflopError> {
    let refused = |message: &str| {
        let message = message.strip_prefix("--load: ").unwrap_or(message);
        PostflopError::new("open", message)
    };
    // The file read whole and the game's size from its spot, before anything is let go.
    let budget = {
        let saved = load(&bytes).map_err(|err| refused(&err))?;
        let spot = (saved.fields.spot()).map_err(|err| refused(&err.to_string()))?;
        let size = game_size(&spot, saved.dealing).map_err(|err| refused(&err.to_string()))?;
        fits_in_a_tab(size.bytes(Precision::Full)).map_err(|err| refused(&err.message))?
    };
    KEPT.with(|kept| kept.borrow_mut().take());
    let request = Request {
        fields: SpotFields::default(),
        load: Some(bytes),
        locks: None,
        exploitability: 0.0,
        // None more: the solution is browsed as it was saved.
        iterations: 0,
        threads: Threads::new(1).expect("one is not zero"),
        memory: budget,
        precision: Precision::Full,
        line: None,
        json: true,
    };
    let answered = answer(&request, &Silent).map_err(|err| refused(&err))?;
    let opened = Opened {
        json: answered.output.clone(),
        command: "postflop --load FILE --iterations 0 --threads 1 --format json".to_string(),
        spot: answered.fields.to_text(),
        locks: answered.locks.clone(),
    };
    KEPT.with(|kept| *kept.borrow_mut() = Some(answered));
    Ok(opened)
}

/// The node `line` leads to in the kept solution (`Bet 75, Call, Qc`, as `--line` takes it;
/// empty for the root), as a small JSON object:
///
/// - every node: `kind` (`decision`, `chance` or `terminal`), `line`, `pot`;
/// - a chance node: `cards`, the cards that can come, in the order of `Card::ALL`;
/// - a decision: `player` (`OOP` or `IP`), `actions`, `frequencies`, `by_class` (by action,
///   the 169 starting hands' shares in the grid's order, `null` where none arrives), `ev`
///   (each player's EV here, or `null`), and per hand of the player to act: `hands`, `class`
///   (its cell), `reach` (how often it is dealt and plays to here), `strategy` (by action),
///   `hand_ev` and `equity` (`null` where it meets no hand of the opponent's).
pub fn node(line: &str) -> Result<String, PostflopError> {
    KEPT.with(|kept| {
        let kept = kept.borrow();
        let answered = kept
            .as_ref()
            .ok_or_else(|| PostflopError::new("line", "no solution yet: solve a spot first"))?;
        node_json(answered, line)
    })
}

fn node_json(answered: &Answer, line: &str) -> Result<String, PostflopError> {
    let solution = &answered.solution;
    let game = solution.game();
    let path = follow(game, line).map_err(|err| PostflopError::from_line(&err.to_string()))?;
    let node = path.node;
    let reach = reach_along(solution, &path);
    let mut out = String::from("{");
    match game.info(node) {
        NodeInfo::Terminal => out.push_str("\"kind\":\"terminal\""),
        NodeInfo::Chance(_) => {
            let cards: Vec<String> = (path.cards_to_deal().into_iter()).map(card_name).collect();
            write!(out, "\"kind\":\"chance\",\"cards\":{}", strings(&cards)).unwrap();
        }
        NodeInfo::Decision(_) => {
            let report = node_report(solution, node, &reach).expect("a decision");
            let [hand_ev, equity] = hand_figures(solution, &path, &reach).expect("a decision");
            let player = report.player;
            let hands = game.hands(player);
            let actions: Vec<String> = report.actions.iter().map(ToString::to_string).collect();
            write!(
                out,
                "\"kind\":\"decision\",\"player\":\"{}\",\"actions\":{},\"frequencies\":{}",
                PLAYERS[player].to_uppercase(),
                strings(&actions),
                numbers(&report.frequencies)
            )
            .unwrap();
            let by_class: Vec<String> = (report.by_class.iter())
                .map(|shares| {
                    let shares: Vec<f64> = shares
                        .iter()
                        .map(|share| share.unwrap_or(f64::NAN))
                        .collect();
                    numbers(&shares)
                })
                .collect();
            write!(out, ",\"by_class\":[{}]", by_class.join(",")).unwrap();
            match report.ev {
                Some(ev) => write!(out, ",\"ev\":{}", numbers(&ev)).unwrap(),
                None => out.push_str(",\"ev\":null"),
            }
            let names: Vec<String> = hands.iter().map(|&combo| combo_text(combo)).collect();
            let classes: Vec<String> = (hands.iter())
                .map(|&combo| class_index(combo).to_string())
                .collect();
            write!(
                out,
                ",\"hands\":{},\"class\":[{}],\"reach\":{}",
                strings(&names),
                classes.join(","),
                numbers(&path.renamed(game, player, &reach[player]))
            )
            .unwrap();
            let strategy = path.renamed_strategy(game, player, &solution.strategy(node));
            let rows: Vec<String> = strategy
                .chunks_exact(hands.len().max(1))
                .map(numbers)
                .collect();
            write!(
                out,
                ",\"strategy\":[{}],\"hand_ev\":{},\"equity\":{}",
                rows.join(","),
                numbers(&hand_ev),
                numbers(&equity)
            )
            .unwrap();
        }
    }
    let pot = pot_at(game, node).unwrap_or(f64::NAN);
    write!(
        out,
        ",\"line\":\"{}\",\"pot\":{}}}",
        json_text(line.trim()),
        number(pot)
    )
    .unwrap();
    Ok(out)
}

/// The command line that prints the same JSON (the lock file, if any, saved as `locks.txt`).
pub fn command(
    fields: &[(&str, &str)],
    exploitability: f64,
    iterations: usize,
    locked: bool,
) -> String {
    let mut command = String::from("postflop");
    for (name, value) in fields {
        let value = value.trim();
        if !value.is_empty() {
            write!(command, " --{name} {}", shell_word(value)).unwrap();
        }
    }
    write!(
        command,
        " --exploitability {exploitability} --iterations {iterations}"
    )
    .unwrap();
    if locked {
        command.push_str(" --lock locks.txt");
    }
    command.push_str(" --threads 1 --format json");
    command
}

/// The page's budget in bytes, if a game of `bytes` fits in it; else the error that says both.
fn fits_in_a_tab(bytes: usize) -> Result<usize, PostflopError> {
    let budget = PAGE_MEMORY_MB * 1_000_000;
    if bytes > budget {
        return Err(PostflopError::new(
            "",
            format!(
                "the tree needs about {:.1} MB of memory, more than the {PAGE_MEMORY_MB} MB a browser tab is given here: fewer bet sizes, a later street or narrower ranges make it smaller (the command line has no such limit)",
                bytes as f64 / 1e6
            ),
        ));
    }
    Ok(budget)
}

/// The pot at `node`: at a decision, the starting pot and twice what each has put in; at a
/// chance node, the pot at the first decision after it; `None` at the end of a hand.
fn pot_at(game: &PostflopGame, node: NodeId) -> Option<f64> {
    match game.tree().node(node) {
        Node::Decision { .. } => Some(game.pot() + 2.0 * f64::from(game.amount(node))),
        Node::Chance { children, .. } => children.first().and_then(|&child| pot_at(game, child)),
        Node::Terminal { .. } => None,
    }
}

/// A game that cannot be made, at the field to blame.
fn game_error(err: &GameError) -> PostflopError {
    PostflopError::from_line(&err.to_string())
}

/// A value as one shell word: quoted unless it is plain.
fn shell_word(value: &str) -> String {
    let plain = value
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || ".,:+-%/_".contains(c));
    if plain {
        value.to_string()
    } else {
        format!("'{}'", value.replace('\'', "'\\''"))
    }
}

fn strings(texts: &[String]) -> String {
    let quoted: Vec<String> = texts
        .iter()
        .map(|text| format!("\"{}\"", json_text(text)))
        .collect();
    format!("[{}]", quoted.join(","))
}

fn numbers(values: &[f64]) -> String {
    let texts: Vec<String> = values.iter().map(|&value| number(value)).collect();
    format!("[{}]", texts.join(","))
}

/// A figure as JSON: the shortest text that reads back, `null` for NaN.
fn number(value: f64) -> String {
    if value.is_finite() {
        let text = format!("{value}");
        if text == "-0" { "0".to_string() } else { text }
    } else {
        "null".to_string()
    }
}

#[cfg(test)]
mod tests {
    use postflop::solve::Silent;

    use postflop::write::json_text;

    use super::{
        PAGE_MEMORY_MB, PostflopError, command, estimate, fits_in_a_tab, node, number, numbers,
        open, saved, solve,
    };

    const RIVER: [(&str, &str); 7] = [
        ("board", "Qs Jh 2h 8d 3c"),
        ("oop", "AA, QQ, AQs, 54s, 76s"),
        ("ip", "KK, AJs, KQs, JTs"),
        ("pot", "100"),
        ("stack", "150"),
        ("bets", "75%"),
        ("add-allin-threshold", "0"),
    ];

    /// The command line's answer for the same spot, through its own parser.
    fn command_lines(fields: &[(&str, &str)], iterations: usize) -> String {
        use clap::Parser as _;
        let mut args = vec!["postflop".to_string()];
        for (name, value) in fields {
            args.push(format!("--{name}"));
            args.push((*value).to_string());
        }
        args.extend(
            [
                "--iterations",
                &iterations.to_string(),
                "--threads",
                "1",
                "--format",
                "json",
            ]
            .map(String::from),
        );
        let cli = postflop::cli::Cli::parse_from(args);
        String::from_utf8(cli.respond(b"").unwrap()).unwrap()
    }

    #[test]
    fn the_json_is_the_command_lines() {
        let solved = solve(&RIVER, 0.3, 40, "", &Silent).unwrap();
        assert_eq!(solved.json, command_lines(&RIVER, 40));
        assert_eq!(
            solved.command,
            "postflop --board 'Qs Jh 2h 8d 3c' --oop 'AA, QQ, AQs, 54s, 76s' --ip 'KK, AJs, KQs, JTs' --pot 100 --stack 150 --bets 75% --add-allin-threshold 0 --exploitability 0.3 --iterations 40 --threads 1 --format json"
        );
        assert!(node("").is_ok());
    }

    #[test]
    fn nodes_are_browsed() {
        solve(&RIVER, 0.3, 40, "", &Silent).unwrap();
        let root = node("").unwrap();
        assert!(root.starts_with(
            "{\"kind\":\"decision\",\"player\":\"OOP\",\"actions\":[\"Check\",\"Bet 75\"]"
        ));
        assert!(root.contains("\"hands\":[\""));
        // At the root every hand is there at its range's weight.
        assert!(root.contains(",\"reach\":[1,1,1,"));
        assert!(root.ends_with(",\"line\":\"\",\"pot\":100}"));
        let facing = node("Bet 75").unwrap();
        assert!(facing.contains("\"player\":\"IP\",\"actions\":[\"Fold\",\"Call\"]"));
        assert!(facing.ends_with(",\"line\":\"Bet 75\",\"pot\":100}"));
        let over = node("Check, Check").unwrap();
        assert_eq!(
            over,
            "{\"kind\":\"terminal\",\"line\":\"Check, Check\",\"pot\":null}"
        );
        let err = node("Raise 5").unwrap_err();
        assert_eq!(err.field, "line");
    }

    /// A solution saved by the command line opens in the page with the command line's JSON,
    /// its spot and locks given back, and one saved by the page loads in the command line.
    #[test]
    fn saved_solutions_go_both_ways() {
        use clap::Parser as _;
        let cli = |args: Vec<String>| {
            postflop::cli::Cli::parse_from(std::iter::once("postflop".to_string()).chain(args))
        };
        let words = |words: &[&str]| words.iter().map(ToString::to_string).collect::<Vec<_>>();
        let locks = "Bet 75 | KK | Call: 1\n";
        let mut args: Vec<String> = (RIVER.iter())
            .flat_map(|(name, value)| [format!("--{name}"), (*value).to_string()])
            .collect();
        args.extend(words(&["--exploitability", "0", "--iterations", "30"]));
        args.extend(words(&["--threads", "1", "--format", "json"]));
        let by_the_command_line = cli(args)
            .answer(b"", None, Some(locks.to_string()), &Silent, usize::MAX)
            .unwrap();
        let expected = &by_the_command_line.output;

        let opened = open(by_the_command_line.saved()).unwrap();
        assert_eq!(&opened.json, expected);
        assert_eq!(
            opened.spot,
            "board = Qs Jh 2h 8d 3c\noop = AA, QQ, AQs, 54s, 76s\nip = KK, AJs, KQs, JTs\npot = 100\nstack = 150\nadd-allin-threshold = 0\nbets = 75%\n"
        );
        assert_eq!(opened.locks, locks);
        assert!(node("Bet 75").unwrap().contains("\"player\":\"IP\""));

        assert_eq!(
            &solve(&RIVER, 0.0, 30, locks, &Silent).unwrap().json,
            expected
        );
        let by_the_page = saved().unwrap();
        let load = [
            "--load",
            "FILE",
            "--iterations",
            "0",
            "--threads",
            "1",
            "--format",
            "json",
        ];
        let loaded = cli(words(&load))
            .answer(b"", Some(by_the_page.clone()), None, &Silent, usize::MAX)
            .unwrap();
        assert_eq!(&loaded.output, expected);
        // Opened in the page after something else was kept: it replaces it.
        solve(&RIVER, 0.0, 5, "", &Silent).unwrap();
        assert_eq!(&open(by_the_page).unwrap().json, expected);
    }

    #[test]
    fn a_bad_file_is_refused_at_its_field() {
        solve(&RIVER, 0.0, 5, "", &Silent).unwrap();
        let mut bytes = saved().unwrap();
        let err = open(b"not a solution".to_vec()).unwrap_err();
        assert_eq!(err.field, "open");
        assert_eq!(err.message, "not a saved postflop solution");
        // A file refused by its checks leaves the solution before to browse.
        let root = node("").unwrap();
        bytes.truncate(bytes.len() - 1);
        let err = open(bytes).unwrap_err();
        assert_eq!(err.field, "open");
        assert!(!err.message.starts_with("--"), "{}", err.message);
        assert_eq!(node("").unwrap(), root);
    }

    #[test]
    fn a_turn_has_chance_nodes() {
        let turn = [
            ("board", "Td9d6hQc"),
            ("oop", "QQ+, AK, JTs:0.5"),
            ("ip", "JJ-99, AQs, KQs"),
            ("pot", "60"),
            ("stack", "90"),
            ("bets", "50%, a"),
            ("raises", "a"),
        ];
        let solved = solve(&turn, 0.3, 20, "", &Silent).unwrap();
        assert_eq!(solved.json, command_lines(&turn, 20));
        let chance = node("Check, Check").unwrap();
        assert!(chance.starts_with("{\"kind\":\"chance\",\"cards\":[\""));
        assert!(!chance.contains("\"Td\""));
        assert!(chance.ends_with(",\"pot\":60}"));
        let called = node("Bet 30, Call").unwrap();
        assert!(called.ends_with(",\"line\":\"Bet 30, Call\",\"pot\":120}"));
        let river = node("Check, Check, 2c").unwrap();
        assert!(river.starts_with("{\"kind\":\"decision\",\"player\":\"OOP\""));
    }

    #[test]
    fn locks_are_the_command_lines() {
        let locks = "Bet 75 | KK, AJs, KQs, JTs | Call: 1\n";
        let solved = solve(&RIVER, 0.3, 30, locks, &Silent).unwrap();
        assert!(solved.json.contains("\"locked_nodes\":1"));
        assert!(solved.command.contains(" --lock locks.txt "));
        let err = solve(&RIVER, 0.3, 30, "Bet 75 | KK | Jump: 1", &Silent).unwrap_err();
        assert_eq!(err.field, "locks");
    }

    #[test]
    fn errors_name_their_field() {
        let mut fields = RIVER;
        fields[0].1 = "Qs Jh 2h 8d Xc";
        let err = estimate(&fields).unwrap_err();
        assert_eq!(err.field, "board");
        assert_eq!(err.message, "'Xc' is not a card");
        assert_eq!(err.to_string(), "--board: 'Xc' is not a card");
        fields = RIVER;
        fields[3].1 = " ";
        assert_eq!(estimate(&fields).unwrap_err().field, "pot");
        fields = RIVER;
        fields[5].1 = "75%%";
        assert_eq!(estimate(&fields).unwrap_err().field, "bets");
        fields = RIVER;
        fields[1].1 = "QsQh";
        assert_eq!(
            estimate(&fields).unwrap_err(),
            PostflopError {
                field: "oop".into(),
                message: "no combo of the range is left by the board".into()
            }
        );
        let err = solve(&RIVER, -1.0, 10, "", &Silent).unwrap_err();
        assert_eq!(err.field, "exploitability");
    }

    #[test]
    fn the_estimate_grows_with_the_tree() {
        let river = estimate(&RIVER).unwrap();
        assert!(river > 0);
        let mut flop = RIVER;
        flop[0].1 = "Qs Jh 2h";
        flop[5].1 = "33%, 75%, a";
        assert!(estimate(&flop).unwrap() > 100 * river);
    }

    /// A flop too big for a browser tab is refused before anything is allocated, with its size.
    #[test]
    fn a_game_too_big_for_a_tab_is_refused() {
        let flop = [
            ("board", "Qs Jh 2h"),
            ("oop", "random"),
            ("ip", "random"),
            ("pot", "100"),
            ("stack", "1000"),
            ("bets", "33%, 75%, a"),
            ("raises", "2.5x, a"),
        ];
        let bytes = estimate(&flop).unwrap();
        assert!(bytes > PAGE_MEMORY_MB * 1_000_000, "{bytes}");
        let err = solve(&flop, 0.3, 10, "", &Silent).unwrap_err();
        assert_eq!(err.field, "");
        assert!(
            err.message.starts_with(&format!(
                "the tree needs about {:.1} MB of memory, more than the 1000 MB a browser tab",
                bytes as f64 / 1e6
            )),
            "{}",
            err.message
        );
    }

    #[test]
    fn the_budget_is_a_thousand_megabytes() {
        assert_eq!(fits_in_a_tab(1_000_000_000), Ok(1_000_000_000));
        let err = fits_in_a_tab(1_000_000_001).unwrap_err();
        assert!(err.message.starts_with(
            "the tree needs about 1000.0 MB of memory, more than the 1000 MB a browser tab"
        ));
    }

    #[test]
    fn json_text_is_escaped() {
        assert_eq!(
            json_text("Bet 75, \"x\\y\u{1}"),
            "Bet 75, \\\"x\\\\y\\u0001"
        );
        assert_eq!(number(-0.0), "0");
        assert_eq!(number(f64::NAN), "null");
        assert_eq!(number(0.25), "0.25");
        assert_eq!(numbers(&[1.0, 0.5]), "[1,0.5]");
    }

    #[test]
    fn the_command_quotes_what_a_shell_would_split() {
        let line = command(&[("board", "Td9d6h"), ("oop", "QQ+,AK")], 0.5, 100, false);
        assert_eq!(
            line,
            "postflop --board Td9d6h --oop QQ+,AK --exploitability 0.5 --iterations 100 --threads 1 --format json"
        );
    }
}
