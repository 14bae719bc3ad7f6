//! `cargo xtask bundle`: a problem's judge path as one source file that `rustc` compiles alone.
//!
//! The bundle is made from the crates' sources every time, in stages: the crates the problem
//! uses and their features, as Cargo resolves them (`graph`); each crate as a module (`mod
//! cards_core { ... }`) with its files inlined, items whose `#[cfg]` does not hold dropped
//! (tests, the `cli` feature), doc comments, lint attributes and `cfg_attr`s resolved, and paths
//! rewritten so `crate::x` and `cards_core::x` still name the same items (this file); newer
//! library calls said the way older Rust can (`older_rust`); and what the judge path never uses
//! taken out by asking rustc (`prune`). `main` answers stdin on stdout as the binary does without
//! options, on one thread. The crates used must be workspace crates: a judge has no others.

use std::collections::BTreeSet;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::Command;

use anyhow::{Context, bail, ensure};
use proc_macro2::{Ident, Span, TokenStream, TokenTree};
use quote::ToTokens;
use syn::Item;

use crate::bundle::inline::{read_module_file, relative};
use crate::bundle::paths::{Rewriting, rewrite};
use crate::problems::Problem;

mod graph;
mod inline;
mod older_rust;
mod paths;
mod prune;

/// A judge's usual limit on the size of a submission.
pub const SIZE_LIMIT: usize = 64 * 1024;

/// Features a bundle turns on where a crate has them: the lookup tables have no build script
/// to come from, so they are generated at start-up.
const BUNDLE_FEATURES: &[(&str, &str)] = &[("cards-core", "tables-at-startup")];

/// Writes the bundle of each of `problems` to `target/bundle/<problem>.rs` and prints its size.
pub fn run(problems: &[&Problem]) -> anyhow::Result<()> {
    for problem in problems {
        let path = write(problem.name)?;
        let bytes = std::fs::metadata(&path)?.len();
        println!(
            "{}: {} bytes ({:.1} KiB)",
            relative(&path),
            bytes,
            bytes as f64 / 1024.0
        );
    }
    Ok(())
}

/// Writes the bundle of `problem` and returns its path.
pub fn write(problem: &str) -> anyhow::Result<PathBuf> {
    let source = bundle(problem)?;
    ensure!(
        source.len() <= SIZE_LIMIT,
        "the bundle of {problem} is {} bytes, over the {SIZE_LIMIT}-byte limit of judges",
        source.len()
    );
    let path = bundle_dir().join(format!("{problem}.rs"));
    std::fs::create_dir_all(bundle_dir())?;
    std::fs::write(&path, source).with_context(|| format!("writing {}", path.display()))?;
    Ok(path)
}

/// Where bundles are written: `target/bundle/`.
pub fn bundle_dir() -> PathBuf {
    crate::build::target_dir().join("bundle")
}

/// Compiles a bundle as a judge would: `rustc --edition 2021 -O`, nothing else, with the
/// default toolchain or `toolchain` (`1.70.0`: `rustc +1.70.0`, installed through rustup on
/// first use). Any output from the compiler (a warning) is a failure: judges show it, and some
/// reject it.
pub fn compile(source: &Path, program: &Path, toolchain: Option<&str>) -> anyhow::Result<()> {
    let mut rustc = Command::new("rustc");
    if let Some(toolchain) = toolchain {
        ensure_toolchain(toolchain)?;
        rustc.arg(format!("+{toolchain}"));
    }
    let output = rustc
        .args(["--edition", "2021", "-O", "-o"])
        .arg(program)
        .arg(source)
        .output()
        .context("running rustc")?;
    if !output.status.success() || !output.stderr.is_empty() {
        bail!(
            "rustc{} --edition 2021 -O {} {}:\n{}",
            toolchain.map_or(String::new(), |toolchain| format!(" +{toolchain}")),
            source.display(),
            if output.status.success() {
                "warned"
            } else {
                "failed"
            },
            String::from_utf8_lossy(&output.stderr)
        );
    }
    Ok(())
}

/// Installs `toolchain` (a minimal profile) with rustup unless it is there.
fn ensure_toolchain(toolchain: &str) -> anyhow::Result<()> {
    let listed = Command::new("rustup")
        .args(["toolchain", "list"])
        .output()
        .context("running rustup: --toolchain needs it")?;
    let installed = String::from_utf8_lossy(&listed.stdout)
        .lines()
        .any(|line| line.starts_with(&format!("{toolchain}-")) || line == toolchain);
    if installed {
        return Ok(());
    }
    println!("bundles: installing Rust {toolchain} with rustup (once)");
    let status = Command::new("rustup")
        .args(["toolchain", "install", toolchain, "--profile", "minimal"])
        .status()
        .context("running rustup")?;
    ensure!(
        status.success(),
        "rustup toolchain install {toolchain} failed"
    );
    Ok(())
}

/// The bundle of `problem`: its source text.
pub fn bundle(problem: &str) -> anyhow::Result<String> {
    let crates = graph::crates(&golden_cases::workspace_root(), problem, BUNDLE_FEATURES)?;
    let module_names: BTreeSet<String> = crates.keys().map(|name| module_name(name)).collect();
    let mut items: Vec<Item> = Vec::new();
    let mut problem_module = None;
    for (name, krate) in &crates {
        let features = &krate.features;
        let file = read_module_file(&krate.lib, features)?;
        let module = syn::ItemMod {
            attrs: file.attrs,
            vis: syn::Visibility::Inherited,
            unsafety: None,
            mod_token: syn::token::Mod::default(),
            ident: Ident::new(&module_name(name), Span::call_site()),
            content: Some((syn::token::Brace::default(), file.items)),
            semi: None,
        };
        let tokens = rewrite(
            module.to_token_stream(),
            &Rewriting {
                module: module_name(name),
                crates: &module_names,
                features,
            },
        )?;
        let module: syn::ItemMod =
            syn::parse2(tokens).with_context(|| format!("re-reading the bundled {name}"))?;
        if name == problem {
            problem_module = Some(module.clone());
        }
        items.push(Item::Mod(module));
    }
    let problem_module = problem_module.context("the problem crate itself")?;
    items.insert(0, main_function(problem, &problem_module)?);
    let mut file = syn::File {
        shebang: None,
        attrs: Vec::new(),
        items,
    };
    older_rust::rewrite(&mut file);
    let mut source = String::new();
    let description = problem_description(problem)?;
    writeln!(source, "// {problem}: {description}")?;
    writeln!(
        source,
        "// Generated by `cargo xtask bundle {problem}` from the crates {}; do not edit.",
        crates.keys().cloned().collect::<Vec<_>>().join(", ")
    )?;
    writeln!(
        source,
        "// Reads the input on stdin and writes the answer on stdout; compile with\n\
         // `rustc --edition 2021 -O {problem}.rs`."
    )?;
    source.push('\n');
    let scratch = bundle_dir().join(format!("{}_pruning", module_name(problem)));
    std::fs::create_dir_all(bundle_dir())?;
    let pruned = prune::prune(&prettyplease::unparse(&file), &scratch)?;
    source.push_str(&indent_with_tabs(&pruned)?);
    Ok(source)
}

/// `source` with each four spaces of indentation made a tab: a third of a bundle is
/// indentation, and judges limit the size. Lines that continue a string literal keep theirs.
fn indent_with_tabs(source: &str) -> anyhow::Result<String> {
    fn literal_lines(tokens: TokenStream, lines: &mut BTreeSet<usize>) {
        for tree in tokens {
            match tree {
                TokenTree::Group(group) => literal_lines(group.stream(), lines),
                TokenTree::Literal(literal) => {
                    let span = literal.span();
                    lines.extend(span.start().line + 1..=span.end().line);
                }
                _ => {}
            }
        }
    }
    let mut continuing = BTreeSet::new();
    literal_lines(
        source.parse().map_err(|err| anyhow::anyhow!("{err}"))?,
        &mut continuing,
    );
    let mut indented = String::with_capacity(source.len());
    for (number, line) in (1..).zip(source.lines()) {
        let spaces = line.len() - line.trim_start_matches(' ').len();
        if continuing.contains(&number) {
            indented.push_str(line);
        } else {
            indented.extend(std::iter::repeat_n('\t', spaces / 4));
            indented.push_str(&line[spaces / 4 * 4..]);
        }
        indented.push('\n');
    }
    Ok(indented)
}

/// A crate's name as a module name: `cards-core` is `cards_core`.
fn module_name(crate_name: &str) -> String {
    crate_name.replace('-', "_")
}

/// The problem crate's one-line description, from its manifest.
fn problem_description(problem: &str) -> anyhow::Result<String> {
    let manifest = golden_cases::workspace_root()
        .join("crates")
        .join(problem)
        .join("Cargo.toml");
    let text = std::fs::read_to_string(&manifest)?;
    text.lines()
        .find_map(|line| line.strip_prefix("description = \""))
        .and_then(|rest| rest.strip_suffix('"'))
        .map(str::to_string)
        .with_context(|| format!("{} has no description", manifest.display()))
}

/// `main`: stdin to stdout through the problem's `run`, with its default options on one thread
/// (a field `threads` of the options, where there is one, is set to one).
fn main_function(problem: &str, module: &syn::ItemMod) -> anyhow::Result<Item> {
    let problem = Ident::new(&module_name(problem), Span::call_site());
    let items = &module.content.as_ref().context("an inlined module")?.1;
    let options = items
        .iter()
        .find_map(|item| match item {
            Item::Struct(item) if item.ident == "Options" => Some(item),
            _ => None,
        })
        .context("the problem crate declares no Options")?;
    let has_threads = options
        .fields
        .iter()
        .any(|field| field.ident.as_ref().is_some_and(|ident| ident == "threads"));
    let options = if has_threads {
        quote::quote! {
            #problem::Options { threads: work_threads::Threads::ONE, ..Default::default() }
        }
    } else {
        quote::quote! { #problem::Options::default() }
    };
    Ok(syn::parse_quote! {
        fn main() -> std::process::ExitCode {
            let options = #options;
            judge_io::answer(None, |input| #problem::run(input, &options))
        }
    })
}

#[cfg(test)]
mod tests {
    use super::indent_with_tabs;

    #[test]
    fn indentation_becomes_tabs_except_inside_string_literals() {
        let source = "fn f() {\n    let s = \"a\n    b\";\n        g();\n}\n";
        assert_eq!(
            indent_with_tabs(source).unwrap(),
            "fn f() {\n\tlet s = \"a\n    b\";\n\t\tg();\n}\n"
        );
    }
}
