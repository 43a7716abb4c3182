use super::{check_single, is_blank, single_only, CheckContext, TypeRules};
use crate::domain::schema::{Constraint, SelectOption, Severity};
use crate::validation::codes::Code;
use serde_json::Value;
use std::collections::HashSet;

/// Stored parts are option ids; a part equal to a label but not an id is invalid (labels resolve
/// only on write).
pub(crate) struct Rules {
    ids: HashSet<String>,
    options_severity: Severity,
    single: Option<Severity>,
}

impl Rules {
    pub fn compile(options: &Constraint<Vec<SelectOption>>, multiple: &Constraint<bool>) -> Self {
        Rules {
            ids: options.value.iter().map(|o| o.id.clone()).collect(),
            options_severity: options.severity,
            single: single_only(multiple),
        }
    }
}

impl TypeRules for Rules {
    type Value = [String];

    fn is_empty(parts: &[String]) -> bool {
        parts.iter().all(|p| is_blank(p))
    }

    fn check(&self, parts: &[String], cx: &mut CheckContext) {
        check_single(self.single, parts.len(), cx);
        for (i, part) in parts.iter().enumerate() {
            if !is_blank(part) && !self.ids.contains(part.trim()) {
                cx.push(Code::InvalidOption, self.options_severity, vec![Value::from(part.as_str())], Some(i));
            }
        }
    }
}
