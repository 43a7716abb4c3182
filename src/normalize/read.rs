//! The lenient read of stored page content.

use crate::domain::ids::{RelationId, SubjectId, SubjectRef};
use crate::domain::language_tag::LanguageTag;
use crate::domain::page_content::PageContent;
use crate::domain::relation_properties::RelationProperties;
use crate::domain::schema::SchemaRef;
use crate::domain::statement::{MonolingualPart, Relation, Statement, StatementValue};
use crate::domain::subject::Subject;
use crate::json::{Arena, Json};
use crate::types::{self, ValueShape};
use crate::value_forms::relation_parts::{unknown_key, MONOLINGUAL_KEYS, RELATION_KEYS};
use crate::value_forms::Context;

/// Reads stored page content. Entries that cannot be a Subject or a Statement are skipped; a value
/// that does not fit its type is kept as [`StatementValue::Raw`].
pub fn read_page_content(json: &Json, ctx: &Context) -> PageContent {
    let mut content = PageContent::default();
    let Some(obj) = json.as_object() else { return content };
    if let Some(subjects) = obj.get("subjects").and_then(Json::as_object) {
        for (key, s) in subjects {
            let Ok(id) = SubjectId::parse(key) else { continue };
            if let Some(subject) = read_subject(s, ctx) {
                content.subjects.insert(id, subject);
            }
        }
    }
    content.main_subject = obj.get("mainSubject").and_then(Json::as_str).and_then(|s| SubjectId::parse(s).ok());
    content
}

/// [`read_page_content`] of JSON text; text that is not JSON reads as an empty page.
pub fn read_page_content_str(text: &str, ctx: &Context) -> PageContent {
    let arena = Arena::new();
    Json::parse(text, &arena).map(|v| read_page_content(&v, ctx)).unwrap_or_default()
}

fn read_subject(v: &Json, ctx: &Context) -> Option<Subject> {
    let obj = v.as_object()?;
    let schema = SchemaRef::read(obj.get("schema")?, ctx.own_source).ok()?;
    let label = obj.get("label").and_then(Json::as_str).map(str::to_owned);
    let statements = obj
        .get("statements")
        .and_then(Json::as_object)
        .into_iter()
        .flatten()
        .filter_map(|(name, st)| Some((name.to_owned(), read_statement(st, ctx)?)))
        .collect();
    Some(Subject { label, schema, statements })
}

/// Reads one stored Statement; `None` for null or an entry without a string `propertyType`.
pub fn read_statement(v: &Json, ctx: &Context) -> Option<Statement> {
    let obj = v.as_object()?;
    let written = obj.get("propertyType")?.as_str()?;
    let raw = obj.get("value").unwrap_or(&Json::Null);
    let registered = types::lookup(written);
    let value =
        registered.and_then(|t| read_value(t.shape(), raw, ctx)).unwrap_or_else(|| StatementValue::Raw(raw.to_value()));
    Some(Statement { property_type: types::stored_type_name(registered, written), value })
}

/// The typed value when `v` has exactly the stored shape; `None` otherwise.
fn read_value(shape: ValueShape, v: &Json, ctx: &Context) -> Option<StatementValue> {
    Some(match shape {
        ValueShape::Strings => {
            StatementValue::Strings(v.as_array()?.iter().map(|p| p.as_str().map(str::to_owned)).collect::<Option<_>>()?)
        }
        ValueShape::Number => StatementValue::Number(v.as_number()?.clone()),
        ValueShape::Boolean => StatementValue::Boolean(v.as_bool()?),
        ValueShape::Relations => {
            StatementValue::Relations(v.as_array()?.iter().map(|r| read_relation(r, ctx)).collect::<Option<_>>()?)
        }
        ValueShape::Monolingual => {
            StatementValue::Monolingual(v.as_array()?.iter().map(read_monolingual).collect::<Option<_>>()?)
        }
    })
}

fn read_relation(v: &Json, ctx: &Context) -> Option<Relation> {
    let o = v.as_object()?;
    if unknown_key(o, &RELATION_KEYS).is_some() {
        return None;
    }
    let id = RelationId::parse(o.get("id")?.as_str()?).ok()?;
    let target = SubjectRef::parse(o.get("target")?.as_str()?, ctx.own_source).ok()?;
    let properties = match o.get("properties") {
        None => Default::default(),
        Some(p) => RelationProperties::stored(p.as_object()?),
    };
    Some(Relation { id, target, properties })
}

fn read_monolingual(v: &Json) -> Option<MonolingualPart> {
    let o = v.as_object()?;
    if unknown_key(o, &MONOLINGUAL_KEYS).is_some() {
        return None;
    }
    let text = o.get("text")?.as_str()?.to_owned();
    let language = LanguageTag::parse(o.get("language")?.as_str()?)?;
    Some(MonolingualPart { text, language })
}
