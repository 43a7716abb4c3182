//! `docs/architecture.md` checked against the code: each folder of `src/` names (`crate::<folder>`)
//! only the folders its row of the layer table lists, and every folder has a row; every Rust file
//! opens with a module doc; no modules of `src/` depend on each other in a ring, and the folders are
//! in the order the document states.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

#[path = "common/use_paths.rs"]
mod use_paths;
use use_paths::{expand, ident_char};

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
    text.lines()
        .map(str::trim_start)
        .find(|l| !l.is_empty() && !l.starts_with("#"))
        .is_some_and(|l| l.starts_with("//!"))
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

// Module cycles. Every module of `src/` (a file, a folder's `mod.rs`, an inline `mod x { .. }`)
// names others through `crate::`, `super::` and `self::` paths; a path leads to the deepest module
// it names, and through a module's `pub use` to the module that holds the item. A use of module
// `a::b::c` by `a::d::e` makes `a::d` depend on `a::b`: modules are compared with their siblings,
// at every level, and no set of siblings may depend on each other in a ring.

/// One crate's modules, each with its source text (comments and literals blanked).
struct Crate {
    modules: BTreeMap<Vec<String>, String>,
    /// The paths each module's `pub use` items name.
    reexports: BTreeMap<Vec<String>, Vec<Vec<String>>>,
}

/// A module path as text: `a::b`, or `crate` for the root.
fn module_name(path: &[String]) -> String {
    if path.is_empty() {
        "crate".to_owned()
    } else {
        path.join("::")
    }
}

/// The text with comments, string literals and character literals replaced by spaces (line breaks
/// kept), so a path inside them is not seen. Lifetimes (`'a`) stay.
fn code_only(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let blank = |c: char| if c == '\n' { '\n' } else { ' ' };
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        let after_ident = i > 0 && ident_char(chars[i - 1]);
        if c == '/' && next == Some('/') {
            while i < chars.len() && chars[i] != '\n' {
                out.push(' ');
                i += 1;
            }
        } else if c == '/' && next == Some('*') {
            let mut depth = 0;
            while i < chars.len() {
                if chars[i] == '/' && chars.get(i + 1) == Some(&'*') {
                    depth += 1;
                    out.push_str("  ");
                    i += 2;
                } else if chars[i] == '*' && chars.get(i + 1) == Some(&'/') {
                    depth -= 1;
                    out.push_str("  ");
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    out.push(blank(chars[i]));
                    i += 1;
                }
            }
        } else if c == 'r' && !after_ident && matches!(next, Some('"') | Some('#')) {
            let hashes = chars[i + 1..].iter().take_while(|&&h| h == '#').count();
            if chars.get(i + 1 + hashes) != Some(&'"') {
                out.push(c);
                i += 1;
                continue;
            }
            let close: String = std::iter::once('"').chain(std::iter::repeat_n('#', hashes)).collect();
            let body_start = i + 2 + hashes;
            let rest: String = chars[body_start..].iter().collect();
            let body_len = rest.find(&close).map_or(rest.len(), |at| rest[..at].chars().count());
            out.push_str("\"\"");
            out.extend(chars[body_start..body_start + body_len].iter().map(|&c| blank(c)));
            i = (body_start + body_len + close.chars().count()).min(chars.len());
        } else if c == '"' {
            out.push('"');
            i += 1;
            while i < chars.len() && chars[i] != '"' {
                let skip = if chars[i] == '\\' { 2 } else { 1 };
                out.extend(chars[i..(i + skip).min(chars.len())].iter().map(|&c| blank(c)));
                i += skip;
            }
            out.push('"');
            i += 1;
        } else if c == '\'' && next == Some('\\') {
            let end = chars[i + 2..].iter().position(|&q| q == '\'').map_or(chars.len(), |p| i + 2 + p + 1);
            out.push_str("''");
            i = end;
        } else if c == '\'' && chars.get(i + 2) == Some(&'\'') {
            out.push_str("''");
            i += 3;
        } else {
            out.push(c);
            i += 1;
        }
    }
    out
}

/// The inline modules of a file's code: for each, the byte range of its braces and its name.
fn inline_modules(code: &str) -> Vec<(usize, usize, String)> {
    let mut found = Vec::new();
    for (at, _) in code.match_indices("mod ") {
        if code[..at].chars().last().is_some_and(ident_char) {
            continue;
        }
        let rest = &code[at + 4..];
        let name: String = rest.trim_start().chars().take_while(|&c| ident_char(c)).collect();
        let after = rest.trim_start()[name.len()..].trim_start();
        if name.is_empty() || !after.starts_with('{') {
            continue;
        }
        let open = code.len() - after.len();
        let mut depth = 0;
        let close = code[open..].char_indices().find_map(|(i, c)| {
            depth += match c {
                '{' => 1,
                '}' => -1,
                _ => 0,
            };
            (depth == 0).then_some(open + i)
        });
        found.push((open, close.unwrap_or(code.len()), name));
    }
    found
}

/// The module a byte of a file belongs to: the file's module, and the inline modules around it.
fn module_at(file_module: &[String], inline: &[(usize, usize, String)], at: usize) -> Vec<String> {
    let mut module = file_module.to_vec();
    module.extend(inline.iter().filter(|(open, close, _)| *open < at && at < *close).map(|(_, _, name)| name.clone()));
    module
}

/// Every path a module's code names through `crate::`, `super::` or `self::`, as an absolute path,
/// with the module (file or inline) that names it.
fn named_paths(code: &str, file_module: &[String]) -> Vec<(Vec<String>, Vec<String>)> {
    let inline = inline_modules(code);
    let mut out = Vec::new();
    for start in ["crate::", "super::", "self::"] {
        for (at, _) in code.match_indices(start) {
            if code[..at].chars().last().is_some_and(|c| ident_char(c) || c == ':') {
                continue;
            }
            let module = module_at(file_module, &inline, at);
            let mut rest = &code[at..];
            let mut base = match start {
                "crate::" => Vec::new(),
                _ => module.clone(),
            };
            rest = rest.strip_prefix("crate::").or_else(|| rest.strip_prefix("self::")).unwrap_or(rest);
            while let Some(r) = rest.strip_prefix("super::") {
                base.pop();
                rest = r.trim_start();
            }
            let mut paths = Vec::new();
            expand(rest, base, &mut paths);
            out.extend(paths.into_iter().map(|p| (module.clone(), p)));
        }
    }
    out
}

/// The paths a module's `pub use` and `pub(crate) use` items name (a glob ends at its module).
fn reexports(code: &str, module: &[String]) -> Vec<Vec<String>> {
    let mut out = Vec::new();
    for statement in code.split(';') {
        let statement = statement.trim();
        let Some(tree) = ["pub use ", "pub(crate) use ", "pub(super) use "]
            .iter()
            .find_map(|p| statement.rsplit_once(p).map(|(_, t)| t))
        else {
            continue;
        };
        let tree = tree.trim();
        if tree.starts_with("crate::") || tree.starts_with("super::") || tree.starts_with("self::") {
            out.extend(named_paths(tree, module).into_iter().map(|(_, p)| p));
        } else {
            expand(tree, module.to_vec(), &mut out);
        }
    }
    out
}

impl Crate {
    /// The crate of `files`: each a path under `src/` (`a/b.rs`, `a/mod.rs`, `lib.rs`) and its text.
    fn new(files: &[(String, String)]) -> Crate {
        let mut modules = BTreeMap::new();
        for (path, text) in files {
            let mut module: Vec<String> = path.trim_end_matches(".rs").split('/').map(String::from).collect();
            if module.last().is_some_and(|m| m == "mod" || m == "lib") {
                module.pop();
            }
            let code = code_only(text);
            for (_, _, name) in inline_modules(&code) {
                let mut inner = module.clone();
                inner.push(name);
                modules.entry(inner).or_insert_with(String::new);
            }
            modules.insert(module, code);
        }
        let reexports = modules.iter().map(|(module, code)| (module.clone(), reexports(code, module))).collect();
        Crate { modules, reexports }
    }

    fn of_src() -> Crate {
        let src = root().join("src");
        let files: Vec<(String, String)> = rust_files(&src)
            .into_iter()
            .map(|f| {
                (f.strip_prefix(&src).unwrap().to_string_lossy().replace('\\', "/"), fs::read_to_string(&f).unwrap())
            })
            .collect();
        Crate::new(&files)
    }

    /// The module that holds what `path` names: the deepest module on it, or, for an item that
    /// module re-exports (`pub use`), the module the re-export leads to.
    fn resolve(&self, path: &[String], depth: usize) -> Option<Vec<String>> {
        let deepest = (0..=path.len()).rev().find(|&n| self.modules.contains_key(&path[..n]))?;
        let module = path[..deepest].to_vec();
        let Some(item) = path.get(deepest) else { return Some(module) };
        if depth > 8 {
            return Some(module);
        }
        let reexports = &self.reexports[&module];
        if let Some(target) = reexports.iter().find(|p| p.last() == Some(item)) {
            return self.resolve(target, depth + 1).or(Some(module));
        }
        // A glob re-export (`pub use x::*`) leads to `x` when `x` defines or re-exports the item.
        for glob in reexports.iter().filter(|p| self.modules.contains_key(*p)) {
            let mut with_item = glob.clone();
            with_item.push(item.clone());
            if let Some(found) = self.resolve(&with_item, depth + 1).filter(|f| f != glob || self.defines(glob, item)) {
                return Some(found);
            }
        }
        Some(module)
    }

    fn defines(&self, module: &[String], item: &str) -> bool {
        let code = &self.modules[module];
        ["fn ", "struct ", "enum ", "trait ", "type ", "const ", "static ", "mod "].iter().any(|kw| {
            code.match_indices(&format!("{kw}{item}")).any(|(at, m)| !code[at + m.len()..].starts_with(ident_char))
        })
    }

    /// The dependencies between siblings: for each pair, the uses that make it (module and path).
    fn sibling_edges(&self) -> BTreeMap<(Vec<String>, Vec<String>), Vec<String>> {
        let mut edges: BTreeMap<(Vec<String>, Vec<String>), Vec<String>> = BTreeMap::new();
        for (file_module, code) in &self.modules {
            for (user, path) in named_paths(code, file_module) {
                let Some(used) = self.resolve(&path, 0) else { continue };
                let common = user.iter().zip(&used).take_while(|(a, b)| a == b).count();
                if common < user.len() && common < used.len() {
                    let evidence = format!("{} names {}", module_name(&user), module_name(&path));
                    edges.entry((user[..=common].to_vec(), used[..=common].to_vec())).or_default().push(evidence);
                }
            }
        }
        edges
    }
}

/// The strongly connected components of more than one node (Tarjan), each sorted, in order.
fn cycles<N: Ord + Clone>(edges: &BTreeMap<N, BTreeSet<N>>) -> Vec<Vec<N>> {
    struct State<N> {
        index: BTreeMap<N, usize>,
        low: BTreeMap<N, usize>,
        stack: Vec<N>,
        found: Vec<Vec<N>>,
    }
    fn visit<N: Ord + Clone>(v: &N, edges: &BTreeMap<N, BTreeSet<N>>, s: &mut State<N>) {
        let i = s.index.len();
        s.index.insert(v.clone(), i);
        s.low.insert(v.clone(), i);
        s.stack.push(v.clone());
        for w in edges.get(v).into_iter().flatten() {
            if !s.index.contains_key(w) {
                visit(w, edges, s);
                let low = s.low[v].min(s.low[w]);
                s.low.insert(v.clone(), low);
            } else if s.stack.contains(w) {
                let low = s.low[v].min(s.index[w]);
                s.low.insert(v.clone(), low);
            }
        }
        if s.low[v] == s.index[v] {
            let at = s.stack.iter().rposition(|n| n == v).unwrap();
            let mut component = s.stack.split_off(at);
            if component.len() > 1 {
                component.sort();
                s.found.push(component);
            }
        }
    }
    let mut s = State { index: BTreeMap::new(), low: BTreeMap::new(), stack: Vec::new(), found: Vec::new() };
    for v in edges.keys() {
        if !s.index.contains_key(v) {
            visit(v, edges, &mut s);
        }
    }
    s.found.sort();
    s.found
}

/// The sibling cycles of a crate, each as its members and the uses between them.
fn module_cycles(krate: &Crate) -> Vec<(Vec<String>, Vec<String>)> {
    let edges = krate.sibling_edges();
    let mut graph: BTreeMap<Vec<String>, BTreeSet<Vec<String>>> = BTreeMap::new();
    for (from, to) in edges.keys() {
        graph.entry(from.clone()).or_default().insert(to.clone());
    }
    cycles(&graph)
        .into_iter()
        .map(|members| {
            let uses = edges
                .iter()
                .filter(|((from, to), _)| members.contains(from) && members.contains(to))
                .flat_map(|(_, evidence)| evidence.iter().cloned())
                .collect::<BTreeSet<_>>()
                .into_iter()
                .collect();
            (members.iter().map(|m| module_name(m)).collect(), uses)
        })
        .collect()
}

#[test]
fn no_modules_of_src_depend_on_each_other_in_a_ring() {
    let report: Vec<String> = module_cycles(&Crate::of_src())
        .iter()
        .map(|(members, uses)| format!("{}:\n    {}", members.join(", "), uses.join("\n    ")))
        .collect();
    assert!(
        report.is_empty(),
        "module cycles among siblings in src/ (members, then the uses that make them):\n{}",
        report.join("\n")
    );
}

fn segments(path: &str) -> Vec<String> {
    if path.is_empty() {
        Vec::new()
    } else {
        path.split("::").map(String::from).collect()
    }
}

#[test]
fn paths_are_read_as_the_compiler_reads_them() {
    // (text, module of the file, the paths it names as "user -> path")
    let cases: &[(&str, &str, &[&str])] = &[
        ("use crate::a::b::C;", "x", &["x -> a::b::C"]),
        ("let v = crate::a::f(1);", "x", &["x -> a::f"]),
        ("use super::y::Z;", "m::x", &["m::x -> m::y::Z"]),
        ("use super::super::y;", "m::n::x", &["m::n::x -> m::y"]),
        ("use self::kid::K;", "m", &["m -> m::kid::K"]),
        (
            "use crate::a::{b, c::{d, e}, f::*, self};",
            "x",
            &["x -> a::b", "x -> a::c::d", "x -> a::c::e", "x -> a::f", "x -> a"],
        ),
        ("use crate::a::{\n    b::B,\n    c,\n};", "x", &["x -> a::b::B", "x -> a::c"]),
        ("// use crate::a::B;\n/* crate::b::C /* nested */ crate::c */ let s = \"crate::d\";", "x", &[]),
        ("let r = r#\"crate::a \"quoted\" \"#; let c = '\"'; let q = '\\''; use crate::b;", "x", &["x -> b"]),
        ("fn f<'a>(s: &'a str) -> &'a str { crate::b::g(s) }", "x", &["x -> b::g"]),
        ("use strata_crate::a; let x = my_super::b; let y = a::self::c;", "x", &[]),
        (
            "mod tests {\n    use super::*;\n    use super::super::y::Y;\n}",
            "m::x",
            &["m::x::tests -> m::x", "m::x::tests -> m::y::Y"],
        ),
        ("use crate::a::B as C;", "x", &["x -> a::B"]),
        ("let n = crate::a::Kind::<u8>::new();", "x", &["x -> a::Kind"]),
    ];
    for (text, module, expected) in cases {
        let named: Vec<String> = named_paths(&code_only(text), &segments(module))
            .into_iter()
            .map(|(user, path)| format!("{} -> {}", module_name(&user), module_name(&path)))
            .collect();
        let mut named_sorted = named.clone();
        named_sorted.sort();
        let mut expected: Vec<String> = expected.iter().map(|s| s.to_string()).collect();
        expected.sort();
        assert_eq!(named_sorted, expected, "{text}");
    }
}

fn synthetic(files: &[(&str, &str)]) -> Crate {
    Crate::new(&files.iter().map(|(p, t)| (p.to_string(), t.to_string())).collect::<Vec<_>>())
}

#[test]
fn paths_lead_to_the_module_that_holds_the_item() {
    let krate = synthetic(&[
        ("lib.rs", "mod a; mod b;"),
        ("a/mod.rs", "mod inner; mod deep; pub use inner::Item; pub use deep::*;"),
        ("a/inner.rs", "pub struct Item;"),
        ("a/deep/mod.rs", "mod leaf; pub use leaf::Leaf;"),
        ("a/deep/leaf.rs", "pub struct Leaf;"),
        ("b.rs", "pub fn f() {}"),
    ]);
    let cases = [
        ("a::Item", "a::inner"),
        ("a::Leaf", "a::deep::leaf"),
        ("a::inner::Item", "a::inner"),
        ("a::Missing", "a"),
        ("b::f", "b"),
        ("a::deep", "a::deep"),
        ("", "crate"),
    ];
    for (path, module) in cases {
        assert_eq!(krate.resolve(&segments(path), 0).map(|m| module_name(&m)), Some(module.to_owned()), "{path}");
    }
}

#[test]
fn a_ring_of_two_siblings_is_caught_with_its_uses() {
    let ring = synthetic(&[
        ("lib.rs", "mod a; mod c;"),
        ("a/mod.rs", "mod x; mod y;"),
        ("a/x.rs", "use super::y::F;\npub struct G;"),
        ("a/y.rs", "use crate::a::x::G;\npub fn f() {}"),
        ("c.rs", "use crate::a;"),
    ]);
    let found = module_cycles(&ring);
    assert_eq!(found.len(), 1);
    assert_eq!(found[0].0, ["a::x", "a::y"]);
    assert_eq!(found[0].1, ["a::x names a::y::F", "a::y names a::x::G"]);
    // Through a parent's re-export, and from a test module inside a file.
    let hidden = synthetic(&[
        ("lib.rs", "mod p; mod q; pub use q::Q;"),
        ("p.rs", "pub struct P;\n#[cfg(test)]\nmod tests { use crate::Q; }"),
        ("q.rs", "use super::p::P;\npub struct Q;"),
    ]);
    assert_eq!(module_cycles(&hidden).into_iter().map(|(m, _)| m).collect::<Vec<_>>(), [["p", "q"]]);
    let one_way = synthetic(&[("lib.rs", "mod p; mod q;"), ("p.rs", "pub struct P;"), ("q.rs", "use crate::p::P;")]);
    assert!(module_cycles(&one_way).is_empty());
}

/// The folders of `src/` (and its top-level files) by level: a module on level n uses modules of
/// lower levels only, and at least one of level n - 1.
fn folder_levels(krate: &Crate) -> Vec<Vec<String>> {
    let mut uses: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for module in krate.modules.keys().filter(|m| m.len() == 1) {
        uses.entry(module[0].clone()).or_default();
    }
    for (from, to) in krate.sibling_edges().into_keys().filter(|(from, _)| from.len() == 1) {
        uses.entry(from[0].clone()).or_default().insert(to[0].clone());
    }
    let mut level: BTreeMap<String, usize> = BTreeMap::new();
    while level.len() < uses.len() {
        let before = level.len();
        for (module, used) in &uses {
            if !level.contains_key(module) && used.iter().all(|u| level.contains_key(u)) {
                let n = used.iter().map(|u| level[u] + 1).max().unwrap_or(0);
                level.insert(module.clone(), n);
            }
        }
        assert!(
            level.len() > before,
            "the folders form a cycle: {:?}",
            uses.keys().filter(|m| !level.contains_key(*m)).collect::<Vec<_>>()
        );
    }
    let mut by_level = vec![Vec::new(); level.values().max().map_or(0, |m| m + 1)];
    for (module, n) in level {
        by_level[n].push(module);
    }
    by_level
}

/// The order docs/architecture.md states: one numbered line per level, its folders in backticks.
fn documented_levels() -> Vec<Vec<String>> {
    let doc = fs::read_to_string(root().join("docs/architecture.md")).unwrap();
    let start = doc.find("### Order of the folders").expect("docs/architecture.md states the order of the folders");
    doc[start..]
        .lines()
        .skip(1)
        .skip_while(|l| !l.starts_with(|c: char| c.is_ascii_digit()))
        .take_while(|l| l.starts_with(|c: char| c.is_ascii_digit()))
        .map(|l| l.split('`').skip(1).step_by(2).map(String::from).collect())
        .collect()
}

#[test]
fn the_folders_are_in_the_order_the_document_states() {
    let computed = folder_levels(&Crate::of_src());
    let shown: Vec<String> = computed.iter().enumerate().map(|(n, m)| format!("{n}. `{}`", m.join("`, `"))).collect();
    assert_eq!(documented_levels(), computed, "the levels the imports give:\n{}", shown.join("\n"));
}

#[test]
fn levels_count_the_longest_chain_of_uses() {
    let krate = synthetic(&[
        ("lib.rs", "mod low; mod mid; mod top; mod side;"),
        ("low.rs", ""),
        ("side.rs", ""),
        ("mid/mod.rs", "use crate::low;"),
        ("top.rs", "use crate::mid; use crate::low; use crate::side;"),
    ]);
    assert_eq!(folder_levels(&krate), [vec!["low", "side"], vec!["mid"], vec!["top"]]);
}
