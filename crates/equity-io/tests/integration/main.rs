//! The crate's integration tests in one binary, so that their tests share the cores rather than
//! waiting for each other binary by binary: the chart's output, dead and repeated cards, a range
//! line's text.

mod chart;
mod dead_cards;
mod ranges_text;
mod repeated_cards;
