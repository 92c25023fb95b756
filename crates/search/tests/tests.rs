//! Integration tests of the search: agreement with plain negamax on random
//! positions, hand-built trees, exhaustive solving, deadlines.

use gamecore::testkit::games::{CoarseHashEval, Pebbles, Take};
use gamecore::testkit::random_position;
use gamecore::{Agent, Budget, Evaluator, Game, MoveList, Outcome, ParseMoveError, Player};
use proptest::prelude::*;
use search::testkit::{check_agrees_with_negamax, option_matrix, HookedEval};
use search::{reference, Hooks, Search, SearchAgent, SearchLimits, SearchOptions, Value};
use std::fmt;
use std::time::{Duration, Instant};

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// The headline property, on a game with extra turns.
    #[test]
    fn every_configuration_agrees_with_negamax_on_pebbles(
        seed in any::<u64>(), pile in 4u8..24, plies in 0u32..6, depth in 1u32..7, levels in 1u32..12,
    ) {
        let state = random_position(&Pebbles::new(pile), plies, seed);
        let evaluator = CoarseHashEval { levels };
        check_agrees_with_negamax(&state, &evaluator, depth, &option_matrix())
            .map_err(|e| TestCaseError::fail(format!("{e}\n  state {state:?}")))?;
    }

    /// Every hook (quiescence, oracle, extensions, candidates) on Pebbles,
    /// against negamax with the same hooks; the matrix turns each off in turn.
    #[test]
    fn every_configuration_agrees_with_negamax_with_hooks_on_pebbles(
        seed in any::<u64>(), pile in 4u8..24, plies in 0u32..6, depth in 1u32..6, levels in 1u32..12,
    ) {
        let state = random_position(&Pebbles::new(pile), plies, seed);
        let evaluator = HookedEval::new(CoarseHashEval { levels });
        check_agrees_with_negamax(&state, &evaluator, depth, &option_matrix())
            .map_err(|e| TestCaseError::fail(format!("{e}\n  state {state:?}")))?;
    }

    /// The same on random trees (extra turns, transpositions at several depths).
    #[test]
    fn every_configuration_agrees_with_negamax_with_hooks_on_random_trees(
        seed in any::<u64>(), depth in 1u32..6, levels in 1u32..20, win_loss in any::<bool>(),
    ) {
        let state = if win_loss { RandomTree::new(seed).win_loss() } else { RandomTree::new(seed) };
        let evaluator = HookedEval::new(CoarseHashEval { levels });
        check_agrees_with_negamax(&state, &evaluator, depth, &option_matrix())
            .map_err(|e| TestCaseError::fail(format!("{e}\n  seed {seed}")))?;
    }

    /// The same on synthetic trees with uneven depth, uneven branching and
    /// random extra turns.
    #[test]
    fn every_configuration_agrees_with_negamax_on_random_trees(
        seed in any::<u64>(), depth in 1u32..7, levels in 1u32..20,
    ) {
        let state = RandomTree::new(seed);
        let evaluator = CoarseHashEval { levels };
        check_agrees_with_negamax(&state, &evaluator, depth, &option_matrix())
            .map_err(|e| TestCaseError::fail(format!("{e}\n  seed {seed}")))?;
    }
}

#[test]
fn exhaustive_search_solves_pebbles_like_negamax() {
    for pile in 1..=16 {
        let state = Pebbles::new(pile);
        let evaluator = CoarseHashEval { levels: 5 };
        for options in option_matrix() {
            let mut search = Search::new(evaluator, options);
            let result = search.search(&state, &SearchLimits::exhaustive());
            assert!(result.exact, "pile {pile}: not exact with {options:?}");
            let oracle = reference::negamax(
                &state,
                &evaluator,
                u32::from(pile),
                options.prefer_short_wins,
            );
            assert_eq!(result.value, oracle, "pile {pile} with {options:?}");
            assert!(result.proven_margin().is_some());
        }
    }
}

#[test]
fn extra_turn_is_not_negated() {
    // Pile 2: taking 2 ends the game at once (+2 pebbles +3 bonus), taking 1
    // lets the opponent take the last one. With an extra turn after Take(2)
    // the game would continue, but the pile is empty, so it ends.
    let state = Pebbles::new(2);
    let mut search = Search::new(CoarseHashEval { levels: 1 }, SearchOptions::default());
    let result = search.search(&state, &SearchLimits::exhaustive());
    assert_eq!(result.best_move, Some(Take(2)));
    assert_eq!(result.proven_margin(), Some(5));
    // Pile 4: Take(2) keeps the turn with 2 left; then Take(2) again ends:
    // 4 + 3 = 7 for the mover, the best possible.
    let result = search.search(&Pebbles::new(4), &SearchLimits::exhaustive());
    assert_eq!(result.proven_margin(), Some(7));
    assert_eq!(result.pv, vec![Take(2), Take(2)]);
}

#[test]
fn quicker_wins_are_preferred_only_when_asked() {
    // A tree where the root can win by 1 at once (move 0) or by 1 later (move 1).
    let tree = Tree::parse("(+1 ((+1)))");
    let mut quick = Search::new(Zero, SearchOptions::default());
    let result = quick.search(&tree, &SearchLimits::exhaustive());
    assert_eq!(result.best_move, Some(TreeMove(0)));
    assert_eq!(result.value.proven_distance(), Some(1));
    let tree = Tree::parse("(((+1)) +1)");
    let result = quick.search(&tree, &SearchLimits::exhaustive());
    assert_eq!(
        result.best_move,
        Some(TreeMove(1)),
        "the quicker win comes second"
    );
    let mut flat = Search::new(
        Zero,
        SearchOptions::default()
            .with_prefer_short_wins(false)
            .with_stable_root_order(true),
    );
    let result = flat.search(&tree, &SearchLimits::exhaustive());
    assert_eq!(
        result.best_move,
        Some(TreeMove(0)),
        "equal margins: the first move"
    );
}

#[test]
fn hand_built_trees_have_known_values() {
    // Classic minimax example: max over mins.
    // Root (first to move) -> three children where the opponent moves.
    let tree = Tree::parse("(((3) (12) (8)) ((2) (4) (6)) ((14) (5) (2)))");
    for options in option_matrix() {
        let mut search = Search::new(Zero, options);
        let result = search.search(&tree, &SearchLimits::exhaustive());
        assert_eq!(result.proven_margin(), Some(3), "{options:?}");
        assert_eq!(result.best_move, Some(TreeMove(0)));
    }
}

#[test]
fn hard_deadline_is_kept_and_a_move_is_returned() {
    // A deep random tree with a 30 ms budget: the search must stop well
    // within a generous bound and still answer with a legal move.
    let state = RandomTree::new(7).with_depth_limit(60);
    let mut agent = SearchAgent::new(
        "search",
        CoarseHashEval { levels: 100 },
        SearchOptions::default(),
        None,
    );
    let started = Instant::now();
    let budget = Budget::new(Duration::from_millis(15), Duration::from_millis(30));
    let mv = agent.select_move(&state, &budget).expect("a move");
    assert!(state.is_legal(mv));
    // Not a timing assertion about speed: a search that ignored the deadline
    // would run for minutes on this tree.
    assert!(started.elapsed() < Duration::from_secs(5));
    let result = agent.last_result().unwrap();
    assert!(result.depth >= 1 && !result.exact);
}

#[test]
fn hard_deadline_is_kept_with_several_threads() {
    let state = RandomTree::new(11).with_depth_limit(60);
    for threads in [2, 4] {
        let options = SearchOptions::default().with_threads(threads);
        let mut agent = SearchAgent::new("search", CoarseHashEval { levels: 100 }, options, None);
        for _ in 0..3 {
            let started = Instant::now();
            let budget = Budget::new(Duration::from_millis(15), Duration::from_millis(30));
            let mv = agent.select_move(&state, &budget).expect("a move");
            assert!(state.is_legal(mv));
            // As above: a helper that ignored the stop would run for minutes.
            assert!(started.elapsed() < Duration::from_secs(5));
            let result = agent.last_result().unwrap();
            assert_eq!(result.stats.threads, threads);
            assert!(result.depth >= 1 && !result.exact);
        }
    }
}

#[test]
fn parallel_exhaustive_search_solves_pebbles() {
    for threads in [1, 2, 3] {
        let state = Pebbles::new(23);
        let eval = CoarseHashEval { levels: 5 };
        let options = SearchOptions::default().with_threads(threads);
        let mut search = Search::new(eval, options);
        let result = search.search(&state, &SearchLimits::exhaustive());
        assert!(result.exact);
        let reference = search::reference::negamax(&state, &eval, 23, true);
        assert_eq!(result.value, reference, "{threads} threads");
        assert_eq!(result.stats.threads, threads);
    }
}

#[test]
fn finished_game_gives_no_move() {
    let mut state = Pebbles::new(1);
    state.play(Take(1)).unwrap();
    let mut search = Search::new(CoarseHashEval { levels: 3 }, SearchOptions::default());
    let result = search.search(&state, &SearchLimits::depth(3));
    assert_eq!(result.best_move, None);
    assert!(result.exact);
    let mut agent = SearchAgent::new(
        "s",
        CoarseHashEval { levels: 3 },
        SearchOptions::default(),
        Some(3),
    );
    assert!(agent.select_move(&state, &Budget::unlimited()).is_err());
}

#[test]
fn node_limit_stops_after_the_first_iteration() {
    let state = RandomTree::new(3).with_depth_limit(40);
    let mut search = Search::new(CoarseHashEval { levels: 9 }, SearchOptions::default());
    let result = search.search(&state, &SearchLimits::exhaustive().with_max_nodes(2_000));
    assert!(result.best_move.is_some());
    assert!(result.stats.nodes < 20_000);
}

// ---------------------------------------------------------------------------
// Test games.

/// An evaluator that scores every position 0.
#[derive(Debug, Clone, Copy)]
struct Zero;

impl<G: Game> Evaluator<G> for Zero {
    fn evaluate(&self, _: &G) -> i32 {
        0
    }
}

/// A move in a [`Tree`] or [`RandomTree`]: the child's index.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
struct TreeMove(u8);

impl fmt::Display for TreeMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// A game tree written as nested parentheses: `(a b c)` is a node whose
/// children are a, b, c; a number is a leaf worth that margin to the player
/// who moved into it. Sides alternate at every level.
#[derive(Debug, Clone)]
struct Tree {
    nodes: std::sync::Arc<Vec<TreeNode>>,
    at: usize,
    to_move: Player,
}

#[derive(Debug, Clone)]
enum TreeNode {
    Inner(Vec<usize>),
    Leaf(i32),
}

impl Tree {
    fn parse(text: &str) -> Tree {
        fn node(
            tokens: &mut std::iter::Peekable<std::vec::IntoIter<String>>,
            nodes: &mut Vec<TreeNode>,
        ) -> usize {
            let token = tokens.next().expect("token");
            if token == "(" {
                let index = nodes.len();
                nodes.push(TreeNode::Inner(Vec::new()));
                let mut children = Vec::new();
                while tokens.peek().map(String::as_str) != Some(")") {
                    children.push(node(tokens, nodes));
                }
                tokens.next();
                nodes[index] = TreeNode::Inner(children);
                index
            } else {
                nodes.push(TreeNode::Leaf(token.parse().expect("number")));
                nodes.len() - 1
            }
        }
        let spaced = text.replace('(', " ( ").replace(')', " ) ");
        let tokens: Vec<String> = spaced.split_whitespace().map(str::to_owned).collect();
        let mut nodes = Vec::new();
        node(&mut tokens.into_iter().peekable(), &mut nodes);
        Tree {
            nodes: std::sync::Arc::new(nodes),
            at: 0,
            to_move: Player::First,
        }
    }
}

impl Game for Tree {
    type Move = TreeMove;
    fn side_to_move(&self) -> Player {
        self.to_move
    }
    fn legal_moves(&self, moves: &mut MoveList<TreeMove>) {
        moves.clear();
        if let TreeNode::Inner(children) = &self.nodes[self.at] {
            moves.extend((0..children.len()).map(|i| TreeMove(i as u8)));
        }
    }
    fn play_unchecked(&mut self, mv: TreeMove) {
        if let TreeNode::Inner(children) = &self.nodes[self.at] {
            self.at = children[usize::from(mv.0)];
            if let TreeNode::Inner(_) = self.nodes[self.at] {
                self.to_move = self.to_move.other();
            }
        }
    }
    fn outcome(&self) -> Option<Outcome> {
        match self.nodes[self.at] {
            // The leaf's number is the margin of the player who moved into it.
            TreeNode::Leaf(margin) => Some(if self.to_move == Player::First {
                Outcome::new(margin, 0)
            } else {
                Outcome::new(0, margin)
            }),
            TreeNode::Inner(_) => None,
        }
    }
    fn hash(&self) -> u64 {
        self.at as u64 * 2 + self.to_move.index() as u64
    }
    fn recompute_hash(&self) -> u64 {
        self.hash()
    }
    fn score_bounds(&self) -> (i32, i32) {
        (-100, 100)
    }
    fn max_remaining_plies(&self) -> u32 {
        fn height(nodes: &[TreeNode], at: usize) -> u32 {
            match &nodes[at] {
                TreeNode::Leaf(_) => 0,
                TreeNode::Inner(children) => {
                    1 + children
                        .iter()
                        .map(|&c| height(nodes, c))
                        .max()
                        .unwrap_or(0)
                }
            }
        }
        height(&self.nodes, self.at)
    }
    fn parse_move(&self, text: &str) -> Result<TreeMove, ParseMoveError> {
        text.parse()
            .map(TreeMove)
            .map_err(|_| ParseMoveError::new(text, "a child index"))
    }
    fn move_index(&self, mv: TreeMove) -> usize {
        usize::from(mv.0)
    }
    fn move_index_bound(&self) -> usize {
        256
    }
}

/// A synthetic game defined by hashing. Each node has 1 to 4 children and
/// lets the mover move again one time in four.
///
/// In its default form it is a DAG: a position is (node id, side to move),
/// and each move jumps the id ahead by 1 to 3, so the same position is
/// reached by paths of different lengths (transpositions at different
/// depths, the case that breaks naive table reuse), and random nodes end the
/// game with random margins. With [`RandomTree::with_depth_limit`] it is
/// instead a huge tree with no early ends, for deadline tests.
#[derive(Debug, Clone)]
struct RandomTree {
    seed: u64,
    id: u64,
    ply: u32,
    depth_limit: u32,
    early_ends: bool,
    win_loss: bool,
    to_move: Player,
}

impl RandomTree {
    fn new(seed: u64) -> RandomTree {
        RandomTree {
            seed,
            id: 0,
            ply: 0,
            depth_limit: 24,
            early_ends: true,
            win_loss: false,
            to_move: Player::First,
        }
    }

    /// The same tree, but every end is a win (+1), a loss (−1) or a draw
    /// for the first player, and the declared bounds are tight.
    fn win_loss(mut self) -> RandomTree {
        self.win_loss = true;
        self
    }

    /// A tree that ends only at `depth_limit`: far too big to search to the end.
    fn with_depth_limit(mut self, depth_limit: u32) -> RandomTree {
        self.depth_limit = depth_limit;
        self.early_ends = false;
        self
    }

    fn mix(&self, salt: u64) -> u64 {
        let node = if self.early_ends {
            self.id * 2 + self.to_move.index() as u64
        } else {
            self.id
        };
        gamecore::derive_seed(self.seed ^ salt.wrapping_mul(0x1234_5678_9ABC_DEF1), node)
    }

    fn ended(&self) -> bool {
        if self.early_ends {
            self.id >= u64::from(self.depth_limit) || (self.id >= 3 && self.mix(1) % 100 < 15)
        } else {
            self.ply >= self.depth_limit
        }
    }
}

impl Game for RandomTree {
    type Move = TreeMove;
    fn side_to_move(&self) -> Player {
        self.to_move
    }
    fn legal_moves(&self, moves: &mut MoveList<TreeMove>) {
        moves.clear();
        if !self.ended() {
            let count = 1 + self.mix(2) % 4;
            moves.extend((0..count).map(|i| TreeMove(i as u8)));
        }
    }
    fn play_unchecked(&mut self, mv: TreeMove) {
        let extra_turn = self.mix(3 + u64::from(mv.0)) % 4 == 0;
        self.id = if self.early_ends {
            self.id + 1 + self.mix(10 + u64::from(mv.0)) % 3
        } else {
            (self.id * 4 + u64::from(mv.0) + 1) % 1_000_003
        };
        self.ply += 1;
        if !extra_turn {
            self.to_move = self.to_move.other();
        }
    }
    fn outcome(&self) -> Option<Outcome> {
        self.ended().then(|| {
            let margin = (self.mix(4) % 9) as i32 - 4;
            match (self.win_loss, margin.signum()) {
                (false, _) => Outcome::new(margin, 0),
                (true, 1) => Outcome::zero_sum(Player::First, 1),
                (true, -1) => Outcome::zero_sum(Player::Second, 1),
                (true, _) => Outcome::new(0, 0),
            }
        })
    }
    fn hash(&self) -> u64 {
        let ply = if self.early_ends {
            0
        } else {
            u64::from(self.ply) << 1
        };
        (self.id << 32) | ply | self.to_move.index() as u64
    }
    fn recompute_hash(&self) -> u64 {
        self.hash()
    }
    fn score_bounds(&self) -> (i32, i32) {
        if self.win_loss {
            (-1, 1)
        } else {
            (-4, 4)
        }
    }
    fn max_remaining_plies(&self) -> u32 {
        if self.early_ends {
            (u64::from(self.depth_limit).saturating_sub(self.id)) as u32
        } else {
            self.depth_limit.saturating_sub(self.ply)
        }
    }
    fn parse_move(&self, text: &str) -> Result<TreeMove, ParseMoveError> {
        text.parse()
            .map(TreeMove)
            .map_err(|_| ParseMoveError::new(text, "a child index"))
    }
    fn move_index(&self, mv: TreeMove) -> usize {
        usize::from(mv.0)
    }
    fn move_index_bound(&self) -> usize {
        4
    }
}

#[test]
fn test_games_pass_the_conformance_kit() {
    gamecore::testkit::check_random_games(&RandomTree::new(11), 50, 1);
    gamecore::testkit::check_random_games(
        &Tree::parse("(((3) (12) (8)) ((2) (4) (6)) (1))"),
        10,
        1,
    );
}

#[test]
fn value_display_names_wins() {
    assert_eq!(Value::proven(4, 2, true).to_string(), "win by 4");
    assert_eq!(Value::heuristic(-12).to_string(), "-12");
}

/// Each hook changes the tree on some positions, so the agreement tests
/// above would catch a search that ignored it (or applied it where the
/// reference does not).
#[test]
fn every_hook_changes_some_values() {
    let single = |pick: fn(&mut Hooks)| {
        let mut hooks = Hooks::NONE;
        pick(&mut hooks);
        hooks
    };
    let hooks: [(&str, Hooks); 4] = [
        ("quiescence", single(|h| h.quiescence = true)),
        ("oracle", single(|h| h.oracle = true)),
        ("extensions", single(|h| h.extensions = true)),
        ("candidates", single(|h| h.candidates = true)),
    ];
    for (name, hook) in hooks {
        let with = SearchOptions::new().with_hooks(hook);
        let without = SearchOptions::new().with_hooks(Hooks::NONE);
        let evaluator = HookedEval::new(CoarseHashEval { levels: 9 });
        let changed = (0..200u64)
            .filter(|&seed| {
                let state = random_position(&Pebbles::new(8 + (seed % 8) as u8), 1, seed);
                reference::negamax_with(&state, &evaluator, 3, &with)
                    != reference::negamax_with(&state, &evaluator, 3, &without)
            })
            .count()
            + (0..200u64)
                .filter(|&seed| {
                    let state = random_position(&RandomTree::new(seed), 5, seed);
                    reference::negamax_with(&state, &evaluator, 3, &with)
                        != reference::negamax_with(&state, &evaluator, 3, &without)
                })
                .count();
        assert!(changed >= 10, "{name} changed only {changed} of 400 values");
    }
}

/// A forced result ends iterative deepening in the iteration that proves it,
/// whatever the depth limit, and its line runs to the end of the game.
#[test]
fn a_forced_win_ends_the_search_in_the_iteration_that_proves_it() {
    let evaluator = CoarseHashEval { levels: 7 };
    let mut forced = 0;
    for seed in 0..300u64 {
        let state = RandomTree::new(seed).win_loss();
        let mut search = Search::new(evaluator, SearchOptions::default());
        let deep = search.search(&state, &SearchLimits::depth(22));
        if !deep.exact || deep.value.proven_margin().is_none() {
            continue;
        }
        // Proven before the whole tree (24 plies) was searched.
        if deep.depth >= 22 {
            continue;
        }
        forced += 1;
        let mut again = Search::new(evaluator, SearchOptions::default());
        let at_proof = again.search(&state, &SearchLimits::depth(deep.depth));
        assert_eq!(deep.depth, at_proof.depth, "seed {seed}");
        assert_eq!(
            deep.stats.nodes, at_proof.stats.nodes,
            "seed {seed}: searched past the proof"
        );
        assert_eq!(deep.value, at_proof.value);
        assert_eq!(
            deep.value,
            reference::negamax(&state, &evaluator, 24, true),
            "seed {seed}: the proven value is the game's value"
        );
        let mut end = state.clone();
        for &mv in &deep.pv {
            end.play(mv).expect("the line is legal");
        }
        assert!(
            end.outcome().is_some(),
            "seed {seed}: pv {:?} stops short of the end",
            deep.pv
        );
        assert_eq!(
            Some(deep.pv.len() as u32),
            deep.value.proven_distance(),
            "seed {seed}"
        );
    }
    assert!(forced >= 20, "only {forced} forced results among 300 trees");
}

/// Enhanced transposition cut-offs: on Pebbles, where every order of the
/// same takes reaches the same pile, looking the children up first cuts
/// nodes without a child search, so the same value needs fewer nodes.
#[test]
fn transposition_cutoffs_save_nodes_where_positions_transpose() {
    let state = Pebbles::new(60);
    let evaluator = CoarseHashEval { levels: 101 };
    let limits = SearchLimits::depth(14);
    let base = SearchOptions::new().with_tt_mib(1);
    let without =
        Search::new(evaluator, base.with_transposition_cutoffs(None)).search(&state, &limits);
    let with =
        Search::new(evaluator, base.with_transposition_cutoffs(Some(2))).search(&state, &limits);
    assert_eq!(with.value, without.value);
    assert_eq!(with.value, reference::negamax(&state, &evaluator, 14, true));
    assert!(
        with.stats.nodes < without.stats.nodes,
        "{} nodes with the cut-offs, {} without",
        with.stats.nodes,
        without.stats.nodes
    );
}

/// A heuristic value's line runs to the horizon: one move per ply.
#[test]
fn the_principal_variation_reaches_the_horizon() {
    let state = RandomTree::new(5).with_depth_limit(40);
    for depth in [1, 4, 9] {
        let mut search = Search::new(CoarseHashEval { levels: 50 }, SearchOptions::default());
        let result = search.search(&state, &SearchLimits::depth(depth));
        assert_eq!(result.pv.len() as u32, depth);
        assert_eq!(result.pv[0], result.best_move.unwrap());
    }
}

/// The clock starts when the search starts: limits built ahead of time give
/// every search the whole budget.
#[test]
fn a_budget_built_ahead_of_time_is_whole_when_the_search_starts() {
    let limits = SearchLimits::budget(Budget::new(
        Duration::from_millis(300),
        Duration::from_millis(600),
    ));
    std::thread::sleep(Duration::from_millis(700));
    let state = RandomTree::new(3).with_depth_limit(60);
    let mut search = Search::new(CoarseHashEval { levels: 50 }, SearchOptions::default());
    let started = Instant::now();
    let result = search.search(&state, &limits);
    // Far more than one iteration fits in 300 ms; a clock started at the
    // budget's construction would have stopped after the first.
    assert!(result.depth > 3, "depth {}", result.depth);
    assert!(started.elapsed() >= Duration::from_millis(250));
}

/// Scouts (PVS's null windows) stop once too many land inside the window,
/// and go on where they pay; the value is negamax's either way.
#[test]
fn scouts_stop_where_they_seldom_pay_and_go_on_where_they_do() {
    let state = Pebbles::new(60);
    let scouts = |levels: u32, depth: u32| {
        let evaluator = CoarseHashEval { levels };
        let options = SearchOptions::new().with_tt_mib(1);
        let result = Search::new(evaluator, options).search(&state, &SearchLimits::depth(depth));
        assert_eq!(
            result.value,
            reference::negamax(&state, &evaluator, depth, true),
            "levels {levels}, depth {depth}"
        );
        (result.stats.scouts, result.stats.scout_researches)
    };
    // 1001 levels: one scout in seven needs a second search; after the
    // trial no deeper iteration scouts.
    let (tried, missed) = scouts(1001, 12);
    assert!(tried >= 32 && missed * 8 > tried, "{missed} of {tried}");
    assert_eq!(scouts(1001, 14), (tried, missed));
    // 101 levels: about one in forty; every iteration scouts.
    let (tried, missed) = scouts(101, 12);
    assert!(missed * 8 <= tried, "{missed} of {tried}");
    assert!(scouts(101, 14).0 > tried);
}
