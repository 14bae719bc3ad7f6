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
    /// Whether `cargo xtask bundle` writes it as one file for a judge: not connect-four, which
    /// no judge poses and whose bundle the pruning stage does not yet make (see its page).
    pub bundled: bool,
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
    /// Runs written here, each timed alone.
    Runs(&'static [Run]),
}

/// One run of a binary: its arguments and its input.
pub struct Run {
    /// What the timing table calls it.
    pub name: &'static str,
    /// The arguments before the input file.
    pub args: &'static [&'static str],
    /// The input, written to a file given after the arguments; `None` for a command that reads
    /// none.
    pub input: Option<&'static str>,
}

/// Every problem, in the order of their folders in `testdata/`.
pub const PROBLEMS: [Problem; 9] = [
    Problem {
        name: "connect-four",
        generate: generate::connect_four,
        default_size: 10,
        timing: Timing::GoldenCases {
            hardest: "010-classes",
        },
        bundled: false,
    },
    Problem {
        name: "gdy",
        generate: generate::gdy,
        default_size: 20,
        timing: Timing::Generated,
        bundled: true,
    },
    Problem {
        name: "gem-duel",
        generate: generate::gem_duel,
        default_size: 5,
        timing: Timing::GoldenCases {
            hardest: "099-heavy",
        },
        bundled: true,
    },
    Problem {
        name: "holdem-equity",
        generate: generate::holdem_equity,
        default_size: 10_000,
        timing: Timing::Runs(&[
            Run {
                name: "heads-up preflop",
                args: &[],
                input: Some("AS KS QD QC\n"),
            },
            Run {
                name: "three players preflop",
                args: &[],
                input: Some("AS KS QD QC 7H 7D\n"),
            },
            Run {
                name: "nine players preflop",
                args: &[],
                input: Some("AS KS QD QC 7H 7D JC TC 9S 8S AH 2D KD QH 5C 5S 4D 3D\n"),
            },
            Run {
                name: "heads-up flop",
                args: &[],
                input: Some("AS KS QD QC | 2S 7S 9D\n"),
            },
            Run {
                name: "QQ+,AKs v JJ-88,AQs+ (1 t)",
                args: &["ranges", "--threads", "1"],
                input: Some("QQ+,AKs vs JJ-88,AQs+\n"),
            },
            Run {
                name: "AS AH v random (1 t)",
                args: &["ranges", "--threads", "1"],
                input: Some("AsAh vs random\n"),
            },
            Run {
                name: "7C 2D v random (1 t)",
                args: &["ranges", "--threads", "1"],
                input: Some("7c2d vs random\n"),
            },
            Run {
                name: "AK v random (1 t)",
                args: &["ranges", "--threads", "1"],
                input: Some("AK vs random\n"),
            },
            Run {
                name: "AS KS v 2 random ±0.05 (1 t)",
                args: &["ranges", "--sample", "--threads", "1"],
                input: Some("AsKs vs random vs random\n"),
            },
            Run {
                name: "AS KS v 2 random ±0.05 (2 t)",
                args: &["ranges", "--sample", "--threads", "2"],
                input: Some("AsKs vs random vs random\n"),
            },
            Run {
                name: "chart v 1 random (2 t)",
                args: &["chart", "--threads", "2"],
                input: None,
            },
        ]),
        bundled: true,
    },
    Problem {
        name: "poker-decision",
        generate: generate::poker_decision,
        default_size: 100_000,
        timing: Timing::Generated,
        bundled: true,
    },
    Problem {
        name: "postflop",
        generate: generate::postflop,
        default_size: 1,
        timing: Timing::Runs(&[Run {
            name: "basic.rs turn spot to 0.3% (1 t)",
            args: &[
                "--board",
                "Td9d6hQc",
                "--oop",
                "66+,A8s+,A5s-A4s,AJo+,K9s+,KQo,QTs+,JTs,96s+,85s+,75s+,65s,54s",
                "--ip",
                "QQ-22,AQs-A2s,ATo+,K5s+,KJo+,Q8s+,J8s+,T7s+,96s+,86s+,75s+,64s+,53s+",
                "--pot",
                "200",
                "--stack",
                "900",
                "--bets",
                "60%, e, a",
                "--raises",
                "2.5x",
                "--river-donks",
                "50%",
                "--force-allin-threshold",
                "15",
                "--threads",
                "1",
            ],
            input: None,
        }]),
        bundled: false,
    },
    Problem {
        name: "push-fold",
        generate: generate::push_fold,
        default_size: 100,
        timing: Timing::Runs(&[
            Run {
                name: "heads-up, 10 bb",
                args: &["--stacks", "10,10"],
                input: None,
            },
            Run {
                name: "heads-up, ICM, ante",
                args: &[
                    "--stacks", "8,12", "--ante", "0.1", "--icm", "50,30,20", "--others", "10,10",
                ],
                input: None,
            },
            Run {
                name: "the table, 1 to 20 bb by 0.05",
                args: &["table"],
                input: None,
            },
        ]),
        bundled: false,
    },
    Problem {
        name: "texas-best-hand",
        generate: generate::texas_best_hand,
        default_size: 1_000_000,
        timing: Timing::Generated,
        bundled: true,
    },
    Problem {
        name: "triangle-war",
        generate: generate::triangle_war,
        default_size: 100_000,
        timing: Timing::Generated,
        bundled: true,
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

/// `name` (checked, and refused when it has no bundle) or every problem that has one.
pub fn chosen_for_bundles(name: Option<&str>) -> anyhow::Result<Vec<&'static Problem>> {
    let problems = chosen(name)?;
    if let Some(problem) = problems.iter().find(|problem| !problem.bundled)
        && name.is_some()
    {
        bail!("{} has no judge bundle: no judge poses it", problem.name);
    }
    Ok(problems
        .into_iter()
        .filter(|problem| problem.bundled)
        .collect())
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
            "no problem 'foo'; the problems are: connect-four, gdy, gem-duel, holdem-equity, poker-decision, \
             postflop, push-fold, texas-best-hand, triangle-war"
        );
    }
}
