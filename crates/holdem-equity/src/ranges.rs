//! The `ranges` command: its options, and answering lines of ranges (read and written by
//! `equity-io`, counted by the engine).

use std::time::Duration;

use equity_core::{
    DEFAULT_EXACT_WITHIN, EquityError, Method, Part, Progress, Sampling, range_equity,
};
use equity_io::{parse_ranges, write};
use judge_io::{Input, InputError};
use work_threads::Threads;

/// How to count: exact, sampled, or the quicker of the two, and on how many threads; shared by
/// `ranges` and `chart`.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "cli", derive(clap::Args))]
pub struct CountingOptions {
    /// Count every deal and board, however long that takes (refused beyond a few minutes' work
    /// on one thread: 20 million deals, 5·10^10 steps board by board after the flop, or five
    /// minutes board by board against players of one range).
    #[cfg_attr(feature = "cli", arg(long, conflicts_with = "sample"))]
    pub exact: bool,
    /// Sample deals and boards, even when counting them all would be quick.
    #[cfg_attr(feature = "cli", arg(long))]
    pub sample: bool,
    /// When sampling, stop once every equity's standard error is at most this many percentage
    /// points.
    #[cfg_attr(
        feature = "cli",
        arg(
            long,
            default_value_t = DEFAULT_PRECISION,
            value_parser = positive,
            allow_negative_numbers = true
        )
    )]
    pub precision: f64,
    /// When sampling, stop after this many seconds whatever the standard error (the chart's
    /// whole time, shared among its hands; each samples at least one round of boards).
    #[cfg_attr(
        feature = "cli",
        arg(long, value_parser = positive, allow_negative_numbers = true)
    )]
    pub seconds: Option<f64>,
    /// The seed of the sampling: the same seed gives the same figures, on any number of threads
    /// (unless --seconds stops the run).
    #[cfg_attr(
        feature = "cli",
        arg(long, default_value_t = DEFAULT_SEED, allow_negative_numbers = true)
    )]
    pub seed: u64,
    /// Threads to use; the environment variable `JUDGE_THREADS` says the same when the option is
    /// absent, and the default is one per core.
    #[cfg_attr(feature = "cli", arg(long, env = "JUDGE_THREADS", default_value_t))]
    pub threads: Threads,
}

/// The standard error sampling stops at unless told otherwise, in percentage points: the
/// engine's default ([`equity_core::Sampling::default`]) in the command line's unit (a test
/// holds them together).
pub const DEFAULT_PRECISION: f64 = 0.05;
/// The seed of sampling unless told otherwise: the engine's default.
pub const DEFAULT_SEED: u64 = 1;

impl Default for CountingOptions {
    /// The command line's defaults.
    fn default() -> CountingOptions {
        CountingOptions {
            exact: false,
            sample: false,
            precision: DEFAULT_PRECISION,
            seconds: None,
            seed: DEFAULT_SEED,
            threads: Threads::default(),
        }
    }
}

impl CountingOptions {
    /// The method these options ask for: by default exact when that is expected to take at most
    /// [`DEFAULT_EXACT_WITHIN`], sampled otherwise.
    pub fn method(&self) -> Method {
        let sampling = Sampling {
            seed: self.seed,
            standard_error: self.precision / 100.0,
            time_limit: self.seconds.map(Duration::from_secs_f64),
        };
        if self.exact {
            Method::Exact
        } else if self.sample {
            Method::Sampled(sampling)
        } else {
            Method::Auto {
                exact_within: DEFAULT_EXACT_WITHIN,
                sampling,
            }
        }
    }
}

/// A positive, finite number of the command line.
#[cfg(feature = "cli")]
fn positive(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(number) if number > 0.0 && number.is_finite() => Ok(number),
        _ => Err(format!("'{text}' is not a positive number")),
    }
}

/// How to answer lines of ranges.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
#[cfg_attr(feature = "cli", derive(clap::Args))]
pub struct RangeOptions {
    /// One JSON object per matchup instead of text.
    #[cfg_attr(feature = "cli", arg(long))]
    pub json: bool,
    /// List each range's combos and weights instead of counting.
    #[cfg_attr(feature = "cli", arg(long))]
    pub list: bool,
    /// Add the first player's equity with each hand class of their range.
    #[cfg_attr(feature = "cli", arg(long))]
    pub by_hand: bool,
    /// Exact or sampled, and on how many threads.
    #[cfg_attr(feature = "cli", command(flatten))]
    pub counting: CountingOptions,
}

/// Parses lines of ranges, counts each and returns the whole output; nothing is produced unless
/// every line is valid and has an answer. `progress` hears the share of the whole work done.
pub fn run_ranges(
    input: &[u8],
    options: &RangeOptions,
    progress: &dyn Progress,
) -> Result<Vec<u8>, InputError> {
    let lines = parse_ranges(input)?;
    let mut output = String::new();
    for (index, line) in lines.iter().enumerate() {
        if index > 0 && !options.json {
            output.push('\n');
        }
        if options.list {
            write::ranges::list(line, options.json, &mut output);
            continue;
        }
        let part = Part::new(progress, index, lines.len());
        let result = range_equity(
            &line.matchup,
            options.counting.method(),
            options.counting.threads,
            &part,
        )
        .map_err(|err| Input::new(input).error_at(line.offset, message(&err)))?;
        if options.json {
            write::ranges::json(
                line,
                &result,
                options.counting.seed,
                options.by_hand,
                &mut output,
            );
        } else {
            write::ranges::text(
                line,
                &result,
                options.counting.seed,
                options.by_hand,
                &mut output,
            );
        }
    }
    Ok(output.into_bytes())
}

/// An engine's error as the command line says it: with the option that helps, where one does.
fn message(err: &EquityError) -> String {
    match err {
        EquityError::TooLarge => format!("{err}: sample them instead (--sample)"),
        _ => err.to_string(),
    }
}
