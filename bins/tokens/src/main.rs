//! The `tokens` executable (work in progress).

fn main() {}
