//! A parameterized Cypher statement and its wire form.

use super::literal::{parameter_header, LiteralError};
use serde::Serialize;
use serde_json::{Map, Value};

/// Cypher text whose every user-given value is a `$parameter`.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CypherStatement {
    pub cypher: String,
    pub parameters: Map<String, Value>,
}

impl CypherStatement {
    pub fn new(cypher: impl Into<String>) -> Self {
        CypherStatement { cypher: cypher.into(), parameters: Map::new() }
    }

    pub fn param(mut self, name: &str, value: impl Into<Value>) -> Self {
        self.parameters.insert(name.to_owned(), value.into());
        self
    }

    /// The text sent to FalkorDB: the parameter header, then the statement.
    pub fn query_text(&self) -> Result<String, LiteralError> {
        Ok(parameter_header(&self.parameters)? + &self.cypher)
    }
}
