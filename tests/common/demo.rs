//! The example wiki (`examples/wiki`) as the projection takes it.

use serde_json::Value;
use std::path::{Path, PathBuf};
use strata::domain::ids::SourceKey;
use strata::domain::page_content::PageContent;
use strata::domain::schema::Schema;
use strata::domain::title::Title;
use strata::graph::model::{PageInfo, Schemas};
use strata::json::{Arena, Json};
use strata::normalize::{read_page_content, Context};
use strata::types::ReadSchema;

pub fn dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/wiki")
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

/// Reads stored page content as the wiki does.
pub fn page_content(json: &Value) -> PageContent {
    read_page_content(&Json::from_value(json, &Arena::new()), &Context { own_source: &own() })
}
