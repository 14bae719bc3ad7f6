//! The command line: the spot from options or a spot file, how long to solve, what to write.

use clap::{Arg, ArgAction, ArgMatches, Args, FromArgMatches, Parser, ValueEnum};
use equilibrium_core::Precision;
use work_threads::Threads;

use crate::answer::{Answer, Request, answer};
use crate::solve::{Progress, Silent};
use crate::spot::{SIZE_FIELDS, SpotFields};

/// How an answer is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// Figures and grids for a terminal.
    Text,
    /// One line of JSON.
    Json,
}

/// Heads-up postflop equilibria: how to check, bet, raise, call and fold on the flop, turn and
/// river, by discounted CFR, with the exploitability of what it found.
#[derive(Parser, Debug)]
#[command(
    name = "postflop",
    version,
    after_help = "Sizes are comma-separated: 60% of the pot, 2.5x the bet faced (raises only), e the \
                  geometric size (3e over three bets, e150% at most 150% of the pot), a all-in. \
                  --bets, --raises and --donks set every street and both players; narrower forms \
                  (--river-bets-ip, --turn-raises, --bets-oop, --river-donks; see --help) override \
                  them.\n\nA spot file holds the same fields, one `name = value` a line (names \
                  without dashes, # comments); options given beside it override its fields.\n\n\
                  Example:\n  postflop --board Td9d6hQc --oop 'QQ+,AK' --ip 'JJ-22,AQs' --pot 200 \
                  --stack 900 --bets '60%,a' --raises 2.5x\n\nBad input gets one line `error: ...` \
                  on stderr, nothing on stdout, and exit status 1. The spot, the tree's rules and \
                  the output are in the repository's docs/problems/postflop.md."
)]
pub struct Cli {
    /// A spot file (`-` or none, without --board or --load: stdin).
    spot: Option<String>,
    /// The board: three, four or five cards (Td9d6h, `Td 9d 6h Qc`).
    #[arg(long)]
    board: Option<String>,
    /// The out-of-position range, with weights (`QQ:0.5,AKs`).
    #[arg(long)]
    oop: Option<String>,
    /// The in-position range.
    #[arg(long)]
    ip: Option<String>,
    /// The pot before the first action, in whole chips.
    #[arg(long)]
    pot: Option<String>,
    /// The effective stack, in whole chips.
    #[arg(long)]
    stack: Option<String>,
    #[command(flatten)]
    sizes: SizeOptions,
    /// Add an all-in when the stack is at most this percent of the pot [default: 150].
    #[arg(long, value_name = "PERCENT")]
    add_allin_threshold: Option<String>,
    /// Make a bet all-in when it would leave at most this percent of the pot once called
    /// [default: 20].
    #[arg(long, value_name = "PERCENT")]
    force_allin_threshold: Option<String>,
    /// Merge bets whose sizes are this close, in percent of the pot [default: 10].
    #[arg(long, value_name = "PERCENT")]
    merging_threshold: Option<String>,
    /// Stop at this exploitability, in percent of the starting pot.
    #[arg(long, default_value_t = 0.3, value_name = "PERCENT")]
    exploitability: f64,
    /// Stop after this many iterations in any case.
    #[arg(long, default_value_t = 1000)]
    iterations: usize,
    /// Threads (the default: one per core, or `JUDGE_THREADS`). The results are the same bits on
    /// any number.
    #[arg(long, env = "JUDGE_THREADS")]
    threads: Option<Threads>,
    /// The most memory the tree may take, in MB [default: half the machine's].
    #[arg(long, value_name = "MB")]
    memory: Option<u64>,
    /// Keep the regrets and the average strategy in 16-bit integers rather than 32-bit floats:
    /// about half the memory.
    #[arg(long)]
    compress: bool,
    /// Write the node this line leads to (`Bet 120, Call, Qc`) rather than the root.
    #[arg(long)]
    line: Option<String>,
    /// How to write the answer.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
    /// Save the solution to this file.
    #[arg(long, value_name = "FILE")]
    save: Option<String>,
    /// Load a saved solution (and go on solving if it is short of the exploitability asked).
    #[arg(long, value_name = "FILE")]
    load: Option<String>,
    /// Lock some hands' action frequencies at some nodes, and solve the rest around them: a
    /// file of `line | hands | action: frequency, ...` lines (docs/problems/postflop.md).
    #[arg(long, value_name = "FILE")]
    lock: Option<String>,
}

/// Every sizes option, declared from the spot's list of fields.
#[derive(Debug, Default)]
struct SizeOptions {
    /// Each one given, by field name.
    given: Vec<(String, String)>,
}

impl FromArgMatches for SizeOptions {
    fn from_arg_matches(matches: &ArgMatches) -> Result<Self, clap::Error> {
        let mut options = SizeOptions::default();
        options.update_from_arg_matches(matches)?;
        Ok(options)
    }

    fn update_from_arg_matches(&mut self, matches: &ArgMatches) -> Result<(), clap::Error> {
        for name in SIZE_FIELDS {
            if let Some(value) = matches.get_one::<String>(name) {
                self.given.push((name.to_string(), value.clone()));
            }
        }
        Ok(())
    }
}

impl Args for SizeOptions {
    fn augment_args(command: clap::Command) -> clap::Command {
        SIZE_FIELDS.into_iter().fold(command, |command, name| {
            let help = match name {
                "bets" => "Bet sizes on every street, both players (60%, e, a)",
                "raises" => "Raise sizes on every street, both players (2.5x, 100%, a)",
                "donks" => "OOP's leads on the turn and river into the player who was called",
                _ => "",
            };
            let arg = Arg::new(name)
                .long(name)
                .value_name("SIZES")
                .action(ArgAction::Set);
            command.arg(if help.is_empty() {
                arg.hide_short_help(true)
                    .help("The sizes of one street or player")
            } else {
                arg.help(help)
            })
        })
    }

    fn augment_args_for_update(command: clap::Command) -> clap::Command {
        Self::augment_args(command)
    }
}

impl Cli {
    /// Whether a spot file is read: the file named, or stdin for `-` or when neither a board
    /// nor a saved solution is given.
    pub fn reads_input(&self) -> bool {
        self.spot.is_some() || (self.board.is_none() && self.load.is_none())
    }

    /// The spot file to read; `None` for stdin.
    pub fn file(&self) -> Option<&str> {
        self.spot.as_deref().filter(|&file| file != "-")
    }

    /// The file to load a solution from.
    pub fn load_file(&self) -> Option<&str> {
        self.load.as_deref()
    }

    /// The lock file to read.
    pub fn lock_file(&self) -> Option<&str> {
        self.lock.as_deref()
    }

    /// The file to save the solution to.
    pub fn save_file(&self) -> Option<&str> {
        self.save.as_deref()
    }

    /// The answer to the command line and `input` (the spot file, read only when
    /// [`Cli::reads_input`]): the output, or the message of its one error line.
    pub fn respond(&self, input: &[u8]) -> Result<Vec<u8>, String> {
        self.answer(input, None, None, &Silent, usize::MAX)
            .map(|answer| answer.output.into_bytes())
    }

    /// The answer with a saved solution's bytes (`--load`) and a lock file's text (`--lock`),
    /// reporting to `progress`, with `memory` bytes allowed unless `--memory` says otherwise.
    pub fn answer(
        &self,
        input: &[u8],
        load: Option<Vec<u8>>,
        locks: Option<String>,
        progress: &dyn Progress,
        memory: usize,
    ) -> Result<Answer, String> {
        let mut fields = SpotFields::default();
        if self.reads_input() {
            let text = std::str::from_utf8(input)
                .map_err(|_| "the spot file is not UTF-8 text".to_string())?;
            let text = text.strip_prefix('\u{feff}').unwrap_or(text);
            fields.read_file(text).map_err(|err| err.to_string())?;
        }
        for (name, value) in [
            ("board", &self.board),
            ("oop", &self.oop),
            ("ip", &self.ip),
            ("pot", &self.pot),
            ("stack", &self.stack),
            ("add-allin-threshold", &self.add_allin_threshold),
            ("force-allin-threshold", &self.force_allin_threshold),
            ("merging-threshold", &self.merging_threshold),
        ] {
            if let Some(value) = value {
                fields
                    .set(name, value, None)
                    .map_err(|err| err.to_string())?;
            }
        }
        for (name, value) in &self.sizes.given {
            fields
                .set(name, value, None)
                .map_err(|err| err.to_string())?;
        }
        if !(self.exploitability.is_finite() && self.exploitability >= 0.0) {
            return Err("--exploitability: expected a percentage of the pot, 0 or more".into());
        }
        if self.load.is_some() && load.is_none() {
            return Err("--load: the saved solution is read by the binary".into());
        }
        if self.lock.is_some() && locks.is_none() {
            return Err("--lock: the lock file is read by the binary".into());
        }
        let memory = match self.memory {
            Some(megabytes) => {
                usize::try_from(megabytes.saturating_mul(1_000_000)).unwrap_or(usize::MAX)
            }
            None => memory,
        };
        let request = Request {
            fields,
            load,
            locks,
            exploitability: self.exploitability / 100.0,
            iterations: self.iterations,
            threads: self.threads.unwrap_or_else(Threads::available),
            memory,
            precision: if self.compress {
                Precision::Compressed
            } else {
                Precision::Full
            },
            line: self.line.clone(),
            json: self.format == Format::Json,
        };
        answer(&request, progress)
    }
}
