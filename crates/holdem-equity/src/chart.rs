//! The preflop chart: the equity of each of the 169 starting hands against random hands, laid
//! out as the 13 × 13 grid players know (pairs on the diagonal, suited hands above it, offsuit
//! below), and written as a terminal grid, CSV, JSON or an SVG heat map.
//!
//! All combos of a class are renamings of each other's suits, and random opponents do not care
//! about suits, so one combo of each class is counted.

use std::collections::HashMap;
use std::fmt::Write as _;

use cards_core::holdem::{Combo, Range, all_combos};
use cards_core::{Card, CardSet, Rank, Suit};
use judge_io::Threads;

use crate::range_output::class_name;
use crate::ranges::{Seating, canonical, count_canonical, group_of};
use crate::{Counted, Method, RangeError, RangeMatchup, range_equity};

/// Ranks from ace down: the order of the grid's rows and columns.
const RANKS_DOWN: [Rank; 13] = {
    let mut ranks = Rank::ALL;
    let mut index = 0;
    while index < 13 {
        ranks[index] = Rank::ALL[12 - index];
        index += 1;
    }
    ranks
};

/// One cell of the chart.
#[derive(Clone, Debug, PartialEq)]
pub struct ChartEntry {
    /// The class: `AA`, `AKs`, `AKo`.
    pub hand: String,
    /// How many combos the class has: 6, 4 or 12.
    pub combos: usize,
    /// The equity against the random hands, from 0 to 1.
    pub equity: f64,
    /// The standard error of a sampled equity; `None` when it is exact.
    pub standard_error: Option<f64>,
}

/// The 169 hands' equities against `opponents` random hands.
#[derive(Clone, Debug, PartialEq)]
pub struct Chart {
    /// How many random hands each hand faces.
    pub opponents: usize,
    /// The hands row by row: row `r` and column `c` (both from the ace) is the pair when they
    /// are equal, the suited hand of the two ranks above the diagonal, offsuit below.
    pub entries: Vec<ChartEntry>,
}

/// Counts the chart of each hand against `opponents` random hands by `method`, each hand on up
/// to `threads` threads; `progress` hears the share done.
///
/// Against one random hand, exactly: every hand's deals are grouped together, each matchup
/// counted once whichever of the two holds which hand (AKs against 72o is 72o against AKs).
pub fn chart(
    opponents: usize,
    method: Method,
    threads: Threads,
    progress: &(dyn Fn(f64) + Sync),
) -> Result<Chart, RangeError> {
    let classes = classes();
    let figures: Vec<(f64, Option<f64>)> =
        if opponents == 1 && !matches!(method, Method::Sampled(_)) {
            heads_up_exactly(&classes, threads, progress)
                .into_iter()
                .map(|equity| (equity, None))
                .collect()
        } else {
            let random: Range = "random".parse().expect("'random' is a range");
            let mut figures = Vec::with_capacity(classes.len());
            for (done, (_, hand)) in classes.iter().enumerate() {
                let combo: Range = format!("{}{}", hand[0], hand[1])
                    .parse()
                    .expect("two distinct cards are a range");
                let matchup = RangeMatchup {
                    ranges: std::iter::once(combo)
                        .chain(std::iter::repeat_n(random.clone(), opponents))
                        .collect(),
                    board: Vec::new(),
                    dead: Vec::new(),
                };
                let share = |part: f64| progress((done as f64 + part) / classes.len() as f64);
                let result = range_equity(&matchup, method, threads, &share)?;
                let standard_error = match &result.counted {
                    Counted::Exact { .. } => None,
                    Counted::Sampled {
                        standard_errors, ..
                    } => Some(standard_errors[0]),
                };
                figures.push((result.equity(0), standard_error));
            }
            figures
        };
    let entries = classes
        .iter()
        .zip(figures)
        .map(|(&(class, _), (equity, standard_error))| ChartEntry {
            hand: class_name(class),
            combos: match class {
                (high, low, _) if high == low => 6,
                (_, _, true) => 4,
                (_, _, false) => 12,
            },
            equity,
            standard_error,
        })
        .collect();
    Ok(Chart { opponents, entries })
}

/// The 169 classes in the grid's order, each with one of its combos.
fn classes() -> Vec<((Rank, Rank, bool), Combo)> {
    let mut classes = Vec::with_capacity(169);
    for (row, &row_rank) in RANKS_DOWN.iter().enumerate() {
        for (column, &column_rank) in RANKS_DOWN.iter().enumerate() {
            let suited = row < column;
            let (high, low) = (row_rank.max(column_rank), row_rank.min(column_rank));
            let second_suit = if suited { Suit::ALL[0] } else { Suit::ALL[1] };
            let hand = [Card::new(high, Suit::ALL[0]), Card::new(low, second_suit)];
            classes.push(((high, low, suited), hand));
        }
    }
    classes
}

/// Each class's exact equity against one random hand: the matchups of every class against every
/// combo, counted once each up to renaming the suits and swapping the players.
fn heads_up_exactly(
    classes: &[((Rank, Rank, bool), Combo)],
    threads: Threads,
    progress: &(dyn Fn(f64) + Sync),
) -> Vec<f64> {
    let seating = Seating::anyone(2);
    let mut groups = HashMap::new();
    let mut distinct = Vec::new();
    // For each class: the group of each matchup, and the seat the class's hand holds in it.
    let uses: Vec<Vec<(usize, usize)>> = classes
        .iter()
        .map(|&(_, hand)| {
            let taken: CardSet = hand.into_iter().collect();
            all_combos()
                .filter(|other| !other.iter().any(|&card| taken.contains(card)))
                .map(|other| {
                    let (key, seats) = canonical(&[hand, other], &[], &[], &seating);
                    (group_of(&mut groups, &mut distinct, key), seats.of(0))
                })
                .collect()
        })
        .collect();
    let results = count_canonical(&distinct, 2, 0, threads, progress);
    uses.iter()
        .map(|matchups| {
            let total: f64 = matchups
                .iter()
                .map(|&(group, seat)| results[group].0[seat] + results[group].1[seat])
                .sum();
            total / matchups.len() as f64
        })
        .collect()
}

impl Chart {
    /// Whether every figure is exact.
    pub fn is_exact(&self) -> bool {
        self.entries
            .iter()
            .all(|entry| entry.standard_error.is_none())
    }

    /// `against 1 random hand, exact` or `against 3 random hands, sampled`.
    fn title(&self) -> String {
        format!(
            "equity against {} random {}, {}",
            self.opponents,
            if self.opponents == 1 { "hand" } else { "hands" },
            if self.is_exact() { "exact" } else { "sampled" }
        )
    }

    /// The grid for a terminal: a title line, the ranks across, then a row per rank with the
    /// equities in percent.
    pub fn grid(&self) -> String {
        let mut output = format!(
            "{} (percent; pairs on the diagonal, suited above it, offsuit below)\n   ",
            self.title()
        );
        for rank in RANKS_DOWN {
            write!(output, "{:>6}", rank.to_char()).unwrap();
        }
        output.push('\n');
        for (row, cells) in self.entries.chunks(13).enumerate() {
            write!(output, "{:>3}", RANKS_DOWN[row].to_char()).unwrap();
            for entry in cells {
                write!(output, "{:>6.1}", 100.0 * entry.equity).unwrap();
            }
            output.push('\n');
        }
        output
    }

    /// `hand,combos,equity` (and `standard_error` when sampled), a row per hand in the grid's
    /// order, equities in percent.
    pub fn csv(&self) -> String {
        let sampled = !self.is_exact();
        let mut output = String::from("hand,combos,equity");
        if sampled {
            output.push_str(",standard_error");
        }
        output.push('\n');
        for entry in &self.entries {
            write!(
                output,
                "{},{},{:.4}",
                entry.hand,
                entry.combos,
                100.0 * entry.equity
            )
            .unwrap();
            if let Some(error) = entry.standard_error {
                write!(output, ",{:.4}", 100.0 * error).unwrap();
            }
            output.push('\n');
        }
        output
    }

    /// One line of JSON: `{"opponents":1,"method":"exact","hands":[{"hand":"AA",...}]}`.
    pub fn json(&self) -> String {
        let method = if self.is_exact() { "exact" } else { "sampled" };
        let mut output = format!(
            "{{\"opponents\":{},\"method\":\"{method}\",\"hands\":[",
            self.opponents
        );
        for (index, entry) in self.entries.iter().enumerate() {
            if index > 0 {
                output.push(',');
            }
            write!(
                output,
                "{{\"hand\":\"{}\",\"combos\":{},\"equity\":{:.6}",
                entry.hand,
                entry.combos,
                100.0 * entry.equity
            )
            .unwrap();
            if let Some(error) = entry.standard_error {
                write!(output, ",\"standard_error\":{:.6}", 100.0 * error).unwrap();
            }
            output.push('}');
        }
        output.push_str("]}\n");
        output
    }

    /// The grid as an SVG heat map: each cell coloured from blue (the lowest equity) through
    /// white to red (the highest), with the hand and its equity written in it, and a legend.
    pub fn svg(&self) -> String {
        const CELL: usize = 46;
        const MARGIN: usize = 30;
        const TOP: usize = 58;
        let grid = 13 * CELL;
        let (width, height) = (MARGIN + grid + 110, TOP + grid + MARGIN);
        let (low, high) = self
            .entries
            .iter()
            .fold((1.0f64, 0.0f64), |(low, high), entry| {
                (low.min(entry.equity), high.max(entry.equity))
            });
        let mut svg = format!(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" \
             viewBox=\"0 0 {width} {height}\" font-family=\"sans-serif\">\n\
             <rect width=\"{width}\" height=\"{height}\" fill=\"white\"/>\n\
             <text x=\"{MARGIN}\" y=\"26\" font-size=\"18\">Hold'em {}</text>\n\
             <text x=\"{MARGIN}\" y=\"45\" font-size=\"12\">percent; pairs on the diagonal, \
             suited hands above it, offsuit below</text>\n",
            self.title()
        );
        for (index, entry) in self.entries.iter().enumerate() {
            let (x, y) = (MARGIN + index % 13 * CELL, TOP + index / 13 * CELL);
            let level = if high > low {
                (entry.equity - low) / (high - low)
            } else {
                0.5
            };
            write!(
                svg,
                "<rect x=\"{x}\" y=\"{y}\" width=\"{CELL}\" height=\"{CELL}\" fill=\"{}\" \
                 stroke=\"white\"/>\n\
                 <text x=\"{}\" y=\"{}\" font-size=\"13\" font-weight=\"bold\" \
                 text-anchor=\"middle\">{}</text>\n\
                 <text x=\"{}\" y=\"{}\" font-size=\"11\" text-anchor=\"middle\">{:.1}</text>\n",
                colour(level),
                x + CELL / 2,
                y + 19,
                entry.hand,
                x + CELL / 2,
                y + 36,
                100.0 * entry.equity
            )
            .unwrap();
        }
        // The legend: a bar of the colours, the highest equity at the top.
        let (bar_x, steps) = (MARGIN + grid + 30, 26);
        for step in 0..steps {
            let level = 1.0 - step as f64 / (steps - 1) as f64;
            writeln!(
                svg,
                "<rect x=\"{bar_x}\" y=\"{}\" width=\"20\" height=\"{}\" fill=\"{}\"/>",
                TOP + step * grid / steps,
                grid / steps + 1,
                colour(level)
            )
            .unwrap();
        }
        for (level, y) in [
            (1.0, TOP + 12),
            (0.5, TOP + grid / 2 + 4),
            (0.0, TOP + grid),
        ] {
            writeln!(
                svg,
                "<text x=\"{}\" y=\"{y}\" font-size=\"12\">{:.1}%</text>",
                bar_x + 26,
                100.0 * (low + level * (high - low))
            )
            .unwrap();
        }
        svg.push_str("</svg>\n");
        svg
    }
}

/// A colour from blue (0) through near-white (0.5) to red (1), as `#rrggbb`.
#[expect(
    clippy::cast_possible_truncation,
    clippy::cast_sign_loss,
    reason = "a channel between two channels from 0 to 255"
)]
fn colour(level: f64) -> String {
    const BLUE: [f64; 3] = [59.0, 76.0, 192.0];
    const WHITE: [f64; 3] = [242.0, 242.0, 242.0];
    const RED: [f64; 3] = [180.0, 4.0, 38.0];
    let level = level.clamp(0.0, 1.0);
    let (from, to, part) = if level < 0.5 {
        (BLUE, WHITE, level * 2.0)
    } else {
        (WHITE, RED, level * 2.0 - 1.0)
    };
    let channel = |index: usize| (from[index] + (to[index] - from[index]) * part).round() as u8;
    format!("#{:02x}{:02x}{:02x}", channel(0), channel(1), channel(2))
}

#[cfg(test)]
mod tests {
    use cards_core::Card;
    use judge_io::Threads;

    use super::{classes, heads_up_exactly};
    use crate::{Method, RangeMatchup, range_equity};

    /// The chart's own grouping of heads-up matchups gives, hand by hand, what counting each
    /// hand against any hand alone gives (and the figures for AA and 72o).
    #[test]
    fn grouped_heads_up_matchups_give_each_hands_own_count() {
        let chosen: Vec<_> = classes()
            .into_iter()
            .filter(|&((high, low, suited), _)| {
                let name = crate::range_output::class_name((high, low, suited));
                ["AA", "72o", "JTs"].contains(&name.as_str())
            })
            .collect();
        assert_eq!(chosen.len(), 3);
        let grouped = heads_up_exactly(&chosen, Threads::new(2).unwrap(), &|_| {});
        for (&(_, hand), grouped) in chosen.iter().zip(&grouped) {
            let alone = range_equity(
                &RangeMatchup {
                    ranges: vec![
                        format!("{}{}", hand[0], hand[1]).parse().unwrap(),
                        "random".parse().unwrap(),
                    ],
                    board: Vec::<Card>::new(),
                    dead: Vec::new(),
                },
                Method::Exact,
                Threads::ONE,
                &|_| {},
            )
            .unwrap();
            assert!((alone.equity(0) - grouped).abs() < 1e-12, "{hand:?}");
        }
        let percent: Vec<String> = grouped
            .iter()
            .map(|equity| format!("{:.4}", 100.0 * equity))
            .collect();
        assert_eq!(percent[0], "85.2037");
        assert_eq!(percent[2], "34.5836");
    }
}
