//! Shared fixtures of the cross-crate benchmarks: our `search` against the
//! `minimax` crate (0.6) on the same game, evaluator and depth.
//!
//! The criterion benchmarks (`cargo bench -p benches`) and the one-run table
//! (`cargo run --release -p benches --example compare`) both use these
//! positions and runners, so they measure the same thing:
//! - [`run_ours`]: a fresh [`search::Search`] to a fixed depth;
//! - [`run_minimax_iterative`]: a fresh [`minimax::IterativeSearch`] with
//!   its default options to the same depth;
//! - [`run_minimax_negamax`]: `minimax`'s plain alpha-beta [`minimax::Negamax`]
//!   (no table, no ordering; it keeps no node count).
//!
//! Both searches get a 1 MiB transposition table (minimax's default size), so
//! neither gains from memory alone. Each run builds its searcher first, so no
//! run profits from an earlier one's table; the runners time the search only.
//!
//! Values compare only where they mean the same: on Red-Blue Nim, which always
//! alternates, from positions where no game end is reachable within the depth
//! (minimax scores any win as `BEST_EVAL`, we score the margin). Kalah has
//! extra turns, which `minimax` sees as a move plus a forced pass that counts
//! as a ply, so there only time to the nominal depth compares.

use gamecore::testkit::random_position;
use gamecore::{Evaluator, Game};
use minimax::{IterativeOptions, IterativeSearch, Negamax, Strategy};
use peer_minimax::{explored_nodes, PeerEvaluator, PeerState};
use search::{Search, SearchLimits, SearchOptions};
use std::time::{Duration, Instant};

/// The transposition-table size both searches get: minimax's default, 1 MiB.
pub const TABLE_MIB: usize = 1;

/// Our search options in the comparison: the defaults (PVS, aspiration
/// windows, killers, history, iterative deepening) with a [`TABLE_MIB`] table.
pub fn our_options() -> SearchOptions {
    SearchOptions::default().with_tt_mib(TABLE_MIB)
}

/// minimax's options in the comparison: its defaults (two-tier 1 MiB table,
/// null-window search; no aspiration, MTD(f), null move or quiescence).
pub fn minimax_options() -> IterativeOptions {
    IterativeOptions::default().with_table_byte_size(TABLE_MIB << 20)
}

/// A named starting point of a benchmark.
#[derive(Debug, Clone)]
pub struct Fixture<G> {
    /// The game ("nim", "kalah").
    pub game: &'static str,
    /// A short name of the position, for benchmark ids and tables.
    pub name: String,
    /// The position.
    pub state: G,
    /// The fixed depth both searches go to.
    pub depth: u32,
    /// True when the root values must agree (no game end within the depth,
    /// and the sides always alternate).
    pub values_comparable: bool,
    /// True when `minimax::Negamax` runs too: plain alpha-beta without a
    /// table grows exponentially, so it is skipped beyond
    /// [`PLAIN_NEGAMAX_MAX_DEPTH`].
    pub plain_negamax: bool,
}

/// The deepest fixture `minimax::Negamax` (no table) is run on.
pub const PLAIN_NEGAMAX_MAX_DEPTH: u32 = 24;

/// The Red-Blue Nim fixtures: large piles, standard and misère, depth 20,
/// and one at depth 60 for a larger tree.
///
/// Both piles exceed the depth, so no line reaches the end and the values of
/// both searches must agree.
pub fn nim_fixtures() -> Vec<Fixture<nim::RedBlueNim>> {
    use nim::{RedBlueNim, Version};
    [
        (500, 600, Version::Standard, 20),
        (777, 1000, Version::Standard, 20),
        (640, 641, Version::Misere, 20),
        (500, 600, Version::Standard, 60),
    ]
    .into_iter()
    .map(|(red, blue, version, depth)| Fixture {
        game: "nim",
        name: format!("r{red}-b{blue}-{version}"),
        state: RedBlueNim::new(red, blue, version),
        depth,
        values_comparable: true,
        plain_negamax: depth <= PLAIN_NEGAMAX_MAX_DEPTH,
    })
    .collect()
}

/// The Kalah 6×4 fixtures (CS32 rules): seeded positions a few random moves
/// into the game, searched to depth 10.
pub fn kalah_fixtures() -> Vec<Fixture<kalah::Position>> {
    let start = kalah::Position::start(6, 4, kalah::Rules::Cs32);
    [(0_u64, 0_u32), (11, 4), (23, 8)]
        .into_iter()
        .map(|(seed, plies)| Fixture {
            game: "kalah",
            name: if plies == 0 {
                "6x4-start".to_owned()
            } else {
                format!("6x4-seed{seed}-plies{plies}")
            },
            state: random_position(&start, plies, seed),
            depth: 10,
            values_comparable: false,
            plain_negamax: true,
        })
        .filter(|fixture| fixture.state.outcome().is_none())
        .collect()
}

/// The Connect Four fixtures: [`connect4::benchmark_positions`] (the empty
/// board, three seeded random positions, a forced win in 13 plies), each at a
/// depth that takes a fraction of a second.
///
/// Connect Four always alternates, so the verdicts must agree at every depth;
/// in the forced-win position ours stops at the depth that proves it.
pub fn connect4_fixtures() -> Vec<Fixture<connect4::Position>> {
    connect4::benchmark_positions()
        .into_iter()
        .map(|(name, state)| {
            let depth = match name {
                "forced-win" => 16,
                _ => 12,
            };
            Fixture {
                game: "connect4",
                name: name.to_owned(),
                state,
                depth,
                values_comparable: true,
                plain_negamax: false,
            }
        })
        .collect()
}

/// An evaluator without move-ordering hints: `E`'s scores, generation order.
///
/// `minimax` has no hook for an evaluator's ordering hints, so wrapping ours
/// in this compares the two searches with the same (absent) move ordering.
#[derive(Debug, Clone, Copy, Default)]
pub struct NoHints<E>(pub E);

impl<G: Game, E: Evaluator<G>> Evaluator<G> for NoHints<E> {
    fn evaluate(&self, state: &G) -> i32 {
        self.0.evaluate(state)
    }
}

/// What a root value says, in the terms both engines share: a proven win
/// or loss (`minimax` scores every win alike, we score the margin and the
/// distance), or a heuristic score (a proven draw is a score of 0 in both).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    /// The side to move wins with best play.
    Win,
    /// The side to move loses with best play.
    Loss,
    /// An evaluation (or a draw, 0).
    Score(i32),
}

impl Verdict {
    /// The verdict of one of our root values.
    pub fn of_ours(raw: i32) -> Verdict {
        match search::Value::from_raw(raw).proven_margin() {
            Some(margin) if margin > 0 => Verdict::Win,
            Some(_) => Verdict::Loss,
            None => Verdict::Score(raw),
        }
    }

    /// The verdict of one of `minimax`'s root values.
    pub fn of_minimax(value: i32) -> Verdict {
        let limit = i32::from(peer_minimax::HEURISTIC_LIMIT);
        if value > limit {
            Verdict::Win
        } else if value < -limit {
            Verdict::Loss
        } else {
            Verdict::Score(value)
        }
    }
}

/// What one search reported.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Run {
    /// The root value for the side to move (minimax's values are `i16`).
    pub value: i32,
    /// What the value says, comparable between the engines.
    pub verdict: Verdict,
    /// The depth the search answered from (ours stops early once the root
    /// is proven; `minimax` reports the depth it was asked for).
    pub depth: u32,
    /// Nodes visited (`None` for `minimax::Negamax`, which does not count).
    pub nodes: Option<u64>,
    /// Wall time of the search alone.
    pub elapsed: Duration,
}

/// Searches `state` to `depth` with a fresh [`Search`] of [`our_options`].
pub fn run_ours<G: Game, E: Evaluator<G>>(state: &G, evaluator: &E, depth: u32) -> Run {
    run_search(state, evaluator, depth, our_options())
}

/// Searches `state` to `depth` with a fresh [`Search`] of `options`; times
/// the search alone.
fn run_search<G: Game, E: Evaluator<G>>(
    state: &G,
    evaluator: &E,
    depth: u32,
    options: SearchOptions,
) -> Run {
    let mut search = Search::new(evaluator.clone(), options);
    let started = Instant::now();
    let result = search.search(state, &SearchLimits::depth(depth));
    Run {
        value: result.value.raw(),
        verdict: Verdict::of_ours(result.value.raw()),
        depth: result.depth,
        nodes: Some(result.stats.nodes),
        elapsed: started.elapsed(),
    }
}

/// Searches `state` to `depth` with a fresh `minimax::IterativeSearch` of
/// [`minimax_options`].
///
/// # Panics
/// Panics if minimax finds no move (the fixtures are live positions) or
/// its statistics lack the node count.
pub fn run_minimax_iterative<G: Game, E: Evaluator<G>>(
    state: &G,
    evaluator: &E,
    depth: u32,
) -> Run {
    let mut search = IterativeSearch::new(PeerEvaluator::new(evaluator.clone()), minimax_options());
    search.set_max_depth(peer_depth(depth));
    let root = PeerState::new(state.clone());
    let started = Instant::now();
    search
        .choose_move(&root)
        .expect("a live position has a move");
    let elapsed = started.elapsed();
    let stats = search.stats(&mut root.clone());
    let value = i32::from(search.root_value());
    Run {
        value,
        verdict: Verdict::of_minimax(value),
        depth,
        nodes: Some(explored_nodes(&stats).expect("minimax reports explored nodes")),
        elapsed,
    }
}

/// Searches `state` to `depth` with `minimax::Negamax` (plain alpha-beta).
///
/// # Panics
/// Panics if minimax finds no move (the fixtures are live positions).
pub fn run_minimax_negamax<G: Game, E: Evaluator<G>>(state: &G, evaluator: &E, depth: u32) -> Run {
    let mut search = Negamax::new(PeerEvaluator::new(evaluator.clone()), peer_depth(depth));
    let root = PeerState::new(state.clone());
    let started = Instant::now();
    search
        .choose_move(&root)
        .expect("a live position has a move");
    let value = i32::from(search.root_value());
    Run {
        value,
        verdict: Verdict::of_minimax(value),
        depth,
        nodes: None,
        elapsed: started.elapsed(),
    }
}

/// Converts a depth to minimax's `u8`, saturating.
pub fn peer_depth(depth: u32) -> u8 {
    u8::try_from(depth).unwrap_or(u8::MAX)
}

/// Searches `state` to `depth` with a fresh [`Search`] of the default
/// options, a `tt_mib` table and `threads` threads (Lazy SMP).
pub fn run_threads<G: Game, E: Evaluator<G>>(
    state: &G,
    evaluator: &E,
    depth: u32,
    tt_mib: usize,
    threads: usize,
) -> Run {
    let options = SearchOptions::default()
        .with_tt_mib(tt_mib)
        .with_threads(threads);
    run_search(state, evaluator, depth, options)
}

/// The MeiChu fixtures of the thread benchmarks: the start and two seeded
/// positions 6 and 12 random moves into the game, at a depth that takes
/// about a second on one thread of the 2-core sandbox.
pub fn meichu_fixtures() -> Vec<Fixture<meichu::Position>> {
    let start = meichu::Position::start();
    [(0_u64, 0_u32, 7), (5, 6, 7), (9, 12, 7)]
        .into_iter()
        .map(|(seed, plies, depth)| Fixture {
            game: "meichu",
            name: if plies == 0 {
                "start".to_owned()
            } else {
                format!("seed{seed}-plies{plies}")
            },
            state: random_position(&start, plies, seed),
            depth,
            values_comparable: true,
            plain_negamax: false,
        })
        .filter(|fixture| fixture.state.outcome().is_none())
        .collect()
}

/// Returns the median of `values` (the lower middle for an even count).
///
/// # Panics
/// Panics on an empty slice.
pub fn median<T: Copy + Ord>(values: &[T]) -> T {
    let mut sorted = values.to_vec();
    sorted.sort_unstable();
    sorted[(sorted.len() - 1) / 2]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nim_values_agree_at_a_shallow_depth() {
        for fixture in nim_fixtures() {
            let ours = run_ours(&fixture.state, &nim::NimEval, 6);
            let iterative = run_minimax_iterative(&fixture.state, &nim::NimEval, 6);
            let negamax = run_minimax_negamax(&fixture.state, &nim::NimEval, 6);
            assert_eq!(ours.value, iterative.value, "{}", fixture.name);
            assert_eq!(ours.value, negamax.value, "{}", fixture.name);
            assert!(iterative.nodes.is_some_and(|n| n > 0));
        }
    }

    #[test]
    fn kalah_fixtures_are_live_and_distinct() {
        let fixtures = kalah_fixtures();
        assert_eq!(fixtures.len(), 3);
        assert_ne!(fixtures[1].state, fixtures[2].state);
    }

    #[test]
    fn median_takes_the_middle() {
        assert_eq!(median(&[5, 1, 3]), 3);
        assert_eq!(median(&[4, 1, 3, 2]), 2);
    }
}
