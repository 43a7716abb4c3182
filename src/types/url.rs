//! `url`: web addresses, stored trimmed; an absolute IRI becomes an IRI object in RDF. The
//! definition and storage are the registry's defaults (`multiple`, `uniqueItems`, trimmed parts).

use super::items::ItemRules;
use super::{objects_of_parts, MappedLiteral, PropertyType};
use crate::checks::codes::{Code, CodeInfo};
use crate::checks::url_pattern::is_valid_url;
use crate::checks::ValueCheck;
use crate::domain::schema::{PropertyDefinition, PropertyKind};
use crate::domain::statement::StatementValue;
use crate::rdf_terms::values::url;
use crate::rdf_terms::Object;

pub struct Url;

const INVALID_URL: Code = Code::new(&CodeInfo::invalid_part("invalid-url", "A url part fails the URL pattern."));

impl PropertyType for Url {
    fn name(&self) -> &'static str {
        "url"
    }

    fn compile(&self, kind: &PropertyKind) -> Box<dyn ValueCheck> {
        ItemRules::compile(kind, is_valid_url, INVALID_URL)
    }

    fn codes(&self) -> &[Code] {
        &[INVALID_URL]
    }

    fn rdf_objects<'a>(&self, value: &'a StatementValue, _: &'a PropertyDefinition) -> Vec<Object<'a>> {
        objects_of_parts(value, |p| url(p))
    }

    fn mapped_literal(&self) -> MappedLiteral {
        MappedLiteral::Fixed
    }
}
