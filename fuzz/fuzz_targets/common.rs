//! What every input-path target checks: a run either answers or fails with one short error line.

/// The longest error line any input may produce: a position, an explanation and a token cut to
/// `judge_io::QUOTE_LIMIT` characters fit in far less.
const LONGEST_ERROR: usize = 400;

/// Checks the outcome of a library's `run`: an answer, or one error line of bounded length.
pub fn check_outcome<E: std::fmt::Display>(outcome: Result<Vec<u8>, E>) {
    if let Err(err) = outcome {
        let message = err.to_string();
        assert!(!message.contains('\n'), "an error is one line: {message:?}");
        assert!(!message.is_empty(), "an error says something");
        assert!(
            message.len() <= LONGEST_ERROR,
            "an error line of {} bytes: {message:?}",
            message.len()
        );
    }
}
