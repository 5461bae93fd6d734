//! The README's layout section matches the tree: every folder of the code,
//! the templates and the tests is named there, and every file or folder it
//! names exists (so a rename that forgets the README fails here).

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

/// The fenced block under `## Layout` in README.md.
fn layout_section(readme: &str) -> String {
    let after = readme.split("\n## Layout\n").nth(1).expect("README.md has a '## Layout' section");
    let block = after.split("```").nth(1).expect("the layout section holds a fenced block");
    block.to_string()
}

/// Every folder below `root` (relative to the repository, with a trailing
/// `/`), depth first.
fn folders(repo: &Path, root: &str) -> Vec<String> {
    fn walk(dir: &Path, repo: &Path, out: &mut Vec<String>) {
        let Ok(entries) = std::fs::read_dir(dir) else { return };
        let mut paths: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
        paths.sort();
        for p in paths.into_iter().filter(|p| p.is_dir()) {
            out.push(format!("{}/", p.strip_prefix(repo).unwrap().display()));
            walk(&p, repo, out);
        }
    }
    let mut out = Vec::new();
    walk(&repo.join(root), repo, &mut out);
    out
}

/// Every file and folder name below the repository's code, docs and tests,
/// as the layout may name them: the full relative path, and the bare name.
fn names_in_tree(repo: &Path) -> BTreeSet<String> {
    fn walk(dir: &Path, repo: &Path, out: &mut BTreeSet<String>) {
        let Ok(entries) = std::fs::read_dir(dir) else { return };
        for p in entries.filter_map(|e| e.ok().map(|e| e.path())) {
            let rel = p.strip_prefix(repo).unwrap().display().to_string();
            let name = p.file_name().unwrap().to_string_lossy().to_string();
            let slash = if p.is_dir() { "/" } else { "" };
            out.insert(format!("{rel}{slash}"));
            out.insert(format!("{name}{slash}"));
            if p.is_dir() {
                walk(&p, repo, out);
            }
        }
    }
    let mut out = BTreeSet::new();
    if let Ok(entries) = std::fs::read_dir(repo) {
        for p in entries.filter_map(|e| e.ok().map(|e| e.path())).filter(|p| p.is_file()) {
            out.insert(p.file_name().unwrap().to_string_lossy().to_string());
        }
    }
    for root in [
        "src",
        "tests",
        "templates",
        "migrations",
        "docs",
        "bench",
        "benches",
        "assets",
        "locales",
        "deploy",
        ".ci",
        ".cargo",
    ] {
        let p = repo.join(root);
        if p.exists() {
            out.insert(format!("{root}/"));
            walk(&p, repo, &mut out);
        }
    }
    out
}

/// The file and folder names the layout text mentions: words ending in a
/// known extension, and words ending in `/` that look like paths.
fn mentioned(layout: &str) -> Vec<String> {
    let is_name_char = |c: char| c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.' | '/');
    layout
        .split(|c: char| !is_name_char(c))
        .map(|w| w.trim_start_matches('/').trim_end_matches('.'))
        .filter(|w| {
            let file =
                [".rs", ".html", ".ftl", ".toml", ".py", ".md", ".sql", ".css", ".js"].iter().any(|e| w.ends_with(e));
            let folder = w.len() > 1 && w.ends_with('/') && !w.contains("//");
            (file || folder) && !w.starts_with("http")
        })
        .map(str::to_string)
        .collect()
}

/// The layout's problems: folders it does not name, and names that are not in
/// the tree.
fn problems(repo: &Path, layout: &str) -> Vec<String> {
    let named: BTreeSet<String> = mentioned(layout).into_iter().collect();
    let tree = names_in_tree(repo);
    let mut out = Vec::new();
    // templates/ mirrors src/web/, so its folders need no line of their own.
    for root in ["src", "tests"] {
        for folder in folders(repo, root) {
            let bare = format!("{}/", folder.trim_end_matches('/').rsplit('/').next().unwrap());
            if !named.contains(&folder) && !named.contains(&bare) {
                out.push(format!("folder {folder} is not in the README's layout"));
            }
        }
    }
    for name in &named {
        // `a/b.rs` may be named relative to a folder the line is about.
        let found = tree.contains(name) || tree.iter().any(|t| t.ends_with(&format!("/{name}")));
        if !found {
            out.push(format!("the README's layout names {name}, which is not in the tree"));
        }
    }
    out
}

#[test]
fn the_readme_layout_matches_the_tree() {
    let repo = Path::new(env!("CARGO_MANIFEST_DIR"));
    let readme = std::fs::read_to_string(repo.join("README.md")).expect("README.md");
    let found = problems(repo, &layout_section(&readme));
    assert!(found.is_empty(), "README.md §Layout:\n{}", found.join("\n"));
}

#[test]
fn the_check_finds_a_stale_name_and_a_missing_folder() {
    let repo = Path::new(env!("CARGO_MANIFEST_DIR"));
    let layout = "src/          the code\nsrc/api/nowhere.rs  gone\n";
    let found = problems(repo, layout);
    assert!(found.iter().any(|p| p.contains("nowhere.rs")), "{found:?}");
    assert!(found.iter().any(|p| p.contains("folder src/web/")), "{found:?}");
}
