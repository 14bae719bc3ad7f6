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

use crate::{Card, Rank, Suit};

/// Two distinct hole cards, the higher [`Card`] first.
pub type Combo = [Card; 2];

/// How many two-card combos a deck has: 52 choose 2.
pub const COMBOS: usize = 1326;

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
            let (body, weight) = match trimmed.split_once(':') {
                Some((body, weight)) => (body.trim_end(), parse_weight(weight.trim_start())),
                None => (trimmed, Some(1.0)),
            };
            let weight = weight.ok_or_else(|| error(RangeErrorReason::Weight))?;
            for combo in combos_of(body).map_err(error)? {
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

/// Every combo of the deck, higher card first, in the order ranges keep theirs: by the higher
/// card, then the lower (the order of [`combo_index`]).
pub fn all_combos() -> impl Iterator<Item = Combo> {
    Card::ALL
        .iter()
        .enumerate()
        .flat_map(|(high, &high_card)| Card::ALL[..high].iter().map(move |&low| [high_card, low]))
}

/// A combo as players write it in a range, and as the range grammar reads it: `AsKs` (ranks
/// uppercase, suits lowercase).
pub fn combo_text(combo: Combo) -> String {
    combo
        .iter()
        .flat_map(|card| {
            [
                card.rank().to_char(),
                card.suit().to_char().to_ascii_lowercase(),
            ]
        })
        .collect()
}

/// Where the combo of two different cards (in either order) sits among the [`COMBOS`]: by the
/// higher card, then the lower, as a range lists them.
pub fn combo_index([a, b]: Combo) -> usize {
    let (high, low) = (a.index().max(b.index()), a.index().min(b.index()));
    high * (high - 1) / 2 + low
}

/// A weight: digits, a point and digits, from 0 to 1.
fn parse_weight(text: &str) -> Option<f64> {
    let (whole, fraction) = text.split_once('.').unwrap_or((text, ""));
    let digits = |part: &str| part.bytes().all(|byte| byte.is_ascii_digit());
    let well_formed =
        digits(whole) && digits(fraction) && !(whole.is_empty() && fraction.is_empty());
    if !well_formed {
        return None;
    }
    let weight: f64 = text.parse().ok()?;
    (weight <= 1.0).then_some(weight)
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
    if let Some((first, last)) = body.split_once('-') {
        let (first, last) = (parse_class(first.trim())?, parse_class(last.trim())?);
        let same_shape = first.is_pair() && last.is_pair()
            || !first.is_pair()
                && !last.is_pair()
                && first.high == last.high
                && first.suitedness == last.suitedness;
        if !same_shape {
            return Err(RangeErrorReason::Span);
        }
        let (from, to) = (first.low.min(last.low), first.low.max(last.low));
        return Ok(ranks_between(from, to)
            .flat_map(|low| first.with_low(low).combos())
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
    if let Some(combo) = parse_combo(body) {
        return combo;
    }
    Ok(parse_class(body)?.combos().collect())
}

/// The ranks from `from` to `to`, both included.
fn ranks_between(from: Rank, to: Rank) -> impl Iterator<Item = Rank> {
    Rank::ALL[from as usize..=to as usize].iter().copied()
}

/// Two cards written one after the other (`AsKs`, `10hJh`), if the text is that; an error when
/// they are the same card.
fn parse_combo(body: &str) -> Option<Result<Vec<Combo>, RangeErrorReason>> {
    let bytes = body.as_bytes();
    (2..bytes.len().min(4)).find_map(|split| {
        let first = Card::from_ascii(&bytes[..split]).ok()?;
        let second = Card::from_ascii(&bytes[split..]).ok()?;
        Some(if first == second {
            Err(RangeErrorReason::SameCard)
        } else {
            Ok(vec![[first.max(second), first.min(second)]])
        })
    })
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
    /// The column (in characters, from 1) where the item starts in the range text.
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
    Span,
    SameCard,
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
                "not a hand: write QQ, AKs, AKo, AK, QQ+, A5s+, 88-JJ, A2s-A5s, AsKs or random",
            ),
            RangeErrorReason::Rank(character) => write!(f, "'{character}' is not a rank"),
            RangeErrorReason::Suitedness(character) => {
                write!(f, "'{character}' is not s (suited) or o (offsuit)")
            }
            RangeErrorReason::SuitedPair => f.write_str("a pair is neither suited nor offsuit"),
            RangeErrorReason::Span => f.write_str(
                "a span joins two pairs, or two hands with the same top card and suitedness",
            ),
            RangeErrorReason::SameCard => f.write_str("the same card twice"),
        }
    }
}

impl std::error::Error for ParseRangeError {}
