//! One Subject as HTML: a section with its name, Schema and Edit link, its Statements through its
//! Layout (infobox, card or table), and its Dependent Subjects nested under it.

use super::html::{escape, Links};
use super::layout::{LayoutView, Layouts, Shape};
use super::value::{joined, parts, ValueContext};
use crate::domain::schema::Schema;
use serde_json::{Map, Value};
use std::collections::HashMap;

/// Everything shared by the Subjects of one page.
pub struct PageSubjects<'a> {
    pub links: &'a Links,
    pub page_title: &'a str,
    pub subjects: &'a Map<String, Value>,
    pub elsewhere: &'a Map<String, Value>,
    pub schemas: &'a HashMap<String, Schema>,
    pub layouts: &'a Layouts,
}

/// The Schema reference of a read object as text: the name, or `source:name` for a foreign one.
pub fn schema_key(subject: &Value) -> String {
    match &subject["schema"] {
        Value::String(s) => s.clone(),
        other => {
            format!("{}:{}", other["source"].as_str().unwrap_or_default(), other["name"].as_str().unwrap_or_default())
        }
    }
}

impl PageSubjects<'_> {
    /// The Subject `id` and, nested, the Subjects whose host it is. `depth` 0 is a top-level Subject.
    pub fn section(&self, id: &str, subject: &Value, depth: usize) -> String {
        let schema_name = schema_key(subject);
        let layout = self.layouts.for_schema(&schema_name);
        let heading = if depth == 0 { "h2" } else { "h3" };
        let mut html = format!(
            "<section class=\"subject{}\" id=\"subject-{}\" data-subject-id=\"{}\" data-schema=\"{}\"{}>\n<header><{heading} class=\"subject-name\">{}</{heading}> ",
            if depth > 0 { " dependent" } else { "" },
            escape(id),
            escape(id),
            escape(&schema_name),
            layout.name.as_ref().map(|n| format!(" data-layout=\"{}\"", escape(n))).unwrap_or_default(),
            escape(subject["displayName"].as_str().unwrap_or(id)),
        );
        html.push_str(&format!(
            "<a class=\"schema-link\" href=\"{}\">{}</a>",
            escape(&self.links.page(&format!("Schema:{schema_name}"))),
            escape(&schema_name)
        ));
        if let Some(edit) = self.links.edit_subject(self.page_title, id) {
            html.push_str(&format!(
                " <a class=\"edit-subject\" href=\"{}\">{}</a>",
                escape(&edit),
                self.links.msg_html("strata-edit-subject", &[])
            ));
        }
        html.push_str("</header>\n");
        html.push_str(&self.statements(subject, self.schemas.get(&schema_name), &layout));
        if layout.show_dependent_subjects && depth < 8 {
            let dependents: String = self
                .subjects
                .iter()
                .filter(|(_, s)| s["hostSubject"]["id"].as_str() == Some(id))
                .map(|(dep_id, dep)| self.section(dep_id, dep, depth + 1))
                .collect();
            if !dependents.is_empty() {
                html.push_str(&format!("<div class=\"dependent-subjects\">\n{dependents}</div>\n"));
            }
        }
        html.push_str("</section>\n");
        html
    }

    fn statements(&self, subject: &Value, schema: Option<&Schema>, layout: &LayoutView) -> String {
        let empty = Map::new();
        let statements = subject["statements"].as_object().unwrap_or(&empty);
        let cx = ValueContext {
            links: self.links,
            page_title: self.page_title,
            on_page: self.subjects,
            elsewhere: self.elsewhere,
            preferred_language: layout.preferred_language.as_deref(),
            relation_properties: layout.relation_properties.as_deref(),
        };
        let value_of = |name: &str| -> Option<String> {
            let st = statements.get(name)?;
            let p = parts(st, schema.and_then(|s| s.property(name)), &cx);
            (!p.is_empty()).then(|| joined(&p))
        };
        let names = shown_properties(statements, schema, layout);
        let rows: Vec<(String, String)> = names
            .iter()
            .filter_map(|name| match value_of(name) {
                Some(v) => Some((name.clone(), v)),
                None if layout.hide_empty => None,
                None => Some((name.clone(), "<span class=\"empty\">–</span>".to_owned())),
            })
            .collect();
        match layout.shape {
            Shape::Infobox => infobox(self.links, &rows),
            Shape::Table => table(&rows),
            Shape::Card => {
                let title = layout.title_property.as_deref().and_then(|t| {
                    let st = statements.get(t)?;
                    parts(st, None, &cx).into_iter().next()
                });
                let full: Vec<(String, String)> =
                    layout.full_width.iter().filter_map(|n| Some((n.clone(), value_of(n)?))).collect();
                card(title, &rows, &full)
            }
        }
    }
}

/// The properties a Layout shows: its list (card full-width and title properties apart), or every
/// Statement in Schema order, then those the Schema does not define.
fn shown_properties(statements: &Map<String, Value>, schema: Option<&Schema>, layout: &LayoutView) -> Vec<String> {
    if let Some(listed) = &layout.properties {
        return listed
            .iter()
            .filter(|n| !layout.full_width.contains(n) && layout.title_property.as_ref() != Some(*n))
            .cloned()
            .collect();
    }
    let mut names: Vec<String> = schema
        .map(|s| s.property_definitions.keys().filter(|k| statements.contains_key(*k)).cloned().collect())
        .unwrap_or_default();
    names.extend(statements.keys().filter(|k| !names.contains(k)).cloned().collect::<Vec<_>>());
    names
}

fn infobox(links: &Links, rows: &[(String, String)]) -> String {
    if rows.is_empty() {
        return format!("<p class=\"no-statements\">{}</p>\n", links.msg_html("strata-no-values", &[]));
    }
    let body: String =
        rows.iter().map(|(n, v)| format!("<tr><th scope=\"row\">{}</th><td>{v}</td></tr>\n", escape(n))).collect();
    format!("<table class=\"infobox\"><tbody>\n{body}</tbody></table>\n")
}

fn table(rows: &[(String, String)]) -> String {
    let head: String = rows.iter().map(|(n, _)| format!("<th scope=\"col\">{}</th>", escape(n))).collect();
    let cells: String = rows.iter().map(|(_, v)| format!("<td>{v}</td>")).collect();
    format!("<div class=\"table-wrap\"><table class=\"layout-table\"><thead><tr>{head}</tr></thead><tbody><tr>{cells}</tr></tbody></table></div>\n")
}

fn card(title: Option<String>, rows: &[(String, String)], full: &[(String, String)]) -> String {
    let mut html = String::from("<div class=\"card\">\n");
    if let Some(t) = title {
        html.push_str(&format!("<p class=\"card-title\">{t}</p>\n"));
    }
    if !rows.is_empty() {
        let items: String = rows.iter().map(|(n, v)| format!("<dt>{}</dt><dd>{v}</dd>\n", escape(n))).collect();
        html.push_str(&format!("<dl>\n{items}</dl>\n"));
    }
    for (n, v) in full {
        html.push_str(&format!("<div class=\"full-width\"><h4>{}</h4><div>{v}</div></div>\n", escape(n)));
    }
    html.push_str("</div>\n");
    html
}
