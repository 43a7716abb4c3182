//! Relation targets resolved for checks: by the `relation` type, and on their own for relation
//! values no Schema property checks.

use super::CheckContext;
use crate::checks::codes::Code;
use crate::checks::lookup::TargetLookup;
use crate::domain::ids::SubjectRef;
use serde_json::Value;

/// Resolves one target; reports `relation-target-unresolvable-source` (and answers `None`) when
/// its source is unknown. Used on its own for relation values no Schema property checks.
pub fn resolve_source(i: usize, target: &SubjectRef, cx: &mut CheckContext) -> Option<TargetLookup> {
    match cx.targets.resolve(target) {
        TargetLookup::UnknownSource => {
            cx.fixed(Code::RELATION_TARGET_UNRESOLVABLE_SOURCE, vec![target_arg(target)], Some(i));
            None
        }
        found => Some(found),
    }
}

pub fn target_arg(target: &SubjectRef) -> Value {
    Value::String(target.to_string())
}
