use super::bounds::TemporalRules;
use crate::domain::schema::Constraint;
use crate::domain::temporal::{parse_date, Date};
use crate::validation::codes::Code;

/// Strict `YYYY-MM-DD` calendar dates; bounds compare chronologically.
pub(crate) type Rules = TemporalRules<Date>;

pub(crate) fn compile(minimum: &Option<Constraint<String>>, maximum: &Option<Constraint<String>>) -> Rules {
    TemporalRules::compile(minimum, maximum, parse_date, Code::InvalidDate)
}
