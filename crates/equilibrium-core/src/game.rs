//! What a game tells the engine.

use crate::real::Real;
use crate::tree::Tree;

/// A two-player zero-sum game over a public tree, with each player's private hands as vectors.
///
/// Values are counterfactual: a hand's value is the sum, over the opponent's hands that can be
/// dealt beside it, of the opponent's reach (how often it is dealt and plays to here) times
/// what the hand wins. A game is zero-sum: what one player wins the other loses.
pub trait Game: Sync {
    /// The public tree.
    fn tree(&self) -> &Tree;

    /// How often each of `player`'s hands is dealt, before the opponent's hand rules any out.
    fn weights(&self, player: usize) -> &[f64];

    /// The sum over every pair of hands that can be dealt together of the product of their
    /// weights: a value summed over deals, divided by it, is a value per deal.
    fn deals(&self) -> f64;

    /// Fills `values` with what each of `player`'s hands wins at terminal node `terminal`,
    /// against the opponent's reach `opponent_reach`.
    fn terminal<R: Real>(
        &self,
        terminal: usize,
        player: usize,
        opponent_reach: &[R],
        values: &mut [R],
    );

    /// Fills each row with what each of `player`'s hands wins at its terminal node, for
    /// terminals that are all reached with the same opponent reach `opponent_reach` (the
    /// children of one of `player`'s decisions). A game may share work between them; by
    /// default each is [`Game::terminal`].
    fn sibling_terminals<'v, R: Real + 'v>(
        &self,
        player: usize,
        opponent_reach: &[R],
        terminals: impl Iterator<Item = (usize, &'v mut [R])>,
    ) {
        for (terminal, values) in terminals {
            self.terminal(terminal, player, opponent_reach, values);
        }
    }

    /// Below child `child` of chance node `chance`: the reach of `player`'s hands, given their
    /// reach `reach` above it. It carries the chance of the outcome (the same for every pair of
    /// hands that can see it) and zero for the hands the outcome rules out.
    fn deal<R: Real>(
        &self,
        chance: usize,
        child: usize,
        player: usize,
        reach: &[R],
        below: &mut [R],
    );

    /// Adds the values `below` of `player`'s hands at child `child` of chance node `chance` to
    /// `values`, the hands the outcome rules out adding nothing.
    fn gather<R: Real>(
        &self,
        chance: usize,
        child: usize,
        player: usize,
        below: &[R],
        values: &mut [R],
    );
}
