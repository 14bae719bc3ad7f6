//! Compiles OMPEval's hand evaluator and equity calculator, from the checkout `OMPEVAL_DIR` names,
//! with the C shims `src/shim.cpp` and `src/equity_shim.cpp`, as OMPEval's own README builds it
//! for speed: `-O3 -march=native`.
//!
//! Its sources are copied into the build's own folder first, with one change for today's
//! compilers: the random generator's `min()` and `max()` made `constexpr`, which the standard
//! library's distributions now require (the checkout itself is left as it is).

use std::env;
use std::fs;
use std::path::{Path, PathBuf};

fn main() {
    println!("cargo:rerun-if-env-changed=OMPEVAL_DIR");
    println!("cargo:rerun-if-changed=src/shim.cpp");
    println!("cargo:rerun-if-changed=src/equity_shim.cpp");
    let Some(dir) = env::var_os("OMPEVAL_DIR").map(PathBuf::from) else {
        panic!(
            "set OMPEVAL_DIR to a checkout of https://github.com/zekyll/OMPEval (scripts/race-ompeval does)"
        );
    };
    let out = PathBuf::from(env::var_os("OUT_DIR").expect("cargo sets OUT_DIR"));
    let copy = out.join("OMPEval");
    copy_folder(&dir.join("omp"), &copy.join("omp"));
    copy_folder(&dir.join("libdivide"), &copy.join("libdivide"));
    let random = copy.join("omp/Random.h");
    let text = fs::read_to_string(&random).expect("omp/Random.h");
    let text = text
        .replace("static uint64_t min()", "static constexpr uint64_t min()")
        .replace("static uint64_t max()", "static constexpr uint64_t max()");
    fs::write(&random, text).expect("writing the copy of omp/Random.h");
    cc::Build::new()
        .cpp(true)
        .std("c++14")
        .opt_level(3)
        .flag("-march=native")
        // EquityCalculator.h uses std::function without including <functional>, which today's
        // standard headers no longer bring in by the way.
        .flag("-include")
        .flag("functional")
        .warnings(false)
        .include(&copy)
        .file(copy.join("omp/HandEvaluator.cpp"))
        .file(copy.join("omp/EquityCalculator.cpp"))
        .file(copy.join("omp/CardRange.cpp"))
        .file(copy.join("omp/CombinedRange.cpp"))
        .file("src/shim.cpp")
        .file("src/equity_shim.cpp")
        .compile("ompeval");
    // The EquityCalculator's threads.
    println!("cargo:rustc-link-lib=pthread");
}

/// Copies the files of `from` into `to` (no subfolders: OMPEval's folders have none).
fn copy_folder(from: &Path, to: &Path) {
    fs::create_dir_all(to).expect("a folder for the copy");
    for entry in fs::read_dir(from).unwrap_or_else(|err| panic!("{}: {err}", from.display())) {
        let path = entry.expect("a folder entry").path();
        println!("cargo:rerun-if-changed={}", path.display());
        if path.is_file() {
            fs::copy(&path, to.join(path.file_name().expect("a file name"))).expect("a copy");
        }
    }
}
