//! The property-type registry depends one way, file by file: `src/types/` uses the toolkits of the
//! layers (definition fields, value parts, checks, RDF values, graph values), and nothing those
//! toolkits use, followed to the end, names `crate::types`; the layers' engines (Schema parsing,
//! normalization, validation, projections) find a type through `types::lookup`. The folders form no
//! ring (`tests/architecture.rs`); this test checks the finer claim, file by file: it follows every
//! path a file names (`crate::`, `super::`, a child module, a re-export) to the file that defines it.

use std::collections::{BTreeMap, BTreeSet, VecDeque};
use std::fs;
use std::path::{Path, PathBuf};

#[path = "common/use_paths.rs"]
mod use_paths;
use use_paths::{expand, ident_char};

fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

/// A file's text without comments and without its inline test module (`#[cfg(test)] mod x {`, the
/// last item of a file by the project's habit; everything from there on is left out).
fn product_text(file: &Path) -> String {
    let text = fs::read_to_string(file).unwrap();
    let end = text
        .match_indices("#[cfg(test)]")
        .find(|(at, m)| {
            let next = text[at + m.len()..].trim_start();
            next.strip_prefix("mod ").is_some_and(|r| r.trim_start_matches(ident_char).trim_start().starts_with('{'))
        })
        .map_or(text.len(), |(at, _)| at);
    text[..end].lines().map(|l| l.split("//").next().unwrap_or("")).collect::<Vec<_>>().join("\n")
}

/// The module path of a file: `src/a/b.rs` and `src/a/b/mod.rs` are `[a, b]`.
fn module_of(file: &Path) -> Vec<String> {
    let rel = file.strip_prefix(src()).unwrap().with_extension("");
    let mut parts: Vec<String> = rel.iter().map(|p| p.to_string_lossy().into_owned()).collect();
    if parts.last().is_some_and(|p| p == "mod" || p == "lib") {
        parts.pop();
    }
    parts
}

/// Every path a text names through `crate::` or `super::`, as absolute module paths of `module`'s
/// crate, and through `use <child>::` for the child modules it declares.
fn named_paths(text: &str, module: &[String]) -> Vec<Vec<String>> {
    let children: BTreeSet<String> = text
        .lines()
        .filter_map(|l| l.trim().trim_start_matches("pub ").trim_start_matches("pub(crate) ").strip_prefix("mod "))
        .map(|l| l.trim_end_matches(';').trim().to_owned())
        .collect();
    let mut out = Vec::new();
    for (at, _) in text.match_indices("crate::") {
        if !text[..at].chars().last().is_some_and(ident_char) {
            expand(&text[at + 7..], vec![], &mut out);
        }
    }
    for (at, _) in text.match_indices("super::") {
        if text[..at].chars().last().is_some_and(|c| ident_char(c) || c == ':') {
            continue;
        }
        let mut base = module.to_vec();
        let mut rest = &text[at..];
        while let Some(r) = rest.strip_prefix("super::") {
            base.pop();
            rest = r;
        }
        expand(rest, base, &mut out);
    }
    for line in text.lines() {
        let line = line.trim().trim_start_matches("pub ").trim_start_matches("pub(crate) ");
        if let Some(used) = line.strip_prefix("use ") {
            let first: String = used.chars().take_while(|&c| ident_char(c)).collect();
            if children.contains(&first) {
                expand(used, module.to_vec(), &mut out);
            }
        }
    }
    // A module imported by name (`use crate::graph;`) is then named through it (`graph::model::x`).
    let modules: Vec<Vec<String>> = out.iter().filter(|p| is_module(p)).cloned().collect();
    for module_path in modules {
        let alias = module_path.last().unwrap().clone();
        for (at, _) in text.match_indices(&format!("{alias}::")) {
            if !text[..at].chars().last().is_some_and(|c| ident_char(c) || c == ':') {
                expand(&text[at..], module_path[..module_path.len() - 1].to_vec(), &mut out);
            }
        }
    }
    out
}

/// Whether every segment of `path` is a module (a file or a folder of `src/`).
fn is_module(path: &[String]) -> bool {
    let mut dir = src();
    path.iter().all(|seg| {
        let found = dir.join(format!("{seg}.rs")).is_file() || dir.join(seg).join("mod.rs").is_file();
        dir = dir.join(seg);
        found
    })
}

/// Whether a file's text defines `item` itself.
fn defines(text: &str, item: &str) -> bool {
    ["fn", "struct", "enum", "trait", "type", "const", "static", "macro_rules!"].iter().any(|kw| {
        text.match_indices(&format!("{kw} {item}")).any(|(at, m)| !text[at + m.len()..].starts_with(ident_char))
    })
}

/// The file that defines what `path` names: the deepest module file on the path, or, for an item
/// that file re-exports (`pub use child::Item`), the file the re-export leads to.
fn resolve(path: &[String], depth: usize) -> Option<PathBuf> {
    let (mut file, mut dir) = (src().join("lib.rs"), src());
    let mut consumed = 0;
    for seg in path {
        let (as_file, as_dir) = (dir.join(format!("{seg}.rs")), dir.join(seg));
        if as_file.is_file() {
            file = as_file;
        } else if as_dir.join("mod.rs").is_file() {
            file = as_dir.join("mod.rs");
        } else {
            break;
        }
        dir = as_dir;
        consumed += 1;
    }
    let Some(item) = path.get(consumed) else { return Some(file) };
    let text = product_text(&file);
    if defines(&text, item) || depth > 8 {
        return Some(file);
    }
    let module = module_of(&file);
    let reexports: Vec<Vec<String>> = text
        .split(';')
        .filter_map(|s| s.trim().strip_prefix("pub use ").or_else(|| s.trim().strip_prefix("pub(crate) use ")))
        .flat_map(|tree| {
            let mut out = Vec::new();
            let first: String = tree.chars().take_while(|&c| ident_char(c)).collect();
            match first.as_str() {
                "crate" => expand(&tree[7..], vec![], &mut out),
                "super" => out.extend(named_paths(tree, &module)),
                _ => expand(tree, module.clone(), &mut out),
            }
            out
        })
        .collect();
    let by_name = reexports.iter().find(|p| p.last() == Some(item));
    // A glob re-export (`pub use quad::*`) ends at its module: the item is looked up there.
    let by_glob = reexports.iter().find_map(|p| {
        let mut with_item = p.clone();
        with_item.push(item.clone());
        resolve(&with_item, depth + 1).filter(|f| f != &file && defines(&product_text(f), item))
    });
    by_name.and_then(|p| resolve(p, depth + 1)).or(by_glob).or(Some(file))
}

/// Every file reached from the files of `src/types/` (test files left out), with the file it was
/// reached from.
fn reached_from_types() -> BTreeMap<PathBuf, PathBuf> {
    let types_dir = src().join("types");
    let test_files = ["tests.rs", "new_type_tests.rs"].map(|f| types_dir.join(f));
    let mut queue: VecDeque<PathBuf> =
        fs::read_dir(&types_dir).unwrap().map(|e| e.unwrap().path()).filter(|p| !test_files.contains(p)).collect();
    let mut reached: BTreeMap<PathBuf, PathBuf> = BTreeMap::new();
    while let Some(file) = queue.pop_front() {
        for path in named_paths(&product_text(&file), &module_of(&file)) {
            if let Some(target) = resolve(&path, 0) {
                if target != file && !target.starts_with(&types_dir) && !reached.contains_key(&target) {
                    reached.insert(target.clone(), file.clone());
                    queue.push_back(target);
                }
            }
        }
    }
    reached
}

#[test]
fn nothing_the_types_use_names_the_types() {
    let types_dir = src().join("types");
    let reached = reached_from_types();
    let mut offences = Vec::new();
    for file in reached.keys() {
        for path in named_paths(&product_text(file), &module_of(file)) {
            if resolve(&path, 0).is_some_and(|t| t.starts_with(&types_dir)) {
                let mut chain = vec![file.clone()];
                while let Some(from) = reached.get(chain.last().unwrap()) {
                    chain.push(from.clone());
                }
                let chain: Vec<String> =
                    chain.iter().rev().map(|f| f.strip_prefix(src()).unwrap().display().to_string()).collect();
                offences.push(format!(
                    "{} names crate::{} (reached by {})",
                    chain.last().unwrap(),
                    path.join("::"),
                    chain.join(" -> ")
                ));
            }
        }
    }
    assert!(offences.is_empty(), "the types and what they use form a cycle:\n{}", offences.join("\n"));
    for toolkit in [
        "domain/schema/fields.rs",
        "value_forms/parts.rs",
        "checks/mod.rs",
        "rdf_terms/values.rs",
        "graph_values/mod.rs",
    ] {
        assert!(reached.contains_key(&src().join(toolkit)), "the scan follows the types' imports to {toolkit}");
    }
}

#[test]
fn paths_resolve_to_the_file_that_defines_them() {
    let p = |s: &str| s.split("::").map(String::from).collect::<Vec<_>>();
    assert_eq!(
        resolve(&p("validation::Violation"), 0),
        Some(src().join("checks/violation.rs")),
        "a re-export is followed"
    );
    assert_eq!(resolve(&p("domain::schema::Fields"), 0), Some(src().join("domain/schema/fields.rs")));
    assert_eq!(resolve(&p("types::lookup"), 0), Some(src().join("types/mod.rs")));
    let mut out = Vec::new();
    expand("a::{b, c::{d, e}, f::*}", vec!["x".into()], &mut out);
    assert_eq!(out, vec![p("x::a::b"), p("x::a::c::d"), p("x::a::c::e"), p("x::a::f")]);
    let named = named_paths("use super::super::x::Y;\nmod kid;\nuse kid::Z;\nlet a = crate::b::c(1);", &p("m::n::o"));
    assert_eq!(named, vec![p("b::c"), p("m::x::Y"), p("m::n::o::kid::Z")]);
    let through_alias = named_paths("use crate::graph;\nfn f() { graph::model::node_values(); }", &p("types"));
    assert_eq!(through_alias, vec![p("graph"), p("graph::model::node_values")]);
}

/// A method the types declared on another layer's type (`impl PropertyDefinition { .. }` in
/// `src/types/`) would be called without naming `crate::types`, out of the scan's sight.
#[test]
fn the_types_declare_no_methods_on_other_layers_types() {
    let types_dir = src().join("types");
    let files: Vec<PathBuf> = fs::read_dir(&types_dir).unwrap().map(|e| e.unwrap().path()).collect();
    let texts: Vec<String> = files.iter().map(|f| product_text(f)).collect();
    let mut offences = Vec::new();
    for (file, text) in files.iter().zip(&texts) {
        for line in text.lines().map(str::trim).filter(|l| l.starts_with("impl") && !l.contains(" for ")) {
            let name: String = line
                .trim_start_matches("impl")
                .trim_start_matches(|c| c != ' ')
                .trim()
                .chars()
                .take_while(|&c| ident_char(c))
                .collect();
            if !texts.iter().any(|t| defines(t, &name)) {
                offences.push(format!("{}: {line}", file.strip_prefix(src()).unwrap().display()));
            }
        }
    }
    assert!(offences.is_empty(), "inherent impls of other layers' types in src/types:\n{}", offences.join("\n"));
}
