//! Equity of hand ranges against each other, exact or sampled.
//!
//! Exact: every joint deal of one combo per player (no card twice, none on the board or dead),
//! weighted by the product of the combos' weights, each counted over every board to come with
//! [`equity`]. Deals that are the same up to a renaming of the suits (applied to the board and
//! dead cards too) have the same result, so each is counted once: AS AH against any hand is
//! 1,225 deals but 469 different ones. The different deals are found first, then counted on the
//! threads.
//!
//! Sampled: see the `sample` module.

use std::collections::HashMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use cards_core::holdem::{Combo, Range};
use cards_core::{Card, CardSet, Suit};
use judge_io::{Threads, map_on_threads};

use crate::{Matchup, equity, sample};

/// Ranges against each other: one range per player, the board so far and the dead cards.
#[derive(Clone, Debug, PartialEq)]
pub struct RangeMatchup {
    /// Each player's range, in order.
    pub ranges: Vec<Range>,
    /// The board dealt so far: 0, 3, 4 or 5 cards.
    pub board: Vec<Card>,
    /// Cards out of play.
    pub dead: Vec<Card>,
}

/// How to count a range matchup.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Method {
    /// Every joint deal and every board.
    Exact,
    /// Random deals and boards until the standard error or the time limit is reached.
    Sampled(Sampling),
    /// Exact when that is expected to take at most `exact_within`, else sampled.
    Auto {
        /// The longest an exact count may be expected to take, on the given threads.
        exact_within: Duration,
        /// How to sample otherwise.
        sampling: Sampling,
    },
}

/// When and how to stop sampling.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sampling {
    /// The seed: the same seed, precision and matchup give the same figures, on any number of
    /// threads (unless the time limit stops the run first).
    pub seed: u64,
    /// Stop once every player's equity has a standard error at most this, as a share (0.0005
    /// is 0.05 percentage points).
    pub standard_error: f64,
    /// Stop after this long, whatever the standard error.
    pub time_limit: Option<Duration>,
}

/// Each player's result over every joint deal and every board, weighted; or its estimate.
#[derive(Clone, Debug, PartialEq)]
pub struct RangeEquity {
    /// Exact or sampled, and how much work that was.
    pub counted: Counted,
    /// Each player's share of the pots won alone, from 0 to 1.
    pub wins: Vec<f64>,
    /// Each player's share of the pots split, from 0 to 1.
    pub ties: Vec<f64>,
    /// The first player's result with each of their combos that was dealt, in the range's
    /// order: the breakdown by hand.
    pub first_player_combos: Vec<ComboEquity>,
}

/// How a [`RangeEquity`] was counted.
#[derive(Clone, Debug, PartialEq)]
pub enum Counted {
    /// Over every joint deal and board.
    Exact {
        /// How many joint deals there are (combos without a shared card, of weight above 0).
        deals: u64,
        /// How many of them were counted; the others were renamings of these.
        distinct_deals: u64,
    },
    /// Over random deals and boards.
    Sampled {
        /// How many deals were drawn (those on which a player had no combo left included).
        deals: u64,
        /// How many boards were drawn for them.
        boards: u64,
        /// The standard error of each player's equity, as a share.
        standard_errors: Vec<f64>,
    },
}

/// The first player's result when they hold one combo.
#[derive(Clone, Debug, PartialEq)]
pub struct ComboEquity {
    /// The combo, higher card first.
    pub combo: Combo,
    /// The combo's share of all the joint deals' weight: how often the first player holds it.
    pub share: f64,
    /// The share of the pots the first player wins alone with it, from 0 to 1.
    pub wins: f64,
    /// The share of the pots they split with it, from 0 to 1.
    pub ties: f64,
}

/// Why a range matchup has no result.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RangeError {
    /// Fewer than two players.
    TooFewPlayers,
    /// The players' cards, the dead cards and a whole board do not fit in one deck.
    DeckTooShort,
    /// Every choice of one combo per player shares a card (with another or the board).
    NoDeal,
    /// Exact counting was asked for (or chosen) but would take too long: more than
    /// `MAX_EXACT_DEALS` joint deals, or, for [`Method::Auto`], more than its time.
    TooLarge,
}

impl std::fmt::Display for RangeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            RangeError::TooFewPlayers => "a matchup needs at least two players",
            RangeError::DeckTooShort => {
                "the players, the dead cards and the board need more than 52 cards"
            }
            RangeError::NoDeal => {
                "no deal is possible: every choice of one combo per player shares a card (with \
                 another combo, the board or the dead cards)"
            }
            RangeError::TooLarge => {
                "too many deals to count exactly: sample them instead (--sample)"
            }
        })
    }
}

impl std::error::Error for RangeError {}

impl ComboEquity {
    /// The first player's equity with the combo, from 0 to 1.
    pub fn equity(&self) -> f64 {
        self.wins + self.ties
    }
}

impl RangeEquity {
    /// Player `player`'s equity: the share of all pots they win, from 0 to 1.
    pub fn equity(&self, player: usize) -> f64 {
        self.wins[player] + self.ties[player]
    }
}

/// The most joint deals an exact count walks through: enough for one hand against two random
/// hands (1.4 million), and it bounds the memory the walk takes.
pub const MAX_EXACT_DEALS: u64 = 20_000_000;

/// Counts `matchup` by `method` on up to `threads` threads, calling `progress` now and then with
/// the share of the work done (from 0 to 1; for a sampled count, its best guess).
///
/// ```
/// use holdem_equity::{Method, RangeMatchup, range_equity};
/// use judge_io::Threads;
///
/// let matchup = RangeMatchup {
///     ranges: ["QQ+,AKs", "JJ-88,AQs+"].map(|text| text.parse().unwrap()).to_vec(),
///     board: vec![],
///     dead: vec![],
/// };
/// let result = range_equity(&matchup, Method::Exact, Threads::ONE, &|_| {}).unwrap();
/// assert_eq!(format!("{:.4}", 100.0 * result.equity(0)), "73.4378");
/// ```
pub fn range_equity(
    matchup: &RangeMatchup,
    method: Method,
    threads: Threads,
    progress: &(dyn Fn(f64) + Sync),
) -> Result<RangeEquity, RangeError> {
    let players = matchup.ranges.len();
    if players < 2 {
        return Err(RangeError::TooFewPlayers);
    }
    if matchup.dead.len() + 5 + 2 * players > 52 {
        return Err(RangeError::DeckTooShort);
    }
    match method {
        Method::Exact => exact(matchup, None, threads, progress),
        Method::Sampled(sampling) => sample::sampled(matchup, &sampling, threads, progress),
        Method::Auto {
            exact_within,
            sampling,
        } => match exact(matchup, Some(exact_within), threads, progress) {
            Err(RangeError::TooLarge) => sample::sampled(matchup, &sampling, threads, progress),
            result => result,
        },
    }
}

/// The joint deals of a matchup, grouped by their renaming.
struct Deals {
    /// Each group's canonical deal (see [`canonical`]).
    distinct: Vec<Vec<Card>>,
    /// The weight of each group's deals, by the group, the first player's combo (its place in
    /// the first range) and where the deal's players sit in the canonical deal.
    weights: HashMap<(usize, usize, Seats), f64>,
    /// How many deals there are in all.
    count: u64,
}

/// Counts every joint deal, or gives up with [`RangeError::TooLarge`] once the work is known to
/// take longer than `time_limit` (or to pass [`MAX_EXACT_DEALS`]).
fn exact(
    matchup: &RangeMatchup,
    time_limit: Option<Duration>,
    threads: Threads,
    progress: &(dyn Fn(f64) + Sync),
) -> Result<RangeEquity, RangeError> {
    let players = matchup.ranges.len();
    let deals = distinct_deals(matchup, time_limit, threads)?;
    if deals.distinct.is_empty() {
        return Err(RangeError::NoDeal);
    }
    let results = count_canonical(
        &deals.distinct,
        players,
        matchup.board.len(),
        threads,
        progress,
    );
    let first_range = matchup.ranges[0].combos();
    let mut total = Totals::new(players);
    let mut by_first_combo: Vec<Totals> = first_range.iter().map(|_| Totals::new(1)).collect();
    // Summed in a fixed order, so the figures do not depend on the threads.
    let mut weights: Vec<(&(usize, usize, Seats), &f64)> = deals.weights.iter().collect();
    weights.sort_unstable_by_key(|&(&key, _)| key);
    for (&(group, first, seats), &weight) in weights {
        let (wins, ties) = seats.unshuffle(&results[group], players);
        total.add(weight, &wins, &ties);
        by_first_combo[first].add(weight, &wins[..1], &ties[..1]);
    }
    let first_player_combos = first_range
        .iter()
        .zip(&by_first_combo)
        .filter(|(_, totals)| totals.weight > 0.0)
        .map(|(&(combo, _), totals)| ComboEquity {
            combo,
            share: totals.weight / total.weight,
            wins: totals.wins[0] / totals.weight,
            ties: totals.ties[0] / totals.weight,
        })
        .collect();
    Ok(RangeEquity {
        counted: Counted::Exact {
            deals: deals.count,
            distinct_deals: deals.distinct.len() as u64,
        },
        wins: total.wins.iter().map(|&wins| wins / total.weight).collect(),
        ties: total.ties.iter().map(|&ties| ties / total.weight).collect(),
        first_player_combos,
    })
}

/// Counts each canonical deal (of `players` players and a board of `board` cards) over every
/// board, on up to `threads` threads; the results in the deals' order.
pub(crate) fn count_canonical(
    deals: &[Vec<Card>],
    players: usize,
    board: usize,
    threads: Threads,
    progress: &(dyn Fn(f64) + Sync),
) -> Vec<Shares> {
    // One deal alone gets the threads to itself; otherwise each thread counts whole deals.
    let inner_threads = if deals.len() == 1 {
        threads
    } else {
        Threads::ONE
    };
    let count = |key: &[Card]| {
        let (holes, rest) = key.split_at(2 * players);
        let (board, dead) = rest.split_at(board);
        let matchup = Matchup {
            players: holes.chunks(2).map(|hole| [hole[0], hole[1]]).collect(),
            board: board.to_vec(),
            dead: dead.to_vec(),
        };
        let counted = equity(&matchup, inner_threads);
        let pots = counted.boards as f64;
        let denominator = (counted.boards * counted.tie_denominator) as f64;
        let wins: Vec<f64> = counted
            .wins
            .iter()
            .map(|&wins| wins as f64 / pots)
            .collect();
        let ties: Vec<f64> = counted
            .tie_units
            .iter()
            .map(|&units| units as f64 / denominator)
            .collect();
        (wins, ties)
    };
    // Deals finish out of order on several threads: the share done is what has finished.
    let done = AtomicUsize::new(0);
    map_on_threads(deals.len(), threads, |index| {
        let shares = count(&deals[index]);
        let finished = done.fetch_add(1, Ordering::Relaxed) + 1;
        progress(finished as f64 / deals.len() as f64);
        shares
    })
}

/// Walks every joint deal and groups them by renaming; [`RangeError::TooLarge`] as soon as the
/// deals, or the expected time to count the groups so far, pass their limits.
fn distinct_deals(
    matchup: &RangeMatchup,
    time_limit: Option<Duration>,
    threads: Threads,
) -> Result<Deals, RangeError> {
    let players = matchup.ranges.len();
    let first_range = matchup.ranges[0].combos();
    let seconds_per_group = seconds_per_deal(players, matchup.board.len()) / threads.get() as f64;
    // A first guess before walking: the deals if no two combos collided (a few percent more than
    // there are), each class of renamings as large as it can be.
    if let Some(limit) = time_limit {
        let most_deals: f64 = matchup
            .ranges
            .iter()
            .map(|range| range.len() as f64)
            .product();
        let fewest_groups = most_deals / (24 * factorial(players)) as f64;
        let least_seconds = most_deals * SECONDS_PER_RENAMING + fewest_groups * seconds_per_group;
        if least_seconds > limit.as_secs_f64() {
            return Err(RangeError::TooLarge);
        }
    }
    let seating = Seating::new(&matchup.ranges);
    let mut groups: HashMap<Vec<Card>, usize> = HashMap::new();
    let mut deals = Deals {
        distinct: Vec::new(),
        weights: HashMap::new(),
        count: 0,
    };
    let mut too_large = false;
    let taken: CardSet = matchup.board.iter().chain(&matchup.dead).copied().collect();
    let mut chosen = Vec::with_capacity(players);
    deal(
        &matchup.ranges,
        taken,
        1.0,
        &mut chosen,
        &mut |holes, weight| {
            deals.count += 1;
            let (key, seats) = canonical(holes, &matchup.board, &matchup.dead, &seating);
            let group = group_of(&mut groups, &mut deals.distinct, key);
            // A range keeps its combos in order.
            let first = first_range
                .binary_search_by_key(&holes[0], |&(combo, _)| combo)
                .expect("the first combo comes from the first range");
            *deals.weights.entry((group, first, seats)).or_default() += weight;
            let expected_seconds = deals.count as f64 * SECONDS_PER_RENAMING
                + deals.distinct.len() as f64 * seconds_per_group;
            too_large = deals.count > MAX_EXACT_DEALS
                || time_limit.is_some_and(|limit| expected_seconds > limit.as_secs_f64());
            !too_large
        },
    );
    if too_large {
        Err(RangeError::TooLarge)
    } else {
        Ok(deals)
    }
}

/// The place of `key` among the canonical deals found so far, adding it if it is new.
pub(crate) fn group_of(
    groups: &mut HashMap<Vec<Card>, usize>,
    distinct: &mut Vec<Vec<Card>>,
    key: Vec<Card>,
) -> usize {
    if let Some(&group) = groups.get(&key) {
        return group;
    }
    groups.insert(key.clone(), distinct.len());
    distinct.push(key);
    distinct.len() - 1
}

fn factorial(number: usize) -> usize {
    (1..=number).product::<usize>().max(1)
}

/// About how long finding a deal's renaming takes, on this project's reference machine.
const SECONDS_PER_RENAMING: f64 = 2.0e-6;

/// About how long counting one deal over every board takes on one thread, on this project's
/// reference machine (see BENCHMARKS.md): most for a whole board to come, growing with the
/// players.
fn seconds_per_deal(players: usize, board: usize) -> f64 {
    let players = players as f64;
    match board {
        0 => 2.5e-4 + 1.0e-4 * players,
        3 => 2.0e-6 + 1.5e-6 * players,
        4 => 0.6e-6 + 0.4e-6 * players,
        _ => 0.2e-6 + 0.1e-6 * players,
    }
}

/// Each player's share of the pots won alone and of the pots split, from 0 to 1.
pub(crate) type Shares = (Vec<f64>, Vec<f64>);

/// Running weighted sums over deals.
struct Totals {
    weight: f64,
    wins: Vec<f64>,
    ties: Vec<f64>,
}

impl Totals {
    fn new(players: usize) -> Totals {
        Totals {
            weight: 0.0,
            wins: vec![0.0; players],
            ties: vec![0.0; players],
        }
    }

    /// Adds a deal of `weight` whose players' win and tie shares are `wins` and `ties`.
    fn add(&mut self, weight: f64, wins: &[f64], ties: &[f64]) {
        self.weight += weight;
        for (total, wins) in self.wins.iter_mut().zip(wins) {
            *total += weight * wins;
        }
        for (total, ties) in self.ties.iter_mut().zip(ties) {
            *total += weight * ties;
        }
    }
}

/// Calls `visit(holes, weight)` for every choice of one combo per remaining range, added to
/// `chosen`, that shares no card with `taken` (the board, the dead cards and `chosen`), until
/// `visit` returns `false`; returns whether it never did.
pub(crate) fn deal(
    ranges: &[Range],
    taken: CardSet,
    weight: f64,
    chosen: &mut Vec<Combo>,
    visit: &mut impl FnMut(&[Combo], f64) -> bool,
) -> bool {
    let Some((range, rest)) = ranges.split_first() else {
        return visit(chosen, weight);
    };
    for &(combo, combo_weight) in range.combos() {
        // Both cards must be new to the deal.
        let mut now_taken = taken;
        if !(now_taken.insert(combo[0]) && now_taken.insert(combo[1])) {
            continue;
        }
        chosen.push(combo);
        let go_on = deal(rest, now_taken, weight * combo_weight, chosen, visit);
        chosen.pop();
        if !go_on {
            return false;
        }
    }
    true
}

/// Which players may trade places: those with the same range. Trading their hands leaves the
/// deal's weight and, player for player, its result.
pub(crate) struct Seating {
    /// The players of each set of equal ranges, in order.
    tables: Vec<Vec<usize>>,
}

impl Seating {
    /// Players with equal ranges may trade places.
    pub(crate) fn new(ranges: &[Range]) -> Seating {
        let mut tables: Vec<Vec<usize>> = Vec::new();
        for (player, range) in ranges.iter().enumerate() {
            match tables.iter_mut().find(|table| ranges[table[0]] == *range) {
                Some(table) => table.push(player),
                None => tables.push(vec![player]),
            }
        }
        Seating { tables }
    }

    /// Every player may trade places with every other: for a matchup whose players' results are
    /// wanted whichever seat they hold.
    pub(crate) fn anyone(players: usize) -> Seating {
        Seating {
            tables: vec![(0..players).collect()],
        }
    }
}

/// Where each player of a deal sits in its canonical deal: five bits per player.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(crate) struct Seats(u128);

impl Seats {
    /// The seat of `player`.
    pub(crate) fn of(self, player: usize) -> usize {
        (self.0 >> (5 * player) & 31) as usize
    }

    /// The canonical deal's results put back in the deal's own order of players.
    fn unshuffle(self, (wins, ties): &Shares, players: usize) -> Shares {
        (0..players)
            .map(|player| (wins[self.of(player)], ties[self.of(player)]))
            .unzip()
    }
}

/// The smallest form of a deal under the 24 renamings of the suits (applied to the board and
/// dead cards too) and the trading of places `seating` allows, as one list of cards: each
/// seat's hole cards (higher first), then the board and the dead cards, each sorted; and where
/// each of the deal's players sits in it.
pub(crate) fn canonical(
    holes: &[Combo],
    board: &[Card],
    dead: &[Card],
    seating: &Seating,
) -> (Vec<Card>, Seats) {
    let mut best: Option<(Vec<Card>, Seats)> = None;
    let mut renamed_holes: Vec<Combo> = Vec::with_capacity(holes.len());
    let mut seated: Vec<Combo> = vec![[Card::ALL[0]; 2]; holes.len()];
    for permutation in PERMUTATIONS {
        let rename =
            |card: Card| Card::new(card.rank(), Suit::ALL[permutation[card.suit() as usize]]);
        renamed_holes.clear();
        renamed_holes.extend(holes.iter().map(|hole| {
            let (a, b) = (rename(hole[0]), rename(hole[1]));
            [a.max(b), a.min(b)]
        }));
        // At each table, the highest hand takes the first seat.
        let mut seats = 0u128;
        for table in &seating.tables {
            let mut order: Vec<usize> = table.clone();
            order.sort_by(|&a, &b| renamed_holes[b].cmp(&renamed_holes[a]).then(a.cmp(&b)));
            for (&seat, &player) in table.iter().zip(&order) {
                seated[seat] = renamed_holes[player];
                seats |= (seat as u128) << (5 * player);
            }
        }
        let mut key = Vec::with_capacity(2 * holes.len() + board.len() + dead.len());
        key.extend(seated.iter().flatten());
        for cards in [board, dead] {
            let start = key.len();
            key.extend(cards.iter().map(|&card| rename(card)));
            key[start..].sort_unstable();
        }
        if best.as_ref().is_none_or(|(smallest, _)| key < *smallest) {
            best = Some((key, Seats(seats)));
        }
    }
    best.expect("24 permutations")
}

/// Every permutation of the four suits, as the new suit of each.
const PERMUTATIONS: [[usize; 4]; 24] = {
    let mut all = [[0; 4]; 24];
    let mut found = 0;
    let mut code = 0;
    while code < 256 {
        let p = [code & 3, code >> 2 & 3, code >> 4 & 3, code >> 6];
        let mut seen = 0u8;
        let mut index = 0;
        while index < 4 {
            seen |= 1 << p[index];
            index += 1;
        }
        if seen == 0b1111 {
            all[found] = p;
            found += 1;
        }
        code += 1;
    }
    all
};
