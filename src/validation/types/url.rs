use super::url_pattern::is_valid_url;
use super::{check_unique, is_blank, CheckContext, TypeRules};
use crate::domain::schema::{Constraint, Severity};
use crate::validation::codes::Code;

pub(crate) struct Rules {
    unique: Option<Severity>,
}

impl Rules {
    pub fn compile(unique_items: &Option<Constraint<()>>) -> Self {
        Rules { unique: unique_items.as_ref().map(|c| c.severity) }
    }
}

impl TypeRules for Rules {
    type Value = [String];

    fn is_empty(parts: &[String]) -> bool {
        parts.iter().all(|p| is_blank(p))
    }

    fn check(&self, parts: &[String], cx: &mut CheckContext) {
        for (i, part) in parts.iter().enumerate() {
            if !is_blank(part) && !is_valid_url(part.trim()) {
                cx.fixed(Code::InvalidUrl, vec![], Some(i));
            }
        }
        check_unique(self.unique, parts.iter().map(|p| p.trim()).filter(|p| !p.is_empty()), cx);
    }
}
