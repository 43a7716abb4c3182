//! Which Subjects of a page are dependent, which properties point at Dependent Subjects, and what
//! standalone Subjects reach.

use crate::domain::ids::SubjectId;
use crate::domain::page_content::PageContent;
use crate::domain::schema::PropertyKind;
use crate::domain::schema::SchemaLookup;
use crate::domain::statement::{Relation, StatementValue};
use crate::domain::subject::Subject;
use std::collections::HashSet;

pub(super) struct PageView<'a> {
    pub page: &'a PageContent,
    pub schemas: &'a dyn SchemaLookup,
}

impl<'a> PageView<'a> {
    /// A Subject whose Schema loads and declares its Subjects dependent. Any other is standalone.
    pub fn is_dependent(&self, subject: &Subject) -> bool {
        self.schemas.schema(&subject.schema).is_some_and(|s| s.subjects_are_dependent)
    }

    /// Whether the holder's Schema declares `property` as a relation whose (loadable) target
    /// Schemas are dependent.
    pub fn is_dependent_property(&self, holder: &Subject, property: &str) -> bool {
        let def = self.schemas.schema(&holder.schema).and_then(|s| s.property(property));
        match def.map(|d| &d.kind) {
            Some(PropertyKind::Relation { target_schemas, .. }) => {
                target_schemas.iter().filter_map(|r| self.schemas.schema(r)).any(|s| s.subjects_are_dependent)
            }
            _ => false,
        }
    }

    /// The Dependent Subjects on the page reached from `roots` through relations, directly or
    /// through other Dependent Subjects.
    pub fn reached_from(&self, roots: impl Iterator<Item = &'a Subject>) -> HashSet<&'a SubjectId> {
        let mut reached = HashSet::new();
        let mut queue: Vec<&Subject> = roots.collect();
        while let Some(subject) = queue.pop() {
            for (_, _, r) in relations(subject) {
                let Some((id, target)) = r.target.local().and_then(|id| self.page.subjects.get_key_value(id)) else {
                    continue;
                };
                if self.is_dependent(target) && reached.insert(id) {
                    queue.push(target);
                }
            }
        }
        reached
    }

    /// The Dependent Subjects that standalone Subjects on the page reach.
    pub fn reached(&self) -> HashSet<&'a SubjectId> {
        self.reached_from(self.page.subjects.values().filter(|s| !self.is_dependent(s)))
    }
}

/// Every relation value of a Subject, with its property name and part index.
pub(super) fn relations(subject: &Subject) -> impl Iterator<Item = (&str, usize, &Relation)> {
    subject.statements.iter().flat_map(|(name, st)| {
        let parts: &[Relation] = match &st.value {
            StatementValue::Relations(r) => r,
            _ => &[],
        };
        parts.iter().enumerate().map(move |(i, r)| (name.as_str(), i, r))
    })
}
