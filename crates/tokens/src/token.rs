//! Tokens: the controller's three colours and a token's value, and how a
//! token is packed into a cell byte.

/// The largest token value the engine stores (the controller draws 1..=3).
pub const MAX_POINTS: u8 = 63;

/// A token colour: the controller's three hex strings.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Color {
    /// `#FF0000`.
    Red,
    /// `#00FF00`.
    Green,
    /// `#0000FF`.
    Blue,
}

impl Color {
    /// The three colours in the controller's draw order (0, 1, 2).
    pub const ALL: [Color; 3] = [Color::Red, Color::Green, Color::Blue];

    /// Returns the colour's index 0..3 (red, green, blue).
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// Returns the controller's hex string, e.g. `"#FF0000"`.
    pub const fn hex(self) -> &'static str {
        match self {
            Color::Red => "#FF0000",
            Color::Green => "#00FF00",
            Color::Blue => "#0000FF",
        }
    }

    /// Parses a controller hex string (case-insensitive); `None` for any other.
    pub fn from_hex(text: &str) -> Option<Color> {
        Color::ALL
            .into_iter()
            .find(|color| color.hex().eq_ignore_ascii_case(text))
    }

    /// Returns the one-letter name used in text diagrams (`R`, `G`, `B`).
    pub const fn letter(self) -> char {
        match self {
            Color::Red => 'R',
            Color::Green => 'G',
            Color::Blue => 'B',
        }
    }
}

/// The colour string of a player who has eaten nothing yet.
pub const NO_COLOR_HEX: &str = "#000000";

/// A token: a colour and a value in points.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Token {
    /// The token's colour.
    pub color: Color,
    /// Its value, 1..=3 on generated boards (at most [`MAX_POINTS`]).
    pub points: u8,
}

impl Token {
    /// Creates a token.
    pub const fn new(color: Color, points: u8) -> Token {
        Token { color, points }
    }

    /// Packs the token into a non-zero cell byte.
    #[inline]
    pub(crate) const fn pack(self) -> u8 {
        (self.points << 2) | (self.color as u8 + 1)
    }

    /// Unpacks a cell byte; `None` for an empty cell.
    #[inline]
    pub(crate) const fn unpack(cell: u8) -> Option<Token> {
        let color = match cell & 3 {
            1 => Color::Red,
            2 => Color::Green,
            3 => Color::Blue,
            _ => return None,
        };
        Some(Token {
            color,
            points: cell >> 2,
        })
    }
}
