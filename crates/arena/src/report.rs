//! Results: per-game records, per-pairing summaries, the text table and JSON.

use crate::elo::EloEstimate;
use crate::play::{millis, Forfeit, GameEnd, PlayedGame};
use gamecore::Player;
use serde::{Deserialize, Serialize};
use std::fmt::Write as _;
use std::time::Duration;

/// One game as it is exported: enough to replay it exactly.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct GameRecord {
    /// The game's index in the run.
    pub game: u64,
    /// The index of its pairing in [`Report::pairings`].
    pub pairing: usize,
    /// The index of its opening (each opening is played twice, seats swapped).
    pub opening: u64,
    /// The seed the game's agents were created from.
    pub seed: u64,
    /// The start position, in the game's notation.
    pub start: String,
    /// The entrant in seat `First`.
    pub first: String,
    /// The entrant in seat `Second`.
    pub second: String,
    /// The moves in the game's notation.
    pub moves: Vec<String>,
    /// `"1-0"`, `"0-1"` or `"1/2-1/2"`, from seat `First`'s view.
    pub result: String,
    /// The final scores of `First` and `Second`, when the game was played out.
    pub scores: Option<[i32; 2]>,
    /// The forfeit, when a seat lost that way.
    pub forfeit: Option<Forfeit>,
    /// Total thinking time of `First` and `Second` in milliseconds (not
    /// reproducible, so it can be left out of the export).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub think_ms: Option<[f64; 2]>,
}

impl GameRecord {
    pub(crate) fn result_text(end: &GameEnd) -> &'static str {
        match end.winner() {
            Some(Player::First) => "1-0",
            Some(Player::Second) => "0-1",
            None => "1/2-1/2",
        }
    }
}

/// The results of one pairing from its first agent's view.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PairingSummary {
    /// The agent whose view the numbers take (the hero of a gauntlet).
    pub agent: String,
    /// Its opponent.
    pub opponent: String,
    /// Games played.
    pub games: u32,
    /// Games the agent won (forfeits by the opponent included).
    pub wins: u32,
    /// Drawn games.
    pub draws: u32,
    /// Games the agent lost (its forfeits included).
    pub losses: u32,
    /// Points: 1 per win, ½ per draw.
    pub points: f64,
    /// Points per game, between 0 and 1.
    pub score: f64,
    /// Mean of the agent's score minus the opponent's over the games played to
    /// the end (forfeits excluded); `None` if there were none.
    pub mean_margin: Option<f64>,
    /// The Elo difference agent − opponent with its 95% interval.
    pub elo: Option<EloEstimate>,
    /// Games the agent forfeited.
    pub forfeits: u32,
    /// Games the opponent forfeited.
    pub opponent_forfeits: u32,
    /// Mean thinking time per move of the agent and the opponent, in
    /// milliseconds (not reproducible, so it can be left out of the export).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ms_per_move: Option<[f64; 2]>,
}

/// One entrant's total over all its games.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Standing {
    /// The entrant's name.
    pub agent: String,
    /// Games played.
    pub games: u32,
    /// Points: 1 per win, ½ per draw.
    pub points: f64,
    /// Points per game.
    pub score: f64,
}

/// The results of a tournament.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Report {
    /// What was played (game, variant).
    pub title: String,
    /// `"round robin"` or `"gauntlet"`.
    pub schedule: String,
    /// The run's seed: the same seed and entrants give the same games.
    pub seed: u64,
    /// Games per pairing (even: each opening twice, seats swapped).
    pub games_per_pairing: u32,
    /// The limit per move in milliseconds, if any.
    pub move_limit_ms: Option<f64>,
    /// The grace past the limit before a move forfeits, in milliseconds.
    pub grace_ms: f64,
    /// The entrants' names.
    pub entrants: Vec<String>,
    /// One summary per pairing, in schedule order.
    pub pairings: Vec<PairingSummary>,
    /// Each entrant's total, best first (ties keep entrant order).
    pub standings: Vec<Standing>,
    /// Every game in order, when kept.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub games: Vec<GameRecord>,
}

/// What [`Report::to_json`] includes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct JsonOptions {
    /// Include the per-game records (when the report kept them).
    pub games: bool,
    /// Include the thinking times, which differ from run to run. Without
    /// them the JSON of a run is identical for the same seed (unless an agent
    /// forfeits on time).
    pub timings: bool,
}

impl Default for JsonOptions {
    fn default() -> JsonOptions {
        JsonOptions {
            games: true,
            timings: true,
        }
    }
}

impl Report {
    /// Returns the report as pretty-printed JSON.
    pub fn to_json(&self, options: JsonOptions) -> String {
        // A report holds only strings, numbers and options: serialising cannot fail.
        serde_json::to_string_pretty(&self.exported(options)).unwrap_or_default()
    }

    /// Returns a copy holding only what `options` asks to export (for writing
    /// several reports into one JSON document).
    #[must_use]
    pub fn exported(&self, options: JsonOptions) -> Report {
        let mut report = self.clone();
        if !options.games {
            report.games.clear();
        }
        if !options.timings {
            for pairing in &mut report.pairings {
                pairing.ms_per_move = None;
            }
            for game in &mut report.games {
                game.think_ms = None;
            }
        }
        report
    }

    /// Returns the summary as a plain-text table with aligned columns.
    ///
    /// One row per pairing; for a round robin also the standings.
    pub fn table(&self) -> String {
        let mut out = String::new();
        let clock = match self.move_limit_ms {
            Some(limit) => format!("{limit} ms per move"),
            None => "no clock".to_owned(),
        };
        let _ = writeln!(
            out,
            "{}: {}, {} games per pairing, seed {}, {}",
            self.title, self.schedule, self.games_per_pairing, self.seed, clock
        );
        let mut rows = vec![[
            "agent",
            "opponent",
            "games",
            "W",
            "D",
            "L",
            "points",
            "score",
            "margin",
            "Elo [95%]",
            "forfeits",
            "ms/move",
        ]
        .map(String::from)
        .to_vec()];
        let mut any_clamped = false;
        for p in &self.pairings {
            let elo = match p.elo {
                Some(elo) => {
                    any_clamped |= elo.clamped;
                    format!(
                        "{} [{}, {}]{}",
                        signed(elo.difference),
                        signed(elo.low),
                        signed(elo.high),
                        if elo.clamped { " *" } else { "  " }
                    )
                }
                None => "-".to_owned(),
            };
            rows.push(vec![
                p.agent.clone(),
                p.opponent.clone(),
                p.games.to_string(),
                p.wins.to_string(),
                p.draws.to_string(),
                p.losses.to_string(),
                format!("{:.1}", p.points),
                format!("{:.1}%", 100.0 * p.score),
                p.mean_margin.map_or("-".to_owned(), |m| format!("{m:+.2}")),
                elo,
                format!("{}/{}", p.forfeits, p.opponent_forfeits),
                p.ms_per_move.map_or("-".to_owned(), |[a, b]| {
                    format!("{}/{}", short_ms(a), short_ms(b))
                }),
            ]);
        }
        out.push_str(&align(&rows, &[1]));
        if any_clamped {
            out.push_str(
                "* clamped: a score or interval bound reached 0% or 100% \
                 (a perfect score counts as N - 1/2 points)\n",
            );
        }
        if self.schedule == "round robin" && self.entrants.len() > 2 {
            let mut rows = vec![["rank", "agent", "games", "points", "score"]
                .map(String::from)
                .to_vec()];
            for (rank, s) in self.standings.iter().enumerate() {
                rows.push(vec![
                    (rank + 1).to_string(),
                    s.agent.clone(),
                    s.games.to_string(),
                    format!("{:.1}", s.points),
                    format!("{:.1}%", 100.0 * s.score),
                ]);
            }
            out.push('\n');
            out.push_str(&align(&rows, &[1]));
        }
        out
    }
}

/// Formats a rounded number with its sign, never as "-0".
fn signed(value: f64) -> String {
    format!("{:+.0}", value.round() + 0.0)
}

/// Formats milliseconds with about three significant digits.
fn short_ms(ms: f64) -> String {
    if ms >= 100.0 {
        format!("{ms:.0}")
    } else if ms >= 10.0 {
        format!("{ms:.1}")
    } else {
        format!("{ms:.2}")
    }
}

/// Lays out rows in columns separated by two spaces; the columns listed in
/// `left` (and the first) are left-aligned, the others right-aligned.
fn align(rows: &[Vec<String>], left: &[usize]) -> String {
    let columns = rows.iter().map(Vec::len).max().unwrap_or(0);
    let widths: Vec<usize> = (0..columns)
        .map(|c| {
            rows.iter()
                .filter_map(|row| row.get(c))
                .map(|cell| cell.chars().count())
                .max()
                .unwrap_or(0)
        })
        .collect();
    let mut out = String::new();
    for row in rows {
        let mut line = String::new();
        for (c, cell) in row.iter().enumerate() {
            if c > 0 {
                line.push_str("  ");
            }
            let pad = widths[c] - cell.chars().count();
            if c == 0 || left.contains(&c) {
                line.push_str(cell);
                line.extend(std::iter::repeat_n(' ', pad));
            } else {
                line.extend(std::iter::repeat_n(' ', pad));
                line.push_str(cell);
            }
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

/// Running totals of one pairing; index 0 is the pairing's agent `a`, 1 its opponent.
#[derive(Debug, Clone, Default)]
pub(crate) struct Tally {
    wins: u32,
    draws: u32,
    losses: u32,
    margin_sum: i64,
    finished: u32,
    forfeits: [u32; 2],
    think: [Duration; 2],
    asked: [u32; 2],
}

impl Tally {
    /// Adds a game in which agent `a` sat in `a_seat`.
    pub(crate) fn add(&mut self, a_seat: Player, game: &PlayedGame) {
        let seats = [a_seat, a_seat.other()];
        match game.end.winner() {
            Some(winner) if winner == a_seat => self.wins += 1,
            Some(_) => self.losses += 1,
            None => self.draws += 1,
        }
        match &game.end {
            GameEnd::Finished(outcome) => {
                self.finished += 1;
                self.margin_sum += i64::from(outcome.margin(a_seat));
            }
            GameEnd::Forfeit(forfeit) => {
                self.forfeits[usize::from(forfeit.seat != a_seat)] += 1;
            }
        }
        for (side, seat) in seats.iter().enumerate() {
            self.think[side] += game.think_time[seat.index()];
            self.asked[side] += game.moves_asked[seat.index()];
        }
    }

    /// Returns the points of agent `a` and of its opponent, and the games.
    pub(crate) fn points(&self) -> (f64, f64, u32) {
        let games = self.wins + self.draws + self.losses;
        let a = f64::from(self.wins) + 0.5 * f64::from(self.draws);
        (a, f64::from(games) - a, games)
    }

    pub(crate) fn summary(&self, agent: &str, opponent: &str) -> PairingSummary {
        let (points, _, games) = self.points();
        let per_move = |side: usize| {
            if self.asked[side] == 0 {
                0.0
            } else {
                millis(self.think[side]) / f64::from(self.asked[side])
            }
        };
        PairingSummary {
            agent: agent.to_owned(),
            opponent: opponent.to_owned(),
            games,
            wins: self.wins,
            draws: self.draws,
            losses: self.losses,
            points,
            score: if games == 0 {
                0.0
            } else {
                points / f64::from(games)
            },
            mean_margin: (self.finished > 0)
                .then(|| self.margin_sum as f64 / f64::from(self.finished)),
            elo: EloEstimate::from_results(self.wins, self.draws, self.losses),
            forfeits: self.forfeits[0],
            opponent_forfeits: self.forfeits[1],
            ms_per_move: Some([per_move(0), per_move(1)]),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn columns_are_aligned() {
        let rows = vec![
            vec!["name".to_owned(), "n".to_owned()],
            vec!["x".to_owned(), "1234".to_owned()],
        ];
        assert_eq!(align(&rows, &[]), "name     n\nx     1234\n");
        assert_eq!(signed(-0.3), "+0");
        assert_eq!(signed(190.85), "+191");
        assert_eq!(signed(-81.9), "-82");
    }
}
