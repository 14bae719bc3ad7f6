//! What a range count answers.

use std::collections::BTreeMap;

use cards_core::holdem::{Combo, HandClass};

use crate::shares::PotShares;

/// Each player's result over every joint deal and every board, weighted; or its estimate.
#[derive(Clone, Debug, PartialEq)]
pub struct RangeEquity {
    /// Exact or sampled, and how much work that was.
    pub counted: Counted,
    /// Each player's shares of the pots, in order.
    pub players: Vec<PotShares>,
    /// The first player's result with each of their combos that was dealt, in the range's
    /// order: the breakdown by hand.
    pub first_player_combos: Vec<ComboEquity>,
}

/// How a [`RangeEquity`] was counted.
#[derive(Clone, Debug, PartialEq)]
pub enum Counted {
    /// Over every joint deal and board.
    Exact {
        /// How many joint deals there are (combos without a shared card, of weight above 0).
        deals: u128,
        /// How many of them were counted; the others were renamings of these.
        distinct_deals: u128,
    },
    /// Over random deals and boards.
    Sampled {
        /// How many deals were drawn (those on which a player had no combo left included).
        deals: u64,
        /// How many boards were drawn for them.
        boards: u64,
        /// The standard error of each player's equity, as a share.
        standard_errors: Vec<f64>,
    },
}

/// The first player's result when they hold one combo.
#[derive(Clone, Debug, PartialEq)]
pub struct ComboEquity {
    /// The combo, higher card first.
    pub combo: Combo,
    /// The combo's share of all the joint deals' weight: how often the first player holds it.
    pub frequency: f64,
    /// The first player's shares of the pots when they hold it.
    pub shares: PotShares,
}

/// The first player's result with one hand class (`AA`, `AKs`, `AKo`) of their range.
#[derive(Clone, Debug, PartialEq)]
pub struct ClassEquity {
    /// The hand class.
    pub class: HandClass,
    /// How many of its combos the first player was dealt.
    pub combos: usize,
    /// The class's share of all the joint deals' weight: how often the first player holds it.
    pub frequency: f64,
    /// The first player's equity with it, from 0 to 1.
    pub equity: f64,
}

impl RangeEquity {
    /// The first player's result by hand class: pairs, then suited hands, then offsuit hands,
    /// each from the highest ranks down, as players list a range.
    pub fn by_class(&self) -> Vec<ClassEquity> {
        let mut classes: BTreeMap<HandClass, ClassEquity> = BTreeMap::new();
        for combo in &self.first_player_combos {
            let class = HandClass::of(combo.combo);
            let entry = classes.entry(class).or_insert(ClassEquity {
                class,
                combos: 0,
                frequency: 0.0,
                equity: 0.0,
            });
            entry.combos += 1;
            entry.frequency += combo.frequency;
            // The weighted sum for now; divided by the frequency below.
            entry.equity += combo.frequency * combo.shares.equity();
        }
        let mut classes: Vec<ClassEquity> = classes
            .into_values()
            .map(|mut class| {
                class.equity /= class.frequency;
                class
            })
            .collect();
        classes.sort_by(|one, other| one.class.cmp_as_listed(&other.class));
        classes
    }
}
