//! A parameterized Cypher statement and its wire form.

use super::literal::{parameter_header, LiteralError};
use crate::graph_values::param::{serialize_entries, Param};
use serde::{Serialize, Serializer};

/// Cypher text whose every user-given value is a `$parameter`. Its values borrow from the page
/// content it was projected from; it serializes as `{cypher, parameters}` with the parameters as
/// a JSON object.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CypherStatement<'a> {
    pub cypher: String,
    #[serde(serialize_with = "parameters_object")]
    pub parameters: Vec<(String, Param<'a>)>,
}

fn parameters_object<S: Serializer>(parameters: &[(String, Param<'_>)], serializer: S) -> Result<S::Ok, S::Error> {
    serialize_entries(parameters, serializer)
}

impl<'a> CypherStatement<'a> {
    pub fn new(cypher: impl Into<String>) -> Self {
        CypherStatement { cypher: cypher.into(), parameters: Vec::new() }
    }

    /// Sets the parameter `name` (a name given twice keeps its first place and takes the last value).
    pub fn param(mut self, name: &str, value: impl Into<Param<'a>>) -> Self {
        let value = value.into();
        match self.parameters.iter_mut().find(|(n, _)| n == name) {
            Some((_, slot)) => *slot = value,
            None => self.parameters.push((name.to_owned(), value)),
        }
        self
    }

    /// The text sent to FalkorDB: the parameter header, then the statement.
    pub fn query_text(&self) -> Result<String, LiteralError> {
        let mut text = parameter_header(&self.parameters)?;
        text.push_str(&self.cypher);
        Ok(text)
    }
}
