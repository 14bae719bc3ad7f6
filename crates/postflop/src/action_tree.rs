//! The betting tree of a spot, before any card is dealt: what each player may do at each point,
//! by the rules Desktop Postflop builds its trees with, so the same settings make the same tree.
//!
//! Amounts are chips put in on the street so far (`Bet 120`, `Raise 300`, `AllIn 900`). At a
//! decision, with `pot` the pot once the player has called what they face:
//! - a bet of `p%` is `round(pot · p)`, a raise of `p%` that plus the bet faced, a raise of `kx`
//!   `round(k · bet faced)`;
//! - the geometric size over `n` bets is `round(pot · ((2 · stack / pot + 1)^(1/n) − 1) / 2)`,
//!   at most its cap, `n` being the streets left for a bet, less the bets made on the street
//!   before the one faced for a raise;
//! - an all-in is added when the stack is within the add-all-in threshold of the pot; a size is
//!   kept between the smallest legal raise and all-in, and becomes all-in when what it would
//!   leave behind is within the force-all-in threshold of the pot once called;
//! - the actions are sorted (fold, check, call, bets, raises, all-in), repeated ones dropped, and
//!   bets closer than the merging threshold merged, the larger kept (as PioSOLVER does);
//! - facing an all-in, a player folds or calls. After a call before the river the next card is
//!   dealt; when someone is all in, the cards to come are dealt and it is a showdown.

use std::fmt;

use crate::sizes::Size;
use crate::spot::Spot;

/// An action.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Action {
    /// Gives up the pot.
    Fold,
    /// Passes without betting.
    Check,
    /// Matches the bet faced.
    Call,
    /// Bets to this many chips on the street.
    Bet(i32),
    /// Raises to this many chips on the street.
    Raise(i32),
    /// Bets or raises all in, to this many chips on the street.
    AllIn(i32),
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Fold => f.write_str("Fold"),
            Action::Check => f.write_str("Check"),
            Action::Call => f.write_str("Call"),
            Action::Bet(amount) => write!(f, "Bet {amount}"),
            Action::Raise(amount) => write!(f, "Raise {amount}"),
            Action::AllIn(amount) => write!(f, "AllIn {amount}"),
        }
    }
}

/// A node of the betting tree. `amount` is what each player has put in since the spot began,
/// matched (the bet faced not counted).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ActionNode {
    /// `player` (0 OOP, 1 IP) picks an action.
    Decision {
        /// Who acts.
        player: usize,
        /// The street (0 flop, 1 turn, 2 river).
        street: usize,
        /// Matched chips put in since the spot began.
        amount: i32,
        /// The actions, in order.
        actions: Vec<Action>,
        /// The node each action leads to.
        children: Vec<ActionNode>,
    },
    /// The next card is dealt: the turn (street 1) or the river (street 2).
    Chance {
        /// The street the card starts.
        street: usize,
        /// What follows.
        child: Box<ActionNode>,
    },
    /// `folder` folds, having put in `amount`.
    Fold {
        /// Who folds.
        folder: usize,
        /// What each has put in, matched.
        amount: i32,
    },
    /// The hands are shown, each player having put in `amount`.
    Showdown {
        /// What each has put in.
        amount: i32,
    },
}

impl ActionNode {
    /// The number of nodes under this one, itself included, by street as Desktop Postflop's
    /// engine counts its action tree (a chance node on the street before the card it deals).
    pub fn counts(&self) -> [usize; 3] {
        let mut counts = [0; 3];
        self.count_into(&mut counts, None);
        counts
    }

    fn count_into(&self, counts: &mut [usize; 3], street: Option<usize>) {
        match self {
            ActionNode::Decision {
                street, children, ..
            } => {
                counts[*street] += 1;
                for child in children {
                    child.count_into(counts, Some(*street));
                }
            }
            ActionNode::Chance { street, child } => {
                counts[street - 1] += 1;
                child.count_into(counts, Some(*street));
            }
            ActionNode::Fold { .. } | ActionNode::Showdown { .. } => {
                counts[street.unwrap_or(0)] += 1;
            }
        }
    }
}

/// The most nodes a betting tree may have: many small raises between a small pot and a deep
/// stack make trees that grow as the sizes' count to the power of the raises; such a spot is
/// refused before it is built, not run out of memory.
pub const MOST_ACTION_NODES: usize = 200_000;

/// The most actions on one line of the tree, all streets together: small raises against a deep
/// stack make lines of thousands of minimum raises, refused before they are walked.
pub const MOST_ACTIONS_IN_A_LINE: usize = 100;

/// A betting tree over [`MOST_ACTION_NODES`] or [`MOST_ACTIONS_IN_A_LINE`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TreeTooLarge;

impl fmt::Display for TreeTooLarge {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "the betting tree has more than {MOST_ACTION_NODES} nodes, or lines of more than {MOST_ACTIONS_IN_A_LINE} actions, before any card is dealt: fewer sizes, or raises that get the stacks in sooner"
        )
    }
}

impl std::error::Error for TreeTooLarge {}

/// The betting tree of `spot`, or [`TreeTooLarge`].
pub fn action_tree(spot: &Spot) -> Result<ActionNode, TreeTooLarge> {
    let builder = Builder {
        spot,
        nodes: std::cell::Cell::new(0),
    };
    builder.node(
        Place {
            player: 0,
            street: spot.street(),
            amount: 0,
            line: 0,
        },
        State {
            last: Last::Start,
            bets: 0,
            all_in: false,
            oop_called: false,
            stacks: [spot.stack; 2],
            faced: 0,
        },
    )
}

/// Where a decision is.
#[derive(Clone, Copy)]
struct Place {
    player: usize,
    street: usize,
    amount: i32,
    /// Actions taken since the spot began.
    line: usize,
}

/// What came before on the street, as far as the next decision's actions depend on it.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Last {
    /// The spot or a street starts.
    Start,
    /// A check.
    Check,
    /// A bet, raise or all-in.
    Bet,
}

#[derive(Clone, Copy)]
struct State {
    last: Last,
    /// Bets and raises on this street.
    bets: i32,
    /// Whether the last bet was all in.
    all_in: bool,
    /// Whether the last street ended with OOP calling (so OOP may donk).
    oop_called: bool,
    /// Each player's chips behind.
    stacks: [i32; 2],
    /// The bet faced: the other player's chips on the street.
    faced: i32,
}

struct Builder<'s> {
    spot: &'s Spot,
    /// Nodes made so far.
    nodes: std::cell::Cell<usize>,
}

impl Builder<'_> {
    fn node(&self, place: Place, state: State) -> Result<ActionNode, TreeTooLarge> {
        if place.line > MOST_ACTIONS_IN_A_LINE {
            return Err(TreeTooLarge);
        }
        let actions = self.actions(place, &state);
        // Every node is counted as its parent makes it, terminals included.
        self.count(actions.len())?;
        let Place {
            player,
            street,
            amount,
            line,
        } = place;
        let line = line + 1;
        let to_call = state.stacks[player] - state.stacks[1 - player];
        let children = actions
            .iter()
            .map(|&action| {
                let next = after(&state, player, action);
                Ok(match action {
                    Action::Fold => ActionNode::Fold {
                        folder: player,
                        amount,
                    },
                    Action::Check if player == 0 => self.node(
                        Place {
                            player: 1,
                            line,
                            ..place
                        },
                        next,
                    )?,
                    Action::Check => self.street_ends(street, amount, line, next)?,
                    Action::Call => self.street_ends(street, amount + to_call, line, next)?,
                    Action::Bet(_) | Action::Raise(_) | Action::AllIn(_) => self.node(
                        Place {
                            player: 1 - player,
                            street,
                            amount: amount + to_call,
                            line,
                        },
                        next,
                    )?,
                })
            })
            .collect::<Result<_, _>>()?;
        Ok(ActionNode::Decision {
            player,
            street,
            amount,
            actions,
            children,
        })
    }

    /// After the street's last check or call: a showdown on the river, else the next card,
    /// and the cards to come when someone is all in.
    fn street_ends(
        &self,
        street: usize,
        amount: i32,
        line: usize,
        state: State,
    ) -> Result<ActionNode, TreeTooLarge> {
        if street == 2 {
            return Ok(ActionNode::Showdown { amount });
        }
        // The chance node was counted as its parent's child; what hangs from it is counted here.
        self.count(if state.all_in && street == 0 { 2 } else { 1 })?;
        let child = if state.all_in {
            if street == 0 {
                ActionNode::Chance {
                    street: 2,
                    child: Box::new(ActionNode::Showdown { amount }),
                }
            } else {
                ActionNode::Showdown { amount }
            }
        } else {
            self.node(
                Place {
                    player: 0,
                    street: street + 1,
                    amount,
                    line,
                },
                State {
                    last: Last::Start,
                    ..state
                },
            )?
        };
        Ok(ActionNode::Chance {
            street: street + 1,
            child: Box::new(child),
        })
    }

    /// Counts `nodes` more, refusing a tree past [`MOST_ACTION_NODES`].
    fn count(&self, nodes: usize) -> Result<(), TreeTooLarge> {
        self.nodes.set(self.nodes.get() + nodes);
        if self.nodes.get() > MOST_ACTION_NODES {
            return Err(TreeTooLarge);
        }
        Ok(())
    }

    fn actions(&self, place: Place, state: &State) -> Vec<Action> {
        let spot = self.spot;
        let Place {
            player,
            street,
            amount,
            ..
        } = place;
        let (own, other) = (state.stacks[player], state.stacks[1 - player]);
        let faced = state.faced;
        let to_call = own - other;
        let pot = spot.pot + 2 * (amount + to_call);
        let most = other + faced;
        let least = (faced + to_call).clamp(1, most);
        let streets_left = 3 - i32::try_from(street).expect("three streets");
        let geometric = |bets: i32, cap: f64| {
            let ratio =
                ((2.0 * f64::from(other) / f64::from(pot) + 1.0).powf(1.0 / f64::from(bets)) - 1.0)
                    / 2.0;
            round(f64::from(pot) * ratio.min(cap))
        };
        let add_allin = round(f64::from(pot) * spot.thresholds.add_allin);
        let mut actions = Vec::new();
        if state.last == Last::Bet {
            actions.extend([Action::Fold, Action::Call]);
            if !state.all_in {
                for &size in &spot.sizes[street][player].raises {
                    actions.push(match size {
                        Size::Pot(share) => Action::Raise(faced + round(f64::from(pot) * share)),
                        Size::LastBet(multiple) => {
                            Action::Raise(round(f64::from(faced) * multiple))
                        }
                        Size::Geometric { streets, most: cap } => {
                            let bets = i32::try_from(streets.unwrap_or(0)).unwrap_or(i32::MAX);
                            let bets = if streets.is_some() {
                                bets
                            } else {
                                streets_left
                            };
                            Action::Raise(faced + geometric((bets - state.bets + 1).max(1), cap))
                        }
                        Size::AllIn => Action::AllIn(most),
                    });
                }
                if most <= faced + add_allin {
                    actions.push(Action::AllIn(most));
                }
            }
        } else {
            actions.push(Action::Check);
            let donks = (player == 0 && state.last == Last::Start && state.oop_called)
                .then(|| spot.donks[street].as_ref())
                .flatten();
            for &size in donks.unwrap_or(&spot.sizes[street][player].bets) {
                actions.push(match size {
                    Size::Pot(share) => Action::Bet(round(f64::from(pot) * share)),
                    // Refused for bets when the spot was read.
                    Size::LastBet(_) => continue,
                    Size::Geometric { streets, most: cap } => {
                        let bets = streets.map_or(streets_left, |streets| {
                            i32::try_from(streets).unwrap_or(i32::MAX)
                        });
                        Action::Bet(geometric(bets, cap))
                    }
                    Size::AllIn => Action::AllIn(most),
                });
            }
            if most <= add_allin {
                actions.push(Action::AllIn(most));
            }
        }
        // Kept between the smallest raise and all-in; all-in when little would be left.
        let forced = |to: i32| {
            let pot_called = pot + 2 * (to - faced);
            most <= to + round(f64::from(pot_called) * spot.thresholds.force_allin)
        };
        for action in &mut actions {
            if let Action::Bet(to) | Action::Raise(to) = *action {
                let kept = to.clamp(least, most);
                *action = if forced(kept) {
                    Action::AllIn(most)
                } else if matches!(action, Action::Bet(_)) {
                    Action::Bet(kept)
                } else {
                    Action::Raise(kept)
                };
            }
        }
        actions.sort_unstable();
        actions.dedup();
        merge(&actions, pot, faced, spot.thresholds.merging)
    }
}

/// Beyond any stack: a size this large is all-in whatever the spot (pots and stacks are at most
/// a million chips, so what is called stays under a few million), and sums of two such sizes
/// stay far inside `i32`.
const BEYOND_ALL_IN: i32 = 100_000_000;

/// `value` (a size, 0 or more) rounded half away from zero, in chips, and held to
/// [`BEYOND_ALL_IN`] so the sums it enters cannot overflow.
fn round(value: f64) -> i32 {
    #[allow(clippy::cast_possible_truncation)] // Held within i32 first.
    let chips = value.round().clamp(0.0, f64::from(BEYOND_ALL_IN)) as i32;
    chips
}

/// The state after `player` takes `action`.
fn after(state: &State, player: usize, action: Action) -> State {
    let mut next = *state;
    match action {
        Action::Fold => {}
        Action::Check => {
            next.last = Last::Check;
            next.oop_called = false;
        }
        Action::Call => {
            next.bets = 0;
            next.oop_called = player == 0;
            next.stacks[player] = next.stacks[1 - player];
            next.faced = 0;
        }
        Action::Bet(to) | Action::Raise(to) | Action::AllIn(to) => {
            let to_call = state.stacks[player] - state.stacks[1 - player];
            next.last = Last::Bet;
            next.bets += 1;
            next.all_in = matches!(action, Action::AllIn(_));
            next.stacks[player] -= to - state.faced + to_call;
            next.faced = to;
        }
    }
    next
}

/// The actions with bets and raises closer than `threshold` merged, from the largest down: a
/// size is kept when `(1 + kept) / (1 + size) > 1 + threshold`, sizes as shares of `pot` above
/// the bet faced.
fn merge(actions: &[Action], pot: i32, faced: i32, threshold: f64) -> Vec<Action> {
    let mut kept_amount = i32::MAX;
    let mut merged: Vec<Action> = Vec::with_capacity(actions.len());
    for &action in actions.iter().rev() {
        match action {
            Action::Bet(to) | Action::Raise(to) | Action::AllIn(to) if to > 0 => {
                let share = f64::from(to - faced) / f64::from(pot);
                let kept = f64::from(kept_amount - faced) / f64::from(pot);
                if share < (kept - threshold) / (1.0 + threshold) * (1.0 - 1e-12) {
                    merged.push(action);
                    kept_amount = to;
                }
            }
            _ => merged.push(action),
        }
    }
    merged.reverse();
    merged
}
