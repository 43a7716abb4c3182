//! The six Dependent-Subject rules over a whole page, relation targets on other pages included.

use super::page_view::{relations, PageView};
use crate::domain::ids::SubjectId;
use crate::domain::page_content::PageContent;
use crate::domain::schema::{SchemaLookup, SchemaRef};
use crate::validation::{Code, Violation};
use serde_json::Value;
use std::collections::HashMap;

/// The six Dependent-Subject rules over a whole page. Every violation carries `subjectId`.
/// `elsewhere` holds the Schema of each relation target stored on another page (a target missing
/// from it counts as standalone); `schemas` must hold the target Schemas of the holders' relation
/// properties, or those properties do not count as pointing at Dependent Subjects.
pub fn validate_page_dependents(
    page: &PageContent,
    schemas: &dyn SchemaLookup,
    elsewhere: &HashMap<SubjectId, SchemaRef>,
) -> Vec<Violation> {
    let view = PageView { page, schemas };
    let dependent_target = |t: &SubjectId| match page.subjects.get(t) {
        Some(subject) => view.is_dependent(subject),
        None => elsewhere.get(t).and_then(|r| schemas.schema(r)).is_some_and(|s| s.subjects_are_dependent),
    };
    let reached = view.reached();
    let mut incoming: HashMap<_, usize> = HashMap::new();
    for (_, _, r) in page.subjects.values().flat_map(relations) {
        if let Some(id) = r.target.local() {
            *incoming.entry(id).or_default() += 1;
        }
    }
    let mut out = Vec::new();
    for (id, subject) in &page.subjects {
        let mut own = |code| out.push(Violation::fixed(code, None, vec![]).on_subject(id));
        if view.is_dependent(subject) {
            if page.main_subject.as_ref() == Some(id) {
                own(Code::DEPENDENT_SUBJECT_IS_MAIN);
            }
            if subject.label.is_some() {
                own(Code::DEPENDENT_SUBJECT_HAS_LABEL);
            }
            if incoming.get(id).copied().unwrap_or(0) > 1 {
                own(Code::DEPENDENT_SUBJECT_REFERENCED_TWICE);
            }
            if !reached.contains(id) {
                own(Code::DEPENDENT_SUBJECT_WITHOUT_HOST);
            }
        }
        for (property, i, r) in relations(subject) {
            let code = if view.is_dependent_property(subject, property) {
                let on_page = r.target.local().is_some_and(|t| page.subjects.contains_key(t));
                (!on_page).then_some(Code::DEPENDENT_TARGET_NOT_ON_PAGE)
            } else {
                r.target.local().is_some_and(dependent_target).then_some(Code::RELATION_TO_DEPENDENT_SUBJECT)
            };
            if let Some(code) = code {
                out.push(
                    Violation::fixed(code, Some(property), vec![Value::String(r.target.to_string())])
                        .at_part(i)
                        .on_subject(id),
                );
            }
        }
    }
    out
}
