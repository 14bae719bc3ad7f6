//! Equilibria and threshold tables as text grids, CSV, JSON and SVG. Frequencies are fractions
//! from 0 to 1 in CSV and JSON (six decimals) and percent in the grids. Each hand's gain over
//! folding (with `gains`) is in big blinds, or shares of the prize pool under ICM, in full in
//! CSV and JSON; the grids write it in big blinds or percent of the pool, with two decimals.

use std::fmt::Write as _;

use cards_core::Rank;
use cards_core::holdem::HandClass;

use crate::setup::{Payoff, Setup};
use crate::solve::{Equilibrium, Strategy};
use crate::thresholds::Thresholds;

/// Ranks from the ace down: the grid's rows and columns.
fn ranks_down() -> impl Iterator<Item = Rank> {
    Rank::ALL.into_iter().rev()
}

/// A list of numbers as the input writes them, which its parser reads back exactly: `10,10`.
pub fn number_list(values: &[f64]) -> String {
    values
        .iter()
        .map(f64::to_string)
        .collect::<Vec<_>>()
        .join(",")
}

/// One line saying what was solved: `heads-up, stacks 10,10 bb, blinds 0.5,1, ante 0, chips`.
pub fn describe(setup: &Setup) -> String {
    let players = match setup.stacks.len() {
        2 => "heads-up",
        _ => "three-handed",
    };
    format!(
        "push/fold {players}, stacks {} bb, {}",
        number_list(&setup.stacks),
        blinds_and_payoff(setup)
    )
}

/// `blinds 0.5,1, ante 0, for chips` or `..., ICM, payouts 50,30,20, other stacks 20`.
fn blinds_and_payoff(setup: &Setup) -> String {
    let payoff = match &setup.payoff {
        Payoff::Chips => "for chips".to_string(),
        Payoff::Icm { payouts, others } if others.is_empty() => {
            format!("ICM, payouts {}", number_list(payouts))
        }
        Payoff::Icm { payouts, others } => {
            format!(
                "ICM, payouts {}, other stacks {}",
                number_list(payouts),
                number_list(others)
            )
        }
    };
    format!(
        "blinds {}, ante {}, {payoff}",
        number_list(&setup.blinds),
        setup.ante
    )
}

/// `small blind pushes` or `big blind calls a push`.
pub fn decision_name(setup: &Setup, strategy: &Strategy) -> String {
    let decision = strategy.decision;
    let seat = setup.seat_name(decision.seat);
    let does = match decision.action {
        "push" => "pushes",
        _ => "calls",
    };
    if decision.facing.is_empty() {
        format!("{seat} {does}")
    } else {
        format!("{seat} {does} {}", decision.facing)
    }
}

/// Each player's gain from a best response, its decisions' added up (they are taken in
/// different hands), in seat order.
pub fn by_player(setup: &Setup, equilibrium: &Equilibrium) -> Vec<f64> {
    let mut gains = vec![0.0; setup.stacks.len()];
    for (strategy, gain) in equilibrium
        .strategies
        .iter()
        .zip(&equilibrium.exploitability)
    {
        gains[strategy.decision.seat] += gain;
    }
    gains
}

/// The unit exploitability is measured in.
fn unit(setup: &Setup) -> &'static str {
    match setup.payoff {
        Payoff::Chips => "bb",
        Payoff::Icm { .. } => "share of the prize pool",
    }
}

/// A 13 × 13 grid of cells in the grid's order, each `width` wide, under a title line.
fn grid(title: &str, width: usize, cells: impl Iterator<Item = String>) -> String {
    let mut output = format!("{title}\n   ");
    for rank in ranks_down() {
        write!(output, "{:>width$}", rank.to_char()).unwrap();
    }
    let cells: Vec<String> = cells.collect();
    for (row, rank) in cells.chunks(13).zip(ranks_down()) {
        write!(output, "\n{:>3}", rank.to_char()).unwrap();
        for cell in row {
            write!(output, "{cell:>width$}").unwrap();
        }
    }
    output.push('\n');
    output
}

/// A gain in a grid: big blinds, or percent of the prize pool, with two decimals and a sign
/// (`+2.31`, `-0.45`), `0.00` for none; `-` where the hand never faces the decision.
fn gain_cell(setup: &Setup, gain: Option<f64>) -> String {
    let Some(gain) = gain else {
        return "-".to_string();
    };
    let shown = match setup.payoff {
        Payoff::Chips => gain,
        Payoff::Icm { .. } => 100.0 * gain,
    };
    // A gain that rounds to nothing is written without a sign.
    if format!("{:.2}", shown.abs()) == "0.00" {
        "0.00".to_string()
    } else {
        format!("{shown:+.2}")
    }
}

/// The unit of the grids' gains.
fn gain_unit(setup: &Setup) -> &'static str {
    match setup.payoff {
        Payoff::Chips => "bb",
        Payoff::Icm { .. } => "percent of the prize pool",
    }
}

/// A gain in CSV and JSON: in full (the shortest decimal that reads back as the same number, so
/// the page's grids round it as the text does), `missing` where the hand never faces the
/// decision.
fn gain_number(gain: Option<f64>, missing: &str) -> String {
    gain.map_or_else(|| missing.to_string(), |gain| format!("{gain}"))
}

/// A frequency in a grid: `100`, `0`, or mixed with one decimal (`37.5`).
fn percent(frequency: f64) -> String {
    let percent = 100.0 * frequency;
    // Only the pure frequencies, 0 and 1, are written without a decimal.
    if frequency.fract() == 0.0 {
        format!("{percent:.0}")
    } else {
        format!("{percent:.1}")
    }
}

/// The equilibrium for a terminal: what was solved, how exploitable it is, and a grid of
/// frequencies per decision, each followed by a grid of the hands' gains if `gains`.
pub fn text(setup: &Setup, equilibrium: &Equilibrium, gains: bool) -> String {
    let each_player: Vec<String> = by_player(setup, equilibrium)
        .iter()
        .enumerate()
        .map(|(seat, gain)| format!("{} {gain:.6}", setup.seat_name(seat)))
        .collect();
    let mut output = format!(
        "{}\nexploitability ({} per hand): {}\n",
        describe(setup),
        unit(setup),
        each_player.join(", ")
    );
    for strategy in &equilibrium.strategies {
        output.push('\n');
        output.push_str(&grid(
            &format!(
                "{} (percent of each hand; pairs on the diagonal, suited above it, offsuit below)",
                decision_name(setup, strategy)
            ),
            6,
            strategy
                .frequencies
                .iter()
                .map(|&frequency| percent(frequency)),
        ));
        if gains {
            output.push('\n');
            output.push_str(&grid(
                &format!(
                    "{}: what each hand gains over folding ({} per hand facing it; - for none)",
                    decision_name(setup, strategy),
                    gain_unit(setup)
                ),
                7,
                strategy.gains.iter().map(|&gain| gain_cell(setup, gain)),
            ));
        }
    }
    output
}

/// `hand,combos,` then a column per decision (`small_blind_push`, `big_blind_call`), and if
/// `gains` one of each decision's gains (`small_blind_push_gain`, empty where the hand never
/// faces it); a row per hand in the grid's order.
pub fn csv(equilibrium: &Equilibrium, gains: bool) -> String {
    let mut output = String::from("hand,combos");
    for strategy in &equilibrium.strategies {
        write!(output, ",{}", strategy.decision.column).unwrap();
    }
    if gains {
        for strategy in &equilibrium.strategies {
            write!(output, ",{}_gain", strategy.decision.column).unwrap();
        }
    }
    output.push('\n');
    for (index, hand) in HandClass::all().enumerate() {
        write!(output, "{hand},{}", hand.combo_count()).unwrap();
        for strategy in &equilibrium.strategies {
            write!(output, ",{:.6}", strategy.frequencies[index]).unwrap();
        }
        if gains {
            for strategy in &equilibrium.strategies {
                write!(output, ",{}", gain_number(strategy.gains[index], "")).unwrap();
            }
        }
        output.push('\n');
    }
    output
}

/// JSON text of a list of numbers.
fn json_list(values: &[f64]) -> String {
    format!("[{}]", number_list(values))
}

/// One line of JSON: the setup, the exploitability by decision, and each decision's frequency
/// by hand, and if `gains` its gain by hand (`null` where the hand never faces it).
pub fn json(setup: &Setup, equilibrium: &Equilibrium, gains: bool) -> String {
    let payoff = match &setup.payoff {
        Payoff::Chips => "\"chips\"".to_string(),
        Payoff::Icm { payouts, others } => format!(
            "{{\"icm\":{},\"others\":{}}}",
            json_list(payouts),
            json_list(others)
        ),
    };
    let mut output = format!(
        "{{\"stacks\":{},\"blinds\":{},\"ante\":{},\"payoff\":{payoff},\"iterations\":{},\
         \"decisions\":[",
        json_list(&setup.stacks),
        json_list(&setup.blinds),
        setup.ante,
        equilibrium.iterations
    );
    for (index, (strategy, gain)) in equilibrium
        .strategies
        .iter()
        .zip(&equilibrium.exploitability)
        .enumerate()
    {
        let decision = strategy.decision;
        if index > 0 {
            output.push(',');
        }
        write!(
            output,
            "{{\"seat\":\"{}\",\"action\":\"{}\",\"facing\":\"{}\",\"exploitability\":{gain:e},\
             \"frequencies\":{{",
            setup.seat_name(decision.seat),
            decision.action,
            decision.facing
        )
        .unwrap();
        for (index, (hand, frequency)) in HandClass::all().zip(&strategy.frequencies).enumerate() {
            if index > 0 {
                output.push(',');
            }
            write!(output, "\"{hand}\":{frequency:.6}").unwrap();
        }
        output.push('}');
        if gains {
            output.push_str(",\"gains\":{");
            for (index, (hand, &gain)) in HandClass::all().zip(&strategy.gains).enumerate() {
                if index > 0 {
                    output.push(',');
                }
                write!(output, "\"{hand}\":{}", gain_number(gain, "null")).unwrap();
            }
            output.push('}');
        }
        output.push('}');
    }
    output.push_str("]}\n");
    output
}

/// A cell's colour: from light grey (never) to green (always).
#[expect(
    clippy::cast_possible_truncation,
    clippy::cast_sign_loss,
    reason = "a channel between two channels from 0 to 255"
)]
fn colour(frequency: f64) -> String {
    const NEVER: [f64; 3] = [238.0, 238.0, 238.0];
    const ALWAYS: [f64; 3] = [46.0, 139.0, 87.0];
    let part = frequency.clamp(0.0, 1.0);
    let channel =
        |index: usize| (NEVER[index] + (ALWAYS[index] - NEVER[index]) * part).round() as u8;
    format!("#{:02x}{:02x}{:02x}", channel(0), channel(1), channel(2))
}

/// The equilibrium as an SVG picture: a grid per decision, side by side, each cell as green as
/// the hand's frequency, with the hand and its percent written in it.
pub fn svg(setup: &Setup, equilibrium: &Equilibrium) -> String {
    const CELL: usize = 40;
    const MARGIN: usize = 24;
    const TOP: usize = 84;
    // Three grids a row at most: below the first row, room for each grid's title.
    const PER_ROW: usize = 3;
    const ROW_GAP: usize = 48;
    let grid = 13 * CELL;
    let decisions = equilibrium.strategies.len();
    let (columns, rows) = (decisions.min(PER_ROW), decisions.div_ceil(PER_ROW));
    let (width, height) = (
        MARGIN + columns * (grid + MARGIN),
        TOP + rows * grid + (rows - 1) * ROW_GAP + MARGIN,
    );
    let mut svg = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" \
         viewBox=\"0 0 {width} {height}\" font-family=\"sans-serif\">\n\
         <rect width=\"{width}\" height=\"{height}\" fill=\"white\"/>\n\
         <text x=\"{MARGIN}\" y=\"26\" font-size=\"16\">{}</text>\n",
        describe(setup)
    );
    for (place, strategy) in equilibrium.strategies.iter().enumerate() {
        let left = MARGIN + place % PER_ROW * (grid + MARGIN);
        let top = TOP + place / PER_ROW * (grid + ROW_GAP);
        writeln!(
            svg,
            "<text x=\"{left}\" y=\"{}\" font-size=\"14\">{} (percent)</text>",
            top - 12,
            decision_name(setup, strategy)
        )
        .unwrap();
        for (index, (hand, &frequency)) in HandClass::all().zip(&strategy.frequencies).enumerate() {
            let (x, y) = (left + index % 13 * CELL, top + index / 13 * CELL);
            let ink = if frequency > 0.6 { "white" } else { "black" };
            write!(
                svg,
                "<rect x=\"{x}\" y=\"{y}\" width=\"{CELL}\" height=\"{CELL}\" fill=\"{}\" \
                 stroke=\"white\"/>\n\
                 <text x=\"{}\" y=\"{}\" font-size=\"11\" font-weight=\"bold\" fill=\"{ink}\" \
                 text-anchor=\"middle\">{hand}</text>\n\
                 <text x=\"{}\" y=\"{}\" font-size=\"10\" fill=\"{ink}\" \
                 text-anchor=\"middle\">{}</text>\n",
                colour(frequency),
                x + CELL / 2,
                y + 16,
                x + CELL / 2,
                y + 31,
                percent(frequency)
            )
            .unwrap();
        }
    }
    svg.push_str("</svg>\n");
    svg
}

/// A stack in the threshold table: `7.7`, `20`, or `-` where the hand never plays.
fn stack(largest: Option<f64>) -> String {
    largest.map_or_else(
        || "-".to_string(),
        |stack| format!("{}", (stack * 100.0).round() / 100.0),
    )
}

/// The threshold table for a terminal: a grid per decision of each hand's largest stack.
pub fn thresholds_text(setup: &Setup, table: &Thresholds) -> String {
    let (from, to) = (table.stacks[0], table.stacks[table.stacks.len() - 1]);
    let mut output = format!(
        "push/fold heads-up, equal stacks from {} to {} bb ({} stacks), {}\n\
         the largest stack at which each hand pushes or calls (at least half the time); \
         - for none\n\
         worst exploitability of an equilibrium solved: {:.6} {}\n",
        stack(Some(from)),
        stack(Some(to)),
        table.stacks.len(),
        blinds_and_payoff(setup),
        table.worst_exploitability,
        unit(setup)
    );
    for (title, largest) in ["small blind pushes", "big blind calls a push"]
        .iter()
        .zip(&table.largest)
    {
        output.push('\n');
        output.push_str(&grid(
            &format!("{title} (bb; pairs on the diagonal, suited above it, offsuit below)"),
            6,
            largest.iter().map(|&largest| stack(largest)),
        ));
    }
    output
}

/// `hand,combos,push,call`: a row per hand in the grid's order, empty where it never plays.
pub fn thresholds_csv(table: &Thresholds) -> String {
    let mut output = String::from("hand,combos,push,call\n");
    for (index, hand) in HandClass::all().enumerate() {
        let cell = |largest: Option<f64>| largest.map_or_else(String::new, |_| stack(largest));
        writeln!(
            output,
            "{hand},{},{},{}",
            hand.combo_count(),
            cell(table.largest[0][index]),
            cell(table.largest[1][index])
        )
        .unwrap();
    }
    output
}

/// One line of JSON: the stacks solved and each hand's largest stack per decision (`null`
/// where it never plays).
pub fn thresholds_json(setup: &Setup, table: &Thresholds) -> String {
    let mut output = format!(
        "{{\"stacks\":{{\"from\":{},\"to\":{},\"count\":{}}},\"blinds\":{},\"ante\":{},\
         \"worst_exploitability\":{:e},\"hands\":[",
        stack(Some(table.stacks[0])),
        stack(table.stacks.last().copied()),
        table.stacks.len(),
        json_list(&setup.blinds),
        setup.ante,
        table.worst_exploitability
    );
    for (index, hand) in HandClass::all().enumerate() {
        if index > 0 {
            output.push(',');
        }
        let cell =
            |largest: Option<f64>| largest.map_or_else(|| "null".to_string(), |_| stack(largest));
        write!(
            output,
            "{{\"hand\":\"{hand}\",\"push\":{},\"call\":{}}}",
            cell(table.largest[0][index]),
            cell(table.largest[1][index])
        )
        .unwrap();
    }
    output.push_str("]}\n");
    output
}
