//! Content negotiation for the RDF export and concept-URI dereferencing, on the `Accept` header.
//!
//! A media type is acceptable when the header names it exactly with a q-value above zero. Wildcards
//! (`*/*`, `text/*`) never select RDF: browsers send `*/*`, and they want the page.

use crate::rdf::serialize::Format;

pub const TRIG: &str = "application/trig";
pub const TURTLE: &str = "text/turtle";
const HTML: [&str; 2] = ["text/html", "application/xhtml+xml"];

/// The q-value the header gives `media_type` (0 when it is not named). A malformed q-value counts as
/// 0: a preference that cannot be read is no preference.
fn quality(accept: &str, media_type: &str) -> f32 {
    accept
        .split(',')
        .filter_map(|range| {
            let mut parts = range.split(';');
            let name = parts.next()?.trim();
            if !name.eq_ignore_ascii_case(media_type) {
                return None;
            }
            let q = parts.filter_map(|p| p.split_once('=')).find(|(k, _)| k.trim().eq_ignore_ascii_case("q"));
            Some(match q {
                None => 1.0,
                Some((_, v)) => v.trim().parse::<f32>().ok().filter(|q| (0.0..=1.0).contains(q)).unwrap_or(0.0),
            })
        })
        .fold(0.0, f32::max)
}

/// The RDF format an `Accept` header asks for, if any: TriG wins when both are acceptable.
fn rdf_format(accept: &str) -> Option<(Format, f32)> {
    let (trig, turtle) = (quality(accept, TRIG), quality(accept, TURTLE));
    if trig > 0.0 {
        Some((Format::Trig, trig.max(turtle)))
    } else if turtle > 0.0 {
        Some((Format::Turtle, turtle))
    } else {
        None
    }
}

/// The format of an RDF export without a `format` parameter: the one `Accept` names, else TriG.
pub fn export_format(accept: Option<&str>) -> Format {
    accept.and_then(rdf_format).map_or(Format::Trig, |(f, _)| f)
}

/// Where concept-URI dereferencing sends a client: RDF when `Accept` names an RDF type at least as
/// strongly as HTML, otherwise the page.
pub fn dereference_format(accept: Option<&str>) -> Option<Format> {
    let accept = accept?;
    let html = HTML.iter().map(|t| quality(accept, t)).fold(0.0, f32::max);
    rdf_format(accept).filter(|(_, q)| *q >= html).map(|(f, _)| f)
}

#[cfg(test)]
mod tests {
    use super::*;
    use Format::{Trig, Turtle};

    #[test]
    fn export_format_follows_accept_then_trig() {
        let cases: &[(Option<&str>, Format)] = &[
            (None, Trig),
            (Some(""), Trig),
            (Some("application/trig"), Trig),
            (Some("text/turtle"), Turtle),
            (Some("TEXT/Turtle; charset=utf-8"), Turtle),
            (Some("text/turtle, application/trig"), Trig),
            (Some("text/turtle;q=1, application/trig;q=0.1"), Trig),
            (Some("text/turtle, application/trig;q=0"), Turtle),
            (Some("application/trig;q=0"), Trig),
            (Some("text/turtle;q=0"), Trig),
            (Some("text/turtle;q=abc"), Trig),
            (Some("text/turtle;q=2"), Trig),
            (Some("*/*"), Trig),
            (Some("text/*"), Trig),
            (Some("application/json"), Trig),
            (Some("text/html, text/turtle;q=0.2"), Turtle),
        ];
        for (accept, want) in cases {
            assert_eq!(export_format(*accept), *want, "{accept:?}");
        }
    }

    #[test]
    fn dereferencing_prefers_the_page_unless_rdf_is_asked_for() {
        let cases: &[(Option<&str>, Option<Format>)] = &[
            (None, None),
            (Some("application/trig"), Some(Trig)),
            (Some("text/turtle"), Some(Turtle)),
            (Some("text/turtle, application/trig"), Some(Trig)),
            (Some("application/trig;q=0.5, text/turtle"), Some(Trig)),
            (Some("text/html"), None),
            (Some("*/*"), None),
            (Some("text/*"), None),
            (Some("application/json"), None),
            (Some("text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"), None),
            (Some("text/html;q=0.5, text/turtle"), Some(Turtle)),
            (Some("text/html, text/turtle;q=0.5"), None),
            (Some("text/html, text/turtle"), Some(Turtle)),
            (Some("application/trig;q=0"), None),
        ];
        for (accept, want) in cases {
            assert_eq!(dereference_format(*accept), *want, "{accept:?}");
        }
    }
}
