//! Hold'em hand evaluation: values, the fast evaluator, and the best five of seven.

mod best_five;
mod combo;
mod enumerate;
// Compiled by build.rs on its own; part of the library only where the tables are made at run time.
#[cfg(any(test, feature = "tables-at-startup"))]
mod generate;
mod hand;
mod hand_class;
pub(crate) mod key_layout;
mod order;
pub mod range;
mod range_text;
pub mod reference;
mod tables;
mod value;

pub use best_five::{BestFive, HoleCardRule, best_five, in_display_order};
pub use combo::{COMBOS, Combo, all_combos, combo_index, combo_text};
pub use enumerate::{for_each_hand, for_each_hand_chunk};
pub use hand::Hand;
pub use hand_class::HandClass;
pub use order::{by_strength, top_percent};
pub use range::{ParseRangeError, Range};
pub use value::{HandCategory, HandValue};
