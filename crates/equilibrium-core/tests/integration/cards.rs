//! A small poker game with one private card a player and at most one public card, as Kuhn poker
//! and Leduc hold'em are: its terminals, its card removal, and the engine's [`Game`] over them.

use equilibrium_core::{Game, Real, Tree};

/// How a game ends.
#[derive(Clone, Copy, Debug)]
pub enum End {
    /// `folder` gives up what they put in.
    Fold { folder: usize },
    /// The better hand takes what the other put in.
    Showdown,
}

/// A terminal: how it ends, what each player put in, and the public card, if one was dealt.
#[derive(Clone, Copy, Debug)]
pub struct Terminal {
    pub end: End,
    pub put_in: [f64; 2],
    pub public: Option<usize>,
}

/// A game of `cards` cards, each player dealt one; `strength(private, public)` orders hands.
pub struct CardGame {
    pub tree: Tree,
    pub terminals: Vec<Terminal>,
    /// By chance node: the public card of each child.
    pub chances: Vec<Vec<usize>>,
    /// The chance of each public card once both private cards are dealt.
    pub deal_chance: f64,
    pub weights: Vec<f64>,
    pub strength: fn(usize, Option<usize>) -> u32,
}

impl CardGame {
    /// What `player` holding `own` wins at `terminal` against `other`.
    pub fn payoff(&self, terminal: &Terminal, player: usize, own: usize, other: usize) -> f64 {
        match terminal.end {
            End::Fold { folder } if folder == player => -terminal.put_in[player],
            End::Fold { folder } => terminal.put_in[folder],
            End::Showdown => {
                let (own, other) = (
                    (self.strength)(own, terminal.public),
                    (self.strength)(other, terminal.public),
                );
                let stake = terminal.put_in[player].min(terminal.put_in[1 - player]);
                match own.cmp(&other) {
                    std::cmp::Ordering::Greater => stake,
                    std::cmp::Ordering::Less => -stake,
                    std::cmp::Ordering::Equal => 0.0,
                }
            }
        }
    }
}

impl Game for CardGame {
    fn tree(&self) -> &Tree {
        &self.tree
    }

    fn weights(&self, _player: usize) -> &[f64] {
        &self.weights
    }

    fn deals(&self) -> f64 {
        let cards = self.weights.len() as f64;
        cards * (cards - 1.0)
    }

    fn terminal<R: Real>(&self, terminal: usize, player: usize, reach: &[R], values: &mut [R]) {
        let terminal = &self.terminals[terminal];
        for (own, value) in values.iter_mut().enumerate() {
            *value = R::ZERO;
            if Some(own) == terminal.public {
                continue;
            }
            for (other, &reach) in reach.iter().enumerate() {
                if other != own && Some(other) != terminal.public {
                    *value += reach * R::from_f64(self.payoff(terminal, player, own, other));
                }
            }
        }
    }

    fn deal<R: Real>(
        &self,
        chance: usize,
        child: usize,
        player: usize,
        reach: &[R],
        below: &mut [R],
    ) {
        // Both players hold the same cards here, so only the player's being one is checked.
        assert!(player < 2, "no player {player}");
        let card = self.chances[chance][child];
        for (hand, (below, &reach)) in below.iter_mut().zip(reach).enumerate() {
            *below = if hand == card {
                R::ZERO
            } else {
                reach * R::from_f64(self.deal_chance)
            };
        }
    }

    fn gather<R: Real>(
        &self,
        chance: usize,
        child: usize,
        player: usize,
        below: &[R],
        values: &mut [R],
    ) {
        assert!(player < 2, "no player {player}");
        let card = self.chances[chance][child];
        for (hand, (value, &below)) in values.iter_mut().zip(below).enumerate() {
            if hand != card {
                *value += below;
            }
        }
    }
}
