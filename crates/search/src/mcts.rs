//! Monte Carlo tree search (UCT) for any [`Game`], with evaluator leaves.
//!
//! The tree stores, in every node, the value for the player who made the
//! move into it, so games whose moves do not always pass the turn (Kalah's
//! extra turn, ReAntics' many-action turns) need no special handling: each
//! node's statistics are read from its mover's point of view.
//!
//! Leaves are scored by the [`Evaluator`] (squashed to a win probability
//! with a logistic curve) after an optional short random playout; finished
//! games score 1, ½ or 0 from the outcome's winner. Children of a node are
//! created all at once when it is first expanded and each is visited once
//! before UCT selection starts, in the evaluator's hint order.
//!
//! With [`MctsOptions::candidates`] the tree grows only the evaluator's
//! [candidate moves](Evaluator::select_candidates) at each node (a node whose
//! candidates would be none keeps every legal move), as MCTS programs that
//! force captures do; playouts still choose among every legal move.
//!
//! The search is deterministic for a given seed, tree size and iteration
//! count; with a time budget the iteration count depends on the machine.
//!
//! With [`MctsOptions::early_stop`] the search may end before its budget once
//! more iterations could no longer change its answer: the most visited move
//! (or every move of the side to move along the most visited line, for
//! agents that commit to a whole multi-move turn) leads its best rival by
//! more visits than the iterations left (exactly, under an iteration cap; from
//! the rate so far, times [`MctsOptions::stop_margin`], under a time budget).
//! Rivals whose move ends the game in a loss for their mover do not count.
//! The search's RNG does not depend on the check, so an early stop under an
//! iteration cap returns exactly what the full run would have returned.
//!
//! # Example
//! ```
//! use gamecore::testkit::games::{CoarseHashEval, Pebbles};
//! use gamecore::{Budget, Game};
//! use search::mcts::{Mcts, MctsOptions};
//!
//! let mut mcts = Mcts::new(CoarseHashEval { levels: 4 }, MctsOptions { iterations: Some(2000), ..MctsOptions::default() });
//! let result = mcts.search(&Pebbles::new(7), &Budget::unlimited());
//! assert!(Pebbles::new(7).is_legal(result.best_move.unwrap()));
//! assert!(result.iterations == 2000);
//! ```

use gamecore::{Agent, AgentError, Budget, Evaluator, Game, MoveList, Player, Timer};

/// The iterations a search runs when neither the budget nor
/// [`MctsOptions::iterations`] limits it (an unlimited budget in an arena
/// without a clock): enough for a considered move in every game of the
/// workspace, bounded so that such a game still ends.
pub const UNBOUNDED_ITERATIONS: u64 = 100_000;

/// Settings of a [`Mcts`] search.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct MctsOptions {
    /// The UCT exploration constant `c` in `Q + c·sqrt(ln N / n)`.
    pub exploration: f64,
    /// Evaluation units that make a logistic step of 1 (a score of `scale`
    /// means a win probability of about 0.73 for the side to move).
    pub eval_scale: f64,
    /// Random plies played before a leaf is evaluated (0: evaluate at once).
    pub playout_plies: u32,
    /// A cap on the iterations (`None`: only the budget stops the search,
    /// or [`UNBOUNDED_ITERATIONS`] when the budget is unlimited too).
    pub iterations: Option<u64>,
    /// A cap on tree nodes; when reached the tree stops growing.
    pub max_nodes: usize,
    /// Seed of the playout generator.
    pub seed: u64,
    /// Whether the search may stop once its answer can no longer change.
    pub early_stop: EarlyStop,
    /// Safety factor on the iterations a time budget is estimated to have
    /// left (at the rate so far) for [`EarlyStop`]; at least 1 is prudent.
    pub stop_margin: f64,
    /// Whether a node's children are only the evaluator's candidate moves
    /// ([`Evaluator::select_candidates`]); every legal move when it keeps none.
    pub candidates: bool,
}

/// When a search may end before its budget (see [`MctsOptions::early_stop`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum EarlyStop {
    /// Only the budget, the iteration cap or a root with one legal move
    /// (after one iteration, without an iteration cap) stops the search.
    #[default]
    Off,
    /// Stop once the most visited root move cannot be overtaken.
    Root,
    /// Stop once every move of the root's side to move along the most
    /// visited line, up to the first move of the other side, cannot be
    /// overtaken: the answer an agent playing a whole turn from one search
    /// uses. The line must reach the other side's move (or the game's end).
    Line,
}

impl Default for MctsOptions {
    fn default() -> MctsOptions {
        MctsOptions {
            exploration: 0.7,
            eval_scale: 300.0,
            playout_plies: 0,
            iterations: None,
            max_nodes: 2_000_000,
            seed: 1,
            early_stop: EarlyStop::Off,
            stop_margin: 1.25,
            candidates: false,
        }
    }
}

/// The answer of one search.
#[derive(Debug, Clone, PartialEq)]
pub struct MctsResult<M> {
    /// The most visited root move (`None` if the game is over).
    pub best_move: Option<M>,
    /// The best move's mean value for the side to move at the root, 0..=1.
    pub value: f64,
    /// Iterations run.
    pub iterations: u64,
    /// Tree nodes created.
    pub nodes: usize,
    /// The most visited line from the root, with the side that plays each move.
    pub pv: Vec<(Player, M)>,
    /// Whether [`MctsOptions::early_stop`] ended the search before its budget.
    pub stopped_early: bool,
}

#[derive(Debug, Clone)]
struct Node<M> {
    mv: Option<M>,
    /// Who made `mv` (the side to move at the parent).
    mover: Player,
    /// First child index and count (0 children = not expanded).
    first_child: u32,
    n_children: u32,
    expanded: bool,
    visits: u32,
    /// Sum of values for `mover`.
    value: f64,
    /// The game is over after `mv`, so `value / visits` is exact.
    terminal: bool,
}

/// A UCT searcher over game `G` with evaluator `E`.
#[derive(Debug, Clone)]
pub struct Mcts<G: Game, E: Evaluator<G>> {
    eval: E,
    options: MctsOptions,
    nodes: Vec<Node<G::Move>>,
    rng: u64,
}

impl<G: Game, E: Evaluator<G>> Mcts<G, E> {
    /// A searcher with the given evaluator and options.
    pub fn new(eval: E, options: MctsOptions) -> Mcts<G, E> {
        Mcts {
            eval,
            options,
            nodes: Vec::new(),
            rng: options.seed | 1,
        }
    }

    /// The options.
    pub fn options(&self) -> &MctsOptions {
        &self.options
    }

    /// The evaluator.
    pub fn evaluator(&self) -> &E {
        &self.eval
    }

    fn next_random(&mut self) -> u64 {
        // SplitMix64: small, fast and good enough for playout choices.
        self.rng = self.rng.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.rng;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// The value of `state` for `Player::First`, 0..=1.
    fn leaf_value(&mut self, state: &mut G) -> f64 {
        let mut moves = MoveList::new();
        for _ in 0..self.options.playout_plies {
            if state.outcome().is_some() {
                break;
            }
            state.legal_moves(&mut moves);
            let i = (self.next_random() % moves.len() as u64) as usize;
            state.play_unchecked(moves[i]);
        }
        if let Some(outcome) = state.outcome() {
            return match outcome.winner() {
                Some(Player::First) => 1.0,
                Some(Player::Second) => 0.0,
                None => 0.5,
            };
        }
        let score = f64::from(self.eval.evaluate(state)) / self.options.eval_scale;
        let p = 1.0 / (1.0 + (-score).exp());
        if state.side_to_move() == Player::First {
            p
        } else {
            1.0 - p
        }
    }

    fn expand(&mut self, node: usize, state: &G) {
        let mut moves = MoveList::new();
        state.legal_moves(&mut moves);
        if self.options.candidates && moves.len() > 1 {
            let mut kept = moves.clone();
            self.eval.select_candidates(state, &mut kept);
            if !kept.is_empty() {
                moves = kept;
            }
        }
        self.nodes[node].expanded = true;
        if moves.is_empty() || self.nodes.len() + moves.len() > self.options.max_nodes {
            return;
        }
        let mut order: Vec<(i32, G::Move)> = moves
            .iter()
            .map(|&m| (self.eval.move_order_hint(state, m), m))
            .collect();
        order.sort_by_key(|&(h, _)| std::cmp::Reverse(h));
        let mover = state.side_to_move();
        self.nodes[node].first_child = self.nodes.len() as u32;
        self.nodes[node].n_children = order.len() as u32;
        for (_, m) in order {
            self.nodes.push(Node {
                mv: Some(m),
                mover,
                first_child: 0,
                n_children: 0,
                expanded: false,
                visits: 0,
                value: 0.0,
                terminal: false,
            });
        }
    }

    fn select_child(&self, node: usize) -> usize {
        let n = &self.nodes[node];
        let first = n.first_child as usize;
        let ln = f64::from(n.visits.max(1)).ln();
        let mut best = first;
        let mut best_score = f64::NEG_INFINITY;
        for i in first..first + n.n_children as usize {
            let c = &self.nodes[i];
            if c.visits == 0 {
                return i;
            }
            let v = f64::from(c.visits);
            let score = c.value / v + self.options.exploration * (ln / v).sqrt();
            if score > best_score {
                best_score = score;
                best = i;
            }
        }
        best
    }

    fn best_child(&self, node: usize) -> Option<usize> {
        let n = &self.nodes[node];
        let first = n.first_child as usize;
        (first..first + n.n_children as usize).max_by(|&a, &b| {
            let (x, y) = (&self.nodes[a], &self.nodes[b]);
            x.visits.cmp(&y.visits).then(
                (x.value / f64::from(x.visits.max(1)))
                    .total_cmp(&(y.value / f64::from(y.visits.max(1)))),
            )
        })
    }

    /// Searches from `root` until the budget's soft target (or the iteration
    /// cap) and returns the most visited move and line.
    ///
    /// The clock starts when the search does. With neither a time limit nor
    /// an iteration cap the search would never end: it then runs
    /// [`UNBOUNDED_ITERATIONS`] iterations.
    pub fn search(&mut self, root: &G, budget: &Budget) -> MctsResult<G::Move> {
        let timer = budget.start_now();
        let cap = match self.options.iterations {
            None if budget.soft().is_none() => Some(UNBOUNDED_ITERATIONS),
            cap => cap,
        };
        self.nodes.clear();
        self.nodes.push(Node {
            mv: None,
            mover: root.side_to_move().other(),
            first_child: 0,
            n_children: 0,
            expanded: false,
            visits: 0,
            value: 0.0,
            terminal: false,
        });
        let mut iterations = 0u64;
        let mut path: Vec<usize> = Vec::new();
        let mut stopped_early = false;
        if root.outcome().is_none() {
            let mover = root.side_to_move();
            loop {
                if cap.is_some_and(|cap| iterations >= cap) {
                    break;
                }
                if iterations % 16 == 0 && iterations > 0 {
                    if timer.soft_expired() {
                        break;
                    }
                    if self.options.early_stop != EarlyStop::Off {
                        let left = self.iterations_left(iterations, cap, &timer);
                        if self.decided(left, mover) {
                            stopped_early = true;
                            break;
                        }
                    }
                }
                self.iterate(root, &mut path);
                iterations += 1;
                if self.options.early_stop == EarlyStop::Off
                    && self.nodes[0].n_children == 1
                    && self.options.iterations.is_none()
                {
                    break;
                }
            }
        }
        let mut pv = Vec::new();
        let mut node = 0;
        while let Some(c) = self.best_child(node) {
            if self.nodes[c].visits == 0 {
                break;
            }
            pv.push((self.nodes[c].mover, self.nodes[c].mv.expect("child move")));
            node = c;
        }
        let best = self.best_child(0);
        MctsResult {
            best_move: best.and_then(|b| self.nodes[b].mv),
            value: best.map_or(0.5, |b| {
                self.nodes[b].value / f64::from(self.nodes[b].visits.max(1))
            }),
            iterations,
            nodes: self.nodes.len(),
            pv,
            stopped_early,
        }
    }

    /// An upper estimate of the iterations still to run: exact under an
    /// iteration cap; under a time budget the rate so far times the time
    /// left, times [`MctsOptions::stop_margin`]; unbounded otherwise.
    fn iterations_left(&self, done: u64, cap: Option<u64>, timer: &Timer) -> f64 {
        let mut left = f64::INFINITY;
        if let Some(cap) = cap {
            left = cap.saturating_sub(done) as f64;
        }
        if let Some(remaining) = timer.soft_remaining() {
            let time_left = remaining.as_secs_f64();
            let spent = timer.elapsed().as_secs_f64().max(1e-9);
            left = left.min(done as f64 / spent * time_left * self.options.stop_margin.max(0.0));
        }
        left
    }

    /// Whether `left` more iterations could not change the answer that
    /// [`MctsOptions::early_stop`] protects: at each node checked, the most
    /// visited child leads every rival (children not proven lost for their
    /// mover) by more than `left` visits, or has no rival.
    fn decided(&self, left: f64, mover: Player) -> bool {
        let mut node = 0;
        loop {
            let n = &self.nodes[node];
            let first = n.first_child as usize;
            if n.n_children == 0 {
                // Game over or no moves: the line cannot grow. Not expanded
                // yet: more iterations may extend it.
                return n.terminal || n.expanded || left < 1.0;
            }
            if self.nodes[first].mover != mover {
                return true;
            }
            let Some(best) = self.best_child(node) else {
                return true;
            };
            if self.nodes[best].visits == 0 {
                return left < 1.0;
            }
            let rival = (first..first + n.n_children as usize)
                .filter(|&c| c != best)
                .filter(|&c| !(self.nodes[c].terminal && self.nodes[c].value == 0.0))
                .map(|c| self.nodes[c].visits)
                .max();
            if let Some(r) = rival {
                if f64::from(self.nodes[best].visits) <= f64::from(r) + left {
                    return false;
                }
            }
            if self.options.early_stop == EarlyStop::Root {
                return true;
            }
            node = best;
        }
    }

    fn iterate(&mut self, root: &G, path: &mut Vec<usize>) {
        path.clear();
        let mut state = root.clone();
        let mut node = 0;
        path.push(0);
        loop {
            if state.outcome().is_some() {
                break;
            }
            if !self.nodes[node].expanded {
                self.expand(node, &state);
            }
            if self.nodes[node].n_children == 0 {
                break;
            }
            node = self.select_child(node);
            state.play_unchecked(self.nodes[node].mv.expect("child move"));
            path.push(node);
            if self.nodes[node].visits == 0 {
                break;
            }
        }
        if state.outcome().is_some() {
            let leaf = *path.last().expect("root on path");
            self.nodes[leaf].terminal = true;
        }
        let first = self.leaf_value(&mut state);
        for &n in path.iter() {
            let node = &mut self.nodes[n];
            node.visits += 1;
            node.value += if node.mover == Player::First {
                first
            } else {
                1.0 - first
            };
        }
    }
}

/// An MCTS player as a [`gamecore::Agent`]: searches until the budget's soft target.
#[derive(Debug, Clone)]
pub struct MctsAgent<G: Game, E: Evaluator<G>> {
    mcts: Mcts<G, E>,
    name: String,
}

impl<G: Game, E: Evaluator<G>> MctsAgent<G, E> {
    /// An agent named `name` searching with `eval` and `options`.
    pub fn new(name: &str, eval: E, options: MctsOptions) -> MctsAgent<G, E> {
        MctsAgent {
            mcts: Mcts::new(eval, options),
            name: name.to_string(),
        }
    }
}

impl<G: Game, E: Evaluator<G> + 'static> Agent<G> for MctsAgent<G, E>
where
    G::Move: Send,
{
    fn name(&self) -> String {
        self.name.clone()
    }

    fn select_move(&mut self, state: &G, budget: &Budget) -> Result<G::Move, AgentError> {
        self.mcts
            .search(state, budget)
            .best_move
            .ok_or(AgentError::GameOver)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use gamecore::testkit::games::{CoarseHashEval, Pebbles};

    /// Exact margin for `Player::First` under perfect play.
    fn exact(state: &Pebbles) -> i32 {
        if let Some(o) = state.outcome() {
            return o.margin(Player::First);
        }
        let mut moves = MoveList::new();
        state.legal_moves(&mut moves);
        let values = moves.iter().map(|&m| {
            let mut s = state.clone();
            s.play_unchecked(m);
            exact(&s)
        });
        if state.side_to_move() == Player::First {
            values.max().unwrap()
        } else {
            values.min().unwrap()
        }
    }

    #[test]
    fn keeps_a_won_pebbles_game_won() {
        for pile in 3..=9 {
            let start = Pebbles::new(pile);
            let root = exact(&start);
            let mut mcts = Mcts::new(
                CoarseHashEval { levels: 1 },
                MctsOptions {
                    iterations: Some(20_000),
                    ..MctsOptions::default()
                },
            );
            let result = mcts.search(&start, &Budget::unlimited());
            let mut after = start.clone();
            after.play(result.best_move.unwrap()).unwrap();
            if root > 0 {
                assert!(exact(&after) > 0, "pile {pile}: mcts threw away the win");
            }
            assert_eq!(result.iterations, 20_000);
            assert_eq!(result.pv[0].0, Player::First);
        }
    }

    /// Keeps only the largest take of every node (Pebbles' moves are takes).
    #[derive(Debug, Clone)]
    struct LargestTake;

    impl Evaluator<Pebbles> for LargestTake {
        fn evaluate(&self, state: &Pebbles) -> i32 {
            CoarseHashEval { levels: 1 }.evaluate(state)
        }

        fn select_candidates(&self, _: &Pebbles, moves: &mut MoveList<<Pebbles as Game>::Move>) {
            let largest = moves.iter().map(|m| m.0).max();
            moves.retain(|m| Some(m.0) == largest);
        }
    }

    #[test]
    fn candidates_restrict_the_tree_and_only_when_asked() {
        for pile in 2..=9 {
            let start = Pebbles::new(pile);
            let mut all = MoveList::new();
            start.legal_moves(&mut all);
            let largest = all.iter().map(|m| m.0).max().unwrap();
            let options = MctsOptions {
                iterations: Some(500),
                ..MctsOptions::default()
            };
            let mut restricted = Mcts::new(
                LargestTake,
                MctsOptions {
                    candidates: true,
                    ..options
                },
            );
            let result = restricted.search(&start, &Budget::unlimited());
            assert_eq!(result.best_move.unwrap().0, largest, "pile {pile}");
            // Every node on the line kept one child: the largest take.
            let mut state = start.clone();
            for &(_, mv) in &result.pv {
                let mut moves = MoveList::new();
                state.legal_moves(&mut moves);
                assert_eq!(mv.0, moves.iter().map(|m| m.0).max().unwrap());
                state.play_unchecked(mv);
            }
            assert_eq!(restricted.nodes[0].n_children, 1);
            // Without the option the root has every legal move as a child.
            let mut free = Mcts::new(LargestTake, options);
            free.search(&start, &Budget::unlimited());
            assert_eq!(free.nodes[0].n_children as usize, all.len(), "pile {pile}");
        }
    }

    #[test]
    fn finished_games_give_no_move() {
        let mut mcts = Mcts::new(CoarseHashEval { levels: 1 }, MctsOptions::default());
        let result = mcts.search(&Pebbles::new(0), &Budget::unlimited());
        assert_eq!(result.best_move, None);
    }
}
