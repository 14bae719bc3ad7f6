//! What a push/fold spot is: stacks, blinds, ante, and what the players play for.

use std::fmt;

use crate::icm;

/// A table where each player either moves all-in or folds, in big blinds.
#[derive(Clone, Debug, PartialEq)]
pub struct Setup {
    /// Each player's stack before the blinds and antes, in seat order: the small blind and the
    /// big blind heads-up; the button, the small blind and the big blind three-handed.
    pub stacks: Vec<f64>,
    /// The small and the big blind.
    pub blinds: [f64; 2],
    /// What every player puts in before the cards, dead money.
    pub ante: f64,
    /// What the players play for.
    pub payoff: Payoff,
}

/// What the players play for.
#[derive(Clone, Debug, PartialEq)]
pub enum Payoff {
    /// Chips: a result is the chips won or lost.
    Chips,
    /// Prizes by the Independent Chip Model: a result is the share of the prize pool the
    /// stacks after the hand are worth.
    Icm {
        /// The prizes, first place first, in any unit (they are taken as shares of their sum).
        payouts: Vec<f64>,
        /// The stacks of the tournament's players who are not at this table.
        others: Vec<f64>,
    },
}

/// Why a setup cannot be played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SetupError {
    /// Which input it is about: `stacks`, `blinds`, `ante`, `icm` or `others`.
    pub field: &'static str,
    /// What is wrong, in words.
    pub message: String,
}

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.field, self.message)
    }
}

impl std::error::Error for SetupError {}

/// Heads-up or three-handed: the games this crate solves.
pub const PLAYERS: [usize; 2] = [2, 3];

impl Setup {
    /// Heads-up for chips, both players with `stack` big blinds, blinds of 0.5 and 1, no ante.
    pub fn heads_up(stack: f64) -> Setup {
        Setup {
            stacks: vec![stack, stack],
            blinds: [0.5, 1.0],
            ante: 0.0,
            payoff: Payoff::Chips,
        }
    }

    /// The setup if it can be played, or what is wrong with it.
    pub fn checked(self) -> Result<Setup, SetupError> {
        let fail = |field, message: String| Err(SetupError { field, message });
        let players = self.stacks.len();
        if !PLAYERS.contains(&players) {
            return fail(
                "stacks",
                format!("push/fold is played by 2 or 3 players, not {players}"),
            );
        }
        let finite = |value: f64| value.is_finite() && value < 1e9;
        if let Some(stack) = self
            .stacks
            .iter()
            .find(|&&stack| !(stack > 0.0 && finite(stack)))
        {
            return fail(
                "stacks",
                format!("a stack must be more than 0, not {stack}"),
            );
        }
        let [small, big] = self.blinds;
        if !(small >= 0.0 && finite(small) && big > 0.0 && finite(big)) || small > big {
            return fail(
                "blinds",
                format!("the blinds must be 0 ≤ small ≤ big and big > 0, not {small} and {big}"),
            );
        }
        if !(self.ante >= 0.0 && finite(self.ante)) {
            return fail(
                "ante",
                format!("the ante must be 0 or more, not {}", self.ante),
            );
        }
        for (seat, &stack) in self.stacks.iter().enumerate() {
            let forced = self.ante + self.blind_of(seat);
            if stack < forced {
                return fail(
                    "blinds",
                    format!(
                        "the {} has {stack} bb, less than its blind and ante of {forced}",
                        self.seat_name(seat)
                    ),
                );
            }
        }
        if let Payoff::Icm { payouts, others } = &self.payoff {
            let total = players + others.len();
            if let Some(stack) = others
                .iter()
                .find(|&&stack| !(stack > 0.0 && finite(stack)))
            {
                return fail(
                    "others",
                    format!("a stack must be more than 0, not {stack}"),
                );
            }
            if total > icm::MAX_PLAYERS {
                return fail(
                    "others",
                    format!("at most {} players in all, not {total}", icm::MAX_PLAYERS),
                );
            }
            if payouts.is_empty() || payouts.len() > total {
                return fail(
                    "icm",
                    format!(
                        "give 1 to {total} payouts (one per paid place, {total} players), not {}",
                        payouts.len()
                    ),
                );
            }
            if let Some(payout) = payouts
                .iter()
                .find(|&&payout| !(payout >= 0.0 && finite(payout)))
            {
                return fail("icm", format!("a payout must be 0 or more, not {payout}"));
            }
            if payouts.iter().sum::<f64>() <= 0.0 {
                return fail("icm", "some payout must be more than 0".to_string());
            }
        }
        Ok(self)
    }

    /// The blind the player in `seat` posts: the last two seats post the small and big blind.
    pub fn blind_of(&self, seat: usize) -> f64 {
        let players = self.stacks.len();
        if seat + 2 == players {
            self.blinds[0]
        } else if seat + 1 == players {
            self.blinds[1]
        } else {
            0.0
        }
    }

    /// `button`, `small blind` or `big blind`.
    pub fn seat_name(&self, seat: usize) -> &'static str {
        ["button", "small blind", "big blind"][seat + 3 - self.stacks.len()]
    }

    /// What the players' stacks after the hand are worth to each of them: chips won or lost,
    /// or their share of the prize pool.
    pub fn worth(&self, after: &[f64]) -> Vec<f64> {
        match &self.payoff {
            Payoff::Chips => after.iter().zip(&self.stacks).map(|(a, b)| a - b).collect(),
            Payoff::Icm { payouts, others } => {
                let pool: f64 = payouts.iter().sum();
                let stacks: Vec<f64> = after.iter().chain(others).copied().collect();
                let shares: Vec<f64> = payouts.iter().map(|payout| payout / pool).collect();
                let mut prizes = icm::prizes(&stacks, &shares);
                prizes.truncate(after.len());
                prizes
            }
        }
    }
}
