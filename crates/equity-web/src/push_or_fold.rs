//! Push/fold for the page: a spot given field by field (stacks, blinds, ante, payouts, other
//! stacks, as the command line's flags take them), solved and answered with the command line's
//! own writers, so the page shows what `push-fold` prints for the same spot.

use std::fmt::Write as _;

use equity_core::Progress;
use push_fold::parse::{Flags, ParseError};
use push_fold::tables::three_way::ThreeWayTable;
use push_fold::write;

/// The fields of a spot, named as the command line's flags, in the page's order.
pub const FIELDS: [&str; 5] = ["stacks", "blinds", "ante", "icm", "others"];

/// The page's answer: the command line's JSON and text, and the command that prints them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solved {
    /// `push-fold ... --format json --gains`.
    pub json: String,
    /// `push-fold ...`: the grids.
    pub text: String,
    /// The command line that gives the same.
    pub command: String,
}

/// Solves the spot whose fields are `values` (in [`FIELDS`]' order, empty for a default); an
/// error names its field, with the column within it. Three players are solved on `three_way`
/// (the page's worker fetches it), and refused at the stacks without it; `progress` hears a
/// three-handed solve's progress.
pub fn solve_fields(
    values: [&str; 5],
    three_way: Option<&ThreeWayTable>,
    progress: &dyn Progress,
) -> Result<Solved, ParseError> {
    let mut flags = Flags::of_fields();
    let mut command = String::from("push-fold");
    for (name, value) in FIELDS.iter().zip(values) {
        let value = value.trim();
        if value.is_empty() && *name != "stacks" {
            continue;
        }
        flags.set(name, value, Some(1))?;
        // Spaces a field allows after a comma would split the flag's value in a shell.
        let joined: String = value.split_whitespace().collect();
        write!(command, " --{name} {joined}").expect("writing to a String");
    }
    let request = flags.request()?;
    let solved = push_fold::solve_with(&request.setup, three_way, request.precision, progress);
    let equilibrium = solved.map_err(|error| ParseError {
        flag: FIELDS.into_iter().find(|&field| field == error.field),
        column: None,
        message: error.message,
    })?;
    Ok(Solved {
        json: write::json(&request.setup, &equilibrium, true),
        text: write::text(&request.setup, &equilibrium, false),
        command,
    })
}

#[cfg(test)]
mod tests {
    use equity_core::Silent;

    use super::solve_fields;

    #[test]
    fn the_page_answers_as_the_command_line() {
        let solved = solve_fields(["8,12", "", "0.1", "50,30,20", "10"], None, &Silent).unwrap();
        assert_eq!(
            solved.command,
            "push-fold --stacks 8,12 --ante 0.1 --icm 50,30,20 --others 10"
        );
        assert!(
            solved
                .text
                .starts_with("push/fold heads-up, stacks 8,12 bb, blinds 0.5,1, ante 0.1, ICM")
        );
        assert!(solved.json.starts_with("{\"stacks\":[8,12]"));
    }

    /// An error names its field, and where in it.
    #[test]
    fn errors_are_placed_in_their_field() {
        let error = solve_fields(["10, 1O", "", "", "", ""], None, &Silent).unwrap_err();
        assert_eq!((error.flag, error.column), (Some("stacks"), Some(5)));
        assert_eq!(error.message, "expected a number, found \"1O\"");
        let error = solve_fields(["10,10", "", "", "50,-1", ""], None, &Silent).unwrap_err();
        assert_eq!(
            (error.flag, error.message.as_str()),
            (Some("icm"), "a payout must be 0 or more, not -1")
        );
        let error = solve_fields(["", "", "", "", ""], None, &Silent).unwrap_err();
        assert_eq!(error.flag, Some("stacks"));
    }

    /// Three players without the three-way table: refused at the stacks, in push-fold's words.
    #[test]
    fn three_players_need_the_table() {
        let error = solve_fields(["10,10,10", "", "", "", ""], None, &Silent).unwrap_err();
        assert_eq!((error.flag, error.column), (Some("stacks"), None));
        assert_eq!(
            error.message,
            "three-handed play needs the three-way equity table (40 MB), which is not loaded here"
        );
    }
}
