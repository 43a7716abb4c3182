//! A page's Data tab (`action=subjects`): its Subjects, each with its name (a Dependent Subject is
//! named after its Host Subject), Schema, IRI with a copy button, and Export menus (JSON, and
//! Turtle or TriG of a chosen projection), plus an Export all menu for the page. Every host shows
//! the same table; the host adds its page frame, style and copy script.

use super::html::{escape, Links};
use serde_json::{Map, Value};

/// The Data tab's HTML from `request`: `{pageId, subjects, mainSubjectId, iris, projections, links?}`
/// with `subjects` and `mainSubjectId` as `GET /page/{id}/subjects` answers them, `iris` the IRI of
/// each Subject, `projections` the names a caller may export and `links` the host's URL layout
/// ([`Links`]). A missing field is `Err`.
pub fn render_data_tab(request: &Value) -> Result<String, String> {
    let links = Links::from_request(request);
    let page_id = request["pageId"].as_u64().ok_or("request.pageId must be a page ID")?;
    let subjects = request["subjects"].as_object().ok_or("request.subjects must be an object")?;
    let iris = request["iris"].as_object().ok_or("request.iris must be an object")?;
    let projections: Vec<&str> = request["projections"]
        .as_array()
        .ok_or("request.projections must be an array")?
        .iter()
        .filter_map(Value::as_str)
        .collect();
    if subjects.is_empty() {
        return Ok(format!("<p>{}</p>", links.msg_html("strata-data-no-subjects", &[])));
    }
    let main = request["mainSubjectId"].as_str();
    let rows: Vec<String> =
        subjects.iter().map(|(id, s)| row(&links, id, s, iris, main == Some(id.as_str()), &projections)).collect();
    let page = links.rest(&format!("/strata/v0/page/{page_id}"));
    Ok(format!(
        "<div class=\"export-all\">{}</div>\n<table class=\"subjects\"><thead><tr><th>{}</th><th>{}</th><th>{}</th><th>{}</th></tr></thead>\n<tbody>\n{}\n</tbody></table>",
        export_menu(&links, "strata-data-export-all", &format!("{page}/subjects"), &format!("{page}/rdf"), &projections),
        links.msg_html("strata-heading-subject", &[]),
        links.msg_html("strata-heading-schema", &[]),
        links.msg_html("strata-heading-iri", &[]),
        links.msg_html("strata-heading-export", &[]),
        rows.join("\n"),
    ))
}

/// The name a reader sees: the display name, and for a Dependent Subject the Host Subject's after "of".
pub(super) fn subject_name(subject: &Value, links: &Links) -> String {
    let name = subject["displayName"].as_str().unwrap_or_default();
    match subject["hostSubject"]["displayName"].as_str() {
        Some(host) => links.msg("strata-subject-of-host", &[name, host]),
        None => name.to_owned(),
    }
}

/// A Schema reference as the REST reads answer it: a name, or `{source, name}` written `source:name`.
pub(super) fn schema_name(schema: &Value) -> String {
    match schema {
        Value::String(s) => s.clone(),
        other => {
            format!("{}:{}", other["source"].as_str().unwrap_or_default(), other["name"].as_str().unwrap_or_default())
        }
    }
}

fn row(
    links: &Links,
    id: &str,
    subject: &Value,
    iris: &Map<String, Value>,
    is_main: bool,
    projections: &[&str],
) -> String {
    let path = links.rest(&format!("/strata/v0/subject/{}", url_component(id)));
    let iri = iris.get(id).and_then(Value::as_str).unwrap_or_default();
    let main = if is_main { format!(" <em>{}</em>", links.msg_html("strata-data-main", &[])) } else { String::new() };
    format!(
        "<tr class=\"subject\" id=\"{id}\">\n<td>{name}{main}<br><code>{id}</code></td><td>{schema}</td>\n<td><code class=\"iri\">{iri}</code> <button type=\"button\" class=\"copy\" data-copy=\"{iri}\">{copy}</button></td>\n<td>{menu}</td></tr>",
        id = escape(id),
        name = escape(&subject_name(subject, links)),
        copy = links.msg_html("strata-data-copy", &[]),
        schema = escape(&schema_name(&subject["schema"])),
        iri = escape(iri),
        menu = export_menu(links, "strata-data-export", &path, &format!("{path}/rdf"), projections),
    )
}

fn export_menu(links: &Links, title_key: &str, json: &str, rdf: &str, projections: &[&str]) -> String {
    let title = links.msg_html(title_key, &[]);
    format!(
        "<details class=\"export-menu\"><summary>{title}</summary><ul>\n<li><a class=\"export-json\" href=\"{}\">JSON</a></li>\n{}\n{}\n</ul></details>",
        escape(json),
        rdf_choice(links, "Turtle", "turtle", rdf, projections),
        rdf_choice(links, "TriG", "trig", rdf, projections),
    )
}

fn rdf_choice(links: &Links, label: &str, format: &str, action: &str, projections: &[&str]) -> String {
    let options: String =
        projections.iter().map(|p| format!("<option value=\"{0}\">{0}</option>", escape(p))).collect();
    format!(
        "<li><details class=\"export-rdf\" data-format=\"{format}\"><summary>{label}</summary>\n<form method=\"get\" action=\"{}\"><input type=\"hidden\" name=\"format\" value=\"{format}\">\n<label>{projection} <select name=\"projection\">{options}</select></label>\n<button type=\"submit\">{export}</button></form></details></li>",
        escape(action),
        projection = links.msg_html("strata-data-projection", &[]),
        export = links.msg_html("strata-data-export-format", &[label]),
    )
}

/// `encodeURIComponent` of a Subject ID (IDs are ASCII letters and digits, but a host may pass any).
pub(super) fn url_component(s: &str) -> String {
    s.bytes()
        .map(|b| {
            if b.is_ascii_alphanumeric() || b"-_.!~*'()".contains(&b) {
                (b as char).to_string()
            } else {
                format!("%{b:02X}")
            }
        })
        .collect()
}
