//! A bundle's second stage: a crate's library as one module tree, every `mod x;` inlined from
//! its file, and the items whose `#[cfg]` does not hold for the bundle's features dropped (tests,
//! the `cli` feature), as a judge build of the crate would see it.

use std::collections::BTreeSet;
use std::path::Path;

use anyhow::{Context, bail, ensure};
use quote::ToTokens;
use syn::punctuated::Punctuated;
use syn::{Item, Meta, Token};

/// A module file's items, with every `mod x;` it declares inlined and the items whose `#[cfg]`
/// does not hold with `features` dropped.
pub fn read_module_file(path: &Path, features: &BTreeSet<String>) -> anyhow::Result<syn::File> {
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

/// Whether a `cfg` predicate holds in a bundle: no tests or doctests, no fuzzing (cargo-fuzz's
/// `--cfg fuzzing`), no debug assertions (bundles are compiled with `-O`), and the features
/// `features`.
pub fn cfg_holds(predicate: &Meta, features: &BTreeSet<String>) -> anyhow::Result<bool> {
    let nested = |list: &syn::MetaList| {
        list.parse_args_with(Punctuated::<Meta, Token![,]>::parse_terminated)
            .map(|predicates| predicates.into_iter().collect::<Vec<_>>())
    };
    Ok(match predicate {
        Meta::Path(path)
            if ["test", "doctest", "fuzzing", "debug_assertions"]
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

/// The path of `path` from the workspace's root, for messages.
pub fn relative(path: &Path) -> String {
    let root = golden_cases::workspace_root();
    path.strip_prefix(&root)
        .unwrap_or(path)
        .display()
        .to_string()
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use super::{cfg_holds, read_module_file};

    fn features(names: &[&str]) -> BTreeSet<String> {
        names.iter().map(ToString::to_string).collect()
    }

    #[test]
    fn cfg_predicates_hold_as_in_a_judge_build() {
        let holds = |predicate: &str| {
            cfg_holds(&syn::parse_str(predicate).unwrap(), &features(&["tables"])).unwrap()
        };
        assert!(!holds("test"));
        assert!(!holds("doctest"));
        assert!(!holds("fuzzing"));
        assert!(!holds("debug_assertions"));
        assert!(holds(r#"feature = "tables""#));
        assert!(!holds(r#"feature = "cli""#));
        assert!(holds(r#"any(test, feature = "tables")"#));
        assert!(!holds("any(fuzzing, test)"));
        assert!(!holds(r#"all(not(test), feature = "cli")"#));
        assert!(holds("not(test)"));
        let unknown = cfg_holds(&syn::parse_str("unix").unwrap(), &features(&[]));
        assert!(unknown.is_err());
    }

    /// Files made in the test: `mod x;` from `x.rs` and from `x/mod.rs`, nested modules from the
    /// folder of their file, and items under a `cfg` that does not hold left out.
    #[test]
    fn modules_are_inlined_and_cfgs_decide() {
        let root = std::env::temp_dir().join(format!("bundle-inline-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&root);
        let files = [
            (
                "lib.rs",
                "mod a;\nmod b;\n#[cfg(test)]\nmod tests;\n#[cfg(feature = \"cli\")]\npub fn cli() {}\n#[cfg(feature = \"fast\")]\npub fn fast() {}\n",
            ),
            ("a.rs", "mod inner;\npub fn a() {}\n"),
            ("a/inner.rs", "pub fn inner() {}\n"),
            (
                "b/mod.rs",
                "pub fn b() {}\n#[cfg(not(feature = \"fast\"))]\npub fn slow() {}\n",
            ),
        ];
        for (path, text) in files {
            let path = root.join(path);
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(path, text).unwrap();
        }
        let file = read_module_file(&root.join("lib.rs"), &features(&["fast"])).unwrap();
        let text = prettyplease::unparse(&file);
        for present in [
            "mod a {",
            "mod inner {",
            "fn inner()",
            "mod b {",
            "fn b()",
            "fn fast()",
        ] {
            assert!(text.contains(present), "{present} in:\n{text}");
        }
        for absent in ["tests", "fn cli()", "fn slow()"] {
            assert!(!text.contains(absent), "{absent} in:\n{text}");
        }
        let _ = std::fs::remove_dir_all(&root);
    }
}
