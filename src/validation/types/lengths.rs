//! Length bounds shared by `text` and `monolingualText`.

use crate::domain::trim::trim;
use super::CheckContext;
use crate::domain::schema::{Constraint, Severity, TextRules};
use crate::validation::codes::Code;
use serde_json::Value;

/// Length bounds shared by `text` and `monolingualText`: code points of the trimmed part.
pub struct Lengths {
    min: Option<(u64, Severity)>,
    max: Option<(u64, Severity)>,
}

impl Lengths {
    pub fn compile(r: &TextRules) -> Self {
        let pair = |c: &Option<Constraint<u64>>| c.as_ref().map(|c| (c.value, c.severity));
        Lengths { min: pair(&r.min_length), max: pair(&r.max_length) }
    }

    pub fn check<'s>(&self, parts: impl Iterator<Item = &'s str>, cx: &mut CheckContext) {
        for (i, part) in parts.map(trim).enumerate().filter(|(_, p)| !p.is_empty()) {
            let len = part.chars().count() as u64;
            if let Some((min, severity)) = self.min.filter(|(min, _)| len < *min) {
                cx.push(Code::MIN_LENGTH, severity, vec![Value::from(min)], Some(i));
            }
            if let Some((max, severity)) = self.max.filter(|(max, _)| len > *max) {
                cx.push(Code::MAX_LENGTH, severity, vec![Value::from(max)], Some(i));
            }
        }
    }
}
