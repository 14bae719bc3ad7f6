//! The command line, shared by the binary and the golden tests: clap and the progress bar stay
//! here, at the edge, and the options themselves are declared once, beside the code they steer
//! ([`Options`](crate::Options), [`RangeOptions`], [`CountingOptions`]).

use std::path::PathBuf;
use std::process::ExitCode;

use equity_core::{Progress, chart};
use equity_io::write;
use judge_io::ProgressBarAfterASecond;

use crate::ranges::{CountingOptions, RangeOptions, run_ranges};

judge_io::problem_cli! {
    about: "Exact hold'em equity over every board still to come, for each matchup line.",
    // The input grammar and the output, for `--help`.
    long_about: "\
Input: one matchup per non-blank line: two or more players' hole cards, optionally `|` and a
board of 0, 3, 4 or 5 cards, optionally a second `|` and `dead:` with cards out of play (with no
board, right after the first `|`); cards with or without spaces between them, players
optionally separated by `vs`:

    AS KS  QD QC | 2H 7C 9D | dead: 5S
    AhKh vs QdQc | 2h7c9d
    AhKh vs QdQc | dead: 5s 6s

Output: `boards N` (how many boards complete the board), then one line per player:
`<hole cards>  wins W  ties S  equity E%`. W counts the boards the player wins alone; S counts
split pots as pot shares (a board split two ways adds 1/2, three ways 1/3); E is
(W + S) / N in percent. Matchups are separated by a blank line; --json writes one JSON object
per line instead.

Typed at a terminal (or with --stream), each line is answered as soon as it is read, and a bad
line does not end the run; piped input is answered whole, or not at all, as judges expect.

Ranges against ranges, and the chart of the 169 starting hands, are the subcommands `ranges`
and `chart` (see `holdem-equity ranges --help`).",
    page: "holdem-equity.md",
    options: crate::Options,
    run: crate::run,
    commands: Command,
}

/// What a person at a terminal is told to type, before the first line.
const HINT: &str = "Type a matchup a line, e.g. AhKh vs QdQc | Kd 8s 3c (Ctrl-D ends).";
const RANGES_HINT: &str = "Type ranges a line, e.g. QQ+, AKs vs 15% | Kd 8s 3c (Ctrl-D ends).";

/// The whole run of the binary: hole-card matchups line by line at a terminal (or with
/// `--stream`), otherwise as [`Cli::answer`] answers.
pub fn answer(cli: &Cli) -> ExitCode {
    if cli.command.is_none() && judge_io::streams(cli.file.as_deref(), cli.options.stream) {
        return judge_io::answer_each_line(cli.file.as_deref(), HINT, |line| {
            crate::run(line, &cli.options)
        });
    }
    cli.answer()
}

/// What holdem-equity does besides answering matchups of hole cards.
#[derive(Clone, Debug, clap::Subcommand)]
pub enum Command {
    /// Equity of hand ranges against each other, exact or sampled, for each line of ranges.
    #[command(long_about = "\
Equity of hand ranges against each other, exact or sampled, for each line of ranges.

Input: one matchup per non-blank line: two or more ranges separated by `vs`, optionally `|` and
a board, optionally a second `|` and `dead:` cards, as for plain matchups:

    QQ+, AKs, JTo:0.2  vs  random  vs  88-JJ | AH 7C 2D | dead: 5S

A range is items separated by commas: QQ, QQ+, 88-JJ, AKs, AKo, AK, A5s+, A2s-A5s, T9s-54s,
AsKs, AxKx, AhKx, 15%, 5%-15%, random (or xx), each optionally with a weight from 0 to 1
(`JTo:0.2`: in the range a fifth of the time); a later item decides the weight of combos named
twice. Percent ranges take the strongest hands by equity against a random hand.

Output: how the figures were counted (exact over every deal and board, or sampled over how
many, with which seed), then one line per player: the range, its combos, equity, wins and ties
in percent; a sampled equity is followed by `± E`, its standard error in points. --by-hand adds
the first player's equity with each hand class of their range; --list lists the combos instead.

By default the count is exact when that should take at most 3 seconds, sampled otherwise. A
progress bar shows on stderr for runs longer than a second, when stderr is a terminal. Typed at
a terminal (or with --stream), each line is answered as soon as it is read; piped input is
answered whole, or not at all.")]
    Ranges(RangesCommand),
    /// The 169 starting hands' equity against random hands: a grid, CSV, JSON or SVG.
    #[command(long_about = "\
The 169 starting hands' equity against random hands (one by default; --opponents N for 2 to 9),
exact where that is quick, sampled otherwise, as the 13 x 13 grid (pairs on the diagonal,
suited hands above it, offsuit below), as CSV or JSON; --svg FILE also writes a heat map.")]
    Chart(ChartCommand),
}

/// `holdem-equity ranges`: its options and input file.
#[derive(Clone, Debug, clap::Args)]
pub struct RangesCommand {
    /// How to answer.
    #[command(flatten)]
    pub options: RangeOptions,
    /// The input file; stdin when absent or `-`.
    pub file: Option<PathBuf>,
    /// Answer each line as soon as it is read, going on after a bad one (the default when stdin
    /// is a terminal); otherwise the whole input is answered at once, or not at all.
    #[arg(long)]
    pub stream: bool,
}

/// `holdem-equity chart`: its options.
#[derive(Clone, Debug, clap::Args)]
pub struct ChartCommand {
    /// How many random hands each hand faces.
    #[arg(
        long,
        default_value_t = 1,
        value_parser = clap::value_parser!(u8).range(1..=i64::from(crate::MAX_CHART_OPPONENTS))
    )]
    pub opponents: u8,
    /// How to write the chart on stdout.
    #[arg(long, value_enum, default_value_t = ChartFormat::Grid)]
    pub format: ChartFormat,
    /// Also write the chart as an SVG heat map to this file.
    #[arg(long, value_name = "FILE")]
    pub svg: Option<PathBuf>,
    /// Exact or sampled, and on how many threads.
    #[command(flatten)]
    pub counting: CountingOptions,
}

/// How `chart` writes on stdout.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum ChartFormat {
    /// The 13 x 13 grid, equities in percent.
    Grid,
    /// `hand,combos,equity` rows.
    Csv,
    /// One JSON object.
    Json,
}

impl judge_io::Subcommands for Command {
    fn answer(&self) -> ExitCode {
        let bar = ProgressBarAfterASecond::new();
        let progress = |done| bar.report(done);
        match self {
            Command::Ranges(ranges) if judge_io::streams(ranges.file.as_deref(), ranges.stream) => {
                judge_io::answer_each_line(ranges.file.as_deref(), RANGES_HINT, |line| {
                    // A clock of its own for each line: the bar is for a count that takes a
                    // second, not for a quick one typed a second after the last.
                    let bar = ProgressBarAfterASecond::new();
                    let output = run_ranges(line, &ranges.options, &|done| bar.report(done));
                    bar.finish();
                    output
                })
            }
            Command::Ranges(ranges) => judge_io::answer(ranges.file.as_deref(), |input| {
                let output = run_ranges(input, &ranges.options, &progress);
                bar.finish();
                output
            }),
            Command::Chart(command) => {
                let output = command.output(&progress);
                bar.finish();
                judge_io::write_answer(output)
            }
        }
    }

    /// The output for `input` (which `chart` does not read), without a progress bar.
    fn respond(&self, input: &[u8]) -> Result<Vec<u8>, String> {
        match self {
            Command::Ranges(ranges) => run_ranges(input, &ranges.options, &equity_core::Silent)
                .map_err(|err| err.to_string()),
            Command::Chart(command) => command.output(&equity_core::Silent),
        }
    }
}

impl ChartCommand {
    /// Counts the chart, writes the SVG file if asked, and returns what goes on stdout.
    fn output(&self, progress: &dyn Progress) -> Result<Vec<u8>, String> {
        let chart = chart(
            usize::from(self.opponents),
            self.counting.method(),
            self.counting.threads,
            progress,
        )
        .map_err(|err| err.to_string())?;
        if let Some(path) = &self.svg {
            std::fs::write(path, write::chart::svg(&chart))
                .map_err(|err| format!("cannot write '{}': {err}", path.display()))?;
        }
        Ok(match self.format {
            ChartFormat::Grid => write::chart::grid(&chart),
            ChartFormat::Csv => write::chart::csv(&chart),
            ChartFormat::Json => write::chart::json(&chart),
        }
        .into_bytes())
    }
}
