//! The module graph of each workspace crate, drawn from its `use` declarations and paths: no
//! two modules may import each other (directly or around a longer cycle). The crate root's
//! `pub use` declarations are the crate's public face, not imports of the root's own. In the
//! crates that hold to it (the equity engine and the crates its split made), a module also
//! imports each name from the module that defines it, never through another's re-export.
//!
//! A module is a file (`lib.rs`, `x.rs`, `x/mod.rs`) or an inline `mod x { ... }`. A path names
//! the deepest module its leading segments reach (`crate::a::b::Item` names `a::b`); paths in
//! macro invocations are not read.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use anyhow::Context;
use syn::visit::Visit;
use syn::{Item, UseTree};

/// A module, by its path from the crate root (empty for the root).
type ModulePath = Vec<String>;

/// One module: its children, what it imports, and what it re-exports.
#[derive(Default)]
struct Module {
    children: BTreeSet<String>,
    /// Paths the module's code names, as written (segments), and whether each is re-exported.
    paths: Vec<(Vec<String>, bool)>,
    /// Names it re-exports with `pub use` (or `pub(crate) use`).
    re_exports: BTreeSet<String>,
    /// The names its `use` declarations bring in, with the paths they stand for: code that
    /// writes `write::ranges::list` after `use crate::write` names `write::ranges`.
    aliases: BTreeMap<String, Vec<String>>,
}

/// What is wrong with a crate's imports, one line each (empty when nothing is); imports through
/// re-exports count only when `strict`.
pub fn problems(root_file: &Path, strict: bool) -> anyhow::Result<Vec<String>> {
    let mut modules = BTreeMap::new();
    read_file(
        root_file,
        root_file.parent().context("a crate root's folder")?,
        Vec::new(),
        &mut modules,
    )?;
    let mut edges: BTreeMap<ModulePath, BTreeSet<ModulePath>> = BTreeMap::new();
    let mut problems = Vec::new();
    for (from, module) in &modules {
        for (path, re_exported) in &module.paths {
            let Some((target, rest)) = resolve(from, path, &modules) else {
                continue;
            };
            if target == *from {
                continue;
            }
            if strict
                && let Some(name) = rest.first()
                && modules[&target].re_exports.contains(name)
            {
                problems.push(format!(
                    "{} imports {name} through {}'s re-export: name the module that defines it",
                    show(from),
                    show(&target)
                ));
            }
            if !(from.is_empty() && *re_exported) {
                edges.entry(from.clone()).or_default().insert(target);
            }
        }
    }
    for cycle in cycles(&edges) {
        let names: Vec<String> = cycle.iter().map(show).collect();
        problems.push(format!("modules import each other: {}", names.join(" -> ")));
    }
    problems.dedup();
    Ok(problems)
}

fn show(module: &ModulePath) -> String {
    if module.is_empty() {
        "the crate root".to_string()
    } else {
        module.join("::")
    }
}

/// Reads the module file `file` (whose child modules' files live in `folder`) as `module`,
/// and every module it declares.
fn read_file(
    file: &Path,
    folder: &Path,
    module: ModulePath,
    modules: &mut BTreeMap<ModulePath, Module>,
) -> anyhow::Result<()> {
    let text =
        std::fs::read_to_string(file).with_context(|| format!("reading {}", file.display()))?;
    let syntax = syn::parse_file(&text).with_context(|| format!("parsing {}", file.display()))?;
    read_items(&syntax.items, folder, module, modules)
}

fn read_items(
    items: &[Item],
    folder: &Path,
    module: ModulePath,
    modules: &mut BTreeMap<ModulePath, Module>,
) -> anyhow::Result<()> {
    let mut this = Module::default();
    for item in items {
        match item {
            Item::Mod(child) => {
                let name = child.ident.to_string();
                this.children.insert(name.clone());
                let mut path = module.clone();
                path.push(name.clone());
                if let Some((_, inner)) = &child.content {
                    read_items(inner, &folder.join(&name), path, modules)?;
                } else {
                    let file = [
                        folder.join(format!("{name}.rs")),
                        folder.join(&name).join("mod.rs"),
                    ]
                    .into_iter()
                    .find(|candidate| candidate.exists())
                    .with_context(|| {
                        format!("no file for module {name} in {}", folder.display())
                    })?;
                    read_file(&file, &folder.join(&name), path, modules)?;
                }
            }
            Item::Use(declaration) => {
                let mut paths = Vec::new();
                use_paths(&declaration.tree, &mut Vec::new(), &mut paths);
                let re_exported = !matches!(declaration.vis, syn::Visibility::Inherited);
                if re_exported {
                    this.re_exports
                        .extend(paths.iter().filter_map(|(_, name)| name.clone()));
                }
                for (path, name) in &paths {
                    if let Some(name) = name {
                        this.aliases.insert(name.clone(), path.clone());
                    }
                }
                this.paths
                    .extend(paths.into_iter().map(|(path, _)| (path, re_exported)));
            }
            other => {
                let mut visitor = Paths(&mut this.paths);
                visitor.visit_item(other);
            }
        }
    }
    modules.insert(module, this);
    Ok(())
}

/// Collects the paths of code, leaving inline modules to [`read_items`].
struct Paths<'a>(&'a mut Vec<(Vec<String>, bool)>);

impl<'ast> Visit<'ast> for Paths<'_> {
    fn visit_path(&mut self, path: &'ast syn::Path) {
        if path.segments.len() > 1 {
            let segments = path
                .segments
                .iter()
                .map(|segment| segment.ident.to_string());
            self.0.push((segments.collect(), false));
        }
        syn::visit::visit_path(self, path);
    }

    fn visit_item_mod(&mut self, _: &'ast syn::ItemMod) {}
}

/// Every path a `use` tree imports, with the name it is known by (none for a glob).
fn use_paths(
    tree: &UseTree,
    prefix: &mut Vec<String>,
    paths: &mut Vec<(Vec<String>, Option<String>)>,
) {
    match tree {
        UseTree::Path(path) => {
            prefix.push(path.ident.to_string());
            use_paths(&path.tree, prefix, paths);
            prefix.pop();
        }
        UseTree::Name(name) => {
            let mut path = prefix.clone();
            path.push(name.ident.to_string());
            paths.push((path, Some(name.ident.to_string())));
        }
        UseTree::Rename(rename) => {
            let mut path = prefix.clone();
            path.push(rename.ident.to_string());
            paths.push((path, Some(rename.rename.to_string())));
        }
        UseTree::Glob(_) => paths.push((prefix.clone(), None)),
        UseTree::Group(group) => {
            for tree in &group.items {
                use_paths(tree, prefix, paths);
            }
        }
    }
}

/// The module a path written in `from` names, and the segments after it; `None` for paths
/// outside the crate (other crates, items in scope, `Self`). A path that starts with a name a
/// `use` brought in is read as the path that name stands for.
fn resolve(
    from: &ModulePath,
    path: &[String],
    modules: &BTreeMap<ModulePath, Module>,
) -> Option<(ModulePath, Vec<String>)> {
    let first = path.first()?;
    let known = ["crate", "self", "super"].contains(&first.as_str())
        || modules[from].children.contains(first);
    match modules[from].aliases.get(first) {
        Some(alias) if !known => {
            let whole: Vec<String> = alias.iter().chain(&path[1..]).cloned().collect();
            resolve_written(from, &whole, modules)
        }
        _ => resolve_written(from, path, modules),
    }
}

/// [`resolve`] for a path as written, its first segment read as a keyword or a child module.
fn resolve_written(
    from: &ModulePath,
    path: &[String],
    modules: &BTreeMap<ModulePath, Module>,
) -> Option<(ModulePath, Vec<String>)> {
    let (mut module, mut rest) = match path.first()?.as_str() {
        "crate" => (Vec::new(), &path[1..]),
        "self" => (from.clone(), &path[1..]),
        "super" => {
            let mut module = from.clone();
            let mut rest = path;
            while rest.first().is_some_and(|segment| segment == "super") {
                module.pop()?;
                rest = &rest[1..];
            }
            (module, rest)
        }
        first if modules[from].children.contains(first) => (from.clone(), path),
        _ => return None,
    };
    while let Some(segment) = rest.first() {
        if !modules.get(&module)?.children.contains(segment) {
            break;
        }
        module.push(segment.clone());
        rest = &rest[1..];
    }
    Some((module, rest.to_vec()))
}

/// The cycles of the graph: each strongly connected set of two modules or more (Tarjan's
/// algorithm), in a fixed order.
fn cycles(edges: &BTreeMap<ModulePath, BTreeSet<ModulePath>>) -> Vec<Vec<ModulePath>> {
    struct Search<'a> {
        edges: &'a BTreeMap<ModulePath, BTreeSet<ModulePath>>,
        index: BTreeMap<ModulePath, usize>,
        low: BTreeMap<ModulePath, usize>,
        stack: Vec<ModulePath>,
        on_stack: BTreeSet<ModulePath>,
        found: Vec<Vec<ModulePath>>,
    }
    impl Search<'_> {
        fn visit(&mut self, node: &ModulePath) {
            let number = self.index.len();
            self.index.insert(node.clone(), number);
            self.low.insert(node.clone(), number);
            self.stack.push(node.clone());
            self.on_stack.insert(node.clone());
            for next in self.edges.get(node).into_iter().flatten() {
                if !self.index.contains_key(next) {
                    self.visit(next);
                    let low = self.low[node].min(self.low[next]);
                    self.low.insert(node.clone(), low);
                } else if self.on_stack.contains(next) {
                    let low = self.low[node].min(self.index[next]);
                    self.low.insert(node.clone(), low);
                }
            }
            if self.low[node] == self.index[node] {
                let mut component = Vec::new();
                while let Some(member) = self.stack.pop() {
                    self.on_stack.remove(&member);
                    let done = member == *node;
                    component.push(member);
                    if done {
                        break;
                    }
                }
                if component.len() > 1 {
                    component.sort();
                    self.found.push(component);
                }
            }
        }
    }
    let mut search = Search {
        edges,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        on_stack: BTreeSet::new(),
        found: Vec::new(),
    };
    for node in edges.keys() {
        if !search.index.contains_key(node) {
            search.visit(node);
        }
    }
    search.found
}

/// The crate roots of the workspace: each crate's `src/lib.rs`, or `src/main.rs` when it has
/// no library.
pub fn workspace_crate_roots() -> Vec<PathBuf> {
    let root = golden_cases::workspace_root();
    let mut folders: Vec<PathBuf> = std::fs::read_dir(root.join("crates"))
        .into_iter()
        .flatten()
        .flatten()
        .map(|entry| entry.path())
        .collect();
    folders.push(root.join("xtask"));
    folders.sort();
    folders
        .into_iter()
        .filter_map(|folder| {
            ["lib.rs", "main.rs"]
                .into_iter()
                .map(|file| folder.join("src").join(file))
                .find(|file| file.exists())
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::{problems, workspace_crate_roots};

    /// The crates whose modules import every name from the module that defines it.
    const STRICT: [&str; 5] = [
        "equity-core",
        "equity-io",
        "holdem-equity",
        "judge-io",
        "work-threads",
    ];

    #[test]
    fn no_workspace_crate_has_modules_that_import_each_other() {
        let roots = workspace_crate_roots();
        assert!(roots.len() >= 12, "{roots:?}");
        let mut found = Vec::new();
        for root in &roots {
            let strict = STRICT
                .iter()
                .any(|name| root.ends_with(format!("{name}/src/lib.rs")));
            found.extend(
                problems(root, strict)
                    .unwrap()
                    .into_iter()
                    .map(|problem| format!("{}: {problem}", root.display())),
            );
        }
        assert!(found.is_empty(), "{}", found.join("\n"));
    }

    /// A small crate made here: two modules that import each other, and an import through a
    /// re-export.
    #[test]
    fn a_cycle_and_an_import_through_a_re_export_are_found() {
        let folder = std::env::temp_dir().join(format!("imports_test_{}", std::process::id()));
        std::fs::create_dir_all(folder.join("src/parts")).unwrap();
        let write = |path: &str, text: &str| std::fs::write(folder.join(path), text).unwrap();
        write(
            "src/lib.rs",
            "mod a;\nmod b;\nmod c;\nmod parts;\npub use parts::Thing;\n",
        );
        // A cycle seen only through a module imported by name.
        write("src/b.rs", "use crate::c;\npub fn g() { c::h(); }\n");
        write("src/c.rs", "pub fn h() { crate::b::g(); }\n");
        write(
            "src/a.rs",
            "use crate::parts::inner::helper;\nuse crate::Thing;\npub fn f() {}\n",
        );
        write(
            "src/parts/mod.rs",
            "pub mod inner;\npub use inner::Thing;\n",
        );
        write(
            "src/parts/inner.rs",
            "pub struct Thing;\npub fn helper() { crate::a::f(); }\n",
        );
        let found = problems(&folder.join("src/lib.rs"), true).unwrap();
        let lenient = problems(&folder.join("src/lib.rs"), false).unwrap();
        std::fs::remove_dir_all(&folder).unwrap();
        assert_eq!(
            found,
            [
                "the crate root imports Thing through parts's re-export: name the module that defines it",
                "a imports Thing through the crate root's re-export: name the module that defines it",
                "modules import each other: a -> parts::inner",
                "modules import each other: b -> c",
            ]
        );
        assert_eq!(
            lenient,
            [
                "modules import each other: a -> parts::inner",
                "modules import each other: b -> c",
            ]
        );
    }
}
