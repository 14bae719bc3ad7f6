//! Bad input: one `error:` line with line and column, nothing else, through the library and
//! through the binary.

use rstest::rstest;

#[track_caller]
fn check(input: &str, expected: Result<&str, &str>) {
    golden_cases::assert_outcome(
        texas_best_hand::run(input.as_bytes(), &texas_best_hand::Options::default()),
        expected,
    );
}

#[rstest]
#[case::empty("", Ok(""))]
#[case::blank_lines("\n  \n\t\n", Ok(""))]
#[case::blank_lines_between(
    "AS KS QS JS TS 2D 3C\n\n\r\nAH 2D 3C 4S 5H 9D KC",
    Ok("royal flush: AS KS QS JS TS\nstraight: 5H 4S 3C 2D AH\n")
)]
#[case::lowercase_and_ten("10s js qs ks as 2d 3c\n", Ok("royal flush: AS KS QS JS TS\n"))]
#[case::crlf("AS KS QS JS TS 2D 3C\r\n", Ok("royal flush: AS KS QS JS TS\n"))]
#[case::bad_suit(
    "AS KS QS JS TS 2D 3C\nAH AX 3C 4S 5H 9D KC\n",
    Err("line 2, column 4: expected the second hole card, found 'AX' (invalid suit 'X')")
)]
#[case::bad_rank(
    "1S KS QS JS TS 2D 3C",
    Err("line 1, column 1: expected the first hole card, found '1S' (invalid rank '1')")
)]
#[case::too_long(
    "AS KS QS JS TSS 2D 3C",
    Err(
        "line 1, column 13: expected the third board card, found 'TSS' (not a rank followed by a suit)"
    )
)]
#[case::six_cards(
    "AS KS QS JS TS 2D\n",
    Err("line 1, column 18: expected the fifth board card, found end of line")
)]
#[case::eight_cards(
    "AS KS QS JS TS 2D 3C 4C\n",
    Err("line 1, column 22: expected end of line, found '4C'")
)]
#[case::repeated(
    "AS KS QS JS TS 2D as",
    Err("line 1, column 19: repeated card AS (first at line 1, column 1)")
)]
#[case::error_after_good_lines(
    "AS KS QS JS TS 2D 3C\nAS KS QS JS TS 2D 3C\nxx",
    Err("line 3, column 1: expected the first hole card, found 'xx' (invalid rank 'x')")
)]
#[case::binary_garbage(
    "\u{1}\u{2} AS",
    Err(
        "line 1, column 1: expected the first hole card, found '\\u{1}\\u{2}' (invalid rank '\\u{1}')"
    )
)]
fn reads_deals_or_reports_one_error(#[case] input: &str, #[case] expected: Result<&str, &str>) {
    check(input, expected);
}

#[test]
fn invalid_utf8_is_reported_not_fatal() {
    let err =
        texas_best_hand::run(b"AS \xff\xfe QS", &texas_best_hand::Options::default()).unwrap_err();
    assert_eq!(
        err.to_string(),
        r"line 1, column 4: expected the second hole card, found '\xff\xfe' (not a rank followed by a suit)"
    );
}

#[test]
fn the_binary_prints_nothing_on_stdout_and_exits_1_on_bad_input() {
    let exe = std::path::Path::new(env!("CARGO_BIN_EXE_texas-best-hand"));
    let output = golden_cases::run_binary(exe, &[], b"AS KS QS JS TS 2D 3C\nAS AS\n").unwrap();
    assert_eq!(output.status.code(), Some(1));
    assert!(output.stdout.is_empty());
    assert_eq!(
        String::from_utf8(output.stderr).unwrap(),
        "error: line 2, column 4: repeated card AS (first at line 2, column 1)\n"
    );
}

#[test]
fn the_binary_reads_stdin_or_a_file_and_takes_the_flag() {
    let exe = std::path::Path::new(env!("CARGO_BIN_EXE_texas-best-hand"));
    let output =
        golden_cases::run_binary(exe, &["--both-hole-cards"], b"2C 7D AS KS QS JS TS\n").unwrap();
    assert!(output.status.success());
    assert_eq!(
        String::from_utf8(output.stdout).unwrap(),
        "high card: AS KS QS 7D 2C\n"
    );

    let sample = golden_cases::testdata_dir().join("texas-best-hand/001-sample.in");
    let output = golden_cases::run_binary(exe, &[sample.to_str().unwrap()], b"").unwrap();
    assert!(output.status.success());
    assert_eq!(
        output.stdout,
        std::fs::read(sample.with_extension("out")).unwrap()
    );

    let output = golden_cases::run_binary(exe, &["/no/such/file"], b"").unwrap();
    assert_eq!(output.status.code(), Some(1));
    assert!(
        String::from_utf8(output.stderr)
            .unwrap()
            .starts_with("error: cannot read '/no/such/file'")
    );
}

/// `texas-best-hand big.in | head -1`: the reader closes the pipe after one line, and the binary
/// ends quietly with success (it used to print `error: Broken pipe (os error 32)` and exit 1).
#[test]
fn a_reader_that_stops_early_gets_a_quiet_successful_end() {
    use std::io::{Read, Write};
    use std::process::{Command, Stdio};

    // About a megabyte of answers: far more than a pipe holds.
    let input = "AS KS QS JS TS 2D 3C\n".repeat(40_000);
    let mut child = Command::new(env!("CARGO_BIN_EXE_texas-best-hand"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let mut stdout = child.stdout.take().unwrap();
    let mut first = [0u8; 20];
    stdout.read_exact(&mut first).unwrap();
    assert_eq!(&first, b"royal flush: AS KS Q");
    drop(stdout);
    let output = child.wait_with_output().unwrap();
    assert_eq!(String::from_utf8_lossy(&output.stderr), "");
    assert!(output.status.success(), "{:?}", output.status);
}
