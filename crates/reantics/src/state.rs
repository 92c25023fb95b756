//! The game state: board, inventories, phase and counters (spec §2, §4).
//!
//! Coordinates here are **absolute** (Player 1's view). The perspective flip
//! for Player 2 happens only in [`View`](crate::View), the agents' window.

use crate::stats::{
    AntType, ConstrType, Coord, ANTHILL_CAPTURE_HEALTH, DEFAULT_TURN_CAP, TUNNEL_CAPTURE_HEALTH,
};
use gamecore::Player;

/// The game phases (spec §3.3; MENU is not a game state).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Phase {
    /// SETUP_PHASE_1: each player places anthill, tunnel and 9 grass at home.
    Setup1,
    /// SETUP_PHASE_2: each player places 2 food on the enemy's side.
    Setup2,
    /// PLAY_PHASE.
    Play,
}

/// One ant in the engine's state.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Ant {
    /// Absolute position.
    pub coords: Coord,
    /// Unit type.
    pub kind: AntType,
    /// Remaining health.
    pub health: i8,
    /// Set by a move or a build, cleared at the owner's END.
    pub has_moved: bool,
    /// True when the worker carries a unit of food.
    pub carrying: bool,
    /// Unique id in creation order (the original's `UniqueID`).
    pub id: u16,
}

/// What stands on a cell besides ants.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Cell {
    /// Nothing: entering costs 1.
    #[default]
    Empty,
    /// A construction; buildings carry their owner.
    Constr(ConstrType, Option<Player>),
}

impl Cell {
    /// The construction type, if any.
    pub fn constr(self) -> Option<ConstrType> {
        match self {
            Cell::Empty => None,
            Cell::Constr(t, _) => Some(t),
        }
    }
}

/// Why a game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum EndReason {
    /// (a) the loser has no queen.
    QueenKilled,
    /// (b) the loser's anthill capture health reached 0.
    AnthillCaptured,
    /// (c) the winner reached [`FOOD_GOAL`](crate::FOOD_GOAL) food.
    Food,
    /// (d) the loser had 0 food and exactly 1 ant.
    Starvation,
    /// The loser made an illegal action (AI agents lose immediately).
    IllegalAction,
    /// The loser overran its per-turn clock.
    Timeout,
    /// Our extension: the END cap was reached and the game was adjudicated
    /// (more food, then more total ant health, else a draw).
    TurnCap,
}

impl EndReason {
    /// A short lower-case label for tables.
    pub const fn label(self) -> &'static str {
        match self {
            EndReason::QueenKilled => "queen killed",
            EndReason::AnthillCaptured => "anthill captured",
            EndReason::Food => "11 food",
            EndReason::Starvation => "starvation",
            EndReason::IllegalAction => "illegal action",
            EndReason::Timeout => "timeout",
            EndReason::TurnCap => "turn cap (adjudicated)",
        }
    }
}

/// The end of a game: the winner (`None` = draw, only possible at the cap) and why.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct GameEnd {
    /// The winning seat, or `None` for an adjudicated draw.
    pub winner: Option<Player>,
    /// The rule that ended the game.
    pub reason: EndReason,
}

/// A whole ReAntics position, from the first placement to the end.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct State {
    pub(crate) phase: Phase,
    pub(crate) to_move: Player,
    pub(crate) cells: [Cell; 100],
    pub(crate) ants: [Vec<Ant>; 2],
    pub(crate) food: [i32; 2],
    pub(crate) anthill: [Option<Coord>; 2],
    pub(crate) tunnel: [Option<Coord>; 2],
    pub(crate) anthill_health: [i8; 2],
    pub(crate) tunnel_health: [i8; 2],
    /// Food cells in placement order (Player 1's two, then Player 2's): the
    /// order of the original's NEUTRAL inventory (spec §4), which the clones
    /// agents receive keep (§11.3 rebuilds only ant and building lists).
    pub(crate) food_order: [Option<Coord>; 2 * SETUP2_ITEMS],
    /// Items placed so far in the current setup phase, per player.
    pub(crate) placed: [u8; 2],
    /// An attack waiting for its target: the attacker's index in its owner's list.
    pub(crate) pending_attack: Option<u8>,
    pub(crate) ends: u32,
    pub(crate) cap: u32,
    pub(crate) next_id: u16,
    pub(crate) end: Option<GameEnd>,
}

impl Default for State {
    fn default() -> State {
        State::new()
    }
}

/// Items each player places in setup phase 1, in list order.
pub const SETUP1_ITEMS: [ConstrType; 11] = [
    ConstrType::Anthill,
    ConstrType::Tunnel,
    ConstrType::Grass,
    ConstrType::Grass,
    ConstrType::Grass,
    ConstrType::Grass,
    ConstrType::Grass,
    ConstrType::Grass,
    ConstrType::Grass,
    ConstrType::Grass,
    ConstrType::Grass,
];

/// Food items each player places in setup phase 2.
pub const SETUP2_ITEMS: usize = 2;

impl State {
    /// An empty board at the start of setup phase 1, with the default END cap.
    pub fn new() -> State {
        State::with_cap(DEFAULT_TURN_CAP)
    }

    /// An empty board at the start of setup with a cap of `cap` END actions
    /// (our extension; `u32::MAX` means no cap).
    pub fn with_cap(cap: u32) -> State {
        State {
            phase: Phase::Setup1,
            to_move: Player::First,
            cells: [Cell::Empty; 100],
            ants: [Vec::new(), Vec::new()],
            food: [0, 0],
            anthill: [None, None],
            tunnel: [None, None],
            anthill_health: [ANTHILL_CAPTURE_HEALTH; 2],
            tunnel_health: [TUNNEL_CAPTURE_HEALTH; 2],
            food_order: [None; 2 * SETUP2_ITEMS],
            placed: [0, 0],
            pending_attack: None,
            ends: 0,
            cap,
            next_id: 0,
            end: None,
        }
    }

    /// The current phase.
    pub fn phase(&self) -> Phase {
        self.phase
    }
    /// The player whose action is expected (`whoseTurn`).
    pub fn whose_turn(&self) -> Player {
        self.to_move
    }
    /// The construction on an on-board cell.
    pub fn cell(&self, c: Coord) -> Cell {
        self.cells[c.index()]
    }
    /// The construction type on `c`, if any (off-board: none).
    pub fn constr_at(&self, c: Coord) -> Option<ConstrType> {
        if c.on_board() {
            self.cells[c.index()].constr()
        } else {
            None
        }
    }
    /// `player`'s ants in creation order (the engine's order).
    pub fn ants(&self, player: Player) -> &[Ant] {
        &self.ants[player.index()]
    }
    /// The ant on `c` and its owner, if any.
    pub fn ant_at(&self, c: Coord) -> Option<(Player, &Ant)> {
        for p in Player::BOTH {
            if let Some(a) = self.ants[p.index()].iter().find(|a| a.coords == c) {
                return Some((p, a));
            }
        }
        None
    }
    /// True when an ant of either side stands on `c`.
    pub fn occupied(&self, c: Coord) -> bool {
        self.ants[0]
            .iter()
            .chain(&self.ants[1])
            .any(|a| a.coords == c)
    }
    /// `player`'s food count.
    pub fn food(&self, player: Player) -> i32 {
        self.food[player.index()]
    }
    /// `player`'s anthill, once placed.
    pub fn anthill(&self, player: Player) -> Option<Coord> {
        self.anthill[player.index()]
    }
    /// `player`'s tunnel, once placed.
    pub fn tunnel(&self, player: Player) -> Option<Coord> {
        self.tunnel[player.index()]
    }
    /// Remaining capture health of `player`'s anthill (starts at 3, never regenerates).
    pub fn anthill_health(&self, player: Player) -> i8 {
        self.anthill_health[player.index()]
    }
    /// Remaining capture health of `player`'s tunnel (decremented, never used).
    pub fn tunnel_health(&self, player: Player) -> i8 {
        self.tunnel_health[player.index()]
    }
    /// `player`'s queen, if alive.
    pub fn queen(&self, player: Player) -> Option<&Ant> {
        self.ants[player.index()]
            .iter()
            .find(|a| a.kind == AntType::Queen)
    }
    /// END actions so far.
    pub fn ends(&self) -> u32 {
        self.ends
    }
    /// The END cap (our extension).
    pub fn cap(&self) -> u32 {
        self.cap
    }
    /// Changes the END cap (our extension).
    pub fn set_cap(&mut self, cap: u32) {
        self.cap = cap;
    }
    /// The attacker waiting for a target choice, if any.
    pub fn pending_attacker(&self) -> Option<&Ant> {
        self.pending_attack
            .map(|i| &self.ants[self.to_move.index()][usize::from(i)])
    }
    /// The end of the game, if it is over.
    pub fn game_end(&self) -> Option<GameEnd> {
        self.end
    }
    /// Every food cell in cell-index order (no allocation).
    pub fn food_cells(&self) -> impl Iterator<Item = Coord> + '_ {
        (0..100)
            .filter(|&i| self.cells[i].constr() == Some(ConstrType::Food))
            .map(Coord::from_index)
    }
    /// Every food cell in board-scan order (x ascending, then y).
    pub fn foods(&self) -> Vec<Coord> {
        let mut v: Vec<Coord> = (0..100)
            .map(Coord::from_index)
            .filter(|&c| self.cells[c.index()].constr() == Some(ConstrType::Food))
            .collect();
        v.sort_by_key(|c| (c.x, c.y));
        v
    }
    /// Every food cell in the order of the original's NEUTRAL inventory,
    /// which agents see in `getConstrList(state, None, (FOOD,))`: placement
    /// order, Player 1's two foods first (spec §4, §11.3). Food cells not
    /// placed through setup (a position built otherwise) follow in
    /// board-scan order.
    pub fn foods_in_list_order(&self) -> Vec<Coord> {
        let mut v: Vec<Coord> = self.food_order.iter().flatten().copied().collect();
        for c in self.foods() {
            if !v.contains(&c) {
                v.push(c);
            }
        }
        v
    }

    /// Ends the game with `loser` losing for `reason` (illegal action or
    /// timeout, decided by the game driver). Does nothing if already over.
    pub fn forfeit(&mut self, loser: Player, reason: EndReason) {
        if self.end.is_none() {
            self.end = Some(GameEnd {
                winner: Some(loser.other()),
                reason,
            });
        }
    }

    /// The item `player` places next in the current setup phase, if any.
    pub fn next_placement(&self) -> Option<ConstrType> {
        let n = usize::from(self.placed[self.to_move.index()]);
        match self.phase {
            Phase::Setup1 => SETUP1_ITEMS.get(n).copied(),
            Phase::Setup2 => (n < SETUP2_ITEMS).then_some(ConstrType::Food),
            Phase::Play => None,
        }
    }

    /// Items the side to move still has to place in this phase.
    pub fn placements_left(&self) -> usize {
        let n = usize::from(self.placed[self.to_move.index()]);
        match self.phase {
            Phase::Setup1 => SETUP1_ITEMS.len().saturating_sub(n),
            Phase::Setup2 => SETUP2_ITEMS.saturating_sub(n),
            Phase::Play => 0,
        }
    }

    /// True when the side to move may place its next item on absolute cell `c`:
    /// rows 0..3 of its own view for anthill, tunnel and grass, rows 6..9 for
    /// food, and no construction of any kind on the cell (spec §4).
    pub fn placement_ok(&self, c: Coord) -> bool {
        let Some(item) = self.next_placement() else {
            return false;
        };
        if !c.on_board() || self.cells[c.index()] != Cell::Empty {
            return false;
        }
        let own = if self.to_move == Player::First {
            c
        } else {
            c.flipped()
        };
        match item {
            ConstrType::Food => (6..=9).contains(&own.y),
            _ => (0..=3).contains(&own.y),
        }
    }

    /// Places the side to move's next setup item on `c` (already validated),
    /// advancing the setup order and starting play after the last food.
    pub(crate) fn apply_placement(&mut self, c: Coord) {
        let p = self.to_move;
        let item = self.next_placement().expect("placement during setup");
        let owner = matches!(item, ConstrType::Anthill | ConstrType::Tunnel).then_some(p);
        self.cells[c.index()] = Cell::Constr(item, owner);
        match item {
            ConstrType::Anthill => self.anthill[p.index()] = Some(c),
            ConstrType::Tunnel => self.tunnel[p.index()] = Some(c),
            ConstrType::Food => {
                if let Some(slot) = self.food_order.iter_mut().find(|f| f.is_none()) {
                    *slot = Some(c);
                }
            }
            ConstrType::Grass => {}
        }
        self.placed[p.index()] += 1;
        if self.placements_left() > 0 {
            return;
        }
        match (self.phase, p) {
            (_, Player::First) => {
                self.to_move = Player::Second;
            }
            (Phase::Setup1, Player::Second) => {
                self.phase = Phase::Setup2;
                self.placed = [0, 0];
                self.to_move = Player::First;
            }
            _ => self.start_play(),
        }
    }

    /// Puts a queen on each anthill and a worker on each tunnel, gives each
    /// player 1 food and lets Player 1 move (spec §4 step 5).
    fn start_play(&mut self) {
        for p in Player::BOTH {
            let hill = self.anthill[p.index()].expect("anthill placed");
            let tunnel = self.tunnel[p.index()].expect("tunnel placed");
            self.spawn(p, AntType::Queen, hill, false);
            self.spawn(p, AntType::Worker, tunnel, false);
            self.food[p.index()] = 1;
        }
        self.phase = Phase::Play;
        self.placed = [0, 0];
        self.to_move = Player::First;
    }

    pub(crate) fn spawn(&mut self, p: Player, kind: AntType, at: Coord, has_moved: bool) {
        self.ants[p.index()].push(Ant {
            coords: at,
            kind,
            health: kind.health(),
            has_moved,
            carrying: false,
            id: self.next_id,
        });
        self.next_id += 1;
    }

    /// A position in play phase built directly from a layout, for tests and
    /// examples: `layouts[p]` = (anthill, tunnel, grass cells) in absolute
    /// coordinates and `foods` the food cells.
    ///
    /// # Panics
    /// If the layout breaks a placement rule.
    pub fn from_layout(layouts: [(Coord, Coord, &[Coord]); 2], foods: &[Coord]) -> State {
        let mut s = State::new();
        for (p, (hill, tunnel, grass)) in layouts.iter().enumerate() {
            assert_eq!(s.to_move.index(), p);
            for &c in [*hill, *tunnel].iter().chain(grass.iter()) {
                assert!(s.placement_ok(c), "bad setup cell {c}");
                s.apply_placement(c);
            }
        }
        for &c in foods {
            assert!(s.placement_ok(c), "bad food cell {c}");
            s.apply_placement(c);
        }
        s
    }

    /// Test and analysis helper: adds an ant of `player` on `at` (which must
    /// be free) during play, with `has_moved = false`.
    pub fn put_ant(&mut self, player: Player, kind: AntType, at: Coord) {
        assert!(at.on_board() && !self.occupied(at), "cell {at} not free");
        self.spawn(player, kind, at, false);
    }

    /// Test and analysis helper: sets a player's food.
    pub fn set_food(&mut self, player: Player, food: i32) {
        self.food[player.index()] = food;
    }

    /// Test helper: mutable access to a player's ants (creation order).
    pub fn ants_mut(&mut self, player: Player) -> &mut Vec<Ant> {
        &mut self.ants[player.index()]
    }

    /// Test helper: hands the move to `player` (clears any pending attack).
    pub fn set_turn(&mut self, player: Player) {
        self.to_move = player;
        self.pending_attack = None;
    }

    /// An ASCII picture of the board (`asciiPrintState` style): ants by
    /// letter (lower case for Player 2), constructions by symbol.
    pub fn ascii(&self) -> String {
        let mut out = String::new();
        out.push_str("   0 1 2 3 4 5 6 7 8 9\n");
        for y in 0..10 {
            out.push_str(&format!("{y}  "));
            for x in 0..10 {
                let c = Coord::new(x, y);
                let ch = match self.ant_at(c) {
                    Some((p, a)) => {
                        let l = a.kind.letter();
                        if p == Player::First {
                            l
                        } else {
                            l.to_ascii_lowercase()
                        }
                    }
                    None => self.constr_at(c).map_or('.', |t| t.symbol()),
                };
                out.push(ch);
                out.push(' ');
            }
            out.push('\n');
        }
        out.push_str(&format!(
            "food P1 {} P2 {} | hill health P1 {} P2 {} | ENDs {} | to move P{}\n",
            self.food[0],
            self.food[1],
            self.anthill_health[0],
            self.anthill_health[1],
            self.ends,
            self.to_move.index() + 1
        ));
        out
    }
}
