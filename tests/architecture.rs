//! `docs/architecture.md` checked against the code: each folder of `src/` names (`crate::<folder>`)
//! only the folders its row of the layer table lists, and every folder has a row; every Rust file
//! opens with a module doc.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The layer table: folder name to the folders it may use.
fn layer_table() -> BTreeMap<String, BTreeSet<String>> {
    let doc = fs::read_to_string(root().join("docs/architecture.md")).unwrap();
    let start = doc.find("## Layers of the crate").expect("the layer table is in docs/architecture.md");
    doc[start..]
        .lines()
        .filter_map(|line| line.strip_prefix("| `src/"))
        .map(|row| {
            let (folder, rest) = row.split_once("/`").expect("a row starts with `src/<folder>/`");
            let may_use = rest.rsplit('|').nth(1).expect("a row ends with its may-use column");
            let allowed = may_use.split('`').skip(1).step_by(2).map(str::to_owned).collect();
            (folder.to_owned(), allowed)
        })
        .collect()
}

fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            out.extend(rust_files(&path));
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
    out
}

/// The folders a source text names as `crate::<folder>`, comments left out.
fn named_folders(text: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for line in text.lines().filter(|l| !l.trim_start().starts_with("//")) {
        for (at, _) in line.match_indices("crate::") {
            let preceded_by_ident = line[..at].chars().last().is_some_and(|c| c.is_alphanumeric() || c == '_');
            let name: String = line[at + 7..].chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
            if !preceded_by_ident && !name.is_empty() {
                out.insert(name);
            }
        }
    }
    out
}

fn src_folders() -> BTreeSet<String> {
    fs::read_dir(root().join("src"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.is_dir())
        .map(|p| p.file_name().unwrap().to_string_lossy().into_owned())
        .collect()
}

#[test]
fn every_folder_of_src_has_a_row_and_every_row_a_folder() {
    let rows: BTreeSet<String> = layer_table().into_keys().collect();
    assert_eq!(rows, src_folders());
}

#[test]
fn each_layer_names_only_the_folders_its_row_allows() {
    let table = layer_table();
    let mut offences = Vec::new();
    for (folder, allowed) in &table {
        for file in rust_files(&root().join("src").join(folder)) {
            let text = fs::read_to_string(&file).unwrap();
            for named in named_folders(&text) {
                if &named != folder && !allowed.contains(&named) {
                    offences.push(format!("{} names crate::{named}", file.strip_prefix(root()).unwrap().display()));
                }
            }
        }
    }
    assert!(offences.is_empty(), "imports against docs/architecture.md:\n{}", offences.join("\n"));
}

#[test]
fn the_scan_sees_imports_and_skips_comments() {
    let text = "use crate::app::Scope;\n// crate::wasm only converts\nlet x = crate::host::namespace::MAIN;\nuse strata_crate::x;";
    assert_eq!(named_folders(text), ["app", "host"].map(String::from).into());
}

#[test]
fn the_table_is_read_with_its_may_use_lists() {
    let table = layer_table();
    assert!(table["app"].contains("host"));
    assert!(!table["app"].contains("api"), "the application layer must not use the REST layer");
    assert!(!table["exports"].contains("api"));
    assert!(table["sparql"].is_empty());
}

/// Whether a file's first line that is neither blank nor an attribute is a module doc (`//!`).
fn opens_with_module_doc(text: &str) -> bool {
    text.lines().map(str::trim_start).find(|l| !l.is_empty() && !l.starts_with("#")).is_some_and(|l| l.starts_with("//!"))
}

#[test]
fn every_rust_file_opens_with_a_module_doc() {
    let mut missing = Vec::new();
    for dir in ["src", "tests", "benches", "examples"] {
        if root().join(dir).is_dir() {
            for file in rust_files(&root().join(dir)) {
                if !opens_with_module_doc(&fs::read_to_string(&file).unwrap()) {
                    missing.push(file.strip_prefix(root()).unwrap().display().to_string());
                }
            }
        }
    }
    assert!(missing.is_empty(), "files without a module doc (`//!` first):\n{}", missing.join("\n"));
}

#[test]
fn a_module_doc_is_the_first_line_that_is_not_an_attribute() {
    assert!(opens_with_module_doc("#![allow(dead_code)]\n\n//! Doc.\nuse x;"));
    assert!(!opens_with_module_doc("/// An item doc.\nstruct A;\n//! late"));
    assert!(!opens_with_module_doc("use x;\n"));
}

/// The test double of the Host port is compiled only for tests and the `testing` feature, and no
/// feature a wasm module is built with turns that on.
#[test]
fn the_memory_host_is_not_in_the_product() {
    let host_mod = fs::read_to_string(root().join("src/host/mod.rs")).unwrap();
    let lines: Vec<&str> = host_mod.lines().collect();
    let at = lines.iter().position(|l| l.trim() == "pub mod memory;").expect("src/host/mod.rs declares memory");
    assert_eq!(lines[at - 1].trim(), r#"#[cfg(any(test, feature = "testing"))]"#, "MemoryHost must be gated");
    let manifest = fs::read_to_string(root().join("Cargo.toml")).unwrap();
    let features = &manifest[manifest.find("[features]").unwrap()..];
    let features = &features[..features[1..].find("\n[").map_or(features.len(), |e| e + 1)];
    for line in features.lines().filter(|l| !l.starts_with('#') && !l.starts_with("testing")) {
        assert!(!line.contains("\"testing\""), "a product feature turns on the test double: {line}");
    }
}
