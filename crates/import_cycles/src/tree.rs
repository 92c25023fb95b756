//! The module tree of one crate target, read from its root file by
//! following `mod name;` declarations to their files as rustc does
//! (`name.rs` or `name/mod.rs`, beside a `mod.rs`-style file or in the
//! directory named after any other file; `#[path]` honoured).

use crate::scan::{scan, Import, PathRef};
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// A module's index in [`ModuleTree::modules`].
pub type ModuleId = usize;

/// A file's index in [`ModuleTree::files`].
pub type FileId = usize;

/// The modules of one crate target and the files that hold them.
#[derive(Debug, Clone, Default)]
pub struct ModuleTree {
    /// The source files, the root first, as paths relative to the crate's
    /// directory.
    pub files: Vec<PathBuf>,
    /// The modules, the crate root first; inline modules included.
    pub modules: Vec<Module>,
    /// `mod name;` declarations whose file was not found (modules behind a
    /// `cfg` that names a missing file), as the declaring file, its line and
    /// the module name.
    pub missing: Vec<(FileId, u32, String)>,
}

/// One module of the tree.
#[derive(Debug, Clone, Default)]
pub struct Module {
    /// The module's name (empty for the crate root).
    pub name: String,
    /// The enclosing module (`None` for the crate root).
    pub parent: Option<ModuleId>,
    /// The file it is written in.
    pub file: FileId,
    /// Its child modules by name.
    pub children: BTreeMap<String, ModuleId>,
    /// Names of the items it defines.
    pub items: BTreeSet<String>,
    /// Its module-level imports.
    pub imports: Vec<Import>,
    /// The paths written in it.
    pub paths: Vec<PathRef>,
}

/// Where the source files come from: the file system, or a map in tests.
pub trait Sources {
    /// The text of the file at `path` (relative to the crate's directory), or
    /// `None` if there is no such file.
    fn read(&self, path: &Path) -> Option<String>;
}

/// The files under a crate's directory on disk.
#[derive(Debug, Clone)]
pub struct Disk(pub PathBuf);

impl Sources for Disk {
    fn read(&self, path: &Path) -> Option<String> {
        std::fs::read_to_string(self.0.join(path)).ok()
    }
}

impl Sources for BTreeMap<PathBuf, String> {
    fn read(&self, path: &Path) -> Option<String> {
        self.get(path).cloned()
    }
}

impl ModuleTree {
    /// Reads the tree of the target whose root file is `root` (relative to
    /// the crate's directory). `None` when the root file cannot be read.
    pub fn load(sources: &dyn Sources, root: &Path) -> Option<ModuleTree> {
        let text = sources.read(root)?;
        let mut tree = ModuleTree::default();
        let dir = root.parent().map(Path::to_path_buf).unwrap_or_default();
        tree.add_file(sources, root.to_path_buf(), &text, None, String::new(), dir);
        Some(tree)
    }

    /// Adds the file `path` holding module `name` under `parent`; `dir` is
    /// where its `mod name;` children live.
    fn add_file(
        &mut self,
        sources: &dyn Sources,
        path: PathBuf,
        text: &str,
        parent: Option<ModuleId>,
        name: String,
        dir: PathBuf,
    ) {
        let file = self.files.len();
        let source_dir = path.parent().map(Path::to_path_buf).unwrap_or_default();
        self.files.push(path);
        let scanned = scan(text);
        let first = self.modules.len();
        // Modules of this file: (module, directory of its `mod name;` files).
        let mut dirs: Vec<PathBuf> = Vec::with_capacity(scanned.modules.len());
        for (index, m) in scanned.modules.iter().enumerate() {
            let id = first + index;
            let (parent, name, child_dir) = match m.parent {
                None => (parent, name.clone(), dir.clone()),
                Some(p) => (Some(first + p), m.name.clone(), dirs[p].join(&m.name)),
            };
            if let Some(p) = parent {
                self.modules[p].children.insert(name.clone(), id);
            }
            self.modules.push(Module {
                name,
                parent,
                file,
                children: BTreeMap::new(),
                items: m.items.clone(),
                imports: m.imports.clone(),
                paths: m.paths.clone(),
            });
            dirs.push(child_dir);
        }
        for (index, m) in scanned.modules.into_iter().enumerate() {
            let id = first + index;
            for decl in m.file_modules {
                let candidates = match &decl.path_attr {
                    Some(p) if m.parent.is_none() => vec![source_dir.join(p)],
                    Some(p) => vec![dirs[index].join(p)],
                    None => vec![
                        dirs[index].join(format!("{}.rs", decl.name)),
                        dirs[index].join(&decl.name).join("mod.rs"),
                    ],
                };
                let found = candidates
                    .into_iter()
                    .find_map(|c| sources.read(&c).map(|text| (c, text)));
                match found {
                    Some((child, text)) => {
                        // A `#[path]` file is read like a `mod.rs`.
                        let mod_rs = decl.path_attr.is_some()
                            || child.file_name().is_some_and(|f| f == "mod.rs");
                        let child_dir = if mod_rs {
                            child.parent().map(Path::to_path_buf).unwrap_or_default()
                        } else {
                            child.with_extension("")
                        };
                        self.add_file(sources, child, &text, Some(id), decl.name, child_dir);
                    }
                    None => self.missing.push((file, decl.line, decl.name)),
                }
            }
        }
    }
}
