//! The display name of a Subject: its label, its page's title, or its Schema's name (generated).

use crate::domain::ids::SubjectId;
use crate::domain::page_content::{PageContent, SubjectName};
use crate::domain::subject::Subject;

/// The display name of a Subject on a page titled `page_title`, and whether it was generated.
pub fn display_name(page_title: &str, content: &PageContent, id: &SubjectId, subject: &Subject) -> (String, bool) {
    match content.name_of(page_title, id, subject) {
        SubjectName::Label(label) => (label.to_owned(), false),
        SubjectName::PageName => (page_title.to_owned(), false),
        SubjectName::SchemaName => (subject.schema.name().to_string(), true),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::schema::SchemaRef;
    use crate::domain::title::Title;

    #[test]
    fn display_name_rule() {
        let main = SubjectId::parse("s1demo1aaaaaaa1").unwrap();
        let other = SubjectId::parse("s1demo1aaaaaaa2").unwrap();
        let subject = |label: Option<&str>| Subject {
            label: label.map(Into::into),
            schema: SchemaRef::Local(Title::new("Company").unwrap()),
            statements: Default::default(),
        };
        let page = |main_label: Option<&str>| {
            let mut c = PageContent { main_subject: Some(main.clone()), subjects: Default::default() };
            c.subjects.insert(main.clone(), subject(main_label));
            c.subjects.insert(other.clone(), subject(None));
            c
        };
        let cases = [
            ("ACME", Some("ACME Inc"), &main, ("ACME Inc", false)),
            ("ACME", None, &main, ("ACME", false)),
            ("ACME", Some("  "), &main, ("ACME", false)),
            ("ACME", None, &other, ("Company", true)),
            ("s1demo1aaaaaaa2", None, &main, ("Company", true)),
            ("s1demo1aaaaaaa1", None, &main, ("Company", true)),
            ("S1demo1aaaaaaa2", None, &main, ("Company", true)),
            ("s1demo1aaaaaaa1", Some("Named"), &main, ("Named", false)),
        ];
        for (title, label, id, (want, generated)) in cases {
            let content = page(label);
            let s = &content.subjects[id];
            assert_eq!(display_name(title, &content, id, s), (want.to_owned(), generated), "{title} {label:?} {id}");
        }
    }
}
