//! A matchup's counts as text or as JSON.

use std::fmt::Write as _;

use cards_core::Card;
use equity_core::{BoardCounts, Matchup};

/// `boards N`, then one line per player: hole cards, wins, split-pot shares, equity.
pub fn text(matchup: &Matchup, counts: &BoardCounts, output: &mut String) {
    writeln!(output, "boards {}", counts.boards).unwrap();
    for (player, hole) in matchup.players.iter().enumerate() {
        writeln!(
            output,
            "{}  wins {}  ties {}  equity {:.4}%",
            hole_cards(*hole),
            counts.wins[player],
            ties(counts, player, 4),
            percent(counts, player)
        )
        .unwrap();
    }
}

/// One line of JSON: `{"boards":N,"players":[{"hole":"AS KS","wins":..,"ties":..,"equity":..}]}`.
pub fn json(matchup: &Matchup, counts: &BoardCounts, output: &mut String) {
    write!(output, "{{\"boards\":{},\"players\":[", counts.boards).unwrap();
    for (player, hole) in matchup.players.iter().enumerate() {
        if player > 0 {
            output.push(',');
        }
        write!(
            output,
            "{{\"hole\":\"{}\",\"wins\":{},\"ties\":{},\"equity\":{:.6}}}",
            hole_cards(*hole),
            counts.wins[player],
            ties(counts, player, 6),
            percent(counts, player)
        )
        .unwrap();
    }
    output.push_str("]}\n");
}

fn hole_cards(hole: [Card; 2]) -> String {
    format!("{} {}", hole[0], hole[1])
}

/// Split-pot shares: a whole number when they are one, else rounded to `decimals` places.
fn ties(counts: &BoardCounts, player: usize, decimals: usize) -> String {
    let (units, denominator) = (counts.tie_units[player], counts.tie_denominator);
    if units % denominator == 0 {
        (units / denominator).to_string()
    } else {
        format!("{:.decimals$}", counts.ties(player))
    }
}

/// Player `player`'s equity in percent, from the whole numbers in one division (so the printed
/// digits are the exact figure's, rounded once).
fn percent(counts: &BoardCounts, player: usize) -> f64 {
    let units = u128::from(counts.wins[player]) * u128::from(counts.tie_denominator)
        + u128::from(counts.tie_units[player]);
    let total = u128::from(counts.boards) * u128::from(counts.tie_denominator);
    if total == 0 {
        0.0
    } else {
        units as f64 * 100.0 / total as f64
    }
}
