//! `date`: strict `YYYY-MM-DD` calendar dates; bounds compare chronologically; `xsd:date` in RDF.

use super::temporal::Temporal;
use crate::checks::codes::{Code, CodeInfo, SeverityRule};
use crate::domain::schema::Severity;
use crate::domain::temporal::{parse_date, Date};
use crate::rdf_terms::vocab::XSD_DATE;

pub static DATE: Temporal<Date> = Temporal {
    name: "date",
    date_only: true,
    parse: parse_date,
    invalid: Code::new(&CodeInfo::subject(
        "invalid-date",
        SeverityRule::Fixed(Severity::Error),
        false,
        "A date part is not a strict YYYY-MM-DD calendar date (one per property).",
    )),
    datatype: XSD_DATE,
    format: "date",
    pattern: Some("^[0-9]{4}-[0-9]{2}-[0-9]{2}$"),
};
