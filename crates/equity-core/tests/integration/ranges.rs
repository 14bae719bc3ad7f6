//! Range against range: small ranges with weights on flops and turns against every joint deal
//! and every board dealt by plain loops, and the figures other calculators give for known
//! matchups.

use std::collections::BTreeMap;

use cards_core::holdem::{Combo, HandClass, Range};
use cards_core::{Card, Hand};
use equity_core::{
    Counted, EquityError, Method, PotShares, RangeEquity, RangeMatchup, Sampling, Silent, Threads,
    range_equity,
};
use seeded_rng::SeededRng;
use std::time::Duration;

fn cards(text: &str) -> Vec<Card> {
    text.split_whitespace()
        .map(|card| card.parse().unwrap())
        .collect()
}

fn range(text: &str) -> Range {
    text.parse().unwrap()
}

/// The exact count of `ranges` against each other, on one thread.
fn exact(ranges: &[Range], board: &[Card], dead: &[Card]) -> Result<RangeEquity, EquityError> {
    count(ranges, board, dead, Method::Exact, Threads::ONE)
}

fn count(
    ranges: &[Range],
    board: &[Card],
    dead: &[Card],
    method: Method,
    threads: Threads,
) -> Result<RangeEquity, EquityError> {
    let matchup = RangeMatchup {
        ranges: ranges.to_vec(),
        board: board.to_vec(),
        dead: dead.to_vec(),
    };
    range_equity(&matchup, method, threads, &Silent)
}

/// Asks a count to stop from its first look on.
struct CancelAtOnce;

impl equity_core::Progress for CancelAtOnce {
    fn report(&self, _done: f64) {}

    fn is_cancelled(&self) -> bool {
        true
    }
}

/// How many deals an exact count walked, and how many of them it counted.
fn deals(result: &RangeEquity) -> (u128, u128) {
    match result.counted {
        Counted::Exact {
            deals,
            distinct_deals,
        } => (deals, distinct_deals),
        Counted::Sampled { .. } => panic!("sampled, not exact"),
    }
}

/// What dealing every combination of combos and every board gives.
struct BruteForce {
    /// Weighted win and tie shares of each player.
    wins: Vec<f64>,
    ties: Vec<f64>,
    /// For each combo of the first player: its weight, and its weighted win and tie shares.
    first_player: BTreeMap<Combo, (f64, f64, f64)>,
}

/// Weighted win and tie shares by dealing every combination of combos and every board.
fn brute_force(ranges: &[Range], board: &[Card], dead: &[Card]) -> BruteForce {
    let players = ranges.len();
    let (mut wins, mut ties, mut total_weight) = (vec![0.0; players], vec![0.0; players], 0.0);
    let mut first_player: BTreeMap<Combo, (f64, f64, f64)> = BTreeMap::new();
    let mut deals: Vec<(Vec<[Card; 2]>, f64)> = vec![(Vec::new(), 1.0)];
    for range in ranges {
        deals = deals
            .into_iter()
            .flat_map(|(holes, weight)| {
                range.combos().iter().map(move |&(combo, combo_weight)| {
                    let mut holes = holes.clone();
                    holes.push(combo);
                    (holes, weight * combo_weight)
                })
            })
            .collect();
    }
    for (holes, weight) in deals {
        let used: Vec<Card> = holes
            .iter()
            .flatten()
            .chain(board)
            .chain(dead)
            .copied()
            .collect();
        let mut distinct = used.clone();
        distinct.sort_unstable();
        distinct.dedup();
        if distinct.len() < used.len() {
            continue;
        }
        let deck: Vec<Card> = Card::ALL
            .into_iter()
            .filter(|card| !used.contains(card))
            .collect();
        let mut boards: Vec<Vec<Card>> = Vec::new();
        match 5 - board.len() {
            1 => boards.extend(deck.iter().map(|&a| vec![a])),
            2 => {
                for (i, &a) in deck.iter().enumerate() {
                    boards.extend(deck[i + 1..].iter().map(|&b| vec![a, b]));
                }
            }
            missing => panic!("no brute force for {missing} cards to come"),
        }
        total_weight += weight;
        let first = first_player.entry(holes[0]).or_default();
        first.0 += weight;
        for extra in &boards {
            let values: Vec<_> = holes
                .iter()
                .map(|hole| {
                    let seven: Vec<Card> = hole.iter().chain(board).chain(extra).copied().collect();
                    Hand::from_cards(&seven).evaluate()
                })
                .collect();
            let best = *values.iter().max().unwrap();
            let winners: Vec<usize> = (0..players).filter(|&p| values[p] == best).collect();
            let share = weight / boards.len() as f64;
            if let [winner] = winners[..] {
                wins[winner] += share;
                first.1 += if winner == 0 { share } else { 0.0 };
            } else {
                for &winner in &winners {
                    ties[winner] += share / winners.len() as f64;
                }
                first.2 += if winners.contains(&0) {
                    share / winners.len() as f64
                } else {
                    0.0
                };
            }
        }
    }
    BruteForce {
        wins: wins.iter().map(|wins| wins / total_weight).collect(),
        ties: ties.iter().map(|ties| ties / total_weight).collect(),
        first_player: first_player
            .into_iter()
            .map(|(combo, (weight, wins, ties))| {
                (combo, (weight / total_weight, wins / weight, ties / weight))
            })
            .collect(),
    }
}

/// Equal but for the order of floating-point additions.
fn close(a: &[f64], b: &[f64]) -> bool {
    let near = |a: f64, b: f64| (a - b).abs() <= 1e-9 * a.abs().max(1e-9);
    a.len() == b.len() && a.iter().zip(b).all(|(&a, &b)| near(a, b))
}

#[test]
fn small_weighted_ranges_match_brute_force() {
    let mut rng = SeededRng::new(0x4A_46E5);
    let classes = [
        "AA", "KK", "QQ", "AKs", "AKo", "T9s", "72o", "55", "JTs", "A5s",
    ];
    let mut deck = Card::ALL;
    for round in 0..60 {
        rng.shuffle(&mut deck);
        let players = 2 + usize::from(round % 4 == 0);
        let board_cards = [3, 4][round % 2];
        let board = &deck[..board_cards];
        let dead = &deck[board_cards..board_cards + rng.index(3)];
        // Each range: one or two classes, or a few exact combos, with weights.
        let ranges: Vec<Range> = (0..players)
            .map(|_| {
                let weight = ["", ":0.5", ":0.25", ":1"][rng.index(4)];
                let text = if rng.index(3) == 0 {
                    let combo = |rng: &mut SeededRng| {
                        let (a, b) = (Card::ALL[rng.index(52)], Card::ALL[rng.index(52)]);
                        if a == b {
                            "AsKs".to_string()
                        } else {
                            format!("{a}{b}")
                        }
                    };
                    format!("{}, {}{weight}", combo(&mut rng), combo(&mut rng))
                } else {
                    let first = classes[rng.index(classes.len())];
                    let second = classes[rng.index(classes.len())];
                    format!("{first}{weight}, {second}")
                };
                range(&text)
            })
            .collect();
        let counted = exact(&ranges, board, dead);
        let expected = brute_force(&ranges, board, dead);
        let (wins, ties) = (&expected.wins, &expected.ties);
        match counted {
            Err(_) => assert!(wins.iter().all(|wins| wins.is_nan()), "{ranges:?}"),
            Ok(counted) => {
                let by_combo: Vec<(Combo, f64, f64, f64)> = counted
                    .first_player_combos
                    .iter()
                    .map(|combo| {
                        (
                            combo.combo,
                            combo.frequency,
                            combo.shares.wins,
                            combo.shares.ties,
                        )
                    })
                    .collect();
                let expected_by_combo: Vec<(Combo, f64, f64, f64)> = expected
                    .first_player
                    .iter()
                    .map(|(&combo, &(share, wins, ties))| (combo, share, wins, ties))
                    .collect();
                assert_eq!(by_combo.len(), expected_by_combo.len(), "{ranges:?}");
                for (got, want) in by_combo.iter().zip(&expected_by_combo) {
                    assert_eq!(got.0, want.0);
                    assert!(
                        close(&[got.1, got.2, got.3], &[want.1, want.2, want.3]),
                        "{got:?} {want:?}"
                    );
                }
                // By class: the brute force's combos grouped by their class, weighted by how
                // often each is dealt, in the order players list a range.
                let mut expected_classes: BTreeMap<HandClass, (usize, f64, f64)> = BTreeMap::new();
                for &(combo, share, wins, ties) in &expected_by_combo {
                    let class = expected_classes.entry(HandClass::of(combo)).or_default();
                    *class = (
                        class.0 + 1,
                        class.1 + share,
                        class.2 + share * (wins + ties),
                    );
                }
                let mut expected_classes: Vec<(HandClass, usize, f64, f64)> = expected_classes
                    .into_iter()
                    .map(|(class, (combos, share, sum))| (class, combos, share, sum / share))
                    .collect();
                expected_classes.sort_by(|one, other| one.0.cmp_as_listed(&other.0));
                let classes = counted.by_class();
                assert_eq!(classes.len(), expected_classes.len(), "{ranges:?}");
                for (got, want) in classes.iter().zip(&expected_classes) {
                    assert_eq!((got.class, got.combos), (want.0, want.1), "{ranges:?}");
                    assert!(
                        close(&[got.frequency, got.equity], &[want.2, want.3]),
                        "{got:?} {want:?}"
                    );
                }
                assert!(
                    close(&column(&counted, |shares| shares.wins), wins),
                    "{ranges:?} {board:?}: {counted:?} {wins:?}"
                );
                assert!(
                    close(&column(&counted, |shares| shares.ties), ties),
                    "{ranges:?} {board:?}: {counted:?} {ties:?}"
                );
            }
        }
    }
}

/// One figure of every player's shares.
fn column(result: &RangeEquity, figure: impl Fn(PotShares) -> f64) -> Vec<f64> {
    result
        .players
        .iter()
        .map(|&shares| figure(shares))
        .collect()
}

fn percent(result: &RangeEquity, player: usize) -> String {
    format!("{:.4}", 100.0 * result.players[player].equity())
}

/// Figures zekyll/OMPEval's exact enumeration gives (issue 14's table).
#[test]
fn known_range_matchups() {
    // The table gives 75.0794% for QQ+,AKs against JJ-88,AQs+: that is OMPEval's answer
    // against JJ alone, since its range parser has no spans and stops reading at the `-`
    // (omp/CardRange.cpp). Against the whole range the equity is lower.
    let equity_of =
        |first: &str, second: &str| exact(&[range(first), range(second)], &[], &[]).unwrap();
    assert_eq!(percent(&equity_of("QQ+,AKs", "JJ"), 0), "75.0794");
    let result = equity_of("QQ+,AKs", "JJ-88,AQs+");
    assert_eq!(percent(&result, 0), "73.4378");
    assert_eq!(deals(&result).0, 22 * 32 - 56);
    let board = cards("AH 7C 2D");
    let result = exact(&[range("QQ+,AKs"), range("random")], &board, &[]).unwrap();
    assert_eq!(percent(&result, 0), "83.6698");
    let result = exact(&[range("AsAh"), range("random")], &[], &[]).unwrap();
    assert_eq!(percent(&result, 0), "85.2037");
    assert_eq!(deals(&result).0, 1225);
    // Renaming spades and hearts, or clubs and diamonds, leaves AS AH as it is: the deals fall
    // into 469 classes.
    assert_eq!(deals(&result).1, 469);
    let result = exact(&[range("7c2d"), range("random")], &[], &[]).unwrap();
    assert_eq!(percent(&result, 0), "34.5836");
}

#[test]
fn the_first_players_combos_add_up_to_their_equity() {
    let result = exact(&[range("AA,KQs:0.5,72o"), range("QQ+")], &[], &[]).unwrap();
    let combos = &result.first_player_combos;
    assert_eq!(combos.len(), 6 + 4 + 12);
    let shares: f64 = combos.iter().map(|combo| combo.frequency).sum();
    let equity: f64 = combos
        .iter()
        .map(|combo| combo.frequency * combo.shares.equity())
        .sum();
    assert!((shares - 1.0).abs() < 1e-12, "{shares}");
    assert!(
        (equity - result.players[0].equity()).abs() < 1e-12,
        "{equity} {}",
        result.players[0].equity()
    );
    for combo in combos {
        assert!((combo.shares.equity() - (combo.shares.wins + combo.shares.ties)).abs() < 1e-15);
        assert!(
            combo.shares.wins > 0.0 && combo.shares.ties > 0.0,
            "{combo:?}"
        );
    }
}

#[test]
fn a_deck_too_short_for_the_board_is_no_answer() {
    // Six hole cards, three on the board and 41 dead leave two: one board to come.
    let board = cards("2C 3D 4H");
    let kept = cards("AS AH KS KH QS QH 9C 9D");
    let dead: Vec<Card> = Card::ALL
        .into_iter()
        .filter(|card| !board.contains(card) && !kept.contains(card))
        .collect();
    assert_eq!(dead.len(), 41);
    let ranges = [range("AsAh"), range("KsKh"), range("QsQh")];
    let result = exact(&ranges, &board, &dead).unwrap();
    assert_eq!((result.players[0].wins, result.players[0].ties), (1.0, 0.0));
    let one_more: Vec<Card> = dead.iter().copied().chain(cards("9C")).collect();
    assert_eq!(
        exact(&ranges, &board, &one_more),
        Err(EquityError::DeckTooShort)
    );
}

#[test]
fn sampling_refuses_a_deck_too_short_for_the_players_and_a_board() {
    // Four random hands and a whole board need 13 cards: 39 dead cards leave exactly that.
    let randoms = vec![range("random"); 4];
    let dead = |count: usize| Card::ALL[..count].to_vec();
    let coarse = Method::Sampled(Sampling {
        seed: 1,
        standard_error: 0.05,
        time_limit: None,
    });
    let fits = count(&randoms, &[], &dead(39), coarse, Threads::ONE).unwrap();
    let total: f64 = fits.players.iter().map(|shares| shares.equity()).sum();
    assert!((total - 1.0).abs() < 1e-9, "{total}");
    assert_eq!(
        count(&randoms, &[], &dead(40), coarse, Threads::ONE),
        Err(EquityError::DeckTooShort)
    );
}

#[test]
fn boards_of_the_wrong_size_and_repeated_cards_are_refused() {
    let pair = [range("AA"), range("KK")];
    assert_eq!(
        exact(&pair, &cards("2C 3D"), &[]),
        Err(EquityError::BoardSize(2))
    );
    assert_eq!(
        exact(&pair, &cards("2C 3D 4H 5S 6C 7D"), &[]),
        Err(EquityError::BoardSize(6))
    );
    assert_eq!(
        exact(&pair, &cards("2C 3D 4H"), &cards("4H")),
        Err(EquityError::RepeatedCard(cards("4H")[0]))
    );
    assert_eq!(
        exact(&pair, &[], &cards("9S 9S")),
        Err(EquityError::RepeatedCard(cards("9S")[0]))
    );
}

#[test]
fn an_exact_counts_progress_rises_deal_by_deal_to_the_whole() {
    let seen = std::sync::Mutex::new(Vec::new());
    let matchup = RangeMatchup {
        ranges: vec![range("AK"), range("QQ")],
        board: Vec::new(),
        dead: Vec::new(),
    };
    let report = |done: f64| seen.lock().unwrap().push(done);
    let result = range_equity(&matchup, Method::Exact, Threads::ONE, &report).unwrap();
    let (_, distinct) = deals(&result);
    let seen = seen.into_inner().unwrap();
    let count = usize::try_from(distinct).unwrap();
    assert_eq!(seen.len(), count);
    for (finished, &done) in (1..).zip(&seen) {
        assert!(
            (done - f64::from(finished) / count as f64).abs() < 1e-12,
            "{seen:?}"
        );
    }
    assert!((seen[count - 1] - 1.0).abs() < f64::EPSILON);
}

/// The sampled three-way golden case of the command line
/// (`testdata/holdem-equity/103-ranges-sampled-three-way`), through the engine: a seed gives the
/// same deals, boards and figures in every version, so the printed digits stay the same.
#[test]
fn a_seed_gives_the_golden_cases_figures() {
    let golden = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../testdata/holdem-equity/103-ranges-sampled-three-way.out"
    ))
    .unwrap();
    let sampling = Sampling {
        seed: 7,
        standard_error: 0.001,
        time_limit: None,
    };
    let ranges = [range("AsKs"), range("random"), range("random")];
    let result = count(&ranges, &[], &[], Method::Sampled(sampling), Threads::ONE).unwrap();
    let Counted::Sampled {
        deals,
        boards,
        standard_errors,
    } = &result.counted
    else {
        panic!("sampled, not exact");
    };
    let mut lines = vec![format!(
        "sampled over {deals} random deals and {boards} boards, seed 7"
    )];
    for (player, shares) in result.players.iter().enumerate() {
        lines.push(format!(
            "equity {:.4}% ± {:.4}  wins {:.4}%  ties {:.4}%",
            100.0 * shares.equity(),
            100.0 * standard_errors[player],
            100.0 * shares.wins,
            100.0 * shares.ties
        ));
    }
    let golden: Vec<&str> = golden.lines().collect();
    assert_eq!(lines[0], golden[0]);
    for (ours, theirs) in lines[1..].iter().zip(&golden[1..]) {
        assert!(theirs.ends_with(ours.as_str()), "{ours} / {theirs}");
    }
}

/// Different seeds draw different deals: eight neighbouring seeds give eight different
/// figures (with the seed xor-ed straight into the batches' numbers, seeds 0 to 7 drew the same
/// batches in another order and gave one figure).
#[test]
fn neighbouring_seeds_give_different_samples() {
    let ranges = [range("AsKs"), range("random"), range("random")];
    let figures: std::collections::BTreeSet<u64> = (0..8)
        .map(|seed| {
            let sampling = Sampling {
                seed,
                standard_error: 0.005,
                time_limit: None,
            };
            let result = count(&ranges, &[], &[], Method::Sampled(sampling), Threads::ONE).unwrap();
            result.players[0].equity().to_bits()
        })
        .collect();
    assert_eq!(figures.len(), 8);
}

/// A deal that is rarely possible: the first player nearly always holds the ace of spades the
/// second player needs, so the first rounds of draws may hold no complete deal at all.
#[test]
fn sampling_goes_on_through_rounds_without_a_complete_deal() {
    let ranges = [range("AsAh, KsKh:0.00001"), range("AsQs")];
    let sampling = Sampling {
        seed: 3,
        standard_error: 0.05,
        time_limit: None,
    };
    let result = count(&ranges, &[], &[], Method::Sampled(sampling), Threads::ONE).unwrap();
    // Whenever a deal is complete, KsKh faces AsQs: about one deal in a hundred thousand, the
    // first some six rounds of draws in. One such deal often wins all its boards, a standard
    // error of 0: the count goes on to 30 of them, some two hundred rounds in.
    let kings = exact(&[range("KsKh"), range("AsQs")], &[], &[]).unwrap();
    assert!(
        (result.players[0].equity() - kings.players[0].equity()).abs() < 0.2,
        "{result:?}"
    );
}

#[test]
fn no_possible_deal_is_no_answer() {
    assert_eq!(
        exact(&[range("AA")], &[], &[]),
        Err(EquityError::TooFewPlayers)
    );
    assert_eq!(exact(&[], &[], &[]), Err(EquityError::TooFewPlayers));
    assert_eq!(
        exact(&[range("AsKs"), range("AsQs")], &[], &[]),
        Err(EquityError::NoDeal)
    );
    assert_eq!(
        exact(&[range("AA"), range("KK")], &cards("AS AH AD AC"), &[]),
        Err(EquityError::NoDeal)
    );
}

/// Sampling with `seed` to a standard error of `points` percentage points.
fn sampling(seed: u64, points: f64) -> Sampling {
    Sampling {
        seed,
        standard_error: points / 100.0,
        time_limit: None,
    }
}

#[test]
fn threads_do_not_change_an_exact_count() {
    let ranges = [range("QQ+,AKs,T9s:0.5"), range("JJ-88,AQs+,KQo:0.3")];
    let board = cards("2C 7D 9S");
    let alone = exact(&ranges, &board, &[]).unwrap();
    for threads in [2, 3, 8] {
        let threads = Threads::new(threads).unwrap();
        assert_eq!(
            count(&ranges, &board, &[], Method::Exact, threads),
            Ok(alone.clone())
        );
    }
}

#[test]
fn sampling_agrees_with_the_exact_count_within_its_standard_error() {
    // Ranges that collide often, with weights, need the deals' weights of the sampling.
    let matchups: [(&[&str], &str); 9] = [
        (&["AsKs", "random"], ""),
        (&["QQ+,AKs", "random"], "AH 7C 2D"),
        (&["AA,KQs:0.5,72o", "QQ+", "random"], "2C 7D 9S"),
        (&["random", "random"], "TS JS QH 2D"),
        (&["JTs:0.2,88", "A2s-A5s", "KQ"], ""),
        (&["AA,KK", "AA,KK", "AA,KK", "AA,KK"], ""),
        (&["AsAh:0.1,KK", "AA:0.3,KsKh", "AcAd,Kc2c"], "2S 7D 9H"),
        (&["AK:0.2,AA", "AsKs,AhKh,random:0.01"], "AC 7D 2H 3S"),
        // Five players: the general count of winners, not the packed one of up to four.
        (
            &["AA,KK", "QQ", "random", "TT-99", "AKs,72o"],
            "2C 7D 9S 4H",
        ),
    ];
    for (seed, (texts, board)) in matchups.into_iter().enumerate() {
        let ranges: Vec<Range> = texts.iter().map(|text| range(text)).collect();
        let board = cards(board);
        let expected = exact(&ranges, &board, &[]).unwrap();
        let method = Method::Sampled(sampling(seed as u64, 0.5));
        let sampled = count(&ranges, &board, &[], method, Threads::ONE).unwrap();
        let Counted::Sampled {
            boards,
            standard_errors,
            ..
        } = &sampled.counted
        else {
            panic!("sampled")
        };
        assert!(*boards >= 4096, "{boards}");
        for (player, &error) in standard_errors.iter().enumerate() {
            assert!(error <= 0.005, "{texts:?}: {error}");
            // Five standard errors: a seeded test that fails by chance about once in a million.
            let off = (sampled.players[player].equity() - expected.players[player].equity()).abs();
            assert!(
                off <= 5.0 * error.max(1e-4),
                "{texts:?} player {player}: {off} {error}"
            );
            let wins_off = (sampled.players[player].wins - expected.players[player].wins).abs();
            assert!(
                wins_off <= 5.0 * error.max(1e-4),
                "{texts:?}: wins {wins_off}"
            );
        }
        let shares: f64 = sampled
            .first_player_combos
            .iter()
            .map(|combo| combo.frequency)
            .sum();
        assert!((shares - 1.0).abs() < 1e-9, "{shares}");
    }
}

#[test]
fn sampling_depends_on_the_seed_and_not_on_the_threads() {
    let ranges = [range("AsKs"), range("random"), range("random")];
    let run = |seed, threads| {
        let method = Method::Sampled(sampling(seed, 0.3));
        count(&ranges, &[], &[], method, Threads::new(threads).unwrap()).unwrap()
    };
    let alone = run(7, 1);
    assert_eq!(run(7, 2), alone);
    assert_eq!(run(7, 5), alone);
    assert_ne!(run(8, 1), alone);
}

#[test]
fn a_sampled_figure_of_a_weighted_range_follows_the_weights() {
    // AA or 22 against KK: with 22 weighted a quarter, aces are four fifths of the range.
    let ranges = [range("AsAh, 2s2h:0.25"), range("KdKc")];
    let expected = exact(&ranges, &[], &[]).unwrap();
    let sampled = count(
        &ranges,
        &[],
        &[],
        Method::Sampled(sampling(3, 0.2)),
        Threads::ONE,
    )
    .unwrap();
    let shares: Vec<f64> = sampled
        .first_player_combos
        .iter()
        .map(|combo| combo.frequency)
        .collect();
    assert_eq!(shares.len(), 2);
    assert!((shares[1] - 0.8).abs() < 0.01, "{shares:?}");
    assert!((sampled.players[0].equity() - expected.players[0].equity()).abs() < 0.01);
}

#[test]
fn automatic_counting_is_exact_when_quick_and_sampled_otherwise() {
    let sampling = sampling(1, 1.0);
    let auto = |seconds| Method::Auto {
        exact_within: Duration::from_secs_f64(seconds),
        sampling,
    };
    let small = [range("AsKs"), range("QQ")];
    let result = count(&small, &[], &[], auto(1.0), Threads::ONE).unwrap();
    assert_eq!(result, exact(&small, &[], &[]).unwrap());
    let large = [range("AsKs"), range("random"), range("random")];
    let result = count(&large, &[], &[], auto(1.0), Threads::ONE).unwrap();
    assert!(
        matches!(result.counted, Counted::Sampled { .. }),
        "{:?}",
        result.counted
    );
}

#[test]
fn sampling_finds_no_deal_where_there_is_none() {
    let method = Method::Sampled(sampling(1, 1.0));
    let ranges = [range("AsKs"), range("AsQs")];
    assert_eq!(
        count(&ranges, &[], &[], method, Threads::ONE),
        Err(EquityError::NoDeal)
    );
}

#[test]
fn sampling_many_random_hands_finishes() {
    // Ten random hands nearly always share a card: drawn whole and thrown back, this would
    // not end. Twenty-three, the most a deck and a board can seat, leave one board a deal.
    for players in [12, 23] {
        let ranges = vec![range("random"); players];
        let method = Method::Sampled(sampling(5, 0.5));
        let result = count(&ranges, &[], &[], method, Threads::ONE).unwrap();
        let equities: Vec<f64> = (0..players)
            .map(|player| result.players[player].equity())
            .collect();
        let sum: f64 = equities.iter().sum();
        assert!((sum - 1.0).abs() < 1e-9, "{sum}");
        for equity in equities {
            assert!(
                (equity - 1.0 / players as f64).abs() < 0.02,
                "{players}: {equity}"
            );
        }
    }
}

#[test]
fn a_time_limit_stops_sampling_short_of_the_standard_error() {
    let ranges = [range("AsKs"), range("random"), range("random")];
    let method = Method::Sampled(Sampling {
        seed: 1,
        standard_error: 1e-9,
        // Shorter than any round: a millisecond was longer than the first round in a release
        // build, which then drew a second.
        time_limit: Some(Duration::from_nanos(1)),
    });
    let result = count(&ranges, &[], &[], method, Threads::ONE).unwrap();
    let Counted::Sampled {
        deals,
        boards,
        standard_errors,
    } = result.counted
    else {
        panic!("sampled")
    };
    // The rule is looked at after each round of 16 batches of 4,096 boards, eight to a deal
    // preflop.
    assert_eq!((deals, boards), (8_192, 65_536));
    assert!(standard_errors[0] > 0.001, "{standard_errors:?}");
}

/// After the flop, beyond the board-by-board limit (five random hands: more than 4·10^12 steps,
/// and a field of four, more than the count against a field takes), an exact count is refused
/// at once, and the automatic method samples; three random hands (3·10^9 steps) are within it.
#[test]
fn the_sweep_limit_refuses_the_largest_counts_at_once() {
    let flop = cards("AH 7C 2D");
    let five_random = vec![range("random"); 5];
    // At once, not by the clock: every count looks at `CancelAtOnce` before its first board or
    // its first 4,096 deals, so a count begun would end `Cancelled`.
    let matchup = RangeMatchup {
        ranges: five_random.clone(),
        board: flop.clone(),
        dead: Vec::new(),
    };
    assert_eq!(
        range_equity(&matchup, Method::Exact, Threads::ONE, &CancelAtOnce),
        Err(EquityError::TooLarge)
    );
    let sampling = Sampling {
        standard_error: 0.01,
        ..Sampling::default()
    };
    let auto = Method::Auto {
        exact_within: Duration::from_secs(3),
        sampling,
    };
    let sampled = count(&five_random, &flop, &[], auto, Threads::ONE).unwrap();
    assert!(matches!(sampled.counted, Counted::Sampled { .. }));
    // Within the limit but not within the automatic method's three seconds: sampled too.
    let three_random = vec![range("random"); 3];
    let sampled = count(&three_random, &flop, &[], auto, Threads::ONE).unwrap();
    assert!(matches!(sampled.counted, Counted::Sampled { .. }));
}
