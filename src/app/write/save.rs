//! The `PageSave`s of Subject writes: an existing page's new Subject slot, or a new page.

use crate::app::view::{index_rows, Schemas};
use crate::domain::ids::SubjectId;
use crate::domain::page_content::PageContent;
use crate::host::{PageRecord, PageSave};

const NEW_PAGE_CONTENT_MODEL: &str = "wikitext";

/// The save of an existing page's new Subject slot, based on the revision it was read at.
pub fn edit_save(
    page: &PageRecord,
    content: &PageContent,
    schemas: &Schemas,
    changed: &[SubjectId],
    comment: &str,
) -> PageSave {
    PageSave {
        page_id: Some(page.page_id),
        namespace: page.namespace,
        title: page.title.clone(),
        base_revision_id: Some(page.latest_revision_id),
        create_only: false,
        comment: comment.to_owned(),
        content_model: page.content_model.clone(),
        main_slot: None,
        subject_slot: Some(content.to_json().to_string()),
        index: index_rows(&page.title, content, schemas, changed.iter().map(ToString::to_string).collect()),
    }
}

/// The save that creates a page holding only a Subject slot.
pub fn new_page_save(namespace: i32, title: &str, content: &PageContent, schemas: &Schemas, comment: &str) -> PageSave {
    PageSave {
        page_id: None,
        namespace,
        title: title.to_owned(),
        base_revision_id: None,
        create_only: true,
        comment: comment.to_owned(),
        content_model: NEW_PAGE_CONTENT_MODEL.into(),
        main_slot: Some(String::new()),
        subject_slot: Some(content.to_json().to_string()),
        index: index_rows(title, content, schemas, content.subjects.keys().map(ToString::to_string).collect()),
    }
}
