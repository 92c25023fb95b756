//! Rust source as a flat list of tokens: identifiers, `::`, the other
//! punctuation one character at a time, and string literals. Comments,
//! character literals, lifetimes and numbers are dropped, so a path written
//! in a comment or a string is never mistaken for an import.

/// One token and the line it starts on (1-based).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Token {
    /// What the token is.
    pub kind: TokenKind,
    /// The line it starts on, counting from 1.
    pub line: u32,
}

/// The kinds of token the module scan looks at.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TokenKind {
    /// An identifier or keyword (`r#` removed from raw identifiers).
    Ident(String),
    /// The path separator `::`.
    PathSep,
    /// Any other punctuation character.
    Punct(char),
    /// A string literal's contents (escapes left as written).
    Str(String),
}

/// Splits `source` into tokens. Never fails: an unterminated comment or
/// literal simply runs to the end of the text.
pub fn tokenize(source: &str) -> Vec<Token> {
    let chars: Vec<char> = source.chars().collect();
    let mut tokens = Vec::new();
    let mut line = 1u32;
    let mut i = 0;
    let count_lines = |from: usize, to: usize, line: &mut u32| {
        *line += chars[from..to.min(chars.len())]
            .iter()
            .filter(|&&c| c == '\n')
            .count() as u32;
    };
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        if c == '\n' {
            line += 1;
            i += 1;
        } else if c.is_whitespace() {
            i += 1;
        } else if c == '/' && next == Some('/') {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
        } else if c == '/' && next == Some('*') {
            let end = block_comment_end(&chars, i);
            count_lines(i, end, &mut line);
            i = end;
        } else if let Some((start, end, body)) = string_literal(&chars, i) {
            tokens.push(Token {
                kind: TokenKind::Str(chars[body.0..body.1].iter().collect()),
                line,
            });
            count_lines(start, end, &mut line);
            i = end;
        } else if c == '\'' {
            i = quote_end(&chars, i);
        } else if c == 'r'
            && next == Some('#')
            && chars.get(i + 2).is_some_and(|&c| is_ident_start(c))
        {
            let end = ident_end(&chars, i + 2);
            tokens.push(Token {
                kind: TokenKind::Ident(chars[i + 2..end].iter().collect()),
                line,
            });
            i = end;
        } else if is_ident_start(c) {
            let end = ident_end(&chars, i);
            tokens.push(Token {
                kind: TokenKind::Ident(chars[i..end].iter().collect()),
                line,
            });
            i = end;
        } else if c.is_ascii_digit() {
            i = ident_end(&chars, i);
        } else if c == ':' && next == Some(':') {
            tokens.push(Token {
                kind: TokenKind::PathSep,
                line,
            });
            i += 2;
        } else {
            tokens.push(Token {
                kind: TokenKind::Punct(c),
                line,
            });
            i += 1;
        }
    }
    tokens
}

fn is_ident_start(c: char) -> bool {
    c == '_' || c.is_alphabetic()
}

fn ident_end(chars: &[char], mut i: usize) -> usize {
    while i < chars.len() && (chars[i] == '_' || chars[i].is_alphanumeric()) {
        i += 1;
    }
    i
}

/// The index after a (nested) block comment starting at `start`.
fn block_comment_end(chars: &[char], start: usize) -> usize {
    let mut depth = 0usize;
    let mut i = start;
    while i < chars.len() {
        if chars[i] == '/' && chars.get(i + 1) == Some(&'*') {
            depth += 1;
            i += 2;
        } else if chars[i] == '*' && chars.get(i + 1) == Some(&'/') {
            depth -= 1;
            i += 2;
            if depth == 0 {
                return i;
            }
        } else {
            i += 1;
        }
    }
    chars.len()
}

/// A string literal (`"…"`, `b"…"`, `c"…"`, `r#"…"#`, `br"…"`) starting at
/// `start`: its start, its end and the range of its contents.
fn string_literal(chars: &[char], start: usize) -> Option<(usize, usize, (usize, usize))> {
    let mut i = start;
    if matches!(chars[i], 'b' | 'c') {
        i += 1;
    }
    let raw = chars.get(i) == Some(&'r');
    if raw {
        i += 1;
        let hashes = chars[i..].iter().take_while(|&&c| c == '#').count();
        i += hashes;
        if chars.get(i) != Some(&'"') {
            return None;
        }
        let body = i + 1;
        let mut j = body;
        while j < chars.len() {
            if chars[j] == '"'
                && chars[j + 1..]
                    .iter()
                    .take(hashes)
                    .filter(|&&c| c == '#')
                    .count()
                    == hashes
            {
                return Some((start, j + 1 + hashes, (body, j)));
            }
            j += 1;
        }
        return Some((start, chars.len(), (body, chars.len())));
    }
    if chars.get(i) != Some(&'"') {
        return None;
    }
    let body = i + 1;
    let mut j = body;
    while j < chars.len() {
        match chars[j] {
            '\\' => j += 2,
            '"' => return Some((start, j + 1, (body, j))),
            _ => j += 1,
        }
    }
    Some((start, chars.len(), (body, chars.len().min(j))))
}

/// The index after a character literal (`'a'`, `'\n'`, `'\u{1F600}'`) or a
/// lifetime (`'a`) starting at `start`.
fn quote_end(chars: &[char], start: usize) -> usize {
    match (chars.get(start + 1), chars.get(start + 2)) {
        (Some('\\'), _) => {
            let mut j = start + 3;
            while j < chars.len() && chars[j] != '\'' && chars[j] != '\n' {
                j += 1;
            }
            j + 1
        }
        (Some(_), Some('\'')) => start + 3,
        _ => ident_end(chars, start + 1),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn idents(source: &str) -> Vec<String> {
        tokenize(source)
            .into_iter()
            .filter_map(|t| match t.kind {
                TokenKind::Ident(name) => Some(name),
                _ => None,
            })
            .collect()
    }

    #[test]
    fn comments_strings_chars_and_lifetimes_hide_their_words() {
        let source = "a // crate::x\n/* crate::y /* nested */ still */ b \"crate::z\" 'c' '\\'' r#\"q\"# fn f<'d>() {}";
        assert_eq!(idents(source), ["a", "b", "fn", "f"]);
    }

    #[test]
    fn lines_count_through_comments_and_strings() {
        let tokens = tokenize("a\n/*\n\n*/ b \"x\ny\" c");
        let lines: Vec<u32> = tokens.iter().map(|t| t.line).collect();
        assert_eq!(lines, [1, 4, 4, 5]);
    }

    #[test]
    fn a_raw_identifier_loses_its_prefix() {
        assert_eq!(idents("r#type::x"), ["type", "x"]);
    }
}
