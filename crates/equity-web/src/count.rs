//! Counting for the page: a matchup given field by field, or the chart, on one thread, answered
//! with the command line's own writers, so the page shows what `holdem-equity ranges --by-hand`
//! and `holdem-equity chart` print for the same input.

use equity_core::{EquityError, Progress, chart, range_equity};
use equity_io::fields::{FieldError, parse_fields};
use equity_io::write;
use holdem_equity::CountingOptions;
use work_threads::Threads;

/// How the page asks for a count: the command line's choice of method.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Counting {
    /// `auto` (exact when quick, sampled otherwise), `exact` or `sampled`.
    pub method: Method,
    /// When sampling, the standard error to stop at, in percentage points.
    pub precision: f64,
}

/// The methods the page offers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Method {
    /// As the command line decides by default.
    Auto,
    /// `--exact`.
    Exact,
    /// `--sample`.
    Sampled,
}

impl Method {
    /// `auto`, `exact` or `sampled`.
    pub fn named(name: &str) -> Option<Method> {
        match name {
            "auto" => Some(Method::Auto),
            "exact" => Some(Method::Exact),
            "sampled" => Some(Method::Sampled),
            _ => None,
        }
    }
}

impl Counting {
    /// The command line's options for this count, on one thread (a page's worker has one).
    fn options(self) -> CountingOptions {
        CountingOptions {
            exact: self.method == Method::Exact,
            sample: self.method == Method::Sampled,
            precision: self.precision,
            threads: Threads::ONE,
            ..CountingOptions::default()
        }
    }
}

/// What the command line prints for a count: its `--json` line and its text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Answer {
    /// The `--json` output.
    pub json: String,
    /// The text output.
    pub text: String,
}

/// The matchup of `players`, `board` and `dead` (blank fields are absent), checked only.
pub fn check(players: &[&str], board: &str, dead: &str) -> Result<(), FieldError> {
    parse_fields(players, present(board), present(dead)).map(|_| ())
}

/// Counts the matchup as `holdem-equity ranges --by-hand` does.
pub fn count(
    players: &[&str],
    board: &str,
    dead: &str,
    counting: Counting,
    progress: &dyn Progress,
) -> Result<Answer, FieldError> {
    let line = parse_fields(players, present(board), present(dead))?;
    let counting = counting.options();
    let result = range_equity(&line.matchup, counting.method(), Threads::ONE, progress)
        .map_err(|err| whole(&err))?;
    // By hand, as `--by-hand` writes it.
    let (mut json, mut text) = (String::new(), String::new());
    write::ranges::json(&line, &result, counting.seed, true, &mut json);
    write::ranges::text(&line, &result, counting.seed, true, &mut text);
    Ok(Answer { json, text })
}

/// The chart of the 169 hands against `opponents` random hands, as `holdem-equity chart` writes
/// it (`--format json`, and the grid).
pub fn chart_of(
    opponents: usize,
    counting: Counting,
    progress: &dyn Progress,
) -> Result<Answer, FieldError> {
    if !(1..=usize::from(holdem_equity::MAX_CHART_OPPONENTS)).contains(&opponents) {
        return Err(FieldError {
            field: None,
            column: None,
            message: format!(
                "the chart counts against 1 to {} random hands",
                holdem_equity::MAX_CHART_OPPONENTS
            ),
        });
    }
    let chart = chart(
        opponents,
        counting.options().method(),
        Threads::ONE,
        progress,
    )
    .map_err(|err| whole(&err))?;
    Ok(Answer {
        json: write::chart::json(&chart),
        text: write::chart::grid(&chart),
    })
}

/// A field's text, or `None` when it is blank (a blank board is no board).
pub(crate) fn present(text: &str) -> Option<&str> {
    (!text.trim().is_empty()).then_some(text)
}

/// An engine's refusal, about the matchup as a whole; too large a count names the page's way
/// out, as the command line names its option.
fn whole(err: &EquityError) -> FieldError {
    let message = match err {
        EquityError::TooLarge => format!("{err}: sample them instead (Sampled)"),
        _ => err.to_string(),
    };
    FieldError {
        field: None,
        column: None,
        message,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use equity_core::Silent;
    use equity_io::fields::Field;

    const AUTO: Counting = Counting {
        method: Method::Auto,
        precision: holdem_equity::DEFAULT_PRECISION,
    };

    /// What the command line answers to `line` with these flags.
    fn command_line(line: &str, json: bool) -> String {
        let options = holdem_equity::RangeOptions {
            json,
            by_hand: true,
            counting: CountingOptions {
                threads: Threads::ONE,
                ..CountingOptions::default()
            },
            ..holdem_equity::RangeOptions::default()
        };
        let output = holdem_equity::run_ranges(line.as_bytes(), &options, &Silent).unwrap();
        String::from_utf8(output).unwrap()
    }

    #[test]
    fn methods_are_the_command_lines() {
        assert_eq!(Method::named("auto"), Some(Method::Auto));
        assert_eq!(Method::named("exact"), Some(Method::Exact));
        assert_eq!(Method::named("sampled"), Some(Method::Sampled));
        assert_eq!(Method::named("fast"), None);
        let sampled = Counting {
            method: Method::Sampled,
            precision: 2.0,
        }
        .options();
        assert!(sampled.sample && !sampled.exact);
        assert_eq!(sampled.precision.to_bits(), 2f64.to_bits());
        assert_eq!(sampled.threads, Threads::ONE);
        let exact = Counting {
            method: Method::Exact,
            ..AUTO
        }
        .options();
        assert!(exact.exact && !exact.sample);
    }

    #[test]
    fn the_page_answers_as_the_command_line() {
        for (players, board, dead, line) in [
            (&["AsKs", "QdQc"][..], "", "", "AsKs vs QdQc"),
            (
                &["QQ+, AKs:0.5", "random"][..],
                "Ah 7c 2d",
                "",
                "QQ+, AKs:0.5 vs random | Ah 7c 2d",
            ),
            (
                &["AK", "22-55", "T9s"][..],
                "Kd 8s 3c 2h",
                "5s",
                "AK vs 22-55 vs T9s | Kd 8s 3c 2h | dead: 5s",
            ),
        ] {
            let answer = count(players, board, dead, AUTO, &Silent).unwrap();
            assert_eq!(answer.json, command_line(line, true), "{line}");
            assert_eq!(answer.text, command_line(line, false), "{line}");
        }
    }

    #[test]
    fn errors_name_their_field() {
        let err = count(&["AsKs", "QQ+ AKs"], "", "", AUTO, &Silent).unwrap_err();
        assert_eq!(err.field, Some(Field::Player(2)));
        assert_eq!(err.column, Some(5));
        assert_eq!(
            err.message,
            "'QQ+ AKs': a comma is missing between 'QQ+' and 'AKs'"
        );
        let err = check(&["AsKs", "QQ"], "Ah 7c", "").unwrap_err();
        assert_eq!(err.field, Some(Field::Board));
        assert_eq!(check(&["AsKs", "QQ"], " ", "\t"), Ok(()));
        let exact = Counting {
            method: Method::Exact,
            ..AUTO
        };
        let random = ["random"; 4];
        let too_large = count(&random, "", "", exact, &Silent).unwrap_err();
        assert_eq!(too_large.field, None);
        assert!(
            too_large.message.ends_with("sample them instead (Sampled)"),
            "{}",
            too_large.message
        );
    }

    #[test]
    fn the_chart_is_refused_beyond_its_opponents() {
        assert!(chart_of(0, AUTO, &Silent).is_err());
        assert!(chart_of(10, AUTO, &Silent).is_err());
        let sampled = Counting {
            method: Method::Sampled,
            precision: 5.0,
        };
        let answer = chart_of(1, sampled, &Silent).unwrap();
        assert!(
            answer
                .json
                .starts_with("{\"opponents\":1,\"method\":\"sampled\"")
        );
        assert!(
            answer
                .text
                .starts_with("equity against 1 random hand, sampled")
        );
    }
}
