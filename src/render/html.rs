//! HTML escaping and wiki URLs: every text the renderers put into HTML passes through [`escape`], and
//! every link to a page through [`Links`], so no stored text can inject markup or a `javascript:` link.

use crate::host::UrlLayout;
use crate::messages::{fill, Words};

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

/// The host's URL patterns: its layout ([`UrlLayout`]: `page` with `$1` for a page title, `script`,
/// `rest`), `editSubject` with `$1` for the page title and `$2` for a Subject ID (absent: no Edit
/// links), `schemaSubjects` with `$1` for a Schema name (the Subject list filtered by that Schema);
/// and the request's words ([`Words`]: the host's messages in the reader's language).
#[derive(Debug, Clone, Default)]
pub struct Links {
    pub urls: UrlLayout,
    pub edit_subject: Option<String>,
    pub schema_subjects: Option<String>,
    pub words: Words,
}

impl Links {
    /// The links of a request's `links` object; a missing layout field takes its default.
    pub fn from_json(v: Option<&serde_json::Value>) -> Links {
        let get = |key: &str| v.and_then(|l| l.get(key)).and_then(|s| s.as_str()).map(str::to_owned);
        let urls = v.and_then(|l| serde_json::from_value(l.clone()).ok()).unwrap_or_default();
        Links { urls, edit_subject: get("editSubject"), schema_subjects: get("schemaSubjects"), words: Words::English }
    }

    /// The links and words of a render request: its `links` object and its `messages` (texts by key,
    /// or `"qqx"`; absent: the core's English).
    pub fn from_request(request: &serde_json::Value) -> Links {
        Links { words: Words::from_json(request.get("messages")), ..Links::from_json(request.get("links")) }
    }

    /// The request's text of a message of the core's table, parameters put in, not escaped.
    pub fn msg(&self, key: &str, params: &[&str]) -> String {
        self.words.text(key, params)
    }

    /// [`Links::msg`] escaped for HTML.
    pub fn msg_html(&self, key: &str, params: &[&str]) -> String {
        escape(&self.msg(key, params))
    }

    /// The message escaped for HTML with parameters that are HTML already (links), put in as they are.
    pub fn msg_with_html(&self, key: &str, html_params: &[&str]) -> String {
        let places: Vec<String> = (1..=html_params.len()).map(|i| format!("${i}")).collect();
        let places: Vec<&str> = places.iter().map(String::as_str).collect();
        fill(&escape(&self.msg(key, &places)), html_params)
    }

    /// The links of a host's layout, without Edit links or Schema lists.
    pub fn of(urls: &UrlLayout) -> Links {
        Links { urls: urls.clone(), ..Links::default() }
    }

    /// The URL of a page by its prefixed title (`Schema:Book`), spaces written as underscores.
    pub fn page(&self, title: &str) -> String {
        self.urls.page.replace("$1", &title_path(title))
    }

    /// The URL of the script with a page and an action (`/index.php?title=A&action=subjects`).
    pub fn action(&self, title: &str, action: &str) -> String {
        format!("{}?title={}&action={}", self.urls.script, title_path(title), encode(action))
    }

    /// The URL of one of the core's REST routes (`path` from `/strata/v0/...`).
    pub fn rest(&self, path: &str) -> String {
        format!("{}{path}", self.urls.rest)
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
        let under_w = Links::from_json(Some(
            &serde_json::json!({"page": "/w/index.php?title=$1", "script": "/w/index.php", "rest": "/w/rest.php"}),
        ));
        assert_eq!(under_w.page("A b"), "/w/index.php?title=A_b");
        assert_eq!(under_w.action("A b", "subjects"), "/w/index.php?title=A_b&action=subjects");
        assert_eq!(under_w.rest("/strata/v0/page/1"), "/w/rest.php/strata/v0/page/1");
        assert_eq!(
            Links::from_json(Some(&serde_json::json!({"page": "/x/$1"}))).rest(""),
            "/rest.php",
            "a missing field is the default"
        );
    }
}
