//! TriG and Turtle serialization: prefixes, graphs and streaming of many pages.

use super::*;
use crate::rdf::native::project_page;
use crate::rdf::serialize::{Format, RdfWriter};
use std::io::{self, Write};

#[test]
fn output_starts_with_the_ten_prefixes() {
    for format in [Format::Trig, Format::Turtle] {
        let (text, ()) = to_string(format, &iris(), |_| {});
        let want: String = iris().prefixes().iter().map(|(p, ns)| format!("@prefix {p}: <{ns}> .\n")).collect();
        assert_eq!(text, want, "{format:?}");
        assert_eq!(text.lines().count(), 10);
    }
}

#[test]
fn turtle_has_no_graph_wrapper() {
    let (facts, content) = (fixture_facts(), fixture_content());
    let (turtle, _) = to_string(Format::Turtle, &iris(), |sink| project_page(cx(), &view(&facts, &content), sink));
    assert!(!turtle.contains('{') && !turtle.contains("/graph/"), "{turtle}");
    let (trig, _) = to_string(Format::Trig, &iris(), |sink| project_page(cx(), &view(&facts, &content), sink));
    assert!(trig.contains("<https://wiki.example/graph/native/page/12> {"));
}

/// Many pages stream through one writer as one named graph each; awkward text survives the trip.
#[test]
fn pages_stream_into_one_document() {
    let awkward = subject(
        Some("Quote \" backslash \\ newline \n return \r tab \t nul \u{0} bell \u{7} emoji 🎨"),
        "Company",
        vec![("Name", statement("text", strings(&["ends with backslash \\", "", "  spaced  ", "'single'", "\"\"\""])))],
    );
    let mut odd = PageContent { main_subject: Some(sid(ACME)), ..Default::default() };
    odd.subjects.insert(sid(ACME), awkward);
    let pages = [
        (fixture_facts(), fixture_content()),
        (PageFacts { id: 13, prefixed_title: "Empty page".into(), ..Default::default() }, PageContent::default()),
        (PageFacts { id: 14, prefixed_title: "Odd: \"text\"".into(), ..Default::default() }, odd),
    ];
    let trig = round_trip(|sink| {
        for (facts, content) in &pages {
            project_page(cx(), &view(facts, content), sink);
        }
    });
    for id in [12, 13, 14] {
        assert!(trig.contains(&format!("<https://wiki.example/graph/native/page/{id}> {{")), "{id}");
    }
}

struct Failing;

impl Write for Failing {
    fn write(&mut self, _: &[u8]) -> io::Result<usize> {
        Err(io::Error::other("disk full"))
    }
    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

#[test]
fn the_first_write_error_is_returned_by_finish() {
    let (facts, content) = (fixture_facts(), fixture_content());
    let mut writer = RdfWriter::new(Format::Trig, &iris(), Failing);
    project_page(cx(), &view(&facts, &content), &mut writer);
    assert_eq!(writer.finish().err().map(|e| e.to_string()).as_deref(), Some("disk full"));
}
