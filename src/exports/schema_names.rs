//! Schema references a batch reads again and again (each item's `schema`, the Schemas of its
//! relation targets in `knownSubjects`), resolved once: a name spelled exactly as one the batch
//! was built with is looked up instead of parsed as a title again.

use crate::domain::ids::SourceKey;
use crate::domain::maps::FastHashMap;
use crate::domain::schema::SchemaRef;
use crate::json::Json;

/// Names already parsed, by their exact spelling.
#[derive(Default)]
pub(super) struct SchemaNames(FastHashMap<String, SchemaRef>);

impl SchemaNames {
    /// Remembers `reference` under the spelling it was read from and, for a local Schema, under its
    /// canonical title (which reads back as the same reference).
    pub(super) fn remember(&mut self, spelling: &str, reference: &SchemaRef) {
        if let SchemaRef::Local(title) = reference {
            self.0.insert(title.to_string(), reference.clone());
        }
        self.0.insert(spelling.to_owned(), reference.clone());
    }

    /// The remembered reference of a Schema name spelled exactly `spelling`, borrowed.
    pub(super) fn get(&self, spelling: &str) -> Option<&SchemaRef> {
        self.0.get(spelling)
    }

    /// [`SchemaRef::read`], answered from the remembered names when the spelling is one of them.
    pub(super) fn read(&self, v: &Json, own_source: &SourceKey) -> Result<SchemaRef, String> {
        match v {
            Json::String(s) => self.get(s).map_or_else(|| SchemaRef::read(v, own_source), |r| Ok(r.clone())),
            _ => SchemaRef::read(v, own_source),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::title::Title;

    #[test]
    fn a_remembered_spelling_reads_as_parsing_it_would() {
        let own = SourceKey::parse("local").unwrap();
        let mut names = SchemaNames::default();
        let person = SchemaRef::Local(Title::new("Person record").unwrap());
        names.remember("person_record", &person);
        let cases: &[(Json, Result<SchemaRef, ()>)] = &[
            (Json::String("person_record"), Ok(person.clone())),
            (Json::String("Person record"), Ok(person.clone())),
            (Json::String("person record"), Ok(person.clone())),
            (Json::String("Other"), Ok(SchemaRef::Local(Title::new("Other").unwrap()))),
            (Json::String("a#b"), Err(())),
            (Json::Bool(true), Err(())),
        ];
        for (raw, want) in cases {
            let got = names.read(raw, &own);
            assert_eq!(got.clone().map_err(|_| ()), *want, "{raw:?}");
            assert_eq!(got, SchemaRef::read(raw, &own), "{raw:?} reads as without the remembered names");
        }
    }
}
