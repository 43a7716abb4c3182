use super::ids::SubjectId;
use super::subject::Subject;
use indexmap::IndexMap;
use serde_json::{Map, Value};

/// The Subject slot of a page: an optional main Subject and the page's Subjects in display order.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct PageContent {
    pub main_subject: Option<SubjectId>,
    pub subjects: IndexMap<SubjectId, Subject>,
}

impl PageContent {
    pub fn to_json(&self) -> Value {
        let mut o = Map::new();
        if let Some(m) = &self.main_subject {
            o.insert("mainSubject".into(), m.as_str().into());
        }
        let subjects: Map<String, Value> =
            self.subjects.iter().map(|(id, s)| (id.as_str().to_owned(), s.to_json())).collect();
        o.insert("subjects".into(), Value::Object(subjects));
        Value::Object(o)
    }

    /// The page's Subjects other than the main one, in display order.
    pub fn other_subjects(&self) -> impl Iterator<Item = (&SubjectId, &Subject)> {
        self.subjects.iter().filter(move |(id, _)| Some(*id) != self.main_subject.as_ref())
    }
}
