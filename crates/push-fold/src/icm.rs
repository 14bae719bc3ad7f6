//! The Independent Chip Model (Malmuth–Harville): a player finishes first with the share of the
//! chips they hold, and each next place goes the same way among the players left.

/// Most players the model takes: it walks every set of players who may fill the paid places.
pub const MAX_PLAYERS: usize = 16;

/// Each player's expected prize for `stacks` and `payouts` (first place first; places beyond
/// the list pay nothing). Players without chips finish below every player with chips, sharing
/// the places left equally.
///
/// # Panics
///
/// If there are more than [`MAX_PLAYERS`] players or payouts than players.
pub fn prizes(stacks: &[f64], payouts: &[f64]) -> Vec<f64> {
    let players = stacks.len();
    assert!(players <= MAX_PLAYERS && payouts.len() <= players);
    let paid = payouts.len();
    // chance[set]: how likely the players in `set` took the first |set| places.
    let mut chance = vec![0.0; 1 << players];
    chance[0] = 1.0;
    let mut prizes = vec![0.0; players];
    let total: f64 = stacks.iter().sum();
    for set in 0..1usize << players {
        let placed = set.count_ones() as usize;
        if placed >= paid || chance[set] == 0.0 {
            continue;
        }
        let left: f64 = total
            - (0..players)
                .filter(|&player| set >> player & 1 == 1)
                .map(|player| stacks[player])
                .sum::<f64>();
        let outside = (0..players).filter(|&player| set >> player & 1 == 0);
        if left <= 0.0 {
            // Only players without chips are left: they share what the places left pay.
            let share = payouts[placed..].iter().sum::<f64>() / (players - placed) as f64;
            for player in outside {
                prizes[player] += chance[set] * share;
            }
            continue;
        }
        for player in outside {
            let next = chance[set] * stacks[player] / left;
            prizes[player] += next * payouts[placed];
            chance[set | 1 << player] += next;
        }
    }
    prizes
}

#[cfg(test)]
mod tests {
    use super::prizes;

    fn close(a: &[f64], b: &[f64]) -> bool {
        a.len() == b.len() && a.iter().zip(b).all(|(a, b)| (a - b).abs() < 1e-12)
    }

    /// One prize is the chips' share; equal stacks share equally; every prize is paid out; a
    /// textbook case worked by hand: stacks 50, 30, 20, prizes 0.5, 0.3, 0.2.
    #[test]
    fn the_model_on_cases_known_by_hand() {
        assert!(close(&prizes(&[3.0, 1.0], &[1.0]), &[0.75, 0.25]));
        assert!(close(&prizes(&[2.0; 4], &[0.5, 0.3, 0.2]), &[0.25; 4]));
        let three = prizes(&[50.0, 30.0, 20.0], &[0.5, 0.3, 0.2]);
        assert!((three.iter().sum::<f64>() - 1.0).abs() < 1e-12);
        // First: 0.5 · 0.5; second after B first: 0.3 · 50/70 ... written out term by term.
        let a = 0.5 * 0.5
            + 0.3 * (0.3 * 50.0 / 70.0 + 0.2 * 50.0 / 80.0)
            + 0.2 * (0.3 * 20.0 / 70.0 + 0.2 * 30.0 / 80.0);
        assert!((three[0] - a).abs() < 1e-12, "{three:?}");
        // A player without chips is last.
        assert!(close(
            &prizes(&[0.0, 5.0, 5.0], &[0.6, 0.4]),
            &[0.0, 0.5, 0.5]
        ));
        assert!(close(
            &prizes(&[0.0, 0.0, 5.0], &[0.6, 0.3, 0.1]),
            &[0.2, 0.2, 0.6]
        ));
    }
}
