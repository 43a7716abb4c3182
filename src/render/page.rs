//! A whole page for readers: its wikitext, then its Subjects (main Subject first, Dependent Subjects
//! under their host), each through its Layout; a Layout or Mapping page as what its JSON says.

use super::definition_page::render_definition_page;
use super::html::Links;
use super::layout::Layouts;
use super::subject::PageSubjects;
use super::wikitext;
use crate::domain::ids::SourceKey;
use crate::domain::schema::Schema;
use crate::types::ReadSchema;
use serde_json::{Map, Value};
use std::collections::HashMap;

/// The HTML of a page from `{title, wikitext, contentModel?, subjects, layouts, links}`: a page whose
/// `contentModel` is `strata-layout` or `strata-mapping` shows its text (`wikitext`) read as one;
/// `subjects` is the body of
/// `GET /page/{id}/subjects?expand=schemas|relations` (or null), `layouts` the items of
/// `GET /layouts`, `links` the host's URL patterns ([`Links`]).
pub fn render_page(request: &Value, own_source: &SourceKey) -> Result<String, String> {
    let title = request["title"].as_str().ok_or("request.title must be a string")?;
    let links = Links::from_request(request);
    let source = request["wikitext"].as_str().unwrap_or_default();
    if let Some(html) = request["contentModel"].as_str().and_then(|model| render_definition_page(model, source, &links))
    {
        return Ok(html);
    }
    let text = wikitext::to_html(source, &links);
    let mut html = if text.is_empty() { String::new() } else { format!("<div class=\"page-text\">\n{text}</div>\n") };
    let read = &request["subjects"];
    let empty = Map::new();
    let subjects = read["subjects"].as_object().unwrap_or(&empty);
    if subjects.is_empty() {
        return Ok(html);
    }
    let schemas: HashMap<String, Schema> = read["schemas"]
        .as_object()
        .into_iter()
        .flatten()
        .filter_map(|(name, s)| Some((name.clone(), Schema::from_json(s, own_source).ok()?)))
        .collect();
    let layouts = Layouts::from_json(request.get("layouts"));
    let page = PageSubjects {
        links: &links,
        page_title: title,
        subjects,
        elsewhere: read["referencedSubjects"].as_object().unwrap_or(&empty),
        schemas: &schemas,
        layouts: &layouts,
    };
    html.push_str("<div class=\"subjects\">\n");
    // A Dependent Subject whose host is on the page is shown under it; the read lists the main
    // Subject first.
    for (id, subject) in subjects {
        let hosted = subject["hostSubject"]["id"].as_str().is_some_and(|h| subjects.contains_key(h));
        if !hosted {
            html.push_str(&page.section(id, subject, 0));
        }
    }
    html.push_str("</div>\n");
    Ok(html)
}
