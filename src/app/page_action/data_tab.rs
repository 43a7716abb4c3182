//! `action: subjects`: a page's Data tab table (`render::render_data_tab`) for the caller, made in one
//! call for hosts that do not assemble it themselves (MediaWiki). The Subjects and their names are the
//! page read of the REST API; the projections are `native` and the targets of the Mapping pages the
//! caller may read; the IRIs are minted under `rdfBaseUri`.

use super::error::{Code, PageActionError};
use super::{shown, PageActionRequest};
use crate::app::load::readable_mappings;
use crate::app::view::{subject_json, PageData, PageFields, Schemas};
use crate::app::Scope;
use crate::domain::title::Title;
use crate::host::Host;
use crate::rdf::{ontology, Iris};
use crate::render::render_data_tab;
use serde_json::{json, Map, Value};

pub async fn data_tab<H: Host>(
    ctx: &Scope<'_, H>,
    request: &PageActionRequest,
    title: &Title,
) -> Result<Value, PageActionError> {
    let record = ctx.page_by_title(request.namespace, &title.to_string()).await?.filter(|p| p.access.read);
    let record = record.ok_or_else(|| {
        PageActionError::new(Code::MissingTitle, format!("The page \"{}\" does not exist.", shown(request, title)))
    })?;
    let page_id = record.page_id;
    let page = PageData::from_record(ctx, record);
    let schemas = Schemas::for_page(ctx, &page.content).await?;
    let iris = Iris::new(&ctx.settings.rdf_base_uri);
    let content = &page.content;
    let main = content.main_subject.as_ref().filter(|m| content.subjects.contains_key(*m));
    let ordered = main.and_then(|m| content.subjects.get_key_value(m)).into_iter().chain(content.other_subjects());
    let mut subjects = Map::new();
    let mut subject_iris = Map::new();
    for (id, subject) in ordered {
        subjects.insert(id.to_string(), subject_json(&page, id, subject, &schemas, PageFields::Without));
        subject_iris.insert(id.to_string(), iris.subject(id).into());
    }
    let projections = ontology::projection_names(&readable_mappings(ctx).await?);
    let table = json!({"pageId": page_id, "subjects": subjects, "mainSubjectId": main.map(|m| m.as_str()),
                       "iris": subject_iris, "projections": projections, "links": ctx.settings.urls,
                       "messages": request.messages});
    let html = render_data_tab(&table).map_err(|e| PageActionError::new(Code::Internal, e))?;
    Ok(json!({"pageId": page_id, "html": html}))
}
