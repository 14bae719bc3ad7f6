//! Saved solutions: the spot's fields and the solver's numbers, so a solve can be browsed, or
//! carried on, later without solving again.
//!
//! The format, all integers little-endian: the 8 bytes `POSTFLOP`, the version (`u32`, 1), the
//! spot file's text (`u64` length, UTF-8), the iterations (`u64`), the slots (`u64`), then the
//! regrets and the average strategy's sums, each `slots` `f32`s.

use crate::spot::SpotFields;

const MAGIC: &[u8; 8] = b"POSTFLOP";
const VERSION: u32 = 1;

/// The most iterations a saved solution may claim: far more than any solve runs.
pub const MOST_ITERATIONS: usize = 1_000_000_000;

/// What a saved solution holds.
#[derive(Debug, PartialEq)]
pub struct Saved {
    /// The spot.
    pub fields: SpotFields,
    /// Iterations run.
    pub iterations: usize,
    /// The regrets and the sums.
    pub storage: [Vec<f32>; 2],
}

/// The bytes of a saved solution.
pub fn save(fields: &SpotFields, iterations: usize, [regrets, sums]: [&[f32]; 2]) -> Vec<u8> {
    let text = fields.to_text();
    let mut bytes = Vec::with_capacity(36 + text.len() + 8 * regrets.len());
    bytes.extend_from_slice(MAGIC);
    bytes.extend_from_slice(&VERSION.to_le_bytes());
    bytes.extend_from_slice(&(text.len() as u64).to_le_bytes());
    bytes.extend_from_slice(text.as_bytes());
    bytes.extend_from_slice(&(iterations as u64).to_le_bytes());
    bytes.extend_from_slice(&(regrets.len() as u64).to_le_bytes());
    for value in regrets.iter().chain(sums) {
        bytes.extend_from_slice(&value.to_le_bytes());
    }
    bytes
}

/// A saved solution read back; the error says what is wrong with the bytes.
pub fn load(bytes: &[u8]) -> Result<Saved, String> {
    let mut reader = Reader { bytes };
    if reader.take(8)? != MAGIC {
        return Err("not a saved postflop solution".into());
    }
    let version = u32::from_le_bytes(reader.take(4)?.try_into().expect("four bytes"));
    if version != VERSION {
        return Err(format!(
            "a saved solution of version {version}; this postflop reads version {VERSION}"
        ));
    }
    let length = reader.length()?;
    let text = std::str::from_utf8(reader.take(length)?)
        .map_err(|_| "the saved spot is not UTF-8".to_string())?;
    let mut fields = SpotFields::default();
    fields
        .read_file(text)
        .map_err(|err| format!("the saved spot: {err}"))?;
    let iterations = reader.length()?;
    if iterations > MOST_ITERATIONS {
        return Err(format!(
            "a saved solution of {iterations} iterations, more than {MOST_ITERATIONS}"
        ));
    }
    let slots = reader.length()?;
    let mut storage = [Vec::new(), Vec::new()];
    for numbers in &mut storage {
        let raw = reader.take(slots.checked_mul(4).ok_or("a saved solution too large")?)?;
        *numbers = raw
            .chunks_exact(4)
            .map(|chunk| f32::from_le_bytes(chunk.try_into().expect("four bytes")))
            .collect();
    }
    if !reader.bytes.is_empty() {
        return Err("bytes after the end of the saved solution".into());
    }
    // Regrets are finite; the average strategy's sums are finite and not negative.
    let [regrets, sums] = &storage;
    if !regrets.iter().all(|regret| regret.is_finite())
        || !sums.iter().all(|sum| sum.is_finite() && *sum >= 0.0)
    {
        return Err(
            "the saved numbers are not a solver's: some are not finite, or a sum is negative"
                .into(),
        );
    }
    Ok(Saved {
        fields,
        iterations,
        storage,
    })
}

struct Reader<'b> {
    bytes: &'b [u8],
}

impl<'b> Reader<'b> {
    fn take(&mut self, count: usize) -> Result<&'b [u8], String> {
        if count > self.bytes.len() {
            return Err("the saved solution is cut short".into());
        }
        let (taken, rest) = self.bytes.split_at(count);
        self.bytes = rest;
        Ok(taken)
    }

    /// A `u64` count, which the bytes left must be able to hold.
    fn length(&mut self) -> Result<usize, String> {
        let value = u64::from_le_bytes(self.take(8)?.try_into().expect("eight bytes"));
        usize::try_from(value).map_err(|_| "the saved solution is cut short".to_string())
    }
}
