//! Answering lines of ranges (the `ranges` command): counting each, then writing it as text or
//! JSON, with the breakdown by hand or the list of combos when asked.

use std::cmp::Reverse;
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::time::Duration;

use cards_core::holdem::Combo;
use cards_core::{Card, Rank};
use judge_io::{Input, InputError, Threads};

use crate::{Counted, Method, RangeEquity, RangeLine, Sampling, parse_ranges, range_equity};

/// How to count: exact, sampled, or the quicker of the two, and on how many threads; shared by
/// `ranges` and `chart`.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "cli", derive(clap::Args))]
pub struct CountingOptions {
    /// Count every deal and board, however long that takes (at most 20 million deals).
    #[cfg_attr(feature = "cli", arg(long, conflicts_with = "sample"))]
    pub exact: bool,
    /// Sample deals and boards, even when counting them all would be quick.
    #[cfg_attr(feature = "cli", arg(long))]
    pub sample: bool,
    /// When sampling, stop once every equity's standard error is at most this many percentage
    /// points.
    #[cfg_attr(
        feature = "cli",
        arg(long, default_value_t = DEFAULT_PRECISION, value_parser = positive)
    )]
    pub precision: f64,
    /// When sampling, stop after this many seconds whatever the standard error.
    #[cfg_attr(feature = "cli", arg(long, value_parser = positive))]
    pub seconds: Option<f64>,
    /// The seed of the sampling: the same seed gives the same figures, on any number of threads
    /// (unless --seconds stops the run).
    #[cfg_attr(feature = "cli", arg(long, default_value_t = DEFAULT_SEED))]
    pub seed: u64,
    /// Threads to use; the environment variable `JUDGE_THREADS` says the same when the option is
    /// absent, and the default is one per core.
    #[cfg_attr(feature = "cli", arg(long, env = "JUDGE_THREADS", default_value_t))]
    pub threads: Threads,
}

/// The standard error sampling stops at unless told otherwise, in percentage points.
const DEFAULT_PRECISION: f64 = 0.05;
/// The seed of sampling unless told otherwise.
const DEFAULT_SEED: u64 = 1;

impl Default for CountingOptions {
    /// The command line's defaults.
    fn default() -> CountingOptions {
        CountingOptions {
            exact: false,
            sample: false,
            precision: DEFAULT_PRECISION,
            seconds: None,
            seed: DEFAULT_SEED,
            threads: Threads::default(),
        }
    }
}

/// The longest the automatic choice lets an exact count take.
pub const EXACT_WITHIN: Duration = Duration::from_secs(3);

impl CountingOptions {
    /// The method these options ask for: by default exact when that is expected to take at most
    /// [`EXACT_WITHIN`], sampled otherwise.
    pub fn method(&self) -> Method {
        let sampling = Sampling {
            seed: self.seed,
            standard_error: self.precision / 100.0,
            time_limit: self.seconds.map(Duration::from_secs_f64),
        };
        if self.exact {
            Method::Exact
        } else if self.sample {
            Method::Sampled(sampling)
        } else {
            Method::Auto {
                exact_within: EXACT_WITHIN,
                sampling,
            }
        }
    }
}

/// A positive, finite number of the command line.
#[cfg(feature = "cli")]
fn positive(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(number) if number > 0.0 && number.is_finite() => Ok(number),
        _ => Err(format!("'{text}' is not a positive number")),
    }
}

/// How to answer lines of ranges.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
#[cfg_attr(feature = "cli", derive(clap::Args))]
pub struct RangeOptions {
    /// One JSON object per matchup instead of text.
    #[cfg_attr(feature = "cli", arg(long))]
    pub json: bool,
    /// List each range's combos and weights instead of counting.
    #[cfg_attr(feature = "cli", arg(long))]
    pub list: bool,
    /// Add the first player's equity with each hand class of their range.
    #[cfg_attr(feature = "cli", arg(long))]
    pub by_hand: bool,
    /// Exact or sampled, and on how many threads.
    #[cfg_attr(feature = "cli", command(flatten))]
    pub counting: CountingOptions,
}

/// Parses lines of ranges, counts each and returns the whole output; nothing is produced unless
/// every line is valid and has an answer. `progress` hears the share of the whole work done.
pub fn run_ranges(
    input: &[u8],
    options: &RangeOptions,
    progress: &(dyn Fn(f64) + Sync),
) -> Result<Vec<u8>, InputError> {
    let lines = parse_ranges(input)?;
    let mut output = String::new();
    for (index, line) in lines.iter().enumerate() {
        if index > 0 && !options.json {
            output.push('\n');
        }
        if options.list {
            list(line, options.json, &mut output);
            continue;
        }
        let share = |done: f64| progress((index as f64 + done) / lines.len() as f64);
        let result = range_equity(
            &line.matchup,
            options.counting.method(),
            options.counting.threads,
            &share,
        )
        .map_err(|err| Input::new(input).error_at(line.offset, err.to_string()))?;
        if options.json {
            json(line, &result, options, &mut output);
        } else {
            text(line, &result, options, &mut output);
        }
    }
    Ok(output.into_bytes())
}

/// `exact over D deals (C counted)` or `sampled: N deals, seed S`, one line per player, then
/// the breakdown by hand when asked.
fn text(line: &RangeLine, result: &RangeEquity, options: &RangeOptions, output: &mut String) {
    match &result.counted {
        Counted::Exact {
            deals,
            distinct_deals,
        } => writeln!(
            output,
            "exact over {deals} {} ({distinct_deals} counted, the others the same up to the \
             suits' names or the seats of equal ranges) and every board",
            plural(*deals, "deal")
        ),
        Counted::Sampled { deals, boards, .. } => writeln!(
            output,
            "sampled over {deals} random deals and {boards} boards, seed {}",
            options.counting.seed
        ),
    }
    .unwrap();
    for (player, written) in line.texts.iter().enumerate() {
        let range = &line.matchup.ranges[player];
        write!(
            output,
            "{written}  {} {}  equity {:.4}%",
            range.len(),
            plural(range.len() as u64, "combo"),
            100.0 * result.equity(player)
        )
        .unwrap();
        if let Counted::Sampled {
            standard_errors, ..
        } = &result.counted
        {
            write!(output, " ± {:.4}", 100.0 * standard_errors[player]).unwrap();
        }
        writeln!(
            output,
            "  wins {:.4}%  ties {:.4}%",
            100.0 * result.wins[player],
            100.0 * result.ties[player]
        )
        .unwrap();
    }
    if options.by_hand {
        writeln!(output, "by hand of {}:", line.texts[0]).unwrap();
        for class in by_class(result) {
            writeln!(
                output,
                "  {:<4} {:>2} {}  {:>8.4}% of deals  equity {:.4}%",
                class.name,
                class.combos,
                plural(class.combos as u64, "combo"),
                100.0 * class.share,
                100.0 * class.equity
            )
            .unwrap();
        }
    }
}

/// One line of JSON: the method, each player's figures, and the breakdown by hand when asked.
fn json(line: &RangeLine, result: &RangeEquity, options: &RangeOptions, output: &mut String) {
    match &result.counted {
        Counted::Exact {
            deals,
            distinct_deals,
        } => write!(
            output,
            "{{\"method\":\"exact\",\"deals\":{deals},\"distinct_deals\":{distinct_deals},"
        ),
        Counted::Sampled { deals, boards, .. } => write!(
            output,
            "{{\"method\":\"sampled\",\"deals\":{deals},\"boards\":{boards},\"seed\":{},",
            options.counting.seed
        ),
    }
    .unwrap();
    output.push_str("\"players\":[");
    for (player, written) in line.texts.iter().enumerate() {
        if player > 0 {
            output.push(',');
        }
        let range = &line.matchup.ranges[player];
        write!(
            output,
            "{{\"range\":\"{written}\",\"combos\":{},\"weight\":{},\"equity\":{:.6},\
             \"wins\":{:.6},\"ties\":{:.6}",
            range.len(),
            weight_text(range.weight_total()),
            100.0 * result.equity(player),
            100.0 * result.wins[player],
            100.0 * result.ties[player]
        )
        .unwrap();
        if let Counted::Sampled {
            standard_errors, ..
        } = &result.counted
        {
            write!(
                output,
                ",\"standard_error\":{:.6}",
                100.0 * standard_errors[player]
            )
            .unwrap();
        }
        output.push('}');
    }
    output.push(']');
    if options.by_hand {
        output.push_str(",\"by_hand\":[");
        for (index, class) in by_class(result).iter().enumerate() {
            if index > 0 {
                output.push(',');
            }
            write!(
                output,
                "{{\"hand\":\"{}\",\"combos\":{},\"share\":{:.6},\"equity\":{:.6}}}",
                class.name,
                class.combos,
                100.0 * class.share,
                100.0 * class.equity
            )
            .unwrap();
        }
        output.push(']');
    }
    output.push_str("}\n");
}

/// Each range's combos and weights, as text or one line of JSON.
fn list(line: &RangeLine, json: bool, output: &mut String) {
    if json {
        output.push_str("{\"players\":[");
    }
    for (player, (written, range)) in line.texts.iter().zip(&line.matchup.ranges).enumerate() {
        // The combos by class, in the order of the breakdown by hand, highest cards first.
        let mut classes: BTreeMap<ClassOrder, Vec<(Combo, f64)>> = BTreeMap::new();
        for &(combo, weight) in range.combos().iter().rev() {
            classes
                .entry(class_order(class_of(combo)))
                .or_default()
                .push((combo, weight));
        }
        let (count, weight) = (range.len(), weight_text(range.weight_total()));
        if json {
            if player > 0 {
                output.push(',');
            }
            write!(
                output,
                "{{\"range\":\"{written}\",\"combos\":{count},\"weight\":{weight},\"hands\":["
            )
            .unwrap();
            for (index, &(combo, weight)) in classes.values().flatten().enumerate() {
                if index > 0 {
                    output.push(',');
                }
                write!(
                    output,
                    "{{\"combo\":\"{}\",\"weight\":{}}}",
                    combo_text(combo),
                    weight_text(weight)
                )
                .unwrap();
            }
            output.push_str("]}");
        } else {
            let combos = plural(count as u64, "combo");
            writeln!(output, "{written}  {count} {combos}, weight {weight}").unwrap();
            for (order, combos) in &classes {
                let combos: Vec<String> = combos.iter().map(weighted_combo).collect();
                writeln!(
                    output,
                    "  {:<4} {}",
                    class_name(order.0.2),
                    combos.join(" ")
                )
                .unwrap();
            }
        }
    }
    if json {
        output.push_str("]}\n");
    }
}

/// The first player's result with one class of hands.
struct ClassEquity {
    name: String,
    combos: usize,
    share: f64,
    equity: f64,
}

/// The first player's combos grouped by class (`AA`, `AKs`, `AKo`): pairs, suited hands, then
/// offsuit hands, each from the highest ranks down.
fn by_class(result: &RangeEquity) -> Vec<ClassEquity> {
    let mut classes: BTreeMap<ClassOrder, ClassEquity> = BTreeMap::new();
    for combo in &result.first_player_combos {
        let key = class_of(combo.combo);
        let class = classes
            .entry(class_order(key))
            .or_insert_with(|| ClassEquity {
                name: class_name(key),
                combos: 0,
                share: 0.0,
                equity: 0.0,
            });
        class.combos += 1;
        class.share += combo.share;
        // The weighted sum for now; divided by the share below.
        class.equity += combo.share * combo.equity();
    }
    classes
        .into_values()
        .map(|mut class| {
            class.equity /= class.share;
            class
        })
        .collect()
}

/// The order classes are listed in: pairs, then suited hands, then offsuit, each from the
/// highest ranks down.
type ClassOrder = Reverse<(bool, bool, (Rank, Rank, bool))>;

fn class_order(class: (Rank, Rank, bool)) -> ClassOrder {
    Reverse((class.0 == class.1, class.2, class))
}

/// A combo's class: the higher rank, the lower, and whether it is suited.
pub(crate) fn class_of([high, low]: Combo) -> (Rank, Rank, bool) {
    let (top, bottom) = (high.rank().max(low.rank()), high.rank().min(low.rank()));
    (top, bottom, high.suit() == low.suit())
}

/// `AA`, `AKs` or `AKo`.
pub(crate) fn class_name((high, low, suited): (Rank, Rank, bool)) -> String {
    let mut name = format!("{}{}", high.to_char(), low.to_char());
    if high != low {
        name.push(if suited { 's' } else { 'o' });
    }
    name
}

/// A combo as the range grammar writes it: `AsKs`.
fn combo_text(combo: Combo) -> String {
    combo.iter().map(|&card| card_text(card)).collect()
}

fn card_text(card: Card) -> String {
    format!(
        "{}{}",
        card.rank().to_char(),
        card.suit().to_char().to_ascii_lowercase()
    )
}

/// `AsKs`, or `AsKs:0.5` below full weight.
fn weighted_combo(&(combo, weight): &(Combo, f64)) -> String {
    if weight < 1.0 {
        format!("{}:{}", combo_text(combo), weight_text(weight))
    } else {
        combo_text(combo)
    }
}

/// A weight or a sum of weights: at most six decimals, and no trailing zeros (`2.4`, `22`).
fn weight_text(weight: f64) -> String {
    let text = format!("{weight:.6}");
    text.trim_end_matches('0').trim_end_matches('.').to_string()
}

fn plural(count: u64, noun: &str) -> String {
    if count == 1 {
        noun.to_string()
    } else {
        format!("{noun}s")
    }
}
