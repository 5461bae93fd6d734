//! Every document the repository cites is in the repository (docs/README.md):
//! a comment or document in `src/`, `tests/`, `docs/` or `README.md` that
//! names a `.md` file names one that exists — `docs/contract.md` from the
//! repository's root, `contract.md` inside `docs/` beside the citing file —
//! and a section it cites after the file (`docs/contract.md §Courses`,
//! `[workload.md](workload.md) §Modes, §IPB correction`) is a heading of that
//! file. Nothing points at `shared/`, at an absolute path or above the
//! repository's root.

use std::path::{Component, Path, PathBuf};

/// Where citations are looked for, from the repository's root.
const ROOTS: &[&str] = &["src", "tests", "docs", "README.md"];
/// This file names the forbidden patterns itself.
const SELF: &str = "tests/docs_links.rs";

/// The problems of every citation in the files under `roots` of `repo`, as
/// `path:line: what` (empty when every citation holds).
fn check(repo: &Path, roots: &[&str]) -> Vec<String> {
    let mut problems = Vec::new();
    for file in files(repo, roots) {
        let rel = file.strip_prefix(repo).unwrap_or(&file).to_string_lossy().replace('\\', "/");
        if rel == SELF {
            continue;
        }
        let Ok(text) = std::fs::read_to_string(&file) else { continue };
        let dir = file.parent().unwrap_or(repo);
        problems.extend(check_text(repo, dir, &text).into_iter().map(|(line, what)| format!("{rel}:{line}: {what}")));
    }
    problems
}

/// Every file under `roots`, in a fixed order.
fn files(repo: &Path, roots: &[&str]) -> Vec<PathBuf> {
    fn walk(path: &Path, out: &mut Vec<PathBuf>) {
        if path.is_file() {
            out.push(path.to_path_buf());
        } else if let Ok(entries) = std::fs::read_dir(path) {
            let mut entries: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
            entries.sort();
            for e in entries {
                walk(&e, out);
            }
        }
    }
    let mut out = Vec::new();
    for root in roots {
        walk(&repo.join(root), &mut out);
    }
    out
}

/// The problems of one file's `text` (in directory `dir`), by line number.
fn check_text(repo: &Path, dir: &Path, text: &str) -> Vec<(usize, String)> {
    let line_of = |at: usize| text[..at].matches('\n').count() + 1;
    let mut problems = Vec::new();
    for (at, _) in text.match_indices(concat!("shared", "/")) {
        problems.push((line_of(at), "points at shared/, outside the repository".to_string()));
    }
    for (start, end) in md_paths(text) {
        let path = &text[start..end];
        match resolve(repo, dir, path) {
            Err(why) => problems.push((line_of(start), format!("cites {path}: {why}"))),
            Ok(None) => {}
            Ok(Some(target)) => {
                for missing in missing_sections(&target, &text[end..]) {
                    problems.push((line_of(start), format!("cites {path} §{missing}: no such section heading")));
                }
            }
        }
    }
    problems
}

/// Byte ranges of the paths ending in `.md` in `text` (`docs/contract.md`,
/// `../shared/x.md`, `README.md`).
fn md_paths(text: &str) -> Vec<(usize, usize)> {
    let path_char = |c: char| c.is_ascii_alphanumeric() || "_-./".contains(c);
    let mut out = Vec::new();
    for (at, _) in text.match_indices(".md") {
        let end = at + 3;
        if text[end..].chars().next().is_some_and(|c| c.is_alphanumeric() || c == '_') {
            continue; // `.mdx`, `.md_file`: not a Markdown file
        }
        let start = text[..at].char_indices().rev().take_while(|&(_, c)| path_char(c)).last().map_or(at, |(i, _)| i);
        if start < at {
            out.push((start, end));
        }
    }
    out
}

/// The file `path` names, seen from a file in `dir`: `Ok(None)` for a URL,
/// an error when it leaves the repository or does not exist. A path with a
/// leading `/` counts only when it names a file from the repository's root.
fn resolve(repo: &Path, dir: &Path, path: &str) -> Result<Option<PathBuf>, &'static str> {
    if path.starts_with("//") {
        return Ok(None); // the rest of a URL (`https://…/README.md`)
    }
    if let Some(inside) = path.strip_prefix('/') {
        // `concat!(env!("CARGO_MANIFEST_DIR"), "/docs/api.md")` is the repository's own file
        return match normalise(&repo.join(inside)) {
            Some(p) if p.starts_with(repo) && p.is_file() => Ok(Some(p)),
            _ => Err("an absolute path, outside the repository"),
        };
    }
    let mut outside = false;
    for base in [repo, dir] {
        match normalise(&base.join(path)) {
            Some(p) if p.starts_with(repo) => {
                if p.is_file() {
                    return Ok(Some(p));
                }
            }
            _ => outside = true,
        }
    }
    Err(if outside { "a path outside the repository" } else { "no such file in the repository" })
}

/// `path` with `.` and `..` resolved lexically; `None` when `..` climbs above the root.
fn normalise(path: &Path) -> Option<PathBuf> {
    let mut out = PathBuf::new();
    for c in path.components() {
        match c {
            Component::ParentDir => {
                if !out.pop() {
                    return None;
                }
            }
            Component::CurDir => {}
            other => out.push(other),
        }
    }
    Some(out)
}

/// The sections cited right after a path (`after`: the text that follows
/// it) that are not headings of Markdown file `target`, shortened for the
/// message. A citation is `§A`, `§A, §B` or `§A and §B`, also after a
/// closing `` ` ``, `)` or `"` and across a comment's line break.
fn missing_sections(target: &Path, after: &str) -> Vec<String> {
    let mut rest = after.trim_start_matches(['`', ')', '"']).trim_start_matches([' ', '\t']);
    if let Some(next) = rest.strip_prefix('\n') {
        let next = next.trim_start();
        let next = ["///", "//!", "//", "--"].iter().find_map(|p| next.strip_prefix(p)).unwrap_or(next);
        rest = next.trim_start_matches([' ', '\t']);
    }
    if !rest.starts_with('§') {
        return Vec::new();
    }
    let names = headings(target);
    let mut missing = Vec::new();
    while let Some(item) = rest.strip_prefix('§') {
        let item = item.strip_prefix(' ').unwrap_or(item);
        // the longest heading the item begins with, ending at a word's end
        let found = names
            .iter()
            .filter(|h| item.strip_prefix(h.as_str()).is_some_and(|r| !r.starts_with(|c: char| c.is_alphanumeric())))
            .map(String::len)
            .max();
        let Some(len) = found else {
            let shown = item.split([',', ';', ')', '"', '\n']).next().unwrap_or(item);
            missing.push(shown.split(" and ").next().unwrap_or(shown).chars().take(40).collect());
            break;
        };
        rest = &item[len..];
        match [", §", " and §"].iter().find(|sep| rest.starts_with(**sep)) {
            Some(sep) => rest = &rest[sep.len() - '§'.len_utf8()..],
            None => break,
        }
    }
    missing
}

/// The section names of Markdown file `file`: each heading, also without a
/// trailing parenthesis (`Lesson table (…)`) and up to a colon
/// (`Concurrency: …`).
fn headings(file: &Path) -> Vec<String> {
    let text = std::fs::read_to_string(file).unwrap_or_default();
    let mut in_code = false;
    let mut names = Vec::new();
    for line in text.lines() {
        if line.starts_with("```") {
            in_code = !in_code;
        }
        if in_code || !line.starts_with('#') {
            continue;
        }
        let heading = line.trim_start_matches('#').trim();
        let short = heading.split(" (").next().unwrap_or(heading);
        let shorter = short.split(':').next().unwrap_or(short);
        names.extend([heading, short, shorter].into_iter().filter(|h| !h.is_empty()).map(String::from));
    }
    names
}

/// Comments and documents cite only what the repository holds.
#[test]
fn every_cited_document_and_section_exists() {
    let repo = Path::new(env!("CARGO_MANIFEST_DIR"));
    let problems = check(repo, ROOTS);
    assert!(problems.is_empty(), "citations that do not hold:\n{}", problems.join("\n"));
}

/// The check itself finds each kind of broken citation, and passes good ones.
#[test]
fn the_check_finds_broken_citations() {
    let dir = tempfile::tempdir().expect("temporary directory");
    let repo = dir.path();
    std::fs::create_dir_all(repo.join("docs")).unwrap();
    std::fs::create_dir_all(repo.join("src/domain")).unwrap();
    std::fs::write(repo.join("docs/rules.md"), "# Rules\n\n## Courses\n\n### Merge\n\n## Jobs (old §4)\n").unwrap();
    std::fs::write(repo.join("README.md"), "See `docs/rules.md`.\n").unwrap();
    let good = "//! Merging (docs/rules.md §Courses \"Merge\"; docs/rules.md §Merge, §Jobs).\n\
                /// Jobs (`docs/rules.md` §Jobs); the README.md; (docs/rules.md\n/// §Courses).\n\
                /// A URL: https://example.org/x/README.md.\n";
    std::fs::write(repo.join("src/domain/good.rs"), good).unwrap();
    std::fs::write(repo.join("docs/other.md"), "Links: [rules.md](rules.md) §Courses, §Merge.\n").unwrap();
    assert_eq!(check(repo, &["src", "docs", "README.md"]), Vec::<String>::new());

    let bad = "//! contract.md §8\n\
               /// docs/rules.md §Coursework and docs/rules.md §Courses, §Missing\n\
               /// ../"
        .to_string()
        + "shared/spec/workload.md\n/// (docs/rules.md\n/// §3)\n/// /etc/x.md\n";
    std::fs::write(repo.join("src/domain/bad.rs"), bad).unwrap();
    let problems = check(repo, &["src"]);
    let expect = [
        "src/domain/bad.rs:1: cites contract.md: no such file in the repository",
        "src/domain/bad.rs:2: cites docs/rules.md §Coursework: no such section heading",
        "src/domain/bad.rs:2: cites docs/rules.md §Missing: no such section heading",
        "src/domain/bad.rs:3: points at shared/, outside the repository",
        "src/domain/bad.rs:3: cites ../shared/spec/workload.md: a path outside the repository",
        "src/domain/bad.rs:4: cites docs/rules.md §3: no such section heading",
        "src/domain/bad.rs:6: cites /etc/x.md: an absolute path, outside the repository",
    ];
    for e in expect {
        assert!(problems.iter().any(|p| p == e), "not found: {e}\nfound:\n{}", problems.join("\n"));
    }
    assert_eq!(problems.len(), expect.len(), "found:\n{}", problems.join("\n"));
}
