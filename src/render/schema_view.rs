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
        html.push_str("<p class=\"schema-dependent\">Subjects of this Schema are dependent: they live on the page of the Subject that points to them.</p>\n");
    }
    if !schema.description.is_empty() {
        html.push_str(&format!("<p class=\"schema-description\">{}</p>\n", escape(&schema.description)));
    }
    if let Some(href) = links.schema_subjects(name) {
        html.push_str(&format!(
            "<p><a class=\"schema-subjects\" href=\"{}\">Subjects of this Schema</a></p>\n",
            escape(&href)
        ));
    }
    let rows: String = fields(schema).iter().map(|f| row(f, links)).collect();
    html.push_str(&format!(
        "<div class=\"table-wrap\"><table class=\"schema-properties\"><thead><tr><th scope=\"col\">Property</th><th scope=\"col\">Type</th>\
<th scope=\"col\">Required</th><th scope=\"col\">Multiple</th><th scope=\"col\">Details</th></tr></thead>\n<tbody>\n{rows}</tbody></table></div>\n"
    ));
    html
}

fn row(f: &Field, links: &Links) -> String {
    let mut details: Vec<String> = Vec::new();
    let text = |v: &Value| escape(&v.as_str().map_or_else(|| v.to_string(), str::to_owned));
    if let Some(min) = &f.minimum {
        details.push(format!("minimum {}", text(min)));
    }
    if let Some(max) = &f.maximum {
        details.push(format!("maximum {}", text(max)));
    }
    if let Some(p) = f.precision {
        details.push(format!("{p} decimal places"));
    }
    if let Some(n) = f.min_length {
        details.push(format!("at least {n} characters"));
    }
    if let Some(n) = f.max_length {
        details.push(format!("at most {n} characters"));
    }
    if !f.options.is_empty() {
        let labels: Vec<String> = f.options.iter().map(|o| text(&o["label"])).collect();
        details.push(format!("options: {}", labels.join(", ")));
    }
    if let Some(r) = &f.relation {
        details.push(format!("relation “{}”", escape(r)));
    }
    if !f.target_schemas.is_empty() {
        let targets: Vec<String> = f
            .target_schemas
            .iter()
            .map(|t| format!("<a href=\"{}\">{}</a>", escape(&links.page(&format!("Schema:{t}"))), escape(t)))
            .collect();
        details.push(format!("targets: {}", targets.join(", ")));
    }
    if let Some(d) = &f.default {
        details.push(format!("default {}", text(d)));
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
        f.required.map_or("no", |s| if s == "error" { "yes" } else { "yes (warning)" }),
        if f.multiple { "yes" } else { "no" },
        details.join("; "),
    )
}
