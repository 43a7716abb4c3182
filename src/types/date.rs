//! `date`: strict `YYYY-MM-DD` calendar dates; bounds compare chronologically; `xsd:date` in RDF.

use super::temporal::Temporal;
use crate::domain::temporal::{parse_date, Date};
use crate::rdf::vocab::XSD_DATE;
use crate::validation::Code;

pub static DATE: Temporal<Date> = Temporal {
    name: "date",
    date_only: true,
    parse: parse_date,
    invalid: Code::InvalidDate,
    datatype: XSD_DATE,
    format: "date",
    pattern: Some("^[0-9]{4}-[0-9]{2}-[0-9]{2}$"),
};
