//! How a request body must arrive before its JSON is read: at most `MAX_BODY_BYTES`, as UTF-8, and
//! labelled as JSON when it is labelled at all (an unlabelled body is read as JSON, as `curl
//! --data-raw` clients expect).

use super::request::Request;
use crate::app::error::{ApiError, ErrorKind};

/// The largest request body the REST API reads. The reference host stops reading a longer body at
/// this size (with the same answer); a host that receives bodies whole, such as MediaWiki, passes
/// them on and `check_size` refuses them.
pub const MAX_BODY_BYTES: usize = 2 * 1024 * 1024;

/// Refuses a body longer than `MAX_BODY_BYTES` (413), on every route.
pub fn check_size(request: &Request) -> Result<(), ApiError> {
    match request.body.as_deref() {
        Some(body) if body.len() > MAX_BODY_BYTES => Err(ApiError::new(
            ErrorKind::RequestTooLarge,
            format!("the request body is larger than {MAX_BODY_BYTES} bytes"),
        )),
        _ => Ok(()),
    }
}

/// Refuses a body that is not UTF-8 (400) and, on a route that reads a JSON body, a non-blank body
/// whose `Content-Type` names another media type (415).
pub fn check_encoding(request: &Request, reads_json: bool) -> Result<(), ApiError> {
    if request.body_not_utf8 {
        return Err(ApiError::body("The request body is not valid UTF-8."));
    }
    let blank = request.body.as_deref().is_none_or(|b| b.trim().is_empty());
    match request.headers.get("content-type") {
        Some(label) if reads_json && !blank && !is_json(label) => Err(ApiError::new(
            ErrorKind::UnsupportedMediaType,
            format!("The request body must be JSON (Content-Type: application/json), not \"{label}\"."),
        )
        .with_header("accept-post", "application/json")),
        _ => Ok(()),
    }
}

/// `application/json` or a `+json` type, with any parameters.
fn is_json(label: &str) -> bool {
    let media = label.split(';').next().unwrap_or_default().trim().to_ascii_lowercase();
    media == "application/json" || (media.starts_with("application/") && media.ends_with("+json"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::Caller;

    fn request(content_type: Option<&str>, body: &str, not_utf8: bool) -> Request {
        Request {
            method: "POST".into(),
            path: "/x".into(),
            query: Default::default(),
            headers: content_type.map(|c| ("content-type".to_owned(), c.to_owned())).into_iter().collect(),
            body: Some(body.into()),
            body_not_utf8: not_utf8,
            caller: Caller::default(),
        }
    }

    #[test]
    fn labels_and_encodings() {
        /// Content type, body, whether the body is not UTF-8, whether the route reads JSON, the status refused with.
        type Case<'a> = (Option<&'a str>, &'a str, bool, bool, Option<u16>);
        let cases: &[Case] = &[
            (Some("application/json"), "{}", false, true, None),
            (Some("application/json; charset=utf-8"), "{}", false, true, None),
            (Some("Application/JSON"), "{}", false, true, None),
            (Some("application/merge-patch+json"), "{}", false, true, None),
            (None, "{}", false, true, None),
            (Some("text/plain"), "{}", false, true, Some(415)),
            (Some("application/x-www-form-urlencoded"), "{}", false, true, Some(415)),
            (Some("text/plain"), "  ", false, true, None),
            (Some("text/plain"), "{}", false, false, None),
            (Some("application/json"), "{}", true, true, Some(400)),
            (None, "", true, false, Some(400)),
        ];
        for (label, body, not_utf8, reads_json, want) in cases {
            let got = check_encoding(&request(*label, body, *not_utf8), *reads_json).err().map(|e| e.status());
            assert_eq!(got, *want, "{label:?} {body:?} not_utf8={not_utf8} reads_json={reads_json}");
        }
    }

    #[test]
    fn sizes() {
        let at_limit = "x".repeat(MAX_BODY_BYTES);
        assert_eq!(check_size(&request(None, &at_limit, false)), Ok(()));
        let over = check_size(&request(None, &format!("{at_limit}x"), false)).unwrap_err();
        assert_eq!((over.status(), over.message.as_str()), (413, "the request body is larger than 2097152 bytes"));
    }
}
