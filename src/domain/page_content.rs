//! `PageContent`: the Subject slot of a page (its main Subject and the Subjects it holds).

use super::ids::SubjectId;
use super::subject::Subject;
use super::title::Title;
use indexmap::IndexMap;
use serde_json::Value;

/// The Subject slot of a page: an optional main Subject and the page's Subjects in display order.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct PageContent {
    pub main_subject: Option<SubjectId>,
    pub subjects: IndexMap<SubjectId, Subject>,
}

impl PageContent {
    /// The stored JSON form (`stored_form.rs`); `serde_json::to_string` writes the slot text
    /// without building this tree.
    pub fn to_json(&self) -> Value {
        serde_json::to_value(self).expect("page content serializes to JSON")
    }

    /// The page's Subjects other than the main one, in display order.
    pub fn other_subjects(&self) -> impl Iterator<Item = (&SubjectId, &Subject)> {
        self.subjects.iter().filter(move |(id, _)| Some(*id) != self.main_subject.as_ref())
    }
}

/// The name a Subject goes by (the spec's `displayName` rule, shared by reads, RDF and the graph).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SubjectName<'a> {
    /// Its own, non-blank label.
    Label(&'a str),
    /// The name of its page: it is the page's main Subject and has no label.
    PageName,
    /// The name of its Schema, a generated name.
    SchemaName,
}

impl PageContent {
    /// Which name the Subject `id` of this page, titled `page_title` (without namespace prefix), goes
    /// by. A page titled with the ID of one of its Subjects gives no page name: titles start upper
    /// case, so such a page reads `S1…` where the ID is `s1…`, and both are compared as titles.
    pub fn name_of<'a>(&self, page_title: &str, id: &SubjectId, subject: &'a Subject) -> SubjectName<'a> {
        if let Some(label) = subject.label.as_deref().filter(|l| !l.trim().is_empty()) {
            return SubjectName::Label(label);
        }
        let page = Title::new(page_title).ok();
        let titled_by_an_id = page.is_some() && self.subjects.keys().any(|k| Title::new(k.as_str()).ok() == page);
        if self.main_subject.as_ref() == Some(id) && !titled_by_an_id {
            SubjectName::PageName
        } else {
            SubjectName::SchemaName
        }
    }
}

/// A page of two Subjects of the Schema `Company`: its main Subject `s1demo1aaaaaaa1` with the label
/// given, and `s1demo1aaaaaaa2` without one. For the tests of the name rule and of its users.
#[cfg(test)]
pub(crate) fn two_subject_page(main_label: Option<&str>) -> PageContent {
    use crate::domain::schema::SchemaRef;
    let subject = |label: Option<&str>| Subject {
        label: label.map(Into::into),
        schema: SchemaRef::Local(Title::new("Company").unwrap()),
        statements: Default::default(),
    };
    let [main, other] = ["s1demo1aaaaaaa1", "s1demo1aaaaaaa2"].map(|id| SubjectId::parse(id).unwrap());
    let mut content = PageContent { main_subject: Some(main.clone()), subjects: IndexMap::new() };
    content.subjects.insert(main, subject(main_label));
    content.subjects.insert(other, subject(None));
    content
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_name_a_subject_goes_by() {
        let main = SubjectId::parse("s1demo1aaaaaaa1").unwrap();
        let other = SubjectId::parse("s1demo1aaaaaaa2").unwrap();
        let cases = [
            ("ACME", Some("ACME Inc"), &main, SubjectName::Label("ACME Inc")),
            ("ACME", None, &main, SubjectName::PageName),
            ("ACME", Some(" \t"), &main, SubjectName::PageName),
            ("ACME", None, &other, SubjectName::SchemaName),
            ("s1demo1aaaaaaa1", None, &main, SubjectName::SchemaName),
            ("S1demo1aaaaaaa1", None, &main, SubjectName::SchemaName),
            ("S1demo1aaaaaaa2", None, &main, SubjectName::SchemaName),
            ("S1demo1aaaaaaa3", None, &main, SubjectName::PageName),
        ];
        for (title, label, id, want) in cases {
            let content = two_subject_page(label);
            let s = content.subjects[id].clone();
            assert_eq!(content.name_of(title, id, &s), want, "{title} {label:?} {id}");
        }
    }
}
