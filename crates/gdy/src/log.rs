//! The `--explain` log: the game turn by turn, as indented lines.

use std::fmt::Write as _;

use sim_core::deck::Table;

use crate::rules::{Observer, RANKS, face_of};

/// The first line of every log.
const HEADING: &str =
    "  the game turn by turn (players by seat from 1, cards by face value, 1 the ace):\n";

/// An [`Observer`] that writes the game down. Players are shown counted from 1, as in the
/// input; runs of passing players share one line.
#[derive(Clone, Debug, Default)]
pub struct Log {
    lines: String,
    /// Players who passed since the last line, not written yet.
    passing: Vec<usize>,
    /// The draw round being written, if one is under way.
    drawing: Option<String>,
}

impl Log {
    /// The lines written, each indented by two spaces, under a heading that says what they show.
    pub fn finish(mut self) -> String {
        self.flush();
        format!("{HEADING}{}", self.lines)
    }

    fn line(&mut self, text: std::fmt::Arguments<'_>) {
        self.flush();
        writeln!(self.lines, "  {text}").unwrap();
    }

    /// Writes the passes and the draw round waiting to be written.
    fn flush(&mut self) {
        if self
            .drawing
            .as_deref()
            .is_some_and(|round| round.ends_with(':'))
        {
            self.drawing
                .as_mut()
                .unwrap()
                .push_str(" the pile is empty");
        }
        if !self.passing.is_empty() {
            let players: Vec<String> = self
                .passing
                .iter()
                .map(|seat| (seat + 1).to_string())
                .collect();
            let verb = if players.len() == 1 { "passes" } else { "pass" };
            writeln!(self.lines, "  {} {verb}", players.join(" ")).unwrap();
            self.passing.clear();
        }
        if let Some(round) = self.drawing.take() {
            writeln!(self.lines, "  {round}").unwrap();
        }
    }
}

impl Observer for Log {
    const WATCHES_PASSES: bool = true;

    fn dealt(&mut self, table: &Table<RANKS>, pile_left: usize) {
        let mut hands = Vec::new();
        for seat in 0..table.seats() {
            let counts = table.hand(seat).counts();
            let cards: Vec<String> = (0..RANKS)
                .flat_map(|rank| {
                    std::iter::repeat_n(face_of(rank).to_string(), counts[rank] as usize)
                })
                .collect();
            let cards = if cards.is_empty() {
                "nothing".to_string()
            } else {
                cards.join(" ")
            };
            hands.push(format!("{} takes {cards}", seat + 1));
        }
        let pile = match pile_left {
            1 => "1 card stays in the pile".to_string(),
            cards => format!("{cards} cards stay in the pile"),
        };
        self.line(format_args!("deal: {}; {pile}", hands.join("; ")));
    }

    fn led(&mut self, player: usize, card: u8) {
        self.line(format_args!("{} leads {card}", player + 1));
    }

    fn followed(&mut self, player: usize, card: u8) {
        if card == 2 {
            self.line(format_args!("{} plays a 2", player + 1));
        } else {
            self.line(format_args!("{} follows with {card}", player + 1));
        }
    }

    fn passed(&mut self, player: usize) {
        self.passing.push(player);
    }

    fn draw_round(&mut self, first: usize) {
        self.flush();
        self.drawing = Some(format!("draw round from {}:", first + 1));
    }

    fn drew(&mut self, player: usize, card: u8) {
        let round = self
            .drawing
            .as_mut()
            .expect("cards are drawn in a draw round");
        if !round.ends_with(':') {
            round.push(',');
        }
        write!(round, " {} draws {card}", player + 1).unwrap();
    }

    fn won(&mut self, _player: usize) {
        self.flush();
        // The winning play is the line just written; say so on it.
        self.lines.truncate(self.lines.len() - 1);
        self.lines.push_str(", its last card, and wins\n");
    }
}
