//! Counting a matchup of hole cards: checked, then by ranks where that applies, else by dealing
//! every board.

use cards_core::Hand;
use work_threads::Threads;

use crate::error::{EquityError, check_deal};
use crate::matchup::board_counts::BoardCounts;
use crate::matchup::by_dealing::by_dealing;
use crate::matchup::by_ranks::RankCounting;
use crate::matchup::hands::Matchup;
use crate::matchup::tally::{Tally, tie_denominator, winner_set};

/// Counts every board that completes the matchup's board, on up to `threads` threads: each
/// player's wins and split pots, exactly. The result does not depend on the threads.
///
/// Quick enough to need no progress reports: at most a few tens of milliseconds (nine players
/// preflop).
///
/// ```
/// use equity_core::{Matchup, Threads, equity};
///
/// let cards = |text: &str| text.split(' ').map(|card| card.parse().unwrap()).collect::<Vec<_>>();
/// let (aks, qq) = (cards("AS KS"), cards("QD QC"));
/// let matchup = Matchup {
///     players: vec![[aks[0], aks[1]], [qq[0], qq[1]]],
///     board: vec![],
///     dead: vec![],
/// };
/// let counts = equity(&matchup, Threads::ONE).unwrap();
/// assert_eq!(counts.boards, 1_712_304);
/// assert_eq!(format!("{:.4}", 100.0 * counts.shares(0).equity()), "46.2145");
/// ```
pub fn equity(matchup: &Matchup, threads: Threads) -> Result<BoardCounts, EquityError> {
    let named = matchup.cards();
    check_deal(matchup.players.len(), &matchup.board, &matchup.dead, named)?;
    Ok(count_boards(matchup, threads))
}

/// [`equity`] of a matchup already checked: the range counts call it for each of their deals.
pub(crate) fn count_boards(matchup: &Matchup, threads: Threads) -> BoardCounts {
    let players = matchup.players.len();
    let tie_denominator = tie_denominator(players);
    let board = Hand::from_cards(&matchup.board);
    // Each player's hole cards with the board so far.
    let bases: Vec<Hand> = matchup
        .players
        .iter()
        .map(|hole| Hand::from_cards(hole).combine(board))
        .collect();
    let available = matchup.remaining_deck();
    let missing = 5 - matchup.board.len();
    let total = if missing == 0 {
        let mut total = Tally::new(players);
        total.count(&bases, Hand::EMPTY, &[Hand::EMPTY], tie_denominator);
        total.settle(tie_denominator);
        total
    } else if let Some(counting) =
        RankCounting::new(&matchup.players, &matchup.board, &available, missing)
    {
        count_by_ranks(&counting, &bases, tie_denominator)
    } else {
        by_dealing(&bases, &available, missing, threads, tie_denominator)
    };
    total.into_counts(tie_denominator)
}

/// Counts the boards in groups of equal hand values (see [`RankCounting`]), on this thread: the
/// groups are few enough that threads would cost more than they save.
fn count_by_ranks(counting: &RankCounting, bases: &[Hand], tie_denominator: u64) -> Tally {
    let mut tally = Tally::new(bases.len());
    counting.for_each_group(bases, |values, lone_flush, boards| {
        let winners = if lone_flush == 0 {
            winner_set(values.iter().copied())
        } else {
            lone_flush
        };
        tally.boards += boards;
        tally.record(winners, boards, tie_denominator);
    });
    tally.settle(tie_denominator);
    tally
}

#[cfg(test)]
mod tests {
    use cards_core::{Card, Hand};
    use seeded_rng::SeededRng;
    use work_threads::Threads;

    use super::count_by_ranks;
    use crate::matchup::by_dealing::by_dealing;
    use crate::matchup::by_ranks::RankCounting;
    use crate::matchup::tally::tie_denominator;

    /// Counting by ranks gives exactly what dealing every board gives, wherever it applies:
    /// preflop, flops and turns, two to nine players, dead cards.
    #[test]
    fn counting_by_ranks_matches_dealing_every_board() {
        let mut rng = SeededRng::new(41);
        let mut deck = Card::ALL;
        let (mut compared, mut preflop) = (0, 0);
        for round in 0..400 {
            rng.shuffle(&mut deck);
            let players = 2 + rng.index(8);
            let board_cards = [0, 3, 4][round % 3];
            // Preflop is a million boards and more: only a few of those. (Rivers leave nothing to
            // count.)
            if board_cards == 0 && round % 30 != 0 {
                continue;
            }
            let mut cards = deck.iter().copied();
            let holes: Vec<[Card; 2]> = (0..players)
                .map(|_| [cards.next().unwrap(), cards.next().unwrap()])
                .collect();
            let board: Vec<Card> = cards.by_ref().take(board_cards).collect();
            let dead = rng.index(3);
            let available: Vec<Card> = cards.skip(dead).collect();
            let missing = 5 - board_cards;
            let Some(counting) = RankCounting::new(&holes, &board, &available, missing) else {
                continue;
            };
            let bases: Vec<Hand> = holes
                .iter()
                .map(|hole| Hand::from_cards(hole).combine(Hand::from_cards(&board)))
                .collect();
            let denominator = tie_denominator(players);
            let ranks = count_by_ranks(&counting, &bases, denominator);
            let dealt = by_dealing(&bases, &available, missing, Threads::ONE, denominator);
            assert_eq!(
                (ranks.boards, &ranks.wins, &ranks.tie_units),
                (dealt.boards, &dealt.wins, &dealt.tie_units),
                "{holes:?} {board:?}"
            );
            compared += 1;
            preflop += usize::from(board_cards == 0);
        }
        assert!(
            compared > 150 && preflop > 0,
            "{compared} compared, {preflop} preflop"
        );
    }
}
