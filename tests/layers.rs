//! The layers of the code and its import cycles, checked on the source text.
//!
//! Every top-level module of `src/` sits in one layer; a module may use its
//! own layer and the layers below it, never one above (README.md §Layout).
//! From the top:
//!
//! | layer | modules | why there |
//! |---|---|---|
//! | 8 | `main`, `lib`, `cli` | the command line starts everything |
//! | 7 | `app` | builds the HTTP application |
//! | 6 | `api`, `web`, `oidc` | the front doors; `oidc` verifies sign-on tokens for them and for `cli` |
//! | 5 | `jobs` | background jobs, started by the front doors |
//! | 4 | `documents`, `dataset`, `pensenmanager`, `demo` | files and datasets built from the use cases; `pensenmanager` moves a school from and to the reference's database (its SQL is that foreign database's, not ours) |
//! | 3 | `service` | the use cases |
//! | 2 | `store` | the storage boundary |
//! | 1 | `domain`, `auth` | pure types and rules; `auth` holds the account types (roles, principals, token hashing) that `store` persists, no I/O |
//! | 0 | `error`, `i18n` | the one error type and the message catalogue |
//!
//! Imports are read from `crate::…` and `$crate::…` paths (also grouped
//! `use crate::{a, b::c}`) in code; comments, doc links included, are not
//! imports. A module missing from the table fails the test, so a new module
//! gets a place on purpose.
//!
//! The test also looks for import cycles between the files of one top-level
//! module (resolving `crate::` and `super::` paths to files). A folder's
//! `mod.rs` is its table of contents and shared definitions: its uses of the
//! files below it, and theirs of it, are not counted; everything else is.
//!
//! Inside `web/` the floor plan is stricter (issue 41): `web/mod.rs` only
//! declares the modules and assembles their routes, so no other file of
//! `web/` uses a path that resolves to it (a `super::x` or `crate::web::x`
//! where `x` is no module of its own): the screens take what they share from
//! the files below them (`web/kit/`, `form.rs`, …). A `super::` inside an
//! inline module (`mod tests { … }`) is read from that module.
//!
//! The front doors `api/` and `cli/` name nothing of `store/`: no
//! `crate::store::…` path in their code (issue 41: they read and write
//! through the use cases of `service/`, which re-exports the store's types
//! they need). `web/` is still to follow ([`THROUGH_SERVICE`]).
//!
//! Only `service/` (and the store itself) opens a write transaction: a
//! `.begin()` anywhere else fails, but for the known places not moved yet
//! ([`KNOWN_BEGINS`], a list that only shrinks).
//!
//! Two rules of the house as well: no file of `src/` is longer than 800
//! lines, and a test hook (an item whose doc comment begins "Tests only" or
//! "A test hook") is compiled only with the `test-hooks` feature, which only
//! the test targets turn on (Cargo.toml `[features]`).

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// Top-level module → layer (higher may use lower; see the module doc).
const LAYERS: &[(&str, u8)] = &[
    ("main", 8),
    ("lib", 8),
    ("cli", 8),
    ("app", 7),
    ("api", 6),
    ("web", 6),
    ("oidc", 6),
    ("jobs", 5),
    ("documents", 4),
    ("dataset", 4),
    ("pensenmanager", 4),
    ("demo", 4),
    ("service", 3),
    ("store", 2),
    ("domain", 1),
    ("auth", 1),
    ("error", 0),
    ("i18n", 0),
];

/// File cycles known and not yet removed, each as its files sorted and
/// joined by `, `. The test fails when one of them is gone, so the list only
/// shrinks.
const KNOWN_CYCLES: &[&str] = &[];

fn layer(module: &str) -> Option<u8> {
    LAYERS.iter().find(|(m, _)| *m == module).map(|(_, l)| *l)
}

/// One source file: its path under `src/` and its module path (`api/openapi/mod.rs` → `api::openapi`).
struct SourceFile {
    rel: String,
    module: Vec<String>,
    is_mod: bool,
    code: String,
    /// The text as it is, comments included (for [`inline_modules`]).
    text: String,
}

fn source_files(root: &Path) -> Vec<SourceFile> {
    let mut out = Vec::new();
    let mut stack = vec![root.to_path_buf()];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).expect("src/ is readable") {
            let path: PathBuf = entry.expect("a directory entry").path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let rel = path.strip_prefix(root).unwrap().to_string_lossy().replace('\\', "/");
                let text = std::fs::read_to_string(&path).expect("a source file is UTF-8");
                out.push(SourceFile {
                    module: module_path(&rel),
                    is_mod: rel.ends_with("mod.rs"),
                    code: strip_comments(&text),
                    text,
                    rel,
                });
            }
        }
    }
    out.sort_by(|a, b| a.rel.cmp(&b.rel));
    out
}

fn module_path(rel: &str) -> Vec<String> {
    let mut parts: Vec<String> = rel.trim_end_matches(".rs").split('/').map(str::to_string).collect();
    if parts.last().is_some_and(|p| p == "mod") {
        parts.pop();
    }
    parts
}

/// The text without `//` comments (doc comments included) and `/* */` blocks.
/// String literals are kept as they are: a `//` inside one cuts the rest of its
/// line, which can only hide an import, never invent one.
fn strip_comments(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while !rest.is_empty() {
        if let Some(after) = rest.strip_prefix("/*") {
            rest = after.find("*/").map_or("", |end| &after[end + 2..]);
        } else if rest.starts_with("//") {
            rest = rest.find('\n').map_or("", |end| &rest[end..]);
        } else {
            let ch = rest.chars().next().unwrap();
            out.push(ch);
            rest = &rest[ch.len_utf8()..];
        }
    }
    out
}

/// Every path that starts with `crate::`, `$crate::` or `super::` in `code`,
/// grouped imports expanded: `crate::{a, b::{c, d}}` → `crate::a`,
/// `crate::b::c`, `crate::b::d`. Each path is its segments, `crate`/`super` first.
fn paths(code: &str) -> Vec<Vec<String>> {
    let bytes = code.as_bytes();
    let mut out = Vec::new();
    for start in ["crate::", "super::"] {
        let mut from = 0;
        while let Some(found) = code[from..].find(start) {
            let at = from + found;
            from = at + start.len();
            let before = if at == 0 { b' ' } else { bytes[at - 1] };
            if before.is_ascii_alphanumeric() || before == b'_' || (before == b':' && start == "super::") {
                continue; // part of a longer name, or a `super` after `super::`
            }
            let head = start.trim_end_matches("::").to_string();
            let mut pos = at + start.len();
            out.extend(use_tree(code, &mut pos, vec![head]));
        }
    }
    out
}

/// Parses a use tree at `pos` after `prefix::`: a name (`::` and more), a
/// `{…}` group or `*`.
fn use_tree(code: &str, pos: &mut usize, prefix: Vec<String>) -> Vec<Vec<String>> {
    let bytes = code.as_bytes();
    let skip_ws = |pos: &mut usize| {
        while *pos < bytes.len() && bytes[*pos].is_ascii_whitespace() {
            *pos += 1;
        }
    };
    skip_ws(pos);
    if *pos < bytes.len() && bytes[*pos] == b'{' {
        *pos += 1;
        let mut out = Vec::new();
        loop {
            skip_ws(pos);
            if *pos >= bytes.len() || bytes[*pos] == b'}' {
                *pos += 1;
                return out;
            }
            out.extend(use_tree(code, pos, prefix.clone()));
            skip_ws(pos);
            // `as name` or anything else up to the next `,` or `}` of this level.
            while *pos < bytes.len() && bytes[*pos] != b',' && bytes[*pos] != b'}' {
                *pos += 1;
            }
            if *pos < bytes.len() && bytes[*pos] == b',' {
                *pos += 1;
            }
        }
    }
    let start = *pos;
    while *pos < bytes.len() && (bytes[*pos].is_ascii_alphanumeric() || bytes[*pos] == b'_') {
        *pos += 1;
    }
    if start == *pos {
        return vec![prefix]; // `*` or the end of the path
    }
    let mut path = prefix;
    path.push(code[start..*pos].to_string());
    if code[*pos..].starts_with("::") {
        *pos += 2;
        use_tree(code, pos, path)
    } else {
        vec![path]
    }
}

/// The absolute module path a path of `file` names (`crate` and `super`
/// resolved), without the leading `crate`.
fn absolute(file: &SourceFile, path: &[String]) -> Vec<String> {
    if path[0] == "crate" {
        return path[1..].to_vec();
    }
    // `super` in `a/b.rs` (module a::b) is `a`; in `a/b/mod.rs` (module a::b) it is `a` too.
    let mut base = file.module.clone();
    let mut rest = path;
    while rest.first().is_some_and(|s| s == "super") {
        base.pop();
        rest = &rest[1..];
    }
    base.extend(rest.iter().cloned());
    base
}

/// The file of the longest module path that `target` starts with.
fn file_of<'a>(files: &'a [SourceFile], target: &[String]) -> Option<&'a SourceFile> {
    files
        .iter()
        .filter(|f| f.module.len() <= target.len() && f.module[..] == target[..f.module.len()] && !f.module.is_empty())
        .max_by_key(|f| f.module.len())
}

fn src_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

/// Upward imports: `(file, the module it uses, its layer, the used layer)`.
fn upward_imports(files: &[SourceFile]) -> Vec<String> {
    let mut found = Vec::new();
    for file in files {
        let own = file.module.first().map_or("lib", String::as_str);
        let Some(own_layer) = layer(own) else { continue };
        for path in paths(&file.code).into_iter().filter(|p| p[0] == "crate") {
            let Some(target) = path.get(1) else { continue };
            if let Some(target_layer) = layer(target) {
                if target_layer > own_layer {
                    found.push(format!(
                        "src/{} (layer {own_layer}) uses crate::{} (layer {target_layer})",
                        file.rel,
                        path[1..].join("::")
                    ));
                }
            }
        }
    }
    found.sort();
    found.dedup();
    found
}

/// The file import graph inside each top-level module (see the module doc for
/// the edges left out).
fn file_graph(files: &[SourceFile]) -> BTreeMap<String, BTreeSet<String>> {
    let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for file in files {
        graph.entry(file.rel.clone()).or_default();
        for path in paths(&file.code) {
            let target = absolute(file, &path);
            let Some(to) = file_of(files, &target) else { continue };
            let same_top = to.module.first() == file.module.first();
            let within = |parent: &SourceFile, child: &SourceFile| {
                parent.is_mod
                    && child.module.len() >= parent.module.len()
                    && child.module[..parent.module.len()] == parent.module[..]
            };
            if to.rel == file.rel || !same_top || within(file, to) || within(to, file) {
                continue;
            }
            graph.entry(file.rel.clone()).or_default().insert(to.rel.clone());
        }
    }
    graph
}

/// The strongly connected components with more than one file (Tarjan).
fn cycles(graph: &BTreeMap<String, BTreeSet<String>>) -> Vec<String> {
    struct State<'a> {
        graph: &'a BTreeMap<String, BTreeSet<String>>,
        index: BTreeMap<&'a str, usize>,
        low: BTreeMap<&'a str, usize>,
        stack: Vec<&'a str>,
        on_stack: BTreeSet<&'a str>,
        out: Vec<String>,
    }
    fn visit<'a>(s: &mut State<'a>, v: &'a str) {
        let i = s.index.len();
        s.index.insert(v, i);
        s.low.insert(v, i);
        s.stack.push(v);
        s.on_stack.insert(v);
        for w in s.graph.get(v).into_iter().flatten() {
            let w = w.as_str();
            if !s.index.contains_key(w) {
                visit(s, w);
                let lw = s.low[w];
                let lv = s.low.get_mut(v).unwrap();
                *lv = (*lv).min(lw);
            } else if s.on_stack.contains(w) {
                let iw = s.index[w];
                let lv = s.low.get_mut(v).unwrap();
                *lv = (*lv).min(iw);
            }
        }
        if s.low[v] == s.index[v] {
            let mut component = Vec::new();
            while let Some(w) = s.stack.pop() {
                s.on_stack.remove(w);
                component.push(w.to_string());
                if w == v {
                    break;
                }
            }
            if component.len() > 1 {
                component.sort();
                s.out.push(component.join(", "));
            }
        }
    }
    let mut state = State {
        graph,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        on_stack: BTreeSet::new(),
        out: Vec::new(),
    };
    for v in graph.keys() {
        if !state.index.contains_key(v.as_str()) {
            visit(&mut state, v);
        }
    }
    state.out.sort();
    state.out
}

#[test]
fn every_top_level_module_has_a_layer() {
    let lib = std::fs::read_to_string(src_dir().join("lib.rs")).unwrap();
    let missing: Vec<&str> = lib
        .lines()
        .filter_map(|l| l.trim().strip_prefix("pub mod ").or_else(|| l.trim().strip_prefix("mod ")))
        .map(|m| m.trim_end_matches(';'))
        .filter(|m| layer(m).is_none())
        .collect();
    assert!(missing.is_empty(), "modules without a layer in tests/layers.rs: {missing:?}");
}

#[test]
fn no_module_imports_from_a_layer_above() {
    let files = source_files(&src_dir());
    assert!(files.len() > 100, "the sources were found");
    let found = upward_imports(&files);
    assert!(found.is_empty(), "imports from a layer above:\n{}", found.join("\n"));
}

#[test]
fn no_import_cycles_between_top_level_modules() {
    let files = source_files(&src_dir());
    let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for file in &files {
        let own = file.module.first().cloned().unwrap_or_else(|| "lib".into());
        graph.entry(own.clone()).or_default();
        for path in paths(&file.code).into_iter().filter(|p| p[0] == "crate" && p.len() > 1) {
            if layer(&path[1]).is_some() && path[1] != own {
                graph.entry(own.clone()).or_default().insert(path[1].clone());
            }
        }
    }
    let found = cycles(&graph);
    assert!(found.is_empty(), "top-level modules in a cycle: {found:?}");
}

#[test]
fn no_import_cycles_between_files() {
    let files = source_files(&src_dir());
    let found = cycles(&file_graph(&files));
    let unknown: Vec<&String> = found.iter().filter(|c| !KNOWN_CYCLES.contains(&c.as_str())).collect();
    assert!(
        unknown.is_empty(),
        "files in an import cycle:\n{}",
        unknown.iter().map(|c| c.as_str()).collect::<Vec<_>>().join("\n")
    );
    let gone: Vec<&&str> = KNOWN_CYCLES.iter().filter(|c| !found.iter().any(|f| f == *c)).collect();
    assert!(gone.is_empty(), "known cycles that are gone (remove them from KNOWN_CYCLES): {gone:?}");
}

/// The reader itself: grouped imports, `super`, comments and upward uses are found.
#[test]
fn the_reader_finds_imports() {
    let code = strip_comments(
        "use crate::{a::b, c::{d, e as f}};\n// use crate::x;\nlet _ = super::super::g::h; /* crate::y */ $crate::z::w",
    );
    let mut found: Vec<String> = paths(&code).into_iter().map(|p| p.join("::")).collect();
    found.sort();
    assert_eq!(found, ["crate::a::b", "crate::c::d", "crate::c::e", "crate::z::w", "super::super::g::h"]);

    let file = |rel: &str, code: &str| SourceFile {
        rel: rel.into(),
        module: module_path(rel),
        is_mod: rel.ends_with("mod.rs"),
        code: code.into(),
        text: code.into(),
    };
    let files = vec![
        file("store/mod.rs", "pub mod a;"),
        file("store/a.rs", "use crate::api::State;"),
        file("api/mod.rs", ""),
        file("api/x.rs", "use super::y::Y;"),
        file("api/y.rs", "use crate::api::x::X; use super::Z;"),
    ];
    assert_eq!(upward_imports(&files), ["src/store/a.rs (layer 2) uses crate::api::State (layer 6)"]);
    assert_eq!(cycles(&file_graph(&files)), ["api/x.rs, api/y.rs"]);
}

/// Where a comment, a string or a character literal that starts at `at`
/// ends, if one does (for reading braces around them).
fn literal_end(text: &str, at: usize) -> Option<usize> {
    let rest = &text[at..];
    let bytes = rest.as_bytes();
    let prev = if at == 0 { b' ' } else { text.as_bytes()[at - 1] };
    let word = prev.is_ascii_alphanumeric() || prev == b'_';
    if rest.starts_with("//") {
        return Some(at + rest.find('\n').unwrap_or(rest.len()));
    }
    if let Some(body) = rest.strip_prefix("/*") {
        return Some(at + body.find("*/").map_or(rest.len(), |end| end + 4));
    }
    if !word && (rest.starts_with("r#") || rest.starts_with("r\"")) {
        let hashes = rest[1..].bytes().take_while(|b| *b == b'#').count();
        if bytes.get(1 + hashes) == Some(&b'"') {
            let close = format!("\"{}", "#".repeat(hashes));
            let from = 2 + hashes;
            return Some(at + rest[from..].find(&close).map_or(rest.len(), |end| from + end + close.len()));
        }
    }
    if bytes[0] == b'"' {
        let mut i = 1;
        while i < bytes.len() && bytes[i] != b'"' {
            i += if bytes[i] == b'\\' { 2 } else { 1 };
        }
        return Some(at + (i + 1).min(bytes.len()));
    }
    if bytes[0] == b'\'' {
        // A character literal (`'{'`, `'\''`); a lifetime has no closing quote.
        if bytes.get(1) == Some(&b'\\') {
            return Some(at + rest[2..].find('\'').map_or(rest.len(), |end| end + 3));
        }
        let ch = rest[1..].chars().next()?;
        if rest[1 + ch.len_utf8()..].starts_with('\'') {
            return Some(at + 2 + ch.len_utf8());
        }
    }
    None
}

/// The code of a file by module: its own module's text (`module`) and each
/// inline `mod name { … }` under its own path (`module::name`), nested ones
/// too, each without comments.
fn inline_modules(module: &[String], text: &str) -> Vec<(Vec<String>, String)> {
    let bytes = text.as_bytes();
    let mut own = String::new();
    let mut inner = Vec::new();
    let mut at = 0;
    let mut copied = 0;
    while at < text.len() {
        if let Some(end) = literal_end(text, at) {
            at = end;
            continue;
        }
        let prev = if at == 0 { b' ' } else { bytes[at - 1] };
        let head = !(prev.is_ascii_alphanumeric() || prev == b'_');
        if head && text[at..].starts_with("mod ") {
            let name: String =
                text[at + 4..].trim_start().chars().take_while(|c| c.is_ascii_alphanumeric() || *c == '_').collect();
            let after_name = at + 4 + (text[at + 4..].len() - text[at + 4..].trim_start().len()) + name.len();
            if !name.is_empty() && text[after_name..].trim_start().starts_with('{') {
                let open = after_name + (text[after_name..].len() - text[after_name..].trim_start().len());
                // The matching brace, past comments and literals.
                let (mut depth, mut i) = (0usize, open);
                while i < text.len() {
                    if let Some(end) = literal_end(text, i) {
                        i = end;
                        continue;
                    }
                    match bytes[i] {
                        b'{' => depth += 1,
                        b'}' => {
                            depth -= 1;
                            if depth == 0 {
                                break;
                            }
                        }
                        _ => {}
                    }
                    i += 1;
                }
                let mut path = module.to_vec();
                path.push(name);
                inner.extend(inline_modules(&path, &text[open + 1..i.min(text.len())]));
                own.push_str(&text[copied..at]);
                at = (i + 1).min(text.len());
                copied = at;
                continue;
            }
        }
        at += text[at..].chars().next().map_or(1, char::len_utf8);
    }
    own.push_str(&text[copied..]);
    let mut out = vec![(module.to_vec(), strip_comments(&own))];
    out.extend(inner);
    out
}

/// The uses inside `web/` of `web/mod.rs`, which only assembles the router
/// (see the module doc): `src/{file} uses {path}` for each path of a file
/// under `web/`, other than `web/mod.rs`, that resolves to `web/mod.rs`.
fn uses_of_the_router_module(files: &[SourceFile]) -> Vec<String> {
    let mut found = Vec::new();
    for file in files.iter().filter(|f| f.module.first().is_some_and(|m| m == "web") && f.rel != "web/mod.rs") {
        for (module, code) in inline_modules(&file.module, &file.text) {
            let scope = SourceFile {
                rel: file.rel.clone(),
                module,
                is_mod: file.is_mod,
                code: String::new(),
                text: String::new(),
            };
            for path in paths(&code) {
                let target = absolute(&scope, &path);
                if file_of(files, &target).is_some_and(|to| to.rel == "web/mod.rs") {
                    found.push(format!("src/{} uses {}", file.rel, path.join("::")));
                }
            }
        }
    }
    found.sort();
    found.dedup();
    found
}

#[test]
fn no_file_of_web_uses_the_router_module() {
    let files = source_files(&src_dir());
    assert!(files.iter().any(|f| f.rel == "web/mod.rs"), "the web's files were found");
    let found = uses_of_the_router_module(&files);
    assert!(
        found.is_empty(),
        "files of web/ that use web/mod.rs (take it from the kit below, web/kit/ or a file of its own):\n{}",
        found.join("\n")
    );
}

/// The rule itself: a use of `web/mod.rs` from a file, a folder's `mod.rs`
/// or an inline module is found; uses of the kit, of a screen and of the
/// file's own items (`super::*` in its tests) are not; a brace in a string
/// or a comment does not end an inline module.
#[test]
fn the_web_rule_fails_on_a_use_of_the_router_module() {
    let file = |rel: &str, text: &str| SourceFile {
        rel: rel.into(),
        module: module_path(rel),
        is_mod: rel.ends_with("mod.rs"),
        code: strip_comments(text),
        text: text.into(),
    };
    let files = vec![
        file("web/mod.rs", "pub mod a; pub mod b; pub mod kit; pub use kit::state::State; pub fn render() {}"),
        file("web/kit/mod.rs", "pub mod state;"),
        file("web/kit/state.rs", "pub struct State;"),
        file(
            "web/a.rs",
            "use super::kit::state::State; use super::render;\n// use super::State;\nmod tests { use super::*; }",
        ),
        file("web/b/mod.rs", "pub mod c; use crate::web::{a, State}; use super::kit;"),
        file(
            "web/b/c.rs",
            "use super::super::{a, render};\nfn f() { let _ = \"}\"; let _ = '}'; /* } */ }\n\
             mod tests { use super::*; fn g() { let _ = \"{\"; } mod deep { use super::super::super::super::X; } }\n\
             use super::super::kit::state::State;",
        ),
    ];
    assert_eq!(
        uses_of_the_router_module(&files),
        [
            "src/web/a.rs uses super::render",
            "src/web/b/c.rs uses super::super::render",
            "src/web/b/c.rs uses super::super::super::super::X",
            "src/web/b/mod.rs uses crate::web::State",
        ]
    );
    // The same `super::*` outside an inline module names `web/` itself.
    assert_eq!(
        uses_of_the_router_module(&[file("web/mod.rs", ""), file("web/a.rs", "use super::*;")]),
        ["src/web/a.rs uses super"]
    );
}

/// The longest a file of `src/` may be (issue 41: small rooms, each named
/// after what it holds).
const MAX_LINES: usize = 800;

/// The files of `(path, lines)` longer than [`MAX_LINES`].
fn long_files(files: &[(String, usize)]) -> Vec<String> {
    files.iter().filter(|(_, n)| *n > MAX_LINES).map(|(rel, n)| format!("src/{rel}: {n} lines")).collect()
}

/// Test hooks a build of the program would have: an item whose doc comment
/// begins "Tests only" or "A test hook" needs `#[cfg(feature = "test-hooks")]`
/// (or `#[cfg(test)]`) among the attributes before it (Cargo.toml
/// `[features]`: only the test targets turn the feature on). As
/// `path:line` of the comment's first line.
fn unguarded_test_hooks(rel: &str, text: &str) -> Vec<String> {
    let lines: Vec<&str> = text.lines().map(str::trim_start).collect();
    let mut out = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        let starts = line.strip_prefix("///").map(str::trim_start).unwrap_or("");
        let first = i == 0 || !lines[i - 1].starts_with("///");
        if !first || !(starts.starts_with("Tests only") || starts.starts_with("A test hook")) {
            continue;
        }
        // The rest of its doc comment and the attributes, up to the item.
        let guarded = lines[i + 1..]
            .iter()
            .take_while(|l| l.starts_with("///") || l.starts_with("#["))
            .any(|l| *l == r#"#[cfg(feature = "test-hooks")]"# || *l == "#[cfg(test)]");
        if !guarded {
            out.push(format!("src/{rel}:{}", i + 1));
        }
    }
    out
}

#[test]
fn no_source_file_is_over_800_lines() {
    let root = src_dir();
    let files: Vec<(String, usize)> = source_files(&root)
        .iter()
        .map(|f| (f.rel.clone(), std::fs::read_to_string(root.join(&f.rel)).unwrap().lines().count()))
        .collect();
    let long = long_files(&files);
    assert!(long.is_empty(), "files over {MAX_LINES} lines (split them by what they hold):\n{}", long.join("\n"));
}

#[test]
fn test_hooks_are_behind_the_test_hooks_feature() {
    let root = src_dir();
    let found: Vec<String> = source_files(&root)
        .iter()
        .flat_map(|f| unguarded_test_hooks(&f.rel, &std::fs::read_to_string(root.join(&f.rel)).unwrap()))
        .collect();
    assert!(found.is_empty(), "test hooks without #[cfg(feature = \"test-hooks\")]:\n{}", found.join("\n"));
}

/// The two rules themselves: each fails on what it forbids.
#[test]
fn the_rules_fail_on_a_long_file_and_a_hook_without_the_feature() {
    assert_eq!(long_files(&[("a.rs".into(), 800), ("b.rs".into(), 801)]), ["src/b.rs: 801 lines"]);

    let bare = "    /// Tests only: a switch.\n    #[doc(hidden)]\n    pub fn switch(&self) {}\n";
    assert_eq!(unguarded_test_hooks("store/x.rs", bare), ["src/store/x.rs:1"]);
    let field = "struct S {\n    /// A test hook: run before each job.\n    pub hook: Option<Hook>,\n}\n";
    assert_eq!(unguarded_test_hooks("jobs/x.rs", field), ["src/jobs/x.rs:2"]);
    let kept = "    /// Tests only: a switch.\n    /// More.\n    #[cfg(feature = \"test-hooks\")]\n    pub fn switch(&self) {}\n";
    assert!(unguarded_test_hooks("store/x.rs", kept).is_empty());
    let other = "    /// The writes. Tests only read it.\n    pub fn writes(&self) {}\n";
    assert!(unguarded_test_hooks("store/x.rs", other).is_empty(), "only a comment that begins so marks a hook");
}

/// The front doors that reach the store only through `service/` (issue 41:
/// `api/` and `web/` import `service/` and `domain/`, never `store/`). Still
/// to do: `web/`, with 28 reads and paths on the store (`store::`,
/// `.snapshot(`, `.conn()`) in 13 of its files today: the master-data
/// screens of `record.rs` and `year_record.rs`, whose reads go through their
/// traits' `&mut Conn`, with `form.rs` and `refusal.rs`.
const THROUGH_SERVICE: &[&str] = &["api", "cli"];

/// The paths into `store` (`crate::store::…`, or `super::…` that resolves
/// there) in `code`, the comment-free text of the file `rel` of `src/`, as
/// `src/<rel> uses crate::store::…`.
fn store_uses(rel: &str, code: &str) -> Vec<String> {
    let module = module_path(rel);
    paths(code)
        .into_iter()
        .filter_map(|path| {
            let (mut target, rest) = if path[0] == "crate" {
                (Vec::new(), &path[1..])
            } else {
                let supers = path.iter().take_while(|s| *s == "super").count();
                (module[..module.len().saturating_sub(supers)].to_vec(), &path[supers..])
            };
            target.extend(rest.iter().cloned());
            (target.first().is_some_and(|m| m == "store"))
                .then(|| format!("src/{rel} uses crate::{}", target.join("::")))
        })
        .collect()
}

/// The uses of `store` in the files of [`THROUGH_SERVICE`] among `files`
/// (`(path under src/, comment-free code)`), sorted.
fn front_door_store_uses(files: &[(String, String)]) -> Vec<String> {
    let mut found: Vec<String> = files
        .iter()
        .filter(|(rel, _)| THROUGH_SERVICE.iter().any(|door| rel.split('/').next() == Some(door)))
        .flat_map(|(rel, code)| store_uses(rel, code))
        .collect();
    found.sort();
    found.dedup();
    found
}

#[test]
fn the_front_doors_reach_the_store_only_through_the_service_layer() {
    let files: Vec<(String, String)> = source_files(&src_dir()).into_iter().map(|f| (f.rel, f.code)).collect();
    let found = front_door_store_uses(&files);
    assert!(
        found.is_empty(),
        "uses of store/ in a front door (read and write through service/, which re-exports the types):\n{}",
        found.join("\n")
    );
}

/// The rule itself: it fails on a `store::` path of `api/` or `cli/`,
/// grouped or through `super`, and not on one in a comment, in `service/`
/// or (not yet) in `web/`.
#[test]
fn the_store_rule_fails_on_a_store_path_in_a_front_door() {
    let file = |rel: &str, text: &str| (rel.to_string(), strip_comments(text));
    let files = vec![
        file("api/x.rs", "use crate::store::Conn;\n/// [`crate::store::Store`]\nuse crate::service::Store;"),
        file("api/y/z.rs", "use crate::{domain::ids, store::course::CourseFilter};\nlet s = super::super::super::store::Store::connect;"),
        file("cli/mod.rs", "let _ = crate::store::fault::attempt; // crate::store::Conn"),
        file("service/x.rs", "use crate::store::Conn;"),
        file("web/x.rs", "use crate::store::Conn;"),
    ];
    assert_eq!(
        front_door_store_uses(&files),
        [
            "src/api/x.rs uses crate::store::Conn",
            "src/api/y/z.rs uses crate::store::Store::connect",
            "src/api/y/z.rs uses crate::store::course::CourseFilter",
            "src/cli/mod.rs uses crate::store::fault::attempt",
        ]
    );
}

/// Where a write transaction may be opened (`.begin()`): the use cases of
/// `service/` and the store itself (issue 41: only `service/` opens a write
/// transaction; the front doors call its use cases).
const MAY_BEGIN: &[&str] = &["service", "store"];

/// Files outside [`MAY_BEGIN`] that open a transaction, with how many: the
/// reference's own database (`pensenmanager/target.rs` writes the
/// Pensenmanager's tables over a connection of its own, not our store), and
/// transactions not yet moved into `service/` (the job queue's claims and
/// reports, the dataset import, the move from the Pensenmanager). The test
/// fails when one of them opens more, and when one opens fewer than listed,
/// so the list only shrinks.
const KNOWN_BEGINS: &[(&str, usize)] =
    &[("dataset/import.rs", 1), ("jobs/mod.rs", 6), ("pensenmanager/mod.rs", 3), ("pensenmanager/target.rs", 1)];

/// `(path under src/, count)` of the files among `files` (`(path,
/// comment-free code)`) outside [`MAY_BEGIN`] whose code opens a
/// transaction (`.begin()`), sorted by path.
fn begins_outside_service(files: &[(String, String)]) -> Vec<(String, usize)> {
    let mut found: Vec<(String, usize)> = files
        .iter()
        .filter(|(rel, _)| !MAY_BEGIN.iter().any(|m| rel.split('/').next() == Some(m)))
        .map(|(rel, code)| (rel.clone(), code.matches(".begin()").count()))
        .filter(|(_, n)| *n > 0)
        .collect();
    found.sort();
    found
}

/// What differs between `found` and [`KNOWN_BEGINS`]: a file that opens a
/// transaction it may not, or fewer than listed (then shrink the list).
fn unknown_begins(found: &[(String, usize)]) -> Vec<String> {
    let mut out: Vec<String> = found
        .iter()
        .filter(|(rel, n)| !KNOWN_BEGINS.contains(&(rel.as_str(), *n)))
        .map(|(rel, n)| format!("src/{rel} opens {n} transaction(s) outside service/"))
        .collect();
    for (rel, n) in KNOWN_BEGINS {
        if !found.iter().any(|(f, _)| f == rel) {
            out.push(format!("src/{rel} no longer opens its {n} transaction(s): remove it from KNOWN_BEGINS"));
        }
    }
    out
}

#[test]
fn only_the_service_layer_opens_a_write_transaction() {
    let files: Vec<(String, String)> = source_files(&src_dir()).into_iter().map(|f| (f.rel, f.code)).collect();
    let wrong = unknown_begins(&begins_outside_service(&files));
    assert!(wrong.is_empty(), "write transactions outside service/ (docs: tests/layers.rs):\n{}", wrong.join("\n"));
}

/// The rule itself: a `begin()` in a front door fails, one in `service/` or
/// in a comment does not.
#[test]
fn the_transaction_rule_fails_on_a_begin_in_a_front_door() {
    let files = vec![
        ("web/teachers.rs".to_string(), strip_comments("let mut tx = state.store.begin().await?;")),
        ("service/teacher.rs".to_string(), strip_comments("let mut tx = store.begin().await?;")),
        ("api/teacher.rs".to_string(), strip_comments("// store.begin() in a comment")),
    ];
    let found = begins_outside_service(&files);
    assert_eq!(found, [("web/teachers.rs".to_string(), 1)]);
    let wrong = unknown_begins(&found);
    assert!(wrong.iter().any(|w| w.starts_with("src/web/teachers.rs opens 1")), "{wrong:?}");
}
