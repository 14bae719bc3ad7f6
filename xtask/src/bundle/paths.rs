//! A bundle's third stage: a crate's tokens rewritten to live on as a module of the bundle:
//! `crate::x` and `other_crate::x` paths name the same items, and attributes are what a bundle
//! needs (doc comments and `cfg`s gone, `cfg_attr`s resolved, lint attributes with rustc's lints
//! only).

use std::collections::BTreeSet;

use anyhow::{Context, bail};
use proc_macro2::{Delimiter, Group, Ident, Punct, Spacing, Span, TokenStream, TokenTree};
use quote::ToTokens;
use syn::punctuated::Punctuated;
use syn::{Meta, Token};

use crate::bundle::inline::cfg_holds;

/// What the token rewriting needs to know about the crate being bundled.
pub struct Rewriting<'a> {
    /// The crate's module name.
    pub module: String,
    /// Every bundled crate's module name.
    pub crates: &'a BTreeSet<String>,
    /// The crate's features that are on.
    pub features: &'a BTreeSet<String>,
    /// The names of the bundled crates' `#[macro_export]` macros, which live at the bundle's
    /// root as they did at their crate's.
    pub macros: &'a BTreeSet<String>,
}

/// Rewrites one crate's tokens for life as a module of the bundle: `crate::x` becomes
/// `crate::<module>::x`, `other_crate::x` becomes `crate::other_crate::x`, but an exported
/// macro stays at the root (`$crate::m!` as it is, `other_crate::m!` as `crate::m!`), doc
/// attributes go, and `cfg_attr`s are resolved.
pub fn rewrite(tokens: TokenStream, context: &Rewriting) -> anyhow::Result<TokenStream> {
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
                let names_macro = matches!(trees.get(index + 3),
                    Some(TokenTree::Ident(next)) if context.macros.contains(&next.to_string()));
                if name == "crate" {
                    out.push(tree.clone());
                    if !names_macro {
                        push_path_separator(&mut out);
                        out.push(TokenTree::Ident(Ident::new(&context.module, ident.span())));
                    }
                } else if context.crates.contains(&name) && !ends_with_path_separator(&out) {
                    out.push(TokenTree::Ident(Ident::new("crate", ident.span())));
                    if !names_macro {
                        push_path_separator(&mut out);
                        out.push(tree.clone());
                    }
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

/// The attributes an attribute stands for in a bundle: none for a doc comment or `no_std`, a `cfg_attr`'s
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
    // `no_std` belongs to a crate's root, and a bundled crate is a module.
    if meta.path().is_ident("doc") || meta.path().is_ident("no_std") {
        return Ok(Vec::new());
    }
    if meta.path().is_ident("cfg") {
        // What a cfg that does not hold was on is gone already, but in a macro's body (tokens
        // to the bundler): there it becomes `cfg(any())`, which never holds. One that holds
        // needs no attribute.
        let Meta::List(list) = &meta else {
            bail!("cfg takes a predicate");
        };
        if cfg_holds(&list.parse_args()?, features)? {
            return Ok(Vec::new());
        }
        return Ok(vec![quote::quote!(cfg(any()))]);
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

    use super::{Rewriting, rewrite};

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
    fn paths_name_the_same_items_inside_the_bundle() {
        let crates = features(&["cards_core", "judge_io", "flags"]);
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
            macro_rules! n { () => { $crate::exported!(); crate::exported!() } }
            use flags::exported;
            flags::exported! {}
            #![cfg_attr(not(feature = "std"), no_std)]
        "#;
        let rewritten = rewrite(
            source.parse().unwrap(),
            &Rewriting {
                module: "judge_io".to_string(),
                crates: &crates,
                features: &features(&["tables"]),
                macros: &features(&["exported"]),
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
             macro_rules ! m { () => { $ crate :: judge_io :: answer () } } \
             macro_rules ! n { () => { $ crate :: exported ! () ; crate :: exported ! () } } \
             use crate :: exported ; \
             crate :: exported ! { }"
        );
    }
}
