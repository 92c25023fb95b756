//! The players: exact and depth-limited alpha-beta (spec §3, §6), a one-ply
//! greedy baseline and a human at a prompt (spec §4).

use crate::{NimEval, Pile, RedBlueNim};
use gamecore::{Agent, AgentError, Budget, Game, MoveList};
use search::{Search, SearchLimits, SearchOptions, SearchResult};
use std::io::{BufRead, Write};

/// The largest transposition table the search agents allocate, in MiB.
pub const MAX_TABLE_MIB: usize = 256;

/// Bytes a table needs per position it should hold: an entry takes 24 bytes,
/// and twice the room keeps collisions in the multiplicative index rare.
const TABLE_BYTES_PER_POSITION: u64 = 48;

/// Returns the search options with the assignment's semantics (spec §3) and
/// a transposition table sized for a game from `state`.
///
/// - **stable root order**: root moves are searched in the assignment's order
///   and the best move is replaced only on strict improvement, so ties go to
///   the earlier move;
/// - **no preference for short wins**: values are exact margins only;
/// - **no iterative deepening**: one pass to the requested depth (the whole
///   game fits the table, so intermediate depths would only cost time);
/// - **table** of `48 · 2(r+1)(b+1)` bytes, at least 1 MiB and at most
///   [`MAX_TABLE_MIB`]. Null-move pruning is never used (spec §8).
pub fn search_options(state: &RedBlueNim) -> SearchOptions {
    let bytes = state
        .position_count()
        .saturating_mul(TABLE_BYTES_PER_POSITION);
    let mib = bytes.div_ceil(1 << 20).clamp(1, MAX_TABLE_MIB as u64) as usize;
    SearchOptions::default()
        .with_stable_root_order(true)
        .with_prefer_short_wins(false)
        .with_iterative_deepening(false)
        .with_tt_mib(mib)
}

/// Plays by alpha-beta search with [`NimEval`]: to the end of the game
/// ([`exact_agent`]) or to a fixed depth ([`depth_limited_agent`]).
///
/// The searcher is created on the first move, with a table sized by
/// [`search_options`], and kept for the rest of the game (later positions are
/// smaller); a larger position gets a new, larger table.
#[derive(Debug)]
pub struct NimSearchAgent {
    depth: Option<u32>,
    search: Option<Search<RedBlueNim, NimEval>>,
    sized_for: u64,
    last: Option<SearchResult<Pile>>,
}

/// Returns an agent that searches every move to the end of the game, so it
/// plays perfectly and, among equally good moves, the first in the
/// assignment's order.
pub fn exact_agent() -> NimSearchAgent {
    NimSearchAgent {
        depth: None,
        search: None,
        sized_for: 0,
        last: None,
    }
}

/// Returns an agent that searches `depth` plies and scores the horizon with
/// [`NimEval`] (spec §6); a depth of 0 is treated as 1.
pub fn depth_limited_agent(depth: u32) -> NimSearchAgent {
    NimSearchAgent {
        depth: Some(depth.max(1)),
        ..exact_agent()
    }
}

impl NimSearchAgent {
    /// Searches `state` as this agent does and returns the whole result
    /// (move, value as a margin for the side to move, statistics).
    ///
    /// A full-depth search recurses once per marble: run it on a thread with
    /// a large stack for big piles (about 2 KiB per ply).
    pub fn analyse(&mut self, state: &RedBlueNim) -> SearchResult<Pile> {
        let needed = state.position_count();
        let search = match &mut self.search {
            Some(search) if self.sized_for >= needed => search,
            slot => {
                self.sized_for = needed;
                slot.insert(Search::new(NimEval, search_options(state)))
            }
        };
        let depth = self.depth.unwrap_or(state.marbles()).max(1);
        search.search(state, &SearchLimits::depth(depth))
    }

    /// Returns the result of the last search, for statistics.
    pub fn last_result(&self) -> Option<&SearchResult<Pile>> {
        self.last.as_ref()
    }
}

impl Agent<RedBlueNim> for NimSearchAgent {
    fn name(&self) -> String {
        match self.depth {
            None => "exact".into(),
            Some(depth) => format!("depth-{depth}"),
        }
    }

    /// Searches without a time limit: the budget is ignored, because the
    /// assignment's search is defined by its depth alone.
    fn select_move(&mut self, state: &RedBlueNim, _budget: &Budget) -> Result<Pile, AgentError> {
        if state.is_over() {
            return Err(AgentError::GameOver);
        }
        let result = self.analyse(state);
        let best = result.best_move.ok_or(AgentError::GameOver);
        self.last = Some(result);
        best
    }

    fn new_game(&mut self) {
        if let Some(search) = &mut self.search {
            search.clear();
        }
        self.last = None;
    }
}

/// A one-ply baseline: takes the move whose immediate result is best, where
/// ending the game counts its score and anything else counts 0; ties go to
/// the first move in the assignment's order.
///
/// It grabs a standing win and avoids handing the opponent one it can see,
/// but knows nothing of parity.
#[derive(Debug, Clone, Copy, Default)]
pub struct GreedyAgent;

impl Agent<RedBlueNim> for GreedyAgent {
    fn name(&self) -> String {
        "greedy".into()
    }

    fn select_move(&mut self, state: &RedBlueNim, _budget: &Budget) -> Result<Pile, AgentError> {
        let mut moves = MoveList::new();
        state.legal_moves(&mut moves);
        let mover = state.side_to_move();
        let score = |pile: Pile| {
            state
                .after(pile)
                .outcome()
                .map_or(0, |outcome| outcome.margin(mover))
        };
        let mut best: Option<(i32, Pile)> = None;
        for &pile in &moves {
            let value = score(pile);
            if best.is_none_or(|(best_value, _)| value > best_value) {
                best = Some((value, pile));
            }
        }
        best.map(|(_, pile)| pile).ok_or(AgentError::GameOver)
    }
}

/// The prompt a human sees (spec §4), printed without a newline.
pub const PROMPT: &str = "Your move (red/blue): ";

/// The answer to anything but a pile name (spec §4), followed by a newline.
pub const REASK: &str = "Please answer red or blue.";

/// A human at a prompt: writes [`PROMPT`], reads a line, accepts `red`, `r`,
/// `blue` or `b` in any case with surrounding whitespace, and answers anything
/// else with [`REASK`] and asks again (spec §4).
///
/// # Errors
/// Its [`select_move`](Agent::select_move) returns [`AgentError::EndOfInput`]
/// when the input ends and [`AgentError::Failed`] on an I/O error.
#[derive(Debug)]
pub struct HumanAgent<R: BufRead, W: Write> {
    input: R,
    output: W,
}

impl<R: BufRead, W: Write> HumanAgent<R, W> {
    /// Creates a human reading answers from `input` and writing prompts to `output`.
    pub fn new(input: R, output: W) -> HumanAgent<R, W> {
        HumanAgent { input, output }
    }

    /// Returns the output, e.g. to inspect what a test's human was shown.
    pub fn into_output(self) -> W {
        self.output
    }

    /// Prompts until a pile is named.
    ///
    /// # Errors
    /// [`AgentError::EndOfInput`] at the end of the input,
    /// [`AgentError::Failed`] on an I/O error.
    pub fn ask(&mut self) -> Result<Pile, AgentError> {
        let failed = |err: std::io::Error| AgentError::Failed(err.to_string());
        let mut line = Vec::new();
        loop {
            self.output.write_all(PROMPT.as_bytes()).map_err(failed)?;
            self.output.flush().map_err(failed)?;
            line.clear();
            // Bytes, not a String: invalid UTF-8 is a wrong answer, not an error.
            if self.input.read_until(b'\n', &mut line).map_err(failed)? == 0 {
                return Err(AgentError::EndOfInput);
            }
            if let Ok(pile) = String::from_utf8_lossy(&line).parse::<Pile>() {
                return Ok(pile);
            }
            writeln!(self.output, "{REASK}").map_err(failed)?;
        }
    }
}

impl<R: BufRead + Send, W: Write + Send> Agent<RedBlueNim> for HumanAgent<R, W> {
    fn name(&self) -> String {
        "human".into()
    }

    /// Asks for a move; both piles are always legal while the game goes on.
    fn select_move(&mut self, state: &RedBlueNim, _budget: &Budget) -> Result<Pile, AgentError> {
        if state.is_over() {
            return Err(AgentError::GameOver);
        }
        self.ask()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Version;

    fn human(input: &str) -> HumanAgent<&[u8], Vec<u8>> {
        HumanAgent::new(input.as_bytes(), Vec::new())
    }

    #[test]
    fn the_human_is_asked_again_until_a_pile_is_named() {
        let state = RedBlueNim::new(3, 3, Version::Standard);
        let mut agent = human("green\n\n  BLUE \nr\n");
        assert_eq!(
            agent.select_move(&state, &Budget::unlimited()),
            Ok(Pile::Blue)
        );
        assert_eq!(
            agent.select_move(&state, &Budget::unlimited()),
            Ok(Pile::Red)
        );
        assert_eq!(
            agent.select_move(&state, &Budget::unlimited()),
            Err(AgentError::EndOfInput)
        );
        let shown = String::from_utf8(agent.into_output()).unwrap();
        let expected = format!("{PROMPT}{REASK}\n{PROMPT}{REASK}\n{PROMPT}{PROMPT}{PROMPT}");
        assert_eq!(shown, expected);
    }

    #[test]
    fn a_last_line_without_newline_still_counts() {
        let mut agent = human("b");
        assert_eq!(agent.ask(), Ok(Pile::Blue));
        let mut agent = HumanAgent::new(&b"\xff\xfe\nred\n"[..], Vec::new());
        assert_eq!(agent.ask(), Ok(Pile::Red));
    }

    #[test]
    fn greedy_takes_a_standing_win_and_avoids_giving_one() {
        let budget = Budget::unlimited();
        // Standard, 1 red 5 blue: taking the red leaves the opponent facing an empty pile.
        let state = RedBlueNim::new(1, 5, Version::Standard);
        assert_eq!(GreedyAgent.select_move(&state, &budget), Ok(Pile::Red));
        // Misère, 1 red 5 blue: emptying red would hand the opponent the win.
        let state = RedBlueNim::new(1, 5, Version::Misere);
        assert_eq!(GreedyAgent.select_move(&state, &budget), Ok(Pile::Blue));
    }

    #[test]
    fn the_table_grows_with_the_position_but_stays_capped() {
        assert_eq!(
            search_options(&RedBlueNim::new(0, 0, Version::Standard)).tt_mib,
            1
        );
        let big = RedBlueNim::new(crate::MAX_PILE, crate::MAX_PILE, Version::Standard);
        assert_eq!(search_options(&big).tt_mib, MAX_TABLE_MIB);
        assert!(search_options(&RedBlueNim::new(1000, 1000, Version::Misere)).tt_mib >= 64);
    }
}
