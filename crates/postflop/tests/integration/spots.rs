//! Spots used by several tests.

use postflop::spot::{Spot, SpotFields};

/// The spot of fields `(name, value)`.
pub fn spot(fields: &[(&str, &str)]) -> Spot {
    let mut spot = SpotFields::default();
    for &(name, value) in fields {
        spot.set(name, value, None).unwrap();
    }
    spot.spot().unwrap()
}

/// The turn spot of postflop-solver's `examples/basic.rs`.
pub fn basic_turn() -> Spot {
    spot(&[
        ("board", "Td9d6h Qc"),
        (
            "oop",
            "66+,A8s+,A5s-A4s,AJo+,K9s+,KQo,QTs+,JTs,96s+,85s+,75s+,65s,54s",
        ),
        (
            "ip",
            "QQ-22,AQs-A2s,ATo+,K5s+,KJo+,Q8s+,J8s+,T7s+,96s+,86s+,75s+,64s+,53s+",
        ),
        ("pot", "200"),
        ("stack", "900"),
        ("bets", "60%, e, a"),
        ("raises", "2.5x"),
        ("river-donks", "50%"),
        ("add-allin-threshold", "150"),
        ("force-allin-threshold", "15"),
        ("merging-threshold", "10"),
    ])
}
