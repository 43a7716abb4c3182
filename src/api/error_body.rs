//! The one body every non-2xx REST answer carries: `{errorType, error, message,
//! messageTranslations: {en}, httpCode}` plus the refusal's named context fields.

use super::request::Response;
use crate::app::error::ApiError;
use serde_json::{json, Value};

pub fn error_body(e: &ApiError) -> Value {
    let code = e.kind.code();
    let mut body = json!({
        "errorType": code,
        "error": code,
        "message": e.message,
        "messageTranslations": {"en": e.message},
        "httpCode": e.status(),
    });
    if let Value::Object(o) = &mut body {
        o.extend((*e.context).clone());
    }
    body
}

pub fn error_response(e: &ApiError) -> Response {
    let mut response = Response::json(e.status(), &error_body(e));
    response.headers.extend(e.headers.iter().map(|(name, value)| ((*name).to_owned(), value.clone())));
    response
}
