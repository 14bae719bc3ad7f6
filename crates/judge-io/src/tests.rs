//! Tests of the token reader and its error messages.

use rstest::rstest;

use crate::edge::{answer, answer_each_line, delivered, read_input, write_output};
use crate::input::{Input, Position};
use crate::numbers::{DecimalError, parse_decimal, parse_positive};
use crate::quote::{QUOTE_LIMIT, quote};

/// Reads `input` as a sequence of numbers and then expects the end; returns the numbers or the
/// first error's text.
#[track_caller]
fn check_numbers(input: &str, expected: Result<&[usize], &str>) {
    let mut reader = Input::new(input.as_bytes());
    let mut numbers = Vec::new();
    let result = (|| {
        let count = reader.next_usize("the count")?;
        for _ in 0..count {
            numbers.push(reader.next_usize("a number")?);
        }
        reader.finish()
    })();
    match (result, expected) {
        (Ok(()), Ok(expected)) => assert_eq!(numbers, expected),
        (Err(err), Err(expected)) => assert_eq!(err.to_string(), expected),
        (result, expected) => panic!("got {result:?} with {numbers:?}, expected {expected:?}"),
    }
}

#[rstest]
#[case::simple("3\n1 2 3\n", Ok(&[1, 2, 3][..]))]
#[case::any_whitespace("2\r\n\t10\n\n  20  ", Ok(&[10, 20][..]))]
#[case::zero_count("0", Ok(&[][..]))]
#[case::empty("", Err("line 1, column 1: expected the count, found end of input"))]
#[case::missing(
    "2\n1\n",
    Err("line 3, column 1: expected a number, found end of input")
)]
#[case::missing_no_newline("2\n1", Err("line 2, column 2: expected a number, found end of input"))]
#[case::trailing("1\n5 6\n", Err("line 2, column 3: expected end of input, found '6'"))]
#[case::negative("1\n-5\n", Err("line 2, column 1: expected a number, found '-5'"))]
#[case::plus_sign("1\n+5\n", Err("line 2, column 1: expected a number, found '+5'"))]
#[case::overflow(
    "1 99999999999999999999999",
    Err(
        "line 1, column 3: expected a number, found '99999999999999999999999' (larger than 18446744073709551615)"
    )
)]
#[case::letters("x", Err("line 1, column 1: expected the count, found 'x'"))]
#[case::unicode_column("1\nü é x", Err("line 2, column 1: expected a number, found 'ü'"))]
#[case::unicode_counts_characters("2\n1 é", Err("line 2, column 3: expected a number, found 'é'"))]
#[case::long_token_is_cut(
    "1 aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
    Err("line 1, column 3: expected a number, found 'aaaaaaaaaaaaaaaaaaaaaaaa...'")
)]
fn reads_numbers(#[case] input: &str, #[case] expected: Result<&[usize], &str>) {
    check_numbers(input, expected);
}

#[test]
fn binary_garbage_is_escaped_not_fatal() {
    let mut reader = Input::new(b"\xff\xfe\x01 5");
    let err = reader.next_usize("a number").unwrap_err();
    assert_eq!(
        err.to_string(),
        r"line 1, column 1: expected a number, found '\xff\xfe\u{1}'"
    );
    assert_eq!(reader.next_usize("a number"), Ok(5));
}

#[test]
fn ranges_are_checked_and_named() {
    let mut reader = Input::new(b"9 3");
    let err = reader.next_usize_in("n", 1, 8).unwrap_err();
    assert_eq!(
        err.to_string(),
        "line 1, column 1: expected n in 1..=8, found '9'"
    );
    assert_eq!(reader.next_usize_in("m", 1, 8), Ok(3));
}

#[test]
fn parsed_tokens_carry_the_reason() {
    let mut reader = Input::new(b"12 1x");
    assert_eq!(reader.next_parsed::<u8>("a byte"), Ok(12));
    let err = reader.next_parsed::<u8>("a byte").unwrap_err();
    assert_eq!(
        err.to_string(),
        "line 1, column 4: expected a byte, found '1x' (invalid digit found in string)"
    );
}

#[test]
fn lines_are_cursors_of_their_own() {
    let text = b"a b\n\n  c\r\nd";
    let mut reader = Input::new(text);
    let mut lines = Vec::new();
    while let Some(line) = reader.next_line() {
        lines.push(line.map(|token| token.bytes.to_vec()).collect::<Vec<_>>());
    }
    let expected: Vec<Vec<Vec<u8>>> = vec![
        vec![b"a".to_vec(), b"b".to_vec()],
        vec![],
        vec![b"c".to_vec()],
        vec![b"d".to_vec()],
    ];
    assert_eq!(lines, expected);
}

#[test]
fn line_errors_say_end_of_line() {
    let mut reader = Input::new(b"1 2\n3 4 5\n");
    let mut first = reader.next_line().unwrap();
    first.next_usize("a").unwrap();
    first.next_usize("b").unwrap();
    let err = first.next_usize("c").unwrap_err();
    assert_eq!(
        err.to_string(),
        "line 1, column 4: expected c, found end of line"
    );
    let mut second = reader.next_line().unwrap();
    second.next_usize("a").unwrap();
    second.next_usize("b").unwrap();
    let err = second.finish().unwrap_err();
    assert_eq!(
        err.to_string(),
        "line 2, column 5: expected end of line, found '5'"
    );
}

#[test]
fn exhausted_ignores_whitespace() {
    let mut reader = Input::new(b"1 \n\t ");
    assert!(!reader.is_exhausted());
    reader.next_usize("a").unwrap();
    assert!(reader.is_exhausted());
}

#[rstest]
#[case::empty(b"", Err(DecimalError::NotANumber))]
#[case::zero(b"0", Ok(0))]
#[case::leading_zeros(b"007", Ok(7))]
#[case::every_digit(b"9876543210", Ok(9_876_543_210))]
#[case::largest(b"18446744073709551615", Ok(usize::MAX))]
#[case::one_more(b"18446744073709551616", Err(DecimalError::TooLarge))]
#[case::sign(b"-1", Err(DecimalError::NotANumber))]
#[case::byte_after_nine(b"1:", Err(DecimalError::NotANumber))]
#[case::byte_before_zero(b"/1", Err(DecimalError::NotANumber))]
#[case::long_garbage_is_not_too_large(b"99999999999999999999999x", Err(DecimalError::NotANumber))]
fn decimals(#[case] bytes: &[u8], #[case] expected: Result<usize, DecimalError>) {
    assert_eq!(parse_decimal(bytes), expected);
}

#[rstest]
#[case::zero(b"0", Err(DecimalError::Zero))]
#[case::one(b"1", Ok(1))]
#[case::zeros(b"000", Err(DecimalError::Zero))]
#[case::not_a_number(b"x", Err(DecimalError::NotANumber))]
#[case::too_large(b"99999999999999999999", Err(DecimalError::TooLarge))]
fn positive_decimals(#[case] bytes: &[u8], #[case] expected: Result<usize, DecimalError>) {
    assert_eq!(parse_positive(bytes), expected);
}

#[rstest]
#[case::plain(b"AS", "'AS'")]
#[case::exactly_the_limit(&[b'Q'; QUOTE_LIMIT], "'QQQQQQQQQQQQQQQQQQQQQQQQ'")]
#[case::one_over_the_limit(&[b'Q'; QUOTE_LIMIT + 1], "'QQQQQQQQQQQQQQQQQQQQQQQQ...'")]
#[case::control_and_quote(b"a\x01'", r"'a\u{1}\''")]
#[case::invalid_utf8_among_valid(b"\x8d\x16\x01\xaaJS", r"'\x8d\u{16}\u{1}\xaaJS'")]
#[case::multibyte_is_one_character(
    "éééééééééééééééééééééééééééé".as_bytes(),
    "'éééééééééééééééééééééééé...'"
)]
#[case::multibyte_cut_by_the_token(b"\xc3", r"'\xc3'")]
fn quoting(#[case] bytes: &[u8], #[case] expected: &str) {
    assert_eq!(quote(bytes), expected);
}

#[test]
fn a_million_byte_token_is_quoted_short() {
    assert_eq!(
        quote(&vec![b'Q'; 1_000_000]),
        "'QQQQQQQQQQQQQQQQQQQQQQQQ...'"
    );
}

#[test]
fn a_byte_order_mark_is_skipped_and_not_counted() {
    let mut reader = Input::new(b"\xEF\xBB\xBF2 x");
    assert_eq!(reader.next_usize("a number"), Ok(2));
    let err = reader.next_usize("a number").unwrap_err();
    assert_eq!(
        err.to_string(),
        "line 1, column 3: expected a number, found 'x'"
    );
}

#[test]
fn a_byte_order_mark_elsewhere_is_a_bad_token() {
    let err = Input::new(b"1 \xEF\xBB\xBF2")
        .nth(1)
        .map(|token| token.bytes);
    assert_eq!(err, Some(&b"\xEF\xBB\xBF2"[..]));
}

#[test]
fn columns_count_characters_before_the_error() {
    let mut reader = Input::new("1\néé x".as_bytes());
    reader.next_usize("a").unwrap();
    let err = reader.next_usize("a number").unwrap_err();
    assert_eq!(err.position(), Position { line: 2, column: 1 });
    let err = reader.next_usize("a number").unwrap_err();
    assert_eq!(err.position(), Position { line: 2, column: 4 });
    assert_eq!(err.message(), "expected a number, found 'x'");
}

#[test]
fn invalid_bytes_count_towards_the_limit_one_each() {
    let quoted = quote(&[0xff; 30]);
    assert_eq!(quoted, format!("'{}...'", r"\xff".repeat(QUOTE_LIMIT)));
}

#[test]
fn the_input_is_the_file_named_or_else_stdin() {
    let file = std::env::temp_dir().join(format!("judge-io-input-{}", std::process::id()));
    std::fs::write(&file, b"from the file").unwrap();
    let stdin: &[u8] = b"from stdin";
    assert_eq!(read_input(Some(&file), stdin).unwrap(), b"from the file");
    assert_eq!(read_input(None, stdin).unwrap(), b"from stdin");
    assert_eq!(
        read_input(Some(std::path::Path::new("-")), stdin).unwrap(),
        b"from stdin"
    );
    std::fs::remove_file(&file).unwrap();
    let missing = read_input(Some(&file), stdin).unwrap_err();
    assert!(
        missing.starts_with(&format!("cannot read '{}': ", file.display())),
        "{missing}"
    );
}

#[test]
fn stdin_that_cannot_be_read_is_named() {
    struct Broken;
    impl std::io::Read for Broken {
        fn read(&mut self, _: &mut [u8]) -> std::io::Result<usize> {
            Err(std::io::Error::other("gone"))
        }
    }
    assert_eq!(
        read_input(None, Broken).unwrap_err(),
        "cannot read stdin: gone"
    );
}

#[test]
fn the_answer_is_written_whole() {
    let mut stdout = Vec::new();
    write_output(b"Alice\nBob\n", &mut stdout).unwrap();
    assert_eq!(stdout, b"Alice\nBob\n");
}

#[test]
fn a_failed_answer_exits_with_status_one() {
    // A file, not stdin: a test must not wait on the terminal.
    let file = std::env::temp_dir().join(format!("judge-io-answer-{}", std::process::id()));
    std::fs::write(&file, b"1 2 3").unwrap();
    let failure = answer(Some(&file), |_| Err("bad input"));
    std::fs::remove_file(&file).unwrap();
    assert_eq!(
        format!("{failure:?}"),
        format!("{:?}", std::process::ExitCode::FAILURE)
    );
}

#[test]
fn a_closed_pipe_is_a_quiet_end_and_other_write_errors_are_errors() {
    use std::io::{Error, ErrorKind};
    assert_eq!(delivered(Ok(())), Ok(()));
    assert_eq!(delivered(Err(Error::from(ErrorKind::BrokenPipe))), Ok(()));
    assert_eq!(
        delivered(Err(Error::new(ErrorKind::StorageFull, "disk full"))),
        Err("disk full".to_string())
    );
}

/// The pieces are the standard library's UTF-8 chunks, on every run of three short byte strings
/// of interest (valid, a broken start, a broken middle, cut characters).
#[test]
fn utf8_pieces_are_the_standard_chunks() {
    let alphabet: [&[u8]; 7] = [
        b"a",
        "\u{e9}".as_bytes(),
        b"\xff",
        b"\xc3",
        b"\xe2\x82",
        "\u{20ac}".as_bytes(),
        b"",
    ];
    for a in alphabet {
        for b in alphabet {
            for c in alphabet {
                let bytes = [a, b, c].concat();
                let ours: Vec<(&str, &[u8])> = crate::quote::utf8_pieces(&bytes).collect();
                let standard: Vec<(&str, &[u8])> = bytes
                    .utf8_chunks()
                    .map(|chunk| (chunk.valid(), chunk.invalid()))
                    .collect();
                assert_eq!(ours, standard, "{bytes:?}");
            }
        }
    }
}

/// A character of one to four bytes whole, a byte that is not UTF-8 alone, nothing of nothing.
#[test]
fn the_first_character_is_whole() {
    use crate::quote::first_character;
    assert_eq!(first_character(b"x7"), b"x");
    assert_eq!(first_character("\u{e9}7".as_bytes()), "\u{e9}".as_bytes());
    assert_eq!(
        first_character("\u{20ac}".as_bytes()),
        "\u{20ac}".as_bytes()
    );
    assert_eq!(
        first_character("\u{1f0a1}a".as_bytes()),
        "\u{1f0a1}".as_bytes()
    );
    assert_eq!(first_character(b"\xff\xfe"), b"\xff");
    assert_eq!(first_character(b"\xe2\x82"), b"\xe2");
    assert_eq!(first_character(b""), b"");
}

/// Line by line: each good line's answer as it comes, a bad line's error with its own line
/// number and the next line read, blank lines skipped, a byte-order mark passed over.
#[test]
fn lines_are_answered_one_by_one_and_a_bad_line_does_not_stop_the_rest() {
    let input: &[u8] = b"\xEF\xBB\xBFok one\nbad two\n\n  \nok three\nbad six";
    let (mut stdout, mut stderr) = (Vec::new(), Vec::new());
    let mut seen = Vec::new();
    let good = crate::edge::stream_lines(input, &mut stdout, &mut stderr, |line| {
        seen.push(String::from_utf8_lossy(line).into_owned());
        if line.starts_with(b"bad") {
            Err(Input::new(line).error_at(4, "not good"))
        } else {
            Ok(line.to_ascii_uppercase())
        }
    })
    .unwrap();
    assert!(!good);
    assert_eq!(seen, ["ok one\n", "bad two\n", "ok three\n", "bad six"]);
    assert_eq!(String::from_utf8(stdout).unwrap(), "OK ONE\nOK THREE\n");
    assert_eq!(
        String::from_utf8(stderr).unwrap(),
        "error: line 2, column 5: not good\nerror: line 6, column 5: not good\n"
    );
    let good = crate::edge::stream_lines(&b"ok\n"[..], Vec::new(), Vec::new(), |line| {
        Ok(line.to_vec())
    });
    assert_eq!(good, Ok(true));
}

/// Line by line when asked, whatever the input; a file is never a terminal.
#[test]
fn streaming_is_asked_for_or_a_terminal() {
    use std::path::Path;
    assert!(crate::edge::streams(Some(Path::new("input.txt")), true));
    assert!(crate::edge::streams(None, true));
    assert!(!crate::edge::streams(Some(Path::new("input.txt")), false));
}

/// A file answered line by line: the status says whether every line was good, and a file that
/// cannot be read is an error.
#[test]
fn a_file_is_answered_line_by_line() {
    use std::process::ExitCode;
    let folder = std::env::temp_dir().join(format!("judge-io-lines-{}", std::process::id()));
    std::fs::create_dir_all(&folder).unwrap();
    let (good, bad) = (folder.join("good.txt"), folder.join("bad.txt"));
    std::fs::write(&good, "ok\nok\n").unwrap();
    std::fs::write(&bad, "ok\nbad\nok\n").unwrap();
    let solve = |line: &[u8]| {
        if line.starts_with(b"bad") {
            Err(Input::new(line).error_at(0, "not good"))
        } else {
            Ok(Vec::new())
        }
    };
    let answer = |path: &std::path::Path| crate::edge::answer_each_line(Some(path), "", solve);
    assert_eq!(answer(&good), ExitCode::SUCCESS);
    assert_eq!(answer(&bad), ExitCode::FAILURE);
    assert_eq!(answer(&folder.join("missing.txt")), ExitCode::FAILURE);
    let _ = std::fs::remove_dir_all(&folder);
}

/// A line's answer may write to stderr from other threads (holdem-equity's progress bar, drawn
/// by the thread that reports): the stream must not hold stderr's lock while a line is
/// answered, or those threads wait on it for good.
#[test]
fn other_threads_can_write_to_stderr_while_a_line_is_answered() {
    let path = std::env::temp_dir().join(format!("judge_io_stream_{}", std::process::id()));
    std::fs::write(&path, "a line\n").unwrap();
    let mut wrote = None;
    answer_each_line(Some(&path), "", |_| {
        let (sender, receiver) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            let _ = std::io::Write::flush(&mut std::io::stderr());
            let _ = sender.send(());
        });
        wrote = Some(
            receiver
                .recv_timeout(std::time::Duration::from_secs(5))
                .is_ok(),
        );
        Ok(Vec::new())
    });
    std::fs::remove_file(&path).unwrap();
    assert_eq!(
        wrote,
        Some(true),
        "the other thread could not write to stderr"
    );
}
