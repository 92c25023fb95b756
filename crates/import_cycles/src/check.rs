//! Checking a crate: every target's root file, its import graph, its cycles,
//! and a report a person can act on.

use crate::graph::{Cycle, ImportGraph};
use crate::tree::{Disk, ModuleTree, Sources};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

/// The import graph and cycles of one crate target.
#[derive(Debug, Clone)]
pub struct TargetReport {
    /// The target's root file, relative to the crate's directory.
    pub root: PathBuf,
    /// Its import graph.
    pub graph: ImportGraph,
    /// Its cycles.
    pub cycles: Vec<Cycle>,
}

/// The root files of a crate's targets that exist, relative to its
/// directory: `src/lib.rs`, `src/main.rs`, `src/bin/*`, and every file of
/// `tests/`, `benches/` and `examples/` (each its own crate).
pub fn target_roots(crate_dir: &Path) -> Vec<PathBuf> {
    let mut roots: Vec<PathBuf> = ["src/lib.rs", "src/main.rs"]
        .iter()
        .map(PathBuf::from)
        .filter(|p| crate_dir.join(p).is_file())
        .collect();
    for dir in ["src/bin", "tests", "benches", "examples"] {
        let Ok(entries) = std::fs::read_dir(crate_dir.join(dir)) else {
            continue;
        };
        let mut found: Vec<PathBuf> = entries
            .flatten()
            .filter_map(|entry| {
                let path = Path::new(dir).join(entry.file_name());
                if path.extension().is_some_and(|e| e == "rs") && crate_dir.join(&path).is_file() {
                    Some(path)
                } else if crate_dir.join(&path).join("main.rs").is_file() {
                    Some(path.join("main.rs"))
                } else {
                    None
                }
            })
            .collect();
        found.sort();
        roots.extend(found);
    }
    roots
}

/// Checks every target of the crate in `crate_dir`.
pub fn check_crate(crate_dir: &Path) -> Vec<TargetReport> {
    let disk = Disk(crate_dir.to_path_buf());
    target_roots(crate_dir)
        .into_iter()
        .filter_map(|root| check_target(&disk, &root))
        .collect()
}

/// Checks the target whose root file is `root`; `None` if it cannot be read.
pub fn check_target(sources: &dyn Sources, root: &Path) -> Option<TargetReport> {
    let graph = ImportGraph::new(ModuleTree::load(sources, root)?);
    let cycles = graph.cycles();
    Some(TargetReport {
        root: root.to_path_buf(),
        graph,
        cycles,
    })
}

impl TargetReport {
    /// The cycles as text, one block per cycle: the files in import order,
    /// then the path that makes each import, with its file and line.
    pub fn describe_cycles(&self) -> String {
        let files = &self.graph.tree.files;
        let name = |f: usize| files[f].display().to_string();
        let mut text = String::new();
        for cycle in &self.cycles {
            let mut chain: Vec<String> = cycle.imports.iter().map(|i| name(i.from)).collect();
            chain.extend(cycle.imports.first().map(|i| name(i.from)));
            let _ = writeln!(text, "{}: {}", self.root.display(), chain.join(" -> "));
            for import in &cycle.imports {
                let _ = writeln!(
                    text,
                    "    {}:{} imports {} through `{}`",
                    name(import.from),
                    import.line,
                    name(import.to),
                    import.path
                );
            }
            if cycle.component.len() > cycle.imports.len() {
                let all: Vec<String> = cycle.component.iter().map(|&f| name(f)).collect();
                let _ = writeln!(
                    text,
                    "    all files on cycles with these: {}",
                    all.join(", ")
                );
            }
        }
        text
    }
}
