//! The checks a Mapping page must pass to be saved. Every reason is reported.

use super::read::Parts;
use super::term::{check_namespace, expand};
use super::{is_valid_target, MappingErrors, Reason, NATIVE};
use crate::domain::language_tag;
use crate::domain::title::Title;
use serde_json::Value;

/// What the save check needs to know about another Mapping page.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MappingPageFacts {
    /// The Mapping page's title without namespace prefix.
    pub page: String,
    pub schema: Title,
    pub target: String,
}

/// Reasons to refuse saving `content` as the Mapping page `page`. `others` are the stored Mapping
/// pages; an entry for `page` itself is ignored, so re-saving a Mapping is not a duplicate.
pub fn save_errors(content: &Value, page: &str, others: &[MappingPageFacts]) -> MappingErrors {
    let p = Parts::read(content);
    let mut errs = p.errors;
    if let Some(target) = &p.target {
        if !is_valid_target(target) {
            errs.push("target", Reason::InvalidTarget);
        } else if target == NATIVE {
            errs.push("target", Reason::ReservedTarget);
        }
    }
    for (label, ns) in &p.prefixes {
        if let Err(e) = check_namespace(ns) {
            errs.push(format!("prefixes.{label}"), Reason::Term(e));
        }
    }
    if let Some(class) = &p.class {
        if let Err(e) = expand(class, &p.prefixes) {
            errs.push("subject.class", Reason::Term(e));
        }
    }
    for (name, entry) in &p.properties {
        let path = format!("properties.{name}");
        if let Err(e) = expand(&entry.predicate, &p.prefixes) {
            errs.push(format!("{path}.predicate"), Reason::Term(e));
        }
        if let Some(Err(e)) = entry.datatype.as_deref().map(|d| expand(d, &p.prefixes)) {
            errs.push(format!("{path}.datatype"), Reason::Term(e));
        }
        if entry.lang.as_deref().is_some_and(|l| !language_tag::is_valid(l)) {
            errs.push(format!("{path}.lang"), Reason::InvalidLang);
        }
        if entry.lang.is_some() && entry.datatype.is_some() {
            errs.push(&path, Reason::LangWithDatatype);
        }
    }
    if let (Some(schema), Some(target)) = (&p.schema, &p.target) {
        if let Some(other) = others.iter().find(|o| o.page != page && &o.schema == schema && &o.target == target) {
            errs.push("target", Reason::Duplicate { page: other.page.clone() });
        }
    }
    errs
}
