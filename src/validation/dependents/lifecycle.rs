//! Which Dependent Subjects a page's standalone Subjects reach, and removing those no longer
//! reached.

use super::page_view::PageView;
use crate::domain::ids::SubjectId;
use crate::domain::page_content::PageContent;
use crate::domain::schema::SchemaLookup;
use crate::domain::statement::StatementValue;
use std::collections::HashSet;

/// The Dependent Subjects that standalone Subjects on the page reach, directly or through other
/// Dependent Subjects.
pub fn reached_dependents(page: &PageContent, schemas: &dyn SchemaLookup) -> HashSet<SubjectId> {
    PageView { page, schemas }.reached().into_iter().cloned().collect()
}

/// The Dependent Subjects `root` reaches, in page order: they move along when `root` moves.
pub fn dependents_reached_from(page: &PageContent, root: &SubjectId, schemas: &dyn SchemaLookup) -> Vec<SubjectId> {
    let view = PageView { page, schemas };
    let reached = view.reached_from(page.subjects.get(root).into_iter());
    page.subjects.keys().filter(|id| *id != root && reached.contains(id)).cloned().collect()
}

/// Removes the Dependent Subjects no standalone Subject reaches any more; returns their IDs.
pub fn remove_unreached_dependents(page: &mut PageContent, schemas: &dyn SchemaLookup) -> Vec<SubjectId> {
    let view = PageView { page, schemas };
    let reached = view.reached();
    let unreached: Vec<SubjectId> = page
        .subjects
        .iter()
        .filter(|(id, s)| view.is_dependent(s) && !reached.contains(id))
        .map(|(id, _)| id.clone())
        .collect();
    for id in &unreached {
        page.subjects.shift_remove(id);
    }
    unreached
}

/// Removes every relation value on the page that targets `target`. A Statement left without values
/// is removed. Returns the Subjects that changed.
pub fn remove_relations_to(page: &mut PageContent, target: &SubjectId) -> Vec<SubjectId> {
    let mut changed = Vec::new();
    for (id, subject) in page.subjects.iter_mut() {
        let mut touched = false;
        subject.statements.retain(|_, st| {
            let StatementValue::Relations(rels) = &mut st.value else { return true };
            let n = rels.len();
            rels.retain(|r| r.target.local() != Some(target));
            touched |= rels.len() != n;
            !rels.is_empty() || n == 0
        });
        if touched {
            changed.push(id.clone());
        }
    }
    changed
}

/// Deletes a Subject with what depends on it: a Dependent Subject's incoming relation is removed, and
/// Dependent Subjects no longer reached are removed. Returns every removed Subject ID, `id` first;
/// empty when `id` is not on the page. Never refuses.
pub fn delete_subject(page: &mut PageContent, id: &SubjectId, schemas: &dyn SchemaLookup) -> Vec<SubjectId> {
    let Some(subject) = page.subjects.shift_remove(id) else { return vec![] };
    if page.main_subject.as_ref() == Some(id) {
        page.main_subject = None;
    }
    if schemas.schema(&subject.schema).is_some_and(|s| s.subjects_are_dependent) {
        remove_relations_to(page, id);
    }
    let mut removed = vec![id.clone()];
    removed.extend(remove_unreached_dependents(page, schemas));
    removed
}
