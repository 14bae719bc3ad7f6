//! The game the engine solves: the betting tree dealt out over every turn and river card, each
//! player's hands (the range's combos the board leaves), card removal, and terminal values in
//! linear time (Johanson et al., "Accelerating Best Response Calculation in Large Extensive
//! Games", 2011): at a showdown both players' hands are swept in order of strength, with the
//! opponent's reach summed below and above and by card, so a hand's value takes out the
//! opponent's hands that share one of its cards; at a fold, the same without the order.

use std::collections::HashMap;
use std::ops::{Index, IndexMut};

use cards_core::holdem::{Combo, Hand, HandValue};
use cards_core::{Card, CardSet};
use equilibrium_core::{Game, NodeId, Numbers, Precision, Real, Tree, TreeBuilder};

use crate::action_tree::{Action, ActionNode, TreeTooLarge, action_tree};
use crate::spot::Spot;
use crate::symmetry::{Dealt, Symmetry};

/// What a node of the dealt-out tree is, for browsing a solution.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum NodeInfo {
    /// A decision: its actions, in the order of the tree's children.
    Decision(Vec<Action>),
    /// A card is dealt: the cards solved, in the order of the children (each stands for the
    /// cards alike to it, [`PostflopGame::dealt`]).
    Chance(Vec<Card>),
    /// The hand ends.
    Terminal,
}

/// What a node is and the chips each player has put in by then since the spot began, matched
/// (0 but at decisions): kept once for all the nodes alike, such as every deal of one betting
/// node, since a flop's tree has hundreds of thousands of nodes.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Description {
    info: NodeInfo,
    amount: i32,
}

/// How a hand ends.
#[derive(Clone, Copy, Debug)]
enum End {
    /// `folder` folds; the other wins `stake`.
    Fold { folder: usize, stake: f64 },
    /// The better hand on board `board` wins `stake`.
    Showdown { board: usize, stake: f64 },
}

/// A spot's game.
pub struct PostflopGame {
    tree: Tree,
    /// What each node is ([`Description`]), an index into `descriptions`.
    described: Vec<u32>,
    descriptions: Vec<Description>,
    ends: Vec<End>,
    /// By chance node: its cards and the chance of each for a pair of hands that can see it.
    chances: Vec<Chance>,
    /// The renamings of the suits that keep both ranges, used where a board keeps them too.
    symmetry: Symmetry,
    dealing: Dealing,
    hands: [Vec<Combo>; 2],
    weights: [Vec<f64>; 2],
    /// By player and hand: the index of the opponent's hand of the same two cards, if any.
    same: [Vec<Option<usize>>; 2],
    /// By player: the hands holding each card, card after card (`by_card_start` says where
    /// each card's begin), so a card's reach is summed by reading, not by scattered adds.
    by_card: [Vec<u16>; 2],
    by_card_start: [[usize; 53]; 2],
    /// By river board: each player's hands the board leaves, weakest first.
    orders: Vec<[Vec<Ranked>; 2]>,
    deals: f64,
    /// The betting tree's nodes by street ([`ActionNode::counts`]).
    betting_nodes: [usize; 3],
    pot: f64,
    board: Vec<Card>,
}

/// A hand in a river board's order of strength, with what the showdown's sweep reads of it:
/// its two cards (by [`Card::index`]), so the sweep need not look them up, and where the run
/// of hands as strong as it ends. Eight bytes, as [`GameSize::bytes`] counts.
#[derive(Clone, Copy, Debug)]
struct Ranked {
    hand: u16,
    cards: [u8; 2],
    value: HandValue,
    /// Set on the first hand of a run of equal values: the index in the order after the run.
    run_end: u16,
}

/// A chance node: the cards dealt, and the chance of each for a pair of hands that can see it.
#[derive(Clone, Debug)]
struct Chance {
    dealt: Vec<Dealt>,
    share: f64,
}

/// Why a game cannot be made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GameError {
    /// A player's range holds no combo the board leaves (0 OOP, 1 IP).
    EmptyRange(usize),
    /// No hand of one range can be dealt beside a hand of the other.
    NoDeal,
    /// The betting tree is too large to build.
    TooLarge(TreeTooLarge),
}

impl std::fmt::Display for GameError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            GameError::EmptyRange(player) => write!(
                f,
                "--{}: no combo of the range is left by the board",
                crate::spot::PLAYERS[*player]
            ),
            GameError::NoDeal => {
                f.write_str("no hand of one range can be dealt beside a hand of the other")
            }
            GameError::TooLarge(err) => err.fmt(f),
        }
    }
}

impl std::error::Error for GameError {}

/// The size of a spot's game, known before anything is allocated.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameSize {
    /// Nodes of the dealt-out tree.
    pub nodes: usize,
    /// Numbers per stored array: actions × hands summed over the decisions.
    pub slots: usize,
    /// Decisions of the dealt-out tree.
    pub decisions: usize,
    /// River boards reached.
    pub boards: usize,
    /// Each player's hands.
    pub hands: [usize; 2],
}

/// The bytes a node of the dealt-out tree takes on a 64-bit machine: the tree's
/// ([`equilibrium_core::TREE_BYTES_PER_NODE`]), the index of its description, and an end,
/// counted for every node though only terminals have one, which covers the descriptions and
/// the chance nodes' cards. Counted so everywhere, so that the estimate is the same figure in
/// every interface (the page's 32-bit WebAssembly takes somewhat less).
const NODE_BYTES: usize = 56 + 4 + 24;

impl GameSize {
    /// The bytes the solver's game takes with its numbers kept with `precision`: the regrets
    /// and the average strategy's sums, the tree, and the hands' order on each river board.
    pub fn bytes(&self, precision: Precision) -> usize {
        let per_node = NODE_BYTES;
        // The numbers' bytes, saturating: 12 bytes a slot is more than either precision takes.
        let numbers = match self.slots.checked_mul(12) {
            Some(_) => Numbers::bytes_for(self.slots, self.decisions, precision),
            None => usize::MAX,
        };
        numbers
            .saturating_add(self.nodes.saturating_mul(per_node))
            .saturating_add(
                self.boards
                    .saturating_mul(8 * (self.hands[0] + self.hands[1])),
            )
    }
}

/// Each player's hands: the range's combos the board leaves, and their weights.
/// A player's hands and their weights.
type Hands = (Vec<Combo>, Vec<f64>);

fn hands_of(spot: &Spot) -> Result<[Hands; 2], GameError> {
    let board: CardSet = spot.board.iter().copied().collect();
    let mut hands: [Hands; 2] = Default::default();
    for (player, range) in spot.ranges.iter().enumerate() {
        for &(combo, weight) in range.combos() {
            if !board.contains(combo[0]) && !board.contains(combo[1]) {
                hands[player].0.push(combo);
                hands[player].1.push(weight);
            }
        }
        if hands[player].0.is_empty() {
            return Err(GameError::EmptyRange(player));
        }
    }
    Ok(hands)
}

/// How the turn and river cards are dealt out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dealing {
    /// Cards alike by suit symmetry are solved once ([`Symmetry`]): the same solution, in less
    /// time and memory.
    Isomorphic,
    /// Every card is solved apart, for locks, which may treat the suits differently.
    EveryCard,
}

/// The renamings of the suits the game uses, dealing as `dealing` says.
fn symmetry_of(hands: &[Hands; 2], dealing: Dealing) -> Symmetry {
    match dealing {
        Dealing::Isomorphic => Symmetry::of([&hands[0].0, &hands[1].0], [&hands[0].1, &hands[1].1]),
        Dealing::EveryCard => Symmetry::none([hands[0].0.len(), hands[1].0.len()]),
    }
}

/// The size of `spot`'s game dealt as `dealing` says, counted without making it.
pub fn game_size(spot: &Spot, dealing: Dealing) -> Result<GameSize, GameError> {
    // Each subtree counted once and multiplied by the boards it is dealt on: `boards[k]` below
    // the `k`th chance node of a line.
    fn walk(
        node: &ActionNode,
        street: usize,
        boards: [usize; 3],
        hands: [usize; 2],
        size: &mut GameSize,
    ) {
        let times = boards[street];
        size.nodes = size.nodes.saturating_add(times);
        match node {
            ActionNode::Decision {
                player, children, ..
            } => {
                size.slots = size
                    .slots
                    .saturating_add(times.saturating_mul(children.len() * hands[*player]));
                size.decisions = size.decisions.saturating_add(times);
                for child in children {
                    walk(child, street, boards, hands, size);
                }
            }
            ActionNode::Chance { child, .. } => walk(child, street + 1, boards, hands, size),
            ActionNode::Fold { .. } | ActionNode::Showdown { .. } => {}
        }
    }
    let hands = hands_of(spot)?;
    let symmetry = symmetry_of(&hands, dealing);
    let counts = [hands[0].0.len(), hands[1].0.len()];
    let tree = action_tree(spot).map_err(GameError::TooLarge)?;
    // The cards solved at a line's first chance node, the pairs solved at its second, and
    // the river boards they make.
    let first = symmetry.deal(&spot.board);
    let mut river_boards = std::collections::HashSet::new();
    let mut pairs = 0usize;
    if spot.board.len() == 3 {
        for turn in &first {
            let mut board = spot.board.clone();
            board.push(turn.card);
            for river in symmetry.deal(&board) {
                let mut cards: CardSet = board.iter().copied().collect();
                cards.insert(river.card);
                river_boards.insert(cards);
                pairs += 1;
            }
        }
    }
    let mut size = GameSize {
        nodes: 0,
        slots: 0,
        decisions: 0,
        boards: match spot.board.len() {
            3 => river_boards.len(),
            4 => first.len(),
            _ => 1,
        },
        hands: counts,
    };
    walk(&tree, 0, [1, first.len(), pairs], counts, &mut size);
    Ok(size)
}

impl PostflopGame {
    /// The game of `spot`, cards alike by suit symmetry solved once; its size should be
    /// checked first ([`game_size`]).
    pub fn new(spot: &Spot) -> Result<PostflopGame, GameError> {
        PostflopGame::with_dealing(spot, Dealing::Isomorphic)
    }

    /// The game of `spot`, dealt as `dealing` says.
    pub fn with_dealing(spot: &Spot, dealing: Dealing) -> Result<PostflopGame, GameError> {
        let both = hands_of(spot)?;
        let symmetry = symmetry_of(&both, dealing);
        let [(oop, oop_weights), (ip, ip_weights)] = both;
        let hands = [oop, ip];
        let weights = [oop_weights, ip_weights];
        let same = [0, 1].map(|player| {
            let others: HashMap<Combo, usize> = hands[1 - player]
                .iter()
                .enumerate()
                .map(|(index, &combo)| (combo, index))
                .collect();
            hands[player]
                .iter()
                .map(|combo| others.get(combo).copied())
                .collect()
        });
        let mut deals = 0.0;
        for (a, &first) in hands[0].iter().enumerate() {
            for (b, &second) in hands[1].iter().enumerate() {
                if !meets(first, second) {
                    deals += weights[0][a] * weights[1][b];
                }
            }
        }
        if deals <= 0.0 {
            return Err(GameError::NoDeal);
        }
        let pot = f64::from(spot.pot);
        let mut dealer = Dealer {
            tree: TreeBuilder::new([hands[0].len(), hands[1].len()]),
            boards: HashMap::new(),
            described: Vec::new(),
            descriptions: HashMap::new(),
            ends: Vec::new(),
            chances: Vec::new(),
            orders: Vec::new(),
            hands: &hands,
            symmetry: &symmetry,
            pot,
        };
        let betting = action_tree(spot).map_err(GameError::TooLarge)?;
        let root = dealer.deal_out(&betting, &spot.board);
        let Dealer {
            tree,
            described,
            descriptions,
            ends,
            chances,
            orders,
            ..
        } = dealer;
        let mut descriptions: Vec<(Description, u32)> = descriptions.into_iter().collect();
        descriptions.sort_unstable_by_key(|&(_, index)| index);
        let descriptions = descriptions.into_iter().map(|(description, _)| description);
        let (by_card, by_card_start) = {
            let lists = [0, 1].map(|player| {
                let mut hands_by_card: Vec<Vec<u16>> = vec![Vec::new(); 52];
                for (hand, combo) in hands[player].iter().enumerate() {
                    let hand = u16::try_from(hand).expect("at most 1,326 hands");
                    for card in combo {
                        hands_by_card[card.index()].push(hand);
                    }
                }
                let mut start = [0; 53];
                for card in 0..52 {
                    start[card + 1] = start[card] + hands_by_card[card].len();
                }
                (hands_by_card.concat(), start)
            });
            let [(oop, oop_start), (ip, ip_start)] = lists;
            ([oop, ip], [oop_start, ip_start])
        };
        Ok(PostflopGame {
            tree: tree.build(root),
            betting_nodes: betting.counts(),
            by_card,
            by_card_start,
            described,
            descriptions: descriptions.collect(),
            ends,
            chances,
            symmetry,
            hands,
            weights,
            same,
            orders,
            deals,
            pot,
            board: spot.board.clone(),
            dealing,
        })
    }

    /// Each player's hands.
    pub fn hands(&self, player: usize) -> &[Combo] {
        &self.hands[player]
    }

    /// The betting tree's nodes by street, before the cards are dealt, as Desktop Postflop's
    /// engine counts them ([`ActionNode::counts`]).
    pub fn betting_nodes(&self) -> [usize; 3] {
        self.betting_nodes
    }

    /// The spot's board.
    pub fn board(&self) -> &[Card] {
        &self.board
    }

    /// The pot the spot starts with, in chips.
    pub fn pot(&self) -> f64 {
        self.pot
    }

    /// Who acts at decision `node`: 0 (OOP) or 1 (IP).
    pub fn player(&self, node: NodeId) -> usize {
        match self.tree.node(node) {
            equilibrium_core::Node::Decision { player, .. } => player,
            _ => panic!("node {node} is not a decision"),
        }
    }

    /// The chips each player has put in since the spot began, matched, at decision `node` (0
    /// elsewhere): the pot there is the starting pot and twice this.
    pub fn amount(&self, node: NodeId) -> i32 {
        self.description(node).amount
    }

    /// What node `node` is.
    pub fn info(&self, node: NodeId) -> &NodeInfo {
        &self.description(node).info
    }

    fn description(&self, node: NodeId) -> &Description {
        &self.descriptions[self.described[node] as usize]
    }

    /// The cards dealt at chance node `node`, in the order of its children: each solved card
    /// with the cards alike to it.
    pub fn dealt(&self, node: NodeId) -> &[Dealt] {
        match self.tree.node(node) {
            equilibrium_core::Node::Chance { chance, .. } => &self.chances[chance].dealt,
            _ => panic!("node {node} is not a chance node"),
        }
    }

    /// How the cards are dealt out.
    pub fn dealing(&self) -> Dealing {
        self.dealing
    }

    /// The renamings of the suits the game uses.
    pub fn symmetry(&self) -> &Symmetry {
        &self.symmetry
    }

    /// `scale` times each of `player`'s hands' sum of the opponent's `reach` over the hands it
    /// can be dealt beside (no card in common), into `values`: a fold's values, and how often a
    /// hand meets the opponent's range at a node.
    pub fn reach_beside<R: Real>(&self, player: usize, reach: &[R], scale: R, values: &mut [R]) {
        let mut sums = OpponentSums::new();
        self.card_sums(1 - player, reach, &mut sums);
        self.beside_from(player, reach, &sums, scale, values);
    }

    /// [`Self::reach_beside`] from the opponent's reach's sums ([`Self::card_sums`]).
    fn beside_from<R: Real>(
        &self,
        player: usize,
        reach: &[R],
        sums: &OpponentSums<R>,
        scale: R,
        values: &mut [R],
    ) {
        let (total, by_card) = (sums.total, &sums.by_card);
        for ((value, [a, b]), same) in values
            .iter_mut()
            .zip(&self.hands[player])
            .zip(&self.same[player])
        {
            // The same two cards were taken out twice.
            let back = same.map_or(R::ZERO, |same| reach[same]);
            *value = scale * (total - by_card[a.id()] - by_card[b.id()] + back);
        }
    }

    /// Each player's equity: their share of the pot if every hand went to showdown, over every
    /// way the cards to come can fall.
    pub fn equity(&self) -> [f64; 2] {
        let [won, met] = self
            .showdown_sums(self.tree.root(), 0, &self.weights[1])
            .expect("every spot can go to showdown");
        let weighted = |sums: &[f64]| -> f64 {
            (self.weights[0].iter().zip(sums))
                .map(|(w, sum)| w * sum)
                .sum()
        };
        // Wins less losses over the pairs met; equity is half of one more.
        let oop = 0.5 + weighted(&won) / weighted(&met) / 2.0;
        [oop, 1.0 - oop]
    }

    /// Each of `player`'s hands' equity at `node` against the opponent's reach there
    /// `opponent_reach`: its share of the pot if both went to showdown, over every river board
    /// below the node; NaN where no hand of the opponent's can be dealt beside it.
    pub fn equity_at(&self, node: NodeId, player: usize, opponent_reach: &[f64]) -> Vec<f64> {
        let hands = self.hands[player].len();
        let [won, met] = self
            .showdown_sums(node, player, opponent_reach)
            .unwrap_or_else(|| [vec![0.0; hands], vec![0.0; hands]]);
        // Wins less losses over the hands met; equity is half of one more.
        won.iter()
            .zip(&met)
            .map(|(&won, &met)| {
                if met > 0.0 {
                    0.5 + won / met / 2.0
                } else {
                    f64::NAN
                }
            })
            .collect()
    }

    /// Each of `player`'s hands' sums at showdown below `node`, against the opponent's `reach`
    /// there, over every river board below it (each weighted by the chance of its cards): what
    /// it wins less loses for a stake of one, and the reach of the opponent's hands it can meet.
    /// `None` if no line from `node` goes to showdown.
    fn showdown_sums(&self, node: NodeId, player: usize, reach: &[f64]) -> Option<[Vec<f64>; 2]> {
        let hands = self.hands[player].len();
        match self.tree.node(node) {
            equilibrium_core::Node::Terminal { terminal } => match self.ends[terminal] {
                End::Showdown { board, .. } => {
                    let (mut won, mut met) = (vec![0.0; hands], vec![0.0; hands]);
                    // The showdown and the hands met read the same sums of the reach.
                    let mut sums = OpponentSums::new();
                    self.card_sums(1 - player, reach, &mut sums);
                    Self::showdown(&self.orders[board], player, 1.0, reach, &sums, &mut won);
                    self.beside_from(player, reach, &sums, 1.0, &mut met);
                    Some([won, met])
                }
                End::Fold { .. } => None,
            },
            // The boards below are the same on every line that goes to showdown.
            equilibrium_core::Node::Decision { children, .. } => children
                .iter()
                .find_map(|&child| self.showdown_sums(child, player, reach)),
            equilibrium_core::Node::Chance { chance, children } => {
                let (mut won, mut met) = (vec![0.0; hands], vec![0.0; hands]);
                let mut below = vec![0.0; reach.len()];
                for (index, &child) in children.iter().enumerate() {
                    self.deal(chance, index, 1 - player, reach, &mut below);
                    let [child_won, child_met] = self.showdown_sums(child, player, &below)?;
                    self.gather(chance, index, player, &child_won, &mut won);
                    self.gather(chance, index, player, &child_met, &mut met);
                }
                Some([won, met])
            }
        }
    }

    /// Each of `player`'s hands' reach-weighted wins less losses on a river board, times
    /// `stake`, in one sweep of both players' hands by strength: at each strength, the
    /// opponent's reach below it and up to it (ties included), by card so a hand's own cards
    /// come out; what is above is the rest of what the hand can be dealt against.
    fn showdown<R: Real>(
        orders: &[Vec<Ranked>; 2],
        player: usize,
        stake: f64,
        reach: &[R],
        sums: &OpponentSums<R>,
        values: &mut [R],
    ) {
        let opponent = 1 - player;
        let (own, other) = (&orders[player], &orders[opponent]);
        values.fill(R::ZERO);
        let (total, by_card) = (sums.total, &sums.by_card);
        let stake = R::from_f64(stake);
        let mut sum = R::ZERO;
        let mut sum_by_card = CardSums([R::ZERO; 256]);
        let mut next = 0;
        let mut start = 0;
        while start < own.len() {
            let (value, end) = (own[start].value, usize::from(own[start].run_end));
            let run = &own[start..end];
            // The opponent's hands below this strength, then those level with it.
            for level in [false, true] {
                while next < other.len()
                    && (other[next].value < value || (level && other[next].value == value))
                {
                    // Unreached hands add their zeros too, which changes no sum: a branch
                    // to skip them cost more than the adds (7% of a solve of basic.rs).
                    let weight = reach[usize::from(other[next].hand)];
                    sum += weight;
                    let [a, b] = other[next].cards;
                    sum_by_card[a] += weight;
                    sum_by_card[b] += weight;
                    next += 1;
                }
                for ranked in run {
                    let [a, b] = ranked.cards;
                    let hand = usize::from(ranked.hand);
                    let counted = sum - sum_by_card[a] - sum_by_card[b];
                    values[hand] = if level {
                        // Below, plus below or level (the same two cards, counted out of both
                        // sums, cancel), less all the hand can meet.
                        stake * (values[hand] + counted - total + by_card[a] + by_card[b])
                    } else {
                        counted
                    };
                }
            }
            start = end;
        }
    }

    /// [`Game::terminal`] from the opponent's reach's sums ([`Self::card_sums`]).
    fn terminal_from<R: Real>(
        &self,
        terminal: usize,
        player: usize,
        reach: &[R],
        sums: &OpponentSums<R>,
        values: &mut [R],
    ) {
        match self.ends[terminal] {
            End::Showdown { board, stake } => {
                Self::showdown(&self.orders[board], player, stake, reach, sums, values);
            }
            End::Fold { folder, stake } => {
                let signed = R::from_f64(if folder == player { -stake } else { stake });
                self.beside_from(player, reach, sums, signed, values);
            }
        }
    }

    /// The opponent's total reach, and by card, summed by reading each card's hands, into
    /// `sums` (filled in place: returned by value, its kilobyte was copied out at every
    /// terminal, 2% of a solve).
    fn card_sums<R: Real>(&self, opponent: usize, reach: &[R], sums: &mut OpponentSums<R>) {
        let mut lanes = [R::ZERO; 8];
        let mut chunks = reach.chunks_exact(8);
        for chunk in &mut chunks {
            for (lane, &weight) in lanes.iter_mut().zip(chunk) {
                *lane += weight;
            }
        }
        for (lane, &weight) in lanes.iter_mut().zip(chunks.remainder()) {
            *lane += weight;
        }
        let total = lanes.iter().fold(R::ZERO, |total, &lane| total + lane);
        let (hands, start) = (&self.by_card[opponent], &self.by_card_start[opponent]);
        sums.total = total;
        for (card, sum) in sums.by_card.0[..52].iter_mut().enumerate() {
            // Four sums in turn, so the additions need not wait on each other.
            let mut lanes = [R::ZERO; 4];
            let holding = &hands[start[card]..start[card + 1]];
            let mut quads = holding.chunks_exact(4);
            for quad in &mut quads {
                for (lane, &hand) in lanes.iter_mut().zip(quad) {
                    *lane += reach[usize::from(hand)];
                }
            }
            for (lane, &hand) in lanes.iter_mut().zip(quads.remainder()) {
                *lane += reach[usize::from(hand)];
            }
            *sum = (lanes[0] + lanes[1]) + (lanes[2] + lanes[3]);
        }
    }
}

/// The opponent's reach at a node summed, in all and by card: what [`PostflopGame::card_sums`]
/// makes for the terminals' values.
struct OpponentSums<R> {
    total: R,
    by_card: CardSums<R>,
}

impl<R: Real> OpponentSums<R> {
    fn new() -> Self {
        OpponentSums {
            total: R::ZERO,
            by_card: CardSums([R::ZERO; 256]),
        }
    }
}

/// Sums by card, indexed by a card's id ([`Card::id`]): 256 of them, so that a byte indexes
/// them without a bounds check (the checks on 52 were 5% of a solve of basic.rs).
struct CardSums<R>([R; 256]);

impl<R> Index<u8> for CardSums<R> {
    type Output = R;

    fn index(&self, card: u8) -> &R {
        &self.0[usize::from(card)]
    }
}

impl<R> IndexMut<u8> for CardSums<R> {
    fn index_mut(&mut self, card: u8) -> &mut R {
        &mut self.0[usize::from(card)]
    }
}

/// Whether two combos share a card.
fn meets(first: Combo, second: Combo) -> bool {
    first[0] == second[0] || first[0] == second[1] || first[1] == second[0] || first[1] == second[1]
}

/// Deals the betting tree out over the cards, into the engine's tree.
struct Dealer<'h> {
    tree: TreeBuilder,
    /// River boards by their cards, to their index in `orders`.
    boards: HashMap<CardSet, usize>,
    described: Vec<u32>,
    /// Each description met, to its index.
    descriptions: HashMap<Description, u32>,
    ends: Vec<End>,
    chances: Vec<Chance>,
    orders: Vec<[Vec<Ranked>; 2]>,
    hands: &'h [Vec<Combo>; 2],
    symmetry: &'h Symmetry,
    pot: f64,
}

impl Dealer<'_> {
    fn push(&mut self, node: NodeId, info: NodeInfo, amount: i32) -> NodeId {
        debug_assert_eq!(node, self.described.len());
        let description = Description { info, amount };
        let next = u32::try_from(self.descriptions.len()).expect("fewer than 2^32 descriptions");
        let index = *self.descriptions.entry(description).or_insert(next);
        self.described.push(index);
        node
    }

    fn deal_out(&mut self, node: &ActionNode, board: &[Card]) -> NodeId {
        match node {
            ActionNode::Decision {
                player,
                actions,
                children,
                amount,
                ..
            } => {
                let id = self.tree.decision(*player);
                self.push(id, NodeInfo::Decision(actions.clone()), *amount);
                for child in children {
                    let child = self.deal_out(child, board);
                    self.tree.attach(id, child);
                }
                id
            }
            ActionNode::Chance { child, .. } => {
                // For two hands that can be dealt together, every card but theirs and the
                // board's is as likely.
                let share = 1.0 / (52 - board.len() - 4) as f64;
                let dealt = self.symmetry.deal(board);
                let cards: Vec<Card> = dealt.iter().map(|dealt| dealt.card).collect();
                let id = self.tree.chance(self.chances.len());
                self.chances.push(Chance { dealt, share });
                self.push(id, NodeInfo::Chance(cards.clone()), 0);
                for &card in &cards {
                    let mut next = board.to_vec();
                    next.push(card);
                    let child = self.deal_out(child, &next);
                    self.tree.attach(id, child);
                }
                id
            }
            ActionNode::Fold { folder, amount } => {
                let stake = self.pot / 2.0 + f64::from(*amount);
                self.terminal(End::Fold {
                    folder: *folder,
                    stake,
                })
            }
            ActionNode::Showdown { amount } => {
                let stake = self.pot / 2.0 + f64::from(*amount);
                let board = self.board(board);
                self.terminal(End::Showdown { board, stake })
            }
        }
    }

    fn terminal(&mut self, end: End) -> NodeId {
        let id = self.tree.terminal(self.ends.len());
        self.ends.push(end);
        self.push(id, NodeInfo::Terminal, 0)
    }

    /// The index of a river board, its hands' orders made the first time.
    fn board(&mut self, board: &[Card]) -> usize {
        let set: CardSet = board.iter().copied().collect();
        if let Some(&index) = self.boards.get(&set) {
            return index;
        }
        let base = Hand::from_cards(board);
        let orders = [0, 1].map(|player| {
            let mut order: Vec<Ranked> = self.hands[player]
                .iter()
                .enumerate()
                .filter(|(_, combo)| !set.contains(combo[0]) && !set.contains(combo[1]))
                .map(|(hand, combo)| Ranked {
                    hand: u16::try_from(hand).expect("at most 1,326 hands"),
                    cards: combo.map(Card::id),
                    value: (base + combo[0] + combo[1]).evaluate(),
                    run_end: 0,
                })
                .collect();
            order.sort_by_key(|ranked| (ranked.value, ranked.hand));
            let mut end = 0;
            for run in order.chunk_by_mut(|a, b| a.value == b.value) {
                end += run.len();
                run[0].run_end = u16::try_from(end).expect("at most 1,326 hands");
            }
            // Collected through a filter, the vector may hold up to twice its length: the
            // memory estimate counts the hands alone.
            order.shrink_to_fit();
            order
        });
        self.orders.push(orders);
        let index = self.orders.len() - 1;
        self.boards.insert(set, index);
        index
    }
}

impl Game for PostflopGame {
    fn tree(&self) -> &Tree {
        &self.tree
    }

    fn weights(&self, player: usize) -> &[f64] {
        &self.weights[player]
    }

    fn deals(&self) -> f64 {
        self.deals
    }

    fn terminal<R: Real>(&self, terminal: usize, player: usize, reach: &[R], values: &mut [R]) {
        let mut sums = OpponentSums::new();
        self.card_sums(1 - player, reach, &mut sums);
        self.terminal_from(terminal, player, reach, &sums, values);
    }

    /// A player's fold and call beside it, or a check behind, see the same reach: its sums by
    /// card are made once.
    fn sibling_terminals<'v, R: Real + 'v>(
        &self,
        player: usize,
        reach: &[R],
        terminals: impl Iterator<Item = (usize, &'v mut [R])>,
    ) {
        let mut sums = OpponentSums::new();
        for (index, (terminal, values)) in terminals.enumerate() {
            if index == 0 {
                self.card_sums(1 - player, reach, &mut sums);
            }
            self.terminal_from(terminal, player, reach, &sums, values);
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
        let chance = &self.chances[chance];
        let card = chance.dealt[child].card;
        let share = R::from_f64(chance.share);
        for ((below, &reach), combo) in below.iter_mut().zip(reach).zip(&self.hands[player]) {
            *below = if combo.contains(&card) {
                R::ZERO
            } else {
                reach * share
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
        let dealt = &self.chances[chance].dealt[child];
        let hands = &self.hands[player];
        for ((value, &below), combo) in values.iter_mut().zip(below).zip(hands) {
            if !combo.contains(&dealt.card) {
                *value += below;
            }
        }
        // A card alike to the one solved: each hand has the value of the hand it is renamed
        // from.
        for &(card, renaming) in &dealt.alike {
            let from = self.symmetry.inverse(renaming);
            for (hand, (value, combo)) in values.iter_mut().zip(hands).enumerate() {
                if !combo.contains(&card) {
                    *value += below[self.symmetry.renamed_hand(from, player, hand)];
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    /// A hand in a river board's order takes eight bytes, as the memory estimate counts.
    #[test]
    fn a_ranked_hand_is_eight_bytes() {
        assert_eq!(std::mem::size_of::<super::Ranked>(), 8);
    }

    /// The estimate's node size is the one a 64-bit build takes.
    #[test]
    #[cfg(target_pointer_width = "64")]
    fn a_node_s_bytes_are_a_64_bit_build_s() {
        let measured =
            equilibrium_core::TREE_BYTES_PER_NODE + size_of::<u32>() + size_of::<super::End>();
        assert_eq!(super::NODE_BYTES, measured);
    }
}
