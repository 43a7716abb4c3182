//! The rendering exports: a page, a Schema page, a Schema's editor fields (`crate::render`) and the
//! violation texts an editor shows.

use super::{ExportError, Options};
use crate::domain::schema::Schema;
use crate::render::{self, Field, Links, ListKind};
use crate::types::ReadSchema;
use serde_json::Value;

/// The HTML of a page: `{title, wikitext, subjects, layouts, links}` (`render::render_page`).
pub fn render_page(request: &Value, options: &Options) -> Result<String, ExportError> {
    render::render_page(request, &options.source_key).map_err(ExportError::invalid_argument)
}

/// The HTML of a Schema page: `{name, schema, links}`.
pub fn render_schema(request: &Value, options: &Options) -> Result<String, ExportError> {
    let name =
        request["name"].as_str().ok_or_else(|| ExportError::invalid_argument("request.name must be a string"))?;
    let schema = parse_schema(name, &request["schema"], options)?;
    Ok(render::render_schema(name, &schema, &Links::from_request(request)))
}

/// The HTML of a page's Data tab: `{pageId, subjects, mainSubjectId, iris, projections}`.
pub fn render_data_tab(request: &Value) -> Result<String, ExportError> {
    render::render_data_tab(request).map_err(ExportError::invalid_argument)
}

/// The HTML table of a special page's list: `{list: "subjects" | "recentlyEdited" | "schemas", rows,
/// links}`, `rows` as the REST list answers them (`render::render_list`).
pub fn render_list(request: &Value) -> Result<String, ExportError> {
    let kind = request["list"].as_str().and_then(ListKind::from_name).ok_or_else(|| {
        ExportError::invalid_argument("request.list must be \"subjects\", \"recentlyEdited\" or \"schemas\"")
    })?;
    let rows =
        request["rows"].as_array().ok_or_else(|| ExportError::invalid_argument("request.rows must be an array"))?;
    Ok(render::render_list(kind, rows, &Links::from_request(request)))
}

/// The form fields of a Schema's Subjects, in Schema order.
pub fn editor_fields(name: &str, schema: &Value, options: &Options) -> Result<Vec<Field>, ExportError> {
    Ok(render::fields(&parse_schema(name, schema, options)?))
}

pub(super) fn parse_schema(name: &str, schema: &Value, options: &Options) -> Result<Schema, ExportError> {
    Schema::from_json(schema, &options.source_key).map_err(|e| ExportError::invalid_schema(name, &e))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn bad_requests_are_typed_errors() {
        let options = Options::from_json(None, 0).unwrap();
        assert_eq!(render_page(&json!({}), &options).unwrap_err().code, "invalid-argument");
        assert_eq!(render_schema(&json!({"schema": {}}), &options).unwrap_err().code, "invalid-argument");
        let bad = json!({"propertyDefinitions": {"A": {"type": "number", "minimum": "x"}}});
        assert_eq!(render_schema(&json!({"name": "S", "schema": bad}), &options).unwrap_err().code, "invalid-schema");
        assert_eq!(editor_fields("S", &bad, &options).unwrap_err().code, "invalid-schema");
        assert_eq!(
            editor_fields("S", &json!({"propertyDefinitions": {"A": {"type": "url"}}}), &options).unwrap()[0].input,
            "url"
        );
    }
}
