//! Writing results as text or as JSON.

use std::fmt::Write as _;

use cards_core::Card;

use crate::{Equity, Matchup};

/// `boards N`, then one line per player: hole cards, wins, split-pot shares, equity.
pub fn text(matchup: &Matchup, equity: &Equity, output: &mut String) {
    writeln!(output, "boards {}", equity.boards).unwrap();
    for (player, hole) in matchup.players.iter().enumerate() {
        writeln!(
            output,
            "{}  wins {}  ties {}  equity {:.4}%",
            hole_cards(*hole),
            equity.wins[player],
            ties(equity, player, 4),
            equity.percent(player)
        )
        .unwrap();
    }
}

/// One line of JSON: `{"boards":N,"players":[{"hole":"AS KS","wins":..,"ties":..,"equity":..}]}`.
pub fn json(matchup: &Matchup, equity: &Equity, output: &mut String) {
    write!(output, "{{\"boards\":{},\"players\":[", equity.boards).unwrap();
    for (player, hole) in matchup.players.iter().enumerate() {
        if player > 0 {
            output.push(',');
        }
        write!(
            output,
            "{{\"hole\":\"{}\",\"wins\":{},\"ties\":{},\"equity\":{:.6}}}",
            hole_cards(*hole),
            equity.wins[player],
            ties(equity, player, 6),
            equity.percent(player)
        )
        .unwrap();
    }
    output.push_str("]}\n");
}

fn hole_cards(hole: [Card; 2]) -> String {
    format!("{} {}", hole[0], hole[1])
}

/// Split-pot shares: a whole number when they are one, else rounded to `decimals` places.
fn ties(equity: &Equity, player: usize, decimals: usize) -> String {
    let (units, denominator) = (equity.tie_units[player], equity.tie_denominator);
    if units % denominator == 0 {
        (units / denominator).to_string()
    } else {
        format!("{:.decimals$}", equity.ties(player))
    }
}
