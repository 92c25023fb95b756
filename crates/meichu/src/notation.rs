//! Text forms: the position notation and the sample's board display.
//!
//! The notation lists rows 0 to 8 separated by `/`, one letter per square
//! (`F`/`f` flag, `S`/`s` soldier, `B`/`b` barrier, uppercase Black, `.`
//! empty), then Black's budget, White's budget and the colour to move
//! (`b` or `w`). The start position is
//! `..sbfbs../.b.sbs.b./.b..s..b./..bbbbb../........./..BBBBB../.B..S..B./.B.SBS.B./..SBFBS.. 150 150 b`.

use crate::position::{Position, FLAG_SQUARES, MAX_BUDGET};
use crate::square::Square;
use crate::{Cell, Color};
use gamecore::ParsePositionError;
use std::fmt::Write as _;
use std::str::FromStr;

/// A line of 18 `―` (U+2015), the display's first and last line.
const RULE: &str = "――――――――――――――――――";

impl Position {
    /// Returns the position in our notation (see the module docs).
    pub fn to_notation(&self) -> String {
        let mut text = String::with_capacity(100);
        for x in 0..9 {
            if x > 0 {
                text.push('/');
            }
            for y in 0..9 {
                text.push(self.cell(Square::new(x, y)).letter());
            }
        }
        let side = match self.side {
            Color::Black => 'b',
            Color::White => 'w',
        };
        let _ = write!(
            text,
            " {} {} {side}",
            self.budget(Color::Black),
            self.budget(Color::White)
        );
        text
    }

    /// Parses our notation.
    ///
    /// # Errors
    /// [`ParsePositionError`] when the text is not nine rows of nine
    /// letters, budgets in `0..=255` and `b` or `w`, or when a flag square
    /// holds anything but its flag or an enemy soldier.
    pub fn from_notation(text: &str) -> Result<Position, ParsePositionError> {
        let err = |reason: &str| ParsePositionError::new(text, reason);
        let fields: Vec<&str> = text.split_whitespace().collect();
        if fields.len() != 4 {
            return Err(err("expected rows, black budget, white budget, side"));
        }
        let rows: Vec<&str> = fields[0].split('/').collect();
        if rows.len() != 9 {
            return Err(err("expected 9 rows separated by '/'"));
        }
        let mut soldiers = [0u128; 2];
        let mut barriers = [0u128; 2];
        for (x, row) in rows.iter().enumerate() {
            let letters: Vec<char> = row.chars().collect();
            if letters.len() != 9 {
                return Err(err("every row needs 9 squares"));
            }
            for (y, &letter) in letters.iter().enumerate() {
                let square = Square::new(x as u8, y as u8);
                let cell =
                    Cell::from_letter(letter).ok_or_else(|| err("squares are . F f S s B b"))?;
                let flag_owner = FLAG_SQUARES.iter().position(|&f| f == square);
                match (cell, flag_owner) {
                    (Cell::BlackFlag, Some(0)) | (Cell::WhiteFlag, Some(1)) => {}
                    (Cell::BlackFlag | Cell::WhiteFlag, _) => {
                        return Err(err("flags stand at (8,4) and (0,4)"))
                    }
                    (Cell::WhiteSoldier, Some(0)) => soldiers[1] |= square.bit(),
                    (Cell::BlackSoldier, Some(1)) => soldiers[0] |= square.bit(),
                    (_, Some(_)) => {
                        return Err(err("a flag square holds its flag or an enemy soldier"))
                    }
                    (Cell::Empty, None) => {}
                    (Cell::BlackSoldier, None) => soldiers[0] |= square.bit(),
                    (Cell::WhiteSoldier, None) => soldiers[1] |= square.bit(),
                    (Cell::BlackBarrier, None) => barriers[0] |= square.bit(),
                    (Cell::WhiteBarrier, None) => barriers[1] |= square.bit(),
                }
            }
        }
        let budget = |field: &str| -> Result<i32, ParsePositionError> {
            field
                .parse::<i32>()
                .ok()
                .filter(|b| (0..=MAX_BUDGET).contains(b))
                .ok_or_else(|| err("budgets are whole numbers from 0 to 255"))
        };
        let budgets = [budget(fields[1])?, budget(fields[2])?];
        let side = match fields[3] {
            "b" | "B" => Color::Black,
            "w" | "W" => Color::White,
            _ => return Err(err("the side to move is b or w")),
        };
        Ok(Position::from_parts(soldiers, barriers, budgets, side))
    }

    /// Returns the sample's board display (spec §4.4), one string with a
    /// newline after every line.
    pub fn display_board(&self) -> String {
        let mut text = String::with_capacity(1200);
        let mut line = |s: &str| {
            text.push_str(s);
            text.push('\n');
        };
        line(RULE);
        let counts: [(&str, [i64; 2]); 3] = [
            (
                "Budget: ",
                [
                    i64::from(self.budget(Color::Black)),
                    i64::from(self.budget(Color::White)),
                ],
            ),
            (
                "n_pieces: ",
                [
                    i64::from(self.soldier_count(Color::Black)),
                    i64::from(self.soldier_count(Color::White)),
                ],
            ),
            (
                "n_barriers: ",
                [
                    i64::from(self.barrier_count(Color::Black)),
                    i64::from(self.barrier_count(Color::White)),
                ],
            ),
        ];
        for (label, values) in counts {
            line(label);
            for color in Color::BOTH {
                line(&format!(
                    "        {}:  {}",
                    color.title_name(),
                    values[color.index()]
                ));
            }
        }
        line("");
        line(" y 0 1 2 3 4 5 6 7 8 ");
        line("x  ― ― ― ― ― ― ― ― ― ");
        for x in 0..9 {
            let mut row = format!("{x} |");
            for y in 0..9 {
                row.push(self.cell(Square::new(x, y)).glyph());
                row.push('|');
            }
            line(&row);
            line("   ― ― ― ― ― ― ― ― ― ");
        }
        line(RULE);
        text
    }
}

impl FromStr for Position {
    type Err = ParsePositionError;
    fn from_str(text: &str) -> Result<Position, ParsePositionError> {
        Position::from_notation(text)
    }
}

impl std::fmt::Display for Position {
    /// Formats as our notation.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.to_notation())
    }
}
