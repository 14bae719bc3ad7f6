//! Compiles OMPEval's hand evaluator, from the checkout `OMPEVAL_DIR` names, with the C shim
//! `src/shim.cpp`, as OMPEval's own README builds it for speed: `-O3 -march=native`.

use std::env;
use std::path::PathBuf;

fn main() {
    println!("cargo:rerun-if-env-changed=OMPEVAL_DIR");
    println!("cargo:rerun-if-changed=src/shim.cpp");
    let Some(dir) = env::var_os("OMPEVAL_DIR").map(PathBuf::from) else {
        panic!(
            "set OMPEVAL_DIR to a checkout of https://github.com/zekyll/OMPEval (scripts/race-ompeval does)"
        );
    };
    let evaluator = dir.join("omp/HandEvaluator.cpp");
    println!("cargo:rerun-if-changed={}", evaluator.display());
    cc::Build::new()
        .cpp(true)
        .std("c++14")
        .opt_level(3)
        .flag("-march=native")
        .include(&dir)
        .file(evaluator)
        .file("src/shim.cpp")
        .compile("ompeval");
}
