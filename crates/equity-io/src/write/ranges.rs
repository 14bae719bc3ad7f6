//! A line of ranges written as text or JSON, with the breakdown by hand or the list of combos.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use cards_core::holdem::{Combo, HandClass, combo_text};
use equity_core::{Counted, RangeEquity};

use crate::parse::RangeLine;

/// `exact over D deals (C counted, ...)` (or `exact over D deals` when every deal was counted) or
/// `sampled over N random deals ..., seed S` (the `seed` the sample was drawn with), one line per
/// player, then the breakdown by hand when `by_hand`.
pub fn text(line: &RangeLine, result: &RangeEquity, seed: u64, by_hand: bool, output: &mut String) {
    match &result.counted {
        // Every deal counted: no others to speak of.
        Counted::Exact {
            deals,
            distinct_deals,
        } if distinct_deals == deals => writeln!(
            output,
            "exact over {deals} {} and every board",
            plural(*deals, "deal")
        ),
        Counted::Exact {
            deals,
            distinct_deals,
        } => writeln!(
            output,
            "exact over {deals} {} ({distinct_deals} counted, the others the same up to the \
             suits' names or the seats of equal ranges) and every board",
            plural(*deals, "deal")
        ),
        Counted::Sampled { deals, boards, .. } => writeln!(
            output,
            "sampled over {deals} random deals and {boards} boards, seed {seed}"
        ),
    }
    .unwrap();
    for (player, written) in line.texts.iter().enumerate() {
        let range = line.matchup.dealable(player);
        write!(
            output,
            "{written}  {} {}{}  equity {:.4}%",
            range.len(),
            plural(range.len() as u64, "combo"),
            removed_text(line, player),
            100.0 * result.players[player].equity()
        )
        .unwrap();
        if let Counted::Sampled {
            standard_errors, ..
        } = &result.counted
        {
            write!(output, " ± {:.4}", 100.0 * standard_errors[player]).unwrap();
        }
        writeln!(
            output,
            "  wins {:.4}%  ties {:.4}%",
            100.0 * result.players[player].wins,
            100.0 * result.players[player].ties
        )
        .unwrap();
    }
    if by_hand {
        writeln!(output, "by hand of {}:", line.texts[0]).unwrap();
        for class in result.by_class() {
            writeln!(
                output,
                "  {:<4} {:>2} {}  {:>8.4}% of deals  equity {:.4}%",
                class.class.to_string(),
                class.combos,
                plural(class.combos as u64, "combo"),
                100.0 * class.frequency,
                100.0 * class.equity
            )
            .unwrap();
        }
    }
}

/// One line of JSON: the method (with the `seed` of a sample), each player's figures, and the
/// breakdown by hand when `by_hand`.
pub fn json(line: &RangeLine, result: &RangeEquity, seed: u64, by_hand: bool, output: &mut String) {
    match &result.counted {
        Counted::Exact {
            deals,
            distinct_deals,
        } => write!(
            output,
            "{{\"method\":\"exact\",\"deals\":{deals},\"distinct_deals\":{distinct_deals},"
        ),
        Counted::Sampled { deals, boards, .. } => write!(
            output,
            "{{\"method\":\"sampled\",\"deals\":{deals},\"boards\":{boards},\"seed\":{seed},"
        ),
    }
    .unwrap();
    output.push_str("\"players\":[");
    for (player, written) in line.texts.iter().enumerate() {
        if player > 0 {
            output.push(',');
        }
        let range = line.matchup.dealable(player);
        write!(
            output,
            "{{\"range\":\"{written}\",\"combos\":{},\"removed\":{},\"weight\":{},\
             \"equity\":{:.6},\"wins\":{:.6},\"ties\":{:.6}",
            range.len(),
            removed(line, player),
            weight_text(range.weight_total()),
            100.0 * result.players[player].equity(),
            100.0 * result.players[player].wins,
            100.0 * result.players[player].ties
        )
        .unwrap();
        if let Counted::Sampled {
            standard_errors, ..
        } = &result.counted
        {
            write!(
                output,
                ",\"standard_error\":{:.6}",
                100.0 * standard_errors[player]
            )
            .unwrap();
        }
        output.push('}');
    }
    output.push(']');
    if by_hand {
        output.push_str(",\"by_hand\":[");
        for (index, class) in result.by_class().iter().enumerate() {
            if index > 0 {
                output.push(',');
            }
            write!(
                output,
                "{{\"hand\":\"{}\",\"combos\":{},\"share\":{:.6},\"equity\":{:.6}}}",
                class.class,
                class.combos,
                100.0 * class.frequency,
                100.0 * class.equity
            )
            .unwrap();
        }
        output.push(']');
    }
    output.push_str("}\n");
}

/// Each range's combos and weights, as text or one line of JSON.
pub fn list(line: &RangeLine, json: bool, output: &mut String) {
    if json {
        output.push_str("{\"players\":[");
    }
    for (player, written) in line.texts.iter().enumerate() {
        let range = line.matchup.dealable(player);
        // The combos by class, in the order of the breakdown by hand, highest cards first.
        let mut by_class: BTreeMap<HandClass, Vec<(Combo, f64)>> = BTreeMap::new();
        for &(combo, weight) in range.combos().iter().rev() {
            by_class
                .entry(HandClass::of(combo))
                .or_default()
                .push((combo, weight));
        }
        let mut classes: Vec<(HandClass, Vec<(Combo, f64)>)> = by_class.into_iter().collect();
        classes.sort_by(|(one, _), (other, _)| one.cmp_as_listed(other));
        let (count, weight) = (range.len(), weight_text(range.weight_total()));
        if json {
            if player > 0 {
                output.push(',');
            }
            write!(
                output,
                "{{\"range\":\"{written}\",\"combos\":{count},\"removed\":{},\"weight\":{weight},\
                 \"hands\":[",
                removed(line, player)
            )
            .unwrap();
            for (index, &(combo, weight)) in
                classes.iter().flat_map(|(_, combos)| combos).enumerate()
            {
                if index > 0 {
                    output.push(',');
                }
                write!(
                    output,
                    "{{\"combo\":\"{}\",\"weight\":{}}}",
                    combo_text(combo),
                    weight_text(weight)
                )
                .unwrap();
            }
            output.push_str("]}");
        } else {
            let combos = plural(count as u64, "combo");
            writeln!(
                output,
                "{written}  {count} {combos}, weight {weight}{}",
                removed_text(line, player)
            )
            .unwrap();
            for (class, combos) in &classes {
                let combos: Vec<String> = combos.iter().map(weighted_combo).collect();
                writeln!(output, "  {:<4} {}", class.to_string(), combos.join(" ")).unwrap();
            }
        }
    }
    if json {
        output.push_str("]}\n");
    }
}

/// `AsKs`, or `AsKs:0.5` below full weight.
fn weighted_combo(&(combo, weight): &(Combo, f64)) -> String {
    if weight < 1.0 {
        format!("{}:{}", combo_text(combo), weight_text(weight))
    } else {
        combo_text(combo)
    }
}

/// A weight or a sum of weights: at most six decimals, and no trailing zeros (`2.4`, `22`).
/// How many of the player's combos hold a board or dead card.
fn removed(line: &RangeLine, player: usize) -> usize {
    line.matchup.ranges[player].len() - line.matchup.dealable(player).len()
}

/// ` (3 removed by the board and dead cards)`, or nothing when none is.
fn removed_text(line: &RangeLine, player: usize) -> String {
    match removed(line, player) {
        0 => String::new(),
        count => format!(" ({count} removed by the board and dead cards)"),
    }
}

fn weight_text(weight: f64) -> String {
    let text = format!("{weight:.6}");
    text.trim_end_matches('0').trim_end_matches('.').to_string()
}

fn plural(count: impl Into<u128>, noun: &str) -> String {
    if count.into() == 1 {
        noun.to_string()
    } else {
        format!("{noun}s")
    }
}
