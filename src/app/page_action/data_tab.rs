//! `action: subjects`: a page's Data tab (`render::render_data_tab`) for the caller. The Subjects and
//! their names are the page read of the REST API; the projections are `native` and the targets of the
//! Mapping pages the caller may read; the IRIs are minted under `rdfBaseUri`.

use super::error::{Code, PageActionError};
use super::{shown, PageActionRequest};
use crate::app::load::readable_mappings;
use crate::app::view::{subject_json, PageData, PageFields, Schemas};
use crate::app::Scope;
use crate::domain::title::Title;
use crate::host::Host;
use crate::rdf::{ontology, Iris};
use crate::render::{render_data_tab, DataTabRow};
use serde_json::{json, Value};

/// The REST API's path when the host does not say (`restPath`).
const REST_PATH: &str = "/rest.php";

pub async fn data_tab<H: Host>(ctx: &Scope<'_, H>, request: &PageActionRequest, title: &Title) -> Result<Value, PageActionError> {
    let record = ctx.page_by_title(request.namespace, &title.to_string()).await?.filter(|p| p.access.read);
    let record = record.ok_or_else(|| PageActionError::new(Code::MissingTitle, format!("The page \"{}\" does not exist.", shown(request, title))))?;
    let page_id = record.page_id;
    let page = PageData::from_record(ctx, record);
    let schemas = Schemas::for_page(ctx, &page.content).await?;
    let iris = Iris::new(&ctx.settings.rdf_base_uri);
    let content = &page.content;
    let main = content.main_subject.as_ref().filter(|m| content.subjects.contains_key(*m));
    let ordered = main.and_then(|m| content.subjects.get_key_value(m)).into_iter().chain(content.other_subjects());
    let rows: Vec<DataTabRow> = ordered
        .map(|(id, subject)| {
            let read = subject_json(&page, id, subject, &schemas, PageFields::Without);
            let host = read["hostSubject"]["displayName"].as_str().map(|h| format!(" of {h}")).unwrap_or_default();
            DataTabRow {
                id: id.to_string(),
                name: format!("{}{host}", read["displayName"].as_str().unwrap_or_default()),
                schema: subject.schema.to_string(),
                iri: iris.subject(id),
                main: Some(id) == main,
            }
        })
        .collect();
    let projections = ontology::projection_names(&readable_mappings(ctx).await?);
    let rest = request.rest_path.as_deref().unwrap_or(REST_PATH);
    Ok(json!({"pageId": page_id, "html": render_data_tab(page_id, &rows, &projections, rest)}))
}
