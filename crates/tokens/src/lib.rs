//! The tokens game (work in progress).
