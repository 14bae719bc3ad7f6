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
/// by `rustc` alone as a judge would (`rustc --edition 2021 -O` unless told otherwise; a warning
/// fails it too), and run on the golden cases that use no options, the input on stdin, as a
/// judge runs it.
pub fn run_bundled(problem: Option<&str>, rustc: bundle::Rustc) -> anyhow::Result<()> {
    let problems = problems::chosen_for_bundles(problem)?;
    let mut rows = Vec::new();
    let mut failed = 0;
    let sources = bundle::write_all(&problems)?;
    for (problem, source) in problems.iter().map(|problem| problem.name).zip(sources) {
        let size = std::fs::metadata(&source)?.len();
        let program = source.with_extension("");
        let started = Instant::now();
        rustc.compile(&source, &program)?;
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
        for stale in stale_size_quotes(problem, size)? {
            failed += 1;
            eprintln!("FAILED {problem} (bundled): {stale}");
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
        bail!("{failed} golden case(s) or quoted sizes failed through the bundles");
    }
    Ok(())
}

/// The documents that quote a bundle's size and do not quote `size`: the README's table and the
/// problem's page in kilobytes (`50.6 KB`), BENCHMARKS.md's table in bytes (`50,579`). Sizes
/// are quoted in three places; this keeps them the bundle's own (issue 29 found two of them
/// disagreeing).
fn stale_size_quotes(problem: &str, size: u64) -> anyhow::Result<Vec<String>> {
    let root = golden_cases::workspace_root();
    let kilobytes = format!("{:.1} KB", size as f64 / 1000.0);
    let bytes = thousands(size);
    let quotes = [
        (
            "README.md".to_string(),
            format!("| `{problem}` |"),
            &kilobytes,
        ),
        (
            format!("docs/problems/{problem}.md"),
            "| bundle (".to_string(),
            &kilobytes,
        ),
        (
            "BENCHMARKS.md".to_string(),
            format!("| {problem} | "),
            &bytes,
        ),
    ];
    let mut stale = Vec::new();
    for (document, row_start, expected) in quotes {
        let text = std::fs::read_to_string(root.join(&document))
            .with_context(|| format!("reading {document}"))?;
        let quoted = text
            .lines()
            .filter(|line| line.starts_with(&row_start))
            .any(|row| row.contains(expected.as_str()));
        if !quoted {
            stale.push(format!(
                "{document} does not quote the bundle's size, {expected}, in a row '{row_start}'"
            ));
        }
    }
    Ok(stale)
}

/// `63548` as `63,548`.
fn thousands(number: u64) -> String {
    let digits = number.to_string();
    let mut text = String::new();
    for (index, digit) in digits.chars().enumerate() {
        if index > 0 && (digits.len() - index).is_multiple_of(3) {
            text.push(',');
        }
        text.push(digit);
    }
    text
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

#[cfg(test)]
mod tests {
    use super::thousands;

    #[test]
    fn thousands_are_separated_by_commas() {
        assert_eq!(thousands(7), "7");
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(63_548), "63,548");
        assert_eq!(thousands(1_234_567), "1,234,567");
    }
}
