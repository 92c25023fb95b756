//! What one source file says about modules: the modules it holds (its own
//! and the inline `mod name { … }` ones), the items each defines, the names
//! each imports, the `mod name;` files each declares, and every path that
//! may name something elsewhere in the crate.

use crate::lexer::{tokenize, Token, TokenKind};
use std::collections::BTreeSet;

/// A file's modules: index 0 is the file's own module, the others are inline
/// modules in the order they open.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct FileScan {
    /// The modules written in the file.
    pub modules: Vec<ScannedModule>,
}

/// One module as written in a file.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ScannedModule {
    /// The inline module's name (empty for the file's own module).
    pub name: String,
    /// The enclosing module in the same file (`None` for the file's own).
    pub parent: Option<usize>,
    /// Names of the items it defines (functions, types, traits, constants,
    /// statics, macros, inline modules).
    pub items: BTreeSet<String>,
    /// Its module-level `use` declarations, one entry per imported name.
    pub imports: Vec<Import>,
    /// Its `mod name;` declarations of modules in other files.
    pub file_modules: Vec<ModuleDecl>,
    /// Every path written in it that may lead into the crate: each `use`
    /// entry (including those inside functions) and each `a::b` path in code.
    pub paths: Vec<PathRef>,
}

/// A `mod name;` declaration.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ModuleDecl {
    /// The module's name.
    pub name: String,
    /// Its `#[path = "…"]` attribute, if any.
    pub path_attr: Option<String>,
    /// The line of the declaration.
    pub line: u32,
}

/// One name brought in by a `use` declaration.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Import {
    /// The full path imported, as written (`crate`, `super`, `self` kept).
    pub path: Vec<String>,
    /// The name it is bound to, or `None` for a glob (`path::*`).
    pub name: Option<String>,
}

/// A path written in a module, with the line where it starts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PathRef {
    /// Its segments (`crate`, `super`, `self` kept; generic arguments cut).
    pub segments: Vec<String>,
    /// The line of its first segment.
    pub line: u32,
}

impl PathRef {
    /// The path as written, segments joined by `::`.
    pub fn text(&self) -> String {
        self.segments.join("::")
    }
}

const ITEM_KEYWORDS: [&str; 8] = [
    "fn", "struct", "enum", "trait", "type", "union", "static", "const",
];

/// Words after an item keyword that are not the item's name.
const NOT_A_NAME: [&str; 5] = ["fn", "unsafe", "extern", "async", "_"];

enum Scope {
    Module(usize),
    Block,
}

/// Scans the source text of one file.
pub fn scan(source: &str) -> FileScan {
    let tokens = tokenize(source);
    let mut scan = FileScan {
        modules: vec![ScannedModule::default()],
    };
    let mut scopes = vec![Scope::Module(0)];
    let mut path_attr: Option<String> = None;
    let mut i = 0;
    while i < tokens.len() {
        let current = scopes
            .iter()
            .rev()
            .find_map(|s| match s {
                Scope::Module(m) => Some(*m),
                Scope::Block => None,
            })
            .unwrap_or(0);
        let at_module_level = matches!(scopes.last(), Some(Scope::Module(_)));
        let module = &mut scan.modules[current];
        match &tokens[i].kind {
            TokenKind::Punct('#') => {
                let (end, attr) = attribute(&tokens, i);
                if attr.is_some() {
                    path_attr = attr;
                }
                i = end;
                continue;
            }
            TokenKind::Punct('{') => scopes.push(Scope::Block),
            TokenKind::Punct('}') if scopes.len() > 1 => {
                scopes.pop();
            }
            TokenKind::Ident(word) if word == "use" && !after_path_sep(&tokens, i) => {
                let line = tokens[i].line;
                let mut imports = Vec::new();
                let end = use_tree(&tokens, i + 1, Vec::new(), &mut imports);
                for import in imports {
                    module.paths.push(PathRef {
                        segments: import.path.clone(),
                        line,
                    });
                    if at_module_level {
                        module.imports.push(import);
                    }
                }
                i = end;
                continue;
            }
            TokenKind::Ident(word) if word == "mod" && at_module_level => {
                if let Some(name) = ident(&tokens, i + 1) {
                    let name = name.to_string();
                    match tokens.get(i + 2).map(|t| &t.kind) {
                        Some(TokenKind::Punct(';')) => {
                            module.file_modules.push(ModuleDecl {
                                name,
                                path_attr: path_attr.take(),
                                line: tokens[i].line,
                            });
                            i += 3;
                            continue;
                        }
                        Some(TokenKind::Punct('{')) => {
                            module.items.insert(name.clone());
                            let index = scan.modules.len();
                            scan.modules.push(ScannedModule {
                                name,
                                parent: Some(current),
                                ..ScannedModule::default()
                            });
                            scopes.push(Scope::Module(index));
                            path_attr = None;
                            i += 3;
                            continue;
                        }
                        _ => {}
                    }
                }
            }
            TokenKind::Ident(word)
                if word == "macro_rules"
                    && at_module_level
                    && tokens.get(i + 1).map(|t| &t.kind) == Some(&TokenKind::Punct('!')) =>
            {
                if let Some(name) = ident(&tokens, i + 2) {
                    module.items.insert(name.to_string());
                }
            }
            TokenKind::Ident(word)
                if at_module_level
                    && ITEM_KEYWORDS.contains(&word.as_str())
                    && !after_path_sep(&tokens, i) =>
            {
                // `const fn f` and `const unsafe fn f` are named at their `fn`.
                let mut j = i + 1;
                if ident(&tokens, j) == Some("mut") {
                    j += 1;
                }
                if let Some(name) = ident(&tokens, j) {
                    if !NOT_A_NAME.contains(&name) {
                        module.items.insert(name.to_string());
                    }
                }
                path_attr = None;
            }
            TokenKind::Ident(first)
                if !after_path_sep(&tokens, i)
                    && tokens.get(i + 1).map(|t| &t.kind) == Some(&TokenKind::PathSep) =>
            {
                let line = tokens[i].line;
                let mut segments = vec![first.clone()];
                let mut j = i + 1;
                while tokens.get(j).map(|t| &t.kind) == Some(&TokenKind::PathSep) {
                    match ident(&tokens, j + 1) {
                        Some(next) => {
                            segments.push(next.to_string());
                            j += 2;
                        }
                        None => break,
                    }
                }
                module.paths.push(PathRef { segments, line });
                i = j;
                continue;
            }
            _ => {}
        }
        i += 1;
    }
    scan
}

fn ident(tokens: &[Token], i: usize) -> Option<&str> {
    match tokens.get(i).map(|t| &t.kind) {
        Some(TokenKind::Ident(word)) => Some(word),
        _ => None,
    }
}

fn after_path_sep(tokens: &[Token], i: usize) -> bool {
    i > 0 && tokens[i - 1].kind == TokenKind::PathSep
}

/// Skips the attribute starting with the `#` at `start`; returns the index
/// after it and the value of a `#[path = "…"]` attribute.
fn attribute(tokens: &[Token], start: usize) -> (usize, Option<String>) {
    let mut i = start + 1;
    if tokens.get(i).map(|t| &t.kind) == Some(&TokenKind::Punct('!')) {
        i += 1;
    }
    if tokens.get(i).map(|t| &t.kind) != Some(&TokenKind::Punct('[')) {
        return (start + 1, None);
    }
    let body = i + 1;
    let mut depth = 0usize;
    while i < tokens.len() {
        match tokens[i].kind {
            TokenKind::Punct('[') => depth += 1,
            TokenKind::Punct(']') => {
                depth -= 1;
                if depth == 0 {
                    break;
                }
            }
            _ => {}
        }
        i += 1;
    }
    let path = match tokens.get(body..i) {
        Some(
            [Token {
                kind: TokenKind::Ident(word),
                ..
            }, Token {
                kind: TokenKind::Punct('='),
                ..
            }, Token {
                kind: TokenKind::Str(value),
                ..
            }],
        ) if word == "path" => Some(value.clone()),
        _ => None,
    };
    (i + 1, path)
}

/// Reads the use tree starting at `i` under `prefix` into `out`; returns the
/// index after the tree (after the `;` at the top level).
fn use_tree(
    tokens: &[Token],
    mut i: usize,
    mut prefix: Vec<String>,
    out: &mut Vec<Import>,
) -> usize {
    let top = prefix.is_empty();
    if tokens.get(i).map(|t| &t.kind) == Some(&TokenKind::PathSep) {
        i += 1;
    }
    loop {
        match tokens.get(i).map(|t| &t.kind) {
            Some(TokenKind::Ident(word)) if word == "self" && !prefix.is_empty() && !top => {
                let name = prefix.last().cloned();
                i += 1;
                let (next, alias) = alias(tokens, i);
                out.push(Import {
                    path: prefix.clone(),
                    name: alias.or(name),
                });
                i = next;
                break;
            }
            Some(TokenKind::Ident(word)) => {
                prefix.push(word.clone());
                i += 1;
                if tokens.get(i).map(|t| &t.kind) == Some(&TokenKind::PathSep) {
                    i += 1;
                    continue;
                }
                let (next, alias) = alias(tokens, i);
                out.push(Import {
                    name: alias.or_else(|| prefix.last().cloned()),
                    path: prefix.clone(),
                });
                i = next;
                break;
            }
            Some(TokenKind::Punct('*')) => {
                out.push(Import {
                    path: prefix.clone(),
                    name: None,
                });
                i += 1;
                break;
            }
            Some(TokenKind::Punct('{')) => {
                i += 1;
                loop {
                    match tokens.get(i).map(|t| &t.kind) {
                        None => return i,
                        Some(TokenKind::Punct('}')) => {
                            i += 1;
                            break;
                        }
                        Some(TokenKind::Punct(',')) => i += 1,
                        _ => {
                            let before = i;
                            i = use_tree(tokens, i, prefix.clone(), out);
                            if i == before {
                                i += 1;
                            }
                        }
                    }
                }
                break;
            }
            _ => break,
        }
    }
    if top {
        while i < tokens.len() && tokens[i].kind != TokenKind::Punct(';') {
            i += 1;
        }
        i + 1
    } else {
        i
    }
}

/// Reads an optional `as name` at `i`.
fn alias(tokens: &[Token], i: usize) -> (usize, Option<String>) {
    match (ident(tokens, i), ident(tokens, i + 1)) {
        (Some("as"), Some(name)) => (i + 2, Some(name.to_string())),
        _ => (i, None),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn imports(source: &str) -> Vec<(String, Option<String>)> {
        scan(source).modules[0]
            .imports
            .iter()
            .map(|i| (i.path.join("::"), i.name.clone()))
            .collect()
    }

    fn owned(pairs: &[(&str, Option<&str>)]) -> Vec<(String, Option<String>)> {
        pairs
            .iter()
            .map(|(p, n)| (p.to_string(), n.map(str::to_string)))
            .collect()
    }

    #[test]
    fn a_use_tree_gives_one_import_per_name() {
        let got =
            imports("pub(crate) use crate::a::{b, c::{self, d as e}, f::*};\nuse ::std::fmt;");
        let want = owned(&[
            ("crate::a::b", Some("b")),
            ("crate::a::c", Some("c")),
            ("crate::a::c::d", Some("e")),
            ("crate::a::f", None),
            ("std::fmt", Some("fmt")),
        ]);
        assert_eq!(got, want);
    }

    #[test]
    fn items_are_the_names_defined_at_module_level() {
        let scan = scan(
            "pub const fn f() {} const N: usize = 1; static mut S: u8 = 0; pub(crate) struct T;\n\
             impl T { fn method() {} const INNER: u8 = 2; }\nmacro_rules! m { () => {} }\ntrait Q {}",
        );
        let items: Vec<&str> = scan.modules[0].items.iter().map(String::as_str).collect();
        assert_eq!(items, ["N", "Q", "S", "T", "f", "m"]);
    }

    #[test]
    fn inline_modules_hold_their_own_paths_and_declarations() {
        let scan = scan(
            "mod a;\n#[path = \"x/y.rs\"]\nmod b;\n#[cfg(test)]\nmod tests {\n    use super::*;\n    fn t() { crate::a::f(); }\n}\n",
        );
        let root = &scan.modules[0];
        let decls: Vec<(&str, Option<&str>)> = root
            .file_modules
            .iter()
            .map(|d| (d.name.as_str(), d.path_attr.as_deref()))
            .collect();
        assert_eq!(decls, [("a", None), ("b", Some("x/y.rs"))]);
        let tests = &scan.modules[1];
        assert_eq!(tests.parent, Some(0));
        let paths: Vec<(String, u32)> = tests.paths.iter().map(|p| (p.text(), p.line)).collect();
        assert_eq!(
            paths,
            [("super".to_string(), 6), ("crate::a::f".to_string(), 7)]
        );
    }

    #[test]
    fn a_path_in_code_stops_at_generic_arguments() {
        let scan = scan("fn f() { let v = crate::a::B::<u8>::new(); }");
        let paths: Vec<String> = scan.modules[0].paths.iter().map(PathRef::text).collect();
        assert_eq!(paths, ["crate::a::B"]);
    }
}
