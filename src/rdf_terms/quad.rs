//! Quads as the projections produce them: each is handed to a [`QuadSink`] as soon as it is made,
//! so a dump of any size runs in constant memory.

use super::vocab::XSD_STRING;
use rio_api::model::{GraphName, Literal, NamedNode, Quad, Subject, Term};
use std::borrow::Cow;

/// Receives quads one at a time. Serializers and test collectors implement it.
pub trait QuadSink {
    fn push(&mut self, quad: &Quad<'_>);
}

/// The object of a triple, owning its text where the projection had to build it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Object<'a> {
    Iri(Cow<'a, str>),
    Literal { value: Cow<'a, str>, datatype: Cow<'a, str> },
    LangLiteral { value: Cow<'a, str>, language: Cow<'a, str> },
}

impl<'a> Object<'a> {
    pub fn literal(value: impl Into<Cow<'a, str>>, datatype: &'static str) -> Self {
        Object::Literal { value: value.into(), datatype: Cow::Borrowed(datatype) }
    }

    pub fn string(value: impl Into<Cow<'a, str>>) -> Self {
        Object::literal(value, XSD_STRING)
    }

    fn term(&self) -> Term<'_> {
        match self {
            Object::Iri(iri) => NamedNode { iri }.into(),
            // A plain literal is an xsd:string; written bare, it reads better.
            Object::Literal { value, datatype } if datatype == XSD_STRING => Literal::Simple { value }.into(),
            Object::Literal { value, datatype } => {
                Literal::Typed { value, datatype: NamedNode { iri: datatype } }.into()
            }
            Object::LangLiteral { value, language } => Literal::LanguageTaggedString { value, language }.into(),
        }
    }
}

/// Writes triples into one named graph of a sink.
pub struct GraphWriter<'s> {
    graph: String,
    sink: &'s mut dyn QuadSink,
}

impl<'s> GraphWriter<'s> {
    pub fn new(graph: String, sink: &'s mut dyn QuadSink) -> Self {
        GraphWriter { graph, sink }
    }

    pub fn triple(&mut self, subject: &str, predicate: &str, object: &Object<'_>) {
        self.sink.push(&Quad {
            subject: Subject::NamedNode(NamedNode { iri: subject }),
            predicate: NamedNode { iri: predicate },
            object: object.term(),
            graph_name: Some(GraphName::NamedNode(NamedNode { iri: &self.graph })),
        });
    }

    pub fn link(&mut self, subject: &str, predicate: &str, object: &str) {
        self.triple(subject, predicate, &Object::Iri(Cow::Borrowed(object)));
    }
}
