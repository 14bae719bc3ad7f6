//! Checks that the repository's pages hold together: every relative Markdown link points to a file
//! that exists, every sample a page quotes from `testdata/` is that file byte for byte, every
//! problem has its page, and nothing points outside the repository.

use std::path::{Path, PathBuf};

use crate::problems;

/// The Markdown files a reader meets: the top-level pages, `docs/` and every folder README.
fn pages(root: &Path) -> Vec<PathBuf> {
    let mut pages: Vec<PathBuf> = ["README.md", "ARCHITECTURE.md", "BENCHMARKS.md"]
        .iter()
        .map(|name| root.join(name))
        .collect();
    let mut folders = vec![
        root.join("docs"),
        root.join("testdata"),
        root.join("crates"),
    ];
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(&folder).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                folders.push(path);
            } else if path.extension().is_some_and(|extension| extension == "md") {
                pages.push(path);
            }
        }
    }
    pages.sort();
    pages
}

/// The targets of the inline links `[text](target)` in `text`.
fn link_targets(text: &str) -> Vec<&str> {
    text.match_indices("](")
        .filter_map(|(at, _)| {
            let rest = &text[at + 2..];
            rest.find(')').map(|end| &rest[..end])
        })
        .collect()
}

#[test]
fn every_relative_link_points_to_a_file() {
    let root = golden_cases::workspace_root();
    let mut broken = Vec::new();
    for page in pages(&root) {
        let text = std::fs::read_to_string(&page).unwrap();
        for target in link_targets(&text) {
            if target.starts_with("http://") || target.starts_with("https://") {
                continue;
            }
            let path = target.split('#').next().unwrap();
            if path.is_empty() {
                continue;
            }
            if !page.parent().unwrap().join(path).exists() {
                broken.push(format!("{}: {target}", page.display()));
            }
        }
    }
    assert!(broken.is_empty(), "broken links:\n{}", broken.join("\n"));
}

#[test]
fn quoted_samples_are_the_golden_files() {
    let root = golden_cases::workspace_root();
    let mut checked = 0;
    for page in pages(&root) {
        let text = std::fs::read_to_string(&page).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        for (index, line) in lines.iter().enumerate() {
            // A line ending in "(`testdata/...`):" introduces a fenced block that quotes the file.
            let Some(quoted) = line
                .strip_suffix("`):")
                .and_then(|head| head.rsplit_once("(`"))
                .map(|(_, path)| path)
                .filter(|path| path.starts_with("testdata/"))
            else {
                continue;
            };
            let fence = index + 2;
            assert!(
                lines.get(fence - 1) == Some(&"") && lines[fence].starts_with("```"),
                "{}: the quote of {quoted} is not followed by a fenced block",
                page.display()
            );
            let end = fence
                + 1
                + lines[fence + 1..]
                    .iter()
                    .position(|line| *line == "```")
                    .unwrap();
            let block: String = lines[fence + 1..end]
                .iter()
                .flat_map(|line| [*line, "\n"])
                .collect();
            let file = std::fs::read_to_string(root.join(quoted)).unwrap();
            assert_eq!(block, file, "{}: the quote of {quoted}", page.display());
            checked += 1;
        }
    }
    // Every problem page quotes its sample's input and output.
    assert!(
        checked >= 2 * problems::PROBLEMS.len(),
        "{checked} quotes checked"
    );
}

#[test]
fn every_problem_has_its_page_linked_from_the_readme() {
    let root = golden_cases::workspace_root();
    let readme = std::fs::read_to_string(root.join("README.md")).unwrap();
    for name in problems::names() {
        let page = format!("docs/problems/{name}.md");
        assert!(root.join(&page).is_file(), "{page} is missing");
        assert!(
            readme.contains(&format!("]({page})")),
            "README.md does not link {page}"
        );
        let crate_doc =
            std::fs::read_to_string(root.join("crates").join(name).join("src/lib.rs")).unwrap();
        assert!(
            crate_doc.contains(&page),
            "crates/{name}/src/lib.rs does not point to {page}"
        );
    }
}

#[test]
fn nothing_points_outside_the_repository() {
    let root = golden_cases::workspace_root();
    let output = std::process::Command::new("git")
        .current_dir(&root)
        .args([
            "grep",
            "-n",
            "-I",
            "-E",
            "shared/(specs|golden)|DEVELOPERS\\.md|CONVENTIONS\\.md",
        ])
        .output();
    let Ok(output) = output else {
        eprintln!("skipped: git is not available");
        return;
    };
    // git grep exits with 1 when nothing matches; this file names the patterns, so it is left out.
    let found: Vec<String> = String::from_utf8_lossy(&output.stdout)
        .lines()
        .filter(|line| !line.starts_with("xtask/src/repository_docs.rs"))
        .map(str::to_string)
        .collect();
    assert!(
        found.is_empty(),
        "references to files outside the repository:\n{}",
        found.join("\n")
    );
}
