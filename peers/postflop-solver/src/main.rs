//! Solves one heads-up postflop spot with b-inary's postflop-solver (Desktop Postflop's engine),
//! given by the options of our `postflop` binary that `scripts/race-postflop` needs, and writes
//! one line of JSON:
//!
//! - `iterations`: the iterations run, counted here: the loop is postflop-solver's `solve` (the
//!   exploitability measured before the first iteration, then after every tenth and the last,
//!   the solve stopping once it is at most the target), written out with its public
//!   `solve_step`, `compute_exploitability` and `finalize`, since `solve` does not say how many
//!   iterations it ran;
//! - `exploitability`: the last one measured, in percent of the starting pot;
//! - `ev`: [OOP, IP], each player's expected share of the pot in chips at the root, the average
//!   of `expected_values` over the range's `normalized_weights` once `cache_normalized_weights`
//!   has run;
//! - `root`: OOP's actions at the root, named as our binary names them (`Check`, `Bet 120`,
//!   `AllIn 900`);
//! - `nodes`: [flop, turn, river], the betting tree's nodes by street as postflop-solver's
//!   crate-private `count_num_action_nodes` counts them (see [`count_nodes`]);
//! - `memory_bytes`: postflop-solver's `memory_usage` for the storage used (32-bit floats, or
//!   16-bit integers with `--compress`);
//! - `seconds`: the solve's time, from the first iteration to `finalize`, without building the
//!   game or allocating its memory.
//!
//! Usage: `race-postflop-solver --board Td9d6hQc --oop RANGE --ip RANGE --pot 200 --stack 900
//! --bets '60%, e, a' --raises 2.5x [--river-donks 50%] [--turn-donks SIZES]
//! [--add-allin-threshold 150] [--force-allin-threshold 20] [--merging-threshold 10]
//! [--exploitability 0.3] [--iterations 1000] [--threads N] [--compress]`. Thresholds and the
//! exploitability are in percent, as our binary takes them.

use std::process::ExitCode;
use std::time::Instant;

use postflop_solver::{
    Action, ActionTree, BetSizeOptions, BoardState, CardConfig, DonkSizeOptions, NOT_DEALT,
    PostFlopGame, Range, TreeConfig, card_from_str, compute_exploitability, finalize, solve_step,
};

const USAGE: &str = "usage: race-postflop-solver --board CARDS --oop RANGE --ip RANGE --pot N \
--stack N [--bets SIZES] [--raises SIZES] [--river-donks SIZES] [--turn-donks SIZES] \
[--add-allin-threshold PERCENT] [--force-allin-threshold PERCENT] [--merging-threshold PERCENT] \
[--exploitability PERCENT] [--iterations N] [--threads N] [--compress]";

/// The spot and the solve, as given on the command line.
struct Options {
    board: String,
    oop: String,
    ip: String,
    pot: i32,
    stack: i32,
    bets: String,
    raises: String,
    river_donks: Option<String>,
    turn_donks: Option<String>,
    add_allin_threshold: f64,
    force_allin_threshold: f64,
    merging_threshold: f64,
    exploitability: f64,
    iterations: u32,
    threads: Option<usize>,
    compress: bool,
}

fn parse_options(mut args: impl Iterator<Item = String>) -> Result<Options, String> {
    let mut options = Options {
        board: String::new(),
        oop: String::new(),
        ip: String::new(),
        pot: 0,
        stack: 0,
        bets: String::new(),
        raises: String::new(),
        river_donks: None,
        turn_donks: None,
        add_allin_threshold: 150.0,
        force_allin_threshold: 20.0,
        merging_threshold: 10.0,
        exploitability: 0.3,
        iterations: 1000,
        threads: None,
        compress: false,
    };
    fn number<T: std::str::FromStr>(name: &str, value: &str) -> Result<T, String> {
        value
            .trim()
            .parse()
            .map_err(|_| format!("{name}: not a number: {value}"))
    }
    while let Some(arg) = args.next() {
        let (name, inline) = match arg.split_once('=') {
            Some((name, value)) if name.starts_with("--") => (name.to_string(), Some(value.into())),
            _ => (arg, None),
        };
        match name.as_str() {
            "--compress" => {
                options.compress = true;
                continue;
            }
            "-h" | "--help" => return Err(USAGE.into()),
            _ => {}
        }
        let value = match inline {
            Some(value) => value,
            None => args.next().ok_or_else(|| format!("{name} needs a value"))?,
        };
        match name.as_str() {
            "--board" => options.board = value,
            "--oop" => options.oop = value,
            "--ip" => options.ip = value,
            "--pot" => options.pot = number(&name, &value)?,
            "--stack" => options.stack = number(&name, &value)?,
            "--bets" => options.bets = value,
            "--raises" => options.raises = value,
            "--river-donks" => options.river_donks = Some(value),
            "--turn-donks" => options.turn_donks = Some(value),
            "--add-allin-threshold" => options.add_allin_threshold = number(&name, &value)?,
            "--force-allin-threshold" => options.force_allin_threshold = number(&name, &value)?,
            "--merging-threshold" => options.merging_threshold = number(&name, &value)?,
            "--exploitability" => options.exploitability = number(&name, &value)?,
            "--iterations" => options.iterations = number(&name, &value)?,
            "--threads" => options.threads = Some(number(&name, &value)?),
            _ => return Err(format!("unknown option {name}\n{USAGE}")),
        }
    }
    if options.board.is_empty() || options.oop.is_empty() || options.ip.is_empty() {
        return Err(format!("--board, --oop and --ip are needed\n{USAGE}"));
    }
    Ok(options)
}

/// The cards of a board written together or with spaces (`Td9d6hQc`, `Qs Jh 2h 8d 3c`).
fn parse_board(board: &str) -> Result<Vec<u8>, String> {
    let chars: Vec<char> = board.chars().filter(|c| !c.is_whitespace()).collect();
    if !chars.len().is_multiple_of(2) || !(6..=10).contains(&chars.len()) {
        return Err(format!("--board: three to five cards: {board}"));
    }
    chars
        .chunks(2)
        .map(|card| card_from_str(&card.iter().collect::<String>()))
        .collect()
}

/// The config of the betting tree: the same sizes on every street for both players.
fn tree_config(options: &Options, state: BoardState) -> Result<TreeConfig, String> {
    let sizes = BetSizeOptions::try_from((options.bets.as_str(), options.raises.as_str()))?;
    let donks = |sizes: &Option<String>| -> Result<Option<DonkSizeOptions>, String> {
        sizes.as_deref().map(DonkSizeOptions::try_from).transpose()
    };
    Ok(TreeConfig {
        initial_state: state,
        starting_pot: options.pot,
        effective_stack: options.stack,
        rake_rate: 0.0,
        rake_cap: 0.0,
        flop_bet_sizes: [sizes.clone(), sizes.clone()],
        turn_bet_sizes: [sizes.clone(), sizes.clone()],
        river_bet_sizes: [sizes.clone(), sizes],
        turn_donk_sizes: donks(&options.turn_donks)?,
        river_donk_sizes: donks(&options.river_donks)?,
        add_allin_threshold: options.add_allin_threshold / 100.0,
        force_allin_threshold: options.force_allin_threshold / 100.0,
        merging_threshold: options.merging_threshold / 100.0,
    })
}

/// An action as our binary names it.
fn action_name(action: Action) -> String {
    match action {
        Action::Fold => "Fold".into(),
        Action::Check => "Check".into(),
        Action::Call => "Call".into(),
        Action::Bet(amount) => format!("Bet {amount}"),
        Action::Raise(amount) => format!("Raise {amount}"),
        Action::AllIn(amount) => format!("AllIn {amount}"),
        other => format!("{other:?}"),
    }
}

/// The betting tree's nodes by street, [flop, turn, river], as postflop-solver's crate-private
/// `count_num_action_nodes` counts them, rebuilt on `ActionTree`'s public walk (`play`, `undo`,
/// `available_actions`, `is_terminal_node`, `is_chance_node`), which steps over chance nodes.
///
/// Its count: every node of the abstract tree (one turn and one river card, not each card),
/// terminal nodes included, each chance node on the street it ends, the node after it on the
/// next; the streets before the starting one hold none. So here: a decision node counts on its
/// street, and after each action: a fold, or the end of the river, is one terminal node on this
/// street; a street ended on the flop or the turn is a chance node here, and then either the next
/// street's first decision, or, when a player is all in, a chance node on each street left and
/// the terminal node on the river (the public walk shows that as a terminal node right away).
fn count_nodes(tree: &mut ActionTree, start: usize) -> [u64; 3] {
    fn walk(tree: &mut ActionTree, street: usize, count: &mut [u64; 3]) {
        count[street] += 1;
        let actions = tree.available_actions().to_vec();
        for action in actions {
            tree.play(action).expect("an available action");
            if tree.is_terminal_node() {
                if action == Action::Fold || street == 2 {
                    count[street] += 1;
                } else {
                    for later in &mut count[street..] {
                        *later += 1;
                    }
                }
            } else if tree.is_chance_node() {
                count[street] += 1;
                walk(tree, street + 1, count);
            } else {
                walk(tree, street, count);
            }
            tree.undo().expect("an action to undo");
        }
    }
    let mut count = [0; 3];
    tree.back_to_root();
    walk(tree, start, &mut count);
    count
}

fn run(options: &Options) -> Result<String, String> {
    if let Some(threads) = options.threads {
        rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build_global()
            .map_err(|err| err.to_string())?;
    }
    let board = parse_board(&options.board)?;
    let state = match board.len() {
        3 => BoardState::Flop,
        4 => BoardState::Turn,
        _ => BoardState::River,
    };
    let card_config = CardConfig {
        range: [
            options
                .oop
                .parse::<Range>()
                .map_err(|err| format!("--oop: {err}"))?,
            options
                .ip
                .parse::<Range>()
                .map_err(|err| format!("--ip: {err}"))?,
        ],
        flop: [board[0], board[1], board[2]],
        turn: board.get(3).copied().unwrap_or(NOT_DEALT),
        river: board.get(4).copied().unwrap_or(NOT_DEALT),
    };
    let config = tree_config(options, state)?;
    let mut tree = ActionTree::new(config)?;
    let nodes = count_nodes(&mut tree, state as usize);
    tree.back_to_root();
    let root: Vec<String> = tree
        .available_actions()
        .iter()
        .map(|&a| action_name(a))
        .collect();
    let mut game = PostFlopGame::with_config(card_config, tree)?;
    let (memory, memory_compressed) = game.memory_usage();
    let memory_bytes = if options.compress {
        memory_compressed
    } else {
        memory
    };
    game.allocate_memory(options.compress);

    // postflop-solver's `solve`, counting the iterations.
    let start = Instant::now();
    let target = (options.exploitability / 100.0 * f64::from(options.pot)) as f32;
    let mut exploitability = compute_exploitability(&game);
    let mut iterations = 0;
    for t in 0..options.iterations {
        if exploitability <= target {
            break;
        }
        solve_step(&game, t);
        iterations = t + 1;
        if iterations % 10 == 0 || iterations == options.iterations {
            exploitability = compute_exploitability(&game);
        }
    }
    finalize(&mut game);
    let seconds = start.elapsed().as_secs_f64();

    game.back_to_root();
    game.cache_normalized_weights();
    let ev = [0, 1].map(|player| {
        let values = game.expected_values(player);
        let weights = game.normalized_weights(player);
        let total: f64 = weights.iter().map(|&w| f64::from(w)).sum();
        let sum: f64 = values
            .iter()
            .zip(weights)
            .map(|(&v, &w)| f64::from(v) * f64::from(w))
            .sum();
        sum / total
    });
    let root: Vec<String> = root.iter().map(|action| format!("\"{action}\"")).collect();
    Ok(format!(
        "{{\"iterations\":{iterations},\"exploitability\":{},\"ev\":[{},{}],\"root\":[{}],\
         \"nodes\":[{},{},{}],\"memory_bytes\":{memory_bytes},\"seconds\":{seconds:.3}}}",
        f64::from(exploitability) / f64::from(options.pot) * 100.0,
        ev[0],
        ev[1],
        root.join(","),
        nodes[0],
        nodes[1],
        nodes[2],
    ))
}

fn main() -> ExitCode {
    let result = parse_options(std::env::args().skip(1)).and_then(|options| run(&options));
    match result {
        Ok(line) => {
            println!("{line}");
            ExitCode::SUCCESS
        }
        Err(err) => {
            eprintln!("error: {err}");
            ExitCode::FAILURE
        }
    }
}
