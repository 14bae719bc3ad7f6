//! Saved solutions: a solve saved and loaded answers as the solve did, and bytes that are not a
//! saved solution are refused with one line.

use equilibrium_core::{Game, Locks, Precision};
use postflop::answer::{Request, answer};
use postflop::game::{Dealing, PostflopGame};
use postflop::saved::save;
use postflop::solve::{RULE, Silent, Solution, SolveOptions};
use postflop::spot::SpotFields;
use rstest::rstest;
use work_threads::Threads;

fn request(
    fields: SpotFields,
    load: Option<Vec<u8>>,
    line: Option<&str>,
    iterations: usize,
) -> Request {
    request_with(fields, load, line, iterations, Precision::Full)
}

fn request_with(
    fields: SpotFields,
    load: Option<Vec<u8>>,
    line: Option<&str>,
    iterations: usize,
    precision: Precision,
) -> Request {
    Request {
        fields,
        load,
        locks: None,
        exploitability: 0.0,
        iterations,
        threads: Threads::new(1).unwrap(),
        memory: usize::MAX,
        precision,
        line: line.map(String::from),
        json: true,
    }
}

/// The error of loading `bytes` with no spot and no more iterations.
fn load_error(bytes: Vec<u8>) -> Option<String> {
    answer(
        &request(SpotFields::default(), Some(bytes), None, 1),
        &Silent,
    )
    .err()
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

#[rstest]
fn a_loaded_solution_answers_as_the_solve_did(
    #[values(Precision::Full, Precision::Compressed)] precision: Precision,
) {
    let solved = answer(
        &request_with(river(), None, Some("Check"), 40, precision),
        &Silent,
    )
    .unwrap();
    let bytes = solved.saved();
    // Loaded with no more iterations to run: the same figures, at the root and along a line.
    let loaded = answer(
        &request_with(
            SpotFields::default(),
            Some(bytes.clone()),
            Some("Check"),
            40,
            precision,
        ),
        &Silent,
    )
    .unwrap();
    assert_eq!(loaded.output, solved.output);
    // Going on from the saved solution is going on from the solve.
    let longer = answer(&request_with(river(), None, None, 60, precision), &Silent).unwrap();
    let resumed = answer(
        &request_with(SpotFields::default(), Some(bytes), None, 60, precision),
        &Silent,
    )
    .unwrap();
    assert_eq!(resumed.output, longer.output);
}

#[test]
fn a_solution_loaded_in_the_other_precision_goes_on_in_it() {
    let figures = |answer: &postflop::answer::Answer| {
        let solution = &answer.solution;
        let precision = solution.solver().numbers().precision();
        (precision, solution.exploitability(), solution.ev())
    };
    let full = answer(&request(river(), None, None, 40), &Silent).unwrap();
    let compressed = answer(
        &request_with(
            SpotFields::default(),
            Some(full.saved()),
            None,
            40,
            Precision::Compressed,
        ),
        &Silent,
    )
    .unwrap();
    let (precision, exploitability, [oop, _]) = figures(&compressed);
    let (_, full_exploitability, [full_oop, _]) = figures(&full);
    assert_eq!(precision, Precision::Compressed);
    // Rounded to 16 bits, the strategy moves by about 1/65535 of a decision's largest sum.
    assert!(
        (exploitability - full_exploitability).abs() < 1e-4,
        "{exploitability}"
    );
    assert!((oop - full_oop).abs() < 1e-2, "{oop} against {full_oop}");
    let back = answer(
        &request(SpotFields::default(), Some(compressed.saved()), None, 40),
        &Silent,
    )
    .unwrap();
    // Decoded, each number is rounded to `f32` once more.
    assert_eq!(figures(&back).0, Precision::Full);
    assert!((figures(&back).1 - exploitability).abs() < 1e-6);
}

#[rstest]
#[case::not_a_solution(b"hello".to_vec(), "--load: the saved solution is cut short")]
#[case::wrong_magic(b"POSTFLAP\x01\0\0\0".to_vec(), "--load: not a saved postflop solution")]
fn bytes_that_are_not_a_saved_solution_are_refused(#[case] bytes: Vec<u8>, #[case] message: &str) {
    let error = load_error(bytes);
    assert_eq!(error.as_deref(), Some(message));
}

#[test]
fn a_cut_or_changed_solution_is_refused() {
    let bytes = answer(&request(river(), None, None, 5), &Silent)
        .unwrap()
        .saved();
    for cut in [bytes.len() - 1, bytes.len() / 2, 20] {
        let error = load_error(bytes[..cut].to_vec());
        assert_eq!(
            error.as_deref(),
            Some("--load: the saved solution is cut short"),
            "cut at {cut}"
        );
    }
    let mut longer = bytes.clone();
    longer.push(0);
    let error = load_error(longer);
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

#[test]
fn a_saved_solution_with_an_unknown_precision_or_a_bad_scale_is_refused() {
    let bytes = answer(
        &request_with(river(), None, None, 5, Precision::Compressed),
        &Silent,
    )
    .unwrap()
    .saved();
    // After the magic, the version, the spot's text, the (empty) locks' text, the dealing,
    // the rule and the iterations.
    let text = u64::from_le_bytes(bytes[12..20].try_into().unwrap());
    let dealing = 20 + usize::try_from(text).unwrap() + 8;
    let precision = dealing + 1 + 1 + 24 + 8;
    assert_eq!(bytes[precision], 1);
    let mut unknown = bytes.clone();
    unknown[precision] = 7;
    let error = load_error(unknown);
    assert_eq!(
        error.as_deref(),
        Some("--load: a saved precision of unknown kind 7")
    );
    assert_eq!(bytes[dealing], 0, "cards alike solved once");
    let mut unknown = bytes.clone();
    unknown[dealing] = 2;
    assert_eq!(
        load_error(unknown).as_deref(),
        Some("--load: a saved dealing of unknown kind 2")
    );
    // The last scale made a NaN.
    let mut nan = bytes;
    let end = nan.len();
    nan[end - 4..].copy_from_slice(&f32::NAN.to_le_bytes());
    let error = load_error(nan);
    assert_eq!(
        error.as_deref(),
        Some(
            "--load: the saved numbers are not a solver's: some are not finite, or a sum is negative"
        )
    );
}

#[test]
fn a_solution_saved_before_locks_loads_without_them() {
    let solved = answer(&request(river(), None, Some("Check"), 5), &Silent).unwrap();
    let bytes = solved.saved();
    // Version 2 had no locks' text after the spot's, and no dealing.
    let text = usize::try_from(u64::from_le_bytes(bytes[12..20].try_into().unwrap())).unwrap();
    let locks_length = 20 + text;
    assert_eq!(bytes[locks_length..locks_length + 9], [0; 9]);
    let mut version_2 = bytes[..locks_length].to_vec();
    version_2[8..12].copy_from_slice(&2u32.to_le_bytes());
    version_2.extend_from_slice(&bytes[locks_length + 9..]);
    let loaded = answer(
        &request(SpotFields::default(), Some(version_2), Some("Check"), 5),
        &Silent,
    )
    .unwrap();
    assert_eq!(loaded.output, solved.output);
    let mut version_5 = bytes;
    version_5[8..12].copy_from_slice(&5u32.to_le_bytes());
    assert_eq!(
        load_error(version_5).as_deref(),
        Some("--load: a saved solution of version 5; this postflop reads versions 2 to 4")
    );
}

/// A turn spot whose ranges are blind to the suits: diamonds and clubs are alike on Qs Jh 2h 8s.
fn symmetric_turn() -> SpotFields {
    let mut fields = SpotFields::default();
    fields
        .read_file(
            "board = Qs Jh 2h 8s\noop = AA, KK, AQs, KJs, T9s, 54s:0.7\n\
             ip = QQ, JJ, AQ:0.4, QTs, 98s\npot = 100\nstack = 150\nbets = 50%\nraises = a\n",
        )
        .unwrap();
    fields
}

#[test]
fn a_solution_saved_before_suit_symmetry_loads_with_every_card_apart() {
    // Version 3 dealt every card apart, and had no byte to say so.
    let fields = symmetric_turn();
    let spot = fields.spot().unwrap();
    let game = PostflopGame::with_dealing(&spot, Dealing::EveryCard).unwrap();
    let options = SolveOptions {
        exploitability: 0.0,
        iterations: 2,
        threads: Threads::ONE,
        rule: RULE,
        precision: Precision::Full,
    };
    let solution = Solution::solve(game, Locks::default(), options, &Silent);
    let bytes = save(
        &fields,
        "",
        Dealing::EveryCard,
        RULE,
        2,
        solution.solver().numbers(),
    );
    let text = usize::try_from(u64::from_le_bytes(bytes[12..20].try_into().unwrap())).unwrap();
    let dealing = 20 + text + 8;
    assert_eq!(bytes[dealing], 1);
    let mut version_3 = bytes[..dealing].to_vec();
    version_3[8..12].copy_from_slice(&3u32.to_le_bytes());
    version_3.extend_from_slice(&bytes[dealing + 1..]);
    let loaded = answer(
        &request(
            SpotFields::default(),
            Some(version_3),
            Some("Check, Check, 5d"),
            2,
        ),
        &Silent,
    )
    .unwrap();
    assert_eq!(loaded.solution.game().dealing(), Dealing::EveryCard);
    assert_eq!(
        loaded.solution.exploitability().to_bits(),
        solution.exploitability().to_bits()
    );
    // Solved afresh, diamonds and clubs are solved once, to the same figures but for rounding
    // (the sums are made in another order). From the third iteration on, a regret near zero
    // that rounding tips over changes a hand's whole mix (regret matching is not continuous
    // there), so the two solves part ways, and converge alike.
    let fresh = answer(&request(fields, None, Some("Check, Check, 5d"), 2), &Silent).unwrap();
    assert_eq!(fresh.solution.game().dealing(), Dealing::Isomorphic);
    assert!(fresh.solution.game().tree().len() < loaded.solution.game().tree().len());
    let (fresh, apart) = (fresh.solution.exploitability(), solution.exploitability());
    assert!((fresh - apart).abs() < 1e-8, "{fresh} against {apart}");
}

#[test]
fn a_solution_solved_without_locks_is_not_locked_on_loading() {
    let solved = answer(&request(symmetric_turn(), None, None, 5), &Silent).unwrap();
    let mut loading = request(SpotFields::default(), Some(solved.saved()), None, 5);
    loading.locks = Some("Check | AA | Check: 1\n".into());
    assert_eq!(
        answer(&loading, &Silent).err().as_deref(),
        Some(
            "--lock: the saved solution solved cards alike by suit symmetry once, and a lock needs every card solved apart: solve the spot again with the locks"
        )
    );
}
