//! Reading playing cards: every parser that reads cards reads them here, so a malformed card and a
//! repeated one get the same messages everywhere.

use cards_core::{Card, CardSet};

use crate::input::{Input, InputError, Token};

/// The error for `card` written at byte `offset` of `input` after it was first written at byte
/// `first`: the one message a repeated card gets, wherever it is found. Kept out of line: bad
/// input is rare.
#[cold]
pub fn repeated_card(input: &Input<'_>, offset: usize, card: Card, first: usize) -> InputError {
    let first = input.position_of(first);
    input.error_at(
        offset,
        format!(
            "repeated card {card} (first at line {}, column {})",
            first.line, first.column
        ),
    )
}

/// Reads cards that must all differ, remembering where each was read so that a repeat names the
/// place of the first.
///
/// ```
/// use judge_io::{Input, cards::DistinctCards};
///
/// let mut input = Input::new(b"AS KD\nas");
/// let mut cards = DistinctCards::new();
/// cards.next_card(&mut input, "a card").unwrap();
/// cards.next_card(&mut input, "a card").unwrap();
/// let err = cards.next_card(&mut input, "a card").unwrap_err();
/// assert_eq!(err.to_string(), "line 2, column 1: repeated card AS (first at line 1, column 1)");
/// ```
#[derive(Clone, Debug)]
pub struct DistinctCards {
    /// The cards read so far.
    read: CardSet,
    /// Where each card read so far starts, by [`Card::index`].
    offsets: [usize; Card::COUNT],
}

impl DistinctCards {
    /// A reader that has read no card yet.
    pub fn new() -> Self {
        DistinctCards {
            read: CardSet::EMPTY,
            offsets: [0; Card::COUNT],
        }
    }

    /// The next token of `input` as a card not read before; `expected` names it in errors.
    #[inline]
    pub fn next_card(&mut self, input: &mut Input<'_>, expected: &str) -> Result<Card, InputError> {
        let token = input.expect_token(expected)?;
        self.card(input, token, expected)
    }

    /// `token` of `input` as a card not read before; `expected` names it in errors.
    #[inline]
    pub fn card(
        &mut self,
        input: &Input<'_>,
        token: Token<'_>,
        expected: &str,
    ) -> Result<Card, InputError> {
        let card = input.parse_token_with(token, expected, Card::from_ascii)?;
        if !self.read.insert(card) {
            return Err(self.repeated(input, token, card));
        }
        self.offsets[card.index()] = token.offset;
        Ok(card)
    }

    /// The error for a card read twice.
    fn repeated(&self, input: &Input<'_>, token: Token<'_>, card: Card) -> InputError {
        repeated_card(input, token.offset, card, self.offsets[card.index()])
    }

    /// The cards read so far.
    pub fn read(&self) -> CardSet {
        self.read
    }

    /// Forgets every card read, for the next case.
    pub fn clear(&mut self) {
        self.read = CardSet::EMPTY;
    }
}

impl Default for DistinctCards {
    fn default() -> Self {
        DistinctCards::new()
    }
}

/// The cards of a token that holds several written together (`Kd8s3c`, `10hJd`): two
/// characters each, three for a `10`. A token of up to three characters is one card (or one
/// error naming the whole token).
///
/// ```
/// use judge_io::{Input, cards::pieces};
///
/// let token = Input::new(b" Kd10h3c").next_token().unwrap();
/// let cards: Vec<(&[u8], usize)> = pieces(token).map(|piece| (piece.bytes, piece.offset)).collect();
/// assert_eq!(cards, [(&b"Kd"[..], 1), (&b"10h"[..], 3), (&b"3c"[..], 6)]);
/// ```
pub fn pieces(token: Token<'_>) -> impl Iterator<Item = Token<'_>> {
    let mut start = 0;
    let whole = token.bytes.len() <= 3;
    std::iter::from_fn(move || {
        let rest = &token.bytes[start..];
        if rest.is_empty() {
            return None;
        }
        let length = if whole {
            rest.len()
        } else if rest.starts_with(b"10") {
            3.min(rest.len())
        } else {
            2.min(rest.len())
        };
        let piece = Token {
            bytes: &rest[..length],
            offset: token.offset + start,
        };
        start += length;
        Some(piece)
    })
}

#[cfg(test)]
mod tests {
    use cards_core::{Card, CardSet};

    use super::DistinctCards;
    use crate::input::Input;

    #[track_caller]
    fn read_all(text: &str) -> Result<Vec<Card>, String> {
        let mut input = Input::new(text.as_bytes());
        let mut cards = DistinctCards::new();
        let mut read = Vec::new();
        while !input.is_exhausted() {
            read.push(
                cards
                    .next_card(&mut input, "a card")
                    .map_err(|err| err.to_string())?,
            );
        }
        assert_eq!(cards.read(), read.iter().copied().collect::<CardSet>());
        Ok(read)
    }

    #[test]
    fn reads_distinct_cards() {
        let cards = read_all("AS kd 10h\n2c").unwrap();
        let names: Vec<String> = cards.iter().map(Card::to_string).collect();
        assert_eq!(names, ["AS", "KD", "TH", "2C"]);
    }

    #[test]
    fn a_repeat_names_where_the_card_first_appeared() {
        assert_eq!(
            read_all("2C 3D\n4H 3d"),
            Err("line 2, column 4: repeated card 3D (first at line 1, column 4)".to_string())
        );
        assert_eq!(
            read_all("2C X"),
            Err(
                "line 1, column 4: expected a card, found 'X' (not a rank followed by a suit)"
                    .to_string()
            )
        );
    }

    #[test]
    fn clearing_forgets_the_cards_read() {
        let mut input = Input::new(b"AS AS");
        let mut cards = DistinctCards::default();
        cards.next_card(&mut input, "a card").unwrap();
        cards.clear();
        assert_eq!(cards.read(), CardSet::EMPTY);
        assert!(cards.next_card(&mut input, "a card").is_ok());
    }
}
