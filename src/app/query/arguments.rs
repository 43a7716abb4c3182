//! A query parser function's arguments (`{{#strata_cypher: query | $name = value ...}}`,
//! `docs/scripting.md`) as the query text and its Cypher parameters. The wiki's parser splits the text
//! after the colon at every `|`; a query may hold `|` itself (`[:A|B]`, `[x IN xs | x.n]`, SPARQL's
//! `||`), so the arguments are joined again, but for the last ones that read `$name = value`: those are
//! the Cypher parameters. A value is a JSON literal when it reads as one (`5`, `true`, `"5"`,
//! `[1, 2]`), else its text.

use super::script::Language;
use crate::app::error::ApiError;
use serde_json::{Map, Value};

/// The query text and the parameters of a parser function's arguments, as the parser split them.
pub fn query_of_arguments(language: Language, arguments: &[String]) -> Result<(String, Map<String, Value>), ApiError> {
    let mut end = arguments.len();
    while language == Language::Cypher && end > 1 && parameter(&arguments[end - 1]).is_some() {
        end -= 1;
    }
    let mut parameters = Map::new();
    for (name, value) in arguments[end..].iter().filter_map(|a| parameter(a)) {
        if parameters.insert(name.to_owned(), value).is_some() {
            return Err(ApiError::body(format!("parameters: ${name} is given twice.")));
        }
    }
    Ok((arguments[..end].join("|").trim().to_owned(), parameters))
}

/// `$name = value` with `name` a Cypher parameter name (a letter or `_`, then letters, digits, `_`).
fn parameter(argument: &str) -> Option<(&str, Value)> {
    let (name, value) = argument.trim_start().strip_prefix('$')?.split_once('=')?;
    let name = name.trim_end();
    let mut chars = name.chars();
    let starts_well = chars.next().is_some_and(|c| c.is_ascii_alphabetic() || c == '_');
    if !starts_well || !chars.all(|c| c.is_ascii_alphanumeric() || c == '_') {
        return None;
    }
    let value = value.trim();
    Some((name, serde_json::from_str(value).unwrap_or_else(|_| Value::from(value))))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn split(language: Language, arguments: &[&str]) -> (String, Value) {
        let arguments: Vec<String> = arguments.iter().map(|a| (*a).to_owned()).collect();
        let (text, parameters) = query_of_arguments(language, &arguments).unwrap();
        (text, Value::Object(parameters))
    }

    #[test]
    fn the_last_arguments_that_name_a_parameter_are_the_parameters() {
        let cases: &[(&[&str], &str, Value)] = &[
            (&[" MATCH (g) RETURN g "], "MATCH (g) RETURN g", json!({})),
            (
                &["MATCH (g) WHERE g.n > $min RETURN g", " $min = 5 "],
                "MATCH (g) WHERE g.n > $min RETURN g",
                json!({"min": 5}),
            ),
            (
                &["RETURN $a, $b", "$a=Ada Lovelace", "$b = \"5\""],
                "RETURN $a, $b",
                json!({"a": "Ada Lovelace", "b": "5"}),
            ),
            (
                &["RETURN $l, $t, $n", "$l = [1, 2]", "$t = true", "$n = null"],
                "RETURN $l, $t, $n",
                json!({"l": [1, 2], "t": true, "n": null}),
            ),
            (&["RETURN $e", "$e ="], "RETURN $e", json!({"e": ""})),
            (
                &["MATCH (a)-[:A", "B]->(b) RETURN [x IN [1] ", " x]"],
                "MATCH (a)-[:A|B]->(b) RETURN [x IN [1] | x]",
                json!({}),
            ),
            (&["RETURN $a", "$a = 1", "MATCH (n) RETURN n"], "RETURN $a|$a = 1|MATCH (n) RETURN n", json!({})),
            (&["RETURN $x", "$1x = 1"], "RETURN $x|$1x = 1", json!({})),
            (&["$a = 1"], "$a = 1", json!({})),
        ];
        for (arguments, text, parameters) in cases {
            assert_eq!(split(Language::Cypher, arguments), ((*text).to_owned(), parameters.clone()), "{arguments:?}");
        }
    }

    #[test]
    fn a_sparql_query_is_every_argument_joined() {
        let arguments = ["SELECT ?s { ?s ?p ?o FILTER(?o = 1 ", "", " $x = 2) }"];
        assert_eq!(
            split(Language::Sparql, &arguments),
            ("SELECT ?s { ?s ?p ?o FILTER(?o = 1 || $x = 2) }".to_owned(), json!({}))
        );
    }

    #[test]
    fn a_parameter_given_twice_is_refused() {
        let arguments = ["RETURN $a".to_owned(), "$a = 1".to_owned(), "$a = 2".to_owned()];
        let error = query_of_arguments(Language::Cypher, &arguments).unwrap_err();
        assert_eq!((error.kind.code(), error.message.as_str()), ("invalid-body", "parameters: $a is given twice."));
    }
}
