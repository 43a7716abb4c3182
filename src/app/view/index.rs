//! The index rows of a page's Subjects (Subjects, relations, changed IDs) that a save writes with
//! its revision.

use super::display_name;
use super::subject::host_of;
use crate::domain::page_content::PageContent;
use crate::domain::statement::StatementValue;
use crate::host::{IndexRows, IndexedFacts, RelationRow, SubjectRow};
use crate::normalize::SchemaLookup;

/// The index rows of a page's Subjects and relations. `changed` lists the Subjects the write changed.
pub fn index_rows(
    page_title: &str,
    content: &PageContent,
    schemas: &dyn SchemaLookup,
    changed: Vec<String>,
) -> IndexRows {
    let mut rows = IndexRows { changed_subject_ids: changed, ..IndexRows::default() };
    for (position, (id, subject)) in content.subjects.iter().enumerate() {
        let (display, generated) = display_name(page_title, content, id, subject);
        let facts = IndexedFacts {
            subject_id: id.to_string(),
            schema: subject.schema.to_json(),
            label: subject.label.clone(),
            display_name: display,
            display_name_is_generated: generated,
            is_main: content.main_subject.as_ref() == Some(id),
            is_dependent: schemas.schema(&subject.schema).is_some_and(|s| s.subjects_are_dependent),
            host_subject_id: host_of(content, id, schemas).map(ToString::to_string),
        };
        rows.subjects.push(SubjectRow { facts, position: position as u32 });
        for (property, st) in &subject.statements {
            let StatementValue::Relations(rels) = &st.value else { continue };
            rows.relations.extend(rels.iter().map(|r| RelationRow {
                source_id: id.to_string(),
                relation_id: r.id.to_string(),
                property: property.clone(),
                target_id: r.target.to_string(),
            }));
        }
    }
    rows
}
