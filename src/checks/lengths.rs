//! Length bounds shared by `text` and `monolingualText`.

use super::CheckContext;
use crate::checks::codes::Code;
use crate::domain::schema::{Constraint, Severity, TextRules};
use crate::domain::trim::trim;
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
        if self.min.is_none() && self.max.is_none() {
            return;
        }
        for (i, part) in parts.map(trim).enumerate().filter(|(_, p)| !p.is_empty()) {
            let (below, above) = self.crossed(part);
            if let Some((min, severity)) = self.min.filter(|_| below) {
                cx.push(Code::MIN_LENGTH, severity, vec![Value::from(min)], Some(i));
            }
            if let Some((max, severity)) = self.max.filter(|_| above) {
                cx.push(Code::MAX_LENGTH, severity, vec![Value::from(max)], Some(i));
            }
        }
    }

    /// Whether `part` has fewer code points than the minimum and more than the maximum. A part has
    /// at least a quarter as many code points as bytes and at most as many, so its code points are
    /// counted only when its byte length cannot settle both.
    fn crossed(&self, part: &str) -> (bool, bool) {
        let bytes = part.len() as u64;
        let settled_min = self.min.is_none_or(|(min, _)| bytes.div_ceil(4) >= min);
        let settled_max = self.max.is_none_or(|(max, _)| bytes <= max);
        if settled_min && settled_max {
            return (false, false);
        }
        let len = part.chars().count() as u64;
        (self.min.is_some_and(|(min, _)| len < min), self.max.is_some_and(|(max, _)| len > max))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The byte-length shortcut answers as counting code points would, at both bounds' edges, for
    /// parts of one- to four-byte characters.
    #[test]
    fn crossed_agrees_with_counting() {
        let bound = |v: u64| Some((v, Severity::Warning));
        let parts: Vec<String> =
            ["a", "é", "日", "👍"].iter().flat_map(|c| (0..=9).map(move |n| c.repeat(n))).collect();
        for min in [None, Some(0), Some(1), Some(2), Some(3), Some(5), Some(8)] {
            for max in [None, Some(0), Some(1), Some(2), Some(4), Some(7), Some(9), Some(40)] {
                let lengths = Lengths { min: min.and_then(bound), max: max.and_then(bound) };
                for part in &parts {
                    let len = part.chars().count() as u64;
                    let want = (min.is_some_and(|m| len < m), max.is_some_and(|m| len > m));
                    assert_eq!(lengths.crossed(part), want, "{part:?} min {min:?} max {max:?}");
                }
            }
        }
    }
}
