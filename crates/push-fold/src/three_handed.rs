//! Three-handed push or fold: the button pushes or folds; the small blind then calls or folds
//! facing the button's push, or pushes or folds after its fold; the big blind calls or folds
//! facing whatever all-ins came before. Six decisions, 169 hands each.
//!
//! Every hand dealt is a deal of three classes in seat order, weighted by its joint combo deals
//! from the three-way table (so the cards every player holds, folded or not, are removed from
//! the others' exactly), and every showdown is worth what its order of hands gives, side pots
//! included (`settle`). What each decision gains over folding, hand by hand, is then a sum over
//! the other two players' hands of those values times how often the others reach it (`gains`).
//! The solver is CFR+ on those gains (`solve`), the same as heads-up; with three players it has
//! no guarantee of converging, so the exploitability it reaches is measured and reported.

use cards_core::holdem::HandClass;
use equilibrium_core::rule::Rule;

use crate::setup::Setup;
use crate::solve::{Decision, Equilibrium, LANES, Regrets, best_response_gain, dot};
use crate::tables::three_way::ThreeWayTable;
use equity_core::{ClassTriple, Progress, SHOWDOWN_ORDERS};
use work_threads::{Threads, map_on_threads};

const HANDS: usize = HandClass::COUNT;

/// How a hand ends: who pushed (or called), who folded, in seat order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum End {
    /// The button and the small blind fold: the big blind takes the blinds.
    FoldFold,
    /// The button folds, the small blind pushes, the big blind folds.
    FoldPushFold,
    /// The button folds, the small blind pushes, the big blind calls.
    FoldPushCall,
    /// The button pushes, both blinds fold.
    PushFoldFold,
    /// The button pushes, the small blind folds, the big blind calls.
    PushFoldCall,
    /// The button pushes, the small blind calls, the big blind folds.
    PushCallFold,
    /// All three all in.
    PushCallCall,
}

impl End {
    const ALL: [End; 7] = [
        End::FoldFold,
        End::FoldPushFold,
        End::FoldPushCall,
        End::PushFoldFold,
        End::PushFoldCall,
        End::PushCallFold,
        End::PushCallCall,
    ];

    /// Which seats are still in the hand, all in.
    fn in_hand(self) -> [bool; 3] {
        match self {
            End::FoldFold => [false, false, true],
            End::FoldPushFold => [false, true, false],
            End::FoldPushCall => [false, true, true],
            End::PushFoldFold => [true, false, false],
            End::PushFoldCall => [true, false, true],
            End::PushCallFold => [true, true, false],
            End::PushCallCall => [true, true, true],
        }
    }
}

/// The stacks after a hand that ends with the players `in_hand` all in and the others folded
/// (their blinds and antes in the pot), the hands in the order `places` (1 for the best):
/// the pot is shared out in layers by what each put in, each layer to the best hand among the
/// players in the hand who put that much in, split between ties; a layer nobody in the hand
/// reached goes back to who put it in (a big blind beyond a short push, say).
fn settle(setup: &Setup, in_hand: [bool; 3], places: [u8; 3]) -> [f64; 3] {
    let stacks = [setup.stacks[0], setup.stacks[1], setup.stacks[2]];
    let put_in: [f64; 3] = std::array::from_fn(|seat| {
        if in_hand[seat] {
            stacks[seat]
        } else {
            setup.ante + setup.blind_of(seat)
        }
    });
    let mut after: [f64; 3] = std::array::from_fn(|seat| stacks[seat] - put_in[seat]);
    let mut levels = put_in;
    levels.sort_by(f64::total_cmp);
    let mut below = 0.0;
    for level in levels {
        if level <= below {
            continue;
        }
        let share = |seat: usize| put_in[seat].min(level) - put_in[seat].min(below);
        let layer: f64 = (0..3).map(share).sum();
        let reached: Vec<usize> = (0..3)
            .filter(|&seat| in_hand[seat] && put_in[seat] >= level)
            .collect();
        match reached.iter().map(|&seat| places[seat]).min() {
            Some(best) => {
                let winners: Vec<usize> = reached
                    .into_iter()
                    .filter(|&seat| places[seat] == best)
                    .collect();
                for &seat in &winners {
                    after[seat] += layer / winners.len() as f64;
                }
            }
            None => {
                for (seat, after) in after.iter_mut().enumerate() {
                    *after += share(seat);
                }
            }
        }
        below = level;
    }
    after
}

/// What each showdown order of each end is worth to each seat: `[end][order][seat]`.
fn worths(setup: &Setup) -> [[[f64; 3]; 13]; 7] {
    End::ALL.map(|end| {
        SHOWDOWN_ORDERS.map(|places| {
            let after = settle(setup, end.in_hand(), places);
            let worth = setup.worth(&after);
            [worth[0], worth[1], worth[2]]
        })
    })
}

/// The arrays the gains are sums of, for each button hand and small blind hand, by big blind
/// hand (padded to [`LANES`]), each weighted by how often the three hands are dealt: the value
/// differences below, where `E[end][seat]` is what the end is worth to the seat on average
/// over the deal's showdown orders.
const ARRAYS: usize = 9;
/// `E[PushCallCall][2] − E[PushCallFold][2]`: the big blind calling two pushes.
const BB_VS_TWO: usize = 0;
/// `E[PushFoldCall][2] − E[PushFoldFold][2]`: the big blind calling the button.
const BB_VS_BUTTON: usize = 1;
/// `E[FoldPushCall][2] − E[FoldPushFold][2]`: the big blind calling the small blind.
const BB_VS_SMALL: usize = 2;
/// `E[PushCallCall][1] − E[PushCallFold][1]`: the big blind's call of two, to the small blind.
const SB_CALLED_TOO: usize = 3;
/// `E[PushFoldCall][1] − E[PushFoldFold][1]`: the big blind's call of the button, to the small
/// blind who folded.
const SB_BUTTON_CALLED: usize = 4;
/// `E[FoldPushCall][1] − E[FoldPushFold][1]`: the big blind calling the small blind's push.
const SB_PUSH_CALLED: usize = 5;
/// `E[PushFoldCall][0] − E[PushFoldFold][0]`: the big blind calling the button.
const BUTTON_CALLED: usize = 6;
/// `E[PushCallCall][0] − E[PushCallFold][0]`: the big blind's call of two, to the button.
const BUTTON_CALLED_TOO: usize = 7;
/// `E[FoldPushCall][0] − E[FoldPushFold][0]`: the blinds' all-in, to the button who folded.
const BLINDS_ALL_IN: usize = 8;

/// The three-handed game for one setup, as the solver and the best responses read it.
pub(crate) struct ThreeHanded {
    /// By the button's hand.
    rows: Vec<Row>,
    /// Values of the ends without a showdown: `E[PushFoldFold][0] − E[FoldFold][0]` (the
    /// button's steal), `E[FoldPushFold][0] − E[FoldFold][0]` (the small blind's steal, to the
    /// button), `E[FoldPushFold][1] − E[FoldFold][1]` (the small blind's steal).
    button_steal: f64,
    sb_steal_to_button: f64,
    sb_steal: f64,
}

/// What the gains are sums of for one button hand.
struct Row {
    /// For each small blind hand, [`ARRAYS`] arrays by big blind hand.
    arrays: Vec<f32>,
    /// For each small blind hand, how often each big blind hand is dealt with the two (apart
    /// from the arrays, which every iteration reads; this is read once, for the answer).
    dealt_by_big: Vec<f32>,
    /// For each small blind hand, summed over big blind hands, all weighted: how often the
    /// hands are dealt; `E[PushCallFold][1] − E[PushFoldFold][1]` (the small blind calling the
    /// button when the big blind folds); `E[PushCallFold][0] − E[PushFoldFold][0]` (that call,
    /// to the button).
    dealt: Vec<f64>,
    sb_calls_alone: Vec<f64>,
    button_called_by_sb: Vec<f64>,
}

/// The six decisions, in the order the gains and strategies are kept.
pub(crate) const DECISIONS: [Decision; 6] = [
    Decision {
        seat: 0,
        action: "push",
        facing: "",
        column: "button_push",
    },
    Decision {
        seat: 1,
        action: "call",
        facing: "the button's push",
        column: "small_blind_call",
    },
    Decision {
        seat: 1,
        action: "push",
        facing: "after the button folds",
        column: "small_blind_push",
    },
    Decision {
        seat: 2,
        action: "call",
        facing: "the button's push and the small blind's call",
        column: "big_blind_call_vs_both",
    },
    Decision {
        seat: 2,
        action: "call",
        facing: "the button's push alone",
        column: "big_blind_call_vs_button",
    },
    Decision {
        seat: 2,
        action: "call",
        facing: "the small blind's push",
        column: "big_blind_call_vs_small_blind",
    },
];

impl ThreeHanded {
    /// The game of a checked three-handed `setup` on the table `table`, built on this machine's
    /// threads.
    pub(crate) fn new(setup: &Setup, table: &ThreeWayTable) -> ThreeHanded {
        let worth = worths(setup);
        // The ends without a showdown: the same whatever the order.
        let [fold_fold, fold_push_fold, push_fold_fold] =
            [End::FoldFold, End::FoldPushFold, End::PushFoldFold].map(|end| worth[end as usize][0]);
        let rows = map_on_threads(HANDS, Threads::available(), |button| {
            Row::new(button, table, &worth)
        });
        ThreeHanded {
            rows,
            button_steal: push_fold_fold[0] - fold_fold[0],
            sb_steal_to_button: fold_push_fold[0] - fold_fold[0],
            sb_steal: fold_push_fold[1] - fold_fold[1],
        }
    }

    /// Each decision's gains over folding, hand by hand (weighted by how often the hand is
    /// dealt), against the strategies of the others, all by hand in the grid's order and padded
    /// to [`LANES`]: one pass over the arrays, on this machine's threads, added up in the same
    /// order on any number of them.
    pub(crate) fn gains(&self, strategies: &[Vec<f64>; 6], gains: &mut [Vec<f64>; 6]) {
        #[expect(
            clippy::cast_possible_truncation,
            reason = "frequencies in single precision, as the arrays are"
        )]
        let lanes = |strategy: &[f64]| -> Vec<f32> {
            strategy.iter().map(|&frequency| frequency as f32).collect()
        };
        let big_blind = [&strategies[3], &strategies[4], &strategies[5]].map(|s| lanes(s));
        // Thirteen button hands a share.
        let shares = map_on_threads(13, Threads::available(), |share| {
            let mut partial: [Vec<f64>; 6] = std::array::from_fn(|_| vec![0.0; LANES]);
            for button in 13 * share..13 * share + 13 {
                self.add_row(button, strategies, &big_blind, &mut partial);
            }
            partial
        });
        for gain in gains.iter_mut() {
            gain.fill(0.0);
        }
        for partial in shares {
            for (gain, partial) in gains.iter_mut().zip(partial) {
                for (gain, partial) in gain.iter_mut().zip(partial) {
                    *gain += partial;
                }
            }
        }
    }

    /// Adds the gains of the deals where the button holds `button` to `gains`.
    fn add_row(
        &self,
        button: usize,
        strategies: &[Vec<f64>; 6],
        [bb_two, bb_button, bb_small]: &[Vec<f32>; 3],
        gains: &mut [Vec<f64>; 6],
    ) {
        let row = &self.rows[button];
        let [_, sb_call, sb_push, ..] = strategies;
        let pushes = strategies[0][button];
        let [
            g_button,
            g_sb_call,
            g_sb_push,
            g_bb_two,
            g_bb_button,
            g_bb_small,
        ] = gains;
        for small in 0..HANDS {
            let dealt = row.dealt[small];
            if dealt == 0.0 {
                continue;
            }
            let block = &row.arrays[small * ARRAYS * LANES..(small + 1) * ARRAYS * LANES];
            let array = |index: usize| &block[index * LANES..(index + 1) * LANES];
            let [
                sb_called_too,
                sb_button_called,
                sb_push_called,
                button_called,
                button_called_too,
                blinds_all_in,
            ] = [
                dot(array(SB_CALLED_TOO), bb_two),
                dot(array(SB_BUTTON_CALLED), bb_button),
                dot(array(SB_PUSH_CALLED), bb_small),
                dot(array(BUTTON_CALLED), bb_button),
                dot(array(BUTTON_CALLED_TOO), bb_two),
                dot(array(BLINDS_ALL_IN), bb_small),
            ];
            let (calls, small_pushes) = (sb_call[small], sb_push[small]);
            g_button[button] += self.button_steal * dealt
                + button_called
                + calls * (row.button_called_by_sb[small] - button_called + button_called_too)
                - small_pushes * (self.sb_steal_to_button * dealt + blinds_all_in);
            g_sb_call[small] +=
                pushes * (row.sb_calls_alone[small] + sb_called_too - sb_button_called);
            g_sb_push[small] += (1.0 - pushes) * (self.sb_steal * dealt + sb_push_called);
            add_times(g_bb_two, pushes * calls, array(BB_VS_TWO));
            add_times(g_bb_button, pushes * (1.0 - calls), array(BB_VS_BUTTON));
            add_times(
                g_bb_small,
                (1.0 - pushes) * small_pushes,
                array(BB_VS_SMALL),
            );
        }
    }

    /// How often each hand faces each decision against `strategies`, summed over the deals as
    /// the gains are (by decision, by hand, padded to [`LANES`]).
    pub(crate) fn reached(&self, strategies: &[Vec<f64>; 6]) -> [Vec<f64>; 6] {
        let mut reached: [Vec<f64>; 6] = std::array::from_fn(|_| vec![0.0; LANES]);
        let [button_pushes, sb_calls, sb_pushes, ..] = strategies;
        for (button, row) in self.rows.iter().enumerate() {
            let pushes = button_pushes[button];
            for (small, &dealt) in row.dealt.iter().enumerate() {
                reached[0][button] += dealt;
                reached[1][small] += pushes * dealt;
                reached[2][small] += (1.0 - pushes) * dealt;
                let (calls, small_pushes) = (sb_calls[small], sb_pushes[small]);
                let by_big = &row.dealt_by_big[small * LANES..(small + 1) * LANES];
                add_times(&mut reached[3], pushes * calls, by_big);
                add_times(&mut reached[4], pushes * (1.0 - calls), by_big);
                add_times(&mut reached[5], (1.0 - pushes) * small_pushes, by_big);
            }
        }
        reached
    }
}

impl Row {
    /// The row of the button's hand `button` (its place in the grid's order), from the table
    /// and what each end's showdown orders are worth ([`worths`]).
    fn new(button: usize, table: &ThreeWayTable, worth: &[[[f64; 3]; 13]; 7]) -> Row {
        let classes: Vec<HandClass> = HandClass::all().collect();
        // Every ordered choice of three combos without a shared card.
        let all_deals = f64::from(1326 * 1225 * 1128);
        let boards = ClassTriple::BOARDS_PER_DEAL as f64;
        let [push_fold_fold, fold_push_fold] =
            [End::PushFoldFold, End::FoldPushFold].map(|end| worth[end as usize][0]);
        let mut row = Row {
            arrays: vec![0.0; HANDS * ARRAYS * LANES],
            dealt_by_big: vec![0.0; HANDS * LANES],
            dealt: vec![0.0; HANDS],
            sb_calls_alone: vec![0.0; HANDS],
            button_called_by_sb: vec![0.0; HANDS],
        };
        for (small, &small_hand) in classes.iter().enumerate() {
            let block = &mut row.arrays[small * ARRAYS * LANES..(small + 1) * ARRAYS * LANES];
            for (big, &big_hand) in classes.iter().enumerate() {
                let triple = table.get([classes[button], small_hand, big_hand]);
                if triple.deals == 0 {
                    continue;
                }
                let weight = triple.deals as f64 / all_deals;
                let deal_boards = triple.deals as f64 * boards;
                // What each end with a showdown is worth to each seat, on average over the
                // orders.
                let mean = |end: End| -> [f64; 3] {
                    let worth = &worth[end as usize];
                    let mut mean = [0.0; 3];
                    for (order, &count) in triple.orders.iter().enumerate() {
                        for seat in 0..3 {
                            mean[seat] += count as f64 * worth[order][seat];
                        }
                    }
                    mean.map(|sum| sum / deal_boards)
                };
                let [pcc, pcf, pfc, fpc] = [
                    End::PushCallCall,
                    End::PushCallFold,
                    End::PushFoldCall,
                    End::FoldPushCall,
                ]
                .map(mean);
                let (pff, fpf) = (push_fold_fold, fold_push_fold);
                let values = [
                    pcc[2] - pcf[2],
                    pfc[2] - pff[2],
                    fpc[2] - fpf[2],
                    pcc[1] - pcf[1],
                    pfc[1] - pff[1],
                    fpc[1] - fpf[1],
                    pfc[0] - pff[0],
                    pcc[0] - pcf[0],
                    fpc[0] - fpf[0],
                ];
                for (array, value) in values.into_iter().enumerate() {
                    // Single precision halves the memory each iteration reads; the sums are
                    // made in double.
                    #[expect(clippy::cast_possible_truncation, reason = "single precision")]
                    let value = (weight * value) as f32;
                    block[array * LANES + big] = value;
                }
                #[expect(clippy::cast_possible_truncation, reason = "single precision")]
                let single = weight as f32;
                row.dealt_by_big[small * LANES + big] = single;
                row.dealt[small] += weight;
                row.sb_calls_alone[small] += weight * (pcf[1] - pff[1]);
                row.button_called_by_sb[small] += weight * (pcf[0] - pff[0]);
            }
        }
        row
    }
}

/// `total[k] += factor · row[k]`.
#[inline]
fn add_times(total: &mut [f64], factor: f64, row: &[f32]) {
    if factor == 0.0 {
        return;
    }
    for (total, &value) in total.iter_mut().zip(row) {
        *total += factor * f64::from(value);
    }
}

/// Most CFR+ iterations three-handed (each a pass over 5 million deals of three hands, about
/// 15 ms): the answer then says how close it came.
pub const MAX_THREE_HANDED_ITERATIONS: usize = 4_000;

/// How often the average strategies' exploitability is measured.
const CHECK_EVERY: usize = 10;

/// Each player's gain from a best response, the sum of its decisions' (its decisions are taken
/// in different hands): the button's, the small blind's, the big blind's.
fn by_player(exploitability: &[f64; 6]) -> [f64; 3] {
    let [button, sb_call, sb_push, bb_two, bb_button, bb_small] = *exploitability;
    [button, sb_call + sb_push, bb_two + bb_button + bb_small]
}

/// An equilibrium of `game` where no player gains more than `precision` by deviating alone (or
/// the closest reached in [`MAX_THREE_HANDED_ITERATIONS`]), by CFR+ with the six decisions
/// updated together. `progress` hears the share of the way from the first check's
/// exploitability down to the precision (on a log scale), and can stop the solve: the average
/// reached so far is then returned, its exploitability measured.
pub(crate) fn solve(game: &ThreeHanded, precision: f64, progress: &dyn Progress) -> Equilibrium {
    let mut regrets: [Regrets; 6] = std::array::from_fn(|_| Regrets::new());
    let mut gains: [Vec<f64>; 6] = std::array::from_fn(|_| vec![0.0; LANES]);
    let mut total_weight = 0.0;
    let mut iteration = 0;
    // The worst player's exploitability at the first check, where the progress starts.
    let mut first = None;
    loop {
        iteration += 1;
        let discounts = Rule::CfrPlus.discounts(iteration);
        total_weight += discounts.weight;
        let current = regrets.each_ref().map(|regrets| regrets.current.clone());
        game.gains(&current, &mut gains);
        for (regrets, gains) in regrets.iter_mut().zip(&gains) {
            regrets.update(gains, discounts);
        }
        let stopped = progress.is_cancelled();
        if iteration % CHECK_EVERY == 0 || iteration == MAX_THREE_HANDED_ITERATIONS || stopped {
            let averages = regrets
                .each_ref()
                .map(|regrets| regrets.average(total_weight));
            let exploitability = exploitability_of(game, &averages, &mut gains);
            let worst = worst_player(&exploitability);
            let start = *first.get_or_insert(worst);
            if start > precision && worst > precision {
                progress.report(((start / worst).ln() / (start / precision).ln()).clamp(0.0, 1.0));
            }
            if worst <= precision || iteration == MAX_THREE_HANDED_ITERATIONS || stopped {
                let (strategies, exploitability) = if worst <= precision {
                    cleaned(game, averages, exploitability, precision, &mut gains)
                } else {
                    (averages, exploitability)
                };
                game.gains(&strategies, &mut gains);
                return Equilibrium::new(
                    &DECISIONS,
                    strategies.to_vec(),
                    [&gains, &game.reached(&strategies)],
                    exploitability.to_vec(),
                    iteration,
                );
            }
        }
    }
}

/// Each decision's gain from a best response to `strategies` (`gains` is scratch space).
fn exploitability_of(
    game: &ThreeHanded,
    strategies: &[Vec<f64>; 6],
    gains: &mut [Vec<f64>; 6],
) -> [f64; 6] {
    game.gains(strategies, gains);
    std::array::from_fn(|decision| best_response_gain(&gains[decision], &strategies[decision]))
}

/// The largest of the players' gains from a best response.
fn worst_player(exploitability: &[f64; 6]) -> f64 {
    by_player(exploitability).into_iter().fold(0.0, f64::max)
}

/// How far from pure a frequency may be to be made pure, tried from the largest: CFR+'s
/// average keeps traces of its first iterations (a hand played 0.3% of the time), which a
/// chart should not show when they do not matter.
const CLEAN_BELOW: [f64; 4] = [0.05, 0.02, 0.01, 0.001];

/// `strategies` with frequencies near 0 or 1 made pure, by the largest margin of
/// [`CLEAN_BELOW`] that keeps every player within `precision`; as they are if none does.
fn cleaned(
    game: &ThreeHanded,
    strategies: [Vec<f64>; 6],
    exploitability: [f64; 6],
    precision: f64,
    gains: &mut [Vec<f64>; 6],
) -> ([Vec<f64>; 6], [f64; 6]) {
    for margin in CLEAN_BELOW {
        let pure = strategies.each_ref().map(|frequencies| {
            frequencies
                .iter()
                .map(|&frequency| {
                    if frequency < margin {
                        0.0
                    } else if frequency > 1.0 - margin {
                        1.0
                    } else {
                        frequency
                    }
                })
                .collect::<Vec<f64>>()
        });
        let pure_exploitability = exploitability_of(game, &pure, gains);
        if worst_player(&pure_exploitability) <= precision {
            return (pure, pure_exploitability);
        }
    }
    (strategies, exploitability)
}

#[cfg(test)]
mod tests {
    use rstest::rstest;

    use super::{End, settle};
    use crate::setup::Setup;

    fn setup(stacks: [f64; 3], ante: f64) -> Setup {
        Setup {
            stacks: stacks.to_vec(),
            blinds: [0.5, 1.0],
            ante,
            payoff: crate::Payoff::Chips,
        }
    }

    /// Side pots worked out by hand: the main pot to the best hand, each side pot to the best
    /// of those who reached it, ties split, what nobody matched given back.
    #[rstest]
    #[case::everyone_in_button_best([10.0, 10.0, 10.0], 0.0, End::PushCallCall, [1, 2, 3], [30.0, 0.0, 0.0])]
    #[case::short_button_best([5.0, 10.0, 20.0], 0.0, End::PushCallCall, [1, 2, 3], [15.0, 10.0, 10.0])]
    #[case::short_button_worst([5.0, 10.0, 20.0], 0.0, End::PushCallCall, [3, 1, 2], [0.0, 25.0, 10.0])]
    #[case::tie_for_the_main_pot([5.0, 10.0, 20.0], 0.0, End::PushCallCall, [1, 1, 3], [7.5, 17.5, 10.0])]
    #[case::three_way_tie([5.0, 10.0, 20.0], 0.0, End::PushCallCall, [1, 1, 1], [5.0, 10.0, 20.0])]
    #[case::short_small_blind_called([10.0, 0.7, 5.0], 0.0, End::FoldPushCall, [3, 1, 2], [10.0, 1.4, 4.3])]
    #[case::big_blind_takes_the_antes([10.0, 10.0, 10.0], 0.1, End::FoldFold, [1, 1, 1], [9.9, 9.4, 10.7])]
    #[case::button_steals([4.0, 10.0, 10.0], 0.1, End::PushFoldFold, [1, 2, 3], [5.7, 9.4, 8.9])]
    #[case::folded_button_ante_to_the_winner([10.0, 10.0, 6.0], 0.1, End::FoldPushCall, [1, 3, 2], [9.9, 4.0, 12.1])]
    fn side_pots(
        #[case] stacks: [f64; 3],
        #[case] ante: f64,
        #[case] end: End,
        #[case] places: [u8; 3],
        #[case] expected: [f64; 3],
    ) {
        let after = settle(&setup(stacks, ante), end.in_hand(), places);
        for (after, expected) in after.iter().zip(expected) {
            assert!((after - expected).abs() < 1e-12, "{after:?} {expected:?}");
        }
        // Chips are neither made nor lost.
        assert!((after.iter().sum::<f64>() - stacks.iter().sum::<f64>()).abs() < 1e-12);
    }
}
