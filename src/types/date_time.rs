//! `dateTime`: date-times with an explicit offset; values and bounds compare as instants, so
//! different offsets compare correctly; `xsd:dateTime` in RDF.

use super::temporal::Temporal;
use crate::checks::codes::{Code, CodeInfo, SeverityRule};
use crate::domain::schema::Severity;
use crate::domain::temporal::{parse_date_time, Instant};
use crate::rdf_terms::vocab::XSD_DATE_TIME;

pub static DATE_TIME: Temporal<Instant> = Temporal {
    name: "dateTime",
    date_only: false,
    parse: parse_date_time,
    invalid: Code::new(&CodeInfo::subject(
        "invalid-datetime",
        SeverityRule::Fixed(Severity::Error),
        false,
        "A dateTime part is not strict ISO 8601 with an explicit offset or Z (one per property).",
    )),
    datatype: XSD_DATE_TIME,
    format: "date-time",
    pattern: None,
};
