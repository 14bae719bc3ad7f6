//! A matchup of hole cards.

use cards_core::{Card, CardSet};

/// Players' hole cards, the board so far and the cards out of play.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Matchup {
    /// Each player's two hole cards, in order.
    pub players: Vec<[Card; 2]>,
    /// The board dealt so far: 0, 3, 4 or 5 cards.
    pub board: Vec<Card>,
    /// Cards out of play.
    pub dead: Vec<Card>,
}

impl Matchup {
    /// The cards still in the deck, in [`Card::ALL`] order: none in a player's hand, on the
    /// board or dead.
    pub fn remaining_deck(&self) -> Vec<Card> {
        let used: CardSet = self.cards().collect();
        Card::ALL
            .into_iter()
            .filter(|&card| !used.contains(card))
            .collect()
    }

    /// Every card the matchup names: the players', the board's, the dead ones.
    pub(crate) fn cards(&self) -> impl Iterator<Item = Card> + '_ {
        self.players
            .iter()
            .flatten()
            .chain(&self.board)
            .chain(&self.dead)
            .copied()
    }
}
