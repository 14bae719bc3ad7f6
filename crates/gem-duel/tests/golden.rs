//! Every golden case in `testdata/gem-duel/`, through the library.

use gem_duel::{Options, run};

#[test]
fn every_golden_case_passes() {
    golden_cases::check_all("gem-duel", |input, args| {
        let mut options = Options::default();
        for arg in args {
            match arg.as_str() {
                "--explain" => options.explain = true,
                other => panic!("unknown argument {other} in a golden case"),
            }
        }
        run(input, &options).map_err(|err| err.to_string())
    });
}
