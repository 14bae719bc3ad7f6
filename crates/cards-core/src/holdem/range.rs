//! Hold'em hand ranges: sets of hole-card combos, each with a weight, in the notation the common
//! equity calculators share.
//!
//! A range is items separated by commas, each optionally followed by `:weight`, a number from 0
//! to 1 (the share of the time the combos are in the range):
//!
//! | item | combos |
//! |---|---|
//! | `QQ` | the six pairs of queens |
//! | `QQ+` | queens, kings, aces |
//! | `88-JJ` | eights to jacks (either order) |
//! | `AKs`, `AKo`, `AK` | ace-king suited (4), offsuit (12), both (16) |
//! | `A5s+` | `A5s` and every better kicker below the ace: `A5s` to `AKs` |
//! | `A2s-A5s` | `A2s` to `A5s`: the same top card, kickers between |
//! | `AsKs` | that one combo |
//! | `random`, `xx` | all 1,326 combos |
//!
//! Ranks are `2` to `9`, `T`, `J`, `Q`, `K`, `A`; letters may be either case. When items
//! overlap, the later one decides a combo's weight (`random,AA:0` is every hand but aces);
//! a weight of 0 leaves the combos out.
//!
//! ```
//! use cards_core::holdem::Range;
//!
//! let range: Range = "QQ+, AKs, JTo:0.2".parse().unwrap();
//! assert_eq!(range.len(), 18 + 4 + 12);
//! assert_eq!(range.weight_total(), 18.0 + 4.0 + 12.0 * 0.2);
//! let error = "QQ+, AKx".parse::<Range>().unwrap_err();
//! assert_eq!(error.to_string(), "column 6, 'AKx': 'x' is not s (suited) or o (offsuit)");
//! ```

use std::fmt;
use std::str::FromStr;

pub use crate::holdem::combo::{COMBOS, Combo, all_combos, combo_index, combo_text};
use crate::holdem::hand_class::HandClass;
use crate::holdem::order::top_percent;
use crate::{Card, Rank, Suit};

/// A set of hole-card combos with weights in `(0, 1]`, in a fixed order (by the higher card,
/// then the lower).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Range {
    combos: Vec<(Combo, f64)>,
}

impl Range {
    /// The combos and their weights.
    pub fn combos(&self) -> &[(Combo, f64)] {
        &self.combos
    }

    /// How many combos the range holds.
    pub fn len(&self) -> usize {
        self.combos.len()
    }

    /// Whether the range holds no combo.
    pub fn is_empty(&self) -> bool {
        self.combos.is_empty()
    }

    /// The sum of the weights: how many combos the range holds, counting each by its weight.
    pub fn weight_total(&self) -> f64 {
        self.combos.iter().map(|&(_, weight)| weight).sum()
    }
}

impl FromIterator<(Combo, f64)> for Range {
    /// The range of these combos (either card first) at these weights: a later combo's weight
    /// replaces an earlier one's, and a weight of 0 leaves the combo out.
    ///
    /// # Panics
    ///
    /// If a weight is not a number from 0 to 1, or a combo holds one card twice.
    ///
    /// ```
    /// use cards_core::holdem::{HandClass, Range};
    ///
    /// let aces = HandClass::all().next().unwrap();
    /// let range: Range = aces.combos().map(|combo| (combo, 0.5)).collect();
    /// assert_eq!(range.to_string(), "AA:0.5");
    /// ```
    fn from_iter<I: IntoIterator<Item = (Combo, f64)>>(combos: I) -> Range {
        let mut weights: Vec<Option<f64>> = vec![None; COMBOS];
        for ([a, b], weight) in combos {
            assert!(a != b, "a combo holds two different cards");
            assert!((0.0..=1.0).contains(&weight), "a weight is from 0 to 1");
            weights[combo_index([a, b])] = Some(weight);
        }
        Range::from_weights(&weights)
    }
}

impl FromStr for Range {
    type Err = ParseRangeError;

    fn from_str(text: &str) -> Result<Range, ParseRangeError> {
        // Weights by combo index; `None` for combos no item names.
        let mut weights: Vec<Option<f64>> = vec![None; COMBOS];
        let mut column = 1;
        for item in text.split(',') {
            let leading = item.chars().take_while(|c| c.is_whitespace()).count();
            let trimmed = item.trim();
            let item_column = column + leading;
            column += item.chars().count() + 1;
            let error = |reason| ParseRangeError {
                column: item_column,
                item: trimmed.to_string(),
                reason,
            };
            if trimmed.is_empty() {
                return Err(error(RangeErrorReason::Empty));
            }
            if let Some((offset, slip)) = slip_in_words(trimmed) {
                return Err(ParseRangeError {
                    column: item_column + offset,
                    ..error(slip)
                });
            }
            let (combos, weight) = parse_item(trimmed).map_err(error)?;
            for combo in combos {
                weights[combo_index(combo)] = Some(weight);
            }
        }
        Ok(Range::from_weights(&weights))
    }
}

impl Range {
    /// The range of the combos with a weight above 0, by [`combo_index`].
    fn from_weights(weights: &[Option<f64>]) -> Range {
        let combos = all_combos()
            .filter_map(|combo| {
                let weight = weights[combo_index(combo)].filter(|&weight| weight > 0.0)?;
                Some((combo, weight))
            })
            .collect();
        Range { combos }
    }
}

/// An item's combos and its weight.
fn parse_item(item: &str) -> Result<(Vec<Combo>, f64), RangeErrorReason> {
    let (body, weight) = match item.split_once(':') {
        Some((body, weight)) => (body.trim_end(), parse_weight(weight.trim_start())),
        None => (item, Some(1.0)),
    };
    let weight = weight.ok_or(RangeErrorReason::Weight)?;
    Ok((combos_of(body)?, weight))
}

/// The slip in an item, where it is clear: a word that is no part of the grammar (`versus`), or
/// items that each read alone and miss the comma between them (`QQ+ AKs`); with the offset (in
/// characters) of the word it points at.
fn slip_in_words(item: &str) -> Option<(usize, RangeErrorReason)> {
    let mut words = Vec::new();
    for (offset, (index, character)) in item.char_indices().enumerate() {
        let starts = !character.is_whitespace()
            && item[..index]
                .chars()
                .next_back()
                .is_none_or(char::is_whitespace);
        if starts {
            let word = item[index..]
                .split(char::is_whitespace)
                .next()
                .unwrap_or("");
            words.push((offset, word));
        }
    }
    for &(offset, word) in &words {
        // Letters that start as a hand does (two ranks, or a card) are a hand mistyped: `AKx`.
        let mut letters = word.chars();
        let hand_like = letters.next().is_some_and(|c| Rank::try_from(c).is_ok())
            && letters
                .next()
                .is_some_and(|c| Rank::try_from(c).is_ok() || "shdcxSHDCX".contains(c));
        let is_word = word.chars().count() >= 3
            && word.chars().all(char::is_alphabetic)
            && !hand_like
            && parse_item(word).is_err();
        if is_word {
            return Some((offset, RangeErrorReason::Word(word.to_string())));
        }
    }
    // Two cards apart (`Ah Kh`) are one combo, and a span may have spaces around its `-`.
    if words.len() >= 2 && words.iter().all(|&(_, word)| parse_item(word).is_ok()) {
        let (offset, second) = words[1];
        return Some((
            offset,
            RangeErrorReason::MissingComma(words[0].1.to_string(), second.to_string()),
        ));
    }
    None
}

/// A share of all hands: `15%`, from 0 to 100.
fn parse_percent(text: &str) -> Result<f64, RangeErrorReason> {
    let number = text
        .trim()
        .strip_suffix('%')
        .ok_or(RangeErrorReason::Shape)?;
    let percent = plain_number(number).ok_or(RangeErrorReason::Shape)?;
    if percent > 100.0 {
        return Err(RangeErrorReason::Percent);
    }
    Ok(percent)
}

/// `15%`: the strongest hands making up that share of all combos; `5%-15%`: those in the top
/// 15 % but not the top 5 % (see [`top_percent`]).
fn percent_combos(body: &str) -> Result<Vec<Combo>, RangeErrorReason> {
    let (low, high) = match body.split_once('-') {
        Some((first, second)) => {
            let (first, second) = (parse_percent(first)?, parse_percent(second)?);
            (first.min(second), first.max(second))
        }
        None => (0.0, parse_percent(body)?),
    };
    let weaker = top_percent(low);
    Ok(top_percent(high)
        .into_iter()
        .filter(|class| !weaker.contains(class))
        .flat_map(HandClass::combos)
        .collect())
}

/// A weight: digits, a point and digits, from 0 to 1.
fn parse_weight(text: &str) -> Option<f64> {
    plain_number(text).filter(|&weight| weight <= 1.0)
}

/// Digits, a point and digits (either part may be empty, not both): no sign, exponent or name
/// such as `inf`, which `f64`'s own parser would take.
fn plain_number(text: &str) -> Option<f64> {
    let (whole, fraction) = text.split_once('.').unwrap_or((text, ""));
    let digits = |part: &str| part.bytes().all(|byte| byte.is_ascii_digit());
    let well_formed =
        digits(whole) && digits(fraction) && !(whole.is_empty() && fraction.is_empty());
    well_formed.then(|| text.parse().ok()).flatten()
}

/// Which of a class's combos: both cards' suits the same, different, or either.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Suitedness {
    Suited,
    Offsuit,
    Any,
}

/// A class of starting hands: a pair, or two ranks (the higher first) of some suitedness.
#[derive(Clone, Copy, PartialEq, Eq)]
struct Class {
    high: Rank,
    low: Rank,
    suitedness: Suitedness,
}

impl Class {
    fn is_pair(self) -> bool {
        self.high == self.low
    }

    /// The class with `low` as its lower rank (the higher one too, for a pair).
    fn with_low(self, low: Rank) -> Class {
        Class {
            high: if self.is_pair() { low } else { self.high },
            low,
            ..self
        }
    }

    /// The class's combos, higher card first.
    fn combos(self) -> impl Iterator<Item = Combo> {
        Suit::ALL.into_iter().flat_map(move |first| {
            Suit::ALL.into_iter().filter_map(move |second| {
                let combo = [Card::new(self.high, first), Card::new(self.low, second)];
                let wanted = match self.suitedness {
                    Suitedness::Suited => first == second,
                    Suitedness::Offsuit => first != second,
                    Suitedness::Any => true,
                };
                // A pair's two cards in one order only.
                (wanted && combo[0] > combo[1]).then_some(combo)
            })
        })
    }
}

/// The combos an item (without its weight) names.
fn combos_of(body: &str) -> Result<Vec<Combo>, RangeErrorReason> {
    if body.eq_ignore_ascii_case("random") || body.eq_ignore_ascii_case("xx") {
        return Ok(all_combos().collect());
    }
    if body.contains('%') {
        return percent_combos(body);
    }
    if let Some((first, last)) = body.split_once('-') {
        let (first, last) = (parse_class(first.trim())?, parse_class(last.trim())?);
        if first.is_pair() != last.is_pair() {
            return Err(RangeErrorReason::Span(SpanSlip::PairAndHand));
        }
        if first.suitedness != last.suitedness {
            return Err(RangeErrorReason::Span(SpanSlip::Suitedness));
        }
        if first.is_pair() || first.high == last.high {
            let (from, to) = (first.low.min(last.low), first.low.max(last.low));
            return Ok(ranks_between(from, to)
                .flat_map(|low| first.with_low(low).combos())
                .collect());
        }
        // Connectors and gappers: the same gap between the ranks all along (`T9s-54s`).
        let gap = first.high as usize - first.low as usize;
        if last.high as usize - last.low as usize != gap {
            return Err(RangeErrorReason::Span(SpanSlip::Neither));
        }
        let (from, to) = (first.high.min(last.high), first.high.max(last.high));
        return Ok(ranks_between(from, to)
            .flat_map(|high| {
                Class {
                    high,
                    low: Rank::ALL[high as usize - gap],
                    suitedness: first.suitedness,
                }
                .combos()
            })
            .collect());
    }
    if let Some(class) = body.strip_suffix('+') {
        let class = parse_class(class)?;
        let top = if class.is_pair() {
            Rank::Ace as usize
        } else {
            class.high as usize - 1
        };
        return Ok(ranks_between(class.low, Rank::ALL[top])
            .flat_map(|low| class.with_low(low).combos())
            .collect());
    }
    if let Some(combos) = parse_cards(body) {
        return combos;
    }
    Ok(parse_class(body)?.combos().collect())
}

/// Two cards written one after the other (`AsKs`, `10hJh`, `Ah Kh`), either with `x` for any
/// suit (`AxKx`, `AhKx`), if the text is that: every combo of such cards; an error when they can
/// only be one card twice.
fn parse_cards(body: &str) -> Option<Result<Vec<Combo>, RangeErrorReason>> {
    /// A card with a suit or `x`: its rank, and its suit when given.
    fn card_pattern(bytes: &[u8]) -> Option<(Rank, Option<Suit>)> {
        let (rank, suit) = match *bytes {
            [rank, suit] => (Rank::from_ascii_byte(rank)?, suit),
            [b'1', b'0', suit] => (Rank::Ten, suit),
            _ => return None,
        };
        match suit {
            b'x' | b'X' => Some((rank, None)),
            _ => Some((rank, Some(Suit::from_ascii_byte(suit)?))),
        }
    }
    let bytes: Vec<u8> = body
        .bytes()
        .filter(|byte| !byte.is_ascii_whitespace())
        .collect();
    let (first, second) = (2..bytes.len().min(4)).find_map(|split| {
        Some((
            card_pattern(&bytes[..split])?,
            card_pattern(&bytes[split..])?,
        ))
    })?;
    let cards = |(rank, suit): (Rank, Option<Suit>)| {
        Suit::ALL
            .into_iter()
            .filter(move |&each| suit.is_none_or(|suit| suit == each))
            .map(move |each| Card::new(rank, each))
    };
    let mut combos: Vec<Combo> = cards(first)
        .flat_map(|a| cards(second).map(move |b| [a.max(b), a.min(b)]))
        .filter(|[a, b]| a != b)
        .collect();
    combos.sort_unstable();
    combos.dedup();
    Some(if combos.is_empty() {
        Err(RangeErrorReason::SameCard)
    } else {
        Ok(combos)
    })
}

/// The ranks from `from` to `to`, both included.
fn ranks_between(from: Rank, to: Rank) -> impl Iterator<Item = Rank> {
    Rank::ALL[from as usize..=to as usize].iter().copied()
}

/// A class: two ranks and, unless they are a pair, optionally `s` or `o`.
fn parse_class(text: &str) -> Result<Class, RangeErrorReason> {
    let mut characters = text.chars();
    let mut rank = || {
        let character = characters.next().ok_or(RangeErrorReason::Shape)?;
        Rank::try_from(character).map_err(|_| RangeErrorReason::Rank(character))
    };
    let (first, second) = (rank()?, rank()?);
    let suitedness = match characters.next() {
        None => Suitedness::Any,
        Some('s' | 'S') => Suitedness::Suited,
        Some('o' | 'O') => Suitedness::Offsuit,
        Some(other) => return Err(RangeErrorReason::Suitedness(other)),
    };
    if characters.next().is_some() {
        return Err(RangeErrorReason::Shape);
    }
    if first == second && suitedness != Suitedness::Any {
        return Err(RangeErrorReason::SuitedPair);
    }
    Ok(Class {
        high: first.max(second),
        low: first.min(second),
        suitedness,
    })
}

/// Range text that is not a range: where, which item, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseRangeError {
    /// The column (in characters, from 1) in the range text: where the item starts, or the
    /// word in it that the error is about.
    pub column: usize,
    item: String,
    reason: RangeErrorReason,
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum RangeErrorReason {
    Empty,
    Weight,
    Shape,
    Rank(char),
    Suitedness(char),
    SuitedPair,
    Span(SpanSlip),
    SameCard,
    Percent,
    Word(String),
    MissingComma(String, String),
}

/// How a span's ends fail to match.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum SpanSlip {
    PairAndHand,
    Suitedness,
    Neither,
}

impl ParseRangeError {
    /// What is wrong, without the column: `'AKx': 'x' is not s (suited) or o (offsuit)`; for a
    /// caller that says where in its own terms.
    pub fn detail(&self) -> String {
        // An item can be any length: a long one is cut, so the message stays one short line.
        const SHOWN: usize = 32;
        let item = if self.item.chars().count() > SHOWN {
            let cut: String = self.item.chars().take(SHOWN).collect();
            format!("{cut}...")
        } else {
            self.item.clone()
        };
        format!("'{item}': {}", self.reason)
    }
}

impl fmt::Display for ParseRangeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "column {}, {}", self.column, self.detail())
    }
}

impl fmt::Display for RangeErrorReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            RangeErrorReason::Empty => f.write_str("an empty item"),
            RangeErrorReason::Weight => f.write_str("a weight is a number from 0 to 1"),
            RangeErrorReason::Shape => f.write_str(
                "not a hand: write QQ, AKs, AKo, AK, QQ+, A5s+, 88-JJ, A2s-A5s, T9s-54s, AsKs, \
                 AxKx, 15% or random",
            ),
            RangeErrorReason::Rank(character) => write!(f, "'{character}' is not a rank"),
            RangeErrorReason::Suitedness(character) => {
                write!(f, "'{character}' is not s (suited) or o (offsuit)")
            }
            RangeErrorReason::SuitedPair => f.write_str("a pair is neither suited nor offsuit"),
            RangeErrorReason::Span(SpanSlip::PairAndHand) => {
                f.write_str("a span joins two pairs or two non-pairs, not one of each")
            }
            RangeErrorReason::Span(SpanSlip::Suitedness) => {
                f.write_str("the ends of a span differ in suitedness (s, o or neither)")
            }
            RangeErrorReason::Span(SpanSlip::Neither) => f.write_str(
                "the ends of a span share neither the top card (A2s-A5s) nor the gap between \
                 the ranks (T9s-54s)",
            ),
            RangeErrorReason::SameCard => f.write_str("the same card twice"),
            RangeErrorReason::Percent => f.write_str("a percent of hands is from 0 to 100"),
            RangeErrorReason::Word(ref word) => {
                let hint = if ["versus", "against"]
                    .iter()
                    .any(|known| known.eq_ignore_ascii_case(word))
                {
                    " (between players, write vs)"
                } else {
                    ""
                };
                write!(f, "'{word}' is not a hand or a range{hint}")
            }
            RangeErrorReason::MissingComma(ref first, ref second) => {
                write!(f, "a comma is missing between '{first}' and '{second}'")
            }
        }
    }
}

impl std::error::Error for ParseRangeError {}
