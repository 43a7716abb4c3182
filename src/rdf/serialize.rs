//! Streaming TriG and Turtle. Each quad is written as it arrives; nothing is buffered beyond what the
//! formatter needs to group a subject's triples.

use super::vocab::Iris;
use crate::rdf_terms::QuadSink;
use rio_api::formatter::{QuadsFormatter, TriplesFormatter};
use rio_api::model::{Quad, Triple};
use rio_turtle::{TriGFormatter, TurtleFormatter};
use std::io::{self, Write};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// Named graphs kept.
    Trig,
    /// The same triples without the graph wrapper.
    Turtle,
}

enum Formatter<W: Write> {
    Trig(TriGFormatter<W>),
    Turtle(TurtleFormatter<W>),
}

/// A [`QuadSink`] that serializes to any writer. The first write error stops further output and is
/// returned by [`RdfWriter::finish`], so projections need not handle I/O errors.
pub struct RdfWriter<W: Write> {
    formatter: Formatter<W>,
    error: Option<io::Error>,
}

impl<W: Write> RdfWriter<W> {
    /// Starts the document with `@prefix` lines for the six own namespaces and rdf, rdfs, xsd and
    /// dcterms.
    pub fn new(format: Format, iris: &Iris, out: W) -> Self {
        Self::start(format, Some(iris), out)
    }

    /// Starts a document without `@prefix` lines: a later part of a dump whose first part declared
    /// them. The formatter writes full IRIs, so the output reads the same either way.
    pub fn without_prefixes(format: Format, out: W) -> Self {
        Self::start(format, None, out)
    }

    fn start(format: Format, iris: Option<&Iris>, mut out: W) -> Self {
        let prefixes = iris.map(Iris::prefixes).unwrap_or_default();
        let error = prefixes.into_iter().try_for_each(|(prefix, ns)| writeln!(out, "@prefix {prefix}: <{ns}> .")).err();
        let formatter = match format {
            Format::Trig => Formatter::Trig(TriGFormatter::new(out)),
            Format::Turtle => Formatter::Turtle(TurtleFormatter::new(out)),
        };
        RdfWriter { formatter, error }
    }

    /// Closes the last statement and graph, flushes, and returns the writer or the first error.
    pub fn finish(self) -> io::Result<W> {
        if let Some(e) = self.error {
            return Err(e);
        }
        match self.formatter {
            Formatter::Trig(f) => f.finish(),
            Formatter::Turtle(f) => f.finish(),
        }
    }
}

impl<W: Write> QuadSink for RdfWriter<W> {
    fn push(&mut self, quad: &Quad<'_>) {
        if self.error.is_some() {
            return;
        }
        let result = match &mut self.formatter {
            Formatter::Trig(f) => f.format(quad),
            Formatter::Turtle(f) => {
                f.format(&Triple { subject: quad.subject, predicate: quad.predicate, object: quad.object })
            }
        };
        if let Err(e) = result {
            self.error = Some(e);
        }
    }
}

/// Serializes what `project` pushes into one string: the shape the wasm export and the REST handlers
/// answer with.
pub fn to_string<T>(format: Format, iris: &Iris, project: impl FnOnce(&mut dyn QuadSink) -> T) -> (String, T) {
    write_to_string(RdfWriter::new(format, iris, Vec::new()), project)
}

/// What `project` pushes into `writer`, as one string.
pub fn write_to_string<T>(mut writer: RdfWriter<Vec<u8>>, project: impl FnOnce(&mut dyn QuadSink) -> T) -> (String, T) {
    // Writing to a Vec cannot fail, and the formatters write UTF-8 from `&str` input.
    let result = project(&mut writer);
    let bytes = writer.finish().unwrap_or_default();
    let text = String::from_utf8(bytes).unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned());
    (text, result)
}
