//! The meichu game (work in progress).
