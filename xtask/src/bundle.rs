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
use proc_macro2::{Delimiter, Group, Ident, Punct, Spacing, Span, TokenStream, TokenTree};
use quote::ToTokens;
use syn::punctuated::Punctuated;
use syn::{Item, Meta, Token};

use crate::problems::Problem;

mod graph;
mod older_rust;
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

/// The path of `path` from the workspace's root, for messages.
fn relative(path: &Path) -> String {
    let root = golden_cases::workspace_root();
    path.strip_prefix(&root)
        .unwrap_or(path)
        .display()
        .to_string()
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

/// A module file's items, with every `mod x;` it declares inlined and the items whose `#[cfg]`
/// does not hold with `features` dropped.
fn read_module_file(path: &Path, features: &BTreeSet<String>) -> anyhow::Result<syn::File> {
    let text =
        std::fs::read_to_string(path).with_context(|| format!("reading {}", path.display()))?;
    let mut file = syn::parse_file(&text).with_context(|| format!("parsing {}", relative(path)))?;
    // `lib.rs` and `mod.rs` declare modules beside them; `x.rs` declares them in `x/`.
    let stem = path
        .file_stem()
        .and_then(|stem| stem.to_str())
        .unwrap_or("");
    let parent = path.parent().context("a file in a folder")?;
    let directory = if matches!(stem, "lib" | "mod" | "main") {
        parent.to_path_buf()
    } else {
        parent.join(stem)
    };
    file.items = inline_items(std::mem::take(&mut file.items), &directory, features)
        .with_context(|| format!("in {}", relative(path)))?;
    Ok(file)
}

fn inline_items(
    items: Vec<Item>,
    directory: &Path,
    features: &BTreeSet<String>,
) -> anyhow::Result<Vec<Item>> {
    let mut kept = Vec::new();
    for item in items {
        let Some(attrs) = item_attrs(&item) else {
            kept.push(item);
            continue;
        };
        if !cfg_holds_for(attrs, features)? {
            continue;
        }
        match item {
            Item::Mod(mut module) => {
                ensure!(
                    !module.attrs.iter().any(|attr| attr.path().is_ident("path")),
                    "#[path] modules are not bundled"
                );
                let name = module.ident.to_string();
                match module.content.take() {
                    None => {
                        let flat = directory.join(format!("{name}.rs"));
                        let nested = directory.join(&name).join("mod.rs");
                        let file = if flat.is_file() { flat } else { nested };
                        let inlined = read_module_file(&file, features)?;
                        module.attrs.extend(inlined.attrs);
                        module.content = Some((syn::token::Brace::default(), inlined.items));
                        module.semi = None;
                    }
                    Some((brace, items)) => {
                        let items = inline_items(items, &directory.join(&name), features)?;
                        module.content = Some((brace, items));
                    }
                }
                kept.push(Item::Mod(module));
            }
            item => kept.push(item),
        }
    }
    Ok(kept)
}

/// An item's attributes; `None` for items without (verbatim tokens).
fn item_attrs(item: &Item) -> Option<&[syn::Attribute]> {
    Some(match item {
        Item::Const(item) => &item.attrs,
        Item::Enum(item) => &item.attrs,
        Item::ExternCrate(item) => &item.attrs,
        Item::Fn(item) => &item.attrs,
        Item::ForeignMod(item) => &item.attrs,
        Item::Impl(item) => &item.attrs,
        Item::Macro(item) => &item.attrs,
        Item::Mod(item) => &item.attrs,
        Item::Static(item) => &item.attrs,
        Item::Struct(item) => &item.attrs,
        Item::Trait(item) => &item.attrs,
        Item::TraitAlias(item) => &item.attrs,
        Item::Type(item) => &item.attrs,
        Item::Union(item) => &item.attrs,
        Item::Use(item) => &item.attrs,
        _ => return None,
    })
}

/// Whether every `#[cfg(...)]` among `attrs` holds.
fn cfg_holds_for(attrs: &[syn::Attribute], features: &BTreeSet<String>) -> anyhow::Result<bool> {
    for attr in attrs.iter().filter(|attr| attr.path().is_ident("cfg")) {
        if !cfg_holds(&attr.parse_args::<Meta>()?, features)? {
            return Ok(false);
        }
    }
    Ok(true)
}

/// Whether a `cfg` predicate holds in a bundle: no tests or doctests, no debug assertions
/// (bundles are compiled with `-O`), and the features `features`.
fn cfg_holds(predicate: &Meta, features: &BTreeSet<String>) -> anyhow::Result<bool> {
    let nested = |list: &syn::MetaList| {
        list.parse_args_with(Punctuated::<Meta, Token![,]>::parse_terminated)
            .map(|predicates| predicates.into_iter().collect::<Vec<_>>())
    };
    Ok(match predicate {
        Meta::Path(path)
            if ["test", "doctest", "debug_assertions"]
                .iter()
                .any(|name| path.is_ident(name)) =>
        {
            false
        }
        Meta::NameValue(pair) if pair.path.is_ident("feature") => match &pair.value {
            syn::Expr::Lit(syn::ExprLit {
                lit: syn::Lit::Str(name),
                ..
            }) => features.contains(&name.value()),
            _ => bail!("a feature is a string"),
        },
        Meta::List(list) if list.path.is_ident("not") => {
            let [inner] = &nested(list)?[..] else {
                bail!("not(...) takes one predicate");
            };
            !cfg_holds(inner, features)?
        }
        Meta::List(list) if list.path.is_ident("all") => {
            let mut all = true;
            for inner in nested(list)? {
                all &= cfg_holds(&inner, features)?;
            }
            all
        }
        Meta::List(list) if list.path.is_ident("any") => {
            let mut any = false;
            for inner in nested(list)? {
                any |= cfg_holds(&inner, features)?;
            }
            any
        }
        other => bail!(
            "the bundler does not know the cfg predicate `{}`",
            other.to_token_stream()
        ),
    })
}

/// What the token rewriting needs to know about the crate being bundled.
struct Rewriting<'a> {
    /// The crate's module name.
    module: String,
    /// Every bundled crate's module name.
    crates: &'a BTreeSet<String>,
    /// The crate's features that are on.
    features: &'a BTreeSet<String>,
}

/// Rewrites one crate's tokens for life as a module of the bundle: `crate::x` becomes
/// `crate::<module>::x`, `other_crate::x` becomes `crate::other_crate::x`, doc attributes go,
/// and `cfg_attr`s are resolved.
fn rewrite(tokens: TokenStream, context: &Rewriting) -> anyhow::Result<TokenStream> {
    let trees: Vec<TokenTree> = tokens.into_iter().collect();
    let mut out: Vec<TokenTree> = Vec::with_capacity(trees.len());
    let mut index = 0;
    while index < trees.len() {
        let tree = &trees[index];
        if let TokenTree::Punct(punct) = tree
            && punct.as_char() == '#'
        {
            let inner = matches!(&trees.get(index + 1), Some(TokenTree::Punct(bang)) if bang.as_char() == '!');
            let group_index = index + 1 + usize::from(inner);
            if let Some(TokenTree::Group(group)) = trees.get(group_index)
                && group.delimiter() == Delimiter::Bracket
            {
                for attribute in resolve_attribute(group.stream(), context.features)? {
                    out.push(tree.clone());
                    if inner {
                        out.push(trees[index + 1].clone());
                    }
                    let rewritten = rewrite(attribute, context)?;
                    out.push(TokenTree::Group(Group::new(Delimiter::Bracket, rewritten)));
                }
                index = group_index + 1;
                continue;
            }
        }
        match tree {
            TokenTree::Ident(ident) if is_path_separator(&trees, index + 1) => {
                let name = ident.to_string();
                if name == "crate" {
                    out.push(tree.clone());
                    push_path_separator(&mut out);
                    out.push(TokenTree::Ident(Ident::new(&context.module, ident.span())));
                } else if context.crates.contains(&name) && !ends_with_path_separator(&out) {
                    out.push(TokenTree::Ident(Ident::new("crate", ident.span())));
                    push_path_separator(&mut out);
                    out.push(tree.clone());
                } else {
                    out.push(tree.clone());
                }
            }
            TokenTree::Group(group) => {
                let mut rewritten =
                    Group::new(group.delimiter(), rewrite(group.stream(), context)?);
                rewritten.set_span(group.span());
                out.push(TokenTree::Group(rewritten));
            }
            _ => out.push(tree.clone()),
        }
        index += 1;
    }
    Ok(out.into_iter().collect())
}

/// The attributes an attribute stands for in a bundle: none for a doc comment, a `cfg_attr`'s
/// attributes when its predicate holds, a lint attribute without its clippy lints and reason
/// (no judge runs clippy; `expect` and reasons are Rust 1.81, and an expectation a pruned bundle
/// no longer meets would warn) as `allow`, or none when only clippy lints were named; the
/// attribute itself otherwise.
fn resolve_attribute(
    attribute: TokenStream,
    features: &BTreeSet<String>,
) -> anyhow::Result<Vec<TokenStream>> {
    let meta: Meta = match syn::parse2(attribute.clone()) {
        Ok(meta) => meta,
        // Not a meta (a macro's `$attribute` fragment): as it is.
        Err(_) => return Ok(vec![attribute]),
    };
    if meta.path().is_ident("doc") {
        return Ok(Vec::new());
    }
    if meta.path().is_ident("cfg") {
        // Items whose cfg does not hold are gone already; the ones left need no attribute.
        let Meta::List(list) = &meta else {
            bail!("cfg takes a predicate");
        };
        ensure!(
            cfg_holds(&list.parse_args()?, features)?,
            "`{}` on something other than an item is not bundled",
            meta.to_token_stream()
        );
        return Ok(Vec::new());
    }
    if let Some(level) = ["allow", "expect", "warn", "deny"]
        .into_iter()
        .find(|level| meta.path().is_ident(level))
    {
        let Meta::List(list) = &meta else {
            bail!("`{level}` takes lints");
        };
        let lints: Vec<Meta> = list
            .parse_args_with(Punctuated::<Meta, Token![,]>::parse_terminated)?
            .into_iter()
            .filter(|lint| {
                !lint.path().is_ident("reason")
                    && lint
                        .path()
                        .segments
                        .first()
                        .is_none_or(|segment| segment.ident != "clippy")
            })
            .collect();
        if lints.is_empty() {
            return Ok(Vec::new());
        }
        let level = Ident::new(
            if level == "expect" { "allow" } else { level },
            Span::call_site(),
        );
        return Ok(vec![quote::quote!(#level(#(#lints),*))]);
    }
    if meta.path().is_ident("cfg_attr") {
        let Meta::List(list) = &meta else {
            bail!("cfg_attr takes a predicate and attributes");
        };
        let mut parts = list
            .parse_args_with(Punctuated::<Meta, Token![,]>::parse_terminated)?
            .into_iter();
        let predicate = parts.next().context("cfg_attr without a predicate")?;
        if !cfg_holds(&predicate, features)? {
            return Ok(Vec::new());
        }
        let mut attributes = Vec::new();
        for part in parts {
            attributes.extend(resolve_attribute(part.to_token_stream(), features)?);
        }
        return Ok(attributes);
    }
    Ok(vec![attribute])
}

/// Whether `trees[index..]` starts with `::`.
fn is_path_separator(trees: &[TokenTree], index: usize) -> bool {
    matches!(
        (trees.get(index), trees.get(index + 1)),
        (Some(TokenTree::Punct(first)), Some(TokenTree::Punct(second)))
            if first.as_char() == ':' && first.spacing() == Spacing::Joint && second.as_char() == ':'
    )
}

fn ends_with_path_separator(out: &[TokenTree]) -> bool {
    out.len() >= 2 && is_path_separator(out, out.len() - 2)
}

fn push_path_separator(out: &mut Vec<TokenTree>) {
    out.push(TokenTree::Punct(Punct::new(':', Spacing::Joint)));
    out.push(TokenTree::Punct(Punct::new(':', Spacing::Alone)));
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use super::{Rewriting, cfg_holds, indent_with_tabs, rewrite};

    fn features(names: &[&str]) -> BTreeSet<String> {
        names.iter().map(ToString::to_string).collect()
    }

    #[test]
    fn lint_attributes_keep_only_rustcs_lints_as_allow() {
        let resolved = |text: &str| {
            let tokens: proc_macro2::TokenStream = text.parse().unwrap();
            super::resolve_attribute(tokens, &features(&[]))
                .unwrap()
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
        };
        assert_eq!(
            resolved("expect(clippy::cast_lossless, dead_code, reason = \"why\")"),
            ["allow (dead_code)"]
        );
        assert!(resolved("allow(clippy::too_many_lines)").is_empty());
        assert!(resolved("expect(clippy::a, clippy::b, reason = \"why\")").is_empty());
        assert_eq!(resolved("deny(unsafe_code)"), ["deny (unsafe_code)"]);
        assert_eq!(resolved("inline(always)"), ["inline (always)"]);
    }

    #[test]
    fn cfg_predicates_hold_as_in_a_judge_build() {
        let holds = |predicate: &str| {
            cfg_holds(&syn::parse_str(predicate).unwrap(), &features(&["tables"])).unwrap()
        };
        assert!(!holds("test"));
        assert!(!holds("doctest"));
        assert!(!holds("debug_assertions"));
        assert!(holds(r#"feature = "tables""#));
        assert!(!holds(r#"feature = "cli""#));
        assert!(holds(r#"any(test, feature = "tables")"#));
        assert!(!holds(r#"all(not(test), feature = "cli")"#));
        assert!(holds("not(test)"));
        let unknown = cfg_holds(&syn::parse_str("unix").unwrap(), &features(&[]));
        assert!(unknown.is_err());
    }

    #[test]
    fn paths_name_the_same_items_inside_the_bundle() {
        let crates = features(&["cards_core", "judge_io"]);
        let source = r#"
            /// Docs go.
            #[cfg_attr(feature = "cli", derive(clap::Args))]
            #[cfg_attr(feature = "tables", inline)]
            pub(crate) fn f() -> crate::Thing {
                use cards_core::Card;
                let x = crate::cards_core::Card::ALL;
                judge_io::quote(b"x");
                vec![crate::a::b]
            }
            macro_rules! m { () => { $crate::answer() } }
        "#;
        let rewritten = rewrite(
            source.parse().unwrap(),
            &Rewriting {
                module: "judge_io".to_string(),
                crates: &crates,
                features: &features(&["tables"]),
            },
        )
        .unwrap()
        .to_string();
        assert_eq!(
            rewritten,
            "# [inline] pub (crate) fn f () -> crate :: judge_io :: Thing { \
             use crate :: cards_core :: Card ; \
             let x = crate :: judge_io :: cards_core :: Card :: ALL ; \
             crate :: judge_io :: quote (b\"x\") ; \
             vec ! [crate :: judge_io :: a :: b] } \
             macro_rules ! m { () => { $ crate :: judge_io :: answer () } }"
        );
    }

    #[test]
    fn indentation_becomes_tabs_except_inside_string_literals() {
        let source = "fn f() {\n    let s = \"a\n    b\";\n        g();\n}\n";
        assert_eq!(
            indent_with_tabs(source).unwrap(),
            "fn f() {\n\tlet s = \"a\n    b\";\n\t\tg();\n}\n"
        );
    }
}
