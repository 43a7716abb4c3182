//! One file per property type: what an empty value is and the type's own checks.

pub(crate) mod boolean;
pub(crate) mod date;
pub(crate) mod date_time;
pub(crate) mod monolingual_text;
pub(crate) mod number;
pub(crate) mod relation;
pub(crate) mod select;
mod bounds;
pub(crate) mod text;
pub(crate) mod url;
pub mod url_pattern;

use super::codes::Code;
use super::lookup::{SubjectLookup, TargetLookup};
use super::Violation;
use crate::domain::ids::{SubjectId, SubjectRef};
use crate::domain::schema::{Constraint, SchemaRef, Severity};
use serde_json::Value;
use std::collections::HashSet;
use std::hash::Hash;

/// The checks of one property type, compiled from its definition.
pub(crate) trait TypeRules {
    type Value: ?Sized;

    /// Whether a stored value counts as no value for `required`.
    fn is_empty(value: &Self::Value) -> bool;

    fn check(&self, _value: &Self::Value, _cx: &mut CheckContext) {}
}

/// Resolves relation targets, answering for the validated Subject itself.
pub(crate) struct Targets<'a> {
    pub lookup: &'a dyn SubjectLookup,
    pub own_id: &'a SubjectId,
    pub own_schema: &'a SchemaRef,
}

impl Targets<'_> {
    pub fn resolve(&self, target: &SubjectRef) -> TargetLookup {
        if target.local() == Some(self.own_id) {
            return TargetLookup::Found { schema: self.own_schema.clone() };
        }
        self.lookup.target(target)
    }
}

/// Where one property's violations go.
pub(crate) struct CheckContext<'a> {
    pub property: &'a str,
    pub out: &'a mut Vec<Violation>,
    pub targets: &'a Targets<'a>,
}

impl CheckContext<'_> {
    pub fn push(&mut self, code: Code, severity: Severity, args: Vec<Value>, part: Option<usize>) {
        self.out.push(Violation {
            property_name: Some(self.property.to_owned()),
            code,
            args,
            severity,
            value_part_index: part,
            subject_id: None,
        });
    }

    pub fn fixed(&mut self, code: Code, args: Vec<Value>, part: Option<usize>) {
        let v = Violation::fixed(code, Some(self.property), args);
        self.push(code, v.severity, v.args, part);
    }
}

/// `multiple` constrains only when false: the severity of `single-value-only`, if it applies.
pub(crate) fn single_only(multiple: &Constraint<bool>) -> Option<Severity> {
    (!multiple.value).then_some(multiple.severity)
}

pub(crate) fn check_single(single: Option<Severity>, count: usize, cx: &mut CheckContext) {
    if let Some(severity) = single.filter(|_| count > 1) {
        cx.push(Code::SingleValueOnly, severity, vec![], None);
    }
}

pub(crate) fn check_unique<T: Eq + Hash>(unique: Option<Severity>, items: impl Iterator<Item = T>, cx: &mut CheckContext) {
    if let Some(severity) = unique {
        let mut seen = HashSet::new();
        let mut items = items;
        if !items.all(|i| seen.insert(i)) {
            cx.push(Code::Unique, severity, vec![], None);
        }
    }
}

pub(crate) fn is_blank(s: &str) -> bool {
    s.trim().is_empty()
}
