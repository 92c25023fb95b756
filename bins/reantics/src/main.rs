//! The `reantics` executable (work in progress).

fn main() {}
