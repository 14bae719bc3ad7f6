//! Every golden case in `testdata/holdem-equity/`, through the library and its command line.

use clap::Parser;
use holdem_equity::{cli::Cli, run};

#[test]
fn every_golden_case_passes() {
    golden_cases::check_all("holdem-equity", |input, args| {
        let cli = Cli::try_parse_from(
            std::iter::once("holdem-equity").chain(args.iter().map(String::as_str)),
        )
        .map_err(|err| err.to_string())?;
        run(input, &cli.options).map_err(|err| err.to_string())
    });
}

#[test]
fn every_golden_case_passes_through_the_binary() {
    golden_cases::check_all_through_binary(
        "holdem-equity",
        std::path::Path::new(env!("CARGO_BIN_EXE_holdem-equity")),
    );
}
