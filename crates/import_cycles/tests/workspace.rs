//! Every crate of the workspace (`crates/*`, `bins/*`, `benches`) is free of
//! import cycles between its source files, except the crates allowed below.

use std::path::{Path, PathBuf};

/// Crates whose cycles are known and being removed, each with the reason.
/// Remove a crate's entry together with its last cycle: the test fails on
/// an entry whose crate has none left, so the list cannot go stale.
const ALLOWED: &[(&str, &str)] = &[];

fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The workspace's crate directories, relative to its root.
fn crate_dirs() -> Vec<String> {
    let root = workspace();
    let mut dirs = Vec::new();
    for parent in ["crates", "bins"] {
        let entries = std::fs::read_dir(root.join(parent)).expect("the workspace's crate folders");
        for entry in entries.flatten() {
            if entry.path().join("Cargo.toml").is_file() {
                dirs.push(format!("{parent}/{}", entry.file_name().to_string_lossy()));
            }
        }
    }
    if root.join("benches/Cargo.toml").is_file() {
        dirs.push("benches".to_string());
    }
    dirs.sort();
    dirs
}

#[test]
fn no_crate_has_an_import_cycle_between_its_files() {
    let root = workspace();
    let mut failures = String::new();
    let mut allowed_with_cycles = Vec::new();
    let dirs = crate_dirs();
    assert!(
        dirs.iter().any(|d| d == "crates/gamecore"),
        "no crates found under {}",
        root.display()
    );
    for dir in &dirs {
        let reports = import_cycles::check_crate(&root.join(dir));
        assert!(!reports.is_empty(), "{dir}: no target found");
        let cycles: String = reports.iter().map(|r| r.describe_cycles()).collect();
        if cycles.is_empty() {
            continue;
        }
        if ALLOWED.iter().any(|(name, _)| name == dir) {
            allowed_with_cycles.push(dir.clone());
        } else {
            failures.push_str(&format!("{dir}:\n{cycles}"));
        }
    }
    assert!(
        failures.is_empty(),
        "import cycles between source files (move what both sides need into a file of its own \
         that imports neither):\n{failures}"
    );
    let stale: Vec<&str> = ALLOWED
        .iter()
        .map(|(name, _)| *name)
        .filter(|name| !allowed_with_cycles.iter().any(|d| d == name))
        .collect();
    assert!(
        stale.is_empty(),
        "{stale:?} no longer have import cycles: remove them from ALLOWED in {}",
        file!()
    );
}
