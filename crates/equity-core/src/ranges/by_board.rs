//! Range against range heads-up after the flop, board by board: every combo of each range is
//! valued once per board, and a sweep over the combos sorted by value gives each of the first
//! player's combos its wins and ties against the whole other range at once.
//!
//! Card removal is counted per card: the other range's combos below a value that share a card
//! with a combo `{c1, c2}` are those holding `c1` plus those holding `c2` (none holds both but
//! the combo itself, which is never below its own value and always equal to it). Every joint
//! deal has as many boards to come as any other (the deck less the board, the dead cards and four
//! hole cards), so summing over boards first and deals second counts every deal over every board
//! once, as the deal-by-deal count does.
//!
//! Boards are counted in fixed chunks summed in order, so the figures do not depend on the
//! threads.

use cards_core::holdem::{COMBOS, Combo, combo_index};
use cards_core::{Card, CardSet, Hand};
use work_threads::{Threads, map_on_threads};

use crate::error::EquityError;
use crate::progress::Progress;
use crate::ranges::exact::choose;
use crate::ranges::matchup::RangeMatchup;
use crate::ranges::result::{ComboEquity, Counted, RangeEquity};
use crate::shares::PotShares;

/// Boards counted together on one thread, between two looks at progress.
const CHUNK: usize = 16;

/// Whether a matchup is counted board by board: two players and a flop or more, when valuing
/// each combo once per board is expected to be less work than counting each joint deal over its
/// boards (not for a hand against a hand, say: one deal, a few hundred boards by their ranks).
pub(crate) fn applies(matchup: &RangeMatchup) -> bool {
    if matchup.ranges.len() != 2 || matchup.board.len() < 3 {
        return false;
    }
    let (first, second) = (
        matchup.ranges[0].len() as f64,
        matchup.ranges[1].len() as f64,
    );
    let deck = (52 - matchup.board.len() - matchup.dead.len()) as f64;
    let (boards, boards_per_deal) = if matchup.board.len() == 3 {
        (deck * (deck - 1.0) / 2.0, (deck - 4.0) * (deck - 5.0) / 2.0)
    } else if matchup.board.len() == 4 {
        (deck, deck - 4.0)
    } else {
        (1.0, 1.0)
    };
    // Nanoseconds, as measured on this project's machine (BENCHMARKS.md): a deal costs about
    // 2 µs to group and 10 ns a board; a board here 200 ns and 20 ns a combo.
    let by_deal = first * second * (2000.0 + 10.0 * boards_per_deal);
    let by_board = boards * (200.0 + 20.0 * (first + second));
    by_board < by_deal
}

/// One combo of a range, with what the sweep needs.
#[derive(Clone, Copy)]
struct Entry {
    combo: Combo,
    cards: Hand,
    set: CardSet,
    weight: f64,
}

/// One range's combos off the board and dead cards, and their weights by card and by combo.
struct Side {
    entries: Vec<Entry>,
    /// The sum of the weights.
    total: f64,
    /// The weight of the combos holding each card.
    by_card: [f64; 52],
    /// The weight of each of the 1,326 combos (0 outside the range).
    by_combo: Vec<f64>,
}

impl Side {
    fn new(combos: &[(Combo, f64)], out: CardSet) -> Side {
        let entries: Vec<Entry> = combos
            .iter()
            .map(|&(combo, weight)| Entry {
                combo,
                cards: Hand::from_cards(&combo),
                set: combo.into_iter().collect(),
                weight,
            })
            .filter(|entry| (entry.set & out).is_empty())
            .collect();
        let mut by_card = [0.0; 52];
        let mut by_combo = vec![0.0; COMBOS];
        for entry in &entries {
            by_card[entry.combo[0].index()] += entry.weight;
            by_card[entry.combo[1].index()] += entry.weight;
            by_combo[combo_index(entry.combo)] = entry.weight;
        }
        Side {
            total: entries.iter().map(|entry| entry.weight).sum(),
            entries,
            by_card,
            by_combo,
        }
    }

    /// The weight of this side's combos that share no card with `combo`.
    fn apart_from(&self, combo: Combo) -> f64 {
        self.total - self.by_card[combo[0].index()] - self.by_card[combo[1].index()]
            + self.by_combo[combo_index(combo)]
    }
}

/// Each of the first player's combos' sums over boards: the weight of the other player's combos
/// it beats, ties and loses to.
#[derive(Clone, Copy, Default)]
struct Sums {
    wins: f64,
    ties: f64,
    losses: f64,
}

/// Counts a heads-up matchup with a flop or more (see [`applies`]) board by board.
pub(crate) fn by_board(
    matchup: &RangeMatchup,
    threads: Threads,
    progress: &dyn Progress,
) -> Result<RangeEquity, EquityError> {
    let out: CardSet = matchup.board.iter().chain(&matchup.dead).copied().collect();
    let first = Side::new(matchup.ranges[0].combos(), out);
    let second = Side::new(matchup.ranges[1].combos(), out);
    // Each of the first player's combos: the weight and the number of the other's combos it can
    // be dealt with.
    let apart: Vec<f64> = first
        .entries
        .iter()
        .map(|entry| second.apart_from(entry.combo))
        .collect();
    let deals: u64 = first
        .entries
        .iter()
        .map(|entry| {
            second
                .entries
                .iter()
                .filter(|other| (other.set & entry.set).is_empty())
                .count() as u64
        })
        .sum();
    let total: f64 = first
        .entries
        .iter()
        .zip(&apart)
        .map(|(entry, &apart)| entry.weight * apart)
        .sum();
    // Weights are above 0: no deal is the same as no weight.
    if deals == 0 {
        return Err(EquityError::NoDeal);
    }

    let deck: Vec<Card> = (!out).into_iter().collect();
    let missing = 5 - matchup.board.len();
    let boards = completions(&deck, missing);
    let board = Hand::from_cards(&matchup.board);
    let chunks = boards.len().div_ceil(CHUNK);
    let done = std::sync::atomic::AtomicUsize::new(0);
    let counted: Vec<Result<Vec<Sums>, EquityError>> = map_on_threads(chunks, threads, |chunk| {
        if progress.is_cancelled() {
            return Err(EquityError::Cancelled);
        }
        let mut sums = vec![Sums::default(); first.entries.len()];
        let mut sweep = Sweep::default();
        for added in &boards[chunk * CHUNK..boards.len().min((chunk + 1) * CHUNK)] {
            sweep.count(board, *added, &first, &second, &mut sums);
        }
        let finished = done.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1;
        progress.report(finished as f64 / chunks as f64);
        Ok(sums)
    });
    let mut sums = vec![Sums::default(); first.entries.len()];
    for chunk in counted {
        for (total, add) in sums.iter_mut().zip(chunk?) {
            total.wins += add.wins;
            total.ties += add.ties;
            total.losses += add.losses;
        }
    }

    // Every deal is counted over the same number of boards: those that miss its four cards.
    let per_deal = choose((deck.len() - 4) as u64, missing as u64) as f64;
    let (mut wins, mut ties, mut losses) = (0.0, 0.0, 0.0);
    let mut first_player_combos = Vec::new();
    for ((entry, &apart), sums) in first.entries.iter().zip(&apart).zip(&sums) {
        wins += entry.weight * sums.wins;
        ties += entry.weight * sums.ties;
        losses += entry.weight * sums.losses;
        if apart > 0.0 {
            let boards = apart * per_deal;
            first_player_combos.push(ComboEquity {
                combo: entry.combo,
                frequency: entry.weight * apart / total,
                shares: PotShares {
                    wins: sums.wins / boards,
                    ties: sums.ties / 2.0 / boards,
                },
            });
        }
    }
    let all = total * per_deal;
    let split = ties / 2.0 / all;
    Ok(RangeEquity {
        counted: Counted::Exact {
            deals,
            distinct_deals: deals,
        },
        players: vec![
            PotShares {
                wins: wins / all,
                ties: split,
            },
            PotShares {
                wins: losses / all,
                ties: split,
            },
        ],
        first_player_combos,
    })
}

/// Every way to add `missing` (0, 1 or 2) cards of `deck` to the board.
fn completions(deck: &[Card], missing: usize) -> Vec<CardSet> {
    match missing {
        0 => vec![CardSet::EMPTY],
        1 => deck.iter().map(|&card| CardSet::of(card)).collect(),
        2 => deck
            .iter()
            .enumerate()
            .flat_map(|(index, &first)| {
                deck[index + 1..]
                    .iter()
                    .map(move |&second| [first, second].into_iter().collect())
            })
            .collect(),
        _ => unreachable!("a flop or more is on the board"),
    }
}

/// Sorts packed values and places by the value (the high 16 bits), a byte at a time: two
/// counting passes, quicker than a comparison sort for a thousand combos. Equal values keep
/// their order, which the sweep does not need.
fn sort_by_value(values: &mut Vec<u32>, scratch: &mut Vec<u32>) {
    for shift in [16, 24] {
        let mut starts = [0usize; 257];
        for &value in values.iter() {
            starts[((value >> shift) & 0xFF) as usize + 1] += 1;
        }
        for digit in 0..256 {
            starts[digit + 1] += starts[digit];
        }
        scratch.clear();
        scratch.resize(values.len(), 0);
        for &value in values.iter() {
            let slot = &mut starts[((value >> shift) & 0xFF) as usize];
            scratch[*slot] = value;
            *slot += 1;
        }
        std::mem::swap(values, scratch);
    }
}

/// The combo's place in its side, from a packed value and place.
fn place(packed: u32) -> usize {
    (packed & 0xFFFF) as usize
}

/// Room for one board's sweep, kept between boards.
#[derive(Default)]
struct Sweep {
    /// Each side's combos off the board, sorted by value: the value in the high 16 bits, the
    /// combo's place (below 1,326) in the low 16, so that one integer sort orders them.
    first: Vec<u32>,
    second: Vec<u32>,
    /// Room for the radix sort.
    scratch: Vec<u32>,
}

impl Sweep {
    /// Adds one board's wins, ties and losses to each of the first player's combos.
    fn count(
        &mut self,
        board: Hand,
        added: CardSet,
        first: &Side,
        second: &Side,
        sums: &mut [Sums],
    ) {
        let full = added.into_iter().fold(board, Hand::add);
        for (side, values) in [(first, &mut self.first), (second, &mut self.second)] {
            values.clear();
            // A range holds at most 1,326 combos: a place fits in 16 bits.
            values.extend(
                (0u32..)
                    .zip(&side.entries)
                    .filter(|(_, entry)| (entry.set & added).is_empty())
                    .map(|(place, entry)| {
                        u32::from(full.combine(entry.cards).evaluate().to_raw()) << 16 | place
                    }),
            );
            sort_by_value(values, &mut self.scratch);
        }
        // The other side's weight below the value reached, and at most it: in all and by card.
        let (mut below, mut at_most) = (0.0, 0.0);
        let (mut below_by_card, mut at_most_by_card) = ([0.0; 52], [0.0; 52]);
        let (mut on_board, mut on_board_by_card) = (0.0, [0.0; 52]);
        for &packed in &self.second {
            let entry = &second.entries[place(packed)];
            on_board += entry.weight;
            on_board_by_card[entry.combo[0].index()] += entry.weight;
            on_board_by_card[entry.combo[1].index()] += entry.weight;
        }
        let (mut next_below, mut next_at_most) = (0, 0);
        for &packed in &self.first {
            let (value, place) = (packed >> 16, place(packed));
            let entry = &first.entries[place];
            while let Some(&other) = self.second.get(next_below) {
                if other >> 16 >= value {
                    break;
                }
                let other = &second.entries[self::place(other)];
                below += other.weight;
                below_by_card[other.combo[0].index()] += other.weight;
                below_by_card[other.combo[1].index()] += other.weight;
                next_below += 1;
            }
            while let Some(&other) = self.second.get(next_at_most) {
                if other >> 16 > value {
                    break;
                }
                let other = &second.entries[self::place(other)];
                at_most += other.weight;
                at_most_by_card[other.combo[0].index()] += other.weight;
                at_most_by_card[other.combo[1].index()] += other.weight;
                next_at_most += 1;
            }
            let [high, low] = entry.combo.map(Card::index);
            // The other side's copy of this very combo, if any: equal, and holding both cards.
            let itself = second.by_combo[combo_index(entry.combo)];
            let wins = below - below_by_card[high] - below_by_card[low];
            let up_to = at_most - at_most_by_card[high] - at_most_by_card[low] + itself;
            let apart = on_board - on_board_by_card[high] - on_board_by_card[low] + itself;
            let sums = &mut sums[place];
            sums.wins += wins;
            sums.ties += up_to - wins;
            sums.losses += apart - up_to;
        }
    }
}

#[cfg(test)]
mod tests {
    use cards_core::Card;
    use cards_core::holdem::Range;
    use seeded_rng::SeededRng;
    use work_threads::Threads;

    use super::{applies, by_board};
    use crate::error::EquityError;
    use crate::progress::Silent;
    use crate::ranges::exact::{MAX_EXACT_DEALS, exact};
    use crate::ranges::matchup::RangeMatchup;
    use crate::ranges::result::{Counted, RangeEquity};

    /// Equal but for the order of floating-point additions.
    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() <= 1e-12
    }

    fn same(by_board: &RangeEquity, by_deal: &RangeEquity) -> bool {
        let (
            Counted::Exact { deals, .. },
            Counted::Exact {
                deals: expected, ..
            },
        ) = (&by_board.counted, &by_deal.counted)
        else {
            return false;
        };
        deals == expected
            && by_board.players.len() == by_deal.players.len()
            && by_board
                .players
                .iter()
                .zip(&by_deal.players)
                .all(|(a, b)| close(a.wins, b.wins) && close(a.ties, b.ties))
            && by_board.first_player_combos.len() == by_deal.first_player_combos.len()
            && by_board
                .first_player_combos
                .iter()
                .zip(&by_deal.first_player_combos)
                .all(|(a, b)| {
                    a.combo == b.combo
                        && close(a.frequency, b.frequency)
                        && close(a.shares.wins, b.shares.wins)
                        && close(a.shares.ties, b.shares.ties)
                })
    }

    /// Seeded random heads-up matchups on flops, turns and rivers, with weights, dead cards and
    /// ranges that collide heavily (the same combos on both sides, combos on the board): the
    /// board-by-board count gives what counting each deal over its boards gives.
    #[test]
    fn board_by_board_is_the_deal_by_deal_count() {
        let items = [
            "AA",
            "KK:0.5",
            "AKs",
            "AK",
            "QQ+",
            "T9s",
            "72o:0.25",
            "55-33",
            "JTs",
            "A5s:0.75",
            "KQo",
            "98s+",
            "22+:0.1",
            "AsKs",
            "AhKh:0.3",
            "A2s+, K9o+",
        ];
        let mut rng = SeededRng::new(0xB0A2D);
        let mut deck = Card::ALL;
        for round in 0..48 {
            rng.shuffle(&mut deck);
            let board_cards = [3, 4, 5][round % 3];
            let dead = rng.index(3);
            let range = |rng: &mut SeededRng| -> Range {
                let count = 1 + rng.index(3);
                let text: Vec<&str> = (0..count).map(|_| items[rng.index(items.len())]).collect();
                text.join(", ").parse().unwrap()
            };
            let first = range(&mut rng);
            // Now and then the same range on both sides: every combo collides with itself.
            let second = if round % 5 == 0 {
                first.clone()
            } else {
                range(&mut rng)
            };
            let matchup = RangeMatchup {
                ranges: vec![first, second],
                board: deck[..board_cards].to_vec(),
                dead: deck[board_cards..board_cards + dead].to_vec(),
            };
            let by_deal = exact(&matchup, MAX_EXACT_DEALS, None, Threads::ONE, &Silent);
            let counted = by_board(&matchup, Threads::new(1 + round % 3).unwrap(), &Silent);
            match (counted, by_deal) {
                (Ok(counted), Ok(by_deal)) => {
                    assert!(
                        same(&counted, &by_deal),
                        "{matchup:?}\n{counted:?}\n{by_deal:?}"
                    );
                }
                (Err(EquityError::NoDeal), Err(EquityError::NoDeal)) => {}
                (counted, by_deal) => panic!("{matchup:?}: {counted:?} against {by_deal:?}"),
            }
        }
    }

    #[test]
    fn the_radix_sort_orders_by_value() {
        let mut rng = SeededRng::new(31);
        let mut scratch = Vec::new();
        for length in [0, 1, 2, 100, 1326] {
            let mut values: Vec<u32> = (0..length)
                .map(|place| (u32::try_from(rng.next_u64() >> 48).unwrap() << 16) | place)
                .collect();
            let mut expected = values.clone();
            expected.sort_by_key(|value| value >> 16);
            super::sort_by_value(&mut values, &mut scratch);
            // The same values in order; equal values keep their order (a stable sort).
            assert_eq!(values, expected);
        }
    }

    /// Progress by chunks of boards, to one; a cancelled count is an error, not a figure.
    #[test]
    fn progress_is_reported_chunk_by_chunk_and_a_count_can_be_cancelled() {
        struct Stop;
        impl crate::progress::Progress for Stop {
            fn report(&self, _done: f64) {}
            fn is_cancelled(&self) -> bool {
                true
            }
        }
        let matchup = RangeMatchup::from_text(&["QQ+, AKs", "random"], "AH 7C 2D", "");
        let seen = std::sync::Mutex::new(Vec::new());
        let progress = |done: f64| seen.lock().unwrap().push(done);
        by_board(&matchup, Threads::ONE, &progress).unwrap();
        let seen = seen.into_inner().unwrap();
        // 49 cards give 1,176 turns and rivers: 74 chunks of 16.
        assert_eq!(seen.len(), 74);
        for (chunk, &done) in (1..).zip(&seen) {
            assert!((done - f64::from(chunk) / 74.0).abs() < 1e-12, "{seen:?}");
        }
        assert_eq!(
            by_board(&matchup, Threads::new(2).unwrap(), &Stop).map(|_| ()),
            Err(EquityError::Cancelled)
        );
    }

    /// Board by board where it is the less work: ranges against ranges after the flop; not a
    /// hand against a hand (one deal), preflop, or three players.
    #[test]
    fn board_by_board_is_chosen_where_it_is_less_work() {
        let matchup = |ranges: &[&str], board: &str| RangeMatchup::from_text(ranges, board, "");
        assert!(applies(&matchup(&["QQ+, AKs", "random"], "AH 7C 2D")));
        assert!(applies(&matchup(&["random", "random"], "KH 9H 4C 2S")));
        assert!(applies(&matchup(&["AsKs", "random"], "AH 7C 2D 9S")));
        assert!(applies(&matchup(
            &["22+, ATs+, KQs", "99+, AJ+"],
            "KH 9H 4C"
        )));
        assert!(!applies(&matchup(&["AsKs", "QdQc"], "AH 7C 2D")));
        assert!(applies(&matchup(&["AsKs", "QdQc"], "AH 7C 2D 9S 3S")));
        assert!(!applies(&matchup(&["random", "random"], "")));
        assert!(!applies(&matchup(&["QQ+", "random", "random"], "2C 3D 4H")));
    }
}
