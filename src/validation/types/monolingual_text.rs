use super::text::Lengths;
use super::{check_single, check_unique, is_blank, single_only, CheckContext, TypeRules};
use crate::domain::schema::{Severity, TextRules};
use crate::domain::statement::MonolingualPart;

pub(crate) struct Rules {
    single: Option<Severity>,
    unique: Option<Severity>,
    lengths: Lengths,
}

impl Rules {
    pub fn compile(r: &TextRules) -> Self {
        Rules { single: single_only(&r.multiple), unique: r.unique_items.as_ref().map(|c| c.severity), lengths: Lengths::compile(r) }
    }
}

impl TypeRules for Rules {
    type Value = [MonolingualPart];

    fn is_empty(parts: &[MonolingualPart]) -> bool {
        parts.iter().all(|p| is_blank(&p.text))
    }

    /// Parts repeat when text (trimmed) and language both repeat.
    fn check(&self, parts: &[MonolingualPart], cx: &mut CheckContext) {
        check_single(self.single, parts.len(), cx);
        check_unique(self.unique, parts.iter().map(|p| (p.text.trim(), &p.language)), cx);
        self.lengths.check(parts.iter().map(|p| p.text.as_str()), cx);
    }
}
