//! `Subject`: one Subject of a page: label, Schema and Statements; and [`SubjectView`], the same
//! Subject with its strings borrowed, as validation reads it.

use super::maps::FastIndexMap;
use super::schema::SchemaRef;
use super::statement::Statement;
use super::statement_view::{ArenaVec, StatementView};
use bumpalo::Bump;
use serde_json::Value;

/// A Subject in its stored form.
#[derive(Debug, Clone, PartialEq)]
pub struct Subject {
    pub label: Option<String>,
    pub schema: SchemaRef,
    pub statements: FastIndexMap<String, Statement>,
}

impl Subject {
    /// The stored JSON form, keys in a stable order (`stored_form.rs`).
    pub fn to_json(&self) -> Value {
        serde_json::to_value(self).expect("a Subject serializes to JSON")
    }

    /// This Subject with its strings borrowed, its part lists in `arena`.
    pub fn view<'a>(&'a self, arena: &'a Bump) -> SubjectView<'a> {
        SubjectView {
            label: self.label.as_deref(),
            schema: self.schema.clone(),
            statements: ArenaVec::from_iter_in(
                self.statements.iter().map(|(name, st)| (name.as_str(), st.view(arena))),
                arena,
            ),
        }
    }
}

/// A Subject whose label, property names and string parts borrow: what write-time normalization
/// makes of a parsed write before anything is stored, and what validation reads. Property names
/// are unique and in written order.
#[derive(Debug, Clone, PartialEq)]
pub struct SubjectView<'a> {
    pub label: Option<&'a str>,
    pub schema: SchemaRef,
    pub statements: ArenaVec<'a, (&'a str, StatementView<'a>)>,
}
