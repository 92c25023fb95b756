//! The import graph between the files of one crate target, and its cycles.
//!
//! File A imports file B when a path written in A names an item that B
//! defines, or B's module itself. A path is followed through re-exports
//! (`pub use`, glob imports) to the file that defines the item, so a use of
//! `crate::Name` re-exported by `lib.rs` is an import of the defining file,
//! not of `lib.rs`. A `mod name;` declaration is not an import: it says
//! where a child lives, not what the parent uses. A re-export is an import
//! of the file it re-exports from.

use crate::tree::{FileId, ModuleId, ModuleTree};
use std::collections::{BTreeMap, BTreeSet, VecDeque};

/// How many re-exports a path may pass through before the search gives up
/// (and charges the import to the module it reached).
const MAX_HOPS: usize = 32;

/// One import of a file by another, with the path that makes it.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct Import {
    /// The importing file.
    pub from: FileId,
    /// The imported file.
    pub to: FileId,
    /// The line of the path in the importing file.
    pub line: u32,
    /// The path as written.
    pub path: String,
}

/// The files of a target and their imports.
#[derive(Debug, Clone)]
pub struct ImportGraph {
    /// The module tree the graph was built from.
    pub tree: ModuleTree,
    /// Every import, in file and line order (the first path of each pair of
    /// files is enough to show the import, but all are kept).
    pub imports: Vec<Import>,
}

/// A cycle of imports: each file imports the next, the last imports the
/// first.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Cycle {
    /// The files of the strongly connected component the cycle lies in, in
    /// file order: every file in it reaches every other.
    pub component: Vec<FileId>,
    /// One shortest cycle through the component's first file, as the
    /// imports that make it.
    pub imports: Vec<Import>,
}

impl ImportGraph {
    /// Builds the graph of `tree`.
    pub fn new(tree: ModuleTree) -> ImportGraph {
        let mut imports = BTreeSet::new();
        for (id, module) in tree.modules.iter().enumerate() {
            for path in &module.paths {
                let Some(target) = resolve(&tree, id, &path.segments, 0) else {
                    continue;
                };
                let to = tree.modules[target].file;
                if to != module.file {
                    imports.insert(Import {
                        from: module.file,
                        to,
                        line: path.line,
                        path: path.text(),
                    });
                }
            }
        }
        ImportGraph {
            tree,
            imports: imports.into_iter().collect(),
        }
    }

    /// The cycles: one per strongly connected component of more than one
    /// file, in order of the components' first files.
    pub fn cycles(&self) -> Vec<Cycle> {
        let n = self.tree.files.len();
        let mut first_import: BTreeMap<(FileId, FileId), &Import> = BTreeMap::new();
        for import in &self.imports {
            first_import
                .entry((import.from, import.to))
                .or_insert(import);
        }
        let mut next: Vec<Vec<FileId>> = vec![Vec::new(); n];
        for &(from, to) in first_import.keys() {
            next[from].push(to);
        }
        let mut cycles: Vec<Cycle> = components(&next)
            .into_iter()
            .filter(|c| c.len() > 1)
            .map(|component| {
                let members: BTreeSet<FileId> = component.iter().copied().collect();
                let start = component[0];
                let files = shortest_cycle(&next, &members, start);
                let imports = files
                    .iter()
                    .zip(files.iter().skip(1).chain([&start]))
                    .map(|(&a, &b)| first_import[&(a, b)].clone())
                    .collect();
                Cycle { component, imports }
            })
            .collect();
        cycles.sort_by_key(|c| c.component[0]);
        cycles
    }
}

/// The module a path written in `from` leads to: the module that defines
/// the item it names, or the module it names. `None` when the path leads out
/// of the crate (another crate, `std`) or names nothing the crate declares
/// (a local variable, an associated item of `Self`).
fn resolve(
    tree: &ModuleTree,
    from: ModuleId,
    segments: &[String],
    hops: usize,
) -> Option<ModuleId> {
    let first = segments.first()?;
    let inside = matches!(first.as_str(), "crate" | "super" | "self")
        || tree.modules[from].children.contains_key(first)
        || binding(tree, from, first).is_some();
    if !inside {
        return None;
    }
    Some(walk(tree, from, segments, hops))
}

/// Follows `segments` from module `at` (see [`resolve`]).
fn walk(tree: &ModuleTree, mut at: ModuleId, segments: &[String], hops: usize) -> ModuleId {
    for (i, segment) in segments.iter().enumerate() {
        let module = &tree.modules[at];
        match segment.as_str() {
            "crate" if i == 0 => at = 0,
            "self" => {}
            "super" => match module.parent {
                Some(parent) => at = parent,
                None => return at,
            },
            name => {
                if let Some(&child) = module.children.get(name) {
                    at = child;
                    continue;
                }
                if module.items.contains(name) || hops >= MAX_HOPS {
                    return at;
                }
                if let Some(path) = binding(tree, at, name) {
                    let mut full = path.to_vec();
                    full.extend_from_slice(&segments[i + 1..]);
                    return resolve(tree, at, &full, hops + 1).unwrap_or(at);
                }
                for glob in globs(tree, at) {
                    if let Some(source) = module_at(tree, at, glob, hops + 1) {
                        if defines(tree, source, name) {
                            return walk(tree, source, &segments[i..], hops + 1);
                        }
                    }
                }
                return at;
            }
        }
    }
    at
}

/// The path a module-level `use` binds `name` to in module `at`.
fn binding<'a>(tree: &'a ModuleTree, at: ModuleId, name: &str) -> Option<&'a [String]> {
    tree.modules[at]
        .imports
        .iter()
        .find(|i| i.name.as_deref() == Some(name))
        .map(|i| i.path.as_slice())
}

/// The paths of module `at`'s glob imports.
fn globs(tree: &ModuleTree, at: ModuleId) -> impl Iterator<Item = &[String]> {
    tree.modules[at]
        .imports
        .iter()
        .filter(|i| i.name.is_none())
        .map(|i| i.path.as_slice())
}

/// Whether module `at` has something called `name`: a child, an item or an
/// imported name.
fn defines(tree: &ModuleTree, at: ModuleId, name: &str) -> bool {
    let module = &tree.modules[at];
    module.children.contains_key(name)
        || module.items.contains(name)
        || binding(tree, at, name).is_some()
}

/// The module `path` (written in `from`) names, if it names a module.
fn module_at(tree: &ModuleTree, from: ModuleId, path: &[String], hops: usize) -> Option<ModuleId> {
    if hops >= MAX_HOPS {
        return None;
    }
    let mut at = from;
    for (i, segment) in path.iter().enumerate() {
        let module = &tree.modules[at];
        at = match segment.as_str() {
            "crate" if i == 0 => 0,
            "self" => at,
            "super" => module.parent?,
            name => match module.children.get(name) {
                Some(&child) => child,
                None => {
                    let mut full = binding(tree, at, name)?.to_vec();
                    full.extend_from_slice(&path[i + 1..]);
                    return module_at(tree, at, &full, hops + 1);
                }
            },
        };
    }
    Some(at)
}

/// The strongly connected components of the graph `next` (Tarjan's
/// algorithm, iterative), each sorted, in no particular order.
fn components(next: &[Vec<FileId>]) -> Vec<Vec<FileId>> {
    let n = next.len();
    let mut index = vec![usize::MAX; n];
    let mut low = vec![0; n];
    let mut on_stack = vec![false; n];
    let mut stack = Vec::new();
    let mut found = Vec::new();
    let mut counter = 0;
    for root in 0..n {
        if index[root] != usize::MAX {
            continue;
        }
        // (node, position in its successor list)
        let mut work = vec![(root, 0usize)];
        index[root] = counter;
        low[root] = counter;
        counter += 1;
        stack.push(root);
        on_stack[root] = true;
        while let Some(&mut (node, ref mut pos)) = work.last_mut() {
            if let Some(&succ) = next[node].get(*pos) {
                *pos += 1;
                if index[succ] == usize::MAX {
                    index[succ] = counter;
                    low[succ] = counter;
                    counter += 1;
                    stack.push(succ);
                    on_stack[succ] = true;
                    work.push((succ, 0));
                } else if on_stack[succ] {
                    low[node] = low[node].min(index[succ]);
                }
                continue;
            }
            work.pop();
            if let Some(&(parent, _)) = work.last() {
                low[parent] = low[parent].min(low[node]);
            }
            if low[node] == index[node] {
                let mut component = Vec::new();
                while let Some(member) = stack.pop() {
                    on_stack[member] = false;
                    component.push(member);
                    if member == node {
                        break;
                    }
                }
                component.sort_unstable();
                found.push(component);
            }
        }
    }
    found
}

/// The files of a shortest cycle from `start` back to it within `members`
/// (breadth first), `start` first.
fn shortest_cycle(next: &[Vec<FileId>], members: &BTreeSet<FileId>, start: FileId) -> Vec<FileId> {
    let mut came_from: BTreeMap<FileId, FileId> = BTreeMap::new();
    let mut queue = VecDeque::from([start]);
    while let Some(node) = queue.pop_front() {
        for &succ in &next[node] {
            if !members.contains(&succ) {
                continue;
            }
            if succ == start {
                let mut files = vec![node];
                while let Some(&before) = came_from.get(&files[files.len() - 1]) {
                    files.push(before);
                }
                files.reverse();
                return files;
            }
            if let std::collections::btree_map::Entry::Vacant(entry) = came_from.entry(succ) {
                entry.insert(node);
                queue.push_back(succ);
            }
        }
    }
    vec![start]
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::{Path, PathBuf};

    fn graph(files: &[(&str, &str)]) -> ImportGraph {
        let sources: BTreeMap<PathBuf, String> = files
            .iter()
            .map(|(p, t)| (PathBuf::from(p), t.to_string()))
            .collect();
        let tree = ModuleTree::load(&sources, Path::new("src/lib.rs")).expect("a root");
        ImportGraph::new(tree)
    }

    /// The imports as `from -> to` file pairs, each once.
    fn pairs(g: &ImportGraph) -> Vec<String> {
        let files = &g.tree.files;
        let set: BTreeSet<String> = g
            .imports
            .iter()
            .map(|i| format!("{} -> {}", files[i.from].display(), files[i.to].display()))
            .collect();
        set.into_iter().collect()
    }

    #[test]
    fn a_name_re_exported_by_the_root_is_an_import_of_its_defining_file() {
        let g = graph(&[
            (
                "src/lib.rs",
                "mod a;\nmod b;\npub use a::A;\npub use b::B;\n",
            ),
            ("src/a.rs", "use crate::B;\npub struct A(B);\n"),
            (
                "src/b.rs",
                "pub struct B;\nfn f() -> crate::A { todo!() }\n",
            ),
        ]);
        assert_eq!(
            pairs(&g),
            [
                "src/a.rs -> src/b.rs",
                "src/b.rs -> src/a.rs",
                "src/lib.rs -> src/a.rs",
                "src/lib.rs -> src/b.rs"
            ]
        );
        let cycles = g.cycles();
        assert_eq!(cycles.len(), 1);
        assert_eq!(cycles[0].component, [1, 2]);
    }

    #[test]
    fn a_parent_that_re_exports_its_children_and_defines_what_they_use_is_on_a_cycle() {
        let g = graph(&[
            ("src/lib.rs", "pub mod bots;\n"),
            (
                "src/bots/mod.rs",
                "mod lazy;\npub use lazy::Lazy;\npub trait Bot {}\n",
            ),
            (
                "src/bots/lazy.rs",
                "use super::Bot;\npub struct Lazy;\nimpl Bot for Lazy {}\n",
            ),
        ]);
        assert_eq!(g.cycles().len(), 1);
        let fixed = graph(&[
            ("src/lib.rs", "pub mod bots;\n"),
            (
                "src/bots/mod.rs",
                "mod bot;\nmod lazy;\npub use bot::Bot;\npub use lazy::Lazy;\n",
            ),
            ("src/bots/bot.rs", "pub trait Bot {}\n"),
            (
                "src/bots/lazy.rs",
                "use super::Bot;\npub struct Lazy;\nimpl Bot for Lazy {}\n",
            ),
        ]);
        assert_eq!(fixed.cycles(), []);
        assert!(pairs(&fixed).contains(&"src/bots/lazy.rs -> src/bots/bot.rs".to_string()));
    }

    #[test]
    fn declaring_a_child_module_is_not_an_import() {
        let g = graph(&[
            ("src/lib.rs", "mod a;\n"),
            ("src/a.rs", "use crate::helper;\n"),
            ("src/a/b.rs", ""),
        ]);
        assert_eq!(g.tree.files.len(), 2);
        assert_eq!(pairs(&g), ["src/a.rs -> src/lib.rs"]);
    }

    #[test]
    fn an_inline_test_module_using_its_parent_stays_in_its_file() {
        let g = graph(&[
            ("src/lib.rs", "mod a;\n"),
            ("src/a.rs", "pub fn f() {}\n#[cfg(test)]\nmod tests {\n    use super::*;\n    use self::inner::g;\n    mod inner { pub fn g() {} }\n}\n"),
        ]);
        assert_eq!(pairs(&g), Vec::<String>::new());
    }

    #[test]
    fn globs_nested_folders_and_path_attributes_are_followed() {
        let g = graph(&[
            (
                "src/lib.rs",
                "mod prelude;\nmod a;\n#[path = \"other/c.rs\"]\nmod c;\npub use prelude::*;\n",
            ),
            ("src/prelude.rs", "pub struct P;\n"),
            ("src/a.rs", "mod b;\n"),
            ("src/a/b.rs", "use crate::P;\nfn f() { crate::c::g(); }\n"),
            ("src/other/c.rs", "pub fn g() {}\n"),
        ]);
        assert_eq!(
            pairs(&g),
            [
                "src/a/b.rs -> src/other/c.rs",
                "src/a/b.rs -> src/prelude.rs",
                "src/lib.rs -> src/prelude.rs"
            ]
        );
    }

    #[test]
    fn other_crates_comments_and_strings_are_not_imports() {
        let g = graph(&[
            ("src/lib.rs", "mod a;\nmod b;\n"),
            (
                "src/a.rs",
                "//! See [`crate::b::B`].\nuse std::fmt;\nfn f() { let s = \"crate::b::B\"; gamecore::Player::First; Self::x; }\n",
            ),
            ("src/b.rs", "pub struct B;\n"),
        ]);
        assert_eq!(pairs(&g), Vec::<String>::new());
    }

    #[test]
    fn the_cycle_shown_is_a_shortest_one_through_the_first_file() {
        let g = graph(&[
            ("src/lib.rs", "mod a;\nmod b;\nmod c;\n"),
            ("src/a.rs", "use crate::b::B;\npub struct A;\n"),
            (
                "src/b.rs",
                "use crate::c::C;\nuse crate::a::A;\npub struct B;\n",
            ),
            ("src/c.rs", "use crate::a::A;\npub struct C;\n"),
        ]);
        let cycles = g.cycles();
        assert_eq!(cycles.len(), 1);
        assert_eq!(cycles[0].component, [1, 2, 3]);
        let route: Vec<(FileId, FileId)> =
            cycles[0].imports.iter().map(|i| (i.from, i.to)).collect();
        assert_eq!(route, [(1, 2), (2, 1)]);
    }
}
