//! A solution as text or JSON: the exploitability, each player's EV and equity, and a node's
//! strategy over the range as a whole and as a 13 × 13 grid per action.

use std::fmt::Write as _;

use cards_core::Rank;

use crate::report::NodeReport;
use crate::spot::PLAYERS;

/// What is written about a solution.
#[derive(Clone, Debug, PartialEq)]
pub struct Summary {
    /// NashConv / 2 as a share of the starting pot.
    pub exploitability: f64,
    /// Iterations run.
    pub iterations: usize,
    /// How many decisions are locked (the exploitability is then the unlocked strategies',
    /// within the locked game).
    pub locked_nodes: usize,
    /// Each player's expected share of the pot, in chips.
    pub ev: [f64; 2],
    /// Each player's equity, from 0 to 1.
    pub equity: [f64; 2],
    /// The starting pot.
    pub pot: i32,
    /// The root's strategy.
    pub root: NodeReport,
    /// The line asked for and what is there, if one was asked for.
    pub line: Option<(String, Place)>,
    /// The bytes the solve took.
    pub memory_bytes: usize,
    /// The betting tree's nodes by street, before the cards are dealt.
    pub nodes: [usize; 3],
}

/// What a line leads to.
#[derive(Clone, Debug, PartialEq)]
pub enum Place {
    /// A decision.
    Decision(NodeReport),
    /// A card is dealt.
    Chance,
    /// The hand is over.
    Terminal,
}

/// The summary as text: the figures, then the node's strategy with a grid per action.
pub fn text(summary: &Summary) -> String {
    let mut out = String::new();
    writeln!(
        out,
        "exploitability {:.3}% of the pot after {} iterations",
        100.0 * summary.exploitability,
        summary.iterations
    )
    .unwrap();
    if summary.locked_nodes > 0 {
        writeln!(
            out,
            "{} locked: the exploitability is the unlocked strategies', within the locked game",
            match summary.locked_nodes {
                1 => "1 node".to_string(),
                nodes => format!("{nodes} nodes"),
            }
        )
        .unwrap();
    }
    writeln!(out, "{:<8}{:>12}{:>12}", "", "OOP", "IP").unwrap();
    writeln!(
        out,
        "{:<8}{:>12.3}{:>12.3}   (chips of the pot of {})",
        "EV", summary.ev[0], summary.ev[1], summary.pot
    )
    .unwrap();
    writeln!(
        out,
        "{:<8}{:>11.3}%{:>11.3}%",
        "equity",
        100.0 * summary.equity[0],
        100.0 * summary.equity[1]
    )
    .unwrap();
    let (title, place) = match &summary.line {
        Some((line, place)) => (format!("after {line}"), place.clone()),
        None => (
            "at the root".to_string(),
            Place::Decision(summary.root.clone()),
        ),
    };
    out.push('\n');
    match place {
        Place::Chance => writeln!(out, "{title}: a card is dealt").unwrap(),
        Place::Terminal => writeln!(out, "{title}: the hand is over").unwrap(),
        Place::Decision(report) => {
            writeln!(
                out,
                "{title}: {} to act",
                PLAYERS[report.player].to_uppercase()
            )
            .unwrap();
            if summary.line.is_some() {
                match report.ev {
                    Some([oop, ip]) => writeln!(
                        out,
                        "  EV here: OOP {oop:.3}, IP {ip:.3} (chips of the pot of {})",
                        report.pot
                    )
                    .unwrap(),
                    None => {
                        writeln!(out, "  EV here: none (the strategies never take this line)")
                            .unwrap();
                    }
                }
            }
            for (action, frequency) in report.actions.iter().zip(&report.frequencies) {
                writeln!(
                    out,
                    "  {:<12}{:>7.2}%",
                    action.to_string(),
                    100.0 * frequency
                )
                .unwrap();
            }
            for (action, by_class) in report.actions.iter().zip(&report.by_class) {
                out.push('\n');
                out.push_str(&grid(
                    &format!("{action} (percent of each hand; pairs on the diagonal, suited above it, offsuit below)"),
                    by_class,
                ));
            }
        }
    }
    out
}

/// The summary as one line of JSON.
pub fn json(summary: &Summary) -> String {
    let mut out = String::from("{");
    write!(
        out,
        "\"exploitability\":{}",
        number(100.0 * summary.exploitability)
    )
    .unwrap();
    write!(out, ",\"iterations\":{}", summary.iterations).unwrap();
    write!(out, ",\"locked_nodes\":{}", summary.locked_nodes).unwrap();
    write!(
        out,
        ",\"ev\":[{},{}]",
        number(summary.ev[0]),
        number(summary.ev[1])
    )
    .unwrap();
    write!(
        out,
        ",\"equity\":[{},{}]",
        number(summary.equity[0]),
        number(summary.equity[1])
    )
    .unwrap();
    write!(out, ",\"root\":{}", actions_json(&summary.root)).unwrap();
    if let Some((line, place)) = &summary.line {
        write!(out, ",\"line\":\"{}\"", json_text(line)).unwrap();
        match place {
            Place::Decision(report) => {
                write!(out, ",\"node\":{}", actions_json(report)).unwrap();
                match report.ev {
                    Some([oop, ip]) => {
                        write!(out, ",\"node_ev\":[{},{}]", number(oop), number(ip)).unwrap();
                    }
                    None => out.push_str(",\"node_ev\":null"),
                }
            }
            Place::Chance => out.push_str(",\"node\":\"chance\""),
            Place::Terminal => out.push_str(",\"node\":\"terminal\""),
        }
    }
    let [flop, turn, river] = summary.nodes;
    write!(out, ",\"nodes\":[{flop},{turn},{river}]").unwrap();
    write!(out, ",\"memory_bytes\":{}}}", summary.memory_bytes).unwrap();
    out.push('\n');
    out
}

fn actions_json(report: &NodeReport) -> String {
    let items: Vec<String> = report
        .actions
        .iter()
        .zip(&report.frequencies)
        .map(|(action, frequency)| {
            format!(
                "{{\"action\":\"{action}\",\"frequency\":{}}}",
                number(*frequency)
            )
        })
        .collect();
    format!("[{}]", items.join(","))
}

/// Text inside a JSON string: quotes, backslashes and control characters escaped.
pub fn json_text(text: &str) -> String {
    let mut escaped = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '"' => escaped.push_str("\\\""),
            '\\' => escaped.push_str("\\\\"),
            c if u32::from(c) < 0x20 => write!(escaped, "\\u{:04x}", u32::from(c)).unwrap(),
            c => escaped.push(c),
        }
    }
    escaped
}

/// A figure to nine significant digits, as JSON: the same on every machine and interface.
fn number(value: f64) -> String {
    let text = format!("{value:.9e}");
    let parsed: f64 = text.parse().expect("a float's own text");
    // The shortest text that reads back as the rounded figure.
    let shortest = format!("{parsed}");
    if shortest == "-0" {
        "0".to_string()
    } else {
        shortest
    }
}

/// A 13 × 13 grid of percentages under a title line, `-` where a hand is not in the range.
fn grid(title: &str, by_class: &[Option<f64>]) -> String {
    const WIDTH: usize = 6;
    let mut out = format!("{title}\n   ");
    for rank in Rank::ALL.iter().rev() {
        write!(out, "{:>WIDTH$}", rank.to_char()).unwrap();
    }
    for (row, rank) in by_class.chunks(13).zip(Rank::ALL.iter().rev()) {
        write!(out, "\n{:>3}", rank.to_char()).unwrap();
        for cell in row {
            match cell {
                None => write!(out, "{:>WIDTH$}", "-").unwrap(),
                Some(share) => write!(out, "{:>WIDTH$.1}", 100.0 * share).unwrap(),
            }
        }
    }
    out.push('\n');
    out
}
