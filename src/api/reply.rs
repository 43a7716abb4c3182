//! What a handler answers on success ([`Reply`], with its [`Body`]): the REST entry turns it into a
//! response, and conditional requests (`conditional`) tag it or turn it into a 304.

use serde_json::Value;

/// A successful answer: JSON unless a handler gives a body of another media type, with any headers
/// beyond the content type.
#[derive(Debug, Clone, PartialEq)]
pub struct Reply {
    pub status: u16,
    pub body: Body,
    pub headers: Vec<(&'static str, String)>,
}

#[derive(Debug, Clone, PartialEq)]
pub enum Body {
    Json(Value),
    /// Text relayed unchanged, such as a store's SPARQL results document or an RDF serialization.
    Raw {
        content_type: String,
        text: String,
    },
    /// No body (a redirect).
    Empty,
}

impl Reply {
    pub fn ok(body: Value) -> Self {
        Self::with_status(200, body)
    }

    pub fn created(body: Value) -> Self {
        Self::with_status(201, body)
    }

    pub fn with_status(status: u16, body: Value) -> Self {
        Reply { status, body: Body::Json(body), headers: Vec::new() }
    }
}
