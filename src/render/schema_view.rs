//! A Schema page for readers: its description, a table of its properties (type, required, multiple,
//! the type's constraints and targets), and a link to its Subjects.

use super::fields::{fields, Field};
use super::html::{escape, Links};
use crate::domain::schema::Schema;
use serde_json::Value;

/// The HTML of a Schema page's content.
pub fn render_schema(name: &str, schema: &Schema, links: &Links) -> String {
    let mut html = String::new();
    if schema.subjects_are_dependent {
        html.push_str(&format!(
            "<p class=\"schema-dependent\">{}</p>\n",
            links.msg_html("strata-schema-dependent", &[])
        ));
    }
    if !schema.description.is_empty() {
        html.push_str(&format!("<p class=\"schema-description\">{}</p>\n", escape(&schema.description)));
    }
    if let Some(href) = links.schema_subjects(name) {
        html.push_str(&format!(
            "<p><a class=\"schema-subjects\" href=\"{}\">{}</a></p>\n",
            escape(&href),
            links.msg_html("strata-schema-subjects", &[])
        ));
    }
    let rows: String = fields(schema).iter().map(|f| row(f, links)).collect();
    let head: String = ["property", "type", "required", "multiple", "details"]
        .iter()
        .map(|h| format!("<th scope=\"col\">{}</th>", links.msg_html(&format!("strata-heading-{h}"), &[])))
        .collect();
    html.push_str(&format!(
        "<div class=\"table-wrap\"><table class=\"schema-properties\"><thead><tr>{head}</tr></thead>\n<tbody>\n{rows}</tbody></table></div>\n"
    ));
    html
}

fn row(f: &Field, links: &Links) -> String {
    let mut details: Vec<String> = Vec::new();
    let text = |v: &Value| v.as_str().map_or_else(|| v.to_string(), str::to_owned);
    let detail = |key: &str, param: String| links.msg_html(key, &[&param]);
    if let Some(min) = &f.minimum {
        details.push(detail("strata-schema-minimum", text(min)));
    }
    if let Some(max) = &f.maximum {
        details.push(detail("strata-schema-maximum", text(max)));
    }
    if let Some(p) = f.precision {
        details.push(detail("strata-schema-precision", p.to_string()));
    }
    if let Some(n) = f.min_length {
        details.push(detail("strata-schema-min-length", n.to_string()));
    }
    if let Some(n) = f.max_length {
        details.push(detail("strata-schema-max-length", n.to_string()));
    }
    if !f.options.is_empty() {
        let labels: Vec<String> = f.options.iter().map(|o| text(&o["label"])).collect();
        details.push(detail("strata-schema-options", labels.join(", ")));
    }
    if let Some(r) = &f.relation {
        details.push(detail("strata-schema-relation", r.clone()));
    }
    if !f.target_schemas.is_empty() {
        let targets: Vec<String> = f
            .target_schemas
            .iter()
            .map(|t| format!("<a href=\"{}\">{}</a>", escape(&links.page(&format!("Schema:{t}"))), escape(t)))
            .collect();
        details.push(links.msg_with_html("strata-schema-targets", &[&targets.join(", ")]));
    }
    if let Some(d) = &f.default {
        details.push(detail("strata-schema-default", text(d)));
    }
    let description = if f.description.is_empty() {
        String::new()
    } else {
        format!("<div class=\"property-description\">{}</div>", escape(&f.description))
    };
    format!(
        "<tr><th scope=\"row\">{}</th><td>{}</td><td>{}</td><td>{}</td><td>{}{description}</td></tr>\n",
        escape(&f.name),
        escape(&f.type_name),
        links.msg_html(
            f.required.map_or("strata-schema-no", |s| {
                if s == "error" {
                    "strata-schema-required-yes"
                } else {
                    "strata-schema-required-warning"
                }
            }),
            &[]
        ),
        links.msg_html(if f.multiple { "strata-schema-multiple-yes" } else { "strata-schema-no" }, &[]),
        details.join("; "),
    )
}
