//! The golden cases in `testdata/<problem>/`: finding them, reading them, comparing outputs.
//!
//! A case is `NNN-slug.in` with `NNN-slug.out` beside it (the expected stdout), an optional
//! `NNN-slug.args` (extra command-line arguments, one per line) and an optional `NNN-slug.err` (the
//! expected stderr of a run that must fail with exit status 1; its `.out` is empty). A case of a
//! command that reads no input (holdem-equity's `chart`) has `.args` and no `.in`. Cases run in
//! sorted order. `cargo xtask verify` runs them through the release binaries; each problem's
//! `tests/integration/golden.rs` runs them through its library with [`check_all`], so `cargo test`
//! cannot pass with a wrong answer (the few slow cases a problem names run in its ignored tests,
//! which CI runs).

#![forbid(unsafe_code)]

use std::fmt;
use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

/// One golden case.
#[derive(Clone, Debug)]
pub struct Case {
    /// The problem, the name of its `testdata` folder and of its binary.
    pub problem: String,
    /// The file stem, `NNN-slug`.
    pub name: String,
    /// The input file; `None` for a case that is its arguments alone (its stdin is empty).
    pub input_path: Option<PathBuf>,
    /// The case's path without an extension: `testdata/<problem>/NNN-slug`.
    stem_path: PathBuf,
    /// Extra command-line arguments from `NNN-slug.args`.
    pub args: Vec<String>,
    /// The expected stdout.
    pub expected_stdout: Vec<u8>,
    /// The expected stderr when the run must fail with exit status 1.
    pub expected_stderr: Option<Vec<u8>>,
}

/// What a binary did with one case.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// Its stdout.
    pub stdout: Vec<u8>,
    /// Its stderr, when it failed with exit status 1.
    pub failure: Option<Vec<u8>>,
}

/// The first line where two outputs differ.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Difference {
    /// The line number, from 1.
    line: usize,
    /// The expected line, or `<end of output>`.
    expected: String,
    /// The actual line, or `<end of output>`.
    actual: String,
}

impl Case {
    /// The path of one of the case's files: `testdata/<problem>/NNN-slug.<extension>`.
    pub fn sibling(&self, extension: &str) -> PathBuf {
        self.stem_path.with_extension(extension)
    }

    /// The case's input; empty for a case without one.
    pub fn input(&self) -> io::Result<Vec<u8>> {
        self.input_path.as_ref().map_or(Ok(Vec::new()), fs::read)
    }

    /// Runs the binary at `exe` on this case: its arguments, then the input file (if it has
    /// one; stdin is empty). A run that ends with a status other than 0 or 1 (a panic, a signal)
    /// is an error, whatever it printed.
    pub fn run(&self, exe: &Path) -> Result<Outcome, String> {
        let output = Command::new(exe)
            .args(&self.args)
            .args(&self.input_path)
            .output();
        self.outcome(exe, output)
    }

    /// Runs the program at `exe` with no arguments and the input on stdin, as a judge runs a
    /// submission; the outcome is judged as in [`Case::run`].
    pub fn run_on_stdin(&self, exe: &Path) -> Result<Outcome, String> {
        let input = match &self.input_path {
            Some(path) => Stdio::from(
                fs::File::open(path).map_err(|err| format!("opening {}: {err}", path.display()))?,
            ),
            None => Stdio::null(),
        };
        let output = Command::new(exe).stdin(input).output();
        self.outcome(exe, output)
    }

    fn outcome(&self, exe: &Path, output: io::Result<Output>) -> Result<Outcome, String> {
        let output = output.map_err(|err| format!("running {}: {err}", exe.display()))?;
        let failure = match output.status.code() {
            Some(0) => None,
            Some(1) => Some(output.stderr),
            _ => {
                return Err(format!(
                    "{}/{}: the program ended with {} and stderr {:?}",
                    self.problem,
                    self.name,
                    output.status,
                    String::from_utf8_lossy(&output.stderr)
                ));
            }
        };
        Ok(Outcome {
            stdout: output.stdout,
            failure,
        })
    }

    /// Compares an actual outcome (stdout, and the stderr of a failed run) with the expected
    /// one; `None` when they agree.
    pub fn compare(&self, stdout: &[u8], failure: Option<&[u8]>) -> Option<String> {
        match (&self.expected_stderr, failure) {
            (None, None) => first_difference(&self.expected_stdout, stdout)
                .map(|difference| format!("stdout differs: {difference}")),
            (Some(expected), Some(actual)) => {
                if stdout.is_empty() {
                    first_difference(expected, actual)
                        .map(|difference| format!("stderr differs: {difference}"))
                } else {
                    Some("a failing run must print nothing on stdout".to_string())
                }
            }
            (None, Some(actual)) => Some(format!(
                "expected success, the run failed with: {}",
                String::from_utf8_lossy(actual).trim_end()
            )),
            (Some(_), None) => Some("expected a failure, the run succeeded".to_string()),
        }
    }
}

impl fmt::Display for Difference {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "first difference at line {}\n  expected: {}\n  actual:   {}",
            self.line, self.expected, self.actual
        )
    }
}

/// The workspace root (two levels above this crate).
pub fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .ancestors()
        .nth(2)
        .expect("golden-cases lives in crates/golden-cases")
        .to_path_buf()
}

/// The `testdata` folder.
pub fn testdata_dir() -> PathBuf {
    workspace_root().join("testdata")
}

/// The problems that have a `testdata` folder, sorted.
pub fn problems() -> io::Result<Vec<String>> {
    let mut problems = Vec::new();
    for entry in fs::read_dir(testdata_dir())? {
        let entry = entry?;
        if entry.file_type()?.is_dir() {
            problems.push(entry.file_name().to_string_lossy().into_owned());
        }
    }
    problems.sort();
    Ok(problems)
}

/// The cases of `problem`, sorted by name: one for each `.in`, and for each `.args` without an
/// `.in`. Every case must have its `.out`.
pub fn cases(problem: &str) -> io::Result<Vec<Case>> {
    let folder = testdata_dir().join(problem);
    let mut stems: Vec<PathBuf> = fs::read_dir(&folder)?
        .map(|entry| entry.map(|entry| entry.path()))
        .collect::<io::Result<_>>()?;
    stems.retain(|path| {
        path.extension()
            .is_some_and(|extension| extension == "in" || extension == "args")
    });
    for stem in &mut stems {
        stem.set_extension("");
    }
    stems.sort();
    stems.dedup();
    stems
        .into_iter()
        .map(|stem_path| {
            let name = stem_path
                .file_name()
                .map(|stem| stem.to_string_lossy().into_owned())
                .unwrap_or_default();
            let input_path = Some(stem_path.with_extension("in")).filter(|path| path.exists());
            let read_optional = |extension: &str| -> io::Result<Option<Vec<u8>>> {
                match fs::read(stem_path.with_extension(extension)) {
                    Ok(bytes) => Ok(Some(bytes)),
                    Err(err) if err.kind() == io::ErrorKind::NotFound => Ok(None),
                    Err(err) => Err(err),
                }
            };
            let expected_stdout = read_optional("out")?.ok_or_else(|| {
                io::Error::new(
                    io::ErrorKind::NotFound,
                    format!("{} has no .out beside it", stem_path.display()),
                )
            })?;
            let args = read_optional("args")?
                .map(|bytes| {
                    String::from_utf8_lossy(&bytes)
                        .lines()
                        .map(str::trim)
                        .filter(|line| !line.is_empty())
                        .map(String::from)
                        .collect()
                })
                .unwrap_or_default();
            Ok(Case {
                problem: problem.to_string(),
                name,
                args,
                expected_stdout,
                expected_stderr: read_optional("err")?,
                input_path,
                stem_path,
            })
        })
        .collect()
}

/// The first line where `expected` and `actual` differ, or `None` if they are byte for byte
/// equal.
fn first_difference(expected: &[u8], actual: &[u8]) -> Option<Difference> {
    if expected == actual {
        return None;
    }
    let mut expected_lines = expected.split_inclusive(|&byte| byte == b'\n');
    let mut actual_lines = actual.split_inclusive(|&byte| byte == b'\n');
    let show = |line: Option<&[u8]>| match line {
        Some(line) => format!("{:?}", String::from_utf8_lossy(line)),
        None => "<end of output>".to_string(),
    };
    for line in 1.. {
        let (expected_line, actual_line) = (expected_lines.next(), actual_lines.next());
        if expected_line != actual_line {
            return Some(Difference {
                line,
                expected: show(expected_line),
                actual: show(actual_line),
            });
        }
    }
    unreachable!("unequal outputs differ on some line")
}

/// Which of a problem's cases a golden test runs: the cases named slow are kept for the ignored
/// slow tests, so the default `cargo test` stays quick.
#[derive(Clone, Copy, Debug)]
pub enum Selection<'a> {
    /// Every case but these.
    AllBut(&'a [&'a str]),
    /// Only these.
    Only(&'a [&'a str]),
}

/// The cases of `problem` that `selection` picks. Panics if the problem has no cases or the
/// selection picks none, or names a case that does not exist: a misspelt or missing name cannot
/// make a test pass vacuously.
#[track_caller]
pub fn select(problem: &str, selection: Selection<'_>) -> Vec<Case> {
    let cases = cases(problem).unwrap_or_else(|err| panic!("reading testdata/{problem}: {err}"));
    assert!(!cases.is_empty(), "testdata/{problem} has no cases");
    let (Selection::AllBut(names) | Selection::Only(names)) = selection;
    for name in names {
        assert!(
            cases.iter().any(|case| case.name == *name),
            "testdata/{problem} has no case {name}"
        );
    }
    let picked: Vec<Case> = cases
        .into_iter()
        .filter(|case| {
            names.contains(&case.name.as_str()) == matches!(selection, Selection::Only(_))
        })
        .collect();
    assert!(
        !picked.is_empty(),
        "no case of testdata/{problem} is selected"
    );
    picked
}

/// Runs the cases of `problem` that `selection` picks through `run` (input and arguments to
/// stdout, or to the error text printed after `error: `) and panics with a list of the cases
/// that disagree.
///
/// Meant for each problem's `tests/integration/golden.rs`, through [`golden_tests!`].
#[track_caller]
pub fn check_all(
    problem: &str,
    selection: Selection<'_>,
    run: impl Fn(&[u8], &[String]) -> Result<Vec<u8>, String> + Sync,
) {
    let cases = select(problem, selection);
    let failures = failures(&cases, |case| {
        let input = case.input().expect("readable input");
        match run(&input, &case.args) {
            Ok(stdout) => case.compare(&stdout, None),
            Err(message) => case.compare(b"", Some(format!("error: {message}\n").as_bytes())),
        }
    });
    assert!(
        failures.is_empty(),
        "{} of {} golden cases of {problem} failed:\n{}",
        failures.len(),
        cases.len(),
        failures.join("\n")
    );
}

/// Each case's problem, named by the case, in the cases' order. The cases run on every core:
/// one slow case then takes no longer than itself.
fn failures(cases: &[Case], check: impl Fn(&Case) -> Option<String> + Sync) -> Vec<String> {
    let checked =
        work_threads::map_on_threads(cases.len(), work_threads::Threads::available(), |index| {
            check(&cases[index]).map(|problem| format!("{}: {problem}", cases[index].name))
        });
    checked.into_iter().flatten().collect()
}

/// Declares a problem's golden tests in its `tests/integration/golden.rs`: every case through the
/// binary's own command line `$cli` (declared with `judge_io::problem_cli!`), its arguments parsed
/// and its input answered in-process by `Cli::respond`, and every case through the binary cargo
/// builds for the test. Two optional lists keep the default `cargo test` quick; CI runs what they
/// hold with `cargo test -- --ignored`:
/// - the cases after `slow:` (each a second or more) run, both ways, in an ignored test of
///   their own;
/// - the cases after `slow_through_the_binary:` run in-process with the others, and through the
///   binary in an ignored test: where the count is the slow part, the second pass checks only
///   the binary's edge, which the quick cases check too.
#[macro_export]
macro_rules! golden_tests {
    (
        $problem:literal,
        $cli:ty
        $(, slow: [$($slow:literal),+ $(,)?])?
        $(, slow_through_the_binary: [$($binary:literal),+ $(,)?])?
        $(,)?
    ) => {
        fn check_in_process(selection: $crate::Selection<'_>) {
            $crate::check_all($problem, selection, |input, args| {
                let arguments = std::iter::once($problem).chain(args.iter().map(String::as_str));
                <$cli as clap::Parser>::try_parse_from(arguments)
                    .map_err(|err| err.to_string())?
                    .respond(input)
            });
        }

        fn check_through_the_binary(selection: $crate::Selection<'_>) {
            $crate::check_all_through_binary(
                $problem,
                selection,
                std::path::Path::new(env!(concat!("CARGO_BIN_EXE_", $problem))),
            );
        }

        #[test]
        fn every_golden_case_passes() {
            check_in_process($crate::Selection::AllBut(&[$($($slow),+)?]));
        }

        #[test]
        fn every_golden_case_passes_through_the_binary() {
            check_through_the_binary($crate::Selection::AllBut(&[
                $($($slow,)+)?
                $($($binary,)+)?
            ]));
        }

        $(
            #[test]
            #[ignore = "slow golden cases; run with `cargo test -- --ignored`"]
            fn every_slow_golden_case_passes_both_ways() {
                check_in_process($crate::Selection::Only(&[$($slow),+]));
                check_through_the_binary($crate::Selection::Only(&[$($slow),+]));
            }
        )?

        $(
            #[test]
            #[ignore = "slow through the binary; run with `cargo test -- --ignored`"]
            fn every_slow_golden_case_passes_through_the_binary() {
                check_through_the_binary($crate::Selection::Only(&[$($binary),+]));
            }
        )?
    };
}

/// Runs the cases of `problem` that `selection` picks through the binary at `exe` and panics
/// with a list of the cases that disagree: the binary's own edge (arguments, reading the file,
/// exit status) under test.
///
/// Meant for each problem's `tests/integration/golden.rs`, through [`golden_tests!`].
#[track_caller]
pub fn check_all_through_binary(problem: &str, selection: Selection<'_>, exe: &Path) {
    let cases = select(problem, selection);
    let failures = failures(&cases, |case| match case.run(exe) {
        Ok(outcome) => case.compare(&outcome.stdout, outcome.failure.as_deref()),
        Err(err) => Some(err),
    });
    assert!(
        failures.is_empty(),
        "{} of {} golden cases of {problem} failed through {}:\n{}",
        failures.len(),
        cases.len(),
        exe.display(),
        failures.join("\n")
    );
}

/// Asserts that a library's `run` produced `expected`: `Ok` with that output, or `Err` with that
/// message. The one comparison every problem's input tests make.
#[track_caller]
pub fn assert_outcome<E: fmt::Display + fmt::Debug>(
    actual: Result<Vec<u8>, E>,
    expected: Result<&str, &str>,
) {
    match (actual, expected) {
        (Ok(output), Ok(expected)) => assert_eq!(String::from_utf8_lossy(&output), expected),
        (Err(err), Err(expected)) => assert_eq!(err.to_string(), expected),
        (actual, expected) => panic!("got {actual:?}, expected {expected:?}"),
    }
}

/// Runs the binary at `exe` with `args`, feeding it `stdin`, and collects its outcome.
pub fn run_binary(exe: &Path, args: &[&str], stdin: &[u8]) -> io::Result<Output> {
    let mut child = Command::new(exe)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()?;
    let mut child_stdin = child.stdin.take().expect("stdin is piped");
    let stdin = stdin.to_vec();
    // Feed stdin from another thread so a child that writes before it reads cannot deadlock.
    let feeder = std::thread::spawn(move || {
        // A child that exits without reading closes the pipe; that is its business.
        let _ = child_stdin.write_all(&stdin);
    });
    let output = child.wait_with_output()?;
    feeder.join().expect("the stdin feeder does not panic");
    Ok(output)
}

#[cfg(test)]
mod tests {
    use super::{Case, failures, first_difference};

    /// However the threads share the cases out, the failures come named and in the cases' order.
    #[test]
    fn failures_are_named_in_the_cases_order() {
        let cases: Vec<Case> = (0..40)
            .map(|index| Case {
                problem: "some-problem".to_string(),
                name: format!("{index:03}-case"),
                input_path: None,
                stem_path: std::path::PathBuf::new(),
                args: Vec::new(),
                expected_stdout: Vec::new(),
                expected_stderr: None,
            })
            .collect();
        let failing = |case: &Case| {
            let index: usize = case.name[..3].parse().unwrap();
            (index % 7 == 3).then(|| format!("wrong at {index}"))
        };
        assert_eq!(
            failures(&cases, failing),
            [3, 10, 17, 24, 31, 38].map(|index| format!("{index:03}-case: wrong at {index}"))
        );
    }

    #[test]
    fn equal_outputs_have_no_difference() {
        assert_eq!(first_difference(b"a\nb\n", b"a\nb\n"), None);
    }

    #[test]
    fn reports_the_first_differing_line() {
        let difference = first_difference(b"a\nb\nc\n", b"a\nx\nc\n").unwrap();
        assert_eq!(difference.line, 2);
        assert_eq!(difference.expected, "\"b\\n\"");
        assert_eq!(difference.actual, "\"x\\n\"");
    }

    #[test]
    fn a_missing_final_newline_is_a_difference() {
        let difference = first_difference(b"a\n", b"a").unwrap();
        assert_eq!(difference.line, 1);
    }

    #[test]
    fn shorter_output_ends_early() {
        let difference = first_difference(b"a\nb\n", b"a\n").unwrap();
        assert_eq!(
            (difference.line, difference.actual.as_str()),
            (2, "<end of output>")
        );
    }
}
