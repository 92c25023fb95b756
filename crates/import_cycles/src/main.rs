//! `import-cycles [--imports] [CRATE_DIR...]`: prints the import cycles
//! between the source files of each crate given (default: every crate under
//! `crates/` and `bins/`), and exits 1 if there is any. `--imports` also
//! prints every import between two files, with the path that makes it.

use std::fmt::Write as _;
use std::io::Write as _;
use std::path::PathBuf;
use std::process::ExitCode;

const USAGE: &str = "usage: import-cycles [--imports] [CRATE_DIR...]";

fn main() -> ExitCode {
    let mut dirs: Vec<PathBuf> = std::env::args_os().skip(1).map(PathBuf::from).collect();
    if dirs.iter().any(|d| d == "-h" || d == "--help") {
        println!("{USAGE}");
        return ExitCode::SUCCESS;
    }
    let list_imports = dirs.iter().any(|d| d == "--imports");
    dirs.retain(|d| d != "--imports");
    if dirs.is_empty() {
        for parent in ["crates", "bins"] {
            let Ok(entries) = std::fs::read_dir(parent) else {
                continue;
            };
            let mut found: Vec<PathBuf> = entries
                .flatten()
                .map(|e| e.path())
                .filter(|p| p.join("Cargo.toml").is_file())
                .collect();
            found.sort();
            dirs.extend(found);
        }
    }
    // The whole report is written at once; a closed pipe (`| head`) ends
    // the program quietly.
    let mut out = String::new();
    let mut any = false;
    for dir in &dirs {
        if !dir.join("Cargo.toml").is_file() {
            eprintln!(
                "import-cycles: {} is not a crate directory\n{USAGE}",
                dir.display()
            );
            return ExitCode::from(2);
        }
        for report in import_cycles::check_crate(dir) {
            let files = &report.graph.tree.files;
            if list_imports {
                for import in &report.graph.imports {
                    let _ = writeln!(
                        out,
                        "{} {}: {}:{} -> {} (`{}`)",
                        dir.display(),
                        report.root.display(),
                        files[import.from].display(),
                        import.line,
                        files[import.to].display(),
                        import.path
                    );
                }
            }
            if !report.cycles.is_empty() {
                any = true;
                for line in report.describe_cycles().lines() {
                    let _ = writeln!(out, "{}: {line}", dir.display());
                }
            }
        }
    }
    if !any {
        let _ = writeln!(out, "no import cycles in {} crates", dirs.len());
    }
    let _ = std::io::stdout().lock().write_all(out.as_bytes());
    if any {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}
