//! equity-io: the hold'em equity engine's text, shared by the command line (`holdem-equity`), the
//! Python package and the page, so that all of them read the same grammar, give the same
//! messages and write the same figures.
//!
//! Reading: matchups and lines of ranges (`parse`), or a matchup given field by field, as Python
//! and the page give it (`fields`). Writing: a matchup's counts, a line of ranges and the chart,
//! as text, JSON, CSV and SVG (`write`). The grammar and the JSON schema are in
//! `docs/problems/holdem-equity.md` at the repository's root; the counting is `equity-core`'s.

pub mod fields;
mod parse;
pub mod write;

pub use parse::{RangeLine, parse, parse_ranges};
