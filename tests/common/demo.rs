//! The demo wiki (`../shared/data/demo`) as the projection takes it.

use serde_json::Value;
use std::path::{Path, PathBuf};
use strata::domain::ids::{RelationId, SourceKey, SubjectId, SubjectRef};
use strata::domain::page_content::PageContent;
use strata::domain::schema::{Schema, SchemaRef};
use strata::domain::statement::{Relation, Statement, StatementValue};
use strata::domain::subject::Subject;
use strata::domain::title::Title;
use strata::graph::model::{PageInfo, Schemas};

pub fn dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/data/demo")
}

fn own() -> SourceKey {
    SourceKey::parse("local").unwrap()
}

fn files(sub: &str) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(dir().join(sub)).unwrap().map(|e| e.unwrap().path()).collect();
    v.sort();
    v
}

pub fn schemas() -> Schemas {
    files("Schema")
        .into_iter()
        .map(|p| {
            let name = Title::new(&p.file_stem().unwrap().to_string_lossy()).unwrap();
            (name, Schema::parse_str(&std::fs::read_to_string(&p).unwrap(), &own()).unwrap())
        })
        .collect()
}

/// Subject pages, with page IDs 1, 2, ... in file-name order.
pub fn pages() -> Vec<(PageInfo, PageContent)> {
    files("Subject")
        .into_iter()
        .enumerate()
        .map(|(i, p)| {
            let title = Title::new(&p.file_stem().unwrap().to_string_lossy()).unwrap();
            let json: Value = serde_json::from_str(&std::fs::read_to_string(&p).unwrap()).unwrap();
            (PageInfo { id: i as i64 + 1, namespace: 0, title }, page_content(&json))
        })
        .collect()
}

/// Reads stored page content whose values are all well-formed, as the demo's are.
pub fn page_content(json: &Value) -> PageContent {
    let mut content = PageContent { main_subject: json["mainSubject"].as_str().map(|s| SubjectId::parse(s).unwrap()), ..Default::default() };
    for (id, s) in json["subjects"].as_object().unwrap() {
        let statements = s["statements"]
            .as_object()
            .into_iter()
            .flatten()
            .map(|(name, st)| (name.clone(), statement(st)))
            .collect();
        let subject = Subject {
            label: s["label"].as_str().map(str::to_owned),
            schema: SchemaRef::from_json(&s["schema"], &own()).unwrap(),
            statements,
        };
        content.subjects.insert(SubjectId::parse(id).unwrap(), subject);
    }
    content
}

fn statement(st: &Value) -> Statement {
    let property_type = st["propertyType"].as_str().unwrap().to_owned();
    let v = &st["value"];
    let value = match property_type.as_str() {
        "number" => StatementValue::Number(v.as_number().unwrap().clone()),
        "boolean" => StatementValue::Boolean(v.as_bool().unwrap()),
        "relation" => StatementValue::Relations(
            v.as_array()
                .unwrap()
                .iter()
                .map(|r| Relation {
                    id: RelationId::parse(r["id"].as_str().unwrap()).unwrap(),
                    target: SubjectRef::parse(r["target"].as_str().unwrap(), &own()).unwrap(),
                    properties: r["properties"].as_object().cloned().unwrap_or_default(),
                })
                .collect(),
        ),
        _ => StatementValue::Strings(v.as_array().unwrap().iter().map(|p| p.as_str().unwrap().to_owned()).collect()),
    };
    Statement { property_type, value }
}
