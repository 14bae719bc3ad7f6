//! A bundle's first stage: which crates a problem's judge path uses, and which features each has
//! on, as Cargo itself resolves them (`cargo tree` of the problem's library without its default
//! features, the command line, and with the features a bundle needs), and where each crate's
//! library source starts (`cargo metadata`: the workspace's own crates, and the registry's as
//! Cargo downloaded them). No feature logic of its own: `dep:`, `dep?/feat`, defaults and implied
//! features mean what Cargo says.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::process::Command;

use anyhow::{Context, bail, ensure};

/// A crate of a bundle: its library's root file, the features it has on, and whether it is one
/// of the workspace's own (or a dependency from outside, the registry's).
#[derive(Debug, PartialEq, Eq)]
pub struct Crate {
    pub lib: PathBuf,
    pub features: BTreeSet<String>,
    pub in_workspace: bool,
}

/// The crates of `problem`'s bundle in the workspace at `root`, by name: `problem` without its
/// default features, each crate in `extra` (`("cards-core", "tables-at-startup")`) with that
/// feature too when the problem uses it. A crate from outside the workspace (the registry's
/// arrayvec, say) must be plain Rust: no build script to run and no procedural macros.
pub fn crates(
    root: &Path,
    problem: &str,
    extra: &[(&str, &str)],
) -> anyhow::Result<BTreeMap<String, Crate>> {
    let libs = libraries(root)?;
    let mut features = tree(root, &[problem], &[])?;
    let (mut packages, mut wanted) = (vec![problem], Vec::new());
    for &(name, feature) in extra {
        if features.contains_key(name) {
            // Selected beside the problem, so the feature can be named whether or not the
            // problem depends on the crate directly; the crate's tree is within the problem's.
            packages.push(name);
            wanted.push(format!("{name}/{feature}"));
        }
    }
    if !wanted.is_empty() {
        features = tree(root, &packages, &wanted)?;
    }
    features
        .into_iter()
        .map(|(name, features)| {
            let (lib, in_workspace) = match libs.get(&name) {
                Some(Library::Source(lib, member)) => (lib.clone(), *member),
                Some(Library::Unbundleable(why)) => bail!("{name} cannot be bundled: {why}"),
                None => bail!("{name} has no library for a bundle to hold"),
            };
            Ok((
                name,
                Crate {
                    lib,
                    features,
                    in_workspace,
                },
            ))
        })
        .collect()
}

/// A package's library as a bundle sees it.
enum Library {
    /// Its root file, and whether the package is a workspace member.
    Source(PathBuf, bool),
    /// Why it cannot be bundled.
    Unbundleable(&'static str),
}

/// Each package of the workspace's graph that has a library (dependencies from the registry
/// included), by name.
fn libraries(root: &Path) -> anyhow::Result<BTreeMap<String, Library>> {
    let output = cargo(root)
        .args(["metadata", "--format-version", "1", "--all-features"])
        .output()
        .context("running cargo metadata")?;
    ensure!(
        output.status.success(),
        "cargo metadata failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    let metadata: serde_json::Value = serde_json::from_slice(&output.stdout)?;
    let members = metadata["workspace_members"]
        .as_array()
        .context("no workspace members")?;
    let mut libraries = BTreeMap::new();
    for package in metadata["packages"].as_array().context("no packages")? {
        let name = package["name"]
            .as_str()
            .context("a package without a name")?;
        let targets = package["targets"].as_array().map_or(&[][..], Vec::as_slice);
        let of_kind = |kind: &str| {
            targets.iter().find(|target| {
                target["kind"]
                    .as_array()
                    .is_some_and(|kinds| kinds.iter().any(|each| each == kind))
            })
        };
        // The workspace's own build scripts have a bundle feature that does their work
        // (cards-core's `tables-at-startup`); another crate's would have to run.
        let member = members.contains(&package["id"]);
        let library = if of_kind("proc-macro").is_some() {
            Library::Unbundleable("it is a procedural macro crate")
        } else if !member && of_kind("custom-build").is_some() {
            Library::Unbundleable("it has a build script")
        } else if let Some(lib) = of_kind("lib").and_then(|target| target["src_path"].as_str()) {
            Library::Source(PathBuf::from(lib), member)
        } else {
            continue;
        };
        libraries.insert(name.to_string(), library);
    }
    Ok(libraries)
}

/// Each crate in the normal dependency trees of `packages` (themselves included) with its
/// features on, for the packages without default features and with `features`
/// (`crate/feature`).
fn tree(
    root: &Path,
    packages: &[&str],
    features: &[String],
) -> anyhow::Result<BTreeMap<String, BTreeSet<String>>> {
    let mut command = cargo(root);
    command.arg("tree");
    for package in packages {
        command.args(["--package", package]);
    }
    command.args([
        "--no-default-features",
        "--edges",
        "normal",
        "--prefix",
        "none",
        "--format",
        "{p}|{f}",
    ]);
    if !features.is_empty() {
        command.args(["--features", &features.join(",")]);
    }
    let output = command.output().context("running cargo tree")?;
    ensure!(
        output.status.success(),
        "cargo tree --package {} failed: {}",
        packages.join(" --package "),
        String::from_utf8_lossy(&output.stderr)
    );
    let mut crates: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    // Trees apart by blank lines; a line is `name v1.2.3 (path)|feature,feature`, perhaps with
    // ` (*)` after a crate seen before.
    for line in String::from_utf8(output.stdout)?.lines() {
        if line.trim().is_empty() {
            continue;
        }
        let (package, on) = line
            .split_once('|')
            .context("cargo tree's line without '|'")?;
        let name = package
            .split_whitespace()
            .next()
            .context("cargo tree's line without a name")?;
        let on = on.trim_end_matches(" (*)").trim();
        crates.entry(name.to_string()).or_default().extend(
            on.split(',')
                .filter(|feature| !feature.is_empty())
                .map(str::to_string),
        );
    }
    Ok(crates)
}

/// Cargo, in `root`.
fn cargo(root: &Path) -> Command {
    let mut command = Command::new(std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into()));
    command.current_dir(root);
    command
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Writes `files` (path, text) under a fresh folder and returns it.
    fn workspace(name: &str, files: &[(&str, &str)]) -> PathBuf {
        let root = std::env::temp_dir().join(format!("{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&root);
        for (path, text) in files {
            let path = root.join(path);
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(path, text).unwrap();
        }
        root
    }

    fn features(crates: &BTreeMap<String, Crate>, name: &str) -> Vec<String> {
        crates[name].features.iter().cloned().collect()
    }

    /// Cargo's meaning, not a copy of it: a default feature that pulls in an optional
    /// dependency (`dep:`) stays off, a dependency's feature asked for by name and one forwarded
    /// by `dep?/feature` are on, and the bundle's own feature joins them.
    #[test]
    fn crates_and_features_are_cargos() {
        let root = workspace(
            "bundle-graph",
            &[
                (
                    "Cargo.toml",
                    "[workspace]\nmembers = [\"app\", \"engine\", \"tables\", \"cli\"]\nresolver = \"2\"\n",
                ),
                (
                    "app/Cargo.toml",
                    "[package]\nname = \"app\"\nversion = \"0.1.0\"\nedition = \"2021\"\n\n\
                     [dependencies]\nengine = { path = \"../engine\", features = [\"fast\"] }\n\
                     cli = { path = \"../cli\", optional = true }\n\n\
                     [features]\ndefault = [\"command-line\"]\ncommand-line = [\"dep:cli\"]\n",
                ),
                ("app/src/lib.rs", ""),
                (
                    "engine/Cargo.toml",
                    "[package]\nname = \"engine\"\nversion = \"0.1.0\"\nedition = \"2021\"\n\n\
                     [dependencies]\ntables = { path = \"../tables\" }\n\n\
                     [features]\nfast = [\"tables/big\"]\nslow = []\n",
                ),
                ("engine/src/lib.rs", ""),
                (
                    "tables/Cargo.toml",
                    "[package]\nname = \"tables\"\nversion = \"0.1.0\"\nedition = \"2021\"\n\n\
                     [features]\nbig = []\nat-startup = []\n",
                ),
                ("tables/src/lib.rs", ""),
                (
                    "cli/Cargo.toml",
                    "[package]\nname = \"cli\"\nversion = \"0.1.0\"\nedition = \"2021\"\n",
                ),
                ("cli/src/lib.rs", ""),
            ],
        );
        let crates = crates(&root, "app", &[("tables", "at-startup"), ("absent", "x")]).unwrap();
        assert_eq!(
            crates.keys().collect::<Vec<_>>(),
            ["app", "engine", "tables"]
        );
        assert!(features(&crates, "app").is_empty());
        assert_eq!(features(&crates, "engine"), ["fast"]);
        assert_eq!(features(&crates, "tables"), ["at-startup", "big"]);
        assert_eq!(crates["engine"].lib, root.join("engine/src/lib.rs"));
        let _ = std::fs::remove_dir_all(&root);
    }

    /// A dependency from outside the workspace (here a path outside it, as a registry crate
    /// would be) is bundled from its own source with the features Cargo gives it; one with a
    /// build script is refused by name.
    #[test]
    fn crates_from_outside_the_workspace() {
        let manifest = |name: &str, rest: &str| {
            format!("[package]\nname = \"{name}\"\nversion = \"0.1.0\"\nedition = \"2021\"\n{rest}")
        };
        let app = manifest(
            "app",
            "\n[dependencies]\nflags = { path = \"../vendor/flags\" }\n\
             generated = { path = \"../vendor/generated\", optional = true }\n\n\
             [features]\nslow = [\"dep:generated\"]\n",
        );
        let flags = manifest("flags", "\n[features]\ndefault = [\"std\"]\nstd = []\n");
        let generated = manifest("generated", "build = \"build.rs\"\n");
        let root = workspace(
            "bundle-graph-outside",
            &[
                (
                    "Cargo.toml",
                    "[workspace]\nmembers = [\"app\"]\nexclude = [\"vendor\"]\nresolver = \"2\"\n",
                ),
                ("app/Cargo.toml", &app),
                ("app/src/lib.rs", ""),
                ("vendor/flags/Cargo.toml", &flags),
                ("vendor/flags/src/lib.rs", ""),
                ("vendor/generated/Cargo.toml", &generated),
                ("vendor/generated/build.rs", "fn main() {}"),
                ("vendor/generated/src/lib.rs", ""),
            ],
        );
        let crates = crates(&root, "app", &[]).unwrap();
        assert_eq!(crates.keys().collect::<Vec<_>>(), ["app", "flags"]);
        assert_eq!(features(&crates, "flags"), ["default", "std"]);
        assert!(crates["flags"].lib.ends_with("vendor/flags/src/lib.rs"));
        assert!(crates["app"].in_workspace && !crates["flags"].in_workspace);
        let refused = super::crates(&root, "app", &[("app", "slow")]).unwrap_err();
        assert_eq!(
            refused.to_string(),
            "generated cannot be bundled: it has a build script"
        );
        let _ = std::fs::remove_dir_all(&root);
    }
}
