//! A page's Data tab (`action=subjects`): its Subjects, each with its IRI, a Copy button and an Export
//! menu (JSON, Turtle, TriG; the RDF formats offer a choice of projection), and an Export all menu for
//! the page. The host puts the fragment into its own page frame; both hosts show the same tab.

use super::html::escape;

/// One row of the tab: a Subject as the reader may see it.
#[derive(Debug, Clone, PartialEq)]
pub struct DataTabRow {
    pub id: String,
    /// The display name; for a Dependent Subject, `<Schema> of <Host Subject>`.
    pub name: String,
    pub schema: String,
    pub iri: String,
    pub main: bool,
}

/// Copies a Subject's IRI; outside a secure context there is no clipboard, and the IRI is selected.
const COPY_SCRIPT: &str = r#"<script>
document.addEventListener('click', (event) => {
  const button = event.target.closest('button.copy');
  if (!button) return;
  const done = (text) => { button.textContent = text; };
  if (navigator.clipboard) navigator.clipboard.writeText(button.dataset.copy).then(() => done('Copied'), () => done('Copy failed'));
  else getSelection().selectAllChildren(button.previousElementSibling);
});
</script>"#;

const STYLE: &str = "<style>
table.subjects { border-collapse: collapse; } table.subjects td, table.subjects th { border: 1px solid #ccc; padding: .3em .6em; vertical-align: top; text-align: left; }
details.export-menu > ul { list-style: none; margin: .3em 0; padding: 0; } details.export-menu li { margin: .2em 0; }
</style>";

/// The tab's HTML. `rest` is the URL path of the wiki's REST API (`/rest.php`); `projections` are the
/// names a reader may ask for (`native` first).
pub fn render_data_tab(page_id: u64, rows: &[DataTabRow], projections: &[String], rest: &str) -> String {
    if rows.is_empty() {
        return "<p>This page has no Subjects.</p>".to_owned();
    }
    let v0 = format!("{}/strata/v0", rest.trim_end_matches('/'));
    let page = format!("{v0}/page/{page_id}");
    let rows: Vec<String> = rows.iter().map(|row| subject_row(row, &v0, projections)).collect();
    format!(
        "{STYLE}\n<div class=\"export-all\">{}</div>
<table class=\"subjects\"><thead><tr><th>Subject</th><th>Schema</th><th>IRI</th><th>Export</th></tr></thead>
<tbody>
{}
</tbody></table>
{COPY_SCRIPT}",
        export_menu("Export all", &format!("{page}/subjects"), &format!("{page}/rdf"), projections),
        rows.join("\n"),
    )
}

fn subject_row(row: &DataTabRow, v0: &str, projections: &[String]) -> String {
    let path = format!("{v0}/subject/{}", row.id);
    let main = if row.main { " <em>(main)</em>" } else { "" };
    let (id, iri) = (escape(&row.id), escape(&row.iri));
    format!(
        "<tr class=\"subject\" id=\"{id}\">
<td>{}{main}<br><code>{id}</code></td><td>{}</td>
<td><code class=\"iri\">{iri}</code> <button type=\"button\" class=\"copy\" data-copy=\"{iri}\">Copy</button></td>
<td>{}</td></tr>",
        escape(&row.name),
        escape(&row.schema),
        export_menu("Export", &path, &format!("{path}/rdf"), projections),
    )
}

fn export_menu(title: &str, json: &str, rdf: &str, projections: &[String]) -> String {
    format!(
        "<details class=\"export-menu\"><summary>{title}</summary><ul>
<li><a class=\"export-json\" href=\"{}\">JSON</a></li>
{}
{}
</ul></details>",
        escape(json),
        rdf_choice("Turtle", "turtle", rdf, projections),
        rdf_choice("TriG", "trig", rdf, projections),
    )
}

fn rdf_choice(label: &str, format: &str, action: &str, projections: &[String]) -> String {
    let options: String = projections.iter().map(|p| format!("<option value=\"{0}\">{0}</option>", escape(p))).collect();
    format!(
        "<li><details class=\"export-rdf\" data-format=\"{format}\"><summary>{label}</summary>
<form method=\"get\" action=\"{}\"><input type=\"hidden\" name=\"format\" value=\"{format}\">
<label>Projection <select name=\"projection\">{options}</select></label>
<button type=\"submit\">Export {label}</button></form></details></li>",
        escape(action),
    )
}
