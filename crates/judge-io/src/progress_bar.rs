//! A progress bar for long work at a terminal (the `progress-bar` feature, with indicatif).

use std::io::IsTerminal as _;
use std::sync::OnceLock;
use std::time::{Duration, Instant};

use indicatif::{HumanDuration, ProgressBar, ProgressState, ProgressStyle};

/// A progress bar on stderr, shown once the work has taken a second, and only when stderr is a
/// terminal. A closure `|done| bar.report(done)` hands it to work that reports its progress.
pub struct ProgressBarAfterASecond {
    started: Instant,
    bar: OnceLock<ProgressBar>,
}

impl Default for ProgressBarAfterASecond {
    fn default() -> Self {
        Self::new()
    }
}

impl ProgressBarAfterASecond {
    /// A bar whose second starts now.
    pub fn new() -> ProgressBarAfterASecond {
        ProgressBarAfterASecond {
            started: Instant::now(),
            bar: OnceLock::new(),
        }
    }

    /// Shows `done` (from 0 to 1) of the work, once it has taken a second.
    #[expect(
        clippy::cast_possible_truncation,
        clippy::cast_sign_loss,
        reason = "a share from 0 to 1, in thousandths"
    )]
    pub fn report(&self, done: f64) {
        if self.started.elapsed() < Duration::from_secs(1) {
            return;
        }
        let bar = self.bar.get_or_init(|| {
            if !std::io::stderr().is_terminal() {
                return ProgressBar::hidden();
            }
            let style = ProgressStyle::with_template(
                "{elapsed_precise} [{wide_bar}] {percent:>3}%  {time_left}",
            )
            .expect("a valid template")
            .with_key("time_left", time_left);
            // The clock of the bar counts the second before it showed.
            ProgressBar::new(1000)
                .with_style(style)
                .with_elapsed(self.started.elapsed())
        });
        bar.set_position((done.clamp(0.0, 1.0) * 1000.0) as u64);
    }

    /// Takes the bar off the terminal, before the answer or an error is written.
    pub fn finish(&self) {
        if let Some(bar) = self.bar.get() {
            bar.finish_and_clear();
        }
    }
}

/// The time left, once the rate of progress says something: not before any progress, nor in
/// the first three seconds, when one early step would make the guess wild.
fn time_left(state: &ProgressState, out: &mut dyn std::fmt::Write) {
    // Writing to the bar's own buffer cannot fail.
    let _ = if state.pos() == 0 || state.elapsed() < Duration::from_secs(3) {
        write!(out, "estimating the time left")
    } else {
        write!(out, "about {} left", HumanDuration(state.eta()))
    };
}
