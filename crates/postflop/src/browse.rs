//! Lines through a solution's tree: `Bet 120, Call, Qc` names the node reached by those actions
//! and cards from the root.

use std::fmt;

use judge_io::quote;

use cards_core::Card;
use equilibrium_core::{Game, Node, NodeId};

use crate::game::{NodeInfo, PostflopGame};
use crate::spot::card_name;
use crate::symmetry::Symmetry;

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

/// Where a line leads: the nodes passed and the child taken at each, the node reached, and how
/// its suits are renamed. A card solved as another's image is followed into the solved card's
/// subtree, so the node the line names is `node` with its suits renamed by `renaming`
/// ([`Symmetry`]): a hand's figures there are those of the hand it is renamed from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Path {
    /// Each node passed, and the child taken there.
    pub steps: Vec<(NodeId, usize)>,
    /// The node reached (the root for an empty line).
    pub node: NodeId,
    /// The renaming from `node` to the node the line names (the identity unless the line
    /// deals a card alike to a solved one).
    pub renaming: usize,
    /// The board there: the spot's and the cards the line deals.
    pub board: Vec<Card>,
}

impl Path {
    /// Per-hand `values` of `player` at `node`, as they are at the node the line names.
    pub fn renamed<T: Copy>(&self, game: &PostflopGame, player: usize, values: &[T]) -> Vec<T> {
        game.symmetry()
            .renamed_values(self.renaming, player, values)
    }

    /// A strategy at `node`, actions × `player`'s hands, as it is at the node the line names.
    pub fn renamed_strategy(
        &self,
        game: &PostflopGame,
        player: usize,
        strategy: &[f64],
    ) -> Vec<f64> {
        let hands = game.hands(player).len();
        (strategy.chunks_exact(hands))
            .flat_map(|row| self.renamed(game, player, row))
            .collect()
    }

    /// The cards that can be dealt at the node the line names, in [`Card::ALL`]'s order.
    pub fn cards_to_deal(&self) -> Vec<Card> {
        (Card::ALL.into_iter())
            .filter(|card| !self.board.contains(card))
            .collect()
    }
}

/// The path `line` takes from the root of `game`.
pub fn follow(game: &PostflopGame, line: &str) -> Result<Path, LineError> {
    let tree = game.tree();
    let symmetry = game.symmetry();
    let mut path = Path {
        steps: Vec::new(),
        node: tree.root(),
        renaming: Symmetry::IDENTITY,
        board: game.board().to_vec(),
    };
    if line.trim().is_empty() {
        return Ok(path);
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
        let node = path.node;
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
            NodeInfo::Chance(_) => {
                let card = Card::from_ascii(step.as_bytes()).map_err(|_| {
                    error(format!(
                        "{}: a card is dealt here, such as {}",
                        quote(step.as_bytes()),
                        path.cards_to_deal()[0]
                    ))
                })?;
                if path.board.contains(&card) {
                    return Err(error(format!(
                        "{} cannot be dealt here: it is on the board",
                        card_name(card)
                    )));
                }
                // The card in the solved subtree's suits, and the solved card it is alike to.
                let solved = symmetry.rename(card, symmetry.inverse(path.renaming));
                let (index, renaming) = (game.dealt(node).iter().enumerate())
                    .find_map(|(index, dealt)| {
                        if dealt.card == solved {
                            return Some((index, Symmetry::IDENTITY));
                        }
                        (dealt.alike.iter())
                            .find(|&&(alike, _)| alike == solved)
                            .map(|&(_, renaming)| (index, renaming))
                    })
                    .expect("every card off the board is dealt");
                path.renaming = symmetry.then(renaming, path.renaming);
                path.board.push(card);
                index
            }
            NodeInfo::Terminal => unreachable!("terminals are handled above"),
        };
        path.steps.push((node, index));
        path.node = children[index];
    }
    Ok(path)
}
