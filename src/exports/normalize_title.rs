//! `normalizeTitle`: the core's title rule for hosts, so no host keeps a copy of it.

use super::ExportError;
use crate::domain::title::Title;
use serde_json::json;

/// The stored spelling of a title without namespace prefix, or `invalid-title` with MediaWiki's key
/// for the refusal in `details.titleError`.
pub fn normalize_title(raw: &str) -> Result<String, ExportError> {
    Title::new(raw).map(|t| t.as_str().to_owned()).map_err(|e| ExportError {
        code: "invalid-title",
        message: e.to_string(),
        details: json!({"titleError": e.code}),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn answers_the_title_or_the_refusal() {
        assert_eq!(normalize_title("a_b").unwrap(), "A b");
        let e = normalize_title("a/../b").unwrap_err();
        assert_eq!((e.code, e.details["titleError"].as_str()), ("invalid-title", Some("title-invalid-relative")));
    }
}
