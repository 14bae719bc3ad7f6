//! Rewrites that let a bundle compile on the oldest Rust a judge here runs, Baekjoon's 1.73
//! (`cargo xtask verify --bundled --toolchain 1.73.0`): what the workspace writes with a newer
//! standard library, said in what Rust 1.73 already had (lint attributes are
//! `resolve_attribute`'s). Each rewrite means the same for the values the judge paths give it.
//! Compile-time checks (`const _: () = assert!(...)`) are dropped: they held when the workspace
//! compiled, and older compilers count what only they read as unused.

use proc_macro2::TokenStream;
use quote::quote;
use syn::visit_mut::{self, VisitMut};
use syn::{Expr, parse_quote};

/// Rewrites `file` in place.
pub fn rewrite(file: &mut syn::File) {
    OlderRust.visit_file_mut(file);
}

struct OlderRust;

/// Whether `item` is a compile-time check (`const _: () = assert!(...);`): it held when the
/// workspace compiled, and older compilers count what it reads as unused.
fn is_check(item: &syn::Item) -> bool {
    matches!(item, syn::Item::Const(constant) if constant.ident == "_")
}

impl VisitMut for OlderRust {
    fn visit_file_mut(&mut self, file: &mut syn::File) {
        file.items.retain(|item| !is_check(item));
        visit_mut::visit_file_mut(self, file);
    }

    fn visit_item_mod_mut(&mut self, module: &mut syn::ItemMod) {
        if let Some((_, items)) = &mut module.content {
            items.retain(|item| !is_check(item));
        }
        visit_mut::visit_item_mod_mut(self, module);
    }

    fn visit_block_mut(&mut self, block: &mut syn::Block) {
        block
            .stmts
            .retain(|stmt| !matches!(stmt, syn::Stmt::Item(item) if is_check(item)));
        visit_mut::visit_block_mut(self, block);
    }

    fn visit_expr_mut(&mut self, expr: &mut Expr) {
        visit_mut::visit_expr_mut(self, expr);
        if let Some(older) = older_expression(expr) {
            *expr = older;
        }
    }
}

/// The older form of `expr`, where it has one.
fn older_expression(expr: &Expr) -> Option<Expr> {
    match expr {
        // `x.is_multiple_of(n)` (1.87) is `x % n == 0` for the unsigned values it is given.
        Expr::MethodCall(call) if call.method == "is_multiple_of" && call.args.len() == 1 => {
            let (receiver, divisor) = (&call.receiver, &call.args[0]);
            Some(parse_quote!(#receiver % #divisor == 0))
        }
        // `iter::repeat_n(x, n)` (1.82) is `iter::repeat(x).take(n)` for a value that clones.
        Expr::Call(call) if call.args.len() == 2 => {
            let Expr::Path(path) = &*call.func else {
                return None;
            };
            let segments: Vec<String> = path
                .path
                .segments
                .iter()
                .map(|segment| segment.ident.to_string())
                .collect();
            let is_repeat_n = segments.last().is_some_and(|last| last == "repeat_n")
                && segments.len() >= 2
                && segments[segments.len() - 2] == "iter";
            if !is_repeat_n {
                return None;
            }
            let (value, count) = (&call.args[0], &call.args[1]);
            let tokens: TokenStream = quote!(std::iter::repeat(#value).take(#count));
            syn::parse2(tokens).ok()
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rewritten(source: &str) -> String {
        let mut file: syn::File = syn::parse_str(source).unwrap();
        rewrite(&mut file);
        prettyplease::unparse(&file)
    }

    #[test]
    fn newer_calls_and_attributes_are_said_the_older_way() {
        let source = "
            const _: () = assert!(1 < 2);
            mod checked {
                const _: () = assert!(2 < 3);
                pub const KEPT: u8 = 1;
            }
            fn f(x: u32, seats: usize) -> usize {
                const _: () = assert!(3 < 4);
                let even = x.is_multiple_of(2);
                let words = seats.div_ceil(64);
                let v: Vec<u8> = std::iter::repeat_n(7, words).collect();
                let w: Vec<u8> = iter::repeat_n(8, 2).collect();
                let odd = !x.is_multiple_of(2);
                words + v.len() + w.len() + usize::from(even) + usize::from(odd)
            }
        ";
        // `div_ceil` is 1.73's own and stays.
        let expected = "\
mod checked {
    pub const KEPT: u8 = 1;
}
fn f(x: u32, seats: usize) -> usize {
    let even = x % 2 == 0;
    let words = seats.div_ceil(64);
    let v: Vec<u8> = std::iter::repeat(7).take(words).collect();
    let w: Vec<u8> = std::iter::repeat(8).take(2).collect();
    let odd = !(x % 2 == 0);
    words + v.len() + w.len() + usize::from(even) + usize::from(odd)
}
";
        assert_eq!(rewritten(source), expected);
    }
}
