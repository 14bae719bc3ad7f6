//! The `ranges` command's input: lines of ranges separated by `vs`, and one `error:` line with
//! line and column for bad input.

use holdem_equity::{RangeOptions, run_ranges};
use rstest::rstest;

#[track_caller]
fn check(input: &[u8], expected: Result<&str, &str>) {
    let options = RangeOptions {
        counting: holdem_equity::CountingOptions {
            exact: true,
            ..Default::default()
        },
        ..Default::default()
    };
    golden_cases::assert_outcome(run_ranges(input, &options, &|_| {}), expected);
}

#[rstest]
// Every suit is on the board, each on cards of its own ranks: no renaming keeps it.
#[case::river(
    b"AsAh, KK  vs  QQ | 2C 7D 9S 3H 4H\n",
    Ok(
        "exact over 42 deals and every board\n\
        AsAh, KK  7 combos  equity 100.0000%  wins 100.0000%  ties 0.0000%\n\
        QQ  6 combos  equity 0.0000%  wins 0.0000%  ties 0.0000%\n"
    )
)]
// A board that plays for both: every deal a split. Heads-up on the river every deal is counted
// with the board's one value per combo (board by board); before that, deal by deal, 8 classes
// of renamings of the 36 deals were counted, to the same figures.
#[case::split_on_the_board(
    b"22 VS 33 | AS KS QS JS TS",
    Ok(
        "exact over 36 deals and every board\n\
        22  6 combos  equity 50.0000%  wins 0.0000%  ties 50.0000%\n\
        33  6 combos  equity 50.0000%  wins 0.0000%  ties 50.0000%\n"
    )
)]
#[case::one_range(
    b"AA",
    Err("line 1, column 3: expected the ranges of at least two players, separated by 'vs'")
)]
#[case::nothing_after_vs(
    b"AA vs",
    Err("line 1, column 6: expected a range after 'vs', found end of line")
)]
#[case::nothing_before_vs(b"vs AA", Err("line 1, column 1: expected a range, found 'vs'"))]
#[case::nothing_before_the_board(
    b"AA vs KK vs | 2c 3c 4c",
    Err("line 1, column 13: expected a range, found '|'")
)]
#[case::bad_rank(b"AA vs KX", Err("line 1, column 7: 'KX': 'X' is not a rank"))]
#[case::bad_item_after_spaces(
    b"\n  QQ+, AKx vs random",
    Err("line 2, column 8: 'AKx': 'x' is not s (suited) or o (offsuit)")
)]
#[case::bad_weight(
    b"AA vs  KK:1.5",
    Err("line 1, column 8: 'KK:1.5': a weight is a number from 0 to 1")
)]
#[case::empty_range(
    b"AA:0 vs KK",
    Err("line 1, column 1: the range has no combo of weight above 0")
)]
#[case::board_of_two(
    b"AA vs KK | 2c 3c",
    Err("line 1, column 12: expected a board of 0, 3, 4 or 5 cards, found 2")
)]
#[case::repeated_dead_card(
    b"AA vs KK | 2c 3c 4c | dead: 2c",
    Err("line 1, column 29: repeated card 2C (first at line 1, column 12)")
)]
// Two hands, or ranges every combo of which holds the same card, written in both: that card, at
// its place in the later one, as among hole cards.
#[case::a_card_in_two_hands(
    b"AsKs vs AsQs",
    Err("line 1, column 9: repeated card AS (first at line 1, column 1)")
)]
#[case::a_card_in_two_ranges(
    b"QQ vs AhKs, AhQs vs KK vs Ah Jh, AhTh",
    Err("line 1, column 27: repeated card AH (first at line 1, column 7)")
)]
#[case::the_first_shared_card_written_in_the_later_hand(
    b"AsKs vs 2c2d vs KsAs",
    Err("line 1, column 17: repeated card KS (first at line 1, column 3)")
)]
#[case::a_card_and_any_suit(
    b"AsKs vs AsKx",
    Err("line 1, column 9: repeated card AS (first at line 1, column 1)")
)]
#[case::every_combo_on_the_board(
    b"AA vs KK | AS AH AD AC",
    Err("line 1, column 1: 'AA' cannot be dealt: AS, AH, AD and AC are on the board")
)]
// Every pair collides, but on different cards: none to name.
#[case::no_deal_between_the_players(
    b"AsKs vs AsKh, KsQs",
    Err(
        "line 1, column 1: no deal is possible: every choice of one combo per player shares a \
         card (with another combo, the board or the dead cards)"
    )
)]
#[case::too_many_players(
    b"AA vs KK vs QQ vs JJ vs TT vs 99 vs 88 vs 77 vs 66 vs 55 vs 44 vs 33 vs 22 vs AK vs AQ vs \
      AJ vs AT vs A9 vs A8 vs A7 vs A6 vs A5 vs A4 vs A3",
    Err("line 1, column 1: 24 players, 0 dead cards and a board need more than 52 cards")
)]
#[case::not_utf8(
    b"AA vs K\xffK",
    Err("line 1, column 7: a range is plain text (UTF-8)")
)]
fn range_lines(#[case] input: &[u8], #[case] expected: Result<&str, &str>) {
    check(input, expected);
}

#[test]
fn lines_are_answered_in_order_and_blank_lines_skipped() {
    let output = run_ranges(
        b"\nAsAh vs KsKh | 2C 7D 9S 3H 4H\n\n  \nKsKh vs AsAh | 2C 7D 9S 3H 4H\n",
        &RangeOptions::default(),
        &|_| {},
    )
    .unwrap();
    let text = String::from_utf8(output).unwrap();
    let blocks: Vec<&str> = text.split("\n\n").collect();
    assert_eq!(blocks.len(), 2, "{text}");
    assert!(
        blocks[0].contains("AsAh  1 combo  equity 100.0000%"),
        "{text}"
    );
    assert!(
        blocks[1].contains("KsKh  1 combo  equity 0.0000%"),
        "{text}"
    );
}

#[test]
fn progress_reaches_the_whole_over_every_line() {
    let seen = std::sync::Mutex::new(Vec::new());
    let options = RangeOptions {
        counting: holdem_equity::CountingOptions {
            threads: work_threads::Threads::ONE,
            ..Default::default()
        },
        ..Default::default()
    };
    run_ranges(
        b"AA vs KK | 2C 7D 9S\nQQ vs JJ | 2C 7D 9S\n",
        &options,
        &|done| {
            seen.lock().unwrap().push(done);
        },
    )
    .unwrap();
    let seen = seen.into_inner().unwrap();
    assert!(seen.windows(2).all(|pair| pair[0] <= pair[1]), "{seen:?}");
    assert!(
        seen.iter().any(|&done| done > 0.0 && done <= 0.5),
        "{seen:?}"
    );
    assert_eq!(seen.last(), Some(&1.0));
}

#[test]
fn no_progress_bar_when_stderr_is_not_a_terminal() {
    // Sampling for 1.2 s, on any machine: longer than the second after which a terminal sees a
    // bar (the sampler reports between rounds of a few milliseconds).
    let output = golden_cases::run_binary(
        std::path::Path::new(env!("CARGO_BIN_EXE_holdem-equity")),
        &[
            "ranges",
            "--threads",
            "1",
            "--sample",
            "--precision",
            "0.000001",
            "--seconds",
            "1.2",
            "-",
        ],
        b"AK,AQ vs random\n",
    )
    .unwrap();
    assert!(output.status.success());
    assert_eq!(String::from_utf8_lossy(&output.stderr), "");
    assert!(String::from_utf8_lossy(&output.stdout).starts_with("sampled over "));
}

#[test]
fn precision_and_seconds_are_positive_numbers() {
    use clap::Parser;
    use holdem_equity::cli::Cli;
    for bad in ["0", "-1", "x", "inf", "NaN"] {
        for option in ["--precision", "--seconds"] {
            // Written `--precision=-1` and `--precision -1` alike: the value is what is wrong,
            // not a flag to be passed after `--`.
            let joined = format!("{option}={bad}");
            for arguments in [vec![joined.as_str()], vec![option, bad]] {
                let error =
                    Cli::try_parse_from(["holdem-equity", "ranges"].into_iter().chain(arguments))
                        .unwrap_err()
                        .to_string();
                assert!(
                    error.contains(&format!("'{bad}' is not a positive number")),
                    "{option} {bad}: {error}"
                );
                assert!(!error.contains("tip"), "{error}");
            }
        }
    }
    let cli = Cli::try_parse_from([
        "holdem-equity",
        "ranges",
        "--precision",
        "0.2",
        "--seconds",
        "1.5",
    ])
    .unwrap();
    let Some(holdem_equity::cli::Command::Ranges(ranges)) = cli.command else {
        panic!("the ranges command")
    };
    // Read as written: the numbers' text round trips.
    let counting = ranges.options.counting;
    assert_eq!(counting.precision.to_string(), "0.2");
    assert_eq!(
        counting.seconds.map(|seconds| seconds.to_string()),
        Some("1.5".to_string())
    );
}

/// Weights, classes of each kind and a river on which only the aces win (a wheel). The outputs
/// below were checked by hand: the shares by hand are the weights of the deals (`AA` 0.5 × 6,
/// `KQs` 4 × 3 beside `KK`, `QJo` 12 × 0.25 × 6, of 33), 90 deals, none alike.
const WEIGHTED_ON_A_RIVER: &[u8] = b"AsAh:0.5, KQs, QJo:0.25 vs KK | 2c 3d 4h 5s 9s\n";

#[rstest]
#[case::list(true, false, false, LIST)]
#[case::list_json(true, false, true, LIST_JSON)]
#[case::by_hand(false, true, false, BY_HAND)]
#[case::by_hand_json(false, true, true, BY_HAND_JSON)]
fn lists_and_breakdowns(
    #[case] list: bool,
    #[case] by_hand: bool,
    #[case] json: bool,
    #[case] expected: &str,
) {
    let options = RangeOptions {
        list,
        by_hand,
        json,
        ..RangeOptions::default()
    };
    let output = run_ranges(WEIGHTED_ON_A_RIVER, &options, &|_| {}).unwrap();
    assert_eq!(String::from_utf8(output).unwrap(), expected);
}

const LIST: &str = "AsAh:0.5, KQs, QJo:0.25  17 combos, weight 7.5\n  AA   AsAh:0.5\n  KQs  KsQs KhQh KdQd KcQc\n  QJo  QsJh:0.25 QsJd:0.25 QsJc:0.25 QhJs:0.25 QhJd:0.25 QhJc:0.25 QdJs:0.25 QdJh:0.25 QdJc:0.25 QcJs:0.25 QcJh:0.25 QcJd:0.25\nKK  6 combos, weight 6\n  KK   KsKh KsKd KsKc KhKd KhKc KdKc\n";
const LIST_JSON: &str = "{\"players\":[{\"range\":\"AsAh:0.5, KQs, QJo:0.25\",\"combos\":17,\"removed\":0,\"weight\":7.5,\"hands\":[{\"combo\":\"AsAh\",\"weight\":0.5},{\"combo\":\"KsQs\",\"weight\":1},{\"combo\":\"KhQh\",\"weight\":1},{\"combo\":\"KdQd\",\"weight\":1},{\"combo\":\"KcQc\",\"weight\":1},{\"combo\":\"QsJh\",\"weight\":0.25},{\"combo\":\"QsJd\",\"weight\":0.25},{\"combo\":\"QsJc\",\"weight\":0.25},{\"combo\":\"QhJs\",\"weight\":0.25},{\"combo\":\"QhJd\",\"weight\":0.25},{\"combo\":\"QhJc\",\"weight\":0.25},{\"combo\":\"QdJs\",\"weight\":0.25},{\"combo\":\"QdJh\",\"weight\":0.25},{\"combo\":\"QdJc\",\"weight\":0.25},{\"combo\":\"QcJs\",\"weight\":0.25},{\"combo\":\"QcJh\",\"weight\":0.25},{\"combo\":\"QcJd\",\"weight\":0.25}]},{\"range\":\"KK\",\"combos\":6,\"removed\":0,\"weight\":6,\"hands\":[{\"combo\":\"KsKh\",\"weight\":1},{\"combo\":\"KsKd\",\"weight\":1},{\"combo\":\"KsKc\",\"weight\":1},{\"combo\":\"KhKd\",\"weight\":1},{\"combo\":\"KhKc\",\"weight\":1},{\"combo\":\"KdKc\",\"weight\":1}]}]}\n";
const BY_HAND: &str = "exact over 90 deals and every board\nAsAh:0.5, KQs, QJo:0.25  17 combos  equity 9.0909%  wins 9.0909%  ties 0.0000%\nKK  6 combos  equity 90.9091%  wins 90.9091%  ties 0.0000%\nby hand of AsAh:0.5, KQs, QJo:0.25:\n  AA    1 combo    9.0909% of deals  equity 100.0000%\n  KQs   4 combos   36.3636% of deals  equity 0.0000%\n  QJo  12 combos   54.5455% of deals  equity 0.0000%\n";
const BY_HAND_JSON: &str = "{\"method\":\"exact\",\"deals\":90,\"distinct_deals\":90,\"players\":[{\"range\":\"AsAh:0.5, KQs, QJo:0.25\",\"combos\":17,\"removed\":0,\"weight\":7.5,\"equity\":9.090909,\"wins\":9.090909,\"ties\":0.000000},{\"range\":\"KK\",\"combos\":6,\"removed\":0,\"weight\":6,\"equity\":90.909091,\"wins\":90.909091,\"ties\":0.000000}],\"by_hand\":[{\"hand\":\"AA\",\"combos\":1,\"share\":9.090909,\"equity\":100.000000},{\"hand\":\"KQs\",\"combos\":4,\"share\":36.363636,\"equity\":0.000000},{\"hand\":\"QJo\",\"combos\":12,\"share\":54.545455,\"equity\":0.000000}]}\n";

/// The command line's sampling defaults are the engine's, in percentage points.
#[test]
fn the_default_sampling_is_the_engines() {
    let options = holdem_equity::CountingOptions {
        sample: true,
        ..holdem_equity::CountingOptions::default()
    };
    assert_eq!(
        options.method(),
        equity_core::Method::Sampled(equity_core::Sampling::default())
    );
}

/// Every item in the grammar's table on the holdem-equity page holds the combos it claims: the
/// table's last column is each item's count, and `AK`-like rows name the same combos as their
/// described equivalents.
#[test]
fn the_pages_grammar_table_says_what_each_item_holds() {
    let page = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../docs/problems/holdem-equity.md"
    ))
    .unwrap();
    let start = page
        .find("| item | combos | how many |")
        .expect("the grammar table");
    let mut rows = 0;
    for row in page[start..].lines().skip(2) {
        let row = row.trim();
        if !row.starts_with('|') {
            break;
        }
        let cells: Vec<&str> = row.trim_matches('|').split('|').map(str::trim).collect();
        let count: usize = cells[2].parse().unwrap_or_else(|_| panic!("{row}"));
        for item in cells[0].split(", ") {
            let item = item.trim_matches('`');
            let range: cards_core::holdem::Range =
                item.parse().unwrap_or_else(|err| panic!("{item}: {err}"));
            assert_eq!(range.len(), count, "{item}");
            rows += 1;
        }
    }
    assert!(rows >= 17, "{rows} items read");
    let same = |one: &str, other: &str| {
        let read = |text: &str| text.parse::<cards_core::holdem::Range>().unwrap();
        assert_eq!(read(one), read(other), "{one} and {other}");
    };
    same("T9s-54s", "T9s, 98s, 87s, 76s, 65s, 54s");
    same("J9s-64s", "J9s, T8s, 97s, 86s, 75s, 64s");
    same("As Ks", "AsKs");
    same("AxKx", "AK");
    same("AhKx", "AhKs, AhKh, AhKd, AhKc");
    // 2 % of 1,326 is 26.5 combos: aces to jacks make 24, with tens 30.
    same("2%", "JJ+");
}
