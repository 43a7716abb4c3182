//! `searchText`: the words of a page's Subjects for a wiki's own full-text search (MediaWiki's
//! search index): each Subject's label and its text values (`text` and `monolingualText`
//! Statements), one per line, in the slot's order. Other values (IDs, dates, relations) are left out.

use super::{ExportError, Options};
use crate::domain::statement::StatementValue;
use crate::normalize::{read_page_content_str, Context};

/// The search text of a Subject slot given as JSON text; text that is not a slot gives "".
pub fn search_text(content: &str, options: &Options) -> Result<String, ExportError> {
    let page = read_page_content_str(content, &Context { own_source: &options.source_key });
    let mut lines: Vec<&str> = Vec::new();
    for subject in page.subjects.values() {
        lines.extend(subject.label.as_deref());
        for statement in subject.statements.values() {
            match &statement.value {
                StatementValue::Strings(parts) if statement.property_type == "text" => {
                    lines.extend(parts.iter().map(String::as_str))
                }
                StatementValue::Monolingual(parts) => lines.extend(parts.iter().map(|p| p.text.as_str())),
                _ => {}
            }
        }
    }
    Ok(lines.join("\n"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_and_text_values_one_per_line_other_values_left_out() {
        let slot = r#"{"mainSubject": "s1aaaaaaaaaaa01", "subjects": {
            "s1aaaaaaaaaaa01": {"label": "Harbour Library", "schema": "Place", "statements": {
                "Summary": {"propertyType": "text", "value": ["Books by the sea", "Open daily"]},
                "Name": {"propertyType": "monolingualText", "value": [{"text": "Havenbibliotheek", "language": "nl"}]},
                "Opened": {"propertyType": "date", "value": ["1901-01-01"]},
                "Site": {"propertyType": "url", "value": ["https://example.org/"]}}},
            "s1aaaaaaaaaaa02": {"schema": "Place", "statements": {"Note": {"propertyType": "text", "value": ["Annex"]}}}}}"#;
        let text = search_text(slot, &Options::from_json(None, 0).unwrap()).unwrap();
        assert_eq!(text, "Harbour Library\nBooks by the sea\nOpen daily\nHavenbibliotheek\nAnnex");
        assert_eq!(search_text("not json", &Options::from_json(None, 0).unwrap()).unwrap(), "");
    }
}
