//! The `meichu` executable (work in progress).

fn main() {}
