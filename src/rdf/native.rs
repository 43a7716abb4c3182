//! The native projection: every Subject in Strata's own vocabulary, both relation layers, and the
//! page's metadata, all in the page's named graph.

use super::page::{label, subjects_in_order, PageFacts, PageView};
use super::statements::{projectable, relation_targets};
use super::values::relation_property_object;
use super::vocab::{term, Iris, DCTERMS_CREATED, DCTERMS_MODIFIED, RDFS_LABEL, RDF_TYPE, XSD_DATE_TIME};
use super::warning::Warning;
use super::{Context, NotDescribable};
use crate::domain::ids::SubjectId;
use crate::domain::schema::{PropertyKind, Schema};
use crate::domain::statement::{Relation, StatementValue};
use crate::domain::subject::Subject;
use crate::domain::temporal::parse_date_time;
use crate::rdf_terms::{GraphWriter, Object, QuadSink};
use crate::types::statement_objects;
use crate::types::ValueShape;

/// The name of the native projection, as it appears in graph IRIs.
pub const NAME: &str = "native";

/// Projects one page: its metadata, then each Subject whose Schema loads, main Subject first.
pub fn project_page(cx: Context, page: &PageView, sink: &mut dyn QuadSink) -> Vec<Warning> {
    let iris = cx.iris;
    let mut warnings = Vec::new();
    let mut projected: Vec<(&SubjectId, &Subject, &Schema)> = Vec::new();
    for (id, subject) in subjects_in_order(page.content) {
        match cx.schemas.schema(&subject.schema) {
            Some(schema) => projected.push((id, subject, schema)),
            None => warnings.push(Warning::SchemaNotLoaded { subject: id.clone(), schema: subject.schema.clone() }),
        }
    }
    let mut out = GraphWriter::new(iris.graph(NAME, page.facts.id), sink);
    page_metadata(iris, page, projected.iter().map(|(id, _, _)| *id), &mut out);
    for (id, subject, schema) in projected {
        subject_quads(iris, page, id, subject, schema, &mut out);
    }
    warnings
}

/// Exactly the quads [`project_page`] emits for one Subject, reification included, without the
/// page metadata, in the page's graph. A Subject not on the page, or whose Schema cannot be loaded,
/// cannot be described.
pub fn project_subject(
    cx: Context,
    page: &PageView,
    id: &SubjectId,
    sink: &mut dyn QuadSink,
) -> Result<(), NotDescribable> {
    let subject = page.content.subjects.get(id).ok_or(NotDescribable)?;
    let schema = cx.schemas.schema(&subject.schema).ok_or(NotDescribable)?;
    let mut out = GraphWriter::new(cx.iris.graph(NAME, page.facts.id), sink);
    subject_quads(cx.iris, page, id, subject, schema, &mut out);
    Ok(())
}

/// The page resource's triples; this list is exhaustive.
fn page_metadata<'a>(
    iris: &Iris,
    view: &PageView,
    projected: impl Iterator<Item = &'a SubjectId> + Clone,
    out: &mut GraphWriter,
) {
    let page: &PageFacts = view.facts;
    let p = iris.page(page.id);
    out.link(&p, RDF_TYPE, &iris.term(term::PAGE));
    if !page.prefixed_title.is_empty() {
        out.triple(&p, &iris.term(term::PAGE_NAME), &Object::string(page.prefixed_title.as_str()));
    }
    for (predicate, timestamp) in [(DCTERMS_CREATED, &page.created), (DCTERMS_MODIFIED, &page.modified)] {
        if parse_date_time(timestamp).is_some() {
            out.triple(&p, predicate, &Object::literal(timestamp.as_str(), XSD_DATE_TIME));
        }
    }
    if !page.last_editor.is_empty() {
        out.triple(&p, &iris.term(term::LAST_EDITOR), &Object::string(page.last_editor.as_str()));
    }
    for category in &page.categories {
        out.triple(&p, &iris.term(term::CATEGORY), &Object::string(category.as_str()));
    }
    if let Some(main) = view.content.main_subject.as_ref().filter(|m| projected.clone().any(|id| id == *m)) {
        out.link(&p, &iris.term(term::MAIN_SUBJECT), &iris.subject(main));
    }
    for id in projected {
        out.link(&p, &iris.term(term::HAS_SUBJECT), &iris.subject(id));
    }
}

fn subject_quads(
    iris: &Iris,
    page: &PageView,
    id: &SubjectId,
    subject: &Subject,
    schema: &Schema,
    out: &mut GraphWriter,
) {
    let s = iris.subject(id);
    out.link(&s, RDF_TYPE, &iris.schema(subject.schema.name().as_str()));
    out.triple(&s, RDFS_LABEL, &Object::string(label(id, subject, page)));
    // Reified nodes follow the Subject's own triples, so each resource's triples stay together.
    let mut reified = Vec::new();
    for (name, statement, definition, ty) in projectable(subject, schema) {
        match &statement.value {
            StatementValue::Relations(relations) if ty.shape() == ValueShape::Relations => {
                let relation_type = match &definition.kind {
                    PropertyKind::Relation { relation: Some(r), .. } => r.as_str(),
                    _ => name,
                };
                let predicate = iris.property(relation_type);
                for (relation, target) in relation_targets(iris, relations) {
                    out.link(&s, &predicate, &target);
                    reified.push((relation, predicate.clone(), target));
                }
            }
            value => {
                let predicate = iris.property(name);
                for object in statement_objects(ty, value, definition) {
                    out.triple(&s, &predicate, &object);
                }
            }
        }
    }
    for (relation, predicate, target) in reified {
        reified_relation(iris, &s, &predicate, relation, &target, out);
    }
}

/// The reified layer of a relation: a `strata:Relation` node with its scalar properties.
fn reified_relation(
    iris: &Iris,
    source: &str,
    predicate: &str,
    relation: &Relation,
    target: &str,
    out: &mut GraphWriter,
) {
    let r = iris.relation(&relation.id);
    out.link(&r, RDF_TYPE, &iris.term(term::RELATION));
    out.link(&r, &iris.term(term::SOURCE), source);
    out.link(&r, &iris.term(term::TARGET), target);
    out.link(&r, &iris.term(term::RELATION_TYPE), predicate);
    for (key, value) in relation.properties.iter() {
        if let Some(object) = relation_property_object(value) {
            out.triple(&r, &iris.property(key), &object);
        }
    }
}
