//! Saved solutions: the spot's fields, the rule and the solver's numbers, so a solve can be
//! browsed, or carried on, later without solving again.
//!
//! The format, all integers and floats little-endian:
//! - the 8 bytes `POSTFLOP` and the version (`u32`, 4);
//! - the spot file's text (`u64` length, UTF-8);
//! - the lock file's text (`u64` length, UTF-8; empty without locks);
//! - how the cards were dealt out: a byte, 0 with the cards alike by suit symmetry solved
//!   once, 1 with every card apart ([`Dealing`]);
//! - the rule: a byte (0 CFR+, 1 discounted CFR, 2 DCFR+) and its α, β and γ (`f64`s, 0 where
//!   the rule has none);
//! - the iterations (`u64`), the precision (a byte: 0 for `f32`s, 1 for 16-bit integers), the
//!   slots and the decisions (`u64`s);
//! - `f32`s: the regrets, then the average strategy's sums, `slots` of each; 16-bit: the
//!   regrets (`i16`), the sums (`u16`), `slots` of each, then each decision's two scales
//!   (`f32`s, the regrets' then the sums').

use equilibrium_core::{Numbers, Rule, Scales};

use crate::game::Dealing;
use crate::spot::SpotFields;

const MAGIC: &[u8; 8] = b"POSTFLOP";
const VERSION: u32 = 4;
/// The version before suit symmetry, which dealt every card apart.
const APART_VERSION: u32 = 3;
/// The version before locks, which is read as having none (and every card apart).
const UNLOCKED_VERSION: u32 = 2;

/// The most iterations a saved solution may claim: far more than any solve runs.
pub const MOST_ITERATIONS: usize = 1_000_000_000;

/// What a saved solution holds.
#[derive(Debug, PartialEq)]
pub struct Saved {
    /// The spot.
    pub fields: SpotFields,
    /// The lock file's text (empty without locks).
    pub locks: String,
    /// How the cards were dealt out.
    pub dealing: Dealing,
    /// The rule it was solved by.
    pub rule: Rule,
    /// Iterations run.
    pub iterations: usize,
    /// The regrets and the sums.
    pub numbers: Numbers,
}

/// The bytes of a saved solution: its spot's fields, its lock file's text, how its cards were
/// dealt out, the rule it was solved by, its iterations and its numbers (borrowed: a
/// solution's numbers can be most of the memory, and are not copied to be saved).
pub fn save(
    fields: &SpotFields,
    locks: &str,
    dealing: Dealing,
    rule: Rule,
    iterations: usize,
    numbers: &Numbers,
) -> Vec<u8> {
    let mut bytes = Vec::new();
    bytes.extend_from_slice(MAGIC);
    bytes.extend_from_slice(&VERSION.to_le_bytes());
    for text in [fields.to_text().as_str(), locks] {
        bytes.extend_from_slice(&(text.len() as u64).to_le_bytes());
        bytes.extend_from_slice(text.as_bytes());
    }
    bytes.push(match dealing {
        Dealing::Isomorphic => 0,
        Dealing::EveryCard => 1,
    });
    let (kind, exponents) = match rule {
        Rule::CfrPlus => (0, [0.0; 3]),
        Rule::Discounted { alpha, beta, gamma } => (1, [alpha, beta, gamma]),
        Rule::DiscountedPlus { alpha, gamma } => (2, [alpha, 0.0, gamma]),
    };
    bytes.push(kind);
    for exponent in exponents {
        bytes.extend_from_slice(&exponent.to_le_bytes());
    }
    bytes.extend_from_slice(&(iterations as u64).to_le_bytes());
    match numbers {
        Numbers::Full { regrets, sums } => {
            bytes.push(0);
            bytes.extend_from_slice(&(regrets.len() as u64).to_le_bytes());
            bytes.extend_from_slice(&0u64.to_le_bytes());
            for value in regrets.iter().chain(sums) {
                bytes.extend_from_slice(&value.to_le_bytes());
            }
        }
        Numbers::Compressed {
            regrets,
            sums,
            scales,
        } => {
            bytes.push(1);
            bytes.extend_from_slice(&(regrets.len() as u64).to_le_bytes());
            bytes.extend_from_slice(&(scales.len() as u64).to_le_bytes());
            for value in regrets {
                bytes.extend_from_slice(&value.to_le_bytes());
            }
            for value in sums {
                bytes.extend_from_slice(&value.to_le_bytes());
            }
            for scale in scales {
                bytes.extend_from_slice(&scale.regret.to_le_bytes());
                bytes.extend_from_slice(&scale.sum.to_le_bytes());
            }
        }
    }
    bytes
}

/// A saved solution read back; the error says what is wrong with the bytes.
pub fn load(bytes: &[u8]) -> Result<Saved, String> {
    let mut reader = Reader { bytes };
    if reader.take(8)? != MAGIC {
        return Err("not a saved postflop solution".into());
    }
    let version = u32::from_le_bytes(reader.array()?);
    if !(UNLOCKED_VERSION..=VERSION).contains(&version) {
        return Err(format!(
            "a saved solution of version {version}; this postflop reads versions {UNLOCKED_VERSION} to {VERSION}"
        ));
    }
    let length = reader.length()?;
    let text = std::str::from_utf8(reader.take(length)?)
        .map_err(|_| "the saved spot is not UTF-8".to_string())?;
    let mut fields = SpotFields::default();
    fields
        .read_file(text)
        .map_err(|err| format!("the saved spot: {err}"))?;
    let locks = if version == UNLOCKED_VERSION {
        String::new()
    } else {
        let length = reader.length()?;
        std::str::from_utf8(reader.take(length)?)
            .map_err(|_| "the saved locks are not UTF-8".to_string())?
            .to_string()
    };
    let dealing = if version <= APART_VERSION {
        Dealing::EveryCard
    } else {
        match reader.take(1)?[0] {
            0 => Dealing::Isomorphic,
            1 => Dealing::EveryCard,
            other => return Err(format!("a saved dealing of unknown kind {other}")),
        }
    };
    let kind = reader.take(1)?[0];
    let [alpha, beta, gamma] = [(); 3].map(|()| reader.array().map(f64::from_le_bytes));
    let [alpha, beta, gamma] = [alpha?, beta?, gamma?];
    if ![alpha, beta, gamma]
        .iter()
        .all(|exponent| exponent.is_finite())
    {
        return Err("the saved rule's exponents are not finite".into());
    }
    let rule = match kind {
        0 => Rule::CfrPlus,
        1 => Rule::Discounted { alpha, beta, gamma },
        2 => Rule::DiscountedPlus { alpha, gamma },
        _ => return Err(format!("a saved rule of unknown kind {kind}")),
    };
    let iterations = reader.length()?;
    if iterations > MOST_ITERATIONS {
        return Err(format!(
            "a saved solution of {iterations} iterations, more than {MOST_ITERATIONS}"
        ));
    }
    let precision = reader.take(1)?[0];
    let slots = reader.length()?;
    let decisions = reader.length()?;
    let numbers = match precision {
        0 => Numbers::Full {
            regrets: reader.numbers(slots, f32::from_le_bytes)?,
            sums: reader.numbers(slots, f32::from_le_bytes)?,
        },
        1 => {
            let regrets = reader.numbers(slots, i16::from_le_bytes)?;
            let sums = reader.numbers(slots, u16::from_le_bytes)?;
            let scales = reader.numbers(decisions, |bytes: [u8; 8]| {
                let [regret, sum] = [&bytes[..4], &bytes[4..]]
                    .map(|half| f32::from_le_bytes(half.try_into().expect("four bytes")));
                Scales { regret, sum }
            })?;
            Numbers::Compressed {
                regrets,
                sums,
                scales,
            }
        }
        _ => return Err(format!("a saved precision of unknown kind {precision}")),
    };
    if !reader.bytes.is_empty() {
        return Err("bytes after the end of the saved solution".into());
    }
    if !numbers.is_valid() {
        return Err(
            "the saved numbers are not a solver's: some are not finite, or a sum is negative"
                .into(),
        );
    }
    Ok(Saved {
        fields,
        locks,
        dealing,
        rule,
        iterations,
        numbers,
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

    fn array<const N: usize>(&mut self) -> Result<[u8; N], String> {
        Ok(self.take(N)?.try_into().expect("N bytes"))
    }

    /// A `u64` count.
    fn length(&mut self) -> Result<usize, String> {
        let value = u64::from_le_bytes(self.array()?);
        usize::try_from(value).map_err(|_| "the saved solution is cut short".to_string())
    }

    /// `count` numbers of `N` bytes each, which the bytes left must hold (checked before
    /// anything is allocated).
    fn numbers<const N: usize, T>(
        &mut self,
        count: usize,
        read: impl Fn([u8; N]) -> T,
    ) -> Result<Vec<T>, String> {
        let raw = self.take(
            count
                .checked_mul(N)
                .ok_or("the saved solution is cut short")?,
        )?;
        Ok(raw
            .chunks_exact(N)
            .map(|chunk| read(chunk.try_into().expect("N bytes")))
            .collect())
    }
}
