//! Tests of the token reader and its error messages.

use rstest::rstest;

use super::Input;

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
    Err("line 1, column 3: expected a number, found '99999999999999999999999'")
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
        r"line 1, column 1: expected a number, found '\xff\xfe\x01'"
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

#[test]
fn parallel_answers_keep_input_order() {
    let cases: Vec<u32> = (0..10_000).collect();
    let output = super::answer_in_parallel(
        &cases,
        || 0u64,
        |seen, case, output| {
            *seen += 1;
            output.extend_from_slice(format!("{case}\n").as_bytes());
        },
    );
    let expected: String = cases.iter().map(|case| format!("{case}\n")).collect();
    assert_eq!(String::from_utf8(output).unwrap(), expected);
}
