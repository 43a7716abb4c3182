use super::bounds::{check_temporal, Bounds};
use super::{is_blank, CheckContext, TypeRules};
use crate::domain::schema::Constraint;
use crate::domain::temporal::{parse_date, Date};
use crate::validation::codes::Code;
use serde_json::Value;

pub(crate) struct Rules {
    bounds: Bounds<Date>,
}

impl Rules {
    pub fn compile(minimum: &Option<Constraint<String>>, maximum: &Option<Constraint<String>>) -> Self {
        Rules { bounds: Bounds::compile(minimum, maximum, |s: &String| parse_date(s), |s| Value::from(s.as_str())) }
    }
}

impl TypeRules for Rules {
    type Value = [String];

    fn is_empty(parts: &[String]) -> bool {
        parts.iter().all(|p| is_blank(p))
    }

    fn check(&self, parts: &[String], cx: &mut CheckContext) {
        check_temporal(parts, parse_date, Code::InvalidDate, &self.bounds, cx);
    }
}
