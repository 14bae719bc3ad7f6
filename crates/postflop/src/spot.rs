//! The spot: the board, both ranges, the pot and stacks, and the bet sizes and thresholds that
//! shape the tree, read field by field from options or from a spot file of the same fields.

use std::fmt;

use cards_core::Card;
use cards_core::holdem::Range;
use judge_io::quote;

use crate::sizes::{Size, SizeKind, parse_sizes};

/// The out-of-position player (first to act on each street) and the in-position player.
pub const PLAYERS: [&str; 2] = ["oop", "ip"];

/// The streets a spot can start on, in order.
pub const STREETS: [&str; 3] = ["flop", "turn", "river"];

/// A player's sizes on one street.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Sizes {
    /// Bets when nobody has bet on the street.
    pub bets: Vec<Size>,
    /// Raises when facing a bet or a raise.
    pub raises: Vec<Size>,
}

/// Desktop Postflop's thresholds, as shares (its page shows them in percent).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Thresholds {
    /// An all-in is added to the bets when the stack left is at most this share of the pot
    /// (after a call), and to the raises likewise above the bet faced.
    pub add_allin: f64,
    /// A bet or raise becomes all-in when the stack it would leave is at most this share of
    /// the pot once it is called.
    pub force_allin: f64,
    /// Of two bets whose sizes are this close (as PioSOLVER merges them), the smaller goes.
    pub merging: f64,
}

impl Default for Thresholds {
    /// Desktop Postflop's defaults: 150%, 20%, 10%.
    fn default() -> Thresholds {
        Thresholds {
            add_allin: 1.5,
            force_allin: 0.2,
            merging: 0.1,
        }
    }
}

/// A heads-up postflop spot.
#[derive(Clone, Debug, PartialEq)]
pub struct Spot {
    /// Three, four or five distinct cards.
    pub board: Vec<Card>,
    /// The out-of-position range, then the in-position one, as given (combos that meet the
    /// board are left out when the game is made).
    pub ranges: [Range; 2],
    /// The pot before the first action, in chips.
    pub pot: i32,
    /// The effective stack behind, in chips.
    pub stack: i32,
    /// By street (flop, turn, river) and player (OOP, IP).
    pub sizes: [[Sizes; 2]; 3],
    /// By street: OOP's bets when leading into the player who bet or raised and was called on
    /// the street before (`None`: the ordinary bets). Never on the flop.
    pub donks: [Option<Vec<Size>>; 3],
    /// The tree's thresholds.
    pub thresholds: Thresholds,
}

impl Spot {
    /// The street the spot starts on: 0 (flop), 1 (turn) or 2 (river).
    pub fn street(&self) -> usize {
        self.board.len() - 3
    }
}

/// Why a spot was refused: the field, and what is wrong with its value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SpotError {
    /// The field's name, as an option without its dashes (`river-bets-ip`), or empty for the
    /// spot as a whole.
    pub field: String,
    /// Where in a spot file, if it came from one: line and character column, from 1.
    pub place: Option<(usize, usize)>,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for SpotError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some((line, column)) = self.place {
            write!(f, "line {line}, column {column}: ")?;
        }
        if self.field.is_empty() {
            f.write_str(&self.message)
        } else {
            write!(f, "--{}: {}", self.field, self.message)
        }
    }
}

impl std::error::Error for SpotError {}

/// The fields of a spot as they are given, by name: the later of two values of one field wins,
/// and a narrower field (`river-bets-ip`) beats a wider one (`bets`) whatever their order.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SpotFields {
    values: Vec<Field>,
}

/// One field as given: its name, its value, and where the value starts in a spot file.
type Field = (String, String, Option<(usize, usize)>);

/// Every field a spot has, as options without their dashes; the sizes also for one street,
/// one player, or both (`bets`, `flop-bets`, `bets-oop`, `turn-raises-ip`, `river-donks`).
pub fn is_field(name: &str) -> bool {
    const PLAIN: [&str; 8] = [
        "board",
        "oop",
        "ip",
        "pot",
        "stack",
        "add-allin-threshold",
        "force-allin-threshold",
        "merging-threshold",
    ];
    PLAIN.contains(&name) || size_field(name).is_some()
}

/// Every sizes field, widest first: for every street and player, for one player, for one
/// street, for one street and player.
pub const SIZE_FIELDS: [&str; 27] = [
    "bets",
    "raises",
    "donks",
    "bets-oop",
    "bets-ip",
    "raises-oop",
    "raises-ip",
    "flop-bets",
    "flop-raises",
    "turn-bets",
    "turn-raises",
    "turn-donks",
    "river-bets",
    "river-raises",
    "river-donks",
    "flop-bets-oop",
    "flop-bets-ip",
    "flop-raises-oop",
    "flop-raises-ip",
    "turn-bets-oop",
    "turn-bets-ip",
    "turn-raises-oop",
    "turn-raises-ip",
    "river-bets-oop",
    "river-bets-ip",
    "river-raises-oop",
    "river-raises-ip",
];

/// A sizes field's parts: which list (`bets`, `raises`, `donks`), the streets and the players it
/// covers.
fn size_field(name: &str) -> Option<(&str, Vec<usize>, Vec<usize>)> {
    let mut parts: Vec<&str> = name.split('-').collect();
    let streets = match STREETS
        .iter()
        .position(|&street| Some(&street) == parts.first())
    {
        Some(street) => {
            parts.remove(0);
            vec![street]
        }
        None => vec![0, 1, 2],
    };
    let players = match PLAYERS
        .iter()
        .position(|&player| Some(&player) == parts.get(1))
    {
        Some(player) => {
            parts.remove(1);
            vec![player]
        }
        None => vec![0, 1],
    };
    match parts[..] {
        [list @ ("bets" | "raises")] => Some((list, streets, players)),
        // Donks are OOP's, on the turn and river.
        ["donks"] if players != [1] && streets != [0] => Some(("donks", streets, vec![0])),
        _ => None,
    }
}

impl SpotFields {
    /// Sets field `name` to `value`; `place` is where the value starts in a spot file.
    pub fn set(
        &mut self,
        name: &str,
        value: &str,
        place: Option<(usize, usize)>,
    ) -> Result<(), SpotError> {
        if !is_field(name) {
            return Err(SpotError {
                field: String::new(),
                place,
                message: format!("unknown field {}", quote(name.as_bytes())),
            });
        }
        self.values
            .push((name.to_string(), value.to_string(), place));
        Ok(())
    }

    /// The fields as a spot file: a line `name = value` each, in the order given.
    pub fn to_text(&self) -> String {
        let mut text = String::new();
        for (name, value, _) in &self.values {
            text.push_str(name);
            text.push_str(" = ");
            text.push_str(value);
            text.push('\n');
        }
        text
    }

    /// Whether no field is set.
    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }

    /// Reads a spot file: one field a line, `name = value` (names as the options', without
    /// dashes), `#` starting a comment, blank lines ignored.
    pub fn read_file(&mut self, text: &str) -> Result<(), SpotError> {
        for (number, line) in text.lines().enumerate() {
            let line_number = number + 1;
            let content = line.split('#').next().unwrap_or_default();
            if content.trim().is_empty() {
                continue;
            }
            let Some((name, value)) = content.split_once('=') else {
                let column = 1 + content.chars().take_while(|c| c.is_whitespace()).count();
                return Err(SpotError {
                    field: String::new(),
                    place: Some((line_number, column)),
                    message: "expected 'name = value'".into(),
                });
            };
            let name_column = 1 + name.chars().take_while(|c| c.is_whitespace()).count();
            let value_column =
                name.chars().count() + 2 + value.chars().take_while(|c| c.is_whitespace()).count();
            let name = name.trim();
            if !is_field(name) {
                return Err(SpotError {
                    field: String::new(),
                    place: Some((line_number, name_column)),
                    message: format!("unknown field {}", quote(name.as_bytes())),
                });
            }
            self.set(name, value.trim(), Some((line_number, value_column)))?;
        }
        Ok(())
    }

    /// The spot these fields make.
    pub fn spot(&self) -> Result<Spot, SpotError> {
        let last = |name: &str| self.values.iter().rev().find(|(field, _, _)| field == name);
        let required = |name: &str| {
            last(name).ok_or_else(|| SpotError {
                field: String::new(),
                place: None,
                message: format!(
                    "no --{name}: a spot needs its board, both ranges, the pot and the stack"
                ),
            })
        };
        let error = |(field, _, place): &(String, String, Option<(usize, usize)>),
                     message: String| SpotError {
            field: field.clone(),
            place: *place,
            message,
        };
        let board_field = required("board")?;
        let board = parse_board(&board_field.1).map_err(|message| error(board_field, message))?;
        let mut ranges = [Range::default(), Range::default()];
        for (player, name) in PLAYERS.iter().enumerate() {
            let field = required(name)?;
            ranges[player] = field
                .1
                .parse::<Range>()
                .map_err(|err| error(field, err.to_string()))?;
            if ranges[player].is_empty() {
                return Err(error(field, "the range holds no combo".into()));
            }
        }
        let chips = |name: &str| -> Result<i32, SpotError> {
            let field = required(name)?;
            match field.1.parse::<i32>() {
                Ok(chips)
                    if chips > 0
                        && chips <= MOST_CHIPS
                        && field.1.bytes().all(|b| b.is_ascii_digit()) =>
                {
                    Ok(chips)
                }
                _ => Err(error(
                    field,
                    format!(
                        "expected a whole number of chips from 1 to {MOST_CHIPS}, found {}",
                        quote(field.1.as_bytes())
                    ),
                )),
            }
        };
        let (pot, stack) = (chips("pot")?, chips("stack")?);
        let mut thresholds = Thresholds::default();
        for (name, threshold) in [
            ("add-allin-threshold", &mut thresholds.add_allin),
            ("force-allin-threshold", &mut thresholds.force_allin),
            ("merging-threshold", &mut thresholds.merging),
        ] {
            if let Some(field) = last(name) {
                let text = field.1.strip_suffix('%').unwrap_or(&field.1);
                match text.parse::<f64>() {
                    Ok(percent)
                        if (0.0..=100_000.0).contains(&percent)
                            && text.bytes().all(|b| b.is_ascii_digit() || b == b'.') =>
                    {
                        *threshold = percent / 100.0;
                    }
                    _ => {
                        return Err(error(
                            field,
                            format!(
                                "expected a percentage from 0, found {}",
                                quote(field.1.as_bytes())
                            ),
                        ));
                    }
                }
            }
        }
        let mut sizes: [[Sizes; 2]; 3] = Default::default();
        let mut donks: [Option<Vec<Size>>; 3] = Default::default();
        // Wider fields first, so narrower ones override them; among equals, in the order given.
        let mut size_fields: Vec<_> = self
            .values
            .iter()
            .filter_map(|entry| size_field(&entry.0).map(|parts| (entry, parts)))
            .collect();
        size_fields.sort_by_key(|(_, (_, streets, players))| {
            std::cmp::Reverse(streets.len() * players.len())
        });
        for (entry, (list, streets, players)) in size_fields {
            let kind = if list == "raises" {
                SizeKind::Raise
            } else {
                SizeKind::Bet
            };
            let parsed = parse_sizes(&entry.1, kind).map_err(|err| {
                let place = entry
                    .2
                    .map(|(line, column)| (line, column + err.column - 1));
                SpotError {
                    field: entry.0.clone(),
                    place,
                    message: if place.is_some() {
                        err.message.clone()
                    } else {
                        err.to_string()
                    },
                }
            })?;
            for &street in &streets {
                for &player in &players {
                    match list {
                        "bets" => sizes[street][player].bets.clone_from(&parsed),
                        "raises" => sizes[street][player].raises.clone_from(&parsed),
                        _ if street > 0 => donks[street] = Some(parsed.clone()),
                        _ => {}
                    }
                }
            }
        }
        Ok(Spot {
            board,
            ranges,
            pot,
            stack,
            sizes,
            donks,
            thresholds,
        })
    }
}

/// The most chips a pot or stack may hold: amounts stay exact in `f32`.
pub const MOST_CHIPS: i32 = 1_000_000;

/// A card as postflop players write it: the rank, then the suit in lower case (`Qs`, `Td`).
pub fn card_name(card: Card) -> String {
    format!(
        "{}{}",
        card.rank().to_char(),
        card.suit().to_char().to_ascii_lowercase()
    )
}

/// Three to five distinct cards, written together or apart (`Td9d6h`, `Td 9d 6h Qc`).
fn parse_board(text: &str) -> Result<Vec<Card>, String> {
    let letters: Vec<char> = text
        .chars()
        .filter(|c| !c.is_whitespace() && *c != ',')
        .collect();
    let mut board: Vec<Card> = Vec::new();
    for pair in letters.chunks(2) {
        let token: String = pair.iter().collect();
        let card = Card::from_ascii(token.as_bytes())
            .map_err(|_| format!("{} is not a card", quote(token.as_bytes())))?;
        if board.contains(&card) {
            return Err(format!("{} is on the board twice", card_name(card)));
        }
        board.push(card);
    }
    if !(3..=5).contains(&board.len()) {
        return Err(format!("expected 3, 4 or 5 cards, found {}", board.len()));
    }
    Ok(board)
}
