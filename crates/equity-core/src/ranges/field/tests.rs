//! The count against a field against the deal-by-deal count, to the last unit, on chosen and on
//! seeded random matchups.

use cards_core::{Card, CardSet};
use seeded_rng::SeededRng;
use work_threads::Threads;

use super::{Field, rank_pair};
use crate::error::EquityError;
use crate::progress::Silent;
use crate::ranges::exact::{MAX_EXACT_DEALS, totals};
use crate::ranges::matchup::RangeMatchup;

/// Counts `matchup` against its field and deal by deal: the same whole numbers, every player's
/// and the first player's combo by combo. Returns how many joint deals there are.
fn assert_same(matchup: &RangeMatchup) -> u128 {
    let field = Field::of(matchup).expect("a field of one range");
    let by_field = field
        .count(matchup, Threads::new(2).unwrap(), &Silent)
        .unwrap();
    let by_deal = totals(matchup, MAX_EXACT_DEALS, None, Threads::ONE, &Silent).unwrap();
    assert_eq!(by_field.deals, by_deal.deals, "{matchup:?}");
    assert_eq!(by_field.all, by_deal.all, "{matchup:?}");
    assert_eq!(
        by_field.by_first_combo, by_deal.by_first_combo,
        "{matchup:?}"
    );
    by_field.deals
}

/// Chosen matchups: a field of one, two and three, flushes on the board and a dead card; the
/// first few are quick to count deal by deal unoptimized, the others are slow tests.
const CHOSEN: [(&[&str], &str, &str); 7] = [
    (&["AsKs", "QQ+, AK, 87s", "QQ+, AK, 87s"], "AH 7C 2D 9S", ""),
    (&["AsKs, 7c7d", "22+, AJs+"], "AH 7C 2D", "5S"),
    (
        &["AhKh, 7c7d", "22-88, AQs+", "22-88, AQs+"],
        "QH 8H 2H 3S",
        "4H",
    ),
    (&["AsKs", "random", "random"], "AH 7C 2D 9S", ""),
    (&["AsKs", "random"], "AH 7C 2D", ""),
    // A field of three, where triangles of combos count.
    (
        &["QQ", "22-99, A2s+", "22-99, A2s+", "22-99, A2s+"],
        "AH 7C 2D 9S",
        "",
    ),
    // Before the flop, with weights in the first range and the field's.
    (
        &["22, AKs:0.5", "QQ+:0.5, AK:0.5", "QQ+:0.5, AK:0.5"],
        "",
        "",
    ),
];

#[test]
fn chosen_fields_count_as_deal_by_deal() {
    for (ranges, board, dead) in &CHOSEN[..3] {
        assert_same(&RangeMatchup::from_text(ranges, board, dead));
    }
}

#[test]
#[ignore = "slow: a minute unoptimized; CI runs it"]
fn larger_chosen_fields_count_as_deal_by_deal() {
    for (ranges, board, dead) in &CHOSEN[3..] {
        assert_same(&RangeMatchup::from_text(ranges, board, dead));
    }
}

/// A random matchup the deal-by-deal count does quickly: a first range of a few combos against
/// a field of one to three players of one range, on a flop, turn or river (or, with tiny ranges,
/// before the flop) with up to two dead cards.
fn random_matchup(rng: &mut SeededRng) -> RangeMatchup {
    let field = 1 + rng.index(3);
    let board_cards = [0, 3, 4, 5, 5][rng.index(5)];
    let dead_cards = rng.index(3);
    let mut deck: Vec<Card> = Card::ALL.to_vec();
    rng.shuffle(&mut deck);
    let board = deck[..board_cards].to_vec();
    let dead = deck[board_cards..board_cards + dead_cards].to_vec();
    let known: CardSet = board.iter().chain(&dead).copied().collect();
    let combo = |rng: &mut SeededRng| loop {
        let (one, other) = (Card::ALL[rng.index(52)], Card::ALL[rng.index(52)]);
        if one != other && !known.contains(one) && !known.contains(other) {
            break format!("{one}{other}");
        }
    };
    let weighted = |combos: Vec<String>, weight: &str| -> String {
        let combos: Vec<String> = combos
            .iter()
            .map(|combo| format!("{combo}{weight}"))
            .collect();
        combos.join(", ")
    };
    // Fewer combos where there are more deals to walk.
    let sizes = match (board_cards, field) {
        (0, 1) => (2, 8),
        (0, _) => (1, 3),
        (_, 1) => (3, 40),
        (_, 2) => (3, 14),
        _ => (2, 7),
    };
    let first: Vec<String> = (0..=rng.index(sizes.0))
        .map(|_| format!("{}{}", combo(rng), ["", ":0.5"][rng.index(2)]))
        .collect();
    let field_range = (0..=rng.index(sizes.1)).map(|_| combo(rng)).collect();
    let field_range = weighted(field_range, ["", ":0.25"][rng.index(2)]);
    let mut texts = vec![first.join(", ")];
    texts.extend((0..field).map(|_| field_range.clone()));
    RangeMatchup {
        ranges: texts
            .iter()
            .map(|text| text.parse().expect("combos"))
            .collect(),
        board,
        dead,
    }
}

/// `count` seeded random matchups that have deals, each counted both ways.
fn seeded_fields_count_as_deal_by_deal(seed: u64, count: usize) {
    let mut rng = SeededRng::new(seed);
    let mut counted = 0;
    while counted < count {
        let matchup = random_matchup(&mut rng);
        // Ranges that leave no deal are not this count's (nor any count's) to take.
        if Field::of(&matchup).is_some()
            && totals(&matchup, MAX_EXACT_DEALS, None, Threads::ONE, &Silent)
                .is_ok_and(|totals| totals.deals > 0)
        {
            assert_same(&matchup);
            counted += 1;
        }
    }
}

#[test]
fn a_few_seeded_fields_count_as_deal_by_deal() {
    seeded_fields_count_as_deal_by_deal(2026, 3);
}

#[test]
#[ignore = "slow: a few minutes unoptimized; CI runs it"]
fn many_seeded_fields_count_as_deal_by_deal() {
    seeded_fields_count_as_deal_by_deal(7, 60);
}

/// A first hand that every combo of the field shares a card with has no deals: its boards are
/// not walked (found by the fuzz target `field_counting`, where walking the 1.7 million boards
/// before the flop for nothing took ten seconds instrumented). Only the other hand is counted.
#[test]
fn a_first_hand_the_field_always_blocks_walks_no_boards() {
    struct Reports(std::sync::atomic::AtomicUsize);
    impl crate::progress::Progress for Reports {
        fn report(&self, _done: f64) {
            self.0.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        }
    }
    // AsKs against a field holding only As or Ks; 7c7d against it is the one hand with deals.
    for (first, hands) in [("AsKs", 0), ("AsKs, 7c7d", 1)] {
        let matchup = RangeMatchup::from_text(&[first, "AsQd, KsQd"], "AH 7H 2D", "");
        let field = Field::of(&matchup).expect("a field of one range");
        let reports = Reports(std::sync::atomic::AtomicUsize::new(0));
        let counted = field.count(&matchup, Threads::ONE, &reports);
        // One work item, and so one report, per hand and pair of the turn and river: C(47, 2).
        assert_eq!(reports.0.into_inner(), hands * 1081, "{first}");
        if hands > 0 {
            assert_same(&matchup);
            assert!(counted.is_ok());
        }
    }
}

/// What the costs read without listing (the cards left for the board, and the field's combos
/// that miss each first hand, from the cards' degrees) is what the count then lists.
#[test]
fn the_costs_lengths_are_the_lists_lengths() {
    for (ranges, board, dead) in
        CHOSEN
            .iter()
            .copied()
            .chain([(&["random", "random"][..], "KH 9H 4C 2S", "3D")])
    {
        let matchup = RangeMatchup::from_text(ranges, board, dead);
        let field = Field::of(&matchup).expect("a field of one range");
        for hand in &field.hands {
            let lists = field.lists(hand);
            assert_eq!(lists.deck.len(), hand.deck_len, "{matchup:?}");
            assert_eq!(lists.field.len(), hand.field_len, "{matchup:?}");
        }
    }
}

/// Each pair of ranks has a place of its own among the 91, whichever cards and in whichever
/// order: the combos of a place are valued as one.
#[test]
fn each_pair_of_ranks_has_a_place_of_its_own() {
    let mut seen = std::collections::HashMap::new();
    for x in 0..52_u8 {
        for y in 0..52_u8 {
            if x == y {
                continue;
            }
            let ranks = (x.max(y) >> 2, x.min(y) >> 2);
            let place = rank_pair([x, y]);
            assert!(place < 91);
            assert_eq!(*seen.entry(place).or_insert(ranks), ranks, "{x} {y}");
        }
    }
    assert_eq!(seen.len(), 91);
}

/// Fields of four to eight players whose range holds whole pairs of ranks, counted by the cards
/// of each type taken: on rivers and turns, with flushes possible and dead cards.
#[rstest::rstest]
#[case::flush_river(
    &["AsKs, 7c7d", "QQ+, AK", "QQ+, AK", "QQ+, AK", "QQ+, AK"],
    "AH 7H 2D 9H 3H",
    ""
)]
#[case::turn_with_a_dead_card(&["AsKs", "TT+, AK", "TT+, AK", "TT+, AK", "TT+, AK"], "AH 7C 2D 9S", "5S")]
#[case::six_players(
    &["7s6s, 2c2d", "KK+, 98", "KK+, 98", "KK+, 98", "KK+, 98", "KK+, 98"],
    "9H 8H 2D 3C 4H",
    ""
)]
// Eight players: the field's seven hold every card of three pairs of ranks and the two nines
// left, so that the deal-by-deal count has few deals to walk.
#[case::eight_players(
    &["AsKs, 2c2d", "TT, JJ, QQ, 99", "TT, JJ, QQ, 99", "TT, JJ, QQ, 99", "TT, JJ, QQ, 99",
      "TT, JJ, QQ, 99", "TT, JJ, QQ, 99", "TT, JJ, QQ, 99"],
    "9H 9C 5D 3C 4H",
    ""
)]
fn chosen_fields_by_type_pairs_count_as_deal_by_deal(
    #[case] ranges: &[&str],
    #[case] board: &str,
    #[case] dead: &str,
) {
    let matchup = RangeMatchup::from_text(ranges, board, dead);
    assert!(Field::of(&matchup).is_some_and(|field| field.rank_pairs.is_some()));
    assert!(assert_same(&matchup) > 0, "{ranges:?}");
}

/// Nine players, counted both ways: fields of eight that hold every card of their pairs of
/// ranks, on a board that pairs twice and on one that can make a flush.
#[test]
#[ignore = "slow: half a minute unoptimized; CI runs it"]
fn nine_players_count_as_deal_by_deal() {
    for (field, board) in [
        ("TT, JJ, QQ, 99, 55", "9H 9C 5D 5C 4H"),
        ("TT, JJ, QQ, 77", "9H 8H 5D 3C 4H"),
    ] {
        let mut ranges = vec!["AsKs"];
        ranges.extend(std::iter::repeat_n(field, 8));
        let matchup = RangeMatchup::from_text(&ranges, board, "");
        assert!(Field::of(&matchup).is_some_and(|field| field.rank_pairs.is_some()));
        assert!(assert_same(&matchup) > 0, "{field}");
    }
}

/// A random matchup against a field of four to eight players whose range is three to eight whole
/// pairs of ranks on ranks of their own (so that the field's players can all be dealt), on a
/// flop, turn or river with up to two dead cards, that the deal-by-deal count does in well under
/// a second.
fn random_matchup_by_type_pairs(rng: &mut SeededRng) -> Option<RangeMatchup> {
    let field = 4 + rng.index(5);
    let board_cards = [3, 4, 5, 5][rng.index(4)];
    let dead_cards = rng.index(3);
    let mut deck: Vec<Card> = Card::ALL.to_vec();
    rng.shuffle(&mut deck);
    let board = deck[..board_cards].to_vec();
    let dead = deck[board_cards..board_cards + dead_cards].to_vec();
    let first: Vec<String> = deck[10..10 + 2 * (1 + rng.index(3))]
        .chunks(2)
        .map(|combo| format!("{}{}", combo[0], combo[1]))
        .collect();
    let mut ranks = b"23456789TJQKA".to_vec();
    rng.shuffle(&mut ranks);
    let mut ranks = ranks.into_iter();
    let mut pairs = Vec::new();
    for _ in 0..field - 1 + rng.index(2) {
        let high = ranks.next()?;
        let low = if rng.index(4) == 0 {
            high
        } else {
            ranks.next()?
        };
        pairs.push(String::from_utf8(vec![high, low]).ok()?);
    }
    let mut texts = vec![first.join(", ")];
    texts.extend((0..field).map(|_| pairs.join(", ")));
    let matchup = RangeMatchup {
        ranges: (texts.iter())
            .map(|text| text.parse().ok())
            .collect::<Option<_>>()?,
        board,
        dead,
    };
    let quick = Field::of(&matchup).is_some_and(|field| field.seconds_by_deal() < 0.3);
    quick.then_some(matchup)
}

/// `count` seeded random matchups against fields of four to eight that have deals, each counted
/// both ways.
fn seeded_fields_by_type_pairs_count_as_deal_by_deal(seed: u64, count: usize) {
    let mut rng = SeededRng::new(seed);
    let mut counted = 0;
    while counted < count {
        let Some(matchup) = random_matchup_by_type_pairs(&mut rng) else {
            continue;
        };
        if assert_same(&matchup) > 0 {
            counted += 1;
        }
    }
}

#[test]
fn a_few_seeded_fields_by_type_pairs_count_as_deal_by_deal() {
    seeded_fields_by_type_pairs_count_as_deal_by_deal(2027, 4);
}

#[test]
#[ignore = "slow: a minute or two unoptimized; CI runs it"]
fn many_seeded_fields_by_type_pairs_count_as_deal_by_deal() {
    seeded_fields_by_type_pairs_count_as_deal_by_deal(8, 40);
}

/// Each board's states are bounded before the count, as a plain count of the cards' types
/// (worked out by hand in Python) gives them: on a river that board's, on a turn the most of any
/// river, before that with every card left split by each suit that can make a flush. Seven
/// random hands on a river that can make a flush (83 million states, measured at 7.5 GB) are not
/// taken; six (17 million) are, and seven of a range of fewer ranks. (The bound counts the types
/// of the range's ranks, not its type pairs: seven of `22+, A2+, K2+`, 0.7 GB, are not taken.)
#[test]
fn fields_whose_boards_pass_the_states_bound_are_not_taken() {
    let matchup = |range: &str, players: usize, board: &str| {
        let mut ranges = vec!["AsAd"];
        ranges.extend(std::iter::repeat_n(range, players));
        RangeMatchup::from_text(&ranges, board, "")
    };
    for (players, board, expected) in [
        (6, "KH 9H 4D 7H 2C", 17_161_753),
        (6, "KH 9H 4D 7H", 17_161_753),
        // A flush only on the rivers of its suit.
        (6, "AH 7H 2D 9S", 17_161_753),
        (8, "AH 7C 2D 9S", 5_078_936),
        (5, "AH 7C 2D", 4_337_183),
        // Only hearts can make a flush: their cards apart, the others' together.
        (5, "AH 7H 2H", 2_578_611),
    ] {
        let field = Field::of(&matchup("random", players, board)).expect("a field");
        let players = field.players;
        let most = field.most_states(&field.hands[0], &mut |sizes| {
            super::type_pairs::most_states(&sizes, players)
        });
        assert_eq!(most, expected, "{players} on {board}");
    }
    let flush_river = "KH 9H 4D 7H 2C";
    assert!(Field::of(&matchup("random", 7, flush_river)).is_none());
    assert!(Field::of(&matchup("66+, AK, AQ, KQ", 7, flush_river)).is_some());
}

/// A board against a large field can take a minute (six random hands on a river that can make a
/// flush): the count looks for a cancel between the levels of values, not only between boards.
#[test]
fn a_long_board_stops_when_cancelled() {
    use std::sync::atomic::{AtomicUsize, Ordering};

    /// Cancelled from the second look on: after the count has started its one work item. Counts
    /// the reports, which come only as a work item finishes.
    #[derive(Default)]
    struct CancelledSoon {
        looks: AtomicUsize,
        reports: AtomicUsize,
    }
    impl crate::progress::Progress for CancelledSoon {
        fn report(&self, _done: f64) {
            self.reports.fetch_add(1, Ordering::Relaxed);
        }
        fn is_cancelled(&self) -> bool {
            self.looks.fetch_add(1, Ordering::Relaxed) > 0
        }
    }
    let six = [
        "AsAd", "random", "random", "random", "random", "random", "random",
    ];
    let matchup = RangeMatchup::from_text(&six, "AH 7H 2D 9S 3H", "");
    let field = Field::of(&matchup).expect("a field of whole pairs of ranks");
    let progress = CancelledSoon::default();
    let counted = field.count(&matchup, Threads::ONE, &progress);
    assert!(matches!(counted, Err(EquityError::Cancelled)));
    // Not by the clock: the one board was left unfinished. A count that looked only between
    // boards would have counted it whole (over a minute) and reported it.
    assert_eq!(progress.reports.load(Ordering::Relaxed), 0);
}

/// The share of boards that can make a flush, which the cost model weighs (such boards cost
/// some fifty times the others against four players or more), is that of the boards walked one
/// by one.
#[test]
fn the_share_of_boards_that_can_make_a_flush_is_counted_exactly() {
    let four = ["AsAd", "random", "random", "random", "random"];
    // The last: no heart left to deal (a suit can be short of the cards a board would need).
    let no_hearts = "KH QH JH TH 9H 8H 6H 5H 4H 3H";
    for (board, dead) in [
        ("", ""),
        ("AH 7C 2D", ""),
        ("AH 7H 2D", "3H"),
        ("AH 7C 2D 9S", ""),
        ("AH 7H 2H", no_hearts),
    ] {
        let matchup = RangeMatchup::from_text(&four, board, dead);
        let field = Field::of(&matchup).expect("a field of whole pairs of ranks");
        let hand = &field.hands[0];
        let lists = field.lists(hand);
        let (mut flush, mut all) = (0_u64, 0_u64);
        super::each_subset(&lists.deck, 0, field.missing, 0, &mut |added, _| {
            let (_, by_suit) = field.dealt_board(added);
            all += 1;
            flush += u64::from(by_suit.iter().any(|&cards| cards >= 3));
        });
        let share = field.flush_share(hand);
        assert!(
            (share - flush as f64 / all as f64).abs() < 1e-12,
            "{board}: {share}"
        );
    }
}

/// The cost model against four players or more: a river that can make a flush costs tens of
/// times one that cannot, a turn tens of rivers, and more players more.
#[test]
fn the_cost_against_four_or_more_grows_with_flushes_boards_and_players() {
    let seconds = |players: usize, board: &str| {
        let mut ranges = vec!["AsAd"];
        ranges.extend(std::iter::repeat_n("random", players));
        let field = Field::of(&RangeMatchup::from_text(&ranges, board, "")).expect("a field");
        field.seconds()
    };
    let plain = seconds(4, "AH 7C 2D 9S 3C");
    let flush = seconds(4, "AH 7H 2D 9S 3H");
    assert!((20.0..100.0).contains(&(flush / plain)), "{flush} {plain}");
    assert!((30.0..60.0).contains(&(seconds(4, "AH 7C 2D 9S") / plain)));
    assert!(seconds(5, "AH 7C 2D 9S 3C") > 3.0 * plain);
}

/// Fields of up to eight players are taken, nine players in all, though their joint deals pass
/// a `u64`: eight random hands against a hand on a river are every ordered choice of eight
/// disjoint combos from the 45 cards left, 45! / (29! 2^8), about 10^24. A field of nine is
/// not taken, random or narrow.
#[test]
fn fields_of_up_to_eight_are_taken_though_their_deals_pass_a_u64() {
    let board = "AH 7C 2D 9S 3C";
    let mut ranges = vec!["AsAd"];
    ranges.extend(std::iter::repeat_n("random", 8));
    let field = Field::of(&RangeMatchup::from_text(&ranges, board, "")).expect("a field of eight");
    let deals = field.field_deals(&field.lists(&field.hands[0]));
    assert_eq!(deals, (30..=45).product::<u128>() >> 8);
    assert!(deals > u128::from(u64::MAX));
    ranges.push("random");
    assert!(Field::of(&RangeMatchup::from_text(&ranges, board, "")).is_none());
    let pairs = "KK, QQ, JJ, TT, 99, 88, 77";
    let mut narrow = vec!["AsAd"];
    narrow.extend(std::iter::repeat_n(pairs, 8));
    assert!(Field::of(&RangeMatchup::from_text(&narrow, board, "")).is_some());
    narrow.push(pairs);
    assert!(Field::of(&RangeMatchup::from_text(&narrow, board, "")).is_none());
}
