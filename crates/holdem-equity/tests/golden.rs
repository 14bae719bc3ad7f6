//! Every golden case in `testdata/holdem-equity/`, through the library.

use holdem_equity::{Options, run};

#[test]
fn every_golden_case_passes() {
    golden_cases::check_all("holdem-equity", |input, args| {
        let mut options = Options::default();
        for arg in args {
            match arg.as_str() {
                "--json" => options.json = true,
                other => panic!("unknown argument {other} in a golden case"),
            }
        }
        run(input, &options).map_err(|err| err.to_string())
    });
}
