//! A bundle's second stage: a crate's library as one module tree, every `mod x;` inlined from
//! its file, and whatever carries a `#[cfg]` that does not hold for the bundle's features dropped
//! (items such as tests and the `cli` feature, and inside them methods, fields, variants,
//! statements and match arms), as a judge build of the crate would see it.

use std::collections::BTreeSet;
use std::path::Path;

use anyhow::{Context, bail, ensure};
use quote::ToTokens;
use syn::punctuated::Punctuated;
use syn::visit_mut::VisitMut;
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
    let mut within = WithinItems {
        features,
        error: None,
    };
    within.visit_file_mut(&mut file);
    if let Some(error) = within.error {
        return Err(error.context(format!("in {}", relative(path))));
    }
    Ok(file)
}

/// Drops what carries a `cfg` that does not hold inside items: methods and associated items,
/// fields and variants, statements, match arms and fields of struct expressions; and debug
/// assertions, as `cfg(debug_assertions)` does not hold.
struct WithinItems<'a> {
    features: &'a BTreeSet<String>,
    error: Option<anyhow::Error>,
}

impl WithinItems<'_> {
    fn holds(&mut self, attrs: &[syn::Attribute]) -> bool {
        cfg_holds_for(attrs, self.features).unwrap_or_else(|error| {
            self.error.get_or_insert(error);
            true
        })
    }

    fn retain_punctuated<T: Clone, P: Default>(
        &mut self,
        list: &mut Punctuated<T, P>,
        attrs: impl Fn(&T) -> &[syn::Attribute],
    ) {
        if list.iter().all(|each| self.holds(attrs(each))) {
            return;
        }
        *list = std::mem::take(list)
            .into_iter()
            .filter(|each| self.holds(attrs(each)))
            .collect();
    }
}

impl VisitMut for WithinItems<'_> {
    fn visit_item_impl_mut(&mut self, item: &mut syn::ItemImpl) {
        item.items.retain(|each| self.holds(impl_item_attrs(each)));
        syn::visit_mut::visit_item_impl_mut(self, item);
    }

    fn visit_item_trait_mut(&mut self, item: &mut syn::ItemTrait) {
        item.items.retain(|each| self.holds(trait_item_attrs(each)));
        syn::visit_mut::visit_item_trait_mut(self, item);
    }

    fn visit_fields_named_mut(&mut self, fields: &mut syn::FieldsNamed) {
        self.retain_punctuated(&mut fields.named, |field| &field.attrs);
        syn::visit_mut::visit_fields_named_mut(self, fields);
    }

    fn visit_fields_unnamed_mut(&mut self, fields: &mut syn::FieldsUnnamed) {
        self.retain_punctuated(&mut fields.unnamed, |field| &field.attrs);
        syn::visit_mut::visit_fields_unnamed_mut(self, fields);
    }

    fn visit_item_enum_mut(&mut self, item: &mut syn::ItemEnum) {
        self.retain_punctuated(&mut item.variants, |variant| &variant.attrs);
        syn::visit_mut::visit_item_enum_mut(self, item);
    }

    fn visit_expr_struct_mut(&mut self, expr: &mut syn::ExprStruct) {
        self.retain_punctuated(&mut expr.fields, |field| &field.attrs);
        syn::visit_mut::visit_expr_struct_mut(self, expr);
    }

    fn visit_expr_match_mut(&mut self, expr: &mut syn::ExprMatch) {
        expr.arms.retain(|arm| self.holds(&arm.attrs));
        syn::visit_mut::visit_expr_match_mut(self, expr);
    }

    fn visit_block_mut(&mut self, block: &mut syn::Block) {
        block
            .stmts
            .retain(|stmt| !is_debug_assertion(stmt) && self.holds(stmt_attrs(stmt)));
        syn::visit_mut::visit_block_mut(self, block);
    }
}

/// An impl item's attributes; none for verbatim tokens.
fn impl_item_attrs(item: &syn::ImplItem) -> &[syn::Attribute] {
    match item {
        syn::ImplItem::Const(item) => &item.attrs,
        syn::ImplItem::Fn(item) => &item.attrs,
        syn::ImplItem::Type(item) => &item.attrs,
        syn::ImplItem::Macro(item) => &item.attrs,
        _ => &[],
    }
}

/// A trait item's attributes; none for verbatim tokens.
fn trait_item_attrs(item: &syn::TraitItem) -> &[syn::Attribute] {
    match item {
        syn::TraitItem::Const(item) => &item.attrs,
        syn::TraitItem::Fn(item) => &item.attrs,
        syn::TraitItem::Type(item) => &item.attrs,
        syn::TraitItem::Macro(item) => &item.attrs,
        _ => &[],
    }
}

/// A statement's outer attributes.
fn stmt_attrs(stmt: &syn::Stmt) -> &[syn::Attribute] {
    match stmt {
        syn::Stmt::Local(local) => &local.attrs,
        syn::Stmt::Item(item) => item_attrs(item).unwrap_or_default(),
        syn::Stmt::Expr(expr, _) => expr_attrs(expr),
        syn::Stmt::Macro(mac) => &mac.attrs,
    }
}

/// Whether `stmt` is a debug assertion, which does nothing in a bundle compiled with `-O`.
fn is_debug_assertion(stmt: &syn::Stmt) -> bool {
    let mac = match stmt {
        syn::Stmt::Macro(stmt) => &stmt.mac,
        syn::Stmt::Expr(syn::Expr::Macro(expr), _) => &expr.mac,
        _ => return false,
    };
    mac.path.segments.last().is_some_and(|segment| {
        ["debug_assert", "debug_assert_eq", "debug_assert_ne"]
            .iter()
            .any(|name| segment.ident == name)
    })
}

/// The outer attributes of an expression that can carry them as a statement.
fn expr_attrs(expr: &syn::Expr) -> &[syn::Attribute] {
    match expr {
        syn::Expr::Block(expr) => &expr.attrs,
        syn::Expr::Call(expr) => &expr.attrs,
        syn::Expr::MethodCall(expr) => &expr.attrs,
        syn::Expr::Macro(expr) => &expr.attrs,
        syn::Expr::If(expr) => &expr.attrs,
        syn::Expr::Match(expr) => &expr.attrs,
        syn::Expr::Assign(expr) => &expr.attrs,
        syn::Expr::Path(expr) => &expr.attrs,
        syn::Expr::Return(expr) => &expr.attrs,
        syn::Expr::Unsafe(expr) => &expr.attrs,
        _ => &[],
    }
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
        // A `#[test]` function is compiled only for tests, as under `cfg(test)`.
        if !cfg_holds_for(attrs, features)? || attrs.iter().any(|attr| attr.path().is_ident("test"))
        {
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
/// `--cfg fuzzing`), no debug assertions (bundles are compiled with `-O`), no docs.rs or Miri,
/// 64-bit pointers (every judge here), and the features `features`.
pub fn cfg_holds(predicate: &Meta, features: &BTreeSet<String>) -> anyhow::Result<bool> {
    let nested = |list: &syn::MetaList| {
        list.parse_args_with(Punctuated::<Meta, Token![,]>::parse_terminated)
            .map(|predicates| predicates.into_iter().collect::<Vec<_>>())
    };
    Ok(match predicate {
        Meta::Path(path)
            if [
                "test",
                "doctest",
                "fuzzing",
                "debug_assertions",
                "docsrs",
                "miri",
            ]
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
        Meta::NameValue(pair) if pair.path.is_ident("target_pointer_width") => {
            pair.value.to_token_stream().to_string() == "\"64\""
        }
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
        assert!(!holds("docsrs"));
        assert!(holds(r#"target_pointer_width = "64""#));
        assert!(!holds(r#"not(target_pointer_width = "64")"#));
        assert!(!holds(r#"target_pointer_width = "16""#));
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

    /// Inside items too: fields, variants, methods, statements and match arms whose `cfg` does
    /// not hold go, with debug assertions and `#[test]` functions; those whose `cfg` holds stay.
    #[test]
    fn cfgs_inside_items_decide_too() {
        let root = std::env::temp_dir().join(format!("bundle-within-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&root);
        std::fs::create_dir_all(&root).unwrap();
        std::fs::write(
            root.join("lib.rs"),
            r#"
            pub struct S { pub a: u8, #[cfg(feature = "big")] pub wide: u64, #[cfg(not(feature = "big"))] pub narrow: () }
            pub enum E { A, #[cfg(test)] OnlyInTests, #[cfg(feature = "std")] WithStd }
            impl S {
                pub fn f(&self) -> u8 {
                    #[cfg(feature = "big")]
                    { return 2; }
                    debug_assert!(self.a > 0);
                    debug_assert_eq!(self.a, 1);
                    let made = S { a: 1, #[cfg(not(feature = "big"))] narrow: () };
                    match made.a { #[cfg(feature = "big")] 0 => 9, _ => self.a }
                }
                #[cfg(test)]
                fn only_in_tests() {}
            }
            pub trait T { #[cfg(test)] fn checked(&self); fn kept(&self); }
            #[test]
            fn a_test() {}
            "#,
        )
        .unwrap();
        let file = read_module_file(&root.join("lib.rs"), &features(&["std"])).unwrap();
        let text = prettyplease::unparse(&file);
        for present in ["narrow: ()", "WithStd", "fn kept", "a: 1,", "_ => self.a"] {
            assert!(text.contains(present), "{present} in:\n{text}");
        }
        for absent in [
            "wide",
            "OnlyInTests",
            "return 2",
            "debug_assert",
            "=> 9",
            "only_in_tests",
            "checked",
            "a_test",
        ] {
            assert!(!text.contains(absent), "{absent} in:\n{text}");
        }
        let _ = std::fs::remove_dir_all(&root);
    }
}
