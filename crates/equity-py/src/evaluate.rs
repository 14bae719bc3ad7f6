//! The hand evaluator: one hand of 5 to 7 cards, or an array of them at once.

use cards_core::{Card, CardSet, Hand, HandCategory, HandValue};
use judge_io::Input;
use judge_io::cards::{DistinctCards, pieces};
use numpy::{PyArray1, PyReadonlyArray2};
use pyo3::exceptions::{PyImportError, PyModuleNotFoundError, PyValueError};
use pyo3::prelude::*;

/// Imports NumPy, or fails naming the package extra that brings it: `what` is the function that
/// needs it.
#[pyfunction]
pub(crate) fn require_numpy(py: Python<'_>, what: &str) -> PyResult<()> {
    match py.import("numpy") {
        Err(err) if err.is_instance_of::<PyImportError>(py) => {
            Err(PyModuleNotFoundError::new_err(format!(
                "{what} needs NumPy, which is not installed: \
                 pip install 'holdem-equity[numpy]' (or pip install numpy)"
            )))
        }
        imported => imported.map(|_| ()),
    }
}

/// The value of the best five of 5 to 7 cards: higher is better, equal values split the pot.
///
/// `cards` is a string (`"AsKd"`, `"As Kd Qh Jc Ts"`, `"10s"` for a ten, any case) or a
/// sequence of card strings or card ids (`4 * rank + suit`: `2c` is 0, `2d` 1, `2h` 2, `2s` 3,
/// ..., `As` 51). The value's category is `category(value)`, its top four bits (`value >> 12`).
#[pyfunction]
pub(crate) fn evaluate(cards: &Bound<'_, PyAny>) -> PyResult<u16> {
    let cards: Vec<Card> = if let Ok(text) = cards.extract::<String>() {
        cards_of_text(&text)?
    } else {
        let mut read = Vec::new();
        let mut seen = CardSet::EMPTY;
        for (index, item) in cards.try_iter()?.enumerate() {
            let item = item?;
            let card = if let Ok(id) = item.extract::<i64>() {
                usize::try_from(id)
                    .ok()
                    .and_then(Card::from_index)
                    .ok_or_else(|| {
                        PyValueError::new_err(format!(
                            "card {}: the id {id} is not a card (ids are 0 to 51)",
                            index + 1
                        ))
                    })?
            } else {
                let text: String = item.extract()?;
                let cards = cards_of_text(&text)
                    .map_err(|err| PyValueError::new_err(format!("card {}: {err}", index + 1)))?;
                match cards[..] {
                    [card] => card,
                    _ => {
                        return Err(PyValueError::new_err(format!(
                            "card {}: expected one card, found '{text}'",
                            index + 1
                        )));
                    }
                }
            };
            if !seen.insert(card) {
                return Err(PyValueError::new_err(format!(
                    "card {}: repeated card {card}",
                    index + 1
                )));
            }
            read.push(card);
        }
        read
    };
    Hand::from_cards(&cards)
        .checked_evaluate()
        .map(HandValue::to_raw)
        .ok_or_else(|| {
            PyValueError::new_err(format!("a hand has 5 to 7 cards, not {}", cards.len()))
        })
}

/// The cards of a string, with the command line's messages.
fn cards_of_text(text: &str) -> PyResult<Vec<Card>> {
    let mut input = Input::new(text.as_bytes());
    let mut distinct = DistinctCards::new();
    let mut cards = Vec::new();
    while let Some(token) = input.next_token() {
        for piece in pieces(token) {
            let card = distinct.card(&input, piece, "a card").map_err(|err| {
                PyValueError::new_err(format!(
                    "column {}: {}",
                    err.position().column,
                    err.message().replace("line 1, ", "")
                ))
            })?;
            cards.push(card);
        }
    }
    Ok(cards)
}

/// The values of many hands at once: `ids` is an N × 5, N × 6 or N × 7 array of card ids
/// (`uint8`), each row one hand of distinct cards; the result is N values (`uint16`). The GIL is
/// released while the hands are valued.
#[pyfunction]
#[expect(
    clippy::needless_pass_by_value,
    reason = "PyO3 hands arguments over by value"
)]
pub(crate) fn evaluate_ids<'py>(
    py: Python<'py>,
    ids: PyReadonlyArray2<'py, u8>,
) -> PyResult<Bound<'py, PyArray1<u16>>> {
    let array = ids.as_array();
    let (rows, columns) = array.dim();
    if !(5..=7).contains(&columns) {
        return Err(PyValueError::new_err(format!(
            "expected 5 to 7 cards a row, found {columns}"
        )));
    }
    let values: Result<Vec<u16>, String> = py.detach(|| {
        let mut values = Vec::with_capacity(rows);
        for (row, hand) in array.outer_iter().enumerate() {
            let mut seen = 0u64;
            let mut cards = [0u8; 7];
            for (column, &id) in hand.iter().enumerate() {
                if id >= 52 {
                    return Err(format!(
                        "row {row}, column {column}: the id {id} is not a card (ids are 0 to 51)"
                    ));
                }
                if seen & (1 << id) != 0 {
                    return Err(format!(
                        "row {row}, column {column}: the id {id} is repeated"
                    ));
                }
                seen |= 1 << id;
                cards[column] = id;
            }
            values.push(Hand::from_ids(&cards[..columns]).evaluate().to_raw());
        }
        Ok(values)
    });
    let values = values.map_err(PyValueError::new_err)?;
    Ok(PyArray1::from_vec(py, values))
}

/// The category of a hand value: `"high card"`, `"one pair"`, ..., `"royal flush"`.
#[pyfunction]
pub(crate) fn category(value: u16) -> PyResult<&'static str> {
    HandCategory::ALL
        .get(usize::from(value >> 12))
        .map(|category| category.name())
        .ok_or_else(|| PyValueError::new_err(format!("{value} is not a hand value")))
}
