//! The vocabulary of the game: versions, piles (which are also the moves) and
//! the position with its text notation.

pub use gamecore::ParsePositionError;
use gamecore::Player;
use std::error::Error;
use std::fmt;
use std::str::FromStr;

/// The integer type of a pile's marble count.
///
/// `u16` keeps the perfect position index ([`gamecore::Game::hash`]) in
/// 34 bits and every score far inside `i32`; [`MAX_PILE`] is the real limit.
pub type Count = u16;

/// The largest number of marbles a pile may hold.
///
/// Chosen so that a full-depth search stays practical: a game of
/// `MAX_PILE × MAX_PILE` has about 8·10⁶ positions (its transposition table
/// is capped at [`MAX_TABLE_MIB`](crate::MAX_TABLE_MIB)) and lasts up to
/// 4 000 plies. Larger counts are refused by [`RedBlueNim::try_new`] (and so
/// by the command line, with exit code 2).
pub const MAX_PILE: Count = 2_000;

/// The two versions of the game (spec §1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Version {
    /// The player to move when a pile is empty **loses**.
    Standard,
    /// The player to move when a pile is empty **wins** (misère).
    Misere,
}

impl Version {
    /// Both versions, standard first.
    pub const BOTH: [Version; 2] = [Version::Standard, Version::Misere];

    /// Returns the version's name as written on the command line: `standard` or `misere`.
    pub const fn as_str(self) -> &'static str {
        match self {
            Version::Standard => "standard",
            Version::Misere => "misere",
        }
    }
}

impl fmt::Display for Version {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Text that names no version.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseVersionError {
    text: String,
}

impl fmt::Display for ParseVersionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown version {:?}: expected standard or misere",
            self.text
        )
    }
}

impl Error for ParseVersionError {}

impl FromStr for Version {
    type Err = ParseVersionError;

    /// Parses `standard`, `misere` or `misère`, case-insensitively (spec §2).
    fn from_str(text: &str) -> Result<Version, ParseVersionError> {
        match text.trim().to_lowercase().as_str() {
            "standard" => Ok(Version::Standard),
            "misere" | "misère" => Ok(Version::Misere),
            _ => Err(ParseVersionError {
                text: text.to_owned(),
            }),
        }
    }
}

/// A pile of marbles; a move names the pile it takes one marble from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Pile {
    /// The red pile: 2 points per marble left at the end.
    Red,
    /// The blue pile: 3 points per marble left at the end.
    Blue,
}

impl Pile {
    /// Both piles, red first.
    pub const BOTH: [Pile; 2] = [Pile::Red, Pile::Blue];

    /// Returns the pile's name, which is also the move's notation: `red` or `blue`.
    pub const fn as_str(self) -> &'static str {
        match self {
            Pile::Red => "red",
            Pile::Blue => "blue",
        }
    }

    /// Returns the points each marble of this pile is worth at the end (spec §1):
    /// 2 for red, 3 for blue.
    pub const fn points(self) -> i32 {
        match self {
            Pile::Red => 2,
            Pile::Blue => 3,
        }
    }
}

impl fmt::Display for Pile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Text that names no pile.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParsePileError {
    text: String,
}

impl fmt::Display for ParsePileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unknown pile {:?}: expected red or blue", self.text)
    }
}

impl Error for ParsePileError {}

impl FromStr for Pile {
    type Err = ParsePileError;

    /// Parses `red`, `r`, `blue` or `b`, case-insensitively, ignoring
    /// surrounding whitespace (spec §4).
    fn from_str(text: &str) -> Result<Pile, ParsePileError> {
        match text.trim().to_ascii_lowercase().as_str() {
            "red" | "r" => Ok(Pile::Red),
            "blue" | "b" => Ok(Pile::Blue),
            _ => Err(ParsePileError {
                text: text.to_owned(),
            }),
        }
    }
}

/// A position of Red-Blue Nim: both piles, the version and the side to move.
///
/// The notation (its `Display` and `FromStr`) is `r<red> b<blue> <version>
/// <side>`, for example `r12 b7 standard first`, where the side is the seat
/// to move (`first` or `second`). Counts never exceed [`MAX_PILE`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct RedBlueNim {
    pub(crate) red: Count,
    pub(crate) blue: Count,
    pub(crate) version: Version,
    pub(crate) to_move: Player,
}

/// A pile count above [`MAX_PILE`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PileTooLargeError {
    /// The pile that was too large.
    pub pile: Pile,
    /// The count asked for.
    pub count: u64,
}

impl fmt::Display for PileTooLargeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} count {} is too large: at most {MAX_PILE}",
            self.pile, self.count
        )
    }
}

impl Error for PileTooLargeError {}

impl RedBlueNim {
    /// Creates the start of a game with `red` and `blue` marbles, [`Player::First`] to move.
    ///
    /// # Errors
    /// [`PileTooLargeError`] when a count exceeds [`MAX_PILE`] (red is checked first).
    pub fn try_new(red: u64, blue: u64, version: Version) -> Result<RedBlueNim, PileTooLargeError> {
        let check = |pile: Pile, count: u64| {
            if count > u64::from(MAX_PILE) {
                Err(PileTooLargeError { pile, count })
            } else {
                Ok(count as Count)
            }
        };
        Ok(RedBlueNim {
            red: check(Pile::Red, red)?,
            blue: check(Pile::Blue, blue)?,
            version,
            to_move: Player::First,
        })
    }

    /// Creates the start of a game, [`Player::First`] to move.
    ///
    /// # Panics
    /// Panics if a count exceeds [`MAX_PILE`]; [`try_new`](RedBlueNim::try_new)
    /// is the checked twin.
    #[track_caller]
    pub fn new(red: Count, blue: Count, version: Version) -> RedBlueNim {
        match RedBlueNim::try_new(u64::from(red), u64::from(blue), version) {
            Ok(state) => state,
            Err(err) => panic!("{err}"),
        }
    }

    /// Returns the same position with `player` to move.
    #[must_use]
    pub const fn with_side_to_move(self, player: Player) -> RedBlueNim {
        RedBlueNim {
            to_move: player,
            ..self
        }
    }

    /// Returns the number of red marbles.
    pub const fn red(&self) -> Count {
        self.red
    }

    /// Returns the number of blue marbles.
    pub const fn blue(&self) -> Count {
        self.blue
    }

    /// Returns the number of marbles in `pile`.
    pub const fn pile(&self, pile: Pile) -> Count {
        match pile {
            Pile::Red => self.red,
            Pile::Blue => self.blue,
        }
    }

    /// Returns the version being played.
    pub const fn version(&self) -> Version {
        self.version
    }

    /// Returns the total number of marbles left.
    pub const fn marbles(&self) -> u32 {
        self.red as u32 + self.blue as u32
    }

    /// Returns the number of distinct positions a game from here can reach:
    /// `2·(red+1)·(blue+1)` (both piles at most as now, either side to move).
    ///
    /// Searches size their transposition table from it.
    pub const fn position_count(&self) -> u64 {
        2 * (self.red as u64 + 1) * (self.blue as u64 + 1)
    }
}

impl fmt::Display for RedBlueNim {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "r{} b{} {} {}",
            self.red, self.blue, self.version, self.to_move
        )
    }
}

impl FromStr for RedBlueNim {
    type Err = ParsePositionError;

    /// Parses `r<red> b<blue> <version> <side>`, e.g. `r12 b7 misere second`.
    fn from_str(text: &str) -> Result<RedBlueNim, ParsePositionError> {
        let fail = |reason: String| ParsePositionError::new(text, reason);
        let fields: Vec<&str> = text.split_whitespace().collect();
        let [red, blue, version, side] = fields[..] else {
            return Err(fail(format!("expected 4 fields, found {}", fields.len())));
        };
        let count = |field: &str, prefix: char| -> Result<u64, ParsePositionError> {
            field
                .strip_prefix(prefix)
                .filter(|digits| !digits.is_empty() && digits.bytes().all(|c| c.is_ascii_digit()))
                .and_then(|digits| digits.parse().ok())
                .ok_or_else(|| fail(format!("expected {prefix}<count>, found {field:?}")))
        };
        let (red, blue) = (count(red, 'r')?, count(blue, 'b')?);
        let version: Version = version.parse().map_err(|err| fail(format!("{err}")))?;
        let to_move = match side {
            "first" => Player::First,
            "second" => Player::Second,
            _ => return Err(fail(format!("expected first or second, found {side:?}"))),
        };
        RedBlueNim::try_new(red, blue, version)
            .map(|state| state.with_side_to_move(to_move))
            .map_err(|err| fail(err.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notation_round_trips() {
        for text in [
            "r12 b7 standard first",
            "r0 b0 misere second",
            "r2000 b1 standard second",
        ] {
            let state: RedBlueNim = text.parse().unwrap();
            assert_eq!(state.to_string(), text);
        }
        let state: RedBlueNim = "r3 b4 misère first".parse().unwrap();
        assert_eq!(state, RedBlueNim::new(3, 4, Version::Misere));
    }

    #[test]
    fn bad_notation_is_an_error_not_a_panic() {
        for text in [
            "",
            "r1 b2 standard",
            "r1 b2 standard first extra",
            "b1 r2 standard first",
            "r-1 b2 standard first",
            "r b2 standard first",
            "r1 b2 normal first",
            "r1 b2 standard third",
            "r2001 b2 standard first",
            "r99999999999999999999 b2 standard first",
        ] {
            assert!(text.parse::<RedBlueNim>().is_err(), "{text:?} parsed");
        }
    }

    #[test]
    fn piles_and_versions_parse_case_insensitively() {
        for (text, pile) in [
            ("red", Pile::Red),
            (" R ", Pile::Red),
            ("Blue", Pile::Blue),
            ("b\n", Pile::Blue),
        ] {
            assert_eq!(text.parse::<Pile>(), Ok(pile));
        }
        assert!("green".parse::<Pile>().is_err());
        assert!("".parse::<Pile>().is_err());
        for (text, version) in [
            ("STANDARD", Version::Standard),
            ("Misere", Version::Misere),
            ("MISÈRE", Version::Misere),
        ] {
            assert_eq!(text.parse::<Version>(), Ok(version));
        }
        assert!("misery".parse::<Version>().is_err());
    }

    #[test]
    fn too_large_counts_are_refused() {
        let max = u64::from(MAX_PILE);
        assert!(RedBlueNim::try_new(max, max, Version::Standard).is_ok());
        let err = RedBlueNim::try_new(max + 1, 0, Version::Standard).unwrap_err();
        assert_eq!(err.pile, Pile::Red);
        let err = RedBlueNim::try_new(0, u64::MAX, Version::Misere).unwrap_err();
        assert_eq!(err.pile, Pile::Blue);
    }
}
