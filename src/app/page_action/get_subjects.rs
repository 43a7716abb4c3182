//! `action: getSubjects`: the scripting accessor of a page's Subjects (`mw.ext.strata.getSubjects`,
//! `docs/scripting.md`): the main Subject first, then the other Subjects in the page's order, each as
//! the REST API's Subject read object with `isMainSubject`. A page that does not exist or that the
//! caller may not read has no Subjects, exactly like a page without any.

use super::error::PageActionError;
use super::PageActionRequest;
use crate::app::view::{subject_json, PageData, PageFields, Schemas};
use crate::app::Scope;
use crate::domain::title::Title;
use crate::host::Host;
use serde_json::{json, Value};

pub async fn get_subjects<H: Host>(
    ctx: &Scope<'_, H>,
    request: &PageActionRequest,
    title: &Title,
) -> Result<Value, PageActionError> {
    let record = ctx.page_by_title(request.namespace, &title.to_string()).await?.filter(|p| p.access.read);
    let Some(record) = record else { return Ok(json!({"pageId": null, "subjects": []})) };
    let page_id = record.page_id;
    let page = PageData::from_record(ctx, record);
    let schemas = Schemas::for_page(ctx, &page.content).await?;
    let content = &page.content;
    let main = content.main_subject.as_ref().filter(|m| content.subjects.contains_key(*m));
    let ordered = main.and_then(|m| content.subjects.get_key_value(m)).into_iter().chain(content.other_subjects());
    let subjects: Vec<Value> = ordered
        .map(|(id, subject)| {
            let mut read = subject_json(&page, id, subject, &schemas, PageFields::Without);
            read["isMainSubject"] = (main == Some(id)).into();
            read
        })
        .collect();
    Ok(json!({"pageId": page_id, "subjects": subjects}))
}
