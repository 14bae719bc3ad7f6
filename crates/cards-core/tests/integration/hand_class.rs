//! The 169 starting hands, checked against every combo of the deck.

use std::collections::{BTreeMap, BTreeSet};

use cards_core::holdem::{Combo, HandClass, all_combos};
use cards_core::{Rank, Suit};

#[test]
fn every_combo_falls_in_one_class_and_each_class_lists_exactly_its_combos() {
    let mut by_class: BTreeMap<HandClass, BTreeSet<Combo>> = BTreeMap::new();
    for combo in all_combos() {
        by_class
            .entry(HandClass::of(combo))
            .or_default()
            .insert(combo);
    }
    assert_eq!(by_class.len(), HandClass::COUNT);
    for (class, combos) in &by_class {
        let listed: Vec<Combo> = class.combos().collect();
        assert_eq!(listed.len(), class.combo_count(), "{class}");
        assert_eq!(
            listed.iter().copied().collect::<BTreeSet<_>>(),
            *combos,
            "{class}"
        );
        assert!(listed.iter().all(|combo| combo[0] > combo[1]), "{class}");
    }
    let counts: Vec<usize> = [6, 4, 12]
        .iter()
        .map(|&size| {
            by_class
                .keys()
                .filter(|class| class.combo_count() == size)
                .count()
        })
        .collect();
    assert_eq!(counts, [13, 78, 78]);
}

#[test]
fn the_grid_holds_each_class_once_pairs_on_the_diagonal_suited_above() {
    let all: Vec<HandClass> = HandClass::all().collect();
    assert_eq!(all.iter().collect::<BTreeSet<_>>().len(), 169);
    for (cell, &class) in all.iter().enumerate() {
        let (row, column) = (cell / 13, cell % 13);
        assert_eq!(class.grid_cell(), (row, column), "{class}");
        assert_eq!(HandClass::from_grid_cell(row, column), class);
        assert_eq!(class.is_pair(), row == column, "{class}");
        assert_eq!(class.is_suited(), row < column, "{class}");
    }
    let names: Vec<String> = all[..3].iter().map(ToString::to_string).collect();
    assert_eq!(names, ["AA", "AKs", "AQs"]);
    assert_eq!(all[13].to_string(), "AKo");
    assert_eq!(all[168].to_string(), "22");
    assert_eq!(all[12 * 13 + 11].to_string(), "32o");
}

#[test]
fn names_ranks_and_the_first_combo() {
    let class = HandClass::new(Rank::Seven, Rank::Two, false).unwrap();
    assert_eq!(class.to_string(), "72o");
    assert_eq!((class.high(), class.low()), (Rank::Seven, Rank::Two));
    assert_eq!(HandClass::new(Rank::Two, Rank::Seven, false), Some(class));
    assert_eq!(HandClass::new(Rank::Queen, Rank::Queen, true), None);
    let pair = HandClass::new(Rank::Queen, Rank::Queen, false).unwrap();
    assert_eq!(pair.to_string(), "QQ");
    let first = |class: HandClass| {
        let [a, b] = class.combos().next().unwrap();
        let mut suits = [a.suit(), b.suit()];
        suits.sort();
        suits
    };
    assert_eq!(first(pair), [Suit::ALL[0], Suit::ALL[1]]);
    assert_eq!(first(class), [Suit::ALL[0], Suit::ALL[1]]);
    let suited = HandClass::new(Rank::Ace, Rank::King, true).unwrap();
    assert_eq!(first(suited), [Suit::ALL[0], Suit::ALL[0]]);
}

#[test]
fn classes_are_listed_pairs_first_then_suited_then_offsuit_each_highest_first() {
    let mut classes: Vec<HandClass> = HandClass::all().collect();
    classes.sort_by(HandClass::cmp_as_listed);
    let names: Vec<String> = classes.iter().map(ToString::to_string).collect();
    assert_eq!(&names[..3], ["AA", "KK", "QQ"]);
    assert_eq!(&names[12..15], ["22", "AKs", "AQs"]);
    assert_eq!(&names[90..94], ["32s", "AKo", "AQo", "AJo"]);
    assert_eq!(names[168], "32o");
    // Each group from the highest ranks down: high card first, then the low card.
    let position = |name: &str| names.iter().position(|n| n == name).unwrap();
    assert!(position("A2s") < position("KQs"));
    assert!(position("KQo") < position("K2o"));
    assert!(position("T9s") < position("T8s"));
}
