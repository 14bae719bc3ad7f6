//! The command line: a spot from flags, or spots from lines of the same flags; the heads-up
//! threshold table with `table`.

use clap::{Args, Parser, Subcommand, ValueEnum};
use equity_core::{ClassPairs, Part, Progress, Silent};

use crate::parse::{Flags, ParseError, Request, parse_line};
use crate::setup::Setup;
use crate::{solve, stack_grid, thresholds, write};

/// How an answer is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// Grids for a terminal.
    Text,
    /// One line of JSON per spot.
    Json,
    /// A row per hand.
    Csv,
    /// A picture of the grids (one spot only).
    Svg,
}

/// A spot's flags, as on a line of input.
#[derive(Args, Debug, Default)]
pub struct SpotFlags {
    /// Every player's stack before blinds and antes, in big blinds, in seat order (heads-up:
    /// small blind, big blind).
    #[arg(long, value_name = "BB,BB")]
    stacks: Option<String>,
    /// The small and the big blind.
    #[arg(
        long,
        value_name = "SMALL,BIG",
        help = "The small and the big blind [default: 0.5,1]"
    )]
    blinds: Option<String>,
    /// Every player's ante, dead money.
    #[arg(
        long,
        value_name = "BB",
        help = "Every player's ante, dead money [default: 0]"
    )]
    ante: Option<String>,
    /// Play for prizes by the Independent Chip Model: the payouts, first place first.
    #[arg(long, value_name = "PRIZES")]
    icm: Option<String>,
    /// With --icm: the stacks of the tournament's players not at this table.
    #[arg(long, value_name = "BB,BB")]
    others: Option<String>,
    /// The most any player may gain by deviating alone, in bb (or shares of the prize pool).
    #[arg(
        long,
        value_name = "GAIN",
        help = "The most any player may gain by deviating alone, in bb or shares of the prize \
                pool [default: 0.001 heads-up, 0.005 three-handed]"
    )]
    precision: Option<String>,
}

impl SpotFlags {
    fn flags(&self) -> Result<Flags<'_>, ParseError> {
        let mut flags = Flags::default();
        for (name, value) in [
            ("stacks", &self.stacks),
            ("blinds", &self.blinds),
            ("ante", &self.ante),
            ("icm", &self.icm),
            ("others", &self.others),
            ("precision", &self.precision),
        ] {
            if let Some(value) = value {
                flags.set(name, value, None)?;
            }
        }
        Ok(flags)
    }
}

/// Push or fold: all-in equilibria for tournament poker from exact equity, for chips or ICM.
#[derive(Parser, Debug)]
#[command(
    name = "push-fold",
    version,
    after_help = "Without --stacks, each line of FILE (or stdin) is a spot in the same flags: \
                  --stacks 10,10 --ante 0.1\n\nExamples:\n  push-fold --stacks 10,10\n  \
                  push-fold --stacks 8,12 --blinds 0.5,1 --ante 0.1 --icm 65,35 --others 20\n  \
                  push-fold table --from 1 --to 20 --step 0.05\n\nBad input gets one line `error: ...` \
                  on stderr (with its line and column when read from lines), nothing on stdout, \
                  and exit status 1. The game, the method and the formats are in the \
                  repository's docs/problems/push-fold.md."
)]
pub struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    #[command(flatten)]
    spot: SpotFlags,
    /// How to write the answer.
    #[arg(long, value_enum, default_value_t = Format::Text, global = true)]
    format: Format,
    /// Also write what each hand gains by acting over folding, per time it faces the decision
    /// (text, JSON and CSV).
    #[arg(long)]
    gains: bool,
    /// A file of spots, one per line, when --stacks is not given (`-` or none: stdin).
    file: Option<String>,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// The classic heads-up table: for each hand, the largest equal stack at which the small
    /// blind pushes it and the big blind calls with it.
    Table {
        /// The smallest stack solved, in big blinds.
        #[arg(long, default_value_t = 1.0)]
        from: f64,
        /// The largest stack solved.
        #[arg(long, default_value_t = 20.0)]
        to: f64,
        /// The step between stacks.
        #[arg(long, default_value_t = 0.05)]
        step: f64,
        #[command(flatten)]
        spot: SpotFlags,
    },
}

impl Cli {
    /// Whether the spots are read from input (a file or stdin) rather than given by flags.
    pub fn reads_input(&self) -> bool {
        self.command.is_none() && self.spot.stacks.is_none()
    }

    /// The file to read the spots from; `None` for stdin.
    pub fn file(&self) -> Option<&str> {
        self.file.as_deref().filter(|&file| file != "-")
    }

    /// The answer to the command line and `input` (read only when [`Cli::reads_input`]), on the
    /// crate's own table: the output, or the message of its one error line.
    pub fn respond(&self, input: &[u8]) -> Result<Vec<u8>, String> {
        self.respond_with(input, &Silent)
    }

    /// The same as [`Cli::respond`], with the spots' three-handed solves reporting to
    /// `progress` (the spots in turn, each an equal share).
    pub fn respond_with(&self, input: &[u8], progress: &dyn Progress) -> Result<Vec<u8>, String> {
        self.answer(crate::heads_up_table(), input, progress)
            .map(String::into_bytes)
    }

    fn answer(
        &self,
        pairs: &ClassPairs,
        input: &[u8],
        progress: &dyn Progress,
    ) -> Result<String, String> {
        match &self.command {
            Some(Command::Table {
                from,
                to,
                step,
                spot,
            }) => {
                if spot.stacks.is_some() {
                    return Err(
                        "table: the stacks are the table's (--from, --to, --step), not --stacks"
                            .to_string(),
                    );
                }
                if self.format == Format::Svg {
                    return Err(
                        "table: --format svg draws one spot; use text, json or csv".to_string()
                    );
                }
                let mut flags = spot.flags().map_err(|error| error.to_string())?;
                let stacks = stack_grid(*from, *to, *step)
                    .map_err(|error| format!("table: {}", error.message))?;
                let first = format!("{from},{from}");
                flags
                    .set("stacks", &first, None)
                    .map_err(|error| error.to_string())?;
                let request = flags.request().map_err(|error| error.to_string())?;
                if request.setup.stacks.len() != 2 {
                    return Err("table: the threshold table is heads-up".to_string());
                }
                let table = thresholds(&request.setup, &stacks, pairs, request.precision)
                    .map_err(|error| error.to_string())?;
                Ok(match self.format {
                    Format::Text => write::thresholds_text(&request.setup, &table),
                    Format::Json => write::thresholds_json(&request.setup, &table),
                    _ => write::thresholds_csv(&table),
                })
            }
            None if self.spot.stacks.is_some() => {
                if self.file.is_some() {
                    return Err("give the spot by flags or in a file, not both".to_string());
                }
                let request = self
                    .spot
                    .flags()
                    .and_then(|flags| flags.request())
                    .map_err(|error| error.to_string())?;
                answer(&[request], self.format, self.gains, progress)
            }
            None => {
                let given = [
                    &self.spot.blinds,
                    &self.spot.ante,
                    &self.spot.icm,
                    &self.spot.others,
                    &self.spot.precision,
                ];
                if given.iter().any(|flag| flag.is_some()) {
                    return Err(
                        "--stacks is missing: give every player's stack, as --stacks 10,10 \
                                (or spots on lines of input)"
                            .to_string(),
                    );
                }
                let input = std::str::from_utf8(input).map_err(|error| {
                    let good = &input[..error.valid_up_to()];
                    let line_start = good
                        .iter()
                        .rposition(|&byte| byte == b'\n')
                        .map_or(0, |at| at + 1);
                    let line = good.split(|&byte| byte == b'\n').count();
                    let column = good.len() - line_start + 1;
                    format!("line {line}, column {column}: the input is not UTF-8 text")
                })?;
                let mut requests = Vec::new();
                for (number, line) in input.lines().enumerate() {
                    if line.trim().is_empty() {
                        continue;
                    }
                    let request = parse_line(line)
                        .map_err(|error| format!("line {}, {error}", number + 1))?;
                    requests.push(request);
                }
                if requests.is_empty() {
                    return Err(
                        "no spot given: give --stacks, or lines such as --stacks 10,10".to_string(),
                    );
                }
                answer(&requests, self.format, self.gains, progress)
            }
        }
    }
}

/// Every request solved and written (with each hand's gains if `gains`), or the first error;
/// each solve reports to its share of `progress`.
fn answer(
    requests: &[Request],
    format: Format,
    gains: bool,
    progress: &dyn Progress,
) -> Result<String, String> {
    if format == Format::Svg && requests.len() > 1 {
        return Err("--format svg draws one spot; give one line".to_string());
    }
    if format == Format::Svg && gains {
        return Err("--gains is written in text, json and csv, not drawn in svg".to_string());
    }
    let mut output = String::new();
    for (index, request) in requests.iter().enumerate() {
        let setup: &Setup = &request.setup;
        let part = Part::new(progress, index, requests.len());
        let equilibrium =
            solve(setup, request.precision, &part).map_err(|error| error.to_string())?;
        part.report(1.0);
        if index > 0 && format == Format::Text {
            output.push('\n');
        }
        output.push_str(&match format {
            Format::Text => write::text(setup, &equilibrium, gains),
            Format::Json => write::json(setup, &equilibrium, gains),
            Format::Csv => write::csv(&equilibrium, gains),
            Format::Svg => write::svg(setup, &equilibrium),
        });
    }
    Ok(output)
}

#[cfg(test)]
mod tests {
    use std::sync::Mutex;

    use clap::Parser as _;

    use super::Cli;

    /// Spots on lines report their progress in turn, each an equal share, to the end.
    #[test]
    fn spots_report_their_progress_in_turn() {
        let heard = Mutex::new(Vec::new());
        let cli = Cli::parse_from(["push-fold"]);
        let output = cli
            .respond_with(b"--stacks 10,10\n--stacks 5,5\n", &|done| {
                heard.lock().unwrap().push(done);
            })
            .unwrap();
        assert_eq!(
            output,
            cli.respond(b"--stacks 10,10\n--stacks 5,5\n").unwrap()
        );
        assert_eq!(heard.into_inner().unwrap(), [0.5, 1.0]);
    }
}
