//! Building an opening book: every position a few plies from the start,
//! solved.

use super::{SolveError, Solver};
use crate::book::{positions_near, BookEntry, OpeningBook};
use crate::position::Position;

impl Solver {
    /// Solves every position reachable within `plies` plies from the start
    /// with `beans` beans a hole (an extra turn's second sowing is a ply of
    /// its own) and returns them as a book. Positions with the same holes
    /// and side to move share one entry (values are relative to the store
    /// difference), so each is solved once. `progress(done, total)` is
    /// called after each solve.
    ///
    /// # Errors
    /// [`SolveError`] when the board is larger than the solver handles.
    pub fn build_book(
        &mut self,
        beans: u32,
        plies: u32,
        mut progress: impl FnMut(usize, usize),
    ) -> Result<OpeningBook, SolveError> {
        let (holes, rules) = (self.geometry.n, self.geometry.rules);
        let positions = positions_near(&Position::start(holes, beans, rules), plies);
        let mut entries = Vec::with_capacity(positions.len());
        for (done, position) in positions.iter().enumerate() {
            let report = self.solve(position)?;
            let board = position.board();
            let mover = position.to_move();
            let stores = board.pot(mover) as i32 - board.pot(mover.opponent()) as i32;
            let best_slots = (0..holes)
                .filter(|&slot| {
                    report
                        .best_moves
                        .contains(&board.lap_position(mover, slot).1)
                })
                .fold(0u32, |bits, slot| bits | 1 << slot);
            let (ring, _) = self
                .geometry
                .ring_of(position)
                .ok_or(SolveError::TooManyHoles(holes))?;
            entries.push(BookEntry {
                key: ring.bits(),
                relative_value: report.value - stores,
                best_slots,
            });
            progress(done + 1, positions.len());
        }
        Ok(OpeningBook::new(holes, rules, beans, plies, entries))
    }
}

#[cfg(test)]
mod tests {
    use crate::{OpeningBook, Position, Rules, SolveOptions, Solver};

    #[test]
    fn a_built_book_answers_as_the_solver_does() {
        for rules in [Rules::Cs32, Rules::Standard, Rules::EmptyCapture] {
            let options = SolveOptions::default().with_tt_log2(16);
            let book = Solver::new(4, rules, options)
                .build_book(2, 2, |_, _| {})
                .expect("4x2 solves");
            assert_eq!(
                (book.holes(), book.rules(), book.beans(), book.plies()),
                (4, rules, 2, 2)
            );
            let bytes = book.to_bytes();
            assert_eq!(OpeningBook::from_bytes(&bytes).expect("sound"), book);
            let start = Position::start(4, 2, rules);
            let mut fresh = Solver::new(4, rules, options);
            let report = fresh.solve(&start).expect("solves");
            let answer = book.lookup(&start).expect("the start");
            assert_eq!(answer.value, report.value);
            let holes: Vec<usize> = answer.best_moves.iter().map(|m| m.hole()).collect();
            assert_eq!(holes, report.best_moves);
        }
    }
}
