//! The tables of the special pages, from the rows the REST lists answer: Subjects (`GET /subjects`,
//! `GET /recently-edited-subjects`: name, Schema, page, and the time of the last edit) and Schemas
//! (`GET /schemas`: name, description, a link to their Subjects). A Dependent Subject is named
//! "X of its Host", as on the Data tab.

use super::data_tab::{schema_name, subject_name, url_component};
use super::html::{escape, Links};
use serde_json::Value;

/// Which list a special page shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ListKind {
    Subjects,
    RecentlyEdited,
    Schemas,
}

impl ListKind {
    pub fn from_name(name: &str) -> Option<ListKind> {
        match name {
            "subjects" => Some(ListKind::Subjects),
            "recentlyEdited" => Some(ListKind::RecentlyEdited),
            "schemas" => Some(ListKind::Schemas),
            _ => None,
        }
    }
}

/// The HTML table of a list's rows; a sentence when there are none.
pub fn render_list(kind: ListKind, rows: &[Value], links: &Links) -> String {
    match kind {
        ListKind::Schemas if rows.is_empty() => empty(links, "strata-list-no-schemas"),
        ListKind::Schemas => table(
            links,
            "schema-list",
            &["schema", "description", "subjects"],
            rows.iter().map(|r| schema_row(r, links)),
        ),
        _ if rows.is_empty() => empty(links, "strata-list-no-subjects"),
        ListKind::Subjects => table(
            links,
            "subject-list",
            &["subject", "schema", "page"],
            rows.iter().map(|r| subject_row(r, false, links)),
        ),
        ListKind::RecentlyEdited => table(
            links,
            "subject-list",
            &["subject", "schema", "page", "edited"],
            rows.iter().map(|r| subject_row(r, true, links)),
        ),
    }
}

fn empty(links: &Links, key: &str) -> String {
    format!("<p class=\"empty-list\">{}</p>", links.msg_html(key, &[]))
}

/// A table with the headings `strata-heading-{name}` of `headings`.
fn table(links: &Links, class: &str, headings: &[&str], rows: impl Iterator<Item = String>) -> String {
    let head: String = headings
        .iter()
        .map(|h| format!("<th scope=\"col\">{}</th>", links.msg_html(&format!("strata-heading-{h}"), &[])))
        .collect();
    let body: Vec<String> = rows.collect();
    format!("<div class=\"table-wrap\"><table class=\"list {class}\"><thead><tr>{head}</tr></thead>\n<tbody>\n{}\n</tbody></table></div>", body.join("\n"))
}

fn link(href: &str, text: &str) -> String {
    format!("<a href=\"{}\">{}</a>", escape(href), escape(text))
}

fn subject_row(row: &Value, edited: bool, links: &Links) -> String {
    let text = |key: &str| row[key].as_str().unwrap_or_default();
    let page = text("pageTitle");
    let id = text("id");
    let subject_href = format!("{}#subject-{}", links.page(page), url_component(id));
    let schema = schema_name(&row["schema"]);
    let mut cells = vec![
        link(&subject_href, &subject_name(row, links)),
        link(&links.page(&format!("Schema:{schema}")), &schema),
        link(&links.page(page), page),
    ];
    if edited {
        cells.push(escape(text("lastEdited")));
    }
    format!("<tr><td>{}</td></tr>", cells.join("</td><td>"))
}

fn schema_row(row: &Value, links: &Links) -> String {
    let name = row["name"].as_str().unwrap_or_default();
    let subjects = links
        .schema_subjects(name)
        .map_or_else(String::new, |href| link(&href, &links.msg("strata-heading-subjects", &[])));
    format!(
        "<tr><td>{}</td><td>{}</td><td>{subjects}</td></tr>",
        link(&links.page(&format!("Schema:{name}")), name),
        escape(row["description"].as_str().unwrap_or_default())
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn links() -> Links {
        Links::from_json(Some(&json!({"page": "/wiki/$1", "schemaSubjects": "/wiki/Special:Subjects?schema=$1"})))
    }

    #[test]
    fn subject_rows_link_the_subject_its_schema_and_its_page() {
        let rows = [
            json!({"id": "s1lib1aaaaaaa01", "displayName": "Central <Library>", "schema": "Library", "pageTitle": "Central Library", "lastEdited": "2026-11-22T10:05:00Z"}),
            json!({"id": "s1adr1aaaaaaa02", "displayName": "Address", "hostSubject": {"id": "s1lib1aaaaaaa01", "displayName": "Central <Library>"}, "schema": {"source": "alpha", "name": "Address"}, "pageTitle": "Central Library"}),
        ];
        let html = render_list(ListKind::RecentlyEdited, &rows, &links());
        assert!(
            html.contains("<a href=\"/wiki/Central_Library#subject-s1lib1aaaaaaa01\">Central &lt;Library&gt;</a>"),
            "{html}"
        );
        assert!(
            html.contains(">Address of Central &lt;Library&gt;</a>"),
            "a Dependent Subject is named after its Host Subject: {html}"
        );
        assert!(html.contains("<a href=\"/wiki/Schema:alpha:Address\">alpha:Address</a>"), "{html}");
        assert!(html.contains("<th scope=\"col\">Edited</th>") && html.contains("<td>2026-11-22T10:05:00Z</td>"));
        assert!(
            !render_list(ListKind::Subjects, &rows, &links()).contains("Edited"),
            "only recent edits show the time"
        );
        insta::assert_snapshot!(html);
    }

    #[test]
    fn schema_rows_link_the_schema_and_its_subjects() {
        let html = render_list(
            ListKind::Schemas,
            &[json!({"name": "Opening hours", "description": "When & where"})],
            &links(),
        );
        assert!(html.contains("<a href=\"/wiki/Schema:Opening_hours\">Opening hours</a>"), "{html}");
        assert!(html.contains("<td>When &amp; where</td>"));
        assert!(html.contains("<a href=\"/wiki/Special:Subjects?schema=Opening%20hours\">Subjects</a>"), "{html}");
        insta::assert_snapshot!(html);
    }

    #[test]
    fn empty_lists_say_so_and_list_names_are_read() {
        assert_eq!(render_list(ListKind::Subjects, &[], &links()), "<p class=\"empty-list\">No Subjects found.</p>");
        assert_eq!(
            render_list(ListKind::Schemas, &[], &links()),
            "<p class=\"empty-list\">This wiki has no Schemas yet.</p>"
        );
        assert_eq!(ListKind::from_name("recentlyEdited"), Some(ListKind::RecentlyEdited));
        assert_eq!(ListKind::from_name("pages"), None);
    }
}
