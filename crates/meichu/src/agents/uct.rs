//! The MCTS/UCT baseline, as the students' C++ ports play (spec §9.2), on
//! `search`'s game-independent [`Mcts`].
//!
//! # What the ports do, and what this keeps
//! - **UCT** selection, `Q + c·sqrt(ln N / n)`, the most visited root move
//!   answers ([`UctConfig::exploration`] is `c`).
//! - **The tree is restricted** ([`UctPolicy`]'s candidate moves): the flag
//!   only, when it can be taken; otherwise soldier captures, plus the quiet
//!   moves a crude safety count allows: after the move the opponent cannot
//!   take our flag, and the soldier moved is attacked by no more enemy
//!   soldiers than own soldiers defend its square (the first piece along
//!   each of the four lines from it). When nothing passes, every legal move.
//! - **Random playouts** to the end of the game, reward 1 / ½ / 0
//!   ([`UctLeaf::Playout`]). A game has at most 186 moves (spec §8), so a
//!   playout always ends.
//! - Our port applies every rule exactly (the ports' own terminal test and
//!   one version's affordability check are each a little wrong), including
//!   passes (the side to move is part of the position).
//!
//! [`UctLeaf::Eval`] replaces the playout by our static evaluation squashed
//! to a win probability (a soldier is about one logistic step), the variant
//! a stronger MCTS program would try. Tuned against the depth-5 student
//! baseline (`docs/games/meichu.md`), random playouts lost 90–95 % of their
//! games whatever the exploration constant, evaluated leaves won 55–80 %:
//! the baseline ([`UCT_TUNED`]) therefore evaluates its leaves. Playouts stay
//! available as the ports' variant.

use crate::position::FLAG_SQUARES;
use crate::race::{can_take_flag, flag_taking_move};
use crate::square::{cast, Direction};
use crate::{MeichuEval, Move, Position};
use gamecore::{Agent, AgentError, Budget, Evaluator, MoveList};
use search::mcts::{Mcts, MctsOptions};

/// How a leaf of the tree is valued.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum UctLeaf {
    /// A uniformly random playout to the end of the game (the ports).
    Playout,
    /// [`MeichuEval`] at once, squashed by a logistic curve.
    Eval,
}

/// How the UCT baseline is built.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct UctConfig {
    /// The exploration constant `c`.
    pub exploration: f64,
    /// How leaves are valued.
    pub leaf: UctLeaf,
    /// Iterations per move (`None`: until the budget's soft target, or
    /// `search::mcts::UNBOUNDED_ITERATIONS` without a clock). A count makes
    /// a series independent of the machine's load.
    pub iterations: Option<u64>,
    /// Seed of the playouts.
    pub seed: u64,
}

/// The tuned settings (`docs/games/meichu.md`, "The MCTS/UCT baseline"):
/// evaluated leaves and `c` = 0.7 scored 80 % against the depth-5 student
/// baseline at 1 s per move, random playouts 5–10 % whatever `c`.
pub const UCT_TUNED: UctConfig = UctConfig {
    exploration: 0.7,
    leaf: UctLeaf::Eval,
    iterations: None,
    seed: 1,
};

impl Default for UctConfig {
    fn default() -> UctConfig {
        UCT_TUNED
    }
}

/// The policy the tree consults: candidate moves, first-visit order, leaves.
#[derive(Debug, Clone, Copy, Default)]
pub struct UctPolicy {
    eval: MeichuEval,
}

impl UctPolicy {
    /// Returns true when a quiet `mv` passes the ports' crude safety count:
    /// afterwards the opponent cannot take our flag, and the soldier's new
    /// square has no more enemy attackers than own defenders.
    pub fn is_safe(position: &Position, mv: Move) -> bool {
        let us = position.side_to_move();
        let mut after = *position;
        after.apply(mv);
        if can_take_flag(&after, us.other()) {
            return false;
        }
        let occupied = after.occupied();
        let (mut attackers, mut defenders) = (0, 0);
        for direction in Direction::ALL {
            if let (_, Some(square)) = cast(direction, mv.to.index(), occupied) {
                let bit = 1u128 << square;
                if after.soldiers(us.other()) & bit != 0 {
                    attackers += 1;
                } else if after.soldiers(us) & bit != 0 {
                    defenders += 1;
                }
            }
        }
        attackers <= defenders
    }

    /// Fills `moves` (the legal moves) down to the tree's candidates.
    fn restrict(position: &Position, moves: &mut MoveList<Move>) {
        if let Some(flag) = flag_taking_move(position) {
            moves.clear();
            moves.push(flag);
            return;
        }
        let us = position.side_to_move();
        let enemies = position.soldiers(us.other());
        let enemy_flag = FLAG_SQUARES[us.other().index()];
        debug_assert!(moves.iter().all(|mv| mv.to != enemy_flag));
        moves.retain(|mv| enemies & mv.to.bit() != 0 || UctPolicy::is_safe(position, *mv));
    }
}

impl Evaluator<Position> for UctPolicy {
    fn evaluate(&self, position: &Position) -> i32 {
        self.eval.evaluate(position)
    }

    fn move_order_hints(&self, position: &Position, moves: &[Move], hints: &mut [i32]) {
        self.eval.move_order_hints(position, moves, hints);
    }

    fn move_order_hint(&self, position: &Position, mv: Move) -> i32 {
        self.eval.move_order_hint(position, mv)
    }

    fn select_candidates(&self, position: &Position, moves: &mut MoveList<Move>) {
        UctPolicy::restrict(position, moves);
    }
}

/// The MCTS/UCT baseline as a `gamecore` agent (module docs).
#[derive(Debug, Clone)]
pub struct UctAgent {
    config: UctConfig,
    mcts: Mcts<Position, UctPolicy>,
}

impl UctAgent {
    /// Builds the agent.
    pub fn new(config: UctConfig) -> UctAgent {
        let options = MctsOptions {
            exploration: config.exploration,
            // A soldier (400) is worth a step of about 1 on the logistic curve.
            eval_scale: 400.0,
            playout_plies: match config.leaf {
                UctLeaf::Playout => 200,
                UctLeaf::Eval => 0,
            },
            iterations: config.iterations,
            seed: config.seed,
            candidates: true,
            ..MctsOptions::default()
        };
        UctAgent {
            config,
            mcts: Mcts::new(UctPolicy::default(), options),
        }
    }

    /// Returns the configuration.
    pub fn config(&self) -> &UctConfig {
        &self.config
    }

    /// Searches `position` within `budget` and returns the most visited move
    /// and the iterations run (`None` when the game is over).
    pub fn search(&mut self, position: &Position, budget: &Budget) -> Option<(Move, u64)> {
        let result = self.mcts.search(position, budget);
        Some((result.best_move?, result.iterations))
    }
}

impl Agent<Position> for UctAgent {
    fn name(&self) -> String {
        "mcts".into()
    }

    fn select_move(&mut self, state: &Position, budget: &Budget) -> Result<Move, AgentError> {
        self.search(state, budget)
            .map(|(mv, _)| mv)
            .ok_or(AgentError::GameOver)
    }
}
