//! The board-by-board count against the deal-by-deal count and against brute force.

use cards_core::holdem::Range;
use cards_core::{Card, CardSet, Hand};
use seeded_rng::SeededRng;
use work_threads::Threads;

use super::{MAX_SWEEP_STEPS, cost, takes};
use crate::error::EquityError;
use crate::progress::{Progress, Silent};
use crate::ranges::exact::{MAX_EXACT_DEALS, equity_of, exact};
use crate::ranges::matchup::RangeMatchup;
use crate::ranges::result::{Counted, RangeEquity};
use crate::shares::PotShares;

/// The board-by-board count's figures.
fn by_board(
    matchup: &RangeMatchup,
    threads: Threads,
    progress: &dyn Progress,
) -> Result<RangeEquity, EquityError> {
    equity_of(matchup, &super::by_board(matchup, threads, progress)?)
}

/// Equal but for the order of floating-point additions (brute force adds its shares one
/// board at a time).
fn close(a: f64, b: f64) -> bool {
    (a - b).abs() <= 1e-12
}

fn close_shares(a: PotShares, b: PotShares) -> bool {
    close(a.wins, b.wins) && close(a.ties, b.ties)
}

/// The same figures to the last bit, and as many deals (all of them distinct board by
/// board).
fn same(by_board: &RangeEquity, by_deal: &RangeEquity) -> bool {
    let (
        Counted::Exact {
            deals,
            distinct_deals,
        },
        Counted::Exact {
            deals: expected, ..
        },
    ) = (&by_board.counted, &by_deal.counted)
    else {
        return false;
    };
    deals == expected
        && distinct_deals == deals
        && by_board.players == by_deal.players
        && by_board.first_player_combos == by_deal.first_player_combos
}

const ITEMS: [&str; 16] = [
    "AA",
    "KK:0.5",
    "AKs",
    "AK",
    "QQ+",
    "T9s",
    "72o:0.25",
    "55-33",
    "JTs",
    "A5s:0.75",
    "KQo",
    "98s+",
    "22+:0.1",
    "AsKs",
    "AhKh:0.3",
    "A2s+, K9o+",
];

/// A seeded random matchup of `players` ranges of up to `items` items each, on a board of
/// `board` cards with up to two dead cards; now and then the same range twice, so that
/// every combo collides with itself.
fn random_matchup(rng: &mut SeededRng, players: usize, items: usize, board: usize) -> RangeMatchup {
    let mut deck = Card::ALL.to_vec();
    rng.shuffle(&mut deck);
    random_matchup_from(rng, &deck, players, items, board)
}

/// A shuffled deck whose first `board` cards lean to one suit (from two of it to all), so that
/// flushes are made with two hole cards, one and none.
fn leaning_deck(rng: &mut SeededRng, board: usize) -> Vec<Card> {
    let suit = rng.index(4);
    let (mut suited, mut others): (Vec<Card>, Vec<Card>) =
        Card::ALL.iter().partition(|card| card.index() & 3 == suit);
    rng.shuffle(&mut suited);
    rng.shuffle(&mut others);
    let leaning = 2 + rng.index(4);
    let mut deck: Vec<Card> = suited.drain(..leaning.min(board)).collect();
    let mut rest: Vec<Card> = suited.into_iter().chain(others).collect();
    rng.shuffle(&mut rest);
    deck.extend(rest);
    deck
}

/// [`random_matchup`] with the board and dead cards from the top of `deck`.
fn random_matchup_from(
    rng: &mut SeededRng,
    deck: &[Card],
    players: usize,
    items: usize,
    board: usize,
) -> RangeMatchup {
    let dead = rng.index(3);
    let mut ranges: Vec<Range> = Vec::new();
    for _ in 0..players {
        if !ranges.is_empty() && rng.index(4) == 0 {
            ranges.push(ranges[rng.index(ranges.len())].clone());
            continue;
        }
        let count = 1 + rng.index(items);
        let text: Vec<&str> = (0..count).map(|_| ITEMS[rng.index(ITEMS.len())]).collect();
        ranges.push(text.join(", ").parse().unwrap());
    }
    RangeMatchup {
        ranges,
        board: deck[..board].to_vec(),
        dead: deck[board..board + dead].to_vec(),
    }
}

fn agree(matchup: &RangeMatchup, counted: Result<RangeEquity, EquityError>) {
    let by_deal = exact(matchup, MAX_EXACT_DEALS, None, Threads::ONE, &Silent);
    match (counted, by_deal) {
        (Ok(counted), Ok(by_deal)) => {
            assert!(
                same(&counted, &by_deal),
                "{matchup:?}\n{counted:?}\n{by_deal:?}"
            );
        }
        (Err(EquityError::NoDeal), Err(EquityError::NoDeal)) => {}
        (counted, by_deal) => panic!("{matchup:?}: {counted:?} against {by_deal:?}"),
    }
}

/// A hand against a range, which is counted on its own (`hand`): seeded random hands against
/// ranges and any hand on flops, turns and rivers, most boards leaning to one suit (so that
/// flushes are made with two cards, one and none), some hands with a weight or beside a combo
/// the board takes, with dead cards: what counting each deal over its boards gives.
#[test]
fn a_hand_against_a_range_is_the_deal_by_deal_count() {
    let mut rng = SeededRng::new(0x4A2D);
    let text = |one: Card, other: Card| format!("{one}{other}");
    for round in 0..72 {
        let board_size = [3, 4, 5][round % 3];
        let cards = if round % 4 == 0 {
            let mut deck = Card::ALL.to_vec();
            rng.shuffle(&mut deck);
            deck
        } else {
            leaning_deck(&mut rng, board_size)
        };
        let (board, rest) = cards.split_at(board_size);
        let dead = rng.index(3);
        let mut hand = text(rest[dead], rest[dead + 1]);
        if rng.index(3) == 0 {
            hand.push_str(":0.5");
        }
        if rng.index(4) == 0 {
            hand = format!("{hand}, {}", text(board[0], rest[dead + 2]));
        }
        let range = if rng.index(3) == 0 {
            "random".to_string()
        } else {
            let count = 1 + rng.index(4);
            let items: Vec<&str> = (0..count).map(|_| ITEMS[rng.index(ITEMS.len())]).collect();
            items.join(", ")
        };
        let matchup = RangeMatchup {
            ranges: vec![hand.parse().unwrap(), range.parse().unwrap()],
            board: board.to_vec(),
            dead: rest[..dead].to_vec(),
        };
        assert!(super::hand::HandAgainstRange::of(&matchup).is_some());
        agree(&matchup, by_board(&matchup, Threads::ONE, &Silent));
    }
}

/// Two ranges heads-up count a board once for all its images under renamings of the suits
/// that leave the board, the dead cards and both ranges as they are: two suits off a two-tone
/// flop, three off a monotone one, none once a range names a suit.
#[test]
fn renamed_suits_are_found() {
    let symmetries = |ranges: [&str; 2], board: &str, dead: &str| {
        let matchup = RangeMatchup::from_text(&ranges, board, dead);
        super::duel::symmetry_count(&super::duel::Duel::of(&matchup).unwrap())
    };
    assert_eq!(symmetries(["QQ+, AKs", "random"], "AH 7C 2D", ""), 1);
    assert_eq!(symmetries(["QQ+, AKs", "random"], "KH 9H 4C", ""), 2);
    assert_eq!(symmetries(["QQ+, AKs", "random"], "AH KH 2H", ""), 6);
    assert_eq!(symmetries(["QQ+, AKs", "random"], "AH KH 2H", "3S"), 2);
    assert_eq!(symmetries(["QQ+, AKs", "AsKs"], "KH 9H 4C", ""), 1);
    assert_eq!(
        symmetries(["QQ+, AKs:0.5, AdKd", "random"], "KH 9H 4C", ""),
        1
    );
    // A pair on the board with its suits swapped is the same board: one pair, two pairs.
    assert_eq!(symmetries(["22+", "random"], "AH AC 7D", ""), 2);
    assert_eq!(symmetries(["22+", "random"], "AH AC 7D 7S", ""), 4);
}

/// Heads-up with as many weights as a range may have (eight), in either range: the duel
/// counts it, as counting deal by deal does.
#[test]
fn eight_weights_heads_up_are_the_deal_by_deal_count() {
    let eight = "KK:0.1, QQ:0.2, JJ:0.3, TT:0.4, 99:0.5, 88:0.6, 66:0.8, 55:0.9";
    for ranges in [[eight, "AK, 77"], ["AK, 77", eight]] {
        let matchup = RangeMatchup::from_text(&ranges, "AH 7C 2D 3S", "");
        agree(&matchup, by_board(&matchup, Threads::ONE, &Silent));
    }
}

/// Seeded random heads-up matchups on flops, turns and rivers (some boards leaning to a suit,
/// some against any hand), with weights, dead cards and ranges that collide heavily: the
/// board-by-board count gives what counting each deal over its boards gives, on any number of
/// threads.
///
/// Every fourth round here (each board size, thread count and kind of deck); all of them in
/// the slow test below.
#[test]
fn heads_up_board_by_board_is_the_deal_by_deal_count() {
    heads_up_rounds(|round| round % 4 == 0);
}

#[test]
#[ignore = "slow: all 72 rounds; run with `cargo test -- --ignored`"]
fn heads_up_board_by_board_is_the_deal_by_deal_count_every_round() {
    heads_up_rounds(|_| true);
}

/// The seeded heads-up rounds, counted where `counted` says (every round's matchup is drawn, so
/// a round is the same matchup whichever are counted).
fn heads_up_rounds(counted: impl Fn(usize) -> bool) {
    let mut rng = SeededRng::new(0xB0A2D);
    for round in 0..72 {
        let board = [3, 4, 5][round % 3];
        // Some boards lean to a suit, for flushes made with two, one and no hole cards.
        let matchup = if round < 48 {
            random_matchup(&mut rng, 2, 3, board)
        } else {
            let deck = leaning_deck(&mut rng, board);
            let mut matchup = random_matchup_from(&mut rng, &deck, 2, 3, board);
            // After the turn, now and then against any hand.
            if board > 3 && round % 2 == 0 {
                matchup.ranges[1] = "random".parse().unwrap();
            }
            matchup
        };
        let threads = Threads::new(1 + round % 3).unwrap();
        if counted(round) {
            agree(&matchup, by_board(&matchup, threads, &Silent));
        }
    }
}

/// The same with three to six players: every part (outer, sweeping, last) taken by
/// ranges of every size, and the first player outer or sweeping.
///
/// Every fifth round here (each number of players and board size); all of them in the slow test
/// below.
#[test]
fn multiway_board_by_board_is_the_deal_by_deal_count() {
    multiway_rounds(|round| round % 5 == 0);
}

#[test]
#[ignore = "slow: all 60 rounds; run with `cargo test -- --ignored`"]
fn multiway_board_by_board_is_the_deal_by_deal_count_every_round() {
    multiway_rounds(|_| true);
}

/// The seeded multiway rounds, counted where `counted` says.
fn multiway_rounds(counted: impl Fn(usize) -> bool) {
    let mut rng = SeededRng::new(0x3A7);
    for round in 0..60 {
        let players = 3 + round % 4;
        let board = [4, 5, 3][round % 3];
        // Narrower ranges with more players and boards to come, so that counting deal by
        // deal stays quick.
        let items = if players > 3 || board == 3 { 1 } else { 2 };
        let mut matchup = random_matchup(&mut rng, players, items, board);
        let most = if board == 3 { 16 } else { 64 };
        for (player, range) in matchup.ranges.iter_mut().enumerate() {
            // The widest two ranges are left wide (the sweeping and the last player).
            let most = if players > 4 && (1..players - 2).contains(&player) {
                4
            } else {
                most
            };
            *range = range.combos()[..range.len().min(most)]
                .iter()
                .copied()
                .collect();
        }
        if counted(round) {
            agree(&matchup, by_board(&matchup, Threads::ONE, &Silent));
        }
    }
}

/// A combo dealt to a player, with its weight.
type Dealt = ([Card; 2], f64);

/// Calls `walk` with every joint deal that goes on from `deal`.
fn deals(
    matchup: &RangeMatchup,
    out: CardSet,
    deal: &mut Vec<Dealt>,
    walk: &mut dyn FnMut(&[Dealt]),
) {
    let Some(range) = matchup.ranges.get(deal.len()) else {
        walk(deal);
        return;
    };
    for &(combo, weight) in range.combos() {
        let taken =
            |card: &Card| out.contains(*card) || deal.iter().any(|(other, _)| other.contains(card));
        if !combo.iter().any(taken) {
            deal.push((combo, weight));
            deals(matchup, out, deal, walk);
            deal.pop();
        }
    }
}

/// Every joint deal (no card twice) and every board, dealt by plain loops and valued one
/// hand at a time: each player's weight times pot shares, and the deals' weight.
fn brute_force(matchup: &RangeMatchup) -> (Vec<PotShares>, f64) {
    let out: CardSet = matchup.board.iter().chain(&matchup.dead).copied().collect();
    let players = matchup.ranges.len();
    let mut shares = vec![PotShares::default(); players];
    let mut weight = 0.0;
    let mut deal = Vec::new();
    let mut walk = |deal: &[Dealt]| {
        let used: CardSet = deal.iter().flat_map(|(combo, _)| *combo).collect();
        let deal_weight: f64 = deal.iter().map(|(_, weight)| weight).product();
        let deck: Vec<Card> = Card::ALL
            .into_iter()
            .filter(|card| !out.contains(*card) && !used.contains(*card))
            .collect();
        let missing = 5 - matchup.board.len();
        let mut boards: Vec<Vec<Card>> = vec![Vec::new()];
        for _ in 0..missing {
            boards = boards
                .iter()
                .flat_map(|board| {
                    deck.iter()
                        .filter(|card| board.last().is_none_or(|last| last < *card))
                        .map(|&card| [&board[..], &[card]].concat())
                })
                .collect();
        }
        for added in boards {
            let values: Vec<_> = deal
                .iter()
                .map(|(combo, _)| {
                    let cards = [&matchup.board[..], &added, &combo[..]].concat();
                    Hand::from_cards(&cards).evaluate()
                })
                .collect();
            let best = *values.iter().max().unwrap();
            let level = values.iter().filter(|&&value| value == best).count();
            for (player, &value) in values.iter().enumerate() {
                if value == best && level == 1 {
                    shares[player].wins += deal_weight;
                } else if value == best {
                    shares[player].ties += deal_weight / level as f64;
                }
            }
            weight += deal_weight;
        }
    };
    deals(matchup, out, &mut deal, &mut walk);
    (shares, weight)
}

/// Against brute force: seeded small ranges, two to four players, flop, turn and river.
#[test]
fn board_by_board_is_brute_force() {
    let mut rng = SeededRng::new(0xB2F);
    for round in 0..36 {
        let players = 2 + round % 3;
        let board = [5, 4, 3][round / 3 % 3];
        let mut matchup = random_matchup(&mut rng, players, 1, board);
        let most = if board == 3 { 2 } else { 4 };
        for range in &mut matchup.ranges {
            *range = range.combos()[..range.len().min(most)]
                .iter()
                .copied()
                .collect();
        }
        let (shares, weight) = brute_force(&matchup);
        match by_board(&matchup, Threads::ONE, &Silent) {
            Ok(counted) => {
                for (counted, expected) in counted.players.iter().zip(&shares) {
                    let expected = PotShares {
                        wins: expected.wins / weight,
                        ties: expected.ties / weight,
                    };
                    assert!(close_shares(*counted, expected), "{matchup:?}");
                }
            }
            Err(error) => assert_eq!((error, weight), (EquityError::NoDeal, 0.0)),
        }
    }
}

/// A three-way range matchup on a flop as large as OMPEval's race takes (213,840 joint
/// deals, 211 million hands valued here one at a time): OMPEval's exact enumeration gives
/// the first player 77.3173%; every deal dealt gives 77.3433%, as does the count here.
#[test]
#[ignore = "slow: 211 million hands valued one at a time; run with `cargo test -- --ignored`"]
fn three_ranges_on_a_flop_are_brute_force() {
    let matchup = RangeMatchup::from_text(&["QQ+, AKs", "TT-99", "random"], "AH 7C 2D", "");
    let board = Hand::from_cards(&matchup.board);
    let on_board: CardSet = matchup.board.iter().copied().collect();
    let (mut equity, mut boards) = ([0.0; 3], 0u64);
    for &(first, _) in matchup.ranges[0].combos() {
        for &(second, _) in matchup.ranges[1].combos() {
            for &(third, _) in matchup.ranges[2].combos() {
                let dealt: CardSet = [first, second, third].concat().into_iter().collect();
                if dealt.len() != 6 || !(dealt & on_board).is_empty() {
                    continue;
                }
                let deck: Vec<Card> = (!(dealt | on_board)).into_iter().collect();
                let hands = [first, second, third].map(|combo| Hand::from_cards(&combo));
                for (at, &turn) in deck.iter().enumerate() {
                    for &river in &deck[at + 1..] {
                        let full = board.add(turn).add(river);
                        let values = hands.map(|hand| full.combine(hand).evaluate());
                        let best = *values.iter().max().unwrap();
                        let level = values.iter().filter(|&&value| value == best).count();
                        for (equity, value) in equity.iter_mut().zip(values) {
                            if value == best {
                                *equity += 1.0 / level as f64;
                            }
                        }
                        boards += 1;
                    }
                }
            }
        }
    }
    let counted = by_board(&matchup, Threads::ONE, &Silent).unwrap();
    for (counted, equity) in counted.players.iter().zip(equity) {
        assert!(
            close(counted.equity(), equity / boards as f64),
            "{counted:?}"
        );
    }
    assert_eq!(
        format!("{:.4}", 100.0 * counted.players[0].equity()),
        "77.3433"
    );
}

#[test]
fn the_radix_sort_orders_by_value() {
    let mut rng = SeededRng::new(31);
    let mut scratch = Vec::new();
    for length in [0, 1, 2, 100, 256, 257, 1326] {
        let mut values: Vec<super::packed::Packed> = (0..length)
            .map(|place| {
                super::packed::Packed(u32::try_from(rng.next_u64() >> 48).unwrap() << 16 | place)
            })
            .collect();
        let mut expected = values.clone();
        expected.sort_by_key(|packed| packed.value());
        super::packed::sort_by_value(&mut values, &mut scratch);
        // The same values in order (of equal values, in any order).
        let value = |packed: &super::packed::Packed| packed.value();
        assert_eq!(
            values.iter().map(value).collect::<Vec<_>>(),
            expected.iter().map(value).collect::<Vec<_>>()
        );
        values.sort_unstable();
        expected.sort_unstable();
        assert_eq!(values, expected);
    }
}

/// Progress by chunks of boards (heads-up, by the ranks of the cards to come), to one; a
/// cancelled count is an error, not a figure.
#[test]
fn progress_is_reported_chunk_by_chunk_and_a_count_can_be_cancelled() {
    struct Stop;
    impl crate::progress::Progress for Stop {
        fn report(&self, _done: f64) {}
        fn is_cancelled(&self) -> bool {
            true
        }
    }
    let matchup = RangeMatchup::from_text(&["AsKs", "random", "random"], "AH 7C 2D", "");
    let seen = std::sync::Mutex::new(Vec::new());
    let progress = |done: f64| seen.lock().unwrap().push(done);
    by_board(&matchup, Threads::ONE, &progress).unwrap();
    let seen = seen.into_inner().unwrap();
    // 49 cards give 1,176 turns and rivers: 74 chunks of 16.
    assert_eq!(seen.len(), 74);
    for (chunk, &done) in (1..).zip(&seen) {
        assert!((done - f64::from(chunk) / 74.0).abs() < 1e-12, "{seen:?}");
    }
    assert_eq!(
        by_board(&matchup, Threads::new(2).unwrap(), &Stop).map(|_| ()),
        Err(EquityError::Cancelled)
    );
    // Heads-up, by the ranks of the cards to come: 91 pairs of them.
    for ranges in [["QQ+, AKs", "random"], ["AsKs", "random"]] {
        let matchup = RangeMatchup::from_text(&ranges, "AH 7C 2D", "");
        let seen = std::sync::Mutex::new(Vec::new());
        let progress = |done: f64| seen.lock().unwrap().push(done);
        by_board(&matchup, Threads::ONE, &progress).unwrap();
        let seen = seen.into_inner().unwrap();
        assert_eq!(seen.len(), 91);
        for (set, &done) in (1..).zip(&seen) {
            assert!((done - f64::from(set) / 91.0).abs() < 1e-12, "{seen:?}");
        }
        assert_eq!(
            by_board(&matchup, Threads::new(2).unwrap(), &Stop).map(|_| ()),
            Err(EquityError::Cancelled)
        );
    }
}

/// Board by board where it is the less work: ranges after the flop, two players or more;
/// not a hand against a hand (one deal), nor preflop.
#[test]
fn board_by_board_is_chosen_where_it_is_less_work() {
    let applies =
        |ranges: &[&str], board: &str| cost(&RangeMatchup::from_text(ranges, board, "")).is_some();
    assert!(applies(&["QQ+, AKs", "random"], "AH 7C 2D"));
    assert!(applies(&["random", "random"], "KH 9H 4C 2S"));
    assert!(applies(&["AsKs", "random"], "AH 7C 2D 9S"));
    assert!(applies(&["22+, ATs+, KQs", "99+, AJ+"], "KH 9H 4C"));
    assert!(applies(&["AsKs", "random", "random"], "AH 7C 2D"));
    assert!(applies(&["QQ+", "random", "random"], "2C 3D 4H"));
    assert!(!applies(&["AsKs", "QdQc"], "AH 7C 2D"));
    assert!(!applies(&["AsKs", "QdQc", "7h7d"], "AH 7C 2D"));
    assert!(!applies(&["AsKs", "QdQc"], "AH 7C 2D 9S 3S"));
    assert!(!applies(&["random", "random"], ""));
    // Up to nine players and 64 combinations of weights.
    let flop = |ranges: &[&str]| RangeMatchup::from_text(ranges, "AH 7C 2D", "");
    assert!(takes(&flop(&["random"; 9])) && !takes(&flop(&["random"; 10])));
    let eight = "KK:0.1, QQ:0.2, JJ:0.3, TT:0.4, 99:0.5, 88:0.6, 66:0.8, 55:0.9";
    let nine = "KK:0.1, QQ:0.2, JJ:0.3, TT:0.4, 99:0.5, 88:0.6, 66:0.8, 55:0.9, 44:0.95";
    assert!(takes(&flop(&[eight, eight])) && !takes(&flop(&[eight, nine])));
    // At most 8 weights in one range, whatever the others hold.
    let weights = |count: usize| -> String {
        let pairs = ["KK", "QQ", "JJ", "TT", "99", "88", "66", "55", "44", "33"];
        let suited = ["KQs", "KJs", "KTs", "K9s", "K8s", "K6s", "K5s", "K4s"];
        let items = pairs.iter().chain(&suited).take(count);
        let weighted: Vec<String> = (1..)
            .zip(items)
            .map(|(at, item)| format!("{item}:0.{at:02}"))
            .collect();
        weighted.join(", ")
    };
    assert!(takes(&flop(&[&weights(8), "AsKs"])));
    assert!(!takes(&flop(&[&weights(9), "AsKs"])));
    // Three random hands on a flop are within the limit, four are not.
    let steps = |players: usize| {
        let matchup = RangeMatchup::from_text(&vec!["random"; players], "AH 7C 2D", "");
        cost(&matchup).unwrap().steps
    };
    assert!((steps(3) - 1176.0 * 1176.0 * 2352.0).abs() < 1.0);
    assert!(steps(3) < MAX_SWEEP_STEPS as f64 && steps(4) > MAX_SWEEP_STEPS as f64);
}
