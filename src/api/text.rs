//! The REST layer over JSON text, for the adapters' `handleRoute` and `errorResponse` exports. A text
//! the core cannot read is `Err` with a sentence naming why; the adapters report it as the boundary's
//! `invalid-argument` failure (`docs/architecture.md`, "Failures"). A REST answer, 4xx included, is
//! a result: an HTTP response `{status, headers, body}`.

use super::{error_response, handle_route, Request};
use crate::app::error::{ApiError, ErrorKind};
use crate::host::Host;
use serde::Deserialize;

/// `handleRoute`: one REST request as JSON text, answered as the response's JSON text.
pub async fn handle_route_text<H: Host>(host: &H, request_json: &str) -> Result<String, String> {
    let request: Request = serde_json::from_str(request_json).map_err(|e| format!("request: {e}"))?;
    serde_json::to_string(&handle_route(host, request).await).map_err(|e| e.to_string())
}

/// What a host asks `errorResponse` for: the code of a kind in the error table and the message.
#[derive(Deserialize)]
struct HostAnswered {
    code: String,
    message: String,
}

/// `errorResponse`: the REST response of an error a host answers itself (`request-too-large`,
/// `internal-error`, `core-unavailable`), from the one error table.
pub fn error_response_text(request_json: &str) -> Result<String, String> {
    let asked: HostAnswered = serde_json::from_str(request_json).map_err(|e| format!("request: {e}"))?;
    let kind = ErrorKind::from_code(&asked.code)
        .ok_or_else(|| format!("\"{}\" is not an error code of the REST API", asked.code))?;
    serde_json::to_string(&error_response(&ApiError::new(kind, asked.message))).map_err(|e| e.to_string())
}
