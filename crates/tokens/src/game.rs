//! The actions, applying one (the controller's `actPlayer` and its tick), the
//! end of the game, and the [`gamecore::Game`] implementation.

use crate::board::{Board, PlayerState, Token};
use gamecore::{Game, MoveList, Outcome, ParseMoveError, Player};
use std::fmt;

/// One action: the six strings a bot may answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Action {
    /// `UP`: y − 1.
    Up,
    /// `RIGHT`: x + 1.
    Right,
    /// `DOWN`: y + 1.
    Down,
    /// `LEFT`: x − 1.
    Left,
    /// `EAT`: eat the token on the player's cell, if any.
    Eat,
    /// `PASS`: do nothing.
    Pass,
}

impl Action {
    /// The six actions in the controller's order.
    pub const ALL: [Action; 6] = [
        Action::Up,
        Action::Right,
        Action::Down,
        Action::Left,
        Action::Eat,
        Action::Pass,
    ];

    /// The four moves.
    pub const MOVES: [Action; 4] = [Action::Up, Action::Right, Action::Down, Action::Left];

    /// Returns the controller's string (`"UP"`, ..., `"PASS"`).
    pub const fn as_str(self) -> &'static str {
        match self {
            Action::Up => "UP",
            Action::Right => "RIGHT",
            Action::Down => "DOWN",
            Action::Left => "LEFT",
            Action::Eat => "EAT",
            Action::Pass => "PASS",
        }
    }

    /// Reads a bot's answer as the controller does: only the exact upper-case
    /// strings are actions, anything else is `PASS`.
    pub fn from_controller(answer: &str) -> Action {
        Action::ALL
            .into_iter()
            .find(|action| action.as_str() == answer)
            .unwrap_or(Action::Pass)
    }

    /// Returns the displacement `(dx, dy)` of a move, `(0, 0)` otherwise.
    pub const fn delta(self) -> (i32, i32) {
        match self {
            Action::Up => (0, -1),
            Action::Right => (1, 0),
            Action::Down => (0, 1),
            Action::Left => (-1, 0),
            Action::Eat | Action::Pass => (0, 0),
        }
    }

    /// Returns the action's index in [`Action::ALL`].
    pub const fn index(self) -> usize {
        self as usize
    }
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// What one action did, for replays and opponent modelling.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Effect {
    /// Nothing changed (`PASS`, an off-board move, `EAT` on an empty cell).
    Nothing,
    /// The player moved.
    Moved,
    /// The player ate a token and gained these points.
    Ate(Token, i32),
}

impl Board {
    /// Applies `action` for `who` exactly as the controller's `actPlayer`
    /// does, without touching the turn or the stall counter.
    pub fn act(&mut self, who: Player, action: Action) -> Effect {
        let n = self.size() as i32;
        let old = self.players[who.index()];
        let mut new = old;
        let effect = match action {
            Action::Eat => {
                let (x, y) = old.pos();
                match self.token(x, y) {
                    Some(token) => {
                        if old.last_color == Some(token.color) {
                            new.color_bonus += 1;
                            new.score += new.color_bonus;
                        } else {
                            new.last_color = Some(token.color);
                            new.color_bonus = 0;
                        }
                        new.score += i32::from(token.points);
                        self.set_cell(x, y, 0);
                        Effect::Ate(token, new.score - old.score)
                    }
                    None => Effect::Nothing,
                }
            }
            Action::Pass => Effect::Nothing,
            mv => {
                let (dx, dy) = mv.delta();
                let (x, y) = (i32::from(old.x) + dx, i32::from(old.y) + dy);
                if (0..n).contains(&x) && (0..n).contains(&y) {
                    new.x = x as u8;
                    new.y = y as u8;
                    Effect::Moved
                } else {
                    Effect::Nothing
                }
            }
        };
        if new != old {
            self.hash ^= player_key(who, &old) ^ player_key(who, &new);
            self.players[who.index()] = new;
        }
        effect
    }

    /// Plays one controller tick for the side to move: it acts (if tokens
    /// remain), the turn passes, and the stall counter is reset if a token
    /// was eaten and increased otherwise. Returns what the action did.
    pub fn step(&mut self, action: Action) -> Effect {
        let before = self.count;
        let who = self.to_move;
        let effect = if before > 0 {
            self.act(who, action)
        } else {
            Effect::Nothing
        };
        self.hash ^= side_key() ^ stall_key(self.stall);
        self.to_move = who.other();
        self.plies += 1;
        if self.count < before {
            self.stall = 0;
        } else {
            self.stall += 1;
        }
        self.hash ^= stall_key(self.stall);
        effect
    }

    /// Returns true when the game has ended: no tokens are left, or more than
    /// `4n` plies in a row passed without a token being eaten.
    #[inline]
    pub fn is_over(&self) -> bool {
        self.count == 0 || self.stall > self.stall_limit()
    }

    /// Returns both scores, player 1's then player 2's.
    pub fn scores(&self) -> [i32; 2] {
        [self.players[0].score, self.players[1].score]
    }

    /// Computes the position key from scratch.
    pub(crate) fn recompute_key(&self) -> u64 {
        let mut key = 0;
        for (index, &cell) in self.cells.iter().enumerate() {
            key ^= cell_key(index, cell);
        }
        key ^= player_key(Player::First, &self.players[0]);
        key ^= player_key(Player::Second, &self.players[1]);
        if self.to_move == Player::Second {
            key ^= side_key();
        }
        key ^ stall_key(self.stall)
    }
}

const KEY_SEED: u64 = 0x746f_6b65_6e73;

#[inline]
fn feature_key(kind: u64, value: u64) -> u64 {
    gamecore::derive_seed(KEY_SEED, (kind << 56) ^ value)
}

/// The key of a cell holding the packed byte `cell` (0 for an empty cell).
#[inline]
pub(crate) fn cell_key(index: usize, cell: u8) -> u64 {
    if cell == 0 {
        0
    } else {
        feature_key(1, (index as u64) << 8 | u64::from(cell))
    }
}

fn player_key(who: Player, p: &PlayerState) -> u64 {
    let seat = who.index() as u64;
    let color = p.last_color.map_or(0, |c| c.index() as u64 + 1);
    feature_key(2, seat << 16 | u64::from(p.x) << 8 | u64::from(p.y))
        ^ feature_key(3, seat << 32 | u64::from(p.score as u32))
        ^ feature_key(4, seat << 32 | u64::from(p.color_bonus as u32))
        ^ feature_key(5, seat << 8 | color)
}

fn side_key() -> u64 {
    feature_key(6, 0)
}

fn stall_key(stall: u32) -> u64 {
    feature_key(7, u64::from(stall))
}

/// The actions in the order [`Game::legal_moves`] lists them: eating first.
const LEGAL_ORDER: [Action; 6] = [
    Action::Eat,
    Action::Up,
    Action::Right,
    Action::Down,
    Action::Left,
    Action::Pass,
];

impl Game for Board {
    type Move = Action;

    fn side_to_move(&self) -> Player {
        self.to_move
    }

    /// All six actions while the game goes on: the controller accepts every
    /// answer (an impossible move or an `EAT` on nothing acts as `PASS`).
    fn legal_moves(&self, moves: &mut MoveList<Action>) {
        moves.clear();
        if !self.is_over() {
            moves.extend(LEGAL_ORDER);
        }
    }

    fn is_legal(&self, _mv: Action) -> bool {
        !self.is_over()
    }

    fn play_unchecked(&mut self, mv: Action) {
        self.step(mv);
    }

    fn outcome(&self) -> Option<Outcome> {
        self.is_over()
            .then(|| Outcome::new(self.players[0].score, self.players[1].score))
    }

    fn hash(&self) -> u64 {
        self.hash
    }

    fn recompute_hash(&self) -> u64 {
        self.recompute_key()
    }

    /// Scores never fall; the most anyone can add is every remaining point
    /// plus the bonus of eating all remaining tokens as one run.
    fn score_bounds(&self) -> (i32, i32) {
        let [a, b] = self.players;
        let k = self.count as i32;
        let points: i32 = self.tokens().map(|(_, _, t)| i32::from(t.points)).sum();
        let bonus = a.color_bonus.max(b.color_bonus).max(0);
        let hi = a.score.max(b.score) + points + k * bonus + k * (k + 1) / 2;
        (a.score.min(b.score).min(0), hi)
    }

    /// Each token eaten resets the stall counter, and at most `4n + 1` plies
    /// pass between eats.
    fn max_remaining_plies(&self) -> u32 {
        if self.is_over() {
            return 0;
        }
        let window = self.stall_limit() + 1;
        (window - self.stall.min(window)) + self.count.saturating_sub(1) * window
    }

    fn parse_move(&self, text: &str) -> Result<Action, ParseMoveError> {
        let upper = text.trim().to_ascii_uppercase();
        Action::ALL
            .into_iter()
            .find(|action| action.as_str() == upper)
            .ok_or_else(|| ParseMoveError::new(text, "UP, RIGHT, DOWN, LEFT, EAT or PASS"))
    }

    fn move_index(&self, mv: Action) -> usize {
        mv.index()
    }

    fn move_index_bound(&self) -> usize {
        Action::ALL.len()
    }
}
