//! The ontology projection: Mappings compiled and the fixture page's TriG.

use super::*;
use crate::domain::mapping::term::TermError;
use crate::domain::mapping::Mapping;
use crate::rdf::ontology::{projection_names, OntologyProjection};
use crate::rdf::warning::Warning;

fn mapping(v: Value) -> Mapping {
    Mapping::from_json(&v).unwrap()
}

/// Stored Mappings as the projection meets them: some break the save rules on purpose.
fn mapping_pages() -> Vec<(String, Mapping)> {
    let prefixes = json!({"schema": "https://schema.org/", "xsd": "http://www.w3.org/2001/XMLSchema#", "bad": "http://ex.org/a b/"});
    let person = json!({
        "version": 1, "schema": "Person", "target": "schemaorg", "prefixes": prefixes,
        "subject": {"class": "schema:Person"},
        "properties": {
            "Name": {"predicate": "schema:name", "lang": "en"},
            "Nicknames": {"predicate": "schema:alternateName", "lang": "en_GB"},
            "Motto": {"predicate": "schema:slogan", "lang": "fr", "datatype": "xsd:token"},
            "Homepage": {"predicate": "schema:url", "datatype": "xsd:string"},
            "Height": {"predicate": "schema:height", "datatype": "xsd:double"},
            "Born": {"predicate": "schema:birthDate", "datatype": "bad:date"},
            "Last seen": {"predicate": "https://schema.org/lastReviewed"},
            "Status": {"predicate": "schema:status", "lang": "en", "datatype": "xsd:token"},
            "Employer": {"predicate": "schema:worksFor"},
            "Friends": {"predicate": "bad:knows"},
            "Undeclared": {"predicate": "schema:undeclared"}
        }
    });
    let company = |class: &str| json!({"version": 1, "schema": "Company", "target": "schemaorg", "prefixes": prefixes, "subject": {"class": class}, "properties": {"Name": {"predicate": "schema:legalName"}}});
    let foaf = json!({"version": 1, "schema": "Person", "target": "foaf", "prefixes": {"foaf": "http://xmlns.com/foaf/0.1/"}, "subject": {"class": "foaf:Person"}, "properties": {}});
    vec![
        ("Person to schema.org".into(), mapping(person)),
        ("Company to schema.org (copy)".into(), mapping(company("schema:Corporation"))),
        ("Company to schema.org".into(), mapping(company("bad:Organization"))),
        ("Person to FOAF".into(), mapping(foaf)),
    ]
}

fn compiled() -> (OntologyProjection, Vec<Warning>) {
    OntologyProjection::compile("schemaorg", &mapping_pages())
}

fn ontology_lines() -> (Vec<String>, Vec<Warning>) {
    let (facts, content) = (fixture_facts(), fixture_content());
    let mut sink = Collect::default();
    let warnings = compiled().0.project_page(cx(), &view(&facts, &content), &mut sink);
    (lines(&sink.0), warnings)
}

#[test]
fn compiling_checks_every_term_again() {
    let (projection, warnings) = compiled();
    assert_eq!(projection.target(), "schemaorg");
    let person = "Person to schema.org".to_owned();
    let company = "Company to schema.org".to_owned();
    let unsafe_prefix = |mapping: &String| Warning::UnsafeTerm {
        mapping: mapping.clone(),
        path: "prefixes.bad".into(),
        error: TermError::IllegalChar(' '),
    };
    let undeclared_bad = |mapping: &String, path: &str| Warning::UnsafeTerm {
        mapping: mapping.clone(),
        path: path.into(),
        error: TermError::UndeclaredPrefix("bad".into()),
    };
    assert_eq!(
        warnings,
        [
            unsafe_prefix(&company),
            undeclared_bad(&company, "subject.class"),
            Warning::DuplicateMapping {
                schema: Title::new("Company").unwrap(),
                used: company.clone(),
                ignored: "Company to schema.org (copy)".into()
            },
            unsafe_prefix(&person),
            Warning::InvalidLang { mapping: person.clone(), property: "Nicknames".into() },
            Warning::LangWithDatatype { mapping: person.clone(), property: "Motto".into() },
            undeclared_bad(&person, "properties.Born.datatype"),
            Warning::LangWithDatatype { mapping: person.clone(), property: "Status".into() },
            undeclared_bad(&person, "properties.Friends.predicate"),
        ]
    );
    assert_eq!(
        warnings[2].to_string(),
        "Mapping pages \"Company to schema.org\" and \"Company to schema.org (copy)\" both map Schema \"Company\" to this target; \"Company to schema.org\" is used"
    );
    assert_eq!(projection_names(&mapping_pages()), ["native", "foaf", "schemaorg"]);
}

#[test]
fn fixture_page_trig() {
    let (facts, content) = (fixture_facts(), fixture_content());
    let projection = compiled().0;
    let trig = round_trip(|sink| {
        projection.project_page(cx(), &view(&facts, &content), sink);
    });
    let ada = "</entity/s1aaaaaaaaaaaa1>";
    let present = [
        ("the mapped class", format!("{ada} {RDF_TYPE} <https://schema.org/Person>")),
        ("a mapped property", format!("{ada} <https://schema.org/name> \"Ada\"@en")),
        ("a relation to the native IRI", format!("{ada} <https://schema.org/worksFor> </entity/s1aaaaaaaaaaaa2>")),
    ];
    let absent = [("no page metadata", "</page/12>"), ("no native vocabulary", "/prop/"), ("unmapped Subject", NOTE)];
    assert_rules(&parsed_lines(&trig), "</graph/schemaorg/page/12>", &present, &absent);
    insta::assert_snapshot!(trig);
}

/// One case per ontology rule and decision.
#[test]
fn ontology_rules() {
    let (all, warnings) = ontology_lines();
    let ada = "</entity/s1aaaaaaaaaaaa1>";
    let g = "</graph/schemaorg/page/12>";
    let present = [
        ("class", format!("{ada} <http://www.w3.org/1999/02/22-rdf-syntax-ns#type> <https://schema.org/Person>")),
        ("label", format!("{ada} <http://www.w3.org/2000/01/rdf-schema#label> \"Ada Lovelace\"")),
        ("label fallback is the native one", "</entity/s1aaaaaaaaaaaa2> <http://www.w3.org/2000/01/rdf-schema#label> \"Company\"".into()),
        ("lang on text", format!("{ada} <https://schema.org/name> \"Ada\"@en")),
        ("invalid lang falls back to a plain literal", format!("{ada} <https://schema.org/alternateName> \"Countess\"")),
        ("monolingual text keeps its own tags", format!("{ada} <https://schema.org/slogan> \"Poetische Wissenschaft\"@de")),
        ("datatype does not apply to url values", format!("{ada} <https://schema.org/url> <https://ada.example/home>")),
        ("nor to invalid url values", format!("{ada} <https://schema.org/url> \"ada.example\"^^<http://www.w3.org/2001/XMLSchema#anyURI>")),
        ("datatype overrides a typed literal", format!("{ada} <https://schema.org/height> \"1.65\"^^<http://www.w3.org/2001/XMLSchema#double>")),
        ("unsafe datatype falls back to the native one", format!("{ada} <https://schema.org/birthDate> \"1815-12-10\"^^<http://www.w3.org/2001/XMLSchema#date>")),
        ("absolute IRI predicate", format!("{ada} <https://schema.org/lastReviewed> \"1852-11-27T12:00:00Z\"^^<http://www.w3.org/2001/XMLSchema#dateTime>")),
        ("lang with datatype uses neither", format!("{ada} <https://schema.org/status> \"Retired\"")),
        ("relation: direct triple to the native IRI", format!("{ada} <https://schema.org/worksFor> </entity/s1aaaaaaaaaaaa2>")),
        ("first Mapping page wins", "</entity/s1aaaaaaaaaaaa2> <https://schema.org/legalName> \"ACME\"".into()),
    ];
    let absent = [
        ("no page metadata", "</page/12>"),
        ("no reification", "/relation/"),
        ("unmapped property", "Alive"),
        ("unsafe predicate drops the property", "s1zzzzzzzzzzzz9"),
        ("undeclared property", "undeclared"),
        (
            "unsafe class drops only rdf:type",
            "</entity/s1aaaaaaaaaaaa2> <http://www.w3.org/1999/02/22-rdf-syntax-ns#type>",
        ),
        ("the ignored duplicate's class", "Corporation"),
        ("native vocabulary", "/prop/"),
        ("unmapped Subject", "s1aaaaaaaaaaaa3"),
    ];
    assert_rules(&all, g, &present, &absent);
    assert!(warnings.is_empty(), "{warnings:?}");
}

#[test]
fn subjects_without_a_mapping_are_absent() {
    let (projection, _) = OntologyProjection::compile("foaf", &mapping_pages());
    let (facts, content) = (fixture_facts(), fixture_content());
    let page = view(&facts, &content);
    let mut sink = Collect::default();
    projection.project_page(cx(), &page, &mut sink);
    assert_eq!(
        lines(&sink.0),
        [
            "</entity/s1aaaaaaaaaaaa1> <http://www.w3.org/1999/02/22-rdf-syntax-ns#type> <http://xmlns.com/foaf/0.1/Person> </graph/foaf/page/12>",
            "</entity/s1aaaaaaaaaaaa1> <http://www.w3.org/2000/01/rdf-schema#label> \"Ada Lovelace\" </graph/foaf/page/12>",
        ]
    );
    let mut sink = Collect::default();
    assert_eq!(projection.project_subject(cx(), &page, &sid(ACME), &mut sink), Ok(()));
    assert!(sink.0.is_empty(), "a Subject without a Mapping exports an empty graph");

    let (unknown, warnings) = OntologyProjection::compile("nothing", &mapping_pages());
    assert!(warnings.is_empty());
    let mut sink = Collect::default();
    unknown.project_page(cx(), &page, &mut sink);
    assert!(sink.0.is_empty());
}

#[test]
fn subject_export_matches_the_page_export() {
    let (facts, content) = (fixture_facts(), fixture_content());
    let page = view(&facts, &content);
    let projection = compiled().0;
    let mut whole = Collect::default();
    projection.project_page(cx(), &page, &mut whole);
    let mut parts = Collect::default();
    for id in [ADA, ACME, NOTE] {
        projection.project_subject(cx(), &page, &sid(id), &mut parts).unwrap();
    }
    assert_eq!(lines(&parts.0), lines(&whole.0));
    assert_eq!(
        projection.project_subject(cx(), &page, &sid("s1nothereaaaaa1"), &mut parts),
        Err(crate::rdf::NotDescribable)
    );
}
