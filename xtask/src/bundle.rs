//! `cargo xtask bundle`: a problem's judge path as one source file that `rustc` compiles alone.
//!
//! The bundle is made from the crates' sources every time, in stages: the crates the problem
//! uses and their features, as Cargo resolves them (`graph`); each crate as a module (`mod
//! cards_core { ... }`) with its files inlined, items whose `#[cfg]` does not hold dropped
//! (tests, the `cli` feature), doc comments, lint attributes and `cfg_attr`s resolved, and paths
//! rewritten so `crate::x` and `cards_core::x` still name the same items (this file); newer
//! library calls said the way older Rust can (`older_rust`); and what the judge path never uses
//! taken out by asking rustc (`prune`). `main` answers stdin on stdout as the binary does without
//! options, on one thread. A judge has no crates but the standard library, so the registry's
//! crates a judge path uses (arrayvec, bitflags) are bundled from their sources the same way.

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
    for path in write_all(problems)? {
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

/// Writes the bundles of `problems`, as many at once as there are cores (pruning is one rustc
/// after another), and returns their paths in the same order.
pub fn write_all(problems: &[&Problem]) -> anyhow::Result<Vec<PathBuf>> {
    let next = std::sync::atomic::AtomicUsize::new(0);
    let written: Vec<std::sync::Mutex<Option<anyhow::Result<PathBuf>>>> = problems
        .iter()
        .map(|_| std::sync::Mutex::new(None))
        .collect();
    let workers = std::thread::available_parallelism().map_or(1, usize::from);
    std::thread::scope(|scope| {
        for _ in 0..workers.min(problems.len()) {
            scope.spawn(|| {
                loop {
                    let index = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                    let Some(problem) = problems.get(index) else {
                        break;
                    };
                    let path = write(problem.name);
                    *written[index].lock().expect("no worker panics") = Some(path);
                }
            });
        }
    });
    written
        .into_iter()
        .map(|path| {
            path.into_inner()
                .expect("no worker panics")
                .expect("every bundle written")
        })
        .collect()
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

/// How a judge compiles a bundle: `rustc --edition EDITION -O`, nothing else.
#[derive(Clone, Copy)]
pub struct Rustc<'a> {
    /// A rustup toolchain (`1.73.0`: `rustc +1.73.0`, installed on first use); `None` is the
    /// default one.
    pub toolchain: Option<&'a str>,
    /// `2021`, or `2024` where the judge asks for it (Luogu's `-C opt-level=2` is `-O`).
    pub edition: &'a str,
}

impl Rustc<'_> {
    /// The default toolchain, edition 2021: what the bundles say they are compiled with.
    pub const DEFAULT: Rustc<'static> = Rustc {
        toolchain: None,
        edition: "2021",
    };

    /// Compiles `source` to `program`. Any output from the compiler (a warning) is a failure:
    /// judges show it, and some reject it.
    pub fn compile(&self, source: &Path, program: &Path) -> anyhow::Result<()> {
        let mut rustc = Command::new("rustc");
        if let Some(toolchain) = self.toolchain {
            ensure_toolchain(toolchain)?;
            rustc.arg(format!("+{toolchain}"));
        }
        let output = rustc
            .args(["--edition", self.edition, "-O", "-o"])
            .arg(program)
            .arg(source)
            .output()
            .context("running rustc")?;
        if !output.status.success() || !output.stderr.is_empty() {
            bail!(
                "rustc{} --edition {} -O {} {}:\n{}",
                self.toolchain
                    .map_or(String::new(), |toolchain| format!(" +{toolchain}")),
                self.edition,
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
    let files = crates
        .values()
        .map(|krate| read_module_file(&krate.lib, &krate.features))
        .collect::<anyhow::Result<Vec<_>>>()?;
    let macros = files.iter().flat_map(exported_macros).collect();
    let mut items: Vec<Item> = Vec::new();
    let mut problem_module = None;
    for ((name, krate), mut file) in crates.iter().zip(files) {
        let features = &krate.features;
        if !krate.in_workspace {
            // Cargo caps the lints of crates from outside the workspace; while pruning, a
            // bundle allows them but those its pruning reads, and then all.
            file.attrs.push(syn::parse_quote!(#![allow(unused, nonstandard_style, deprecated, future_incompatible)]));
            file.attrs
                .push(syn::parse_quote!(#![warn(dead_code, unused_imports, unused_macros)]));
        }
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
                macros: &macros,
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
         // `rustc --edition 2021 -O {problem}.rs` (edition 2024 too; Rust 1.73 or newer)."
    )?;
    source.push('\n');
    let pruned = pruned(problem, &prettyplease::unparse(&file))?;
    let outside: BTreeSet<String> = crates
        .iter()
        .filter(|(_, krate)| !krate.in_workspace)
        .map(|(name, _)| module_name(name))
        .collect();
    source.push_str(&indent_with_tabs(&with_lints_capped(&pruned, &outside)?)?);
    Ok(source)
}

/// `source` with each four spaces of indentation made a tab, and the items of each crate's
/// module at the left edge as in the crate's own files: a third of a bundle is indentation, and
/// judges limit the size. Lines that continue a string literal keep theirs.
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
    let mut in_crate_module = false;
    for (number, line) in (1..).zip(source.lines()) {
        let spaces = line.len() - line.trim_start_matches(' ').len();
        if continuing.contains(&number) {
            indented.push_str(line);
        } else {
            let level = spaces / 4 - usize::from(in_crate_module && spaces >= 4);
            indented.extend(std::iter::repeat_n('\t', level));
            indented.push_str(&line[spaces / 4 * 4..]);
        }
        indented.push('\n');
        // A crate's module is `mod name {` at the left edge, up to its `}` there.
        if line.starts_with("mod ") && line.ends_with('{') {
            in_crate_module = true;
        } else if line == "}" {
            in_crate_module = false;
        }
    }
    Ok(indented)
}

/// `source` pruned (`prune`): from the cache in `target/bundle/cache/` when this bundler has
/// pruned the same source with the same rustc before (pruning asks rustc hundreds of times; CI
/// checks the bundles on two toolchains).
fn pruned(problem: &str, source: &str) -> anyhow::Result<String> {
    use std::hash::{Hash, Hasher};
    // The bundler's own source, as it was compiled.
    const BUNDLER: [&str; 7] = [
        include_str!("bundle.rs"),
        include_str!("bundle/graph.rs"),
        include_str!("bundle/inline.rs"),
        include_str!("bundle/older_rust.rs"),
        include_str!("bundle/paths.rs"),
        include_str!("bundle/prune.rs"),
        include_str!("../Cargo.toml"),
    ];
    let rustc = Command::new("rustc")
        .arg("-vV")
        .output()
        .context("running rustc -vV")?;
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    (BUNDLER, &rustc.stdout, source).hash(&mut hasher);
    let cache = bundle_dir().join("cache");
    let cached = cache.join(format!("{problem}-{:016x}.rs", hasher.finish()));
    if let Ok(pruned) = std::fs::read_to_string(&cached) {
        return Ok(pruned);
    }
    let scratch = bundle_dir().join(format!("{}_pruning", module_name(problem)));
    std::fs::create_dir_all(&cache)?;
    let pruned = prune::prune(source, &scratch)?;
    // Only the newest of a problem is kept.
    for entry in std::fs::read_dir(&cache)?.flatten() {
        if entry
            .file_name()
            .to_string_lossy()
            .starts_with(&format!("{problem}-"))
        {
            let _ = std::fs::remove_file(entry.path());
        }
    }
    std::fs::write(&cached, &pruned)?;
    Ok(pruned)
}

/// `source` with the lint attributes of the modules `outside` (crates from outside the
/// workspace) made one `#![allow(warnings)]`, as Cargo caps their lints.
fn with_lints_capped(source: &str, outside: &BTreeSet<String>) -> anyhow::Result<String> {
    let mut file = syn::parse_file(source)?;
    for item in &mut file.items {
        if let Item::Mod(module) = item
            && outside.contains(&module.ident.to_string())
        {
            module.attrs.retain(|attr| {
                !matches!(attr.style, syn::AttrStyle::Inner(_))
                    || !(attr.path().is_ident("allow") || attr.path().is_ident("warn"))
            });
            module.attrs.push(syn::parse_quote!(#![allow(warnings)]));
        }
    }
    Ok(prettyplease::unparse(&file))
}

/// The names of the `#[macro_export]` macros anywhere in `file`.
fn exported_macros(file: &syn::File) -> Vec<String> {
    fn walk(items: &[Item], names: &mut Vec<String>) {
        for item in items {
            names.extend(prune::exported_macro(item));
            if let Item::Mod(module) = item
                && let Some((_, items)) = &module.content
            {
                walk(items, names);
            }
        }
    }
    let mut names = Vec::new();
    walk(&file.items, &mut names);
    names
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
    // The options are a struct `Options`, or declared by judge-io's `problem_options!`.
    let has_threads = items
        .iter()
        .find_map(|item| match item {
            Item::Struct(item) if item.ident == "Options" => Some(
                item.fields
                    .iter()
                    .any(|field| field.ident.as_ref().is_some_and(|ident| ident == "threads")),
            ),
            Item::Macro(item)
                if item
                    .mac
                    .path
                    .segments
                    .last()
                    .is_some_and(|segment| segment.ident == "problem_options") =>
            {
                Some(item.mac.tokens.clone().into_iter().any(
                    |token| matches!(token, proc_macro2::TokenTree::Ident(ident) if ident == "threads"),
                ))
            }
            _ => None,
        })
        .context("the problem crate declares no Options")?;
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
    use std::collections::BTreeSet;

    use super::{exported_macros, indent_with_tabs, with_lints_capped};

    #[test]
    fn indentation_becomes_tabs_except_inside_string_literals() {
        let source = "fn f() {\n    let s = \"a\n    b\";\n        g();\n}\n";
        assert_eq!(
            indent_with_tabs(source).unwrap(),
            "fn f() {\n\tlet s = \"a\n    b\";\n\t\tg();\n}\n"
        );
    }

    /// A crate's module reads as its files: its items at the left edge; `main` keeps its tab.
    #[test]
    fn a_crate_modules_items_start_at_the_left_edge() {
        let source =
            "fn main() {\n    run();\n}\nmod library {\n    fn run() {\n        go();\n    }\n}\n";
        assert_eq!(
            indent_with_tabs(source).unwrap(),
            "fn main() {\n\trun();\n}\nmod library {\nfn run() {\n\tgo();\n}\n}\n"
        );
    }

    /// A registry crate's module ends with its lints allowed, as Cargo caps them; a workspace
    /// crate's keep theirs.
    #[test]
    fn registry_crates_have_their_lints_capped() {
        let source = "mod arrayvec {\n    #![allow(unused)]\n    #![warn(dead_code)]\n    #![forbid(unsafe_code)]\n}\nmod own {\n    #![allow(unused)]\n}\n";
        let outside = BTreeSet::from(["arrayvec".to_string()]);
        assert_eq!(
            with_lints_capped(source, &outside).unwrap(),
            "mod arrayvec {\n    #![forbid(unsafe_code)]\n    #![allow(warnings)]\n}\nmod own {\n    #![allow(unused)]\n}\n"
        );
    }

    #[test]
    fn exported_macros_are_found_in_any_module() {
        let file = syn::parse_file(
            "#[macro_export] macro_rules! a { () => {} }\nmacro_rules! local { () => {} }\n\
             mod inner { #[macro_export] macro_rules! b { () => {} } }",
        )
        .unwrap();
        assert_eq!(exported_macros(&file), ["a", "b"]);
    }
}
