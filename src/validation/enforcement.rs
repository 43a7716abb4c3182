//! Enforcement: only `error` violations a write introduces can refuse it.

use super::{Code, Violation};
use crate::domain::ids::SubjectId;
use crate::domain::schema::Severity;
use serde_json::Value;
use std::collections::HashSet;

/// What makes two violations "the same" across a write: severity and `valuePartIndex` are left
/// out, so raising a Constraint's severity or reordering parts does not make a violation new.
type Key<'a> = (Code, Option<&'a str>, Option<&'a SubjectId>, &'a [Value]);

fn key(v: &Violation) -> Key<'_> {
    (v.code, v.property_name.as_deref(), v.subject_id.as_ref(), &v.args)
}

/// The proposed `error` violations that no stored violation matches.
pub fn new_errors<'p>(stored: &[Violation], proposed: &'p [Violation]) -> Vec<&'p Violation> {
    let before: HashSet<Key> = stored.iter().map(key).collect();
    proposed.iter().filter(|v| v.severity == Severity::Error && !before.contains(&key(v))).collect()
}

/// Whether the write must be refused (when enforcement applies to these violations).
pub fn introduces_new_errors(stored: &[Violation], proposed: &[Violation]) -> bool {
    !new_errors(stored, proposed).is_empty()
}
