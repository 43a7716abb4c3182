//! Queries from wikitext or scripts (a parser function, a Lua module; `docs/scripting.md`): the same
//! right and checks as the query endpoints, always in the `default` tier and never counted against the
//! caller's rate limit. Both languages answer one table shape, `{columns, rows, truncated}` with each row
//! an object of column to value (plus `boolean` for a SPARQL ASK), so a page or a module reads a
//! Cypher and a SPARQL result alike.

use super::{admit_text, check_cypher, check_sparql, run_cypher, run_sparql, Tier, TierName};
use crate::app::error::{ApiError, ErrorKind};
use crate::app::Scope;
use crate::host::{Host, StoreKind};
use serde::Deserialize;
use serde_json::{json, Map, Value};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Language {
    Cypher,
    Sparql,
}

/// Runs `text` for the scope's caller in the `default` tier and answers the table.
pub async fn script_query<H: Host>(
    ctx: &Scope<'_, H>,
    language: Language,
    text: Option<&str>,
    parameters: Map<String, Value>,
) -> Result<Value, ApiError> {
    let text = admit_text(ctx.caller, text)?;
    let tier = Tier::limits(&ctx.settings, TierName::Default);
    match language {
        Language::Cypher => {
            let checked = check_cypher(text, parameters)?;
            if !ctx.settings.has_store(StoreKind::Graph) {
                return Err(ApiError::new(
                    ErrorKind::BackendUnavailable,
                    "No graph database is configured for Cypher queries.",
                ));
            }
            let result = run_cypher(ctx.host, &checked, tier).await?;
            Ok(json!({"columns": result["columns"], "rows": result["rows"], "truncated": result["truncated"]}))
        }
        Language::Sparql => {
            let query = check_sparql(text)?;
            if !ctx.settings.has_store(StoreKind::Sparql) {
                return Err(ApiError::new(
                    ErrorKind::SparqlStoreUnavailable,
                    "No SPARQL store is configured for SPARQL queries.",
                ));
            }
            let (_, body) = run_sparql(ctx.host, &query, tier).await?;
            sparql_table(&body)
        }
    }
}

/// SPARQL 1.1 JSON results as the table: the variables as columns, each binding's `value` text (an
/// unbound variable is absent from its row); an ASK answer has no columns and its `boolean`.
fn sparql_table(body: &str) -> Result<Value, ApiError> {
    let unreadable =
        || ApiError::new(ErrorKind::QueryInternalError, "The SPARQL store did not answer with SPARQL JSON results.");
    let results: Value = serde_json::from_str(body).map_err(|_| unreadable())?;
    if let Some(answer) = results.get("boolean").and_then(Value::as_bool) {
        return Ok(json!({"columns": [], "rows": [], "truncated": false, "boolean": answer}));
    }
    let columns = results.pointer("/head/vars").and_then(Value::as_array).ok_or_else(unreadable)?;
    let bindings = results.pointer("/results/bindings").and_then(Value::as_array).ok_or_else(unreadable)?;
    let rows: Vec<Value> = bindings
        .iter()
        .map(|binding| {
            let cells = binding.as_object().into_iter().flatten();
            Value::Object(cells.filter_map(|(name, term)| Some((name.clone(), term.get("value")?.clone()))).collect())
        })
        .collect();
    Ok(json!({"columns": columns, "rows": rows, "truncated": false}))
}

#[cfg(test)]
mod tests {
    use super::sparql_table;
    use serde_json::json;

    #[test]
    fn sparql_results_become_the_table() {
        let select = r#"{"head":{"vars":["s","name"]},"results":{"bindings":[
            {"s":{"type":"uri","value":"http://w/s1"},"name":{"type":"literal","value":"ACME","xml:lang":"en"}},
            {"s":{"type":"uri","value":"http://w/s2"}}]}}"#;
        assert_eq!(
            sparql_table(select).unwrap(),
            json!({"columns": ["s", "name"], "rows": [{"s": "http://w/s1", "name": "ACME"}, {"s": "http://w/s2"}], "truncated": false})
        );
        assert_eq!(sparql_table(r#"{"head":{},"boolean":true}"#).unwrap()["boolean"], json!(true));
        assert_eq!(sparql_table("<sparql/>").unwrap_err().kind.code(), "internalError");
        assert_eq!(sparql_table(r#"{"head":{}}"#).unwrap_err().kind.code(), "internalError");
    }
}
