//! Ontology projections: the Subjects of mapped Schemas, in a target ontology's terms.
//!
//! A projection is named by a Mapping `target`; every Mapping with that target contributes its
//! Schema. The Mappings are resolved once (terms expanded and checked again, with a warning for each
//! term dropped), then applied to any number of pages.

use super::page::{label, subjects_in_order, PageView};
use super::statements::{projectable, relation_targets};
use super::vocab::{Iris, RDFS_LABEL, RDF_TYPE};
use super::warning::Warning;
use super::{Context, NotDescribable};
use crate::domain::ids::SubjectId;
use crate::domain::language_tag::LanguageTag;
use crate::domain::mapping::term::{check_namespace, expand};
use crate::domain::mapping::{Mapping, NATIVE};
use crate::domain::schema::Schema;
use crate::domain::statement::StatementValue;
use crate::domain::subject::Subject;
use crate::domain::title::Title;
use crate::rdf_terms::{GraphWriter, Object, QuadSink};
use crate::types::statement_objects;
use crate::types::{MappedLiteral, ValueShape};
use indexmap::IndexMap;
use std::borrow::Cow;
use std::collections::{BTreeSet, HashMap};

/// The names of the ontology projections the given Mappings define.
fn targets(mappings: &[(String, Mapping)]) -> BTreeSet<&str> {
    mappings.iter().map(|(_, m)| m.target.as_str()).filter(|t| *t != NATIVE).collect()
}

/// Every projection the Mappings offer: `native` first, then each Mapping target once, in order.
pub fn projection_names(mappings: &[(String, Mapping)]) -> Vec<String> {
    std::iter::once(NATIVE).chain(targets(mappings)).map(str::to_owned).collect()
}

/// A projection name that neither is `native` nor a target of the Mappings given.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownProjection {
    /// [`projection_names`] of the Mappings.
    pub known: Vec<String>,
}

/// The projection `name` selects: `None` for the native one, else the ontology projection compiled
/// from the Mappings, with the warnings of compiling it.
pub fn select(
    name: &str,
    mappings: &[(String, Mapping)],
) -> Result<Option<(OntologyProjection, Vec<Warning>)>, UnknownProjection> {
    if name == NATIVE {
        return Ok(None);
    }
    if !targets(mappings).contains(name) {
        return Err(UnknownProjection { known: projection_names(mappings) });
    }
    Ok(Some(OntologyProjection::compile(name, mappings)))
}

/// One ontology projection, its Mappings resolved.
#[derive(Debug, Clone)]
pub struct OntologyProjection {
    target: String,
    by_schema: HashMap<Title, Resolved>,
}

#[derive(Debug, Clone)]
struct Resolved {
    /// `None` when the class was unsafe: the Subject is projected without `rdf:type`.
    class: Option<String>,
    properties: HashMap<String, ResolvedProperty>,
}

#[derive(Debug, Clone)]
struct ResolvedProperty {
    predicate: String,
    literal: LiteralRule,
}

#[derive(Debug, Clone)]
enum LiteralRule {
    Native,
    Lang(LanguageTag),
    Datatype(String),
}

impl OntologyProjection {
    /// The projection named `target` from the readable Mapping pages, given as (page title, Mapping).
    /// When several pages map one Schema, the alphabetically first page wins.
    pub fn compile(target: &str, mappings: &[(String, Mapping)]) -> (Self, Vec<Warning>) {
        let mut chosen: Vec<&(String, Mapping)> = mappings.iter().filter(|(_, m)| m.target == target).collect();
        chosen.sort_by(|a, b| a.0.cmp(&b.0));
        let mut warnings = Vec::new();
        let mut by_schema = HashMap::new();
        let mut used: HashMap<&Title, &str> = HashMap::new();
        for (page, mapping) in chosen {
            if let Some(first) = used.get(&mapping.schema) {
                warnings.push(Warning::DuplicateMapping {
                    schema: mapping.schema.clone(),
                    used: (*first).to_owned(),
                    ignored: page.clone(),
                });
                continue;
            }
            used.insert(&mapping.schema, page);
            by_schema.insert(mapping.schema.clone(), resolve(page, mapping, &mut warnings));
        }
        (OntologyProjection { target: target.to_owned(), by_schema }, warnings)
    }

    pub fn target(&self) -> &str {
        &self.target
    }

    /// Projects the page's mapped Subjects; a page without any gives no quads.
    pub fn project_page(&self, cx: Context, page: &PageView, sink: &mut dyn QuadSink) -> Vec<Warning> {
        let mut warnings = Vec::new();
        let mut out = GraphWriter::new(cx.iris.graph(&self.target, page.facts.id), sink);
        for (id, subject) in subjects_in_order(page.content) {
            let Some(mapping) = self.mapping_of(subject) else { continue };
            match cx.schemas.schema(&subject.schema) {
                Some(schema) => subject_quads(cx.iris, page, (id, subject), schema, mapping, &mut out),
                None => warnings.push(Warning::SchemaNotLoaded { subject: id.clone(), schema: subject.schema.clone() }),
            }
        }
        warnings
    }

    /// Exactly the quads [`Self::project_page`] emits for one Subject; none when its Schema has no
    /// Mapping for this target.
    pub fn project_subject(
        &self,
        cx: Context,
        page: &PageView,
        id: &SubjectId,
        sink: &mut dyn QuadSink,
    ) -> Result<(), NotDescribable> {
        let subject = page.content.subjects.get(id).ok_or(NotDescribable)?;
        if let Some(mapping) = self.mapping_of(subject) {
            let schema = cx.schemas.schema(&subject.schema).ok_or(NotDescribable)?;
            let mut out = GraphWriter::new(cx.iris.graph(&self.target, page.facts.id), sink);
            subject_quads(cx.iris, page, (id, subject), schema, mapping, &mut out);
        }
        Ok(())
    }

    fn mapping_of(&self, subject: &Subject) -> Option<&Resolved> {
        self.by_schema.get(subject.schema.local()?)
    }
}

fn subject_quads(
    iris: &Iris,
    page: &PageView,
    (id, subject): (&SubjectId, &Subject),
    schema: &Schema,
    mapping: &Resolved,
    out: &mut GraphWriter,
) {
    let s = iris.subject(id);
    if let Some(class) = &mapping.class {
        out.link(&s, RDF_TYPE, class);
    }
    out.triple(&s, RDFS_LABEL, &Object::string(label(id, subject, page)));
    for (name, statement, definition, ty) in projectable(subject, schema) {
        let Some(entry) = mapping.properties.get(name) else { continue };
        match &statement.value {
            // Only the direct layer: no reification node, no relation qualifiers.
            StatementValue::Relations(relations) if ty.shape() == ValueShape::Relations => {
                for (_, target) in relation_targets(iris, relations) {
                    out.link(&s, &entry.predicate, &target);
                }
            }
            value => {
                for object in statement_objects(ty, value, definition) {
                    out.triple(&s, &entry.predicate, &entry.literal.apply(ty.mapped_literal(), object));
                }
            }
        }
    }
}

impl LiteralRule {
    /// `lang` applies to plain string literals (text, select); `datatype` to every literal whose type
    /// allows it (not to url or email IRIs and literals, nor to monolingual text, which keeps its own
    /// language tags).
    fn apply<'a>(&'a self, mapped: MappedLiteral, object: Object<'a>) -> Object<'a> {
        match (self, mapped, object) {
            (LiteralRule::Lang(lang), MappedLiteral::LangOrDatatype, Object::Literal { value, .. }) => {
                Object::LangLiteral { value, language: Cow::Borrowed(lang.as_str()) }
            }
            (
                LiteralRule::Datatype(datatype),
                MappedLiteral::LangOrDatatype | MappedLiteral::Datatype,
                Object::Literal { value, .. },
            ) => Object::Literal { value, datatype: Cow::Borrowed(datatype) },
            (_, _, object) => object,
        }
    }
}

/// Applies the term rules again: unsafe prefixes, classes, predicates and datatypes are dropped,
/// an invalid `lang` falls back to a plain literal, and `lang` with `datatype` uses neither.
fn resolve(page: &str, mapping: &Mapping, warnings: &mut Vec<Warning>) -> Resolved {
    let mut prefixes = IndexMap::new();
    for (label, ns) in &mapping.prefixes {
        match check_namespace(ns) {
            Ok(()) => {
                prefixes.insert(label.clone(), ns.clone());
            }
            Err(error) => warnings.push(Warning::UnsafeTerm {
                mapping: page.to_owned(),
                path: format!("prefixes.{label}"),
                error,
            }),
        }
    }
    let term = |path: String, raw: &str, warnings: &mut Vec<Warning>| match expand(raw, &prefixes) {
        Ok(iri) => Some(iri),
        Err(error) => {
            warnings.push(Warning::UnsafeTerm { mapping: page.to_owned(), path, error });
            None
        }
    };
    let class = term("subject.class".into(), &mapping.class, warnings);
    let mut properties = HashMap::new();
    for (name, entry) in &mapping.properties {
        let Some(predicate) = term(format!("properties.{name}.predicate"), &entry.predicate, warnings) else {
            continue;
        };
        let literal = match (&entry.lang, &entry.datatype) {
            (Some(_), Some(_)) => {
                warnings.push(Warning::LangWithDatatype { mapping: page.to_owned(), property: name.clone() });
                LiteralRule::Native
            }
            (Some(lang), None) => LanguageTag::parse(lang).map(LiteralRule::Lang).unwrap_or_else(|| {
                warnings.push(Warning::InvalidLang { mapping: page.to_owned(), property: name.clone() });
                LiteralRule::Native
            }),
            (None, Some(datatype)) => term(format!("properties.{name}.datatype"), datatype, warnings)
                .map_or(LiteralRule::Native, LiteralRule::Datatype),
            (None, None) => LiteralRule::Native,
        };
        properties.insert(name.clone(), ResolvedProperty { predicate, literal });
    }
    Resolved { class, properties }
}
