//! `dateTime`: date-times with an explicit offset; values and bounds compare as instants, so
//! different offsets compare correctly; `xsd:dateTime` in RDF.

use super::temporal::Temporal;
use crate::domain::temporal::{parse_date_time, Instant};
use crate::rdf::vocab::XSD_DATE_TIME;
use crate::validation::Code;

pub static DATE_TIME: Temporal<Instant> = Temporal {
    name: "dateTime",
    date_only: false,
    parse: parse_date_time,
    invalid: Code::InvalidDatetime,
    datatype: XSD_DATE_TIME,
    format: "date-time",
    pattern: None,
};
