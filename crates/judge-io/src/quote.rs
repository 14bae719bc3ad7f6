//! Quoting a bad token for an error message.

use std::fmt::Write as _;

/// A token quoted for an error message: printable characters as they are, others escaped as Rust
/// escapes them (`\u{1}`), bytes that are not UTF-8 as `\xNN`, and long tokens cut short after
/// [`QUOTE_LIMIT`] characters so one bad token cannot flood the terminal.
pub fn quote(bytes: &[u8]) -> String {
    let mut quoted = String::from("'");
    let mut shown = 0;
    for chunk in bytes.utf8_chunks() {
        for character in chunk.valid().chars() {
            if shown == QUOTE_LIMIT {
                quoted.push_str("...'");
                return quoted;
            }
            quoted.extend(character.escape_debug());
            shown += 1;
        }
        for byte in chunk.invalid() {
            if shown == QUOTE_LIMIT {
                quoted.push_str("...'");
                return quoted;
            }
            write!(quoted, "\\x{byte:02x}").expect("writing to a String succeeds");
            shown += 1;
        }
    }
    quoted.push('\'');
    quoted
}

/// How many characters of a token [`quote`] shows.
pub const QUOTE_LIMIT: usize = 24;
