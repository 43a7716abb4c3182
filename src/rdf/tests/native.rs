//! The native projection: the fixture page's TriG and the rules of what is left out.

use super::*;
use crate::rdf::native::{project_page, project_subject};
use crate::rdf::warning::Warning;
use crate::rdf::NotDescribable;

fn native_lines(facts: &PageFacts, content: &PageContent) -> (Vec<String>, Vec<Warning>) {
    let mut sink = Collect::default();
    let warnings = project_page(cx(), &view(facts, content), &mut sink);
    (lines(&sink.0), warnings)
}

fn has(lines: &[String], line: &str) -> bool {
    lines.iter().any(|l| l == &format!("{line} </graph/native/page/12>"))
}

#[test]
fn fixture_page_trig() {
    let (facts, content) = (fixture_facts(), fixture_content());
    let trig = round_trip(|sink| {
        project_page(cx(), &view(&facts, &content), sink);
    });
    let ada = "</entity/s1aaaaaaaaaaaa1>";
    let present = [
        ("the page", format!("</page/12> {RDF_TYPE} </ontology/Page>")),
        ("its main Subject", format!("</page/12> </ontology/mainSubject> {ada}")),
        ("the Subject's class", format!("{ada} {RDF_TYPE} </schema/Person>")),
        ("its label", format!("{ada} {RDFS_LABEL} \"Ada Lovelace\"")),
        ("a relation", format!("{ada} </prop/Works_for> </entity/s1aaaaaaaaaaaa2>")),
    ];
    let absent = [("the Subject of a Schema not loaded", NOTE), ("an undeclared property", "Undeclared")];
    assert_rules(&parsed_lines(&trig), "</graph/native/page/12>", &present, &absent);
    insta::assert_snapshot!(trig);
}

#[test]
fn warnings_name_what_was_left_out() {
    let (_, warnings) = native_lines(&fixture_facts(), &fixture_content());
    assert_eq!(warnings, [Warning::SchemaNotLoaded { subject: sid(NOTE), schema: schema_ref("Missing schema") }]);
    assert_eq!(
        warnings[0].to_string(),
        "Subject s1aaaaaaaaaaaa3 is not projected: its Schema \"Missing schema\" cannot be loaded"
    );
}

/// One case per rule of the native projection and per decision on its open points: the line that
/// must be present (or absent) in the page's quads.
#[test]
fn native_rules() {
    let (all, _) = native_lines(&fixture_facts(), &fixture_content());
    let ada = "</entity/s1aaaaaaaaaaaa1>";
    let present = [
        ("rdf:type is the Schema class", format!("{ada} <http://www.w3.org/1999/02/22-rdf-syntax-ns#type> </schema/Person>")),
        ("label", format!("{ada} <http://www.w3.org/2000/01/rdf-schema#label> \"Ada Lovelace\"")),
        ("unlabelled other Subject takes the Schema name", "</entity/s1aaaaaaaaaaaa2> <http://www.w3.org/2000/01/rdf-schema#label> \"Company\"".into()),
        ("text", format!("{ada} </prop/Name> \"Ada\"")),
        ("one triple per part", format!("{ada} </prop/Nicknames> \"Countess\"")),
        ("monolingualText is language-tagged", format!("{ada} </prop/Motto> \"Poetische Wissenschaft\"@de")),
        ("url as IRI", format!("{ada} </prop/Homepage> <https://ada.example/home>")),
        ("url that is no absolute IRI", format!("{ada} </prop/Homepage> \"ada.example\"^^<http://www.w3.org/2001/XMLSchema#anyURI>")),
        ("number with fraction", format!("{ada} </prop/Height> \"1.65\"^^<http://www.w3.org/2001/XMLSchema#decimal>")),
        ("boolean", format!("{ada} </prop/Alive> \"false\"^^<http://www.w3.org/2001/XMLSchema#boolean>")),
        ("date", format!("{ada} </prop/Born> \"1815-12-10\"^^<http://www.w3.org/2001/XMLSchema#date>")),
        ("dateTime", format!("{ada} </prop/Last_seen> \"1852-11-27T12:00:00Z\"^^<http://www.w3.org/2001/XMLSchema#dateTime>")),
        ("select gives the option label", format!("{ada} </prop/Status> \"Retired\"")),
        ("select keeps the id of a removed option", format!("{ada} </prop/Status> \"o9\"")),
        ("writer type decides the mapping", format!("{ada} </prop/Renamed> \"7\"^^<http://www.w3.org/2001/XMLSchema#integer>")),
        ("# and ? are percent-encoded", format!("{ada} </prop/Tags%23%3F> \"t\"")),
        ("direct relation uses the declared relation type", format!("{ada} </prop/Works_for> </entity/s1aaaaaaaaaaaa2>")),
        ("relation type defaults to the property name", format!("{ada} </prop/Friends> </entity/s1zzzzzzzzzzzz9>")),
        ("reified node", "</relation/r1aaaaaaaaaaaa1> <http://www.w3.org/1999/02/22-rdf-syntax-ns#type> </ontology/Relation>".into()),
        ("reified source", format!("</relation/r1aaaaaaaaaaaa1> </ontology/source> {ada}")),
        ("reified target", "</relation/r1aaaaaaaaaaaa1> </ontology/target> </entity/s1aaaaaaaaaaaa2>".into()),
        ("reified type is the direct predicate", "</relation/r1aaaaaaaaaaaa1> </ontology/relationType> </prop/Works_for>".into()),
        ("relation property number", "</relation/r1aaaaaaaaaaaa1> </prop/since> \"1833\"^^<http://www.w3.org/2001/XMLSchema#integer>".into()),
        ("relation property string", "</relation/r1aaaaaaaaaaaa1> </prop/role> \"analyst\"".into()),
        ("relation property boolean", "</relation/r1aaaaaaaaaaaa1> </prop/paid> \"false\"^^<http://www.w3.org/2001/XMLSchema#boolean>".into()),
        ("relation without properties is still reified", "</relation/r1aaaaaaaaaaaa2> <http://www.w3.org/1999/02/22-rdf-syntax-ns#type> </ontology/Relation>".into()),
        ("a missing target is still the target", "</relation/r1aaaaaaaaaaaa2> </ontology/target> </entity/s1zzzzzzzzzzzz9>".into()),
        ("a target of another source: direct", format!("{ada} </prop/Friends> </entity/other:babbage>")),
        ("a target of another source: reified", "</relation/r1aaaaaaaaaaaa3> </ontology/target> </entity/other:babbage>".into()),
        ("a relation with a non-scalar property keeps its direct layer", format!("{ada} </prop/Works_for> </entity/s1aaaaaaaaaaaa2>")),
        ("page type", "</page/12> <http://www.w3.org/1999/02/22-rdf-syntax-ns#type> </ontology/Page>".into()),
        ("page name", "</page/12> </ontology/pageName> \"Ada Lovelace\"".into()),
        ("created", "</page/12> <http://purl.org/dc/terms/created> \"2026-11-22T10:00:00Z\"^^<http://www.w3.org/2001/XMLSchema#dateTime>".into()),
        ("modified keeps its offset", "</page/12> <http://purl.org/dc/terms/modified> \"2026-11-22T10:05:00.5+01:00\"^^<http://www.w3.org/2001/XMLSchema#dateTime>".into()),
        ("last editor", "</page/12> </ontology/lastEditor> \"Admin\"".into()),
        ("category", "</page/12> </ontology/category> \"People of 1815\"".into()),
        ("main Subject", format!("</page/12> </ontology/mainSubject> {ada}")),
        ("hasSubject includes the main Subject", format!("</page/12> </ontology/hasSubject> {ada}")),
        ("hasSubject", "</page/12> </ontology/hasSubject> </entity/s1aaaaaaaaaaaa2>".into()),
    ];
    let absent = [
        ("undeclared property", "Undeclared"),
        ("unregistered type", "Phone"),
        ("non-scalar relation property", "/prop/notes"),
        ("Subject whose Schema cannot be loaded", "s1aaaaaaaaaaaa3"),
    ];
    assert_rules(&all, "</graph/native/page/12>", &present, &absent);
}

/// Stored content read leniently, as every projection reads it: a relation whose `properties` hold an
/// array or an object keeps both layers and its scalar properties; only the others are dropped.
#[test]
fn stored_relations_with_non_scalar_properties_keep_both_layers() {
    let stored = json!({"mainSubject": ADA, "subjects": {ADA: {"schema": "Person", "statements": {
        "Employer": {"propertyType": "relation", "value": [
            {"id": "r1aaaaaaaaaaaa1", "target": ACME, "properties": {"since": 1833, "notes": ["x"], "where": {"city": "London"}}},
            {"id": "r1aaaaaaaaaaaa4", "target": "other:babbage", "properties": {"tags": []}}
        ]}
    }}}});
    let content =
        crate::normalize::read_page_content_str(&stored.to_string(), &crate::normalize::Context { own_source: &own() });
    let facts = fixture_facts();
    let trig = round_trip(|sink| {
        project_page(cx(), &view(&facts, &content), sink);
    });
    let quads: Vec<String> =
        oxttl::TriGParser::new().for_slice(trig.as_bytes()).map(|q| q.unwrap().to_string()).collect();
    let ada = format!("<{BASE}/entity/{ADA}>");
    let want = [
        format!("{ada} <{BASE}/prop/Works_for> <{BASE}/entity/{ACME}>"),
        format!("<{BASE}/relation/r1aaaaaaaaaaaa1> <{BASE}/ontology/target> <{BASE}/entity/{ACME}>"),
        format!("<{BASE}/relation/r1aaaaaaaaaaaa1> <{BASE}/prop/since> \"1833\"^^<http://www.w3.org/2001/XMLSchema#integer>"),
        format!("{ada} <{BASE}/prop/Works_for> <{BASE}/entity/other:babbage>"),
        format!("<{BASE}/relation/r1aaaaaaaaaaaa4> <{BASE}/ontology/source> {ada}"),
        format!("<{BASE}/relation/r1aaaaaaaaaaaa4> <{BASE}/ontology/relationType> <{BASE}/prop/Works_for>"),
    ];
    for line in want {
        assert!(quads.iter().any(|q| q.starts_with(&format!("{line} "))), "missing {line}\n{trig}");
    }
    for dropped in ["/prop/notes", "/prop/where", "/prop/tags"] {
        assert!(!trig.contains(dropped), "{dropped} is not scalar\n{trig}");
    }
}

#[test]
fn page_metadata_is_emitted_only_when_known() {
    let facts =
        PageFacts { id: 12, title: "s1aaaaaaaaaaaa1".into(), created: "yesterday".into(), ..Default::default() };
    let mut content = fixture_content();
    content.subjects[&sid(ADA)].label = None;
    let (all, _) = native_lines(&facts, &content);
    let page: Vec<&String> = all.iter().filter(|l| l.starts_with("</page/12>")).collect();
    assert_eq!(page.len(), 4, "type, mainSubject and two hasSubject only: {page:#?}");
    assert!(
        has(&all, "</entity/s1aaaaaaaaaaaa1> <http://www.w3.org/2000/01/rdf-schema#label> \"Person\""),
        "page titled by a Subject ID: Schema name"
    );

    let mut content = fixture_content();
    content.main_subject = Some(sid(NOTE));
    let (all, _) = native_lines(&fixture_facts(), &content);
    assert!(
        !all.iter().any(|l| l.contains("/ontology/mainSubject")),
        "a main Subject that is not projected is not named"
    );
}

#[test]
fn a_page_without_subjects_projects_its_metadata_alone() {
    let (all, warnings) = native_lines(&fixture_facts(), &PageContent::default());
    assert!(warnings.is_empty());
    assert_eq!(all.len(), 7);
    assert!(all.iter().all(|l| l.starts_with("</page/12>")));
}

#[test]
fn subject_export_is_the_page_export_without_metadata() {
    let (facts, content) = (fixture_facts(), fixture_content());
    let page = view(&facts, &content);
    let mut whole = Collect::default();
    project_page(cx(), &page, &mut whole);
    let mut parts = Collect::default();
    for id in [ADA, ACME] {
        project_subject(cx(), &page, &sid(id), &mut parts).unwrap();
    }
    let page_iri = format!("{BASE}/page/12");
    let without_metadata: Vec<Quad> =
        whole.0.into_iter().filter(|q| q.subject.to_string() != format!("<{page_iri}>")).collect();
    assert_eq!(lines(&parts.0), lines(&without_metadata));

    let mut sink = Collect::default();
    assert_eq!(project_subject(cx(), &page, &sid(NOTE), &mut sink), Err(NotDescribable));
    assert_eq!(project_subject(cx(), &page, &sid("s1nothereaaaaa1"), &mut sink), Err(NotDescribable));
    assert!(sink.0.is_empty());
}

#[test]
fn page_name_is_the_prefixed_title_with_spaces() {
    let facts = PageFacts {
        id: 12,
        title: "Ada Lovelace".into(),
        prefixed_title: "Project:Ada Lovelace".into(),
        ..Default::default()
    };
    let mut content = fixture_content();
    content.subjects[&sid(ADA)].label = None;
    let (all, _) = native_lines(&facts, &content);
    assert!(has(&all, "</page/12> </ontology/pageName> \"Project:Ada Lovelace\""));
    assert!(
        has(&all, "</entity/s1aaaaaaaaaaaa1> <http://www.w3.org/2000/01/rdf-schema#label> \"Project:Ada Lovelace\""),
        "unlabelled main Subject"
    );
}
