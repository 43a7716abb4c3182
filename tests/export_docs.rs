//! `docs/architecture.md` lists every export of the wasm module, and each constructor with the
//! parameters the code takes.

use std::path::Path;

fn read(path: &str) -> String {
    std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(path)).unwrap()
}

/// The names the wasm module exports at top level: free functions and classes (not methods).
fn exported_names(source: &str) -> Vec<String> {
    source
        .lines()
        .filter(|l| l.starts_with("#[wasm_bindgen(js_name = "))
        .map(|l| l["#[wasm_bindgen(js_name = ".len()..].split([',', ')']).next().unwrap().trim().to_owned())
        .collect()
}

/// `(class, parameter names)` of every `#[wasm_bindgen(constructor)]`, from the Rust signature.
fn constructors(source: &str) -> Vec<(String, Vec<String>)> {
    let mut out = Vec::new();
    let mut class = String::new();
    let lines: Vec<&str> = source.lines().collect();
    for (i, line) in lines.iter().enumerate() {
        if let Some(rest) = line.strip_prefix("#[wasm_bindgen(js_class = ") {
            class = rest.trim_end_matches(")]").to_owned();
        }
        if line.trim() == "#[wasm_bindgen(constructor)]" {
            // The parameters between `fn new(` and `) ->`, on one line or several.
            let mut signature = String::new();
            for l in &lines[i + 1..] {
                signature.push_str(l.trim());
                signature.push(' ');
                if l.contains(") ->") {
                    break;
                }
            }
            let inner = &signature[signature.find('(').unwrap() + 1..signature.find(") ->").unwrap()];
            let params = inner
                .split(',')
                .filter_map(|p| p.split(':').next())
                .map(|p| p.rsplit([' ', '(']).next().unwrap().trim().to_owned())
                .filter(|p| !p.is_empty())
                .map(|p| if p == "opts" { "options?".to_owned() } else { p })
                .collect();
            out.push((class.clone(), params));
        }
    }
    out
}

#[test]
fn every_export_and_constructor_is_documented_as_the_code_has_it() {
    let source = read("src/wasm/editor.rs") + &read("src/wasm/host_exports.rs");
    let doc = read("docs/architecture.md");
    let names = exported_names(&source);
    assert!(names.len() >= 10, "{names:?}");
    for name in &names {
        assert!(doc.contains(&format!("| `{name}` |")), "docs/architecture.md has no row for the export {name}");
    }
    let ctors = constructors(&source);
    assert_eq!(ctors.len(), 4, "{ctors:?}");
    for (class, params) in ctors {
        let documented = format!("new {class}({})", params.join(", "));
        let row = doc.lines().find(|l| l.starts_with(&format!("| `{class}` |"))).unwrap();
        let stripped: String = {
            // Drop TypeScript types: `setup: RdfProjectorSetup` reads as `setup`.
            let start = row.find(&format!("new {class}(")).unwrap();
            let inner = &row[start + class.len() + 5..];
            let inner = &inner[..inner.find(')').unwrap()];
            let names: Vec<&str> = inner.split(',').map(|p| p.split(':').next().unwrap().trim()).collect();
            format!("new {class}({})", names.join(", "))
        };
        assert_eq!(stripped, documented, "docs/architecture.md: {row}");
    }
}

/// The names the C-ABI module exports (`#[export_name = "..."]`), from the adapter's sources.
fn cabi_export_names() -> Vec<String> {
    ["src/cabi/exports.rs", "src/cabi/buffers.rs"]
        .iter()
        .flat_map(|path| {
            read(path)
                .lines()
                .filter_map(|l| l.trim().strip_prefix("#[export_name = \"")?.split('"').next().map(str::to_owned))
                .collect::<Vec<_>>()
        })
        .collect()
}

#[test]
fn every_c_abi_export_is_in_the_c_abi_table_and_known_to_the_php_bridge() {
    let doc = read("docs/architecture.md");
    let table = &doc[doc.find("## The C ABI").unwrap()..];
    let php = read("host-php/src/Instance.php");
    let names = cabi_export_names();
    assert!(names.len() >= 15 && names.contains(&"normalizeTitle".to_owned()), "{names:?}");
    for name in &names {
        assert!(
            table.contains(&format!("`{name}`")) || table.contains(&format!("`{name}(")),
            "the C ABI table has no row for {name}"
        );
        let answers = !name.ends_with("Free") && name != "strata_free";
        assert!(
            !answers || php.contains(&format!("'{name}'")),
            "host-php/src/Instance.php does not bind the export {name}"
        );
    }
}
