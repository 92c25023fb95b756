//! Coordinates, unit types and the stat tables (spec §2–§3).

use std::fmt;

/// The board is `BOARD_LENGTH × BOARD_LENGTH`.
pub const BOARD_LENGTH: i8 = 10;
/// Food that wins the game (spec §10 (c)).
pub const FOOD_GOAL: i32 = 11;
/// Capture health of a fresh anthill; it never regenerates (spec §9).
pub const ANTHILL_CAPTURE_HEALTH: i8 = 3;
/// Capture health of a fresh tunnel; decremented but never used (spec §9).
pub const TUNNEL_CAPTURE_HEALTH: i8 = 2;
/// Our extension: the default cap on END actions (500 rounds, spec §10).
pub const DEFAULT_TURN_CAP: u32 = 1000;

/// A board coordinate `(x, y)`. Off-board values are representable so that an
/// agent's bad answer can be validated instead of crashing.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Coord {
    /// Column, 0..=9 on the board.
    pub x: i8,
    /// Row, 0..=9 on the board; Player 1's home rows are 0..=3.
    pub y: i8,
}

impl Coord {
    /// Creates `(x, y)`.
    pub const fn new(x: i8, y: i8) -> Coord {
        Coord { x, y }
    }
    /// True when the coordinate lies on the board (`legalCoord`).
    pub const fn on_board(self) -> bool {
        self.x >= 0 && self.x < BOARD_LENGTH && self.y >= 0 && self.y < BOARD_LENGTH
    }
    /// The cell index `y * 10 + x` of an on-board coordinate.
    pub const fn index(self) -> usize {
        (self.y as usize) * 10 + self.x as usize
    }
    /// The coordinate of cell index `i` (0..100).
    pub const fn from_index(i: usize) -> Coord {
        Coord::new((i % 10) as i8, (i / 10) as i8)
    }
    /// The perspective flip `(x, y) → (9−x, 9−y)` (spec §2).
    pub const fn flipped(self) -> Coord {
        Coord::new(BOARD_LENGTH - 1 - self.x, BOARD_LENGTH - 1 - self.y)
    }
    /// Manhattan distance (`approxDist`, attack distance).
    pub fn manhattan(self, other: Coord) -> i32 {
        i32::from((self.x - other.x).abs()) + i32::from((self.y - other.y).abs())
    }
    /// True when the two cells share an edge (adjacency is orthogonal only).
    pub fn adjacent(self, other: Coord) -> bool {
        self.manhattan(other) == 1
    }
    /// On-board orthogonal neighbours in the original order (−1,0), (+1,0), (0,−1), (0,+1).
    pub fn neighbours(self) -> impl Iterator<Item = Coord> {
        [(-1, 0), (1, 0), (0, -1), (0, 1)]
            .into_iter()
            .map(move |(dx, dy)| Coord::new(self.x + dx, self.y + dy))
            .filter(|c| c.on_board())
    }
}

impl fmt::Display for Coord {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{},{}", self.x, self.y)
    }
}

/// The five ant types with their original ids (spec §3.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum AntType {
    /// QUEEN (0): cannot be built, cannot leave its home rows.
    Queen = 0,
    /// WORKER (1): carries food, never attacks.
    Worker = 1,
    /// DRONE (2): fast, ignores grass.
    Drone = 2,
    /// SOLDIER (3): tough melee unit.
    Soldier = 3,
    /// R_SOLDIER (4): ranged soldier, range 3, ignores grass.
    RSoldier = 4,
}

/// Every ant type in id order.
pub const ANT_TYPES: [AntType; 5] = [
    AntType::Queen,
    AntType::Worker,
    AntType::Drone,
    AntType::Soldier,
    AntType::RSoldier,
];

/// The buildable types in id order (BUILD's `buildType` 1..=4).
pub const BUILDABLE: [AntType; 4] = [
    AntType::Worker,
    AntType::Drone,
    AntType::Soldier,
    AntType::RSoldier,
];

impl AntType {
    /// The type with original id `id`, if any.
    pub fn from_id(id: i64) -> Option<AntType> {
        ANT_TYPES.get(usize::try_from(id).ok()?).copied()
    }
    /// The original id (QUEEN = 0 … R_SOLDIER = 4).
    pub const fn id(self) -> i32 {
        self as i32
    }
    /// MOVEMENT points per turn.
    pub const fn movement(self) -> i32 {
        match self {
            AntType::Drone => 3,
            AntType::RSoldier => 1,
            _ => 2,
        }
    }
    /// Starting HEALTH.
    pub const fn health(self) -> i8 {
        match self {
            AntType::Queen => 10,
            AntType::Worker => 2,
            AntType::Drone => 4,
            AntType::Soldier => 8,
            AntType::RSoldier => 2,
        }
    }
    /// ATTACK damage (workers never attack).
    pub const fn attack(self) -> i8 {
        match self {
            AntType::Queen | AntType::Soldier => 4,
            AntType::Worker => 0,
            AntType::Drone => 2,
            AntType::RSoldier => 3,
        }
    }
    /// Attack RANGE (Manhattan).
    pub const fn range(self) -> i32 {
        match self {
            AntType::RSoldier => 3,
            _ => 1,
        }
    }
    /// Build COST in food; `None` for the queen.
    pub const fn cost(self) -> Option<i32> {
        match self {
            AntType::Queen => None,
            AntType::Worker => Some(1),
            _ => Some(2),
        }
    }
    /// IGNORES_GRASS: every step costs 1.
    pub const fn ignores_grass(self) -> bool {
        matches!(self, AntType::Drone | AntType::RSoldier)
    }
    /// True for the ants agents call fighters: drones, soldiers and ranged soldiers.
    pub const fn is_fighter(self) -> bool {
        matches!(self, AntType::Drone | AntType::Soldier | AntType::RSoldier)
    }
    /// The `asciiPrintState` letter: Q, W, D, S, I.
    pub const fn letter(self) -> char {
        match self {
            AntType::Queen => 'Q',
            AntType::Worker => 'W',
            AntType::Drone => 'D',
            AntType::Soldier => 'S',
            AntType::RSoldier => 'I',
        }
    }
    /// A lower-case name used in move notation.
    pub const fn name(self) -> &'static str {
        match self {
            AntType::Queen => "queen",
            AntType::Worker => "worker",
            AntType::Drone => "drone",
            AntType::Soldier => "soldier",
            AntType::RSoldier => "ranged",
        }
    }
}

/// Construction types with their original ids (spec §3.2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ConstrType {
    /// ANTHILL (−4): where ants are built; capture health 3.
    Anthill = -4,
    /// TUNNEL (−3): a food depot.
    Tunnel = -3,
    /// GRASS (−2): costs 2 to enter for ants that do not ignore grass.
    Grass = -2,
    /// FOOD (−1): an infinite food source.
    Food = -1,
}

impl ConstrType {
    /// The original id.
    pub const fn id(self) -> i32 {
        self as i32
    }
    /// The move cost of entering this construction.
    pub const fn move_cost(self) -> i32 {
        match self {
            ConstrType::Grass => 2,
            _ => 1,
        }
    }
    /// The `asciiPrintState` character: `^` anthill, `@` tunnel, `;` grass, `%` food.
    pub const fn symbol(self) -> char {
        match self {
            ConstrType::Anthill => '^',
            ConstrType::Tunnel => '@',
            ConstrType::Grass => ';',
            ConstrType::Food => '%',
        }
    }
}
