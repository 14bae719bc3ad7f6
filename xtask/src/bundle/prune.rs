//! Dropping what a bundle's judge path never uses, as rustc reports it.
//!
//! A library is written for many callers; a bundle has one, and rustc warns about everything
//! else (a judge may show the warnings, and the file has a size limit). So the bundle is
//! compiled for analysis only, every item rustc calls unused is removed (functions, types with
//! their impls, constants, imports, macros, associated items), and again until nothing is left
//! to remove. A variant or field that is never used but still named (in a `match`) is kept with
//! `#[allow(dead_code)]`, as are the unused methods a macro generates, at the macro.
//! rustc never reports a trait impl unused, nor a macro call whose items are all unused (it
//! reports the items, inside the macro), so after that each one is taken out in turn and left out
//! when the bundle still compiles.

use std::collections::{BTreeSet, HashMap};
use std::ops::Range;
use std::path::Path;
use std::process::{Command, Output};

use anyhow::{Context, bail};
use proc_macro2::{Delimiter, Group, Ident, Punct, Spacing, Span, TokenStream, TokenTree};
use quote::ToTokens;
use syn::{ImplItem, Item, UseTree};

/// A line (from 1) and a column (in characters, from 1), as rustc reports positions.
type Position = (usize, usize);

/// What rustc said is unused.
#[derive(Default)]
struct Unused {
    /// Where the names of unused things start.
    names: BTreeSet<Position>,
    /// Macro definitions whose expansions hold unused items.
    in_macros: BTreeSet<String>,
    /// The warnings, for a message when nothing could be removed.
    messages: Vec<String>,
}

/// `source` without what its `main` never uses; fails if rustc reports something else or
/// something that cannot be removed.
pub fn prune(source: &str, scratch: &Path) -> anyhow::Result<String> {
    let source = without_unused(without_uncalled_exported_macros(source)?, scratch)?;
    let source = without_unneeded_unreported(source, scratch)?;
    // What only the impls and calls taken out used is unused now.
    without_unused(source, scratch)
}

/// `source` without every item rustc reports unused, again until it reports none.
fn without_unused(mut source: String, scratch: &Path) -> anyhow::Result<String> {
    for _ in 0..50 {
        let unused = unused(&source, scratch)?;
        if unused.messages.is_empty() {
            return Ok(source);
        }
        let mut file = syn::parse_file(&source).context("re-reading the bundle")?;
        let mut removed_methods = BTreeSet::new();
        let mut removed_types = BTreeSet::new();
        let mut written_by_macros = BTreeSet::new();
        functions_in_macros(&file.items, &mut written_by_macros);
        // Allowed first, and alone: what the allowed methods call is then used.
        if allow_methods_macros_write(&mut file.items, &unused, &written_by_macros) > 0 {
            source = prettyplease::unparse(&file);
            continue;
        }
        let mut changes = remove_items(
            &mut file.items,
            &unused,
            &mut removed_methods,
            &mut removed_types,
        );
        // An unused type or trait takes its impls with it, in whichever module they are.
        remove_impls_of(&mut file.items, &removed_types);
        remove_trait_methods(&mut file.items, &removed_methods);
        changes += allow_in_macros(&mut file.items, &unused.in_macros);
        if changes == 0 {
            bail!(
                "rustc warns about what the bundler cannot remove:\n{}",
                unused.messages.join("\n")
            );
        }
        source = prettyplease::unparse(&file);
    }
    bail!("pruning the bundle did not settle")
}

/// `source` without the trait impls and macro calls it compiles without. rustc never reports an
/// impl unused (`impl Display for CardSet` when nothing prints a card set, an error's `impl
/// Error`), nor a call such as `symbol_enum! { pub enum Gem ... }` that writes only unused items,
/// so they are taken out and left out when the bundle still compiles: a module's all at once
/// first (a crate's unused type often has several impls), then one by one, from the last (an
/// impl needing another, `PartialOrd` needing `PartialEq`, comes after it). The golden cases run
/// through every bundle (`cargo xtask verify --bundled`) hold what it does.
fn without_unneeded_unreported(mut source: String, scratch: &Path) -> anyhow::Result<String> {
    // How many impls and calls have gone, and, for each that could not, how many had gone then:
    // it is tried again only once the source has changed.
    let mut removals = 0;
    let mut failed_at: HashMap<String, usize> = HashMap::new();
    let mut first_pass = true;
    // Over again while a pass takes one out: one may have needed another that could not go
    // while it stayed.
    loop {
        let before = removals;
        let file = syn::parse_file(&source).context("re-reading the bundle")?;
        let (mut modules, mut texts) = (Vec::new(), Vec::new());
        unreported_by_module(&file.items, &mut 0, &mut modules, &mut texts);
        // From the last module: taking items out leaves the places of those before it.
        for places in modules.into_iter().rev() {
            let mut tries = Vec::new();
            // A module's all at once, on the first pass.
            if places.len() > 1 && first_pass {
                tries.push(places.clone());
            }
            tries.extend(places.rev().map(|index| index..index + 1));
            for taken in tries {
                let single = (taken.len() == 1).then(|| &texts[taken.start]);
                if single.is_some_and(|text| failed_at.get(text) == Some(&removals)) {
                    continue;
                }
                let mut file = syn::parse_file(&source).context("re-reading the bundle")?;
                remove_unreported(&mut file.items, &taken, &mut 0);
                let candidate = prettyplease::unparse(&file);
                if compiles(&candidate, scratch)? {
                    source = candidate;
                    removals += taken.len();
                    if single.is_none() {
                        break;
                    }
                } else if let Some(text) = single {
                    failed_at.insert(text.clone(), removals);
                }
            }
        }
        if removals == before {
            return Ok(source);
        }
        first_pass = false;
    }
}

/// The places of the trait impls and macro calls in each module of `items` (counted from
/// `next`, in the order the modules hold them; impls a macro writes are not items here), a
/// module's in one range, and each one's text, by place.
fn unreported_by_module(
    items: &[Item],
    next: &mut usize,
    modules: &mut Vec<Range<usize>>,
    texts: &mut Vec<String>,
) {
    let start = *next;
    for item in items {
        if is_removable_unreported(item) {
            *next += 1;
            texts.push(item.to_token_stream().to_string());
        }
    }
    if *next > start {
        modules.push(start..*next);
    }
    for item in items {
        if let Item::Mod(module) = item
            && let Some((_, inner)) = &module.content
        {
            unreported_by_module(inner, next, modules, texts);
        }
    }
}

/// Whether `item` may go if the bundle compiles without it: a trait impl, any but `Drop`, which
/// a bundle always compiles without and which does its work unseen (arrayvec's guard that
/// writes a length back); or a macro call at item level (not a `macro_rules!` definition).
fn is_removable_unreported(item: &Item) -> bool {
    match item {
        Item::Impl(block) => block.trait_.as_ref().is_some_and(|(_, path, _)| {
            path.segments
                .last()
                .is_none_or(|segment| segment.ident != "Drop")
        }),
        Item::Macro(call) => call.ident.is_none(),
        _ => false,
    }
}

/// Removes the trait impls and macro calls whose places (as `unreported_by_module` counts them,
/// from `next`) are in `taken`.
fn remove_unreported(items: &mut Vec<Item>, taken: &Range<usize>, next: &mut usize) {
    items.retain(|item| {
        if !is_removable_unreported(item) {
            return true;
        }
        *next += 1;
        !taken.contains(&(*next - 1))
    });
    for item in items {
        if let Item::Mod(module) = item
            && let Some((_, inner)) = &mut module.content
        {
            remove_unreported(inner, taken, next);
        }
    }
}

/// Whether `source` compiles (warnings allowed).
fn compiles(source: &str, scratch: &Path) -> anyhow::Result<bool> {
    Ok(rustc_check(source, scratch, "--cap-lints=allow")?
        .status
        .success())
}

/// rustc's analysis of `source` (no code generated), with `flag`: the source goes in a scratch
/// file beside `scratch`, removed afterwards with rustc's output.
fn rustc_check(source: &str, scratch: &Path, flag: &str) -> anyhow::Result<Output> {
    let path = scratch.with_extension("rs");
    std::fs::write(&path, source)?;
    let output = Command::new("rustc")
        .args(["--edition", "2021", "--emit=metadata", flag, "-o"])
        .arg(scratch.with_extension("rmeta"))
        .args(["--crate-name", "bundle"])
        .arg(&path)
        .output()
        .context("running rustc");
    for extension in ["rs", "rmeta"] {
        // Scratch files; a missing one is no loss.
        let _ = std::fs::remove_file(scratch.with_extension(extension));
    }
    output
}

/// The name of the macro `item` defines, if it is a `#[macro_export]` one.
pub fn exported_macro(item: &Item) -> Option<String> {
    match item {
        Item::Macro(definition)
            if definition
                .attrs
                .iter()
                .any(|attr| attr.path().is_ident("macro_export")) =>
        {
            definition.ident.as_ref().map(ToString::to_string)
        }
        _ => None,
    }
}

/// `source` without the `#[macro_export]` macros nothing calls: rustc never reports those. A
/// macro's calls of itself do not count, and one that only uncalled macros called goes next.
fn without_uncalled_exported_macros(source: &str) -> anyhow::Result<String> {
    /// The macros `tokens` call (`name!`, not `name !=`).
    fn calls(tokens: TokenStream, called: &mut BTreeSet<String>) {
        let trees: Vec<TokenTree> = tokens.into_iter().collect();
        for (index, tree) in trees.iter().enumerate() {
            match tree {
                TokenTree::Ident(name)
                    if matches!(trees.get(index + 1),
                        Some(TokenTree::Punct(bang)) if bang.as_char() == '!' && bang.spacing() == Spacing::Alone) =>
                {
                    called.insert(name.to_string());
                }
                TokenTree::Group(group) => calls(group.stream(), called),
                _ => {}
            }
        }
    }
    /// What `items` call, each exported macro's calls counted only when another caller is.
    fn called_by(
        items: &[Item],
        called: &mut BTreeSet<String>,
        by_macro: &mut Vec<(String, TokenStream)>,
    ) {
        for item in items {
            if let Some(name) = exported_macro(item) {
                by_macro.push((name, item.to_token_stream()));
            } else if let Item::Mod(module) = item
                && let Some((_, items)) = &module.content
            {
                called_by(items, called, by_macro);
            } else {
                calls(item.to_token_stream(), called);
            }
        }
    }
    fn retain(items: &mut Vec<Item>, called: &BTreeSet<String>) {
        items.retain(|item| exported_macro(item).is_none_or(|name| called.contains(&name)));
        for item in items {
            if let Item::Mod(module) = item
                && let Some((_, items)) = &mut module.content
            {
                retain(items, called);
            }
        }
    }
    let mut file = syn::parse_file(source)?;
    let (mut called, mut by_macro) = (BTreeSet::new(), Vec::new());
    called_by(&file.items, &mut called, &mut by_macro);
    // The macros called from outside call others: to a fixed point.
    loop {
        let before = called.len();
        for (name, tokens) in &by_macro {
            if called.contains(name) {
                calls(tokens.clone(), &mut called);
            }
        }
        if called.len() == before {
            break;
        }
    }
    retain(&mut file.items, &called);
    Ok(prettyplease::unparse(&file))
}

/// Runs rustc's analysis on `source` and collects its unused-code warnings; any other
/// diagnostic is an error.
fn unused(source: &str, scratch: &Path) -> anyhow::Result<Unused> {
    let output = rustc_check(source, scratch, "--error-format=json")?;
    let mut unused = Unused::default();
    for line in String::from_utf8_lossy(&output.stderr).lines() {
        let diagnostic: serde_json::Value = serde_json::from_str(line)?;
        if diagnostic["$message_type"] != "diagnostic" {
            continue;
        }
        let code = diagnostic["code"]["code"].as_str().unwrap_or("");
        let rendered = diagnostic["rendered"].as_str().unwrap_or("").to_string();
        // An import of something removed in the round before (used only by dead code, so not
        // reported unused itself) no longer resolves: it goes like an unused one.
        let removable = match diagnostic["level"].as_str() {
            Some("warning") => matches!(code, "dead_code" | "unused_imports" | "unused_macros"),
            Some("error") => code == "E0432",
            _ => false,
        };
        if !removable {
            // The closing counts ("aborting due to 2 previous errors") have no place in the
            // source; every error that has one is reported by itself.
            if diagnostic["spans"].as_array().is_none_or(Vec::is_empty) {
                continue;
            }
            bail!(
                "rustc on the bundle ({}):\n{rendered}",
                scratch.with_extension("rs").display()
            );
        }
        unused.messages.push(rendered);
        for span in diagnostic["spans"].as_array().into_iter().flatten() {
            if span["is_primary"] != true {
                continue;
            }
            let position = |span: &serde_json::Value| {
                let number = |key: &str| {
                    span[key]
                        .as_u64()
                        .and_then(|number| usize::try_from(number).ok())
                        .unwrap_or(0)
                };
                (number("line_start"), number("column_start"))
            };
            unused.names.insert(position(span));
            // An item a macro made: the macro's name, to mark it at its definition.
            if let Some(macro_name) = span["expansion"]["macro_decl_name"].as_str() {
                unused
                    .in_macros
                    .insert(macro_name.trim_end_matches('!').to_string());
            }
        }
    }
    Ok(unused)
}

fn position(span: Span) -> Position {
    let start = span.start();
    (start.line, start.column + 1)
}

/// Collects the name of every `fn` and `const` in the bodies of the `macro_rules!` among
/// `items`.
fn functions_in_macros(items: &[Item], names: &mut BTreeSet<String>) {
    fn walk(tokens: TokenStream, names: &mut BTreeSet<String>) {
        let mut after_fn = false;
        for tree in tokens {
            match tree {
                TokenTree::Ident(ident) => {
                    if after_fn {
                        names.insert(ident.to_string());
                    }
                    after_fn = ident == "fn" || ident == "const";
                }
                TokenTree::Group(group) => {
                    walk(group.stream(), names);
                    after_fn = false;
                }
                TokenTree::Punct(_) | TokenTree::Literal(_) => after_fn = false,
            }
        }
    }
    for item in items {
        match item {
            Item::Macro(definition) if definition.mac.path.is_ident("macro_rules") => {
                walk(definition.mac.tokens.clone(), names);
            }
            Item::Mod(module) => {
                if let Some((_, items)) = &module.content {
                    functions_in_macros(items, names);
                }
            }
            _ => {}
        }
    }
}

/// Removes the unused items among `items` and in the modules and impls they hold; returns how
/// many things changed.
fn remove_items(
    items: &mut Vec<Item>,
    unused: &Unused,
    removed_methods: &mut BTreeSet<(String, String)>,
    removed_types: &mut BTreeSet<String>,
) -> usize {
    let flagged = |ident: &Ident| unused.names.contains(&position(ident.span()));
    // rustc points at a named field's name and at an unnamed one's type.
    let field_flagged = |field: &syn::Field| match &field.ident {
        Some(ident) => flagged(ident),
        None => field
            .ty
            .to_token_stream()
            .into_iter()
            .next()
            .is_some_and(|first| unused.names.contains(&position(first.span()))),
    };
    let mut changes = 0;
    items.retain_mut(|item| {
        let name = match item {
            Item::Const(item) => Some(&item.ident),
            Item::Enum(item) => Some(&item.ident),
            Item::Fn(item) => Some(&item.sig.ident),
            Item::Static(item) => Some(&item.ident),
            Item::Struct(item) => Some(&item.ident),
            Item::Trait(item) => Some(&item.ident),
            Item::Type(item) => Some(&item.ident),
            Item::Union(item) => Some(&item.ident),
            Item::Macro(item) => item.ident.as_ref(),
            _ => None,
        };
        if let Some(name) = name
            && flagged(name)
        {
            removed_types.insert(name.to_string());
            changes += 1;
            return false;
        }
        match item {
            Item::Use(item) => {
                let before = changes;
                let keep = prune_use_tree(&mut item.tree, &flagged, &mut changes);
                keep || changes == before
            }
            Item::Mod(module) => {
                if let Some((_, items)) = &mut module.content {
                    changes += remove_items(items, unused, removed_methods, removed_types);
                    !items.is_empty()
                } else {
                    true
                }
            }
            Item::Impl(block) => {
                let before = block.items.len();
                block.items.retain(|item| match item {
                    ImplItem::Const(item) => !flagged(&item.ident),
                    ImplItem::Fn(item) => !flagged(&item.sig.ident),
                    ImplItem::Type(item) => !flagged(&item.ident),
                    _ => true,
                });
                changes += before - block.items.len();
                // An inherent impl left empty goes with its last item.
                block.trait_.is_some() || !block.items.is_empty() || before == 0
            }
            Item::Trait(item) => {
                let name = item.ident.to_string();
                item.items.retain(|member| match member {
                    syn::TraitItem::Fn(method) if flagged(&method.sig.ident) => {
                        removed_methods.insert((name.clone(), method.sig.ident.to_string()));
                        changes += 1;
                        false
                    }
                    _ => true,
                });
                true
            }
            // Variants and fields never used are allowed once for the whole type: shorter than
            // one attribute each.
            Item::Enum(item) => {
                if item.variants.iter().any(|variant| {
                    flagged(&variant.ident) || variant.fields.iter().any(&field_flagged)
                }) {
                    changes += allow_dead_code(&mut item.attrs);
                }
                true
            }
            Item::Struct(item) => {
                if item.fields.iter().any(&field_flagged) {
                    changes += allow_dead_code(&mut item.attrs);
                }
                true
            }
            _ => true,
        }
    });
    changes
}

/// Marks `#[allow(dead_code)]` each unused trait method or constant that a macro's impls would
/// still define (`written_by_macros`), so it stays; returns how many changed.
fn allow_methods_macros_write(
    items: &mut [Item],
    unused: &Unused,
    written_by_macros: &BTreeSet<String>,
) -> usize {
    let mut changes = 0;
    for item in items {
        match item {
            Item::Trait(item) => {
                for member in &mut item.items {
                    let (ident, attrs) = match member {
                        syn::TraitItem::Fn(method) => (&method.sig.ident, &mut method.attrs),
                        syn::TraitItem::Const(constant) => (&constant.ident, &mut constant.attrs),
                        _ => continue,
                    };
                    if unused.names.contains(&position(ident.span()))
                        && written_by_macros.contains(&ident.to_string())
                    {
                        changes += allow_dead_code(attrs);
                    }
                }
            }
            Item::Mod(module) => {
                if let Some((_, items)) = &mut module.content {
                    changes += allow_methods_macros_write(items, unused, written_by_macros);
                }
            }
            _ => {}
        }
    }
    changes
}

/// Removes the impls of the types and traits named in `removed`, in every module.
fn remove_impls_of(items: &mut Vec<Item>, removed: &BTreeSet<String>) {
    if removed.is_empty() {
        return;
    }
    let last_name = |path: &syn::Path| path.segments.last().map(|s| s.ident.to_string());
    items.retain_mut(|item| match item {
        Item::Impl(block) => {
            let self_name = match &*block.self_ty {
                syn::Type::Path(path) => last_name(&path.path),
                _ => None,
            };
            let trait_name = block
                .trait_
                .as_ref()
                .and_then(|(_, path, _)| last_name(path));
            ![self_name, trait_name]
                .iter()
                .flatten()
                .any(|name| removed.contains(name))
        }
        Item::Mod(module) => {
            if let Some((_, inner)) = &mut module.content {
                remove_impls_of(inner, removed);
            }
            true
        }
        _ => true,
    });
}

/// Removes the methods `(trait, method)` that left their traits from every impl of the trait.
fn remove_trait_methods(items: &mut [Item], removed: &BTreeSet<(String, String)>) {
    for item in items {
        match item {
            Item::Impl(block) => {
                let Some(trait_name) = block
                    .trait_
                    .as_ref()
                    .and_then(|(_, path, _)| path.segments.last())
                    .map(|segment| segment.ident.to_string())
                else {
                    continue;
                };
                block.items.retain(|member| match member {
                    ImplItem::Fn(method) => {
                        !removed.contains(&(trait_name.clone(), method.sig.ident.to_string()))
                    }
                    _ => true,
                });
            }
            Item::Mod(module) => {
                if let Some((_, items)) = &mut module.content {
                    remove_trait_methods(items, removed);
                }
            }
            _ => {}
        }
    }
}

/// Removes the flagged names from a `use` tree; false when nothing is left of it.
fn prune_use_tree(
    tree: &mut UseTree,
    flagged: &impl Fn(&Ident) -> bool,
    changes: &mut usize,
) -> bool {
    let first = match tree {
        UseTree::Path(path) => &path.ident,
        UseTree::Name(name) => &name.ident,
        UseTree::Rename(rename) => &rename.ident,
        UseTree::Glob(_) | UseTree::Group(_) => {
            if let UseTree::Group(group) = tree {
                let items = std::mem::take(&mut group.items);
                group.items = items
                    .into_iter()
                    .filter_map(|mut item| {
                        prune_use_tree(&mut item, flagged, changes).then_some(item)
                    })
                    .collect();
                return !group.items.is_empty();
            }
            return true;
        }
    };
    if flagged(first) {
        *changes += 1;
        return false;
    }
    match tree {
        UseTree::Path(path) => prune_use_tree(&mut path.tree, flagged, changes),
        _ => true,
    }
}

/// Adds `#[allow(dead_code)]` unless there is one; 1 if it did.
fn allow_dead_code(attrs: &mut Vec<syn::Attribute>) -> usize {
    let is_allow = |attr: &syn::Attribute| {
        attr.path().is_ident("allow") && attr.to_token_stream().to_string().contains("dead_code")
    };
    if attrs.iter().any(is_allow) {
        return 0;
    }
    attrs.push(syn::parse_quote!(#[allow(dead_code)]));
    1
}

/// Marks each `impl` block that the macros `names` generate `#[allow(dead_code)]`: lint
/// attributes on a macro's call are ignored, so the one place they take effect is the
/// definition. Returns how many blocks changed.
fn allow_in_macros(items: &mut [Item], names: &BTreeSet<String>) -> usize {
    let mut changes = 0;
    for item in items {
        match item {
            Item::Macro(definition)
                if definition.mac.path.is_ident("macro_rules")
                    && definition
                        .ident
                        .as_ref()
                        .is_some_and(|name| names.contains(&name.to_string())) =>
            {
                let tokens = std::mem::take(&mut definition.mac.tokens);
                definition.mac.tokens = allow_before_impls(tokens, &mut changes);
            }
            Item::Mod(module) => {
                if let Some((_, items)) = &mut module.content {
                    changes += allow_in_macros(items, names);
                }
            }
            _ => {}
        }
    }
    changes
}

/// Puts `#[allow(dead_code)]` before every `impl` that starts an item in `tokens`.
fn allow_before_impls(tokens: TokenStream, changes: &mut usize) -> TokenStream {
    let mut out: Vec<TokenTree> = Vec::new();
    for tree in tokens {
        match tree {
            TokenTree::Group(group) => {
                let mut rewritten = Group::new(
                    group.delimiter(),
                    allow_before_impls(group.stream(), changes),
                );
                rewritten.set_span(group.span());
                out.push(TokenTree::Group(rewritten));
            }
            TokenTree::Ident(ident) if ident == "impl" && starts_item(&out) => {
                let already = out
                    .last()
                    .is_some_and(|last| last.to_string().replace(' ', "") == "[allow(dead_code)]");
                if !already {
                    *changes += 1;
                    out.push(TokenTree::Punct(Punct::new('#', Spacing::Alone)));
                    let allow: TokenStream = "allow(dead_code)".parse().expect("valid tokens");
                    out.push(TokenTree::Group(Group::new(Delimiter::Bracket, allow)));
                }
                out.push(TokenTree::Ident(ident));
            }
            tree => out.push(tree),
        }
    }
    out.into_iter().collect()
}

/// Whether the next token would start an item: at the start, or after a `;` or a `{ ... }`.
fn starts_item(before: &[TokenTree]) -> bool {
    match before.last() {
        None => true,
        Some(TokenTree::Punct(punct)) => punct.as_char() == ';',
        Some(TokenTree::Group(group)) => group.delimiter() == Delimiter::Brace,
        Some(_) => false,
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn what_main_never_uses_goes_and_what_it_uses_stays_trait_impls_too() {
        let source = "
            use std::fmt::Write;
            use std::collections::{BTreeMap, HashMap};
            fn main() { let _ = format!(\"{:?}\", library::used()); let _ = HashMap::<u8, u8>::new(); }
            mod library {
                pub fn used() -> Shape { Shape::Round }
                pub fn unused() -> Box<dyn Trait> { helper(); Box::new(Thing) }
                fn helper() {}
                pub struct Thing;
                pub trait Trait { fn method(&self) {} }
                impl Trait for Thing { fn method(&self) {} }
                pub enum Shape { Round, Square }
                impl std::fmt::Debug for Shape {
                    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                        match self { Shape::Round => f.write_str(\"o\"), Shape::Square => f.write_str(\"#\") }
                    }
                }
                impl std::fmt::Display for Shape {
                    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result { f.write_str(\"shape\") }
                }
                #[macro_export]
                macro_rules! never_called { () => {} }
            }
        ";
        let scratch = std::env::temp_dir().join(format!("prune_test_{}", std::process::id()));
        let pruned = super::prune(source, &scratch).unwrap();
        let expected = "\
use std::collections::HashMap;
fn main() {
    let _ = format!(\"{:?}\", library::used());
    let _ = HashMap::<u8, u8>::new();
}
mod library {
    pub fn used() -> Shape {
        Shape::Round
    }
    #[allow(dead_code)]
    pub enum Shape {
        Round,
        Square,
    }
    impl std::fmt::Debug for Shape {
        fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
            match self {
                Shape::Round => f.write_str(\"o\"),
                Shape::Square => f.write_str(\"#\"),
            }
        }
    }
}
";
        assert_eq!(pruned, expected);
    }

    /// A macro call whose items nothing uses goes (rustc reports its items, inside the macro);
    /// a call of the same macro whose items are used stays.
    #[test]
    fn a_macro_call_writing_only_unused_items_goes() {
        let source = "
            fn main() { let _ = library::Used::first() as u8; }
            mod library {
                macro_rules! one_variant {
                    ($name:ident) => {
                        #[derive(Clone, Copy)]
                        pub enum $name { One }
                        impl $name { pub fn first() -> $name { $name::One } }
                    };
                }
                one_variant!(Used);
                one_variant!(Unused);
            }
        ";
        let scratch = std::env::temp_dir().join(format!("prune_calls_{}", std::process::id()));
        let pruned = super::prune(source, &scratch).unwrap();
        assert!(pruned.contains("one_variant!(Used)"), "{pruned}");
        assert!(!pruned.contains("Unused"), "{pruned}");
    }

    /// A type that goes takes its impls with it from every module, and a private helper that
    /// only such an impl used goes too.
    #[test]
    fn an_unused_types_impls_go_from_other_modules() {
        let source = "
            fn main() { let _ = cards::used(); }
            mod cards {
                pub fn used() -> u8 { 1 }
                pub struct Range(pub u8);
            }
            mod text {
                struct Writer(u8);
                impl std::fmt::Display for crate::cards::Range {
                    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                        write!(f, \"{}\", Writer(self.0).0)
                    }
                }
            }
        ";
        let scratch = std::env::temp_dir().join(format!("prune_impls_{}", std::process::id()));
        let pruned = super::prune(source, &scratch).unwrap();
        assert!(!pruned.contains("Range"), "{pruned}");
        assert!(!pruned.contains("Writer"), "{pruned}");
        assert!(pruned.contains("pub fn used()"), "{pruned}");
    }

    /// What a registry crate brings: a trait method that only a macro's impls define stays,
    /// allowed; a `Drop` impl stays though the bundle compiles without it; impls that need one
    /// another go over passes; exported macros that only uncalled ones call go with them.
    #[test]
    fn macro_written_methods_drops_and_impls_needing_impls() {
        let source = "
            fn main() {
                let order = library::make();
                let _ = format!(\"{:?}\", order.clone());
                let _ = used!();
            }
            mod library {
                pub trait Named { fn name(&self) -> u8; fn unused(&self) -> u8; }
                macro_rules! named {
                    ($t:ident) => { impl Named for $t { fn name(&self) -> u8 { 1 } fn unused(&self) -> u8 { 0 } } };
                }
                pub struct Thing;
                named!(Thing);
                pub struct Guard(u8);
                impl Drop for Guard { fn drop(&mut self) { println!(\"dropped\"); } }
                pub fn make() -> b::Order { let _guard = Guard(1); b::Order(Thing.name()) }
                pub mod a {
                    impl PartialOrd for super::b::Order {
                        fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> { self.0.partial_cmp(&other.0) }
                    }
                    impl std::fmt::Debug for super::b::Order {
                        fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result { write!(f, \"{}\", self.0) }
                    }
                }
                pub mod b {
                    pub struct Order(pub u8);
                    impl PartialEq for Order { fn eq(&self, other: &Self) -> bool { self.0 == other.0 } }
                    impl Clone for Order { fn clone(&self) -> Self { Order(self.0) } }
                }
                #[macro_export]
                macro_rules! used { () => { helper!() } }
                #[macro_export]
                macro_rules! helper { () => { 1 } }
                #[macro_export]
                macro_rules! outer { () => { inner!() } }
                #[macro_export]
                macro_rules! inner { () => { 2 } }
            }
        ";
        let scratch = std::env::temp_dir().join(format!("prune_registry_{}", std::process::id()));
        let pruned = super::prune(source, &scratch).unwrap();
        let expected_in = [
            "#[allow(dead_code)]\n        fn unused(&self) -> u8;",
            "impl Drop for Guard",
            "#[allow(dead_code)]\n    pub struct Guard(u8);",
            "impl std::fmt::Debug for super::b::Order",
            "impl Clone for Order",
            "macro_rules! used",
            "macro_rules! helper",
        ];
        for present in expected_in {
            assert!(pruned.contains(present), "{present} in:\n{pruned}");
        }
        for absent in ["PartialOrd", "PartialEq", "outer", "inner"] {
            assert!(!pruned.contains(absent), "{absent} in:\n{pruned}");
        }
    }
}
