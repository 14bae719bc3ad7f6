//! Every golden case in `testdata/texas-best-hand/`, through the library.

use cards_core::HoleCardRule;
use texas_best_hand::{Options, run};

#[test]
fn every_golden_case_passes() {
    golden_cases::check_all("texas-best-hand", |input, args| {
        let mut options = Options::default();
        for arg in args {
            match arg.as_str() {
                "--both-hole-cards" => options.rule = HoleCardRule::BothHoleCards,
                other => panic!("unknown argument {other} in a golden case"),
            }
        }
        run(input, &options).map_err(|err| err.to_string())
    });
}
