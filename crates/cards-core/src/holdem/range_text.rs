//! A range written back in the grammar it is read in, as players would write it: whole classes
//! joined into spans (`QQ+`, `A9s+`, `K9o-K6o`, `AT+` for both suitednesses), other combos one by
//! one (`AsKs`), each item with its weight unless that is 1. Reading the text gives the same
//! range, weight for weight.

use std::fmt;

use crate::Rank;
use crate::holdem::combo::{COMBOS, Combo, all_combos, combo_index, combo_text};
use crate::holdem::hand_class::HandClass;
use crate::holdem::range::Range;

impl fmt::Display for Range {
    /// The range in the range grammar, items joined by `, `; an empty range is empty text.
    ///
    /// ```
    /// use cards_core::holdem::Range;
    ///
    /// let range: Range = "KK+, AQs+, AKo, AJs:0.5, 7s6s".parse().unwrap();
    /// assert_eq!(range.to_string(), "KK+, AK, AQs, AJs:0.5, 7s6s");
    /// let random: Range = "random".parse().unwrap();
    /// assert_eq!(random.to_string(), "random");
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut weights = vec![None; COMBOS];
        for &(combo, weight) in self.combos() {
            weights[combo_index(combo)] = Some(weight);
        }
        f.write_str(&Writer { weights }.items().join(", "))
    }
}

/// The weight of each combo (by [`combo_index`]), `None` when the range leaves it out.
struct Writer {
    weights: Vec<Option<f64>>,
}

/// Which classes of a rank pair an item names.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Shape {
    Pair,
    Suited,
    Offsuit,
    /// Suited and offsuit alike: `AK`.
    Both,
}

impl Writer {
    fn items(&self) -> Vec<String> {
        if let Some(weight) = self.uniform(all_combos()) {
            return vec![with_weight("random".to_string(), weight)];
        }
        let mut items = Vec::new();
        let mut written = [false; HandClass::COUNT];
        // Pairs from the aces down, one run of equal weights at a time.
        self.runs(Rank::Ace, Shape::Pair, &mut written, &mut items);
        for high in Rank::ALL.iter().rev().copied() {
            // Both suitednesses at once where they agree, then each for what is left.
            for shape in [Shape::Both, Shape::Suited, Shape::Offsuit] {
                self.runs(high, shape, &mut written, &mut items);
            }
        }
        // Classes only partly in the range, or at mixed weights: combo by combo.
        for class in HandClass::all().filter(|class| !written[class_index(*class)]) {
            for combo in class.combos() {
                if let Some(weight) = self.weights[combo_index(combo)] {
                    items.push(with_weight(combo_text(combo), weight));
                }
            }
        }
        items
    }

    /// Writes the runs of whole classes of one shape at one weight (for `Shape::Pair`, every
    /// pair from the aces down; otherwise the hands with `high` as the top card, kickers from
    /// the highest down) that are not written yet.
    fn runs(&self, high: Rank, shape: Shape, written: &mut [bool], items: &mut Vec<String>) {
        let below = if shape == Shape::Pair {
            Rank::ALL.len()
        } else {
            high as usize
        };
        let lows: Vec<Rank> = Rank::ALL[..below].iter().rev().copied().collect();
        let mut index = 0;
        while index < lows.len() {
            let weight = self.class_weight(high, lows[index], shape, written);
            let Some(weight) = weight else {
                index += 1;
                continue;
            };
            let start = index;
            while index + 1 < lows.len()
                && self
                    .class_weight(high, lows[index + 1], shape, written)
                    .is_some_and(|next| next.to_bits() == weight.to_bits())
            {
                index += 1;
            }
            let (top, bottom) = (lows[start], lows[index]);
            for &low in &lows[start..=index] {
                for class in classes(high, low, shape) {
                    written[class_index(class)] = true;
                }
            }
            // The first of the run is the best such hand: `QQ+`, `A9s+`.
            let from_the_top = start == 0 && index > start;
            let item = if from_the_top {
                format!("{}+", name(high, bottom, shape))
            } else if top == bottom {
                name(high, top, shape)
            } else {
                format!("{}-{}", name(high, top, shape), name(high, bottom, shape))
            };
            // The classes just written are skipped from here on, as any written ones are.
            items.push(with_weight(item, weight));
        }
    }

    /// The one weight of every combo of the classes (`high`, `low`, `shape`), when all are in
    /// the range at one weight and none is written yet.
    fn class_weight(&self, high: Rank, low: Rank, shape: Shape, written: &[bool]) -> Option<f64> {
        let classes = classes(high, low, shape);
        if classes.iter().any(|class| written[class_index(*class)]) {
            return None;
        }
        self.uniform(classes.iter().flat_map(|class| class.combos()))
    }

    /// The one weight of all `combos`, when every one is in the range at that weight.
    fn uniform(&self, mut combos: impl Iterator<Item = Combo>) -> Option<f64> {
        let first = self.weights[combo_index(combos.next()?)]?;
        combos
            .all(|combo| {
                self.weights[combo_index(combo)].is_some_and(|w| w.to_bits() == first.to_bits())
            })
            .then_some(first)
    }
}

/// The classes an item of `shape` with these ranks names (for a pair, `low` alone).
fn classes(high: Rank, low: Rank, shape: Shape) -> Vec<HandClass> {
    let high = if shape == Shape::Pair { low } else { high };
    let class = |suited| HandClass::new(high, low, suited).expect("not a suited pair");
    match shape {
        Shape::Pair | Shape::Offsuit => vec![class(false)],
        Shape::Suited => vec![class(true)],
        Shape::Both => vec![class(true), class(false)],
    }
}

/// `QQ`, `AKs`, `AKo`, `AK`.
fn name(high: Rank, low: Rank, shape: Shape) -> String {
    let high = if shape == Shape::Pair { low } else { high };
    let suffix = match shape {
        Shape::Pair | Shape::Both => "",
        Shape::Suited => "s",
        Shape::Offsuit => "o",
    };
    format!("{}{}{suffix}", high.to_char(), low.to_char())
}

fn with_weight(item: String, weight: f64) -> String {
    if weight.to_bits() == 1f64.to_bits() {
        item
    } else {
        // `{}` writes the shortest digits that read back as the same number, never an exponent.
        format!("{item}:{weight}")
    }
}

/// The class's place in the grid's order.
fn class_index(class: HandClass) -> usize {
    let (row, column) = class.grid_cell();
    row * 13 + column
}
