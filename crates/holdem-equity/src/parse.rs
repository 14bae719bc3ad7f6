//! Reading matchups: hole cards, `|`, a board, `|`, `dead:` cards.

use cards_core::{Card, CardSet};
use judge_io::cards::DistinctCards;
use judge_io::{Input, InputError, Token};

/// One matchup.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Matchup {
    /// Each player's two hole cards, in input order.
    pub players: Vec<[Card; 2]>,
    /// The board dealt so far: 0, 3, 4 or 5 cards.
    pub board: Vec<Card>,
    /// Cards out of play.
    pub dead: Vec<Card>,
}

impl Matchup {
    /// The cards still in the deck, in [`Card::ALL`] order: none in a player's hand, on the
    /// board or dead.
    pub fn remaining_deck(&self) -> Vec<Card> {
        let used: CardSet = self
            .players
            .iter()
            .flatten()
            .chain(&self.board)
            .chain(&self.dead)
            .copied()
            .collect();
        Card::ALL
            .into_iter()
            .filter(|&card| !used.contains(card))
            .collect()
    }
}

/// Parses every non-blank line into a matchup.
pub fn parse(input: &[u8]) -> Result<Vec<Matchup>, InputError> {
    let mut reader = Input::new(input);
    let mut matchups = Vec::new();
    while let Some(line) = reader.next_line() {
        if line.is_exhausted() {
            continue;
        }
        matchups.push(parse_line(line)?);
    }
    Ok(matchups)
}

fn parse_line(mut line: Input<'_>) -> Result<Matchup, InputError> {
    // The line's pieces: `|` stands alone even when written against a card.
    let mut pieces: Vec<Token<'_>> = Vec::new();
    while let Some(token) = line.next_token() {
        let mut start = 0;
        for (index, &byte) in token.bytes.iter().enumerate() {
            if byte == b'|' {
                if index > start {
                    pieces.push(Token {
                        bytes: &token.bytes[start..index],
                        offset: token.offset + start,
                    });
                }
                pieces.push(Token {
                    bytes: &token.bytes[index..=index],
                    offset: token.offset + index,
                });
                start = index + 1;
            }
        }
        if start < token.bytes.len() {
            pieces.push(Token {
                bytes: &token.bytes[start..],
                offset: token.offset + start,
            });
        }
    }
    let first_token_offset = pieces.first().expect("blank lines are skipped").offset;
    // The sections between the `|`s, and the `|`s themselves for errors about empty sections.
    let mut sections: Vec<Vec<Token<'_>>> = vec![Vec::new()];
    let mut bars: Vec<Token<'_>> = Vec::new();
    for piece in pieces {
        if piece.bytes == b"|" {
            if bars.len() == 2 {
                return Err(line.unexpected(piece, "at most two '|'"));
            }
            bars.push(piece);
            sections.push(Vec::new());
        } else {
            sections.last_mut().expect("there is a section").push(piece);
        }
    }

    let mut cards = DistinctCards::new();
    let mut card = |token: Token<'_>, line: &Input<'_>| cards.card(line, token, "a card");

    let holes = &sections[0];
    let mut players = Vec::new();
    for pair in holes.chunks(2) {
        match pair {
            [first, second] => players.push([card(*first, &line)?, card(*second, &line)?]),
            [lone] => {
                card(*lone, &line)?;
                return Err(line.error_at(
                    lone.offset,
                    format!("player {} has one hole card, not two", players.len() + 1),
                ));
            }
            _ => unreachable!("chunks of two"),
        }
    }
    if players.len() < 2 {
        let at = match (holes.last(), bars.first()) {
            (Some(token), _) => token.offset + token.bytes.len(),
            (None, Some(bar)) => bar.offset,
            (None, None) => unreachable!("a line that is not blank has a card or a '|'"),
        };
        return Err(line.error_at(
            at,
            format!(
                "expected hole cards of at least two players, found {}",
                players.len()
            ),
        ));
    }

    let mut board = Vec::new();
    if let Some(section) = sections.get(1) {
        for &token in section {
            board.push(card(token, &line)?);
        }
        if !matches!(board.len(), 0 | 3 | 4 | 5) {
            let at = section.first().map_or(0, |token| token.offset);
            return Err(line.error_at(
                at,
                format!(
                    "expected a board of 0, 3, 4 or 5 cards, found {}",
                    board.len()
                ),
            ));
        }
    }

    let mut dead = Vec::new();
    if let Some(section) = sections.get(2) {
        let Some((keyword, cards)) = section.split_first() else {
            return Err(line.ended("'dead:' after the second '|'"));
        };
        if !keyword.bytes.eq_ignore_ascii_case(b"dead:") {
            return Err(line.unexpected(*keyword, "'dead:'"));
        }
        for &token in cards {
            dead.push(card(token, &line)?);
        }
    }
    let still_to_come = 5 - board.len();
    let left = (!cards.read()).into_iter().len();
    if left < still_to_come {
        return Err(line.error_at(
            first_token_offset,
            format!(
                "the matchup leaves {left} {} in the deck for the {still_to_come} board cards \
                 still to come",
                if left == 1 { "card" } else { "cards" }
            ),
        ));
    }
    Ok(Matchup {
        players,
        board,
        dead,
    })
}
