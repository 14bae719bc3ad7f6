//! Connect Four for the page: the columns played, answered as `connect-four --best` answers
//! them (every column's score for the player to move), with the command line that prints the
//! same. The engine is the command line's own `run`, on one thread with a table sized for a
//! browser tab.

use connect_four::{Options, run};
use judge_io::InputError;
use work_threads::Threads;

/// The page's transposition table, in MiB: a browser tab's share, where the command line's
/// default is 64.
pub const PAGE_MEMORY_MIB: u32 = 16;

/// The page's answer: what the command line prints and the command that prints it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Analysis {
    /// `connect-four --best`'s line: seven scores, `-` for a full column.
    pub text: String,
    /// The command line that prints the same.
    pub command: String,
}

/// Every column's score after `moves` (the columns played, 1 to 7; empty or `-` for the empty
/// board); an error is the command line's, at its column of the field.
pub fn analyse(moves: &str) -> Result<Analysis, InputError> {
    let line = input_line(moves);
    let options = Options {
        best: true,
        memory: PAGE_MEMORY_MIB,
        threads: Threads::new(1).expect("one is not zero"),
        ..Options::default()
    };
    let output = run(format!("{line}\n").as_bytes(), &options)?;
    Ok(Analysis {
        text: String::from_utf8(output).expect("the scores are ASCII"),
        command: format!(
            "echo {} | connect-four --best --memory {} --threads {}",
            line.trim(),
            options.memory,
            options.threads.get()
        ),
    })
}

/// The command line's input for the field `moves`: `-` for the empty board.
fn input_line(moves: &str) -> &str {
    if moves.trim().is_empty() { "-" } else { moves }
}

#[cfg(test)]
mod tests {
    use super::{analyse, input_line};

    #[test]
    fn scores_are_the_command_lines() {
        // X to move with nine stones down wins with their 10th stone: 22 - 10.
        let moves = "672125753724135163";
        let answer = analyse(moves).unwrap();
        let options = connect_four::Options {
            best: true,
            ..connect_four::Options::default()
        };
        let expected = connect_four::run(format!("{moves}\n").as_bytes(), &options).unwrap();
        assert_eq!(answer.text.as_bytes(), expected);
        assert!(answer.text.split_whitespace().any(|score| score == "12"));
        assert_eq!(
            answer.command,
            format!("echo {moves} | connect-four --best --memory 16 --threads 1")
        );
    }

    #[test]
    fn errors_name_their_column() {
        let err = analyse("4458").unwrap_err();
        assert_eq!(err.position().column, 4);
        assert_eq!(err.message(), "expected a column from 1 to 7, found '8'");
        let err = analyse("1111111").unwrap_err();
        assert_eq!(err.position().column, 7);
        assert_eq!(err.message(), "column 1 is full");
    }

    #[test]
    fn an_empty_field_is_the_empty_board() {
        assert_eq!(input_line(""), "-");
        assert_eq!(input_line("  "), "-");
        assert_eq!(input_line("4453"), "4453");
    }
}
