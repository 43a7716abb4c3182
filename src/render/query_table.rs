//! The result of a query from wikitext (`{{#strata_cypher: ...}}`, `{{#strata_sparql: ...}}`) as a
//! table, and a refused or failed query as a visible error message: every host's parser function
//! inserts this HTML as it is (`docs/scripting.md`).

use super::html::escape;
use crate::messages::Words;
use serde_json::Value;

/// A table of `{columns, rows, truncated}` (`app::query::script`): a header row of the column names,
/// one row per result row with each cell's text, a note when the row cap cut the result, a note for
/// none; a SPARQL ASK answer (`boolean`) is the value true or false. The notes are `words`' texts.
pub fn render_query_table(table: &Value, words: &Words) -> String {
    if let Some(answer) = table["boolean"].as_bool() {
        return format!("<p class=\"strata-query-result\">{answer}</p>");
    }
    let columns: Vec<&str> = table["columns"].as_array().into_iter().flatten().filter_map(Value::as_str).collect();
    let rows = table["rows"].as_array().map(Vec::as_slice).unwrap_or_default();
    if rows.is_empty() {
        return format!("<p class=\"strata-query-result\">{}</p>", escape(&words.text("strata-query-no-results", &[])));
    }
    let head: String = columns.iter().map(|c| format!("<th>{}</th>", escape(c))).collect();
    let body: Vec<String> = rows
        .iter()
        .map(|row| {
            format!(
                "<tr>{}</tr>",
                columns.iter().map(|c| format!("<td>{}</td>", escape(&cell_text(&row[*c])))).collect::<String>()
            )
        })
        .collect();
    let note = if table["truncated"].as_bool() == Some(true) {
        let shown = rows.len().to_string();
        format!(
            "\n<p class=\"strata-query-truncated\">{}</p>",
            escape(&words.text("strata-query-truncated", &[&shown]))
        )
    } else {
        String::new()
    };
    format!("<table class=\"wikitable strata-query-result\"><thead><tr>{head}</tr></thead>\n<tbody>\n{}\n</tbody></table>{note}", body.join("\n"))
}

/// A query's error type and message, as the error MediaWiki shows for a failed parser function.
pub fn render_query_error(error_type: &str, message: &str, words: &Words) -> String {
    format!(
        "<strong class=\"error strata-query-error\">{}</strong>",
        escape(&words.text("strata-query-failed", &[error_type, message]))
    )
}

/// A cell as text: strings as they are, nothing for null, numbers and booleans in JSON, and nodes,
/// relationships, paths, lists and maps as compact JSON.
fn cell_text(cell: &Value) -> String {
    match cell {
        Value::Null => String::new(),
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::{render_query_error, render_query_table};
    use crate::messages::Words;
    use serde_json::json;

    #[test]
    fn a_table_has_a_header_row_and_one_row_per_result_escaped() {
        let table = json!({"columns": ["name", "n"], "rows": [{"name": "<b>ACME</b>", "n": 3}, {"name": null, "n": [1, "x"]}], "truncated": false});
        let html = render_query_table(&table, &Words::English);
        assert!(html.contains("<tr><th>name</th><th>n</th></tr>"), "{html}");
        assert!(html.contains("<tr><td>&lt;b&gt;ACME&lt;/b&gt;</td><td>3</td></tr>"), "{html}");
        assert!(html.contains("<tr><td></td><td>[1,&quot;x&quot;]</td></tr>"), "{html}");
        assert!(!html.contains("strata-query-truncated"));
        insta::assert_snapshot!(html);
    }

    #[test]
    fn truncation_empty_results_and_ask_answers_are_said() {
        let cut =
            render_query_table(&json!({"columns": ["a"], "rows": [{"a": 1}], "truncated": true}), &Words::English);
        assert!(cut.contains("Only the first 1 rows are shown."), "{cut}");
        assert_eq!(
            render_query_table(&json!({"columns": ["a"], "rows": [], "truncated": false}), &Words::English),
            "<p class=\"strata-query-result\">No results.</p>"
        );
        assert_eq!(
            render_query_table(&json!({"columns": [], "rows": [], "boolean": false}), &Words::English),
            "<p class=\"strata-query-result\">false</p>"
        );
    }

    #[test]
    fn an_error_is_a_visible_escaped_message() {
        assert_eq!(
            render_query_error("cypherSyntaxError", "near <x>", &Words::English),
            "<strong class=\"error strata-query-error\">Strata query failed (cypherSyntaxError): near &lt;x&gt;</strong>"
        );
    }

    #[test]
    fn the_notes_are_the_readers_words() {
        let qqx = Words::from_json(Some(&json!("qqx")));
        let cut = render_query_table(&json!({"columns": ["a"], "rows": [{"a": 1}], "truncated": true}), &qqx);
        assert!(cut.contains("(strata-query-truncated: 1)"), "{cut}");
        let none = render_query_table(&json!({"columns": ["a"], "rows": [], "truncated": false}), &qqx);
        assert!(none.contains("(strata-query-no-results)"), "{none}");
        let failed = render_query_error("cypherSyntaxError", "near <x>", &qqx);
        assert!(failed.contains("(strata-query-failed: cypherSyntaxError, near &lt;x&gt;)"), "{failed}");
        let german = Words::from_json(Some(&json!({"strata-query-no-results": "Keine Ergebnisse."})));
        let none = render_query_table(&json!({"columns": ["a"], "rows": [], "truncated": false}), &german);
        assert_eq!(none, "<p class=\"strata-query-result\">Keine Ergebnisse.</p>");
    }
}
