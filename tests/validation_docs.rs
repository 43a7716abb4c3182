//! `docs/validation.md`'s code table matches `types::codes::all` (validation's codes, then each type's), and its property-type table
//! matches `types::REGISTRY`.

use strata::checks::codes::SeverityRule;
use strata::types::codes;
use strata::types::{ValueShape, REGISTRY};

fn expected_table() -> String {
    let mut out = String::from(
        "| code | declared by | severity | valuePartIndex | checked | meaning |\n|---|---|---|---|---|---|\n",
    );
    for code in codes::all() {
        let c = code.info();
        let declared_by = REGISTRY
            .iter()
            .find(|t| t.codes().contains(&code))
            .map_or("validation".to_owned(), |t| format!("type `{}`", t.name()));
        let severity = match c.severity {
            SeverityRule::Fixed(s) => s.as_str().to_owned(),
            SeverityRule::FromConstraint(k) => format!("from `{k}`"),
        };
        let part = if c.part_index { "yes" } else { "no" };
        let scope = if c.dependent_rule { "page" } else { "Subject" };
        out.push_str(&format!(
            "| `{}` | {declared_by} | {severity} | {part} | {scope} | {} |\n",
            c.name, c.description
        ));
    }
    out
}

#[test]
fn docs_code_table_matches_the_code_table() {
    let doc = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/validation.md")).unwrap();
    let start = doc.find("<!-- codes:start -->\n").expect("start marker") + "<!-- codes:start -->\n".len();
    let end = doc.find("<!-- codes:end -->").expect("end marker");
    let want = expected_table();
    assert_eq!(&doc[start..end], want, "replace the table in docs/validation.md with:\n{want}");
}

fn expected_type_table() -> String {
    let mut out = String::from("| type | stored value | fields | `multiple` checked |\n|---|---|---|---|\n");
    for t in REGISTRY {
        let shape = match t.shape() {
            ValueShape::Strings => "array of strings",
            ValueShape::Number => "number",
            ValueShape::Boolean => "boolean",
            ValueShape::Relations => "array of relation objects",
            ValueShape::Monolingual => "array of `{text, language}`",
        };
        let fields = if t.fields().is_empty() {
            "none".to_owned()
        } else {
            t.fields().iter().map(|f| format!("`{f}`")).collect::<Vec<_>>().join(", ")
        };
        let multiple = if t.checks_multiple() { "yes" } else { "no" };
        out.push_str(&format!("| `{}` | {shape} | {fields} | {multiple} |\n", t.name()));
    }
    out
}

#[test]
fn docs_type_table_matches_the_registry() {
    let doc = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/validation.md")).unwrap();
    let start = doc.find("<!-- types:start -->\n").expect("start marker") + "<!-- types:start -->\n".len();
    let end = doc.find("<!-- types:end -->").expect("end marker");
    let want = expected_type_table();
    assert_eq!(&doc[start..end], want, "replace the type table in docs/validation.md with:\n{want}");
}
