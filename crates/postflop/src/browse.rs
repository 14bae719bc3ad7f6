//! Lines through a solution's tree: `Bet 120, Call, Qc` names the node reached by those actions
//! and cards from the root.

use std::fmt;

use judge_io::quote;

use cards_core::Card;
use equilibrium_core::{Game, Node, NodeId};

use crate::game::{NodeInfo, PostflopGame};
use crate::spot::card_name;

/// Why a line names no node: which step, and what was possible there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LineError {
    /// The character column of the step in the line, from 1.
    pub column: usize,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for LineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "--line: column {}: {}", self.column, self.message)
    }
}

impl std::error::Error for LineError {}

/// The path `line` takes from the root: each node passed and the child taken there, and the
/// node reached (the root for an empty line).
pub fn follow(
    game: &PostflopGame,
    line: &str,
) -> Result<(Vec<(NodeId, usize)>, NodeId), LineError> {
    let tree = game.tree();
    let mut node = tree.root();
    let mut path = Vec::new();
    if line.trim().is_empty() {
        return Ok((path, node));
    }
    let mut column = 1;
    for step in line.split(',') {
        let leading = step.chars().take_while(|c| c.is_whitespace()).count();
        let at = column + leading;
        column += step.chars().count() + 1;
        let step = step.trim();
        let error = |message: String| LineError {
            column: at,
            message,
        };
        let children = match tree.node(node) {
            Node::Decision { children, .. } | Node::Chance { children, .. } => children,
            Node::Terminal { .. } => {
                return Err(error(format!(
                    "{}: the hand is over",
                    quote(step.as_bytes())
                )));
            }
        };
        let index = match game.info(node) {
            NodeInfo::Decision(actions) => {
                let names: Vec<String> = actions.iter().map(ToString::to_string).collect();
                names
                    .iter()
                    .position(|name| name.eq_ignore_ascii_case(step))
                    .ok_or_else(|| {
                        error(format!(
                            "{} is not an action here: {}",
                            quote(step.as_bytes()),
                            names.join(", ")
                        ))
                    })?
            }
            NodeInfo::Chance(cards) => {
                let card = Card::from_ascii(step.as_bytes()).map_err(|_| {
                    error(format!(
                        "{}: a card is dealt here, such as {}",
                        quote(step.as_bytes()),
                        cards[0]
                    ))
                })?;
                cards
                    .iter()
                    .position(|&dealt| dealt == card)
                    .ok_or_else(|| {
                        error(format!(
                            "{} cannot be dealt here: it is on the board",
                            card_name(card)
                        ))
                    })?
            }
            NodeInfo::Terminal => unreachable!("terminals are handled above"),
        };
        path.push((node, index));
        node = children[index];
    }
    Ok((path, node))
}
