//! Quoting a bad token for an error message.

use std::fmt::Write as _;

/// A token quoted for an error message: printable characters as they are, others escaped as Rust
/// escapes them (`\u{1}`), bytes that are not UTF-8 as `\xNN`, and long tokens cut short after
/// [`QUOTE_LIMIT`] characters so one bad token cannot flood the terminal.
pub fn quote(bytes: &[u8]) -> String {
    let mut quoted = String::from("'");
    let mut shown = 0;
    for (valid, invalid) in utf8_pieces(bytes) {
        for character in valid.chars() {
            if shown == QUOTE_LIMIT {
                quoted.push_str("...'");
                return quoted;
            }
            quoted.extend(character.escape_debug());
            shown += 1;
        }
        for byte in invalid {
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

/// `bytes` cut into runs of valid UTF-8, each with the bytes that are not UTF-8 after it (at
/// most one broken character's worth, possibly none): what the standard library's
/// `utf8_chunks` gives, written out so the judge bundles also compile on the older Rust judges
/// run (it came in Rust 1.79).
pub fn utf8_pieces(mut rest: &[u8]) -> impl Iterator<Item = (&str, &[u8])> {
    std::iter::from_fn(move || {
        let (valid, broken) = match std::str::from_utf8(rest) {
            _ if rest.is_empty() => return None,
            Ok(_) => (rest.len(), 0),
            Err(err) => (
                err.valid_up_to(),
                err.error_len().unwrap_or(rest.len() - err.valid_up_to()),
            ),
        };
        let (piece, after) = rest.split_at(valid + broken);
        rest = after;
        let (valid, broken) = piece.split_at(valid);
        Some((std::str::from_utf8(valid).ok()?, broken))
    })
}

/// The first character of `bytes`, or its first byte where they do not start with UTF-8: what
/// an error quotes when it points at one bad character inside a token.
pub fn first_character(bytes: &[u8]) -> &[u8] {
    let length = utf8_pieces(bytes)
        .next()
        .and_then(|(valid, _)| valid.chars().next())
        .map_or(1, char::len_utf8);
    &bytes[..length.min(bytes.len())]
}

/// How many characters of a token [`quote`] shows.
pub const QUOTE_LIMIT: usize = 24;
