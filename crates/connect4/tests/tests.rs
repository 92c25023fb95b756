//! The one integration-test binary of `connect4`: each module is a topic.

/// A plain 2-D array Connect Four, written here independently of the crate.
mod naive;

/// The gamecore conformance kit on random games, benchmark positions and endings.
mod conformance;
/// `perft.txt` against `gamecore::perft` and the naive board; OEIS A212693.
mod perft;
/// Property tests: bitboards against the naive board, hashes, mirror images.
mod properties;
/// Every rule built from notation: each direction of four, the draw, notation.
mod rules;
/// Search against plain negamax; the forced-win and benchmark positions.
mod search_checks;
