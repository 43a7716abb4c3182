//! The vocabularies the projections use, and the IRIs this wiki mints under its base URI.

use super::iri_name::encode_name;
use crate::domain::ids::{RelationId, SubjectId, SubjectRef};
use std::collections::BTreeMap;

pub const RDF: &str = "http://www.w3.org/1999/02/22-rdf-syntax-ns#";
pub const RDFS: &str = "http://www.w3.org/2000/01/rdf-schema#";
pub const XSD: &str = "http://www.w3.org/2001/XMLSchema#";
pub const DCTERMS: &str = "http://purl.org/dc/terms/";

pub const RDF_TYPE: &str = "http://www.w3.org/1999/02/22-rdf-syntax-ns#type";
pub const RDFS_LABEL: &str = "http://www.w3.org/2000/01/rdf-schema#label";
pub const XSD_STRING: &str = "http://www.w3.org/2001/XMLSchema#string";
pub const XSD_INTEGER: &str = "http://www.w3.org/2001/XMLSchema#integer";
pub const XSD_DECIMAL: &str = "http://www.w3.org/2001/XMLSchema#decimal";
pub const XSD_BOOLEAN: &str = "http://www.w3.org/2001/XMLSchema#boolean";
pub const XSD_DATE: &str = "http://www.w3.org/2001/XMLSchema#date";
pub const XSD_DATE_TIME: &str = "http://www.w3.org/2001/XMLSchema#dateTime";
pub const XSD_ANY_URI: &str = "http://www.w3.org/2001/XMLSchema#anyURI";
pub const DCTERMS_CREATED: &str = "http://purl.org/dc/terms/created";
pub const DCTERMS_MODIFIED: &str = "http://purl.org/dc/terms/modified";

/// The six namespaces minted under the base URI: prefix label and path below the base.
pub const OWN_NAMESPACES: [(&str, &str); 6] = [
    ("strata", "ontology/"),
    ("strata-subj", "entity/"),
    ("strata-prop", "prop/"),
    ("strata-schema", "schema/"),
    ("strata-rel", "relation/"),
    ("strata-page", "page/"),
];

/// Terms of the `strata:` vocabulary.
pub mod term {
    pub const PAGE: &str = "Page";
    pub const RELATION: &str = "Relation";
    pub const SOURCE: &str = "source";
    pub const TARGET: &str = "target";
    pub const RELATION_TYPE: &str = "relationType";
    pub const PAGE_NAME: &str = "pageName";
    pub const LAST_EDITOR: &str = "lastEditor";
    pub const CATEGORY: &str = "category";
    pub const MAIN_SUBJECT: &str = "mainSubject";
    pub const HAS_SUBJECT: &str = "hasSubject";
}

/// The IRIs minted under one base URI (the setting `rdfBaseUri`, trusted and not encoded).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Iris {
    base: String,
    /// The entity base of each source whose own IRIs are known (its `rdfBaseUri`), by source key.
    sources: BTreeMap<String, String>,
}

impl Iris {
    /// A trailing slash on the base is dropped, so `https://w.example/` and `https://w.example`
    /// mint the same IRIs.
    pub fn new(base: &str) -> Self {
        Iris { base: base.strip_suffix('/').unwrap_or(base).to_owned(), sources: BTreeMap::new() }
    }

    /// The same IRIs, with Subjects of these sources (key, their `rdfBaseUri`) named by their own IRIs.
    pub fn with_sources<'a>(mut self, sources: impl IntoIterator<Item = (&'a str, &'a str)>) -> Self {
        for (key, base) in sources {
            self.sources.insert(key.to_owned(), base.strip_suffix('/').unwrap_or(base).to_owned());
        }
        self
    }

    /// The prefix lines every serialization starts with: the six own namespaces, then rdf, rdfs,
    /// xsd and dcterms.
    pub fn prefixes(&self) -> Vec<(&'static str, String)> {
        let own = OWN_NAMESPACES.iter().map(|(p, path)| (*p, format!("{}/{path}", self.base)));
        let standard =
            [("rdf", RDF), ("rdfs", RDFS), ("xsd", XSD), ("dcterms", DCTERMS)].map(|(p, ns)| (p, ns.to_owned()));
        own.chain(standard).collect()
    }

    /// A term of the `strata:` vocabulary ([`term`]).
    pub fn term(&self, local: &str) -> String {
        format!("{}/ontology/{local}", self.base)
    }

    pub fn subject(&self, id: &SubjectId) -> String {
        format!("{}/entity/{id}", self.base)
    }

    /// The IRI of a relation target: this wiki's Subjects as [`Self::subject`]; a Subject of another
    /// source as that source names it (`<its rdfBaseUri>/entity/<id>`) when its base is known, else
    /// as `entity/<source>:<id>` under this wiki's base, which no Subject ID of this wiki can spell
    /// (they have no colon).
    pub fn subject_ref(&self, target: &SubjectRef) -> String {
        match target {
            SubjectRef::Local(id) => self.subject(id),
            SubjectRef::Foreign { source, local_id } => match self.sources.get(source.as_str()) {
                Some(base) => format!("{base}/entity/{}", local_id.as_str()),
                None => format!("{}/entity/{target}", self.base),
            },
        }
    }

    /// The predicate of a property, relation type or relation-property key.
    pub fn property(&self, name: &str) -> String {
        format!("{}/prop/{}", self.base, encode_name(name))
    }

    pub fn schema(&self, name: &str) -> String {
        format!("{}/schema/{}", self.base, encode_name(name))
    }

    pub fn relation(&self, id: &RelationId) -> String {
        format!("{}/relation/{id}", self.base)
    }

    /// The page resource, named by page ID so that it survives a rename.
    pub fn page(&self, page_id: u64) -> String {
        format!("{}/page/{page_id}", self.base)
    }

    /// The named graph holding one page's quads in one projection.
    pub fn graph(&self, projection: &str, page_id: u64) -> String {
        format!("{}/graph/{}/page/{page_id}", self.base, encode_name(projection))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn minted_iris() {
        let iris = Iris::new("https://wiki.example/");
        let known = iris.clone().with_sources([("other", "https://other.example/")]);
        let s = SubjectId::parse("s1demo1aaaaaaa1").unwrap();
        let r = RelationId::parse("r1demo1aaaaaar1").unwrap();
        let own = crate::domain::ids::SourceKey::parse("local").unwrap();
        let cases = [
            (iris.term("Page"), "https://wiki.example/ontology/Page"),
            (iris.subject(&s), "https://wiki.example/entity/s1demo1aaaaaaa1"),
            (iris.subject_ref(&SubjectRef::Local(s.clone())), "https://wiki.example/entity/s1demo1aaaaaaa1"),
            (iris.subject_ref(&SubjectRef::parse("other:x1", &own).unwrap()), "https://wiki.example/entity/other:x1"),
            (iris.subject_ref(&SubjectRef::parse("wiki:Q42", &own).unwrap()), "https://wiki.example/entity/wiki:Q42"),
            (known.subject_ref(&SubjectRef::parse("other:x1", &own).unwrap()), "https://other.example/entity/x1"),
            (known.subject_ref(&SubjectRef::parse("wiki:Q42", &own).unwrap()), "https://wiki.example/entity/wiki:Q42"),
            (iris.property("Founded at"), "https://wiki.example/prop/Founded_at"),
            (iris.schema("Validation Demo"), "https://wiki.example/schema/Validation_Demo"),
            (iris.relation(&r), "https://wiki.example/relation/r1demo1aaaaaar1"),
            (iris.page(12), "https://wiki.example/page/12"),
            (iris.graph("native", 12), "https://wiki.example/graph/native/page/12"),
            (iris.graph("my projection", 3), "https://wiki.example/graph/my_projection/page/3"),
        ];
        for (got, want) in cases {
            assert_eq!(got, want);
        }
        assert_eq!(Iris::new("http://x.example"), Iris::new("http://x.example/"));
        let prefixes = iris.prefixes();
        assert_eq!(prefixes[0], ("strata", "https://wiki.example/ontology/".to_owned()));
        assert_eq!(
            prefixes.iter().map(|(p, _)| *p).collect::<Vec<_>>(),
            [
                "strata",
                "strata-subj",
                "strata-prop",
                "strata-schema",
                "strata-rel",
                "strata-page",
                "rdf",
                "rdfs",
                "xsd",
                "dcterms"
            ]
        );
    }
}
