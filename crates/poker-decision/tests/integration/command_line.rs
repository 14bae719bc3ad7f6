//! The binary's edge, run as a user runs it: where the input comes from, the thread policy, and
//! what a misuse of the command line prints. Every binary shares this edge (`judge_io::answer`,
//! `judge_io::Threads`); poker-decision stands for them.

use std::io::Write;
use std::path::Path;
use std::process::{Command, Output, Stdio};

const SAMPLE: &str = "1\nJC 4H\nTS 5D\nJS JH JD 4S 4C 4D\n";

fn binary() -> Command {
    Command::new(env!("CARGO_BIN_EXE_poker-decision"))
}

/// Runs the binary with `args` and `JUDGE_THREADS` set to `threads` (unset for `None`), feeding it
/// the sample.
fn run(args: &[&str], threads: Option<&str>) -> Output {
    let mut command = binary();
    command.args(args).env_remove("JUDGE_THREADS");
    if let Some(threads) = threads {
        command.env("JUDGE_THREADS", threads);
    }
    let mut child = command
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // The sample is far smaller than a pipe's buffer: write it all, then close stdin. A binary
    // that refuses its arguments exits without reading, which breaks the pipe: not our concern.
    let _ = child.stdin.take().unwrap().write_all(SAMPLE.as_bytes());
    child.wait_with_output().unwrap()
}

#[track_caller]
fn assert_answers(output: &Output) {
    assert_eq!(String::from_utf8_lossy(&output.stderr), "");
    assert_eq!(String::from_utf8_lossy(&output.stdout), "Alice\n");
    assert!(output.status.success());
}

#[track_caller]
fn assert_fails(output: &Output, status: i32, stderr_starts: &str) {
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.starts_with(stderr_starts), "{stderr}");
    assert_eq!(output.stdout, b"");
    assert_eq!(output.status.code(), Some(status));
}

#[test]
fn reads_stdin_without_a_file_or_with_a_dash() {
    assert_answers(&run(&[], None));
    assert_answers(&run(&["-"], None));
}

#[test]
fn a_directory_on_stdin_says_it_was_stdin() {
    let output = binary()
        .stdin(std::fs::File::open(".").unwrap())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .output()
        .unwrap();
    assert_fails(&output, 1, "error: cannot read stdin: Is a directory");
}

#[test]
fn a_missing_file_is_named() {
    let missing = Path::new("no-such-file.in");
    let output = run(&[missing.to_str().unwrap()], None);
    assert_fails(&output, 1, "error: cannot read 'no-such-file.in': ");
}

#[test]
fn threads_come_from_the_option_or_the_environment() {
    assert_answers(&run(&["--threads", "1"], None));
    assert_answers(&run(&[], Some("1")));
    assert_answers(&run(&["--threads", "3"], Some("1")));
    // The option wins over a bad environment.
    assert_answers(&run(&["--threads", "2"], Some("abc")));
}

#[test]
fn a_bad_thread_count_is_a_clear_error() {
    for bad in ["0", "-1", "abc", ""] {
        let output = run(&[&format!("--threads={bad}")], None);
        assert_fails(
            &output,
            2,
            &format!(
                "error: invalid value '{bad}' for '--threads <THREADS>': expected a whole number of threads, at least 1"
            ),
        );
        let output = run(&[], Some(bad));
        assert_fails(
            &output,
            2,
            &format!("error: invalid value '{bad}' for '--threads <THREADS>'"),
        );
    }
}

#[test]
fn help_states_the_grammar_and_the_version_is_real() {
    let help = binary().arg("--help").output().unwrap();
    let help = String::from_utf8_lossy(&help.stdout);
    for needle in [
        "Input: T, then T cases",
        "`Alice`, `Bob` or `Draw`",
        "--threads",
        "JUDGE_THREADS",
        "docs/problems/poker-decision.md",
    ] {
        assert!(help.contains(needle), "--help lacks {needle:?}:\n{help}");
    }
    let version = binary().arg("--version").output().unwrap();
    assert_eq!(
        String::from_utf8_lossy(&version.stdout),
        format!("poker-decision {}\n", env!("CARGO_PKG_VERSION"))
    );
    assert_ne!(env!("CARGO_PKG_VERSION"), "0.0.0");
}
