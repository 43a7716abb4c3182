//! What changed between two revisions of a page's Subjects, for a reader of its history: each
//! Subject added, removed or changed, and in a changed one its label, Schema and each Statement
//! (added, removed, or its value changed), in the order of the newer revision (then the removed
//! ones). A pure function of the two contents; hosts draw it in their own diff views.

use super::page_content::PageContent;
use super::subject::Subject;
use serde::Serialize;
use serde_json::Value;

/// The difference of two page contents; empty when nothing a reader sees changed.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PageDiff {
    /// The main Subject's ID before and after, when it changed.
    pub main_subject: Option<Pair<Option<String>>>,
    pub subjects: Vec<SubjectChange>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Pair<T> {
    pub old: T,
    pub new: T,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Change {
    Added,
    Removed,
    Changed,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SubjectChange {
    pub id: String,
    pub change: Change,
    /// The label before and after, when it changed (or the Subject came or went with one).
    pub label: Option<Pair<Option<String>>>,
    /// The Schema reference before and after, when it changed.
    pub schema: Option<Pair<Value>>,
    pub statements: Vec<StatementChange>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct StatementChange {
    pub property: String,
    pub change: Change,
    /// The stored value (`value` of the Statement) before; null for an added Statement.
    pub old: Value,
    /// The stored value after; null for a removed Statement.
    pub new: Value,
}

impl PageDiff {
    pub fn is_empty(&self) -> bool {
        self.main_subject.is_none() && self.subjects.is_empty()
    }
}

/// The changes from `old` to `new`.
pub fn diff_pages(old: &PageContent, new: &PageContent) -> PageDiff {
    let id_text = |c: &PageContent| c.main_subject.as_ref().map(|m| m.to_string());
    let main_subject = (old.main_subject != new.main_subject).then(|| Pair { old: id_text(old), new: id_text(new) });
    let mut subjects: Vec<SubjectChange> = new
        .subjects
        .iter()
        .filter_map(|(id, after)| match old.subjects.get(id) {
            None => Some(subject_change(id.to_string(), Change::Added, None, Some(after))),
            Some(before) if before != after => {
                Some(subject_change(id.to_string(), Change::Changed, Some(before), Some(after)))
            }
            Some(_) => None,
        })
        .collect();
    subjects.extend(
        old.subjects
            .iter()
            .filter(|(id, _)| !new.subjects.contains_key(*id))
            .map(|(id, before)| subject_change(id.to_string(), Change::Removed, Some(before), None)),
    );
    PageDiff { main_subject, subjects }
}

fn subject_change(id: String, change: Change, before: Option<&Subject>, after: Option<&Subject>) -> SubjectChange {
    let label_of = |s: Option<&Subject>| s.and_then(|s| s.label.clone());
    let (old_label, new_label) = (label_of(before), label_of(after));
    let label = (old_label != new_label).then_some(Pair { old: old_label, new: new_label });
    let schema = match (before, after) {
        (Some(b), Some(a)) if b.schema != a.schema => Some(Pair { old: b.schema.to_json(), new: a.schema.to_json() }),
        _ => None,
    };
    let value_of =
        |s: Option<&Subject>, p: &str| s.and_then(|s| s.statements.get(p)).map_or(Value::Null, |st| st.value.to_json());
    let mut properties: Vec<&String> = after.into_iter().flat_map(|s| s.statements.keys()).collect();
    properties.extend(
        before
            .into_iter()
            .flat_map(|s| s.statements.keys())
            .filter(|p| !after.is_some_and(|a| a.statements.contains_key(*p))),
    );
    let statements = properties
        .into_iter()
        .filter_map(|p| {
            let (old, new) = (value_of(before, p), value_of(after, p));
            let change = match (&old, &new) {
                (Value::Null, _) => Change::Added,
                (_, Value::Null) => Change::Removed,
                (o, n) if o != n => Change::Changed,
                _ => return None,
            };
            Some(StatementChange { property: p.clone(), change, old, new })
        })
        .collect();
    SubjectChange { id, change, label, schema, statements }
}
