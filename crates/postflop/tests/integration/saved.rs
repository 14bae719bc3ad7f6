//! Saved solutions: a solve saved and loaded answers as the solve did, and bytes that are not a
//! saved solution are refused with one line.

use postflop::answer::{Request, answer};
use postflop::solve::Silent;
use postflop::spot::SpotFields;
use work_threads::Threads;

fn request(
    fields: SpotFields,
    load: Option<Vec<u8>>,
    line: Option<&str>,
    iterations: usize,
) -> Request {
    Request {
        fields,
        load,
        exploitability: 0.0,
        iterations,
        threads: Threads::new(1).unwrap(),
        memory: usize::MAX,
        line: line.map(String::from),
        json: true,
    }
}

fn river() -> SpotFields {
    let mut fields = SpotFields::default();
    fields
        .read_file(
            "board = Ah Kd 7c 7s 2h\noop = AK, 77:0.25, AQs, KQs, 65s\n\
             ip = AA:0.5, KK, AJs, QJs, T9s\npot = 40\nstack = 60\nbets = 75%, a\nraises = a\n",
        )
        .unwrap();
    fields
}

#[test]
fn a_loaded_solution_answers_as_the_solve_did() {
    let solved = answer(&request(river(), None, Some("Check"), 40), &Silent).unwrap();
    let bytes = solved.saved();
    // Loaded with no more iterations to run: the same figures, at the root and along a line.
    let loaded = answer(
        &request(
            SpotFields::default(),
            Some(bytes.clone()),
            Some("Check"),
            40,
        ),
        &Silent,
    )
    .unwrap();
    assert_eq!(loaded.output, solved.output);
    // Going on from the saved solution is going on from the solve.
    let longer = answer(&request(river(), None, None, 60), &Silent).unwrap();
    let resumed = answer(
        &request(SpotFields::default(), Some(bytes), None, 60),
        &Silent,
    )
    .unwrap();
    assert_eq!(resumed.output, longer.output);
}

#[rstest::rstest]
#[case::not_a_solution(b"hello".to_vec(), "--load: the saved solution is cut short")]
#[case::wrong_magic(b"POSTFLAP\x01\0\0\0".to_vec(), "--load: not a saved postflop solution")]
fn bytes_that_are_not_a_saved_solution_are_refused(#[case] bytes: Vec<u8>, #[case] message: &str) {
    let error = answer(
        &request(SpotFields::default(), Some(bytes), None, 1),
        &Silent,
    )
    .err();
    assert_eq!(error.as_deref(), Some(message));
}

#[test]
fn a_cut_or_changed_solution_is_refused() {
    let bytes = answer(&request(river(), None, None, 5), &Silent)
        .unwrap()
        .saved();
    for cut in [bytes.len() - 1, bytes.len() / 2, 20] {
        let error = answer(
            &request(SpotFields::default(), Some(bytes[..cut].to_vec()), None, 1),
            &Silent,
        )
        .err();
        assert_eq!(
            error.as_deref(),
            Some("--load: the saved solution is cut short"),
            "cut at {cut}"
        );
    }
    let mut longer = bytes.clone();
    longer.push(0);
    let error = answer(
        &request(SpotFields::default(), Some(longer), None, 1),
        &Silent,
    )
    .err();
    assert_eq!(
        error.as_deref(),
        Some("--load: bytes after the end of the saved solution")
    );
    let error = answer(&request(river(), Some(bytes), None, 1), &Silent).err();
    assert_eq!(
        error.as_deref(),
        Some("--load: the spot is the saved solution's; give no spot with it")
    );
}
