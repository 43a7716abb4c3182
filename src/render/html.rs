//! HTML escaping and wiki URLs: every text the renderers put into HTML passes through [`escape`], and
//! every link to a page through [`Links`], so no stored text can inject markup or a `javascript:` link.

/// Text escaped for HTML element content and double- or single-quoted attribute values.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// Whether a URL may be a link target: only web, FTP and mail URLs (never `javascript:` or `data:`).
pub fn is_safe_external(url: &str) -> bool {
    let lower = url.to_ascii_lowercase();
    ["http://", "https://", "ftp://", "mailto:"].iter().any(|s| lower.starts_with(s) && lower.len() > s.len())
}

/// The host's URL patterns: `page` with `$1` for a page title (`/wiki/$1`), `editSubject` with `$1`
/// for the page title and `$2` for a Subject ID (absent: no Edit links), `schemaSubjects` with `$1`
/// for a Schema name (the Subject list filtered by that Schema).
#[derive(Debug, Clone)]
pub struct Links {
    pub page: String,
    pub edit_subject: Option<String>,
    pub schema_subjects: Option<String>,
}

impl Default for Links {
    fn default() -> Self {
        Links { page: "/wiki/$1".into(), edit_subject: None, schema_subjects: None }
    }
}

impl Links {
    pub fn from_json(v: Option<&serde_json::Value>) -> Links {
        let get = |key: &str| v.and_then(|l| l.get(key)).and_then(|s| s.as_str()).map(str::to_owned);
        let default = Links::default();
        Links { page: get("page").unwrap_or(default.page), edit_subject: get("editSubject"), schema_subjects: get("schemaSubjects") }
    }

    /// The URL of a page by its prefixed title (`Schema:Book`), spaces written as underscores.
    pub fn page(&self, title: &str) -> String {
        self.page.replace("$1", &title_path(title))
    }

    pub fn edit_subject(&self, title: &str, id: &str) -> Option<String> {
        self.edit_subject.as_ref().map(|p| p.replace("$1", &title_path(title)).replace("$2", &encode(id)))
    }

    pub fn schema_subjects(&self, schema: &str) -> Option<String> {
        self.schema_subjects.as_ref().map(|p| p.replace("$1", &encode(schema)))
    }
}

/// A title as a URL path segment: underscores for spaces, percent-encoded except the characters
/// MediaWiki leaves readable.
fn title_path(title: &str) -> String {
    encode(&title.trim().replace(' ', "_"))
}

fn encode(text: &str) -> String {
    let mut out = String::new();
    for b in text.bytes() {
        if b.is_ascii_alphanumeric() || b"-_.~:/(),!*".contains(&b) {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn markup_characters_are_escaped() {
        assert_eq!(escape(r#"<a href="x">'&'</a>"#), "&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;");
    }

    #[test]
    fn only_web_ftp_and_mail_urls_are_links() {
        let cases = [
            ("https://example.org", true),
            ("HTTP://example.org", true),
            ("mailto:a@example.org", true),
            ("javascript:alert(1)", false),
            ("data:text/html,x", false),
            ("https://", false),
            ("/wiki/Page", false),
        ];
        for (url, safe) in cases {
            assert_eq!(is_safe_external(url), safe, "{url}");
        }
    }

    #[test]
    fn page_urls_use_underscores_and_percent_encoding() {
        let links = Links::default();
        assert_eq!(links.page("Schema:Opening hours"), "/wiki/Schema:Opening_hours");
        assert_eq!(links.page("Café & \"bar\"?"), "/wiki/Caf%C3%A9_%26_%22bar%22%3F");
        assert_eq!(links.edit_subject("A", "s1"), None);
    }
}
