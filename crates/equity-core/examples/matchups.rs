//! equity-core from a program of your own: a hand against a hand, ranges with weights on a
//! flop, a sampled three-way pot with a progress line, and a row of the preflop chart.
//!
//! Run with `cargo run -p equity-core --example matchups`.

use equity_core::{
    Counted, EquityError, Matchup, Method, RangeMatchup, Sampling, Silent, Threads, chart, equity,
    range_equity,
};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let threads = Threads::available();
    let card = |text: &str| text.parse();

    // Hand against hand, every board counted: whole numbers of boards and split pots.
    let matchup = Matchup {
        players: vec![[card("AS")?, card("KS")?], [card("QD")?, card("QC")?]],
        board: vec![],
        dead: vec![],
    };
    let counts = equity(&matchup, threads)?;
    println!("AS KS against QD QC over {} boards:", counts.boards);
    for player in 0..2 {
        let shares = counts.shares(player);
        println!(
            "  player {}: wins {} boards, equity {:.4}%",
            player + 1,
            counts.wins[player],
            100.0 * shares.equity()
        );
    }

    // Ranges with weights on a flop, exactly.
    let flop = RangeMatchup {
        ranges: vec!["QQ+, AKs, JTo:0.2".parse()?, "random".parse()?],
        board: vec![card("AH")?, card("7C")?, card("2D")?],
        dead: vec![],
    };
    let result = range_equity(&flop, Method::Exact, threads, &Silent)?;
    println!(
        "QQ+, AKs, JTo:0.2 against a random hand on AH 7C 2D: {:.4}%",
        100.0 * result.players[0].equity()
    );

    // Three players, sampled with a seed, with a progress line on stderr.
    let three_way = RangeMatchup {
        ranges: vec!["AsKs".parse()?, "random".parse()?, "random".parse()?],
        board: vec![],
        dead: vec![],
    };
    let sampling = Sampling {
        seed: 1,
        standard_error: 0.001,
        time_limit: None,
    };
    let progress = |done: f64| eprint!("\r  sampling: {:3.0}%", 100.0 * done);
    let result = range_equity(&three_way, Method::Sampled(sampling), threads, &progress)?;
    eprintln!();
    if let Counted::Sampled {
        standard_errors, ..
    } = &result.counted
    {
        println!(
            "AsKs against two random hands: {:.2}% ± {:.2}",
            100.0 * result.players[0].equity(),
            100.0 * standard_errors[0]
        );
    }

    // The chart against two random hands, roughly: its first row, the ace's.
    let quick = Method::Sampled(Sampling {
        standard_error: 0.005,
        ..Sampling::default()
    });
    let chart = match chart(2, quick, threads, &Silent) {
        Ok(chart) => chart,
        Err(EquityError::Cancelled) => unreachable!("Silent never cancels"),
        Err(err) => return Err(err.into()),
    };
    let row: Vec<String> = chart.entries[..13]
        .iter()
        .map(|entry| format!("{} {:.0}%", entry.class, 100.0 * entry.shares.equity()))
        .collect();
    println!("against two random hands: {}", row.join(" "));
    Ok(())
}
