//! Titling the page `POST /subjects` creates.

use crate::app::error::{invalid_title, ApiError, ErrorKind};
use crate::domain::ids::SubjectId;
use crate::domain::title::Title;
use crate::host::{namespace, Titling};

/// Prefixes that would put a title in another namespace than the main one.
const NAMESPACE_PREFIXES: [&str; 20] = [
    "Talk",
    "User",
    "User talk",
    "Project",
    "Project talk",
    "File",
    "Image",
    "MediaWiki",
    "Template",
    "Help",
    "Category",
    "Special",
    "Media",
    "Module",
    "Schema",
    "Layout",
    "Mapping",
    "Subject",
    "Schema talk",
    "Subject talk",
];

/// A title the caller gave for a main-namespace page.
pub fn main_namespace_title(raw: &str) -> Result<Title, ApiError> {
    let title = Title::new(raw).map_err(|e| invalid_title("pageTitle", &e))?;
    if let Some((prefix, _)) = title.as_str().split_once(':') {
        let prefix = prefix.trim();
        if NAMESPACE_PREFIXES.iter().any(|p| p.eq_ignore_ascii_case(prefix)) {
            return Err(ApiError::new(
                ErrorKind::InvalidTitle,
                format!(
                    "pageTitle \"{title}\" names the {prefix} namespace; Subjects are created on main-namespace pages."
                ),
            ));
        }
    }
    Ok(title)
}

/// Page-first: `pageTitle`, else a label that can be a title, else the Subject ID. Subject-first:
/// the Subject ID in the Subject namespace, and no `pageTitle`.
pub fn new_page_title(
    titling: Titling,
    page_title: Option<&str>,
    label: Option<&str>,
    id: &SubjectId,
) -> Result<(i32, Title), ApiError> {
    let by_id = || Title::new(id.as_str()).map_err(|e| ApiError::new(ErrorKind::Internal, e.to_string()));
    match titling {
        Titling::SubjectFirst if page_title.is_some() => Err(ApiError::new(
            ErrorKind::InvalidTitle,
            "This wiki titles Subject pages by Subject ID; pageTitle is not accepted.",
        )),
        Titling::SubjectFirst => Ok((namespace::SUBJECT, by_id()?)),
        Titling::PageFirst => {
            let title = match (page_title, label.and_then(|l| main_namespace_title(l).ok())) {
                (Some(raw), _) => main_namespace_title(raw)?,
                (None, Some(from_label)) => from_label,
                (None, None) => by_id()?,
            };
            Ok((namespace::MAIN, title))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn titling_rules() {
        let id = SubjectId::parse("s1testaaaaaaaa1").unwrap();
        type Case<'a> = (Titling, Option<&'a str>, Option<&'a str>, Result<(i32, &'a str), ErrorKind>);
        let cases: &[Case] = &[
            (Titling::PageFirst, Some("acme_corp"), Some("Label"), Ok((0, "Acme corp"))),
            (Titling::PageFirst, None, Some("ACME Inc"), Ok((0, "ACME Inc"))),
            (Titling::PageFirst, None, Some("a|b"), Ok((0, "S1testaaaaaaaa1"))),
            (Titling::PageFirst, None, Some("Schema:Person"), Ok((0, "S1testaaaaaaaa1"))),
            (Titling::PageFirst, None, None, Ok((0, "S1testaaaaaaaa1"))),
            (Titling::PageFirst, Some("Schema:Person"), None, Err(ErrorKind::InvalidTitle)),
            (Titling::PageFirst, Some("user talk:X"), None, Err(ErrorKind::InvalidTitle)),
            (Titling::PageFirst, Some("Ratio: 3:1"), None, Ok((0, "Ratio: 3:1"))),
            (Titling::PageFirst, Some("a[b]"), None, Err(ErrorKind::InvalidTitle)),
            (Titling::PageFirst, Some("  "), None, Err(ErrorKind::InvalidTitle)),
            (Titling::SubjectFirst, None, Some("ACME"), Ok((7480, "S1testaaaaaaaa1"))),
            (Titling::SubjectFirst, Some("ACME"), None, Err(ErrorKind::InvalidTitle)),
        ];
        for (titling, page_title, label, want) in cases {
            let got = new_page_title(*titling, *page_title, *label, &id)
                .map(|(ns, t)| (ns, t.to_string()))
                .map_err(|e| e.kind);
            assert_eq!(got, want.map(|(ns, t)| (ns, t.to_owned())), "{titling:?} {page_title:?} {label:?}");
        }
    }
}
