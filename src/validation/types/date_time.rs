use super::bounds::TemporalRules;
use crate::domain::schema::Constraint;
use crate::domain::temporal::{parse_date_time, Instant};
use crate::validation::codes::Code;

/// Date-times with an explicit offset; values and bounds compare as instants, so different offsets
/// compare correctly.
pub(crate) type Rules = TemporalRules<Instant>;

pub(crate) fn compile(minimum: &Option<Constraint<String>>, maximum: &Option<Constraint<String>>) -> Rules {
    TemporalRules::compile(minimum, maximum, parse_date_time, Code::InvalidDatetime)
}
