//! Layouts: how the Subjects of one Schema are displayed. A Layout page holds
//! `{schema, type, description?, settings?}`; `type` names the renderer, and any other key belongs to
//! that renderer (`displayRules`, ...), so it is kept as written.

use super::title::Title;
use serde_json::{Map, Value};
use std::fmt;

#[derive(Debug, Clone, PartialEq)]
pub struct Layout {
    /// The name of the Schema whose Subjects this Layout displays.
    pub schema: Title,
    /// The renderer (`infobox`, `card`, `table`, ...): any non-blank string.
    pub layout_type: String,
    pub description: Option<String>,
    /// The renderer's settings.
    pub settings: Option<Map<String, Value>>,
    /// Keys this version does not know, after the known ones, in the order written.
    pub extra: Map<String, Value>,
}

/// One reason a Layout is invalid, with the top-level key it is about (empty for the whole value).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LayoutError {
    pub path: &'static str,
    pub message: &'static str,
}

/// Every reason a Layout was refused, in key order.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct LayoutErrors(pub Vec<LayoutError>);

impl fmt::Display for LayoutErrors {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let parts: Vec<String> = self
            .0
            .iter()
            .map(|e| if e.path.is_empty() { e.message.to_owned() } else { format!("{}: {}", e.path, e.message) })
            .collect();
        f.write_str(&parts.join("; "))
    }
}

impl std::error::Error for LayoutErrors {}

/// The content model of Layout pages.
pub const LAYOUT_CONTENT_MODEL: &str = "strata-layout";

const KNOWN_KEYS: [&str; 4] = ["schema", "type", "description", "settings"];

impl Layout {
    /// Reads a Layout to be saved, collecting every reason it is invalid. `schema_exists` answers
    /// whether a Schema of that name exists (and the caller may read it).
    pub fn save_check(v: &Value, schema_exists: impl Fn(&Title) -> bool) -> Result<Layout, LayoutErrors> {
        let Some(obj) = v.as_object() else {
            return Err(LayoutErrors(vec![LayoutError { path: "", message: "a Layout is a JSON object" }]));
        };
        let mut errs = Vec::new();
        let schema = field(obj, "schema", true, Value::as_str, "must be a Schema name", &mut errs).and_then(|s| {
            let refusal = match Title::new(s) {
                Ok(t) if schema_exists(&t) => return Some(t),
                Ok(_) => "names no Schema of this wiki",
                Err(e) => e.reason,
            };
            errs.push(LayoutError { path: "schema", message: refusal });
            None
        });
        let non_blank = |v: &'_ Value| v.as_str().filter(|s| !s.trim().is_empty()).map(str::to_owned);
        let layout_type = field(obj, "type", true, non_blank, "must be a non-blank string", &mut errs);
        let description = field(obj, "description", false, Value::as_str, "must be a string", &mut errs);
        let settings = field(obj, "settings", false, Value::as_object, "must be an object", &mut errs);
        match (schema, layout_type) {
            (Some(schema), Some(layout_type)) if errs.is_empty() => Ok(Layout {
                schema,
                layout_type,
                description: description.map(str::to_owned),
                settings: settings.cloned(),
                extra: obj
                    .iter()
                    .filter(|(k, _)| !KNOWN_KEYS.contains(&k.as_str()))
                    .map(|(k, v)| (k.clone(), v.clone()))
                    .collect(),
            }),
            _ => Err(LayoutErrors(errs)),
        }
    }

    /// The stored form: known keys first (the Schema name in its stored spelling), then the others.
    pub fn to_json(&self) -> Value {
        let mut out = Map::new();
        out.insert("schema".into(), self.schema.as_str().into());
        out.insert("type".into(), self.layout_type.clone().into());
        if let Some(d) = &self.description {
            out.insert("description".into(), d.clone().into());
        }
        if let Some(s) = &self.settings {
            out.insert("settings".into(), Value::Object(s.clone()));
        }
        out.extend(self.extra.clone());
        Value::Object(out)
    }
}

/// The value of `key` when `read` accepts it. A missing or null key is a reason only when `required`.
fn field<'v, T>(
    obj: &'v Map<String, Value>,
    key: &'static str,
    required: bool,
    read: impl Fn(&'v Value) -> Option<T>,
    message: &'static str,
    errs: &mut Vec<LayoutError>,
) -> Option<T> {
    let refusal = match obj.get(key) {
        None | Some(Value::Null) if required => "is required",
        None | Some(Value::Null) => return None,
        Some(v) => match read(v) {
            Some(t) => return Some(t),
            None => message,
        },
    };
    errs.push(LayoutError { path: key, message: refusal });
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn every_reason_is_reported() {
        let cases = [
            (json!([]), vec![("", "a Layout is a JSON object")]),
            (json!({}), vec![("schema", "is required"), ("type", "is required")]),
            (
                json!({"schema": 3, "type": " ", "description": false, "settings": []}),
                vec![
                    ("schema", "must be a Schema name"),
                    ("type", "must be a non-blank string"),
                    ("description", "must be a string"),
                    ("settings", "must be an object"),
                ],
            ),
            (json!({"schema": "a|b", "type": "infobox"}), vec![("schema", "must not contain any of # < > [ ] | { }")]),
            (json!({"schema": "Book", "type": "card", "settings": "wide"}), vec![("settings", "must be an object")]),
            (
                json!({"schema": "missing", "type": ""}),
                vec![("schema", "names no Schema of this wiki"), ("type", "must be a non-blank string")],
            ),
        ];
        for (input, want) in cases {
            let got = Layout::save_check(&input, |t| t.as_str() != "Missing").unwrap_err();
            let got: Vec<(&str, &str)> = got.0.iter().map(|e| (e.path, e.message)).collect();
            assert_eq!(got, want, "{input}");
        }
    }

    #[test]
    fn the_stored_form_normalizes_the_schema_name_and_keeps_unknown_keys() {
        let input = json!({
            "displayRules": [{"property": "Name"}], "settings": {"hideEmpty": true},
            "type": "infobox", "schema": "archive_collection", "description": "Box",
        });
        let layout = Layout::save_check(&input, |_| true).unwrap();
        assert_eq!(layout.schema.as_str(), "Archive collection");
        let stored = layout.to_json();
        let keys: Vec<&String> = stored.as_object().unwrap().keys().collect();
        assert_eq!(keys, ["schema", "type", "description", "settings", "displayRules"]);
        assert_eq!(stored["displayRules"], json!([{"property": "Name"}]));
        assert_eq!(Layout::save_check(&stored, |_| true).unwrap(), layout, "the stored form reads back the same");
        let bare = Layout::save_check(&json!({"schema": "Book", "type": "card"}), |_| true).unwrap().to_json();
        assert_eq!(bare, json!({"schema": "Book", "type": "card"}), "absent optional keys stay absent");
    }
}
