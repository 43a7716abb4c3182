//! Layout and Mapping pages for readers: what the page's JSON says, as tables, read by the domain's
//! own readers (`Layout::save_check` without its Schema check, `Mapping::from_json`). A text that is not a valid Layout or Mapping
//! is shown as written, after the reasons. The host passes the page's text and content model; it
//! never parses the JSON itself.

use super::html::{escape, Links};
use crate::domain::layout::{Layout, LAYOUT_CONTENT_MODEL};
use crate::domain::mapping::{Mapping, MAPPING_CONTENT_MODEL};
use serde_json::{Map, Value};

/// The HTML of a Layout or Mapping page (by its content model); `None` for any other page.
pub fn render_definition_page(content_model: &str, text: &str, links: &Links) -> Option<String> {
    let (what, read): (&str, Result<String, String>) = match content_model {
        LAYOUT_CONTENT_MODEL => (
            "strata-definition-layout",
            json(text)
                .and_then(|v| Layout::save_check(&v, |_| true).map_err(|e| e.to_string()))
                .map(|l| layout(&l, links)),
        ),
        MAPPING_CONTENT_MODEL => (
            "strata-definition-mapping",
            json(text).and_then(|v| Mapping::from_json(&v).map_err(|e| e.to_string())).map(|m| mapping(&m, links)),
        ),
        _ => return None,
    };
    Some(read.unwrap_or_else(|reasons| {
        format!(
            "<p class=\"error definition-error\" role=\"alert\">{}</p>\n<pre class=\"page-text\">{}</pre>\n",
            links.msg_html("strata-definition-invalid", &[&links.msg(what, &[]), &reasons]),
            escape(text)
        )
    }))
}

fn json(text: &str) -> Result<Value, String> {
    serde_json::from_str(text).map_err(|e| format!("the text is not JSON ({e})"))
}

/// A table of rows headed `strata-heading-{name}`.
fn rows(links: &Links, rows: &[(&str, String)]) -> String {
    let body: String = rows
        .iter()
        .map(|(k, v)| format!("<tr><th scope=\"row\">{}</th><td>{v}</td></tr>\n", heading(links, k)))
        .collect();
    format!("<table class=\"definition\"><tbody>\n{body}</tbody></table>\n")
}

fn heading(links: &Links, name: &str) -> String {
    links.msg_html(&format!("strata-heading-{name}"), &[])
}

fn schema_link(schema: &str, links: &Links) -> String {
    format!("<a href=\"{}\">{}</a>", escape(&links.page(&format!("Schema:{schema}"))), escape(schema))
}

fn pretty(v: &Map<String, Value>) -> String {
    format!("<pre class=\"json\">{}</pre>", escape(&serde_json::to_string_pretty(v).unwrap_or_default()))
}

fn layout(l: &Layout, links: &Links) -> String {
    let mut fields = vec![("schema", schema_link(l.schema.as_str(), links)), ("type", escape(&l.layout_type))];
    if let Some(d) = &l.description {
        fields.push(("description", escape(d)));
    }
    if let Some(s) = &l.settings {
        fields.push(("settings", pretty(s)));
    }
    if !l.extra.is_empty() {
        fields.push(("other-keys", pretty(&l.extra)));
    }
    format!("<div class=\"layout-definition\">\n{}</div>\n", rows(links, &fields))
}

fn mapping(m: &Mapping, links: &Links) -> String {
    let head = rows(
        links,
        &[
            ("schema", schema_link(m.schema.as_str(), links)),
            ("projection", escape(&m.target)),
            ("class", format!("<code>{}</code>", escape(&m.class))),
        ],
    );
    let code = |s: &str| format!("<code>{}</code>", escape(s));
    let prefixes: String =
        m.prefixes.iter().map(|(p, ns)| format!("<tr><td>{}</td><td>{}</td></tr>\n", code(p), code(ns))).collect();
    let properties: String = m
        .properties
        .iter()
        .map(|(name, p)| {
            format!(
                "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>\n",
                escape(name),
                code(&p.predicate),
                p.lang.as_deref().map_or_else(String::new, code),
                p.datatype.as_deref().map_or_else(String::new, code)
            )
        })
        .collect();
    let mut html = format!("<div class=\"mapping-definition\">\n{head}");
    if !prefixes.is_empty() {
        html.push_str(&format!("<h2>{}</h2>\n<table class=\"mapping-prefixes\"><thead><tr><th scope=\"col\">{}</th><th scope=\"col\">{}</th></tr></thead>\n<tbody>\n{prefixes}</tbody></table>\n",
            heading(links, "prefixes"), heading(links, "prefix"), heading(links, "namespace")));
    }
    html.push_str(&format!("<h2>{}</h2>\n<table class=\"mapping-properties\"><thead><tr><th scope=\"col\">{}</th><th scope=\"col\">{}</th><th scope=\"col\">{}</th><th scope=\"col\">{}</th></tr></thead>\n<tbody>\n{properties}</tbody></table>\n</div>\n",
        heading(links, "properties"), heading(links, "property"), heading(links, "predicate"), heading(links, "language"), heading(links, "datatype")));
    html
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn render(model: &str, content: &Value) -> String {
        render_definition_page(model, &serde_json::to_string_pretty(content).unwrap(), &Links::default()).unwrap()
    }

    #[test]
    fn a_layout_page_shows_its_schema_type_and_settings() {
        let html = render(
            LAYOUT_CONTENT_MODEL,
            &json!({"schema": "Person", "type": "infobox", "description": "<b>", "settings": {"displayRules": []}}),
        );
        assert!(html.contains("<a href=\"/wiki/Schema:Person\">Person</a>"), "{html}");
        assert!(html.contains("<td>infobox</td>") && html.contains("<td>&lt;b&gt;</td>"), "{html}");
        assert!(html.contains("&quot;displayRules&quot;"), "{html}");
        insta::assert_snapshot!(html);
    }

    #[test]
    fn a_mapping_page_shows_its_class_prefixes_and_properties() {
        let mapping = json!({"version": 1, "schema": "Person", "target": "schema-org", "prefixes": {"schema": "https://schema.org/"},
            "subject": {"class": "schema:Person"}, "properties": {"Name": {"predicate": "schema:name", "lang": "en"}, "Born": {"predicate": "schema:birthDate", "datatype": "xsd:date"}}});
        let html = render(MAPPING_CONTENT_MODEL, &mapping);
        assert!(html.contains("<td>schema-org</td>") && html.contains("<code>schema:Person</code>"), "{html}");
        assert!(
            html.contains("<tr><td><code>schema</code></td><td><code>https://schema.org/</code></td></tr>"),
            "{html}"
        );
        assert!(
            html.contains(
                "<tr><td>Born</td><td><code>schema:birthDate</code></td><td></td><td><code>xsd:date</code></td></tr>"
            ),
            "{html}"
        );
        insta::assert_snapshot!(html);
    }

    #[test]
    fn a_page_that_is_not_a_valid_definition_shows_its_text_after_the_reasons() {
        let html = render_definition_page(MAPPING_CONTENT_MODEL, "{\"version\": 2} <x>", &Links::default()).unwrap();
        assert!(html.starts_with("<p class=\"error definition-error\" role=\"alert\">This page is not a valid Mapping: the text is not JSON"), "{html}");
        assert!(html.contains("<pre class=\"page-text\">{&quot;version&quot;: 2} &lt;x&gt;</pre>"), "{html}");
        let html = render_definition_page(LAYOUT_CONTENT_MODEL, "{\"type\": \"card\"}", &Links::default()).unwrap();
        assert!(html.contains("This page is not a valid Layout: schema: is required"), "{html}");
        assert_eq!(render_definition_page("wikitext", "x", &Links::default()), None);
    }
}
