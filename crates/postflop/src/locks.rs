//! Lock files: some hands' action frequencies fixed at some nodes (node locking).
//!
//! One lock a line, three fields split by `|`:
//!
//! ```text
//! # line | hands | action frequencies
//! Bet 75 | AQs,KJs,T9s | Call: 1
//! Check, Bet 50, Kd | QQ+ | Check: 0.5, Bet 100: 0.5
//! | 54s | Check: 1
//! ```
//!
//! - the line, as `--line` takes it (empty for the root), must lead to a decision;
//! - the hands, in the range grammar without weights, are those of the player to act there
//!   (hands the cards rule out are skipped);
//! - each action named (as `--line` names them) with its frequency, from 0 to 1; actions left
//!   out are never taken, and the frequencies add up to 1.
//!
//! `#` starts a comment, and blank lines are ignored. A hand locked twice at one node plays its
//! last lock.

use std::collections::BTreeMap;

use cards_core::holdem::Range;
use equilibrium_core::{Game, Locks, NodeId};
use judge_io::quote;

use crate::browse::follow;
use crate::game::{Dealing, NodeInfo, PostflopGame};

/// How a game with the locks of lock file `text` is dealt: a lock may treat the suits
/// differently, so with any lock every card is solved apart.
pub fn dealing_for(text: &str) -> Dealing {
    if rows(text).next().is_some() {
        Dealing::EveryCard
    } else {
        Dealing::Isomorphic
    }
}

/// A lock file's rows that are not blank or comments: their numbers from 0, and what comes
/// before any `#`.
fn rows(text: &str) -> impl Iterator<Item = (usize, &str)> {
    (text.lines().enumerate())
        .map(|(number, row)| (number, row.split('#').next().unwrap_or_default()))
        .filter(|(_, content)| !content.trim().is_empty())
}

/// The locks a lock file's `text` sets in `game`; the error is one line that starts with the
/// line and column in the file.
pub fn read_locks(game: &PostflopGame, text: &str) -> Result<Locks, String> {
    // By node: the strategy, actions × hands, and which hands are locked.
    let mut by_node: BTreeMap<NodeId, (Vec<f64>, Vec<bool>)> = BTreeMap::new();
    for (number, content) in rows(text) {
        let at = |column: usize, message: String| {
            format!("line {}, column {column}: {message}", number + 1)
        };
        let fields: Vec<&str> = content.split('|').collect();
        let [line, hands, frequencies] = fields[..] else {
            let column = 1 + leading_spaces(content);
            return Err(at(
                column,
                "expected 'line | hands | action: frequency, ...'".into(),
            ));
        };
        // Where each field starts in the row, in characters from 1.
        let hands_column = line.chars().count() + 2;
        let frequencies_column = hands_column + hands.chars().count() + 1;
        let path = follow(game, line).map_err(|err| at(err.column, err.message))?;
        let node = path.node;
        let NodeInfo::Decision(actions) = game.info(node) else {
            return Err(at(
                1 + leading_spaces(line),
                "the line leads to no decision: only a decision can be locked".into(),
            ));
        };
        let player = game.player(node);
        let combos = game.hands(player);
        let range: Range = hands
            .parse()
            .map_err(|err: cards_core::holdem::ParseRangeError| {
                at(hands_column + err.column - 1, err.detail())
            })?;
        if range.combos().iter().any(|&(_, weight)| weight < 1.0) {
            return Err(at(
                hands_column,
                "a lock names hands without weights".into(),
            ));
        }
        let shares = read_frequencies(frequencies, actions, |column, message| {
            at(frequencies_column + column - 1, message)
        })?;
        let (strategy, locked) = by_node.entry(node).or_insert_with(|| {
            (
                vec![0.0; actions.len() * combos.len()],
                vec![false; combos.len()],
            )
        });
        let mut any = false;
        // A hand of the line's node is the solved node's hand renamed back.
        let from = game.symmetry().inverse(path.renaming);
        for &(combo, _) in range.combos() {
            if let Some(hand) = combos.iter().position(|&held| held == combo) {
                let hand = game.symmetry().renamed_hand(from, player, hand);
                any = true;
                locked[hand] = true;
                for (action, &share) in shares.iter().enumerate() {
                    strategy[action * combos.len() + hand] = share;
                }
            }
        }
        if !any {
            return Err(at(
                hands_column,
                format!(
                    "none of these hands is {}'s here",
                    crate::spot::PLAYERS[player].to_uppercase()
                ),
            ));
        }
    }
    let mut locks = Locks::default();
    for (node, (strategy, locked)) in by_node {
        locks
            .lock(game.tree(), node, &strategy, &locked)
            .expect("a decision's shape, and each hand's mix checked as read");
    }
    Ok(locks)
}

/// `Call: 0.25, Fold: 0.75`: each action's share, in the order of `actions`; the error gets
/// the column in `text` and the message.
fn read_frequencies(
    text: &str,
    actions: &[crate::action_tree::Action],
    error: impl Fn(usize, String) -> String,
) -> Result<Vec<f64>, String> {
    let names: Vec<String> = actions.iter().map(ToString::to_string).collect();
    let mut shares = vec![0.0; actions.len()];
    let mut column = 1;
    for item in text.split(',') {
        let (start, at) = (column, column + leading_spaces(item));
        column += item.chars().count() + 1;
        let Some((name, share)) = item.split_once(':') else {
            return Err(error(
                at,
                format!(
                    "{}: expected 'action: frequency'",
                    quote(item.trim().as_bytes())
                ),
            ));
        };
        let name = name.trim();
        let action = names
            .iter()
            .position(|known| known.eq_ignore_ascii_case(name))
            .ok_or_else(|| {
                error(
                    at,
                    format!(
                        "{} is not an action here: {}",
                        quote(name.as_bytes()),
                        names.join(", ")
                    ),
                )
            })?;
        let value = share
            .trim()
            .parse::<f64>()
            .ok()
            .filter(|share| (0.0..=1.0).contains(share))
            .ok_or_else(|| {
                error(
                    start
                        + item.split(':').next().unwrap_or_default().chars().count()
                        + 1
                        + leading_spaces(share),
                    format!(
                        "{}: a frequency is a number from 0 to 1",
                        quote(share.trim().as_bytes())
                    ),
                )
            })?;
        shares[action] = value;
    }
    let total: f64 = shares.iter().sum();
    if (total - 1.0).abs() > 1e-6 {
        return Err(error(
            1 + leading_spaces(text),
            format!("the frequencies add up to {total}, not 1"),
        ));
    }
    Ok(shares)
}

/// How many whitespace characters `text` starts with.
fn leading_spaces(text: &str) -> usize {
    text.chars().take_while(|c| c.is_whitespace()).count()
}
