//! `email`: e-mail addresses. A part is stored trimmed with its domain in lower case; it is valid
//! when it is a "valid e-mail address" of the HTML standard (what a browser's `<input
//! type=email>` accepts, so a form and the core agree) within SMTP's lengths (a local part of at
//! most 64 octets, an address of at most 254). In RDF a valid address is a `mailto:` IRI, anything
//! else an `xsd:string` literal. `docs/validation.md` and `docs/rdf.md` describe it. The definition
//! fields are the registry's defaults (`multiple`, `uniqueItems`).

use super::items::ItemRules;
use super::{objects_of_parts, MappedLiteral, PropertyType};
use crate::checks::codes::{Code, CodeInfo};
use crate::checks::ValueCheck;
use crate::domain::schema::{PropertyDefinition, PropertyKind};
use crate::domain::statement::StatementValue;
use crate::domain::statement_view::ValueView;
use crate::json::Json;
use crate::rdf_terms::vocab::XSD_STRING;
use crate::rdf_terms::Object;
use crate::value_forms::parts::{parts, string_part};
use crate::value_forms::{NormalizeError, WriteContext};
use bumpalo::Bump;
use std::borrow::Cow;

pub struct Email;

const INVALID_EMAIL: Code = Code::new(&CodeInfo::invalid_part(
    "invalid-email",
    "An email part is not a valid e-mail address (the HTML standard's syntax, SMTP's lengths).",
));

impl PropertyType for Email {
    fn name(&self) -> &'static str {
        "email"
    }

    fn string_format(&self) -> Option<&'static str> {
        Some("email")
    }

    fn normalize<'v>(
        &self,
        value: &'v Json,
        _: Option<&'v PropertyDefinition>,
        arena: &'v Bump,
        _: &mut WriteContext,
    ) -> Result<ValueView<'v>, NormalizeError> {
        Ok(ValueView::Strings(parts(self.name(), value, arena, |p| {
            Ok(string_part(self.name(), p, true)?.map(|p| lower_domain(p, arena)))
        })?))
    }

    fn compile(&self, kind: &PropertyKind) -> Box<dyn ValueCheck> {
        ItemRules::compile(kind, is_valid_email, INVALID_EMAIL)
    }

    fn codes(&self) -> &[Code] {
        &[INVALID_EMAIL]
    }

    fn rdf_objects<'a>(&self, value: &'a StatementValue, _: &'a PropertyDefinition) -> Vec<Object<'a>> {
        objects_of_parts(value, |p| {
            mailto(p).map_or_else(|| Object::literal(p, XSD_STRING), |iri| Object::Iri(Cow::Owned(iri)))
        })
    }

    fn mapped_literal(&self) -> MappedLiteral {
        MappedLiteral::Fixed
    }
}

/// The part with the domain (after the last `@`) in ASCII lower case; domains compare
/// case-insensitively, local parts do not. A part already so is kept as it is.
fn lower_domain<'v>(part: &'v str, arena: &'v Bump) -> &'v str {
    match part.rsplit_once('@') {
        Some((local, domain)) if domain.bytes().any(|b| b.is_ascii_uppercase()) => {
            arena.alloc_str(&format!("{local}@{}", domain.to_ascii_lowercase()))
        }
        _ => part,
    }
}

/// Whether `s` is a valid e-mail address (see the module comment).
pub fn is_valid_email(s: &str) -> bool {
    let Some((local, domain)) = s.split_once('@') else { return false };
    s.len() <= 254
        && !local.is_empty()
        && local.len() <= 64
        && local.bytes().all(is_atext)
        && !domain.is_empty()
        && domain.split('.').all(is_label)
}

/// The characters of an HTML e-mail local part: letters, digits and ``.!#$%&'*+/=?^_`{|}~-``.
fn is_atext(c: u8) -> bool {
    c.is_ascii_alphanumeric() || b".!#$%&'*+/=?^_`{|}~-".contains(&c)
}

/// A domain label: 1 to 63 letters, digits and hyphens, not starting or ending with a hyphen.
fn is_label(label: &str) -> bool {
    let b = label.as_bytes();
    (1..=63).contains(&b.len())
        && b.iter().all(|c| c.is_ascii_alphanumeric() || *c == b'-')
        && b[0] != b'-'
        && b[b.len() - 1] != b'-'
}

/// The `mailto:` IRI of a valid address (RFC 6068): local-part characters outside its unreserved
/// characters and sub-delimiters are percent-encoded. `None` for an invalid address.
pub fn mailto(address: &str) -> Option<String> {
    if !is_valid_email(address) {
        return None;
    }
    let (local, domain) = address.split_once('@')?;
    let mut iri = String::from("mailto:");
    for c in local.bytes() {
        if c.is_ascii_alphanumeric() || b"-._~!$'()*+,;:".contains(&c) {
            iri.push(c as char);
        } else {
            iri.push_str(&format!("%{c:02X}"));
        }
    }
    iri.push('@');
    iri.push_str(domain);
    Some(iri)
}
