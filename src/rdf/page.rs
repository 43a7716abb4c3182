//! The page a projection reads from: its facts from the host and the order of its Subjects.

use crate::domain::ids::SubjectId;
use crate::domain::page_content::{PageContent, SubjectName};
use crate::domain::subject::Subject;

/// What the host knows about a page, beyond its Subject slot.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct PageFacts {
    pub id: u64,
    /// The title without namespace prefix.
    pub title: String,
    /// The full title with namespace prefix, with spaces.
    pub prefixed_title: String,
    /// ISO 8601 timestamps as stored; one that does not parse is not projected.
    pub created: String,
    pub modified: String,
    pub last_editor: String,
    pub categories: Vec<String>,
}

/// A page as the projections read it.
#[derive(Debug, Clone, Copy)]
pub struct PageView<'a> {
    pub facts: &'a PageFacts,
    pub content: &'a PageContent,
}

/// The page's Subjects, main Subject first, then the others in display order.
pub fn subjects_in_order(content: &PageContent) -> impl Iterator<Item = (&SubjectId, &Subject)> {
    let main = content.main_subject.as_ref().and_then(|id| content.subjects.get_key_value(id));
    main.into_iter().chain(content.other_subjects())
}

/// The `rdfs:label` of a Subject, by the spec's RDF rule: its label; else, for the main Subject, the
/// page name with its namespace prefix, unless the page is titled with the ID of a Subject on it; else
/// the Schema name. The choice is `PageContent::name_of`, as for `displayName`, but `displayName`
/// gives the title without prefix.
pub fn label<'a>(id: &SubjectId, subject: &'a Subject, page: &PageView<'a>) -> &'a str {
    match page.content.name_of(&page.facts.title, id, subject) {
        SubjectName::Label(label) => label,
        SubjectName::PageName => &page.facts.prefixed_title,
        SubjectName::SchemaName => subject.schema.name().as_str(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::schema::SchemaRef;
    use crate::domain::title::Title;

    fn subject(label: Option<&str>) -> Subject {
        Subject {
            label: label.map(str::to_owned),
            schema: SchemaRef::Local(Title::new("Person").unwrap()),
            statements: Default::default(),
        }
    }

    #[test]
    fn label_fallbacks() {
        let main = SubjectId::parse("s1aaaaaaaaaaaa1").unwrap();
        let other = SubjectId::parse("s1aaaaaaaaaaaa2").unwrap();
        let page = |title: &str| PageFacts {
            title: title.into(),
            prefixed_title: format!("Project:{title}"),
            ..Default::default()
        };
        let cases = [
            ("labelled main", Some("Ada"), &main, page("Ada Lovelace"), "Ada"),
            ("unlabelled main", None, &main, page("Ada Lovelace"), "Project:Ada Lovelace"),
            ("blank label", Some("  "), &main, page("Ada Lovelace"), "Project:Ada Lovelace"),
            ("main on a page titled by its own ID", None, &main, page("s1aaaaaaaaaaaa1"), "Person"),
            ("main on a page titled by another Subject's ID", None, &main, page("s1aaaaaaaaaaaa2"), "Person"),
            ("unlabelled other", None, &other, page("Ada Lovelace"), "Person"),
            ("labelled other", Some("Notes"), &other, page("Ada Lovelace"), "Notes"),
        ];
        for (name, label_value, id, facts, want) in cases {
            let mut content = PageContent { main_subject: Some(main.clone()), ..Default::default() };
            content.subjects.insert(main.clone(), subject(label_value.filter(|_| id == &main)));
            content.subjects.insert(other.clone(), subject(label_value.filter(|_| id == &other)));
            assert_eq!(
                label(id, &content.subjects[id], &PageView { facts: &facts, content: &content }),
                want,
                "{name}"
            );
        }
    }

    #[test]
    fn main_subject_comes_first() {
        let a = SubjectId::parse("s1aaaaaaaaaaaa1").unwrap();
        let b = SubjectId::parse("s1aaaaaaaaaaaa2").unwrap();
        let mut content = PageContent { main_subject: Some(b.clone()), ..Default::default() };
        content.subjects.insert(a.clone(), subject(None));
        content.subjects.insert(b.clone(), subject(None));
        let order: Vec<&SubjectId> = subjects_in_order(&content).map(|(id, _)| id).collect();
        assert_eq!(order, [&b, &a]);
    }
}
