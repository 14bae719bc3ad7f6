//! Every golden case in `testdata/gdy/`, through the library.

use gdy::{Options, run};

#[test]
fn every_golden_case_passes() {
    golden_cases::check_all("gdy", |input, args| {
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
