//! Building the problems' release binaries and finding them.

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::process::Command;

use anyhow::{Context, bail};

use crate::problems::Problem;

/// Builds the release binaries of `problems`, with cargo's own progress on stderr (a cold build
/// takes about a minute), so that `cargo run --release -p <problem>` afterwards runs them without
/// compiling anything again.
///
/// One cargo call builds several packages with the union of their dependencies' features, and
/// `cargo run -p gdy` alone builds gdy with gdy's features only (judge-io without its card
/// reader, say): a binary built the first way would be built again the second. So the problems
/// are built in as few calls as keep every package's features its own: those whose dependencies
/// agree on every shared package's features go together.
pub fn release_binaries(problems: &[&Problem]) -> anyhow::Result<()> {
    let mut groups: Vec<(Vec<&str>, Features)> = Vec::new();
    for problem in problems {
        let features = features_of(problem.name)?;
        match groups.iter_mut().find(|(_, group)| agree(group, &features)) {
            Some((names, group)) => {
                names.push(problem.name);
                group.extend(features);
            }
            None => groups.push((vec![problem.name], features)),
        }
    }
    for (names, _) in groups {
        let mut command = cargo();
        command.args(["build", "--release", "--bins"]);
        for name in names {
            command.args(["--package", name]);
        }
        let status = command.status().context("running cargo build")?;
        if !status.success() {
            bail!("cargo build --release failed");
        }
    }
    Ok(())
}

/// Each package in a binary's build (`name version`) and its enabled features.
type Features = BTreeMap<String, String>;

/// The packages and features `cargo build -p package` builds, from `cargo tree`.
fn features_of(package: &str) -> anyhow::Result<Features> {
    let output = cargo()
        .args(["tree", "--edges", "normal,build", "--prefix", "none"])
        .args(["--format", "{p}|{f}", "--package", package])
        .output()
        .context("running cargo tree")?;
    if !output.status.success() {
        bail!(
            "cargo tree -p {package} failed: {}",
            String::from_utf8_lossy(&output.stderr).trim_end()
        );
    }
    Ok(parse_tree(&String::from_utf8_lossy(&output.stdout)))
}

/// The packages and their features in `cargo tree --format '{p}|{f}'`'s output.
fn parse_tree(text: &str) -> Features {
    text.lines()
        .filter_map(|line| line.split_once('|'))
        // `(*)`, after the features, marks a package already listed with the same features.
        .map(|(package, features)| {
            (
                package.to_string(),
                features.trim_end_matches(" (*)").to_string(),
            )
        })
        .collect()
}

/// Whether two builds enable the same features on every package they share.
fn agree(one: &Features, other: &Features) -> bool {
    one.iter()
        .all(|(package, features)| other.get(package).is_none_or(|theirs| theirs == features))
}

/// Cargo, run from the workspace's root.
pub fn cargo() -> Command {
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let mut command = Command::new(cargo);
    command.current_dir(golden_cases::workspace_root());
    command
}

/// Where the release binary of `problem` is.
pub fn binary_path(problem: &str) -> PathBuf {
    target_dir().join("release").join(problem)
}

/// Cargo's target folder: `CARGO_TARGET_DIR`, or `target/` at the workspace's root.
pub fn target_dir() -> PathBuf {
    std::env::var_os("CARGO_TARGET_DIR").map_or_else(
        || golden_cases::workspace_root().join("target"),
        PathBuf::from,
    )
}

#[cfg(test)]
mod tests {
    use super::{Features, agree, parse_tree};

    fn features(pairs: &[(&str, &str)]) -> Features {
        pairs
            .iter()
            .map(|&(package, features)| (package.to_string(), features.to_string()))
            .collect()
    }

    #[test]
    fn builds_agree_when_every_shared_package_has_the_same_features() {
        let gdy = features(&[("gdy v0.1.0", "cli,default"), ("judge-io v0.0.0", "")]);
        let texas = features(&[
            ("texas v0.1.0", "cli,default"),
            ("judge-io v0.0.0", "cards"),
        ]);
        let triangle = features(&[("triangle v0.1.0", ""), ("judge-io v0.0.0", "")]);
        let cards = features(&[("cards-core v0.0.0", "")]);
        assert!(!agree(&gdy, &texas));
        assert!(!agree(&texas, &gdy));
        assert!(agree(&gdy, &triangle));
        assert!(agree(&gdy, &cards));
    }

    #[test]
    fn a_package_listed_again_has_the_features_it_was_listed_with() {
        let holdem = parse_tree(
            "judge-io v0.0.0 (/w/crates/judge-io)|cards,progress-bar\n\
             equity-core v0.1.0 (/w/crates/equity-core)|\n\
             equity-core v0.1.0 (/w/crates/equity-core)| (*)\n\
             judge-io v0.0.0 (/w/crates/judge-io)|cards,progress-bar (*)\n",
        );
        assert_eq!(holdem["equity-core v0.1.0 (/w/crates/equity-core)"], "");
        assert_eq!(
            holdem["judge-io v0.0.0 (/w/crates/judge-io)"],
            "cards,progress-bar"
        );
        let same = parse_tree(
            "judge-io v0.0.0 (/w/crates/judge-io)|cards,progress-bar\n\
             equity-core v0.1.0 (/w/crates/equity-core)|\n",
        );
        let other = parse_tree("judge-io v0.0.0 (/w/crates/judge-io)|progress-bar\n");
        assert!(agree(&holdem, &same));
        assert!(!agree(&holdem, &other));
    }
}
