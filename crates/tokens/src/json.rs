//! The controller's board object as JSON (`JSON.stringify(board)`): the
//! notation of positions, read by the `tokens bot` protocol and written by
//! replays and by `Board`'s `Debug`.
//!
//! ```text
//! {"player1":{"pos":[2,3],"score":0,"colorBonus":0,"lastColor":"#000000"},
//!  "player2":{...},
//!  "tokens":[[false,{"color":"#FF0000","points":2},...],...]}   // tokens[x][y]
//! ```

use crate::board::Board;
use crate::geometry::MAX_N;
use crate::player::PlayerState;
use crate::token::{Color, Token, MAX_POINTS, NO_COLOR_HEX};
use gamecore::Player;
use serde_json::Value;
use std::fmt::{self, Write as _};

/// Why a JSON board could not be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum JsonError {
    /// Not a well-formed board object; the message says what is wrong.
    Malformed(String),
    /// A well-formed board larger than the engine stores ([`MAX_N`]).
    TooLarge(usize),
}

impl fmt::Display for JsonError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            JsonError::Malformed(why) => f.write_str(why),
            JsonError::TooLarge(n) => write!(f, "board side {n} is above {MAX_N}"),
        }
    }
}

impl std::error::Error for JsonError {}

fn bad(why: impl Into<String>) -> JsonError {
    JsonError::Malformed(why.into())
}

fn int_field(object: &Value, name: &str, what: &str) -> Result<i64, JsonError> {
    let value = object
        .get(name)
        .ok_or_else(|| bad(format!("{what} has no \"{name}\"")))?;
    match value.as_i64() {
        Some(v) => Ok(v),
        None => match value.as_f64() {
            Some(f) if f.fract() == 0.0 && f.abs() < 1e15 => Ok(f as i64),
            _ => Err(bad(format!("{what}.{name} is not an integer"))),
        },
    }
}

fn read_player(value: Option<&Value>, what: &str, n: usize) -> Result<PlayerState, JsonError> {
    let object = value
        .filter(|v| v.is_object())
        .ok_or_else(|| bad(format!("no \"{what}\" object")))?;
    let pos = object
        .get("pos")
        .and_then(Value::as_array)
        .filter(|pos| pos.len() == 2)
        .ok_or_else(|| bad(format!("{what}.pos is not [x, y]")))?;
    let coord = |v: &Value| v.as_u64().filter(|&c| (c as usize) < n);
    let (x, y) = match (coord(&pos[0]), coord(&pos[1])) {
        (Some(x), Some(y)) => (x as u8, y as u8),
        _ => return Err(bad(format!("{what}.pos is not a cell of the board"))),
    };
    let score = int_field(object, "score", what)?;
    let bonus = int_field(object, "colorBonus", what)?;
    // Far above any real game, and low enough that no simulated line overflows.
    const SCORE_LIMIT: i64 = 1_000_000;
    const BONUS_LIMIT: i64 = 10_000;
    if score.abs() > SCORE_LIMIT || !(0..=BONUS_LIMIT).contains(&bonus) {
        return Err(bad(format!("{what}.score or colorBonus out of range")));
    }
    let last = object
        .get("lastColor")
        .and_then(Value::as_str)
        .ok_or_else(|| bad(format!("{what}.lastColor is not a string")))?;
    let last_color = if last == NO_COLOR_HEX {
        None
    } else {
        Some(Color::from_hex(last).ok_or_else(|| bad(format!("unknown colour {last:?}")))?)
    };
    Ok(PlayerState {
        x,
        y,
        score: score as i32,
        color_bonus: bonus as i32,
        last_color,
    })
}

/// Tokens read from JSON, as `(x, y, token)`.
type TokenList = Vec<(usize, usize, Token)>;

/// Reads the columns of a board object: `tokens[x][y]`, each `false` or a
/// token. Returns the side and the tokens as `(x, y, token)`.
fn read_tokens(object: &Value) -> Result<(usize, TokenList), JsonError> {
    let columns = object
        .get("tokens")
        .and_then(Value::as_array)
        .ok_or_else(|| bad("no \"tokens\" array"))?;
    let n = columns.len();
    if n == 0 {
        return Err(bad("\"tokens\" is empty"));
    }
    let mut tokens = Vec::new();
    for (x, column) in columns.iter().enumerate() {
        let column = column
            .as_array()
            .filter(|c| c.len() == n)
            .ok_or_else(|| bad(format!("tokens[{x}] is not a column of {n} cells")))?;
        for (y, cell) in column.iter().enumerate() {
            match cell {
                Value::Bool(false) | Value::Null => {}
                Value::Object(_) => {
                    let color = cell
                        .get("color")
                        .and_then(Value::as_str)
                        .and_then(Color::from_hex)
                        .ok_or_else(|| bad(format!("tokens[{x}][{y}] has no known colour")))?;
                    let points = int_field(cell, "points", "a token")?;
                    if !(0..=i64::from(MAX_POINTS)).contains(&points) {
                        return Err(bad(format!("tokens[{x}][{y}] is worth {points}")));
                    }
                    tokens.push((x, y, Token::new(color, points as u8)));
                }
                _ => {
                    return Err(bad(format!(
                        "tokens[{x}][{y}] is neither false nor a token"
                    )))
                }
            }
        }
    }
    Ok((n, tokens))
}

/// Reads a board object with `to_move` as the side to move (the protocol
/// line's `player1`). The stall counter, which the object does not carry,
/// starts at 0.
///
/// # Errors
/// [`JsonError::Malformed`] when the value is not a board object,
/// [`JsonError::TooLarge`] when its side exceeds [`MAX_N`].
pub fn board_from_value(value: &Value, to_move: Player) -> Result<Board, JsonError> {
    let (n, tokens) = read_tokens(value)?;
    if n > MAX_N {
        return Err(JsonError::TooLarge(n));
    }
    let p1 = read_player(value.get("player1"), "player1", n)?;
    let p2 = read_player(value.get("player2"), "player2", n)?;
    let mut board = Board::empty(n, p1.pos()).map_err(|e| bad(e.to_string()))?;
    for (x, y, token) in tokens {
        board.place(x, y, token).map_err(|e| bad(e.to_string()))?;
    }
    board
        .set_player(Player::First, p1)
        .and_then(|()| board.set_player(Player::Second, p2))
        .map_err(|e| bad(e.to_string()))?;
    board.set_turn(to_move, 0);
    Ok(board)
}

/// Parses a board object from JSON text; see [`board_from_value`].
///
/// # Errors
/// As [`board_from_value`], plus malformed JSON.
pub fn board_from_json(text: &str, to_move: Player) -> Result<Board, JsonError> {
    let value: Value = serde_json::from_str(text).map_err(|e| bad(format!("bad JSON: {e}")))?;
    board_from_value(&value, to_move)
}

/// What a well-formed board object of any side holds for one player: the
/// board's side, its tokens as `(x, y, token)` and the player's record. For
/// boards larger than the engine stores ([`JsonError::TooLarge`]); a
/// position is read only up to 255.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LargeBoard {
    /// The board's side `n`.
    pub side: usize,
    /// The tokens as `(x, y, token)`, x outer and y inner.
    pub tokens: Vec<(usize, usize, Token)>,
    /// The player's record.
    pub player: PlayerState,
}

/// Reads the side, the tokens and `who`'s record from a board object of any
/// side (see [`LargeBoard`]).
///
/// # Errors
/// [`JsonError::Malformed`] when the tokens or the player's record cannot
/// be read.
pub fn large_board_from_value(value: &Value, who: Player) -> Result<LargeBoard, JsonError> {
    let (side, tokens) = read_tokens(value)?;
    let name = if who == Player::First {
        "player1"
    } else {
        "player2"
    };
    let player = read_player(value.get(name), name, side.min(usize::from(u8::MAX) + 1))?;
    Ok(LargeBoard {
        side,
        tokens,
        player,
    })
}

/// Writes the board as the controller's `JSON.stringify(board)` would.
pub fn to_controller_json(board: &Board) -> String {
    let mut text = String::from("{");
    for (i, who) in [Player::First, Player::Second].into_iter().enumerate() {
        let p = board.player(who);
        let _ = write!(
            text,
            "\"player{}\":{{\"pos\":[{},{}],\"score\":{},\"colorBonus\":{},\"lastColor\":\"{}\"}},",
            i + 1,
            p.x,
            p.y,
            p.score,
            p.color_bonus,
            p.last_color.map_or(NO_COLOR_HEX, Color::hex)
        );
    }
    text.push_str("\"tokens\":[");
    for x in 0..board.size() {
        if x > 0 {
            text.push(',');
        }
        text.push('[');
        for y in 0..board.size() {
            if y > 0 {
                text.push(',');
            }
            match board.token(x, y) {
                Some(t) => {
                    let _ = write!(
                        text,
                        "{{\"color\":\"{}\",\"points\":{}}}",
                        t.color.hex(),
                        t.points
                    );
                }
                None => text.push_str("false"),
            }
        }
        text.push(']');
    }
    text.push_str("]}");
    text
}
