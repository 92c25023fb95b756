//! The reantics game (work in progress).
