use super::{check_unique, is_blank, CheckContext, TypeRules};
use crate::validation::codes::Code;
use crate::domain::schema::{Constraint, Severity, TextRules};
use serde_json::Value;

/// Length bounds shared by `text` and `monolingualText`: code points of the trimmed part.
pub(crate) struct Lengths {
    min: Option<(u64, Severity)>,
    max: Option<(u64, Severity)>,
}

impl Lengths {
    pub fn compile(r: &TextRules) -> Self {
        let pair = |c: &Option<Constraint<u64>>| c.as_ref().map(|c| (c.value, c.severity));
        Lengths { min: pair(&r.min_length), max: pair(&r.max_length) }
    }

    pub fn check<'s>(&self, parts: impl Iterator<Item = &'s str>, cx: &mut CheckContext) {
        for (i, part) in parts.enumerate().filter(|(_, p)| !is_blank(p)) {
            let len = part.trim().chars().count() as u64;
            if let Some((min, severity)) = self.min.filter(|(min, _)| len < *min) {
                cx.push(Code::MinLength, severity, vec![Value::from(min)], Some(i));
            }
            if let Some((max, severity)) = self.max.filter(|(max, _)| len > *max) {
                cx.push(Code::MaxLength, severity, vec![Value::from(max)], Some(i));
            }
        }
    }
}

pub(crate) struct Rules {
    unique: Option<Severity>,
    lengths: Lengths,
}

impl Rules {
    pub fn compile(r: &TextRules) -> Self {
        Rules { unique: r.unique_items.as_ref().map(|c| c.severity), lengths: Lengths::compile(r) }
    }
}

impl TypeRules for Rules {
    type Value = [String];

    fn is_empty(parts: &[String]) -> bool {
        parts.iter().all(|p| is_blank(p))
    }

    /// Duplicates compare trimmed parts; `multiple` is not checked for text.
    fn check(&self, parts: &[String], cx: &mut CheckContext) {
        check_unique(self.unique, parts.iter().map(|p| p.trim()).filter(|p| !p.is_empty()), cx);
        self.lengths.check(parts.iter().map(String::as_str), cx);
    }
}
