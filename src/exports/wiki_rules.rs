//! The wiki's rules a host asks instead of keeping copies: the namespaces and their names, the
//! content model of a new page, and the kind of each store type.

use super::normalize_title::normalize_title;
use super::ExportError;
use crate::app::page_action::default_content_model as content_model_of;
use crate::domain::title::Title;
use crate::host::{namespace, StoreKind, STORE_TYPES};
use serde_json::{Map, Value};

/// `[[id, name]]` of every namespace, the main one (name "") first.
pub fn namespaces() -> Value {
    namespace::NAMES.iter().map(|(id, name)| Value::from(vec![Value::from(*id), Value::from(*name)])).collect()
}

/// The content model a page of `namespace` titled `title` gets when the editor names none.
pub fn default_content_model(namespace: i32, title: &str) -> Result<String, ExportError> {
    let title = Title::new(&normalize_title(title)?).map_err(|e| ExportError::invalid_argument(e.to_string()))?;
    Ok(content_model_of(namespace, &title))
}

/// `{type: "sparql" | "graph"}` for every store type a configuration may name.
pub fn store_kinds() -> Value {
    let kind = |k: &StoreKind| match k {
        StoreKind::Sparql => "sparql",
        StoreKind::Graph => "graph",
    };
    Value::Object(STORE_TYPES.iter().map(|(name, k)| ((*name).to_owned(), Value::from(kind(k)))).collect::<Map<_, _>>())
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn namespaces_content_models_and_store_kinds_come_from_the_core_tables() {
        assert_eq!(namespaces()[0], json!([0, ""]));
        assert!(namespaces().as_array().unwrap().contains(&json!([7478, "Mapping"])));
        let cases = [
            (0, "A", "wikitext"),
            (7474, "Person", "strata-schema"),
            (7476, "Person", "strata-layout"),
            (7478, "Person schema-org", "strata-mapping"),
            (8, "Strata.json", "json"),
            (8, "Sidebar", "wikitext"),
        ];
        for (ns, title, model) in cases {
            assert_eq!(default_content_model(ns, title).unwrap(), model, "{ns} {title}");
        }
        assert_eq!(default_content_model(0, "a/../b").unwrap_err().code, "invalid-title");
        assert_eq!(store_kinds(), json!({"oxigraph-embedded": "sparql", "sparql-http": "sparql", "falkordb": "graph"}));
    }
}
