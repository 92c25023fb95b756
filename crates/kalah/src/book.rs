//! The opening book: the exact value and every best move of each position
//! a few plies from the start, as the solver found them.
//!
//! An entry is keyed by the holes seen from the side to move (the compact
//! ring of the solver), and its value is relative to the store difference:
//! the pots never change the rest of the game, so one entry answers every
//! position with the same holes and the same side to move. The books of the
//! 6×4 board under each rule variant are part of this crate
//! ([`OpeningBook::bundled`]); `kalah book build` makes others.
//!
//! The file is a 48-byte header, then 24 bytes per entry, sorted by key:
//!
//! | bytes | field |
//! |---|---|
//! | 0..8 | magic `KALAHBOK` |
//! | 8..12 | format version, little-endian `u32` ([`BOOK_FORMAT_VERSION`]) |
//! | 12..16 | holes per side |
//! | 16..20 | rule variant (0 `cs32`, 1 `standard`, 2 `empty-capture`) |
//! | 20..24 | beans per hole at the start |
//! | 24..28 | plies from the start the book covers |
//! | 28..32 | zero |
//! | 32..40 | number of entries |
//! | 40..48 | checksum of the entries' bytes |
//!
//! An entry: the 16 bytes of holes (mover's holes in sowing order, then the
//! opponent's), the value relative to the store difference (`i32`), and the
//! best moves as bits of the mover's sowing slots (`u32`). A file is
//! trusted only if every field is sound: the magic, the version, a known
//! rule variant, the exact length, the checksum, keys in increasing order,
//! and best moves that name holes with beans.

use crate::endgame_store::{checksum, rules_code, rules_of_code};
use crate::position::{Move, Position};
use crate::ring::{Geometry, Ring, RING_MAX_HOLES};
use crate::rules::Rules;
use gamecore::{Game, MoveList};
use std::collections::HashSet;
use std::fmt;
use std::sync::OnceLock;

/// The version of the book file format.
pub const BOOK_FORMAT_VERSION: u32 = 1;

const MAGIC: &[u8; 8] = b"KALAHBOK";
const HEADER_BYTES: usize = 48;
const ENTRY_BYTES: usize = 24;

/// One solved position of a book.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct BookEntry {
    /// The holes, mover first ([`Ring::bits`]).
    pub(crate) key: u128,
    /// The final store difference for the mover minus today's.
    pub(crate) relative_value: i32,
    /// The best moves, as bits of the mover's sowing slots.
    pub(crate) best_slots: u32,
}

/// What the book says of a position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BookAnswer {
    /// The final pot difference the side to move reaches with perfect play
    /// by both sides (its pot minus the opponent's).
    pub value: i32,
    /// Every move that reaches it, in increasing hole order.
    pub best_moves: Vec<Move>,
}

/// Exact values of the positions near the start of one board and rule
/// variant (see the module docs).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OpeningBook {
    holes: usize,
    rules: Rules,
    beans: u32,
    plies: u32,
    entries: Vec<BookEntry>,
}

/// Why a book file cannot be used.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BookError(String);

impl fmt::Display for BookError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for BookError {}

/// The books bundled with the crate: 6×4 under each rule variant.
const BUNDLED: [(Rules, &[u8]); 3] = [
    (Rules::Cs32, include_bytes!("../data/book-6x4-cs32.bin")),
    (
        Rules::Standard,
        include_bytes!("../data/book-6x4-standard.bin"),
    ),
    (
        Rules::EmptyCapture,
        include_bytes!("../data/book-6x4-empty-capture.bin"),
    ),
];

impl OpeningBook {
    /// A book of `entries` for `holes` holes a side under `rules`, built
    /// from the start with `beans` beans a hole, `plies` deep.
    pub(crate) fn new(
        holes: usize,
        rules: Rules,
        beans: u32,
        plies: u32,
        mut entries: Vec<BookEntry>,
    ) -> OpeningBook {
        entries.sort_unstable_by_key(|entry| entry.key);
        entries.dedup_by_key(|entry| entry.key);
        OpeningBook {
            holes,
            rules,
            beans,
            plies,
            entries,
        }
    }

    /// The book bundled with the crate for this board, if there is one: the
    /// 6×4 board under each rule variant, every position up to the plies
    /// given by [`OpeningBook::plies`].
    pub fn bundled(holes: usize, rules: Rules) -> Option<&'static OpeningBook> {
        static BOOKS: OnceLock<Vec<OpeningBook>> = OnceLock::new();
        let books = BOOKS.get_or_init(|| {
            BUNDLED
                .iter()
                .map(|&(rules, bytes)| {
                    let book = OpeningBook::from_bytes(bytes).expect("a bundled book is sound");
                    assert_eq!(book.rules, rules, "a bundled book of its own variant");
                    book
                })
                .collect()
        });
        books
            .iter()
            .find(|book| book.holes == holes && book.rules == rules)
    }

    /// Holes per side.
    pub fn holes(&self) -> usize {
        self.holes
    }

    /// The rule variant.
    pub fn rules(&self) -> Rules {
        self.rules
    }

    /// Beans per hole at the start the book was built from.
    pub fn beans(&self) -> u32 {
        self.beans
    }

    /// How many plies from the start the book covers (an extra turn's
    /// second sowing counts as a ply).
    pub fn plies(&self) -> u32 {
        self.plies
    }

    /// Number of positions in the book.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether the book holds no position.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The exact value and best moves of `position`, if the book holds it
    /// (`None` too for a finished game, another board or another variant).
    pub fn lookup(&self, position: &Position) -> Option<BookAnswer> {
        if position.rules() != self.rules || position.is_over() {
            return None;
        }
        let geometry = Geometry::new(self.holes, self.rules);
        let (ring, _) = geometry.ring_of(position)?;
        let at = self
            .entries
            .binary_search_by_key(&ring.bits(), |entry| entry.key)
            .ok()?;
        let entry = self.entries[at];
        let board = position.board();
        let mover = position.to_move();
        let stores = board.pot(mover) as i32 - board.pot(mover.opponent()) as i32;
        let mut best_moves: Vec<Move> = (0..self.holes)
            .filter(|slot| entry.best_slots & (1 << slot) != 0)
            .map(|slot| Move(board.lap_position(mover, slot).1 as u8))
            .collect();
        best_moves.sort_unstable();
        Some(BookAnswer {
            value: stores + entry.relative_value,
            best_moves,
        })
    }

    /// The book as the bytes of its file (see the module docs).
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut body = Vec::with_capacity(self.entries.len() * ENTRY_BYTES);
        for entry in &self.entries {
            body.extend_from_slice(&entry.key.to_le_bytes());
            body.extend_from_slice(&entry.relative_value.to_le_bytes());
            body.extend_from_slice(&entry.best_slots.to_le_bytes());
        }
        let mut bytes = Vec::with_capacity(HEADER_BYTES + body.len());
        bytes.extend_from_slice(MAGIC);
        bytes.extend_from_slice(&BOOK_FORMAT_VERSION.to_le_bytes());
        bytes.extend_from_slice(&(self.holes as u32).to_le_bytes());
        bytes.extend_from_slice(&rules_code(self.rules).to_le_bytes());
        bytes.extend_from_slice(&self.beans.to_le_bytes());
        bytes.extend_from_slice(&self.plies.to_le_bytes());
        bytes.extend_from_slice(&0u32.to_le_bytes());
        bytes.extend_from_slice(&(self.entries.len() as u64).to_le_bytes());
        bytes.extend_from_slice(&checksum(&body).to_le_bytes());
        bytes.extend_from_slice(&body);
        bytes
    }

    /// Reads a book from the bytes of its file, checking everything the
    /// module docs list.
    ///
    /// # Errors
    /// [`BookError`] saying what is wrong: not a book, another version, a
    /// truncated or overlong file, a failed checksum, unsorted keys or a best
    /// move on an empty hole.
    pub fn from_bytes(bytes: &[u8]) -> Result<OpeningBook, BookError> {
        let invalid = |why: &str| Err(BookError(why.to_owned()));
        if bytes.len() < HEADER_BYTES || &bytes[0..8] != MAGIC {
            return invalid("not a Kalah opening book");
        }
        let word = |at: usize| u32::from_le_bytes(bytes[at..at + 4].try_into().expect("4 bytes"));
        let long = |at: usize| u64::from_le_bytes(bytes[at..at + 8].try_into().expect("8 bytes"));
        if word(8) != BOOK_FORMAT_VERSION {
            return invalid(&format!(
                "format version {} (this program reads version {BOOK_FORMAT_VERSION})",
                word(8)
            ));
        }
        let holes = word(12) as usize;
        if !(1..=RING_MAX_HOLES).contains(&holes) {
            return invalid(&format!("{holes} holes a side"));
        }
        let Some(rules) = rules_of_code(word(16)) else {
            return invalid("an unknown rule variant");
        };
        let count = long(32);
        let expected = (count as u128) * ENTRY_BYTES as u128 + HEADER_BYTES as u128;
        if bytes.len() as u128 != expected {
            return invalid(&format!(
                "{} bytes where {count} entries take {expected} (truncated or damaged)",
                bytes.len()
            ));
        }
        let body = &bytes[HEADER_BYTES..];
        if checksum(body) != long(40) {
            return invalid("the checksum does not match (damaged)");
        }
        let n = holes;
        let mut entries = Vec::with_capacity(body.len() / ENTRY_BYTES);
        for chunk in body.chunks_exact(ENTRY_BYTES) {
            let key = u128::from_le_bytes(chunk[0..16].try_into().expect("16 bytes"));
            let relative_value = i32::from_le_bytes(chunk[16..20].try_into().expect("4 bytes"));
            let best_slots = u32::from_le_bytes(chunk[20..24].try_into().expect("4 bytes"));
            let ring = Ring::from_bits(key);
            let beans_under =
                |slots: u32| (0..n).all(|slot| slots & (1 << slot) == 0 || ring.get(slot) > 0);
            if best_slots == 0 || best_slots >> n != 0 || !beans_under(best_slots) {
                return invalid("a best move on an empty or missing hole");
            }
            if n < 8 && key >> (16 * n) != 0 {
                return invalid("beans beyond the board's holes");
            }
            if entries
                .last()
                .is_some_and(|last: &BookEntry| last.key >= key)
            {
                return invalid("entries out of order");
            }
            entries.push(BookEntry {
                key,
                relative_value,
                best_slots,
            });
        }
        Ok(OpeningBook {
            holes,
            rules,
            beans: word(20),
            plies: word(24),
            entries,
        })
    }
}

/// The unfinished positions within `plies` plies of `start` (an extra
/// turn's second sowing is a ply of its own), one for each set of holes
/// and side to move, nearest first: the positions a book of `plies` plies
/// holds.
pub(crate) fn positions_near(start: &Position, plies: u32) -> Vec<Position> {
    let geometry = Geometry::new(start.board().holes(), start.rules());
    let mut seen = HashSet::new();
    let mut positions = Vec::new();
    let mut frontier = vec![start.clone()];
    for _ in 0..=plies {
        let mut next = Vec::new();
        for position in frontier {
            if position.is_over() {
                continue;
            }
            let Some((ring, _)) = geometry.ring_of(&position) else {
                continue;
            };
            if !seen.insert(ring.bits()) {
                continue;
            }
            let mut moves = MoveList::new();
            position.legal_moves(&mut moves);
            for &mv in &moves {
                let mut child = position.clone();
                child.play_unchecked(mv);
                next.push(child);
            }
            positions.push(position);
        }
        frontier = next;
    }
    positions
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bundled_books_hold_every_position_of_their_plies_and_agree_with_negamax() {
        for rules in [Rules::Cs32, Rules::Standard, Rules::EmptyCapture] {
            let book = OpeningBook::bundled(6, rules).expect("a 6x4 book");
            assert_eq!((book.holes(), book.rules(), book.beans()), (6, rules, 4));
            assert!(book.plies() >= 1);
            let start = Position::start(6, 4, rules);
            for position in positions_near(&start, book.plies()) {
                let answer = book.lookup(&position).expect("in the book");
                assert!(!answer.best_moves.is_empty());
                // Where every child is in the book too, the value is the best
                // child's, and the best moves are exactly those reaching it.
                let mut moves = MoveList::new();
                position.legal_moves(&mut moves);
                let mover = position.side_to_move();
                let child_values: Option<Vec<(Move, i32)>> = moves
                    .iter()
                    .map(|&mv| {
                        let mut child = position.clone();
                        child.play_unchecked(mv);
                        let value = match child.outcome() {
                            Some(outcome) => Some(outcome.margin(mover)),
                            None => book.lookup(&child).map(|a| {
                                if child.side_to_move() == mover {
                                    a.value
                                } else {
                                    -a.value
                                }
                            }),
                        };
                        value.map(|v| (mv, v))
                    })
                    .collect();
                if let Some(children) = child_values {
                    let best = children.iter().map(|&(_, v)| v).max().expect("a move");
                    assert_eq!(answer.value, best, "{rules}: {}", position.to_notation());
                    let best_moves: Vec<Move> = children
                        .iter()
                        .filter(|&&(_, v)| v == best)
                        .map(|&(mv, _)| mv)
                        .collect();
                    assert_eq!(answer.best_moves, best_moves);
                }
            }
        }
    }

    #[test]
    fn a_book_survives_its_file_and_a_damaged_file_is_refused() {
        let book = OpeningBook::bundled(6, Rules::Standard).expect("a 6x4 book");
        let bytes = book.to_bytes();
        assert_eq!(&OpeningBook::from_bytes(&bytes).expect("sound"), book);
        assert!(
            OpeningBook::from_bytes(&bytes[..bytes.len() - 1]).is_err(),
            "truncated"
        );
        assert!(
            OpeningBook::from_bytes(&bytes[..20]).is_err(),
            "a header cut short"
        );
        let mut flipped = bytes.clone();
        let last = flipped.len() - 3;
        flipped[last] ^= 1;
        assert!(
            OpeningBook::from_bytes(&flipped).is_err(),
            "a changed value"
        );
        let mut version = bytes.clone();
        version[8] = 99;
        assert!(
            OpeningBook::from_bytes(&version).is_err(),
            "another version"
        );
        assert!(
            OpeningBook::from_bytes(b"KALAHEGD and more bytes than a header takes, surely")
                .is_err()
        );
    }

    #[test]
    fn an_entry_answers_every_position_with_its_holes_whatever_the_pots() {
        let book = OpeningBook::bundled(6, Rules::Cs32).expect("a 6x4 book");
        let start = Position::start(6, 4, Rules::Cs32);
        let value = book.lookup(&start).expect("the start").value;
        // The same holes with South 5 beans ahead in the pots: 5 more.
        let ahead = Position::from_notation("4,4,4,4,4,4|4,4,4,4,4,4|2|7|S", Rules::Cs32)
            .expect("a position");
        let answer = book.lookup(&ahead).expect("the same holes");
        assert_eq!(answer.value, value + 5);
        assert_eq!(
            answer.best_moves,
            book.lookup(&start).expect("start").best_moves
        );
        // Another variant or board is not answered.
        assert!(book
            .lookup(&Position::start(6, 4, Rules::Standard))
            .is_none());
        assert!(book.lookup(&Position::start(5, 4, Rules::Cs32)).is_none());
    }
}
