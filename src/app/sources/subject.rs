//! A Subject of another source, read through its `GET /strata/v0/subject/{id}` and restated in this
//! wiki's terms: its ID source-qualified, its Schema and relation targets seen from here.

use super::{garbage, get, segment, Fetched};
use crate::app::error::ApiError;
use crate::app::Scope;
use crate::domain::ids::{LocalId, SourceKey, SubjectRef};
use crate::domain::schema::SchemaRef;
use crate::host::Host;
use serde_json::{Map, Value};

/// A foreign Subject as this wiki shows it.
#[derive(Debug, Clone, PartialEq)]
pub struct ForeignSubject {
    pub schema: SchemaRef,
    /// The read object, in the shape of this wiki's reads, with `source` added.
    pub read: Value,
}

/// Fields of the source's read object that describe its pages, not the Subject.
const PAGE_FIELDS: [&str; 4] = ["pageId", "pageTitle", "pageNamespaceId", "hostSubject"];

pub async fn foreign_subject<H: Host>(
    ctx: &Scope<'_, H>,
    source: &SourceKey,
    local_id: &LocalId,
) -> Result<Fetched<ForeignSubject>, ApiError> {
    let path = format!("/strata/v0/subject/{}", segment(local_id.as_str()));
    Ok(match get(ctx, source, path.clone()).await? {
        Fetched::Found(body) => match restate(&body, source, local_id, &ctx.own_source) {
            Some(subject) => Fetched::Found(subject),
            None => return garbage(ctx, source, path, "a Subject read").await,
        },
        Fetched::NotFound => Fetched::NotFound,
        Fetched::Unavailable(o) => Fetched::Unavailable(o),
    })
}

fn restate(body: &str, source: &SourceKey, local_id: &LocalId, own: &SourceKey) -> Option<ForeignSubject> {
    let answer: Value = serde_json::from_str(body).ok()?;
    let mut read = answer.get("subjects")?.get(local_id.as_str())?.as_object()?.clone();
    let schema = SchemaRef::from_json(read.get("schema")?, source).ok()?.seen_from(source, own);
    for field in PAGE_FIELDS {
        read.remove(field);
    }
    read.insert("id".into(), format!("{source}:{}", local_id.as_str()).into());
    read.insert("source".into(), source.as_str().into());
    read.insert("schema".into(), schema.to_json());
    if let Some(Value::Object(statements)) = read.get_mut("statements") {
        restate_targets(statements, source, own);
    }
    Some(ForeignSubject { schema, read: Value::Object(read) })
}

/// Relation targets written on the source, restated for this wiki; unparsable ones stay as written.
fn restate_targets(statements: &mut Map<String, Value>, source: &SourceKey, own: &SourceKey) {
    for statement in statements.values_mut() {
        if statement.get("propertyType").and_then(Value::as_str) != Some("relation") {
            continue;
        }
        let Some(Value::Array(relations)) = statement.get_mut("value") else { continue };
        for relation in relations {
            let Some(target) = relation.get_mut("target") else { continue };
            let Some(parsed) = target.as_str().and_then(|t| SubjectRef::parse(t, source).ok()) else { continue };
            *target = parsed.seen_from(source, own).to_string().into();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_foreign_read_is_restated_for_this_wiki() {
        let key = |k| SourceKey::parse(k).unwrap();
        let body = json!({"requestedId": "s1demo1aaaaaaa1", "subjects": {"s1demo1aaaaaaa1": {
            "id": "s1demo1aaaaaaa1", "label": "Ada", "displayName": "Ada", "schema": "Person", "pageId": 4,
            "statements": {"Employer": {"propertyType": "relation", "value": [
                {"id": "r1demo1aaaaaar1", "target": "s1demo1aaaaaaa2"},
                {"id": "r1demo1aaaaaar2", "target": "here:s1demo1aaaaaaa3"},
                {"id": "r1demo1aaaaaar3", "target": "third:q9"}]}}}}});
        let got = restate(&body.to_string(), &key("there"), &LocalId::parse("s1demo1aaaaaaa1").unwrap(), &key("here"))
            .unwrap();
        assert_eq!(
            got.schema,
            SchemaRef::from_json(&json!({"source": "there", "name": "Person"}), &key("here")).unwrap()
        );
        assert_eq!(
            got.read,
            json!({"id": "there:s1demo1aaaaaaa1", "source": "there", "label": "Ada", "displayName": "Ada",
            "schema": {"source": "there", "name": "Person"},
            "statements": {"Employer": {"propertyType": "relation", "value": [
                {"id": "r1demo1aaaaaar1", "target": "there:s1demo1aaaaaaa2"},
                {"id": "r1demo1aaaaaar2", "target": "s1demo1aaaaaaa3"},
                {"id": "r1demo1aaaaaar3", "target": "third:q9"}]}}})
        );
        for garbage in ["<html>", "{}", r#"{"subjects": {}}"#, r#"{"subjects": {"s1demo1aaaaaaa1": {"schema": 7}}}"#] {
            assert_eq!(
                restate(garbage, &key("there"), &LocalId::parse("s1demo1aaaaaaa1").unwrap(), &key("here")),
                None,
                "{garbage}"
            );
        }
    }
}
