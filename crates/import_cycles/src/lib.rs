//! The check that no crate has an import cycle between its source files.
//!
//! A crate whose files import each other in a circle cannot be read or
//! tested one file at a time. This crate builds the import graph of each
//! target of a crate from its source text alone (no compiler, no
//! dependencies) and reports the cycles in it; its test
//! `tests/workspace.rs` runs it over every crate under `crates/`, so
//! `cargo test --workspace` fails on a new cycle.
//!
//! # The graph
//! - The nodes are a target's source files, found from its root file by its
//!   `mod name;` declarations.
//! - File A imports file B when a path written in A (a `use` entry, or an
//!   `a::b` path in code starting with `crate`, `super`, `self`, a child
//!   module or an imported name) names an item defined in B or B's module
//!   itself. Paths are followed through re-exports and glob imports to the
//!   defining file, so `crate::Name` re-exported from `lib.rs` imports the
//!   file that defines `Name`.
//! - A `mod name;` declaration is not an import; a re-export (`pub use
//!   child::Name`) is an import of the file it re-exports from. So a parent
//!   `mod.rs` that re-exports its children must not also define what they
//!   use: that goes in a file of its own, below both.
//! - Comments and string literals are skipped, so a path in a doc link is
//!   not an import. Macro bodies are read like code.
//!
//! # Example
//! ```
//! use import_cycles::{check_target, Sources};
//! use std::collections::BTreeMap;
//! use std::path::{Path, PathBuf};
//!
//! let files: BTreeMap<PathBuf, String> = [
//!     ("src/lib.rs", "mod a;\nmod b;\n"),
//!     ("src/a.rs", "use crate::b::B;\npub struct A;\n"),
//!     ("src/b.rs", "pub struct B(crate::a::A);\n"),
//! ]
//! .into_iter()
//! .map(|(p, t)| (PathBuf::from(p), t.to_string()))
//! .collect();
//! let report = check_target(&files, Path::new("src/lib.rs")).unwrap();
//! assert_eq!(report.cycles.len(), 1);
//! assert!(report.describe_cycles().starts_with("src/lib.rs: src/a.rs -> src/b.rs -> src/a.rs"));
//! ```

mod check;
mod graph;
mod lexer;
mod scan;
mod tree;

pub use check::{check_crate, check_target, target_roots, TargetReport};
pub use graph::{Cycle, Import, ImportGraph};
pub use tree::{Disk, FileId, Module, ModuleId, ModuleTree, Sources};
