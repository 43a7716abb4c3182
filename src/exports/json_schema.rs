//! The `jsonSchema` export: the JSON Schema (2020-12) of a Schema's Subjects, the same document
//! `GET /schema/{name}/json-schema` answers, for callers that hold the Schema themselves (an editor).

use super::render::parse_schema;
use super::{ExportError, Options};
use crate::app::json_schema::subject_document;
use serde_json::Value;

/// The JSON Schema of the Subjects of Schema `name`; `invalid-schema` when `schema` is not a Schema.
pub fn json_schema(name: &str, schema: &Value, options: &Options) -> Result<Value, ExportError> {
    Ok(subject_document(name, &parse_schema(name, schema, options)?))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_schema_gives_the_document_the_route_answers() {
        let options = Options::from_json(None, 0).unwrap();
        let schema = json!({"propertyDefinitions": {"Name": {"type": "text", "required": true}}});
        let doc = json_schema("Person", &schema, &options).unwrap();
        assert_eq!(doc["properties"]["schema"], json!({"const": "Person"}));
        assert_eq!(doc["properties"]["statements"]["required"], json!(["Name"]));
        assert_eq!(
            doc["properties"]["statements"]["properties"]["Name"]["properties"]["propertyType"],
            json!({"const": "text"})
        );
        let bad = json!({"propertyDefinitions": {"A": {"type": "number", "minimum": "x"}}});
        assert_eq!(json_schema("S", &bad, &options).unwrap_err().code, "invalid-schema");
    }
}
