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
    use crate::domain::page_content::two_subject_page;

    /// Which name applies is `PageContent::name_of`'s rule, tested there; here each name's text.
    #[test]
    fn each_name_gives_its_text_and_only_the_schemas_is_generated() {
        let [main, other] = ["s1demo1aaaaaaa1", "s1demo1aaaaaaa2"].map(|id| SubjectId::parse(id).unwrap());
        let cases = [
            (Some("ACME Inc"), &main, ("ACME Inc", false)),
            (None, &main, ("ACME", false)),
            (None, &other, ("Company", true)),
        ];
        for (label, id, (want, generated)) in cases {
            let content = two_subject_page(label);
            assert_eq!(
                display_name("ACME", &content, id, &content.subjects[id]),
                (want.to_owned(), generated),
                "{label:?} {id}"
            );
        }
    }
}
