//! The graph values of Statements, the toolkit of the property types' `graph_values`
//! (`crate::types`), below both the types and the graph projection (`crate::graph`): node properties
//! of a value, strings FalkorDB can receive, and the parameter values of a Cypher query (`param`).
//! It names no type: the projection (`graph::model`) asks each Statement's type.

pub mod param;

use crate::domain::statement::StatementValue;
use param::Param;
use std::borrow::Cow;

/// Suffix of the property holding the languages of a `monolingualText` value.
pub const LANGUAGE_SUFFIX: &str = "@language";

/// Node properties for one non-relation Statement value under the node property `key`: the default
/// graph value of a property type (`crate::types`). A value the Schema declares `multiple` is always
/// a list; any other multi-part value is a scalar when it has one part, a list otherwise. Raw values
/// and empty values are left out.
pub fn node_values<'a>(key: Cow<'a, str>, value: &'a StatementValue, many: bool) -> Vec<(Cow<'a, str>, Param<'a>)> {
    let shape = |items: Vec<Param<'a>>| match items.len() {
        0 => None,
        1 if !many => items.into_iter().next(),
        _ => Some(Param::List(items)),
    };
    match value {
        StatementValue::Strings(parts) => shape(parts.iter().map(|p| text(p)).collect()).map(|v| vec![(key, v)]),
        StatementValue::Number(n) => Some(vec![(key, Param::Number(Cow::Borrowed(n)))]),
        StatementValue::Boolean(b) => Some(vec![(key, Param::Bool(*b))]),
        StatementValue::Monolingual(parts) => {
            let texts = shape(parts.iter().map(|p| text(&p.text)).collect());
            let languages = shape(parts.iter().map(|p| Param::text(p.language.as_str())).collect());
            let language_key = Cow::Owned(format!("{key}{LANGUAGE_SUFFIX}"));
            texts.zip(languages).map(|(t, l)| vec![(key, t), (language_key, l)])
        }
        StatementValue::Relations(_) | StatementValue::Raw(_) => None,
    }
    .unwrap_or_default()
}

/// A string value, with U+0000 (which FalkorDB cannot receive) replaced by U+FFFD.
pub fn text(s: &str) -> Param<'_> {
    if s.contains('\0') {
        Param::Text(Cow::Owned(s.replace('\0', "\u{FFFD}")))
    } else {
        Param::text(s)
    }
}
