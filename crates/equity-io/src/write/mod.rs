//! Writing results: a matchup's counts (`matchup`), a line of ranges (`ranges`), the chart
//! (`chart`). Percent appears here and nowhere in the engine.

pub mod chart;
pub mod matchup;
pub mod ranges;
