//! The one table of problems: each problem's name (its binary, crate and `testdata/` folder), its
//! input generator, and what `cargo xtask time` runs for it.

use anyhow::bail;
use seeded_rng::SeededRng;

use crate::generate;

/// One problem, as xtask knows it.
pub struct Problem {
    /// The binary, its crate and its `testdata/` folder.
    pub name: &'static str,
    /// Writes a random valid input of `size` cases (or lines, or matchups).
    pub generate: fn(&mut SeededRng, usize) -> String,
    /// The size `cargo xtask generate` uses by default and `cargo xtask time` times.
    pub default_size: usize,
    /// What `cargo xtask time` runs.
    pub timing: Timing,
}

/// A problem's timing workloads.
pub enum Timing {
    /// One generated input of the default size.
    Generated,
    /// Golden cases: the named one alone, then every case that is answered without options.
    GoldenCases {
        /// The hardest known case.
        hardest: &'static str,
    },
    /// Inputs written here, each timed alone: `(name, input)`.
    Inputs(&'static [(&'static str, &'static str)]),
}

/// Every problem, in the order of their folders in `testdata/`.
pub const PROBLEMS: [Problem; 6] = [
    Problem {
        name: "gdy",
        generate: generate::gdy,
        default_size: 20,
        timing: Timing::Generated,
    },
    Problem {
        name: "gem-duel",
        generate: generate::gem_duel,
        default_size: 5,
        timing: Timing::GoldenCases {
            hardest: "099-heavy",
        },
    },
    Problem {
        name: "holdem-equity",
        generate: generate::holdem_equity,
        default_size: 10_000,
        timing: Timing::Inputs(&[
            ("heads-up preflop", "AS KS QD QC\n"),
            ("three players preflop", "AS KS QD QC 7H 7D\n"),
            (
                "nine players preflop",
                "AS KS QD QC 7H 7D JC TC 9S 8S AH 2D KD QH 5C 5S 4D 3D\n",
            ),
            ("heads-up flop", "AS KS QD QC | 2S 7S 9D\n"),
        ]),
    },
    Problem {
        name: "poker-decision",
        generate: generate::poker_decision,
        default_size: 100_000,
        timing: Timing::Generated,
    },
    Problem {
        name: "texas-best-hand",
        generate: generate::texas_best_hand,
        default_size: 1_000_000,
        timing: Timing::Generated,
    },
    Problem {
        name: "triangle-war",
        generate: generate::triangle_war,
        default_size: 100_000,
        timing: Timing::Generated,
    },
];

/// The problem called `name`; an unknown name is an error that lists the known ones.
pub fn find(name: &str) -> anyhow::Result<&'static Problem> {
    match PROBLEMS.iter().find(|problem| problem.name == name) {
        Some(problem) => Ok(problem),
        None => bail!(
            "no problem '{name}'; the problems are: {}",
            names().join(", ")
        ),
    }
}

/// Every problem's name.
pub fn names() -> Vec<&'static str> {
    PROBLEMS.iter().map(|problem| problem.name).collect()
}

/// `name` (checked) or every problem.
pub fn chosen(name: Option<&str>) -> anyhow::Result<Vec<&'static Problem>> {
    match name {
        Some(name) => Ok(vec![find(name)?]),
        None => Ok(PROBLEMS.iter().collect()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_matches_testdata_and_the_crates() {
        let folders = golden_cases::problems().unwrap();
        assert_eq!(folders, names());
        let root = golden_cases::workspace_root();
        for name in names() {
            assert!(
                root.join("crates").join(name).join("src/main.rs").is_file(),
                "{name}"
            );
        }
    }

    #[test]
    fn an_unknown_problem_lists_the_known_ones() {
        let err = find("foo").err().unwrap().to_string();
        assert_eq!(
            err,
            "no problem 'foo'; the problems are: gdy, gem-duel, holdem-equity, poker-decision, \
             texas-best-hand, triangle-war"
        );
    }
}
