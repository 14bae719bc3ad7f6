//! The chart as a terminal grid, CSV, JSON or an SVG heat map.

use std::fmt::Write as _;

use cards_core::Rank;
use equity_core::Chart;

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

/// `against 1 random hand, exact` or `against 3 random hands, sampled`.
fn title(chart: &Chart) -> String {
    format!(
        "equity against {} random {}, {}",
        chart.opponents,
        if chart.opponents == 1 {
            "hand"
        } else {
            "hands"
        },
        if chart.is_exact() { "exact" } else { "sampled" }
    )
}

/// The grid for a terminal: a title line, the ranks across, then a row per rank with the
/// equities in percent.
pub fn grid(chart: &Chart) -> String {
    let mut output = format!(
        "{} (percent; pairs on the diagonal, suited above it, offsuit below)\n   ",
        title(chart)
    );
    for rank in RANKS_DOWN {
        write!(output, "{:>6}", rank.to_char()).unwrap();
    }
    output.push('\n');
    for (row, cells) in chart.entries.chunks(13).enumerate() {
        write!(output, "{:>3}", RANKS_DOWN[row].to_char()).unwrap();
        for entry in cells {
            write!(output, "{:>6.1}", 100.0 * entry.shares.equity()).unwrap();
        }
        output.push('\n');
    }
    output
}

/// `hand,combos,equity` (and `standard_error` when sampled), a row per hand in the grid's
/// order, equities in percent.
pub fn csv(chart: &Chart) -> String {
    let sampled = !chart.is_exact();
    let mut output = String::from("hand,combos,equity");
    if sampled {
        output.push_str(",standard_error");
    }
    output.push('\n');
    for entry in &chart.entries {
        write!(
            output,
            "{},{},{:.4}",
            entry.class,
            entry.class.combo_count(),
            100.0 * entry.shares.equity()
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
pub fn json(chart: &Chart) -> String {
    let method = if chart.is_exact() { "exact" } else { "sampled" };
    let mut output = format!(
        "{{\"opponents\":{},\"method\":\"{method}\",\"hands\":[",
        chart.opponents
    );
    for (index, entry) in chart.entries.iter().enumerate() {
        if index > 0 {
            output.push(',');
        }
        write!(
            output,
            "{{\"hand\":\"{}\",\"combos\":{},\"equity\":{:.6}",
            entry.class,
            entry.class.combo_count(),
            100.0 * entry.shares.equity()
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
pub fn svg(chart: &Chart) -> String {
    const CELL: usize = 46;
    const MARGIN: usize = 30;
    const TOP: usize = 58;
    let grid = 13 * CELL;
    let (width, height) = (MARGIN + grid + 110, TOP + grid + MARGIN);
    let (low, high) = chart
        .entries
        .iter()
        .fold((1.0f64, 0.0f64), |(low, high), entry| {
            (
                low.min(entry.shares.equity()),
                high.max(entry.shares.equity()),
            )
        });
    let mut svg = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" \
         viewBox=\"0 0 {width} {height}\" font-family=\"sans-serif\">\n\
         <rect width=\"{width}\" height=\"{height}\" fill=\"white\"/>\n\
         <text x=\"{MARGIN}\" y=\"26\" font-size=\"18\">Hold'em {}</text>\n\
         <text x=\"{MARGIN}\" y=\"45\" font-size=\"12\">percent; pairs on the diagonal, \
         suited hands above it, offsuit below</text>\n",
        title(chart)
    );
    for (index, entry) in chart.entries.iter().enumerate() {
        let (x, y) = (MARGIN + index % 13 * CELL, TOP + index / 13 * CELL);
        let level = if high > low {
            (entry.shares.equity() - low) / (high - low)
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
            entry.class,
            x + CELL / 2,
            y + 36,
            100.0 * entry.shares.equity()
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
