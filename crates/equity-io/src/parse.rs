//! Reading matchups: hole cards (or ranges separated by `vs`), `|`, a board, `|`, `dead:` cards.

use cards_core::holdem::{ParseRangeError, Range};
use cards_core::{Card, CardSet};
use equity_core::{Matchup, RangeMatchup};
use judge_io::cards::{self, DistinctCards};
use judge_io::{Input, InputError, Token};

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
    let line_sections = split_sections(&mut line)?;
    let first_token_offset = line_sections.start();
    let Sections { sections, bars } = line_sections;
    let mut cards = DistinctCards::new();
    let holes = &sections[0];
    let mut players = Vec::new();
    for hand in hands(&line, holes)? {
        // The first two cards are read (and checked) whatever their number.
        let read = hand
            .iter()
            .take(2)
            .map(|&token| cards.card(&line, token, "a card"))
            .collect::<Result<Vec<Card>, InputError>>()?;
        match read[..] {
            [first, second] if hand.len() == 2 => players.push([first, second]),
            _ => {
                let count = hand.len();
                return Err(line.error_at(
                    hand[count.min(3) - 1].offset,
                    format!(
                        "player {} has {} hole card{}, not two",
                        players.len() + 1,
                        if count == 1 {
                            "one".into()
                        } else {
                            count.to_string()
                        },
                        if count == 1 { "" } else { "s" }
                    ),
                ));
            }
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
    let (board, dead) = board_and_dead(&line, &sections, &mut cards)?;
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

/// The players' hole cards, each a list of card tokens: cards may be written together (`AhKh`)
/// and players separated by `vs` (`AhKh vs QdQc`); without `vs`, every two cards are a player's
/// (`AS KS  QD QC`, the judge's form).
fn hands<'a>(line: &Input<'a>, holes: &[Token<'a>]) -> Result<Vec<Vec<Token<'a>>>, InputError> {
    let is_vs = |token: &Token<'_>| token.bytes.eq_ignore_ascii_case(b"vs");
    if !holes.iter().any(is_vs) {
        let cards: Vec<Token<'a>> = holes
            .iter()
            .flat_map(|&token| cards::pieces(token))
            .collect();
        return Ok(cards.chunks(2).map(<[Token<'a>]>::to_vec).collect());
    }
    let mut hands: Vec<Vec<Token<'a>>> = vec![Vec::new()];
    for &token in holes {
        if is_vs(&token) {
            if hands.last().is_some_and(Vec::is_empty) {
                return Err(line.unexpected(token, "hole cards"));
            }
            hands.push(Vec::new());
        } else {
            hands
                .last_mut()
                .expect("there is a hand")
                .extend(cards::pieces(token));
        }
    }
    if hands.last().is_some_and(Vec::is_empty) {
        return Err(line.ended("hole cards after 'vs'"));
    }
    Ok(hands)
}

/// The first item of a range (its byte offset in `text`, and the message) that names combos
/// none of which can be dealt beside the board and dead cards: a slip, such as a combo holding a
/// board card. Items of weight 0 name nothing and are passed over.
fn undealable_item(text: &str, board: &[Card], dead: &[Card]) -> Option<(usize, String)> {
    let mut offset = 0;
    for item in text.split(',') {
        let start = offset + (item.len() - item.trim_start().len());
        offset += item.len() + 1;
        let item = item.trim();
        let Ok(range) = item.parse::<Range>() else {
            continue;
        };
        let blocked = |card: &Card| board.contains(card) || dead.contains(card);
        let dealable = range
            .combos()
            .iter()
            .any(|(combo, _)| !combo.iter().any(blocked));
        if range.is_empty() || dealable {
            continue;
        }
        let held = |cards: &[Card]| -> Vec<String> {
            cards
                .iter()
                .filter(|card| range.combos().iter().any(|(combo, _)| combo.contains(card)))
                .map(ToString::to_string)
                .collect()
        };
        let mut why = Vec::new();
        for (cards, place) in [(held(board), "on the board"), (held(dead), "dead")] {
            match cards.as_slice() {
                [] => {}
                [card] => why.push(format!("{card} is {place}")),
                [rest @ .., last] => {
                    why.push(format!("{} and {last} are {place}", rest.join(", ")));
                }
            }
        }
        let message = format!("'{item}' cannot be dealt: {}", why.join(" and "));
        return Some((start, message));
    }
    None
}

/// Two players' ranges that can only be dealt with a card twice, because every combo of both
/// holds it, where it is written in both (`AsKs vs AsQd`): the error a card repeated among hole
/// cards gets, at the card in the later range.
fn repeated_card(
    line: &Input<'_>,
    written_at: &[(usize, &str)],
    ranges: &[Range],
) -> Option<InputError> {
    let held_by_all: Vec<CardSet> = ranges
        .iter()
        .map(|range| {
            range
                .combos()
                .iter()
                .fold(CardSet::FULL, |held, (combo, _)| {
                    held & combo.iter().copied().collect::<CardSet>()
                })
        })
        .collect();
    for later in 1..ranges.len() {
        for earlier in 0..later {
            let shared = held_by_all[earlier] & held_by_all[later];
            if shared.is_empty() {
                continue;
            }
            let (at_earlier, text_earlier) = written_at[earlier];
            let (at_later, text_later) = written_at[later];
            // The first card written in the later range that both hold, where the earlier one
            // writes it too.
            let found = written_cards(text_later)
                .filter(|&(_, card)| shared.contains(card))
                .find_map(|(second, card)| {
                    written_cards(text_earlier)
                        .find(|&(_, written)| written == card)
                        .map(|(first, _)| (at_earlier + first, at_later + second, card))
                });
            if let Some((first, second, card)) = found {
                return Some(cards::repeated_card(line, second, card, first));
            }
        }
    }
    None
}

/// The cards a range's text names one by one (`AsKs`, `As Ks`, `10h9h`), with their byte
/// offsets: those read from the start of each piece between commas and spaces, so the `Ks` of
/// the class `AKs` is not one.
fn written_cards(text: &str) -> impl Iterator<Item = (usize, Card)> + '_ {
    let mut offset = 0;
    text.split([',', ' ', '\t']).flat_map(move |piece| {
        let start = offset;
        offset += piece.len() + 1;
        let mut cards = Vec::new();
        let mut at = 0;
        while let Some((card, length)) = [3, 2].into_iter().find_map(|length| {
            let bytes = piece.as_bytes().get(at..at + length)?;
            Card::from_ascii(bytes).ok().map(|card| (card, length))
        }) {
            cards.push((start + at, card));
            at += length;
        }
        cards
    })
}

/// One line of ranges: the ranges as written, and the matchup.
#[derive(Clone, Debug, PartialEq)]
pub struct RangeLine {
    /// Each player's range as written, runs of spaces made one.
    pub texts: Vec<String>,
    /// The ranges, board and dead cards.
    pub matchup: RangeMatchup,
    /// Where the line starts in the input (for errors about the matchup as a whole).
    pub offset: usize,
}

/// Parses every non-blank line into a matchup of ranges: two or more ranges separated by `vs`,
/// then, as for [`parse`], optionally `|` and a board and `|` and `dead:` cards.
///
/// ```
/// let lines = equity_io::parse_ranges(b"QQ+, AKs vs random | AH 7C 2D\n").unwrap();
/// assert_eq!(lines[0].texts, ["QQ+, AKs", "random"]);
/// assert_eq!(lines[0].matchup.ranges[1].len(), 1326);
/// ```
pub fn parse_ranges(input: &[u8]) -> Result<Vec<RangeLine>, InputError> {
    let mut reader = Input::new(input);
    let mut lines = Vec::new();
    while let Some(mut line) = reader.next_line() {
        if line.is_exhausted() {
            continue;
        }
        let line_sections = split_sections(&mut line)?;
        let offset = line_sections.start();
        let Sections { sections, bars } = line_sections;
        // The players' section, cut at each `vs`.
        let mut players: Vec<Vec<Token<'_>>> = vec![Vec::new()];
        for &token in &sections[0] {
            if token.bytes.eq_ignore_ascii_case(b"vs") {
                if players.last().is_some_and(Vec::is_empty) {
                    return Err(line.unexpected(token, "a range"));
                }
                players.push(Vec::new());
            } else {
                players.last_mut().expect("there is a player").push(token);
            }
        }
        let (mut texts, mut ranges) = (Vec::new(), Vec::new());
        // Each range's text and where it starts, for items the board rules out.
        let mut written_at = Vec::new();
        for tokens in &players {
            let (Some(first), Some(last)) = (tokens.first(), tokens.last()) else {
                // Only the last range can be missing here: a `vs` with none before it is an
                // error above.
                return Err(match bars.first() {
                    Some(&bar) => line.unexpected(bar, "a range"),
                    None => line.ended("a range after 'vs'"),
                });
            };
            let end = last.offset + last.bytes.len();
            let written = line.text_between(first.offset, end);
            let text = std::str::from_utf8(written)
                .map_err(|_| line.error_at(first.offset, "a range is plain text (UTF-8)"))?;
            let range: Range = text.parse().map_err(|err: ParseRangeError| {
                let within = text
                    .char_indices()
                    .nth(err.column - 1)
                    .map_or(0, |(index, _)| index);
                line.error_at(first.offset + within, err.detail())
            })?;
            if range.is_empty() {
                return Err(line.error_at(first.offset, "the range has no combo of weight above 0"));
            }
            texts.push(text.split_whitespace().collect::<Vec<_>>().join(" "));
            ranges.push(range);
            written_at.push((first.offset, text));
        }
        if ranges.len() < 2 {
            let last = sections[0].last().expect("a range was read");
            return Err(line.error_at(
                last.offset + last.bytes.len(),
                "expected the ranges of at least two players, separated by 'vs'",
            ));
        }
        let mut cards = DistinctCards::new();
        let (board, dead) = board_and_dead(&line, &sections, &mut cards)?;
        for &(offset, text) in &written_at {
            if let Some((within, message)) = undealable_item(text, &board, &dead) {
                return Err(line.error_at(offset + within, message));
            }
        }
        if let Some(err) = repeated_card(&line, &written_at, &ranges) {
            return Err(err);
        }
        if 2 * ranges.len() + 5 + dead.len() > 52 {
            return Err(line.error_at(
                offset,
                format!(
                    "{} players, {} dead cards and a board need more than 52 cards",
                    ranges.len(),
                    dead.len()
                ),
            ));
        }
        lines.push(RangeLine {
            texts,
            matchup: RangeMatchup {
                ranges,
                board,
                dead,
            },
            offset,
        });
    }
    Ok(lines)
}

/// A line cut at its `|`s: the tokens before, between and after them, and the `|`s themselves
/// (for errors about empty sections).
struct Sections<'a> {
    sections: Vec<Vec<Token<'a>>>,
    bars: Vec<Token<'a>>,
}

impl Sections<'_> {
    /// Where the line's first token starts (blank lines are never cut).
    fn start(&self) -> usize {
        self.sections
            .iter()
            .flatten()
            .chain(&self.bars)
            .map(|token| token.offset)
            .min()
            .expect("a line that is not blank has a token")
    }
}

/// Cuts a line at its `|`s, which stand alone even when written against a card; an error for a
/// third `|`.
fn split_sections<'a>(line: &mut Input<'a>) -> Result<Sections<'a>, InputError> {
    let mut sections: Vec<Vec<Token<'a>>> = vec![Vec::new()];
    let mut bars: Vec<Token<'a>> = Vec::new();
    while let Some(token) = line.next_token() {
        for piece in token_pieces(token) {
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
    }
    Ok(Sections { sections, bars })
}

/// A token cut before and after each `|` in it.
fn token_pieces(token: Token<'_>) -> Vec<Token<'_>> {
    let mut pieces = Vec::new();
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
    pieces
}

/// The board (the second section: 0, 3, 4 or 5 cards, with or without spaces between them) and
/// the dead cards (the third, after `dead:`), each card new to `cards`. Without a board, the
/// dead cards may follow the first `|` (`AK QQ | dead: 5S`), as people write them.
fn board_and_dead(
    line: &Input<'_>,
    sections: &[Vec<Token<'_>>],
    cards: &mut DistinctCards,
) -> Result<(Vec<Card>, Vec<Card>), InputError> {
    let no_board = sections.len() == 2
        && (sections[1].first()).is_some_and(|token| token.bytes.eq_ignore_ascii_case(b"dead:"));
    let mut board = Vec::new();
    if let Some(section) = sections.get(1).filter(|_| !no_board) {
        for piece in section.iter().flat_map(|&token| cards::pieces(token)) {
            board.push(cards.card(line, piece, "a card")?);
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
    if let Some(section) = sections.get(2 - usize::from(no_board)) {
        let Some((keyword, dead_cards)) = section.split_first() else {
            return Err(line.ended("'dead:' after the second '|'"));
        };
        if !keyword.bytes.eq_ignore_ascii_case(b"dead:") {
            return Err(line.unexpected(*keyword, "'dead:'"));
        }
        for piece in dead_cards.iter().flat_map(|&token| cards::pieces(token)) {
            dead.push(cards.card(line, piece, "a card")?);
        }
    }
    Ok((board, dead))
}
