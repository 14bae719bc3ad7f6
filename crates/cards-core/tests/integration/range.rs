//! Hand ranges against a plain model: every combo's class named the way the notation writes it
//! (`AKs`, `AKo`, `QQ`), and each item's combos picked out of all 1,326 by what the item says.

#![expect(
    clippy::float_cmp,
    reason = "weights are read from decimal text, never computed: they compare exactly"
)]

use std::collections::BTreeSet;

use cards_core::holdem::{Combo, Range, combo_text};
use cards_core::{Card, Rank};

/// Every combo, higher card first.
fn all_combos() -> Vec<Combo> {
    let mut combos = Vec::new();
    for (high, &high_card) in Card::ALL.iter().enumerate() {
        for &low_card in &Card::ALL[..high] {
            combos.push([high_card, low_card]);
        }
    }
    combos
}

fn rank_char(rank: Rank) -> char {
    rank.to_char()
}

/// The class a combo belongs to, as the notation writes it.
fn class_name([high, low]: Combo) -> String {
    let ranks = format!("{}{}", rank_char(high.rank()), rank_char(low.rank()));
    if high.rank() == low.rank() {
        ranks
    } else if high.suit() == low.suit() {
        ranks + "s"
    } else {
        ranks + "o"
    }
}

/// The combos of `text`, as a set.
fn combos(text: &str) -> BTreeSet<Combo> {
    let range: Range = text
        .parse()
        .unwrap_or_else(|error| panic!("{text}: {error}"));
    range.combos().iter().map(|&(combo, _)| combo).collect()
}

/// The combos the model picks.
fn model(keep: impl Fn(Combo) -> bool) -> BTreeSet<Combo> {
    all_combos()
        .into_iter()
        .filter(|&combo| keep(combo))
        .collect()
}

#[test]
fn every_class_names_its_combos() {
    let mut classes = BTreeSet::new();
    for combo in all_combos() {
        classes.insert(class_name(combo));
    }
    assert_eq!(classes.len(), 169);
    for class in &classes {
        let expected = model(|combo| class_name(combo) == *class);
        assert_eq!(combos(class), expected, "{class}");
        assert_eq!(
            expected.len(),
            [6, 4, 12][class.len() - 2 + usize::from(class.ends_with('o'))]
        );
        // Lower case, and the ranks the other way round, name the same class.
        assert_eq!(combos(&class.to_lowercase()), expected, "{class}");
        let swapped: String = [&class[1..2], &class[..1], &class[2..]].concat();
        assert_eq!(combos(&swapped), expected, "{swapped}");
        if class.len() == 3 {
            // Two ranks alone: suited and offsuit.
            let both = model(|combo| class_name(combo)[..2] == class[..2]);
            assert_eq!(combos(&class[..2]), both, "{class}");
            assert_eq!(both.len(), 16);
        }
    }
}

#[test]
fn plus_raises_the_pair_or_the_kicker_below_the_top_card() {
    for high in Rank::ALL {
        for low in Rank::ALL.into_iter().filter(|&low| low <= high) {
            for suffix in ["", "s", "o"] {
                if high == low && !suffix.is_empty() {
                    continue;
                }
                let text = format!("{}{}{suffix}+", rank_char(high), rank_char(low));
                let expected = model(|combo| {
                    let name = class_name(combo);
                    let (h, l) = (combo[0].rank(), combo[1].rank());
                    if high == low {
                        h == l && h >= low
                    } else {
                        h == high && l != h && l >= low && name[2..].contains(suffix)
                    }
                });
                assert_eq!(combos(&text), expected, "{text}");
            }
        }
    }
    assert_eq!(combos("QQ+").len(), 18);
    assert_eq!(combos("A5s+").len(), 9 * 4);
    assert_eq!(combos("KTo+").len(), 3 * 12);
}

#[test]
fn a_span_runs_between_its_ends_either_way() {
    let eights_to_jacks = model(|combo| {
        let (h, l) = (combo[0].rank(), combo[1].rank());
        h == l && (Rank::Eight..=Rank::Jack).contains(&h)
    });
    assert_eq!(combos("88-JJ"), eights_to_jacks);
    assert_eq!(combos("JJ - 88"), eights_to_jacks);
    assert_eq!(eights_to_jacks.len(), 24);
    let wheel_aces = model(|combo| {
        combo[0].rank() == Rank::Ace
            && (Rank::Two..=Rank::Five).contains(&combo[1].rank())
            && combo[0].suit() == combo[1].suit()
    });
    assert_eq!(combos("A2s-A5s"), wheel_aces);
    assert_eq!(combos("A5s-A2s"), wheel_aces);
    assert_eq!(wheel_aces.len(), 16);
    assert_eq!(combos("K9-KJ").len(), 3 * 16);
}

#[test]
fn exact_combos_and_any_hand() {
    let ace_king: Combo = ["AS", "KS"].map(|card| card.parse().unwrap());
    assert_eq!(combos("AsKs"), BTreeSet::from([ace_king]));
    assert_eq!(combos("KSAS"), BTreeSet::from([ace_king]));
    let ten_jack: Combo = ["JH", "TH"].map(|card| card.parse().unwrap());
    assert_eq!(combos("10hJh"), BTreeSet::from([ten_jack]));
    let all: BTreeSet<Combo> = all_combos().into_iter().collect();
    assert_eq!(combos("random"), all);
    assert_eq!(combos("XX"), all);
    assert_eq!(all.len(), 1326);
}

/// A combo written as players write it reads back as that combo alone.
#[test]
fn combos_are_written_as_the_grammar_reads_them() {
    let ace_king: Combo = ["AS", "KS"].map(|card| card.parse().unwrap());
    assert_eq!(combo_text(ace_king), "AsKs");
    let ten_two: Combo = ["TD", "2C"].map(|card| card.parse().unwrap());
    assert_eq!(combo_text(ten_two), "Td2c");
    for combo in all_combos() {
        assert_eq!(combos(&combo_text(combo)), BTreeSet::from([combo]));
    }
}

#[test]
fn items_unite_and_the_last_weight_decides() {
    let range: Range = "QQ+, AKs, JTo:0.2".parse().unwrap();
    assert_eq!(range.len(), 18 + 4 + 12);
    assert!(!range.is_empty());
    assert!((range.weight_total() - (22.0 + 12.0 * 0.2)).abs() < 1e-9);
    for &(combo, weight) in range.combos() {
        let expected = if class_name(combo) == "JTo" { 0.2 } else { 1.0 };
        assert_eq!(weight, expected, "{combo:?}");
    }
    // Overlaps: the later item decides, and a weight of 0 leaves combos out.
    let all_but_aces: Range = "random, AA:0".parse().unwrap();
    assert_eq!(all_but_aces.len(), 1320);
    let range: Range = "AKs:0.5, AKs".parse().unwrap();
    assert!(range.combos().iter().all(|&(_, weight)| weight == 1.0));
    let range: Range = "AKs, AKs:.25".parse().unwrap();
    assert!(range.combos().iter().all(|&(_, weight)| weight == 0.25));
    assert!("AA:0".parse::<Range>().unwrap().is_empty());
    // The combos come in one order whatever the order of the items.
    assert_eq!(
        "AA, KK".parse::<Range>().unwrap(),
        "KK, AA".parse::<Range>().unwrap()
    );
}

#[test]
fn errors_name_the_item_and_its_column() {
    for (text, message) in [
        ("", "column 1, '': an empty item"),
        ("AK,", "column 4, '': an empty item"),
        (
            "QQ+, AKx",
            "column 6, 'AKx': 'x' is not s (suited) or o (offsuit)",
        ),
        ("ZZ", "column 1, 'ZZ': 'Z' is not a rank"),
        (
            "A",
            "column 1, 'A': not a hand: write QQ, AKs, AKo, AK, QQ+, A5s+, 88-JJ, A2s-A5s, T9s-54s, AsKs, AxKx, 15% or random",
        ),
        (
            "AKso",
            "column 1, 'AKso': not a hand: write QQ, AKs, AKo, AK, QQ+, A5s+, 88-JJ, A2s-A5s, T9s-54s, AsKs, AxKx, 15% or random",
        ),
        (
            "QQs",
            "column 1, 'QQs': a pair is neither suited nor offsuit",
        ),
        (
            "AKs:2",
            "column 1, 'AKs:2': a weight is a number from 0 to 1",
        ),
        (
            "AKs:x",
            "column 1, 'AKs:x': a weight is a number from 0 to 1",
        ),
        (
            "AKs:-0.5",
            "column 1, 'AKs:-0.5': a weight is a number from 0 to 1",
        ),
        ("AKs:", "column 1, 'AKs:': a weight is a number from 0 to 1"),
        ("AsAs", "column 1, 'AsAs': the same card twice"),
        // A long item is cut after 32 characters.
        (
            "AA, 0123456789abcdefghijklmnopqrstuvwxyz",
            "column 5, '0123456789abcdefghijklmnopqrstuv...': '0' is not a rank",
        ),
        (
            "0123456789abcdefghijklmnopqrstuv",
            "column 1, '0123456789abcdefghijklmnopqrstuv': '0' is not a rank",
        ),
        (
            " AA,  AKs-K9s",
            "column 7, 'AKs-K9s': the ends of a span share neither the top card (A2s-A5s) nor the gap between the ranks (T9s-54s)",
        ),
        (
            "A2s-A5o",
            "column 1, 'A2s-A5o': the ends of a span differ in suitedness (s, o or neither)",
        ),
        (
            "QQ-AK",
            "column 1, 'QQ-AK': a span joins two pairs or two non-pairs, not one of each",
        ),
        // The slips players make, named at the word they concern.
        (
            "QQ+ AKs",
            "column 5, 'QQ+ AKs': a comma is missing between 'QQ+' and 'AKs'",
        ),
        (
            "AA KK:0.5",
            "column 4, 'AA KK:0.5': a comma is missing between 'AA' and 'KK:0.5'",
        ),
        (
            "JJ, QQ+ versus KK",
            "column 9, 'QQ+ versus KK': 'versus' is not a hand or a range (between players, write vs)",
        ),
        (
            "AA, pairs",
            "column 5, 'pairs': 'pairs' is not a hand or a range",
        ),
        (
            "AA, any pair",
            "column 5, 'any pair': 'any' is not a hand or a range",
        ),
        (
            "150%",
            "column 1, '150%': a percent of hands is from 0 to 100",
        ),
        (
            "5%-101%",
            "column 1, '5%-101%': a percent of hands is from 0 to 100",
        ),
        (
            "-5%",
            "column 1, '-5%': not a hand: write QQ, AKs, AKo, AK, QQ+, A5s+, 88-JJ, A2s-A5s, T9s-54s, AsKs, AxKx, 15% or random",
        ),
        ("AsAx, AxAs, AhAh", "column 13, 'AhAh': the same card twice"),
        // A percent is digits and a point: not an exponent, a sign, or nothing.
        (
            "1e1%",
            "column 1, '1e1%': not a hand: write QQ, AKs, AKo, AK, QQ+, A5s+, 88-JJ, A2s-A5s, T9s-54s, AsKs, AxKx, 15% or random",
        ),
        (
            "+5%",
            "column 1, '+5%': not a hand: write QQ, AKs, AKo, AK, QQ+, A5s+, 88-JJ, A2s-A5s, T9s-54s, AsKs, AxKx, 15% or random",
        ),
        (
            ".%",
            "column 1, '.%': not a hand: write QQ, AKs, AKo, AK, QQ+, A5s+, 88-JJ, A2s-A5s, T9s-54s, AsKs, AxKx, 15% or random",
        ),
        (
            "inf%",
            "column 1, 'inf%': not a hand: write QQ, AKs, AKo, AK, QQ+, A5s+, 88-JJ, A2s-A5s, T9s-54s, AsKs, AxKx, 15% or random",
        ),
        (
            "5%-1e1%",
            "column 1, '5%-1e1%': not a hand: write QQ, AKs, AKo, AK, QQ+, A5s+, 88-JJ, A2s-A5s, T9s-54s, AsKs, AxKx, 15% or random",
        ),
        // Columns count characters, not bytes.
        ("é,AKx", "column 1, 'é': 'é' is not a rank"),
        ("AA:0.5,é", "column 8, 'é': 'é' is not a rank"),
        ("AA, ée, AKx", "column 5, 'ée': 'é' is not a rank"),
        (
            "AA,KQé",
            "column 4, 'KQé': 'é' is not s (suited) or o (offsuit)",
        ),
        ("AA ,é", "column 5, 'é': 'é' is not a rank"),
    ] {
        let error = text.parse::<Range>().expect_err(text);
        assert_eq!(error.to_string(), message, "{text}");
    }
    assert_eq!("AA, éé".parse::<Range>().unwrap_err().column, 5);
}

/// The forms players type beyond the calculators' common core: percent ranges, connector and
/// gapper spans, any suit (`x`), and two cards apart.
#[test]
fn players_forms_name_their_combos() {
    // The strongest hands by equity against a random hand; 2 % of 1,326 is 26.5 combos.
    assert_eq!(combos("2%"), combos("JJ+"));
    assert_eq!(combos("0%").len(), 0);
    assert_eq!(combos("100%").len(), 1326);
    // 2.5 % is 33.15 combos: nines or better (36) are closer than tens or better (30).
    assert_eq!(combos("2.5%"), combos("99+"));
    // The top 5 % but not the top 2 %, either way round.
    let band: BTreeSet<Combo> = combos("5%").difference(&combos("2%")).copied().collect();
    assert_eq!(combos("2%-5%"), band);
    assert_eq!(combos("5%-2%"), band);
    // Connectors and gappers: one gap all along.
    assert_eq!(combos("T9s-54s"), combos("T9s, 98s, 87s, 76s, 65s, 54s"));
    assert_eq!(combos("54s-T9s"), combos("T9s-54s"));
    assert_eq!(combos("J9s-64s"), combos("J9s, T8s, 97s, 86s, 75s, 64s"));
    assert_eq!(combos("KQo-JTo"), combos("KQo, QJo, JTo"));
    assert_eq!(combos("AK-QJ"), combos("AK, KQ, QJ"));
    // Any suit: rank-only and suit-constrained hands.
    assert_eq!(combos("AxKx"), combos("AK"));
    assert_eq!(combos("AxAx"), combos("AA"));
    assert_eq!(combos("AhKx"), combos("AhKs, AhKh, AhKd, AhKc"));
    assert_eq!(combos("KxAh"), combos("AhKx"));
    assert_eq!(combos("AhAx"), combos("AhAs, AhAd, AhAc"));
    assert_eq!(combos("10xTx"), combos("TT"));
    // Two cards with a space between are one combo, as the plain form writes a hand.
    assert_eq!(combos("Ah Kh"), combos("AhKh"));
    assert_eq!(combos("AH KH, 10h 9h"), combos("AhKh, Th9h"));
    // A span may still have spaces around its dash.
    assert_eq!(combos("88 - JJ"), combos("88-JJ"));
}

#[test]
fn combo_index_places_every_combo_in_a_ranges_order_either_way_round() {
    use cards_core::holdem::{COMBOS, combo_index};
    let every: Range = "random".parse().unwrap();
    for (place, &([high, low], _)) in every.combos().iter().enumerate() {
        assert_eq!(combo_index([high, low]), place);
        assert_eq!(combo_index([low, high]), place);
    }
    assert_eq!(every.len(), COMBOS);
}

#[test]
fn all_combos_lists_the_deck_in_a_ranges_order() {
    let listed: Vec<Combo> = cards_core::holdem::all_combos().collect();
    assert_eq!(listed, all_combos());
    let every: Range = "random".parse().unwrap();
    let in_range: Vec<Combo> = every.combos().iter().map(|&(combo, _)| combo).collect();
    assert_eq!(listed, in_range);
}

/// A range written back reads as the same range, weight for weight: ranges made of random
/// items of every kind, overlapping, at weights that include 0 (which takes combos out).
#[test]
fn a_range_written_back_reads_the_same() {
    let mut rng = seeded_rng::SeededRng::new(2026);
    let ranks = "23456789TJQKA".as_bytes();
    let weights = ["", ":1", ":0.5", ":0.25", ":0.3", ":0.125", ":0", ":0.75"];
    for _ in 0..2000 {
        let mut items = Vec::new();
        for _ in 0..rng.index_in(1, 12) {
            // Ranks by index, so that the higher one is known.
            let (i, j) = (rng.index(13), rng.index(13));
            let (high, low) = (ranks[i.max(j)] as char, ranks[i.min(j)] as char);
            let suffix = if i == j {
                ""
            } else {
                ["", "s", "o"][rng.index(3)]
            };
            let k = rng.index(13);
            let item = match rng.index(6) {
                0 => format!("{high}{low}{suffix}"),
                1 => format!("{high}{low}{suffix}+"),
                2 if i == j => format!("{high}{high}-{other}{other}", other = ranks[k] as char),
                2 if k < i.max(j) && k != i.min(j) => {
                    format!("{high}{low}{suffix}-{high}{}{suffix}", ranks[k] as char)
                }
                3 => combo_text(all_combos()[rng.index(1326)]),
                4 if rng.chance(1, 8) => "random".to_string(),
                _ => format!("{low}{high}{suffix}"),
            };
            items.push(format!("{item}{}", weights[rng.index(weights.len())]));
        }
        let text = items.join(", ");
        let range: Range = text.parse().unwrap_or_else(|err| panic!("{text}: {err}"));
        let written = range.to_string();
        let again: Range = if written.is_empty() {
            assert!(range.is_empty(), "{text}");
            continue;
        } else {
            written
                .parse()
                .unwrap_or_else(|err| panic!("{text} written as {written}: {err}"))
        };
        assert_eq!(again, range, "{text} written as {written}");
    }
}

#[rstest::rstest]
#[case("AA", "AA")]
#[case("QQ+, AKs", "QQ+, AKs")]
#[case("22+", "22+")]
#[case("88-JJ", "JJ-88")]
#[case("AKs, AKo", "AK")]
#[case("ATs+, ATo+, KQ", "AT+, KQ")]
#[case("K9s-K6s, K9o:0.5", "K9s-K6s, K9o:0.5")]
#[case("A2s+, AJo+:0.3", "A2s+, AJo+:0.3")]
#[case("random", "random")]
#[case("xx:0.5", "random:0.5")]
#[case(
    "random, AA:0",
    "KK-22, A2+, K2+, Q2+, J2+, T2+, 92+, 82+, 72+, 62+, 52+, 42+, 32"
)]
#[case("AsKs, 7h6h:0.5", "AsKs, 7h6h:0.5")]
#[case("AA:0", "")]
fn ranges_are_written_as_players_write_them(#[case] text: &str, #[case] written: &str) {
    assert_eq!(text.parse::<Range>().unwrap().to_string(), written);
}
