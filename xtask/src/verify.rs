//! `cargo xtask verify`: every golden case through the release binaries.

use std::path::Path;
use std::time::Instant;

use anyhow::{Context, bail};
use golden_cases::{Case, Outcome};

use crate::{build, bundle, problems};

/// Verifies `problem` (or every problem), or rewrites expected outputs with `bless`.
pub fn run(problem: Option<&str>, bless: bool) -> anyhow::Result<()> {
    if bless && std::env::var_os("CI").is_some() {
        bail!("refusing to --bless with CI set: expected outputs change only by hand, locally");
    }
    let problems = problems::chosen(problem)?;
    if bless {
        for problem in &problems {
            create_missing_outputs(problem.name)?;
        }
    }
    build::release_binaries(&problems)?;

    let root = golden_cases::workspace_root();
    let mut rows = Vec::new();
    let mut failed = 0;
    for problem in problems.iter().map(|problem| problem.name) {
        let cases =
            golden_cases::cases(problem).with_context(|| format!("reading testdata/{problem}"))?;
        if cases.is_empty() {
            bail!("testdata/{problem} has no cases");
        }
        let binary = build::binary_path(problem);
        let started = Instant::now();
        let mut passed = 0;
        for case in &cases {
            let outcome = case.run(&binary).map_err(anyhow::Error::msg)?;
            if bless {
                bless_case(case, &outcome)?;
                passed += 1;
                continue;
            }
            match case.compare(&outcome.stdout, outcome.failure.as_deref()) {
                None => passed += 1,
                Some(problem) => {
                    failed += 1;
                    eprintln!("FAILED {}/{}: {problem}", case.problem, case.name);
                    eprintln!("  reproduce: {}\n", reproduce_command(&root, &binary, case));
                }
            }
        }
        let seconds = started.elapsed().as_secs_f64();
        eprintln!(
            "{problem}: {passed} of {} cases passed in {seconds:.2} s",
            cases.len()
        );
        rows.push((problem, cases.len(), passed, seconds));
    }

    println!(
        "{:<20} {:>6} {:>7} {:>9}",
        "problem", "cases", "passed", "time"
    );
    for (problem, cases, passed, seconds) in &rows {
        println!("{problem:<20} {cases:>6} {passed:>7} {seconds:>7.2} s");
    }
    if bless {
        println!("expected outputs rewritten; review them with `git diff testdata/`");
    }
    if failed > 0 {
        bail!("{failed} golden case(s) failed");
    }
    Ok(())
}

/// Verifies the single-file bundles of `problem` (or every problem): each is written, compiled
/// with `rustc --edition 2021 -O` alone (a warning fails it too), and run on the golden cases
/// that use no options, the input on stdin, as a judge runs it.
pub fn run_bundled(problem: Option<&str>) -> anyhow::Result<()> {
    let problems = problems::chosen(problem)?;
    let workspace = bundle::Workspace::read()?;
    let mut rows = Vec::new();
    let mut failed = 0;
    for problem in problems.iter().map(|problem| problem.name) {
        let source = bundle::write(&workspace, problem)?;
        let size = std::fs::metadata(&source)?.len();
        let program = source.with_extension("");
        let started = Instant::now();
        bundle::compile(&source, &program)?;
        let compile_seconds = started.elapsed().as_secs_f64();

        let cases =
            golden_cases::cases(problem).with_context(|| format!("reading testdata/{problem}"))?;
        let started = Instant::now();
        let (mut passed, mut skipped) = (0, 0);
        for case in &cases {
            // A bundle takes no options; one thread is what it always uses.
            if !(case.args.is_empty() || case.args == ["--threads", "1"]) {
                skipped += 1;
                continue;
            }
            let outcome = case.run_on_stdin(&program).map_err(anyhow::Error::msg)?;
            match case.compare(&outcome.stdout, outcome.failure.as_deref()) {
                None => passed += 1,
                Some(difference) => {
                    failed += 1;
                    eprintln!("FAILED {problem}/{} (bundled): {difference}", case.name);
                    eprintln!(
                        "  reproduce: {} < {}\n",
                        program.display(),
                        case.sibling("in").display()
                    );
                }
            }
        }
        let seconds = started.elapsed().as_secs_f64();
        eprintln!(
            "{problem} (bundled, {size} bytes, compiled in {compile_seconds:.1} s): {passed} of \
             {} cases passed in {seconds:.2} s, {skipped} with options skipped",
            cases.len() - skipped
        );
        rows.push((
            problem,
            size,
            cases.len() - skipped,
            passed,
            skipped,
            seconds,
        ));
    }

    println!(
        "{:<20} {:>7} {:>6} {:>7} {:>8} {:>9}",
        "bundle", "bytes", "cases", "passed", "skipped", "time"
    );
    for (problem, size, cases, passed, skipped, seconds) in &rows {
        println!("{problem:<20} {size:>7} {cases:>6} {passed:>7} {skipped:>8} {seconds:>7.2} s");
    }
    if failed > 0 {
        bail!("{failed} golden case(s) failed through the bundles");
    }
    Ok(())
}

/// Gives every input of `problem` without an expected output an empty one, for `--bless` to fill.
fn create_missing_outputs(problem: &str) -> anyhow::Result<()> {
    let folder = golden_cases::testdata_dir().join(problem);
    for entry in
        std::fs::read_dir(&folder).with_context(|| format!("reading {}", folder.display()))?
    {
        let input = entry?.path();
        let output = input.with_extension("out");
        if input.extension().is_some_and(|extension| extension == "in") && !output.exists() {
            std::fs::write(&output, "")?;
            eprintln!("created {}", output.display());
        }
    }
    Ok(())
}

fn bless_case(case: &Case, outcome: &Outcome) -> anyhow::Result<()> {
    std::fs::write(case.sibling("out"), &outcome.stdout)?;
    match &outcome.failure {
        Some(stderr) => std::fs::write(case.sibling("err"), stderr)?,
        None if case.expected_stderr.is_some() => std::fs::remove_file(case.sibling("err"))?,
        None => {}
    }
    Ok(())
}

fn reproduce_command(root: &Path, binary: &Path, case: &Case) -> String {
    let relative = |path: &Path| {
        path.strip_prefix(root)
            .unwrap_or(path)
            .display()
            .to_string()
    };
    let expected = if case.expected_stderr.is_some() {
        "err"
    } else {
        "out"
    };
    let stream = if case.expected_stderr.is_some() {
        " 2>&1 >/dev/null"
    } else {
        ""
    };
    let mut command = relative(binary);
    for arg in &case.args {
        command.push(' ');
        command.push_str(arg);
    }
    if let Some(input) = &case.input_path {
        command.push(' ');
        command.push_str(&relative(input));
    }
    format!(
        "{command}{stream} | diff - {}",
        relative(&case.sibling(expected))
    )
}
