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

#[cfg(test)]
mod tests {
    use super::*;

    fn v(code: Code, prop: &str, args: Value, severity: Severity, part: Option<usize>) -> Violation {
        Violation {
            property_name: Some(prop.into()),
            code,
            args: args.as_array().cloned().unwrap_or_default(),
            severity,
            value_part_index: part,
            subject_id: None,
        }
    }

    #[test]
    fn only_new_errors_count() {
        use serde_json::json;
        use Severity::{Error, Warning};
        let stored = vec![
            v(Code::MIN_LENGTH, "a", json!([3]), Warning, Some(0)),
            v(Code::RELATION_TARGET_SCHEMA_MISMATCH, "u", json!([]), Error, Some(1)),
        ];
        for (name, proposed, new) in [
            ("nothing changed", stored.clone(), 0),
            ("severity raised on an existing violation", vec![v(Code::MIN_LENGTH, "a", json!([3]), Error, Some(0))], 0),
            ("part moved", vec![v(Code::RELATION_TARGET_SCHEMA_MISMATCH, "u", json!([]), Error, Some(0))], 0),
            ("new warning", vec![v(Code::MAX_LENGTH, "a", json!([9]), Warning, Some(0))], 0),
            (
                "new error on another property",
                vec![v(Code::RELATION_TARGET_SCHEMA_MISMATCH, "w", json!([]), Error, Some(0))],
                1,
            ),
            ("same code, other args", vec![v(Code::MIN_LENGTH, "a", json!([4]), Error, Some(0))], 1),
            (
                "on another Subject",
                vec![v(Code::RELATION_TARGET_SCHEMA_MISMATCH, "u", json!([]), Error, Some(1))
                    .on_subject(&SubjectId::parse("s1demo1aaaaaaa2").unwrap())],
                1,
            ),
        ] {
            assert_eq!(new_errors(&stored, &proposed).len(), new, "{name}");
            assert_eq!(introduces_new_errors(&stored, &proposed), new > 0, "{name}");
        }
    }
}
