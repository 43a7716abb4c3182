//! What a handler sees: the application's [`Scope`] of the request (host, caller, settings, checked
//! body), and the request's path parameters, checked query and headers.

use super::request::Request;
use super::reusable::Reusable;
use super::routes::{Field, Kind, Matched, Reuse};
use crate::app::error::{ApiError, ErrorKind};
use crate::app::{Caller, Scope};
use crate::host::{PageTitle, Settings};
use indexmap::IndexMap;
use serde_json::{Map, Value};
use std::cell::{Cell, RefCell};
use std::ops::Deref;

pub struct Ctx<'a, H> {
    scope: Scope<'a, H>,
    /// The request's headers, lower-case names.
    headers: &'a IndexMap<String, String>,
    params: Vec<(&'static str, String)>,
    query: IndexMap<String, String>,
    /// The headers the handler read, with their values: a reusable answer lists them.
    headers_read: RefCell<IndexMap<String, Option<String>>>,
    /// Set by a handler whose answer may be reused ([`Ctx::reusable`]).
    reusable: Cell<bool>,
    /// The pages of the index rows a list looked at, when its answer may be reused ([`Ctx::reusable`]).
    index_pages: RefCell<Option<Vec<PageTitle>>>,
    /// On what the route table lets this route's reusable answers depend (`Route::reusable`).
    route_reusable: Option<Reuse>,
}

/// Handlers hand the scope to the use cases; `&ctx` coerces to `&Scope`.
impl<'a, H> Deref for Ctx<'a, H> {
    type Target = Scope<'a, H>;

    fn deref(&self) -> &Scope<'a, H> {
        &self.scope
    }
}

impl<'a, H> Ctx<'a, H> {
    /// Checks the request's query and body against the route's declared fields; `caller` is the
    /// request's caller with the rights the route asks (`Route::rights_asked`).
    pub fn new(
        host: &'a H,
        request: &'a Request,
        caller: &'a Caller,
        settings: Settings,
        matched: Matched,
    ) -> Result<Self, ApiError> {
        let route = matched.route;
        let mut query = IndexMap::new();
        for f in route.query {
            if let Some(v) = request.query.get(f.name) {
                check_query(f, v)?;
                query.insert(f.name.to_owned(), v.clone());
            } else if f.required {
                return Err(ApiError::parameter(format!("The query parameter \"{}\" is required.", f.name)));
            }
        }
        let body = if route.body.is_empty() { Map::new() } else { parse_body(route.body, request.body.as_deref())? };
        let scope = Scope::new(host, caller, settings, body)?;
        Ok(Ctx {
            scope,
            headers: &request.headers,
            params: matched.params,
            query,
            headers_read: RefCell::default(),
            reusable: Cell::new(false),
            index_pages: RefCell::default(),
            route_reusable: route.reusable,
        })
    }

    pub fn param(&self, name: &str) -> &str {
        self.params.iter().find(|(n, _)| *n == name).map(|(_, v)| v.as_str()).unwrap_or_default()
    }

    /// A request header by its lower-case name.
    pub fn header(&self, name: &str) -> Option<&str> {
        let value = self.headers.get(name).map(String::as_str);
        self.headers_read.borrow_mut().insert(name.to_owned(), value.map(str::to_owned));
        value
    }

    /// Marks the answer as the same for every caller who may read the pages it was read from.
    pub fn answer_is_reusable(&self) {
        self.reusable.set(true);
    }

    /// Marks the answer as read from the Subject index: the same for every caller who may read
    /// `pages` (those of every index row it looked at, all readable), while the index is unchanged.
    pub fn answer_is_reusable_while_the_index_stands(&self, mut pages: Vec<PageTitle>) {
        pages.sort_by(|a, b| (a.namespace, &a.title).cmp(&(b.namespace, &b.title)));
        pages.dedup();
        *self.index_pages.borrow_mut() = Some(pages);
        self.reusable.set(true);
    }

    /// What a host may keep the answer under (`api::reusable`): `None` unless the route table lets
    /// the route's answers be reused on what the handler marked them with, the handler marked it,
    /// and everything it read is stated by page versions, with nothing fetched from other sources.
    pub fn reusable(&self) -> Option<Reusable> {
        let marked = if self.index_pages.borrow().is_some() { Reuse::Index } else { Reuse::Pages };
        if self.route_reusable != Some(marked) || !self.reusable.get() || !self.foreign.is_empty() {
            return None;
        }
        Some(Reusable {
            pages: self.reads.versions()?,
            headers: self.headers_read.borrow().clone(),
            index: self.index_pages.borrow().clone(),
        })
    }

    pub fn query(&self, name: &str) -> Option<&str> {
        self.query.get(name).map(String::as_str)
    }

    /// An integer parameter; its syntax was checked on entry.
    pub fn query_int(&self, name: &str) -> Option<i64> {
        self.query(name).and_then(|v| v.parse().ok())
    }

    pub fn query_flag(&self, name: &str) -> bool {
        matches!(self.query(name), Some("1" | "true"))
    }

    /// The items of a pipe-separated parameter; each was checked against its allowed values.
    pub fn query_list(&self, name: &str) -> Vec<&str> {
        self.query(name).map(|v| v.split('|').filter(|s| !s.is_empty()).collect()).unwrap_or_default()
    }
}

fn check_query(f: &Field, v: &str) -> Result<(), ApiError> {
    let bad = |what: &str| Err(ApiError::parameter(format!("The query parameter \"{}\" {what}.", f.name)));
    match f.kind {
        Kind::Integer if v.parse::<i64>().is_err() => bad("must be an integer"),
        Kind::Range(min, max) if !v.parse::<i64>().is_ok_and(|n| (min..=max).contains(&n)) => {
            bad(&range_text(min, max))
        }
        Kind::Flag if !matches!(v, "1" | "0" | "true" | "false") => bad("must be 1 or 0"),
        Kind::PipeList(allowed) => match v.split('|').find(|s| !s.is_empty() && !allowed.contains(s)) {
            Some(unknown) => bad(&format!("has the unknown value \"{unknown}\" (allowed: {})", allowed.join(", "))),
            None => Ok(()),
        },
        Kind::OneOf(allowed) if !allowed.contains(&v) => bad(&format!("must be one of {}", allowed.join(", "))),
        _ => Ok(()),
    }
}

fn parse_body(fields: &[Field], text: Option<&str>) -> Result<Map<String, Value>, ApiError> {
    let text = text.unwrap_or_default();
    let value: Value = if text.trim().is_empty() {
        Value::Object(Map::new())
    } else {
        serde_json::from_str(text)
            .map_err(|e| ApiError::new(ErrorKind::InvalidJson, format!("The request body is not valid JSON: {e}.")))?
    };
    let Value::Object(body) = value else {
        return Err(ApiError::body("The request body must be a JSON object."));
    };
    if let Some(k) = body.keys().find(|k| !fields.iter().any(|f| f.name == *k)) {
        let known: Vec<&str> = fields.iter().map(|f| f.name).collect();
        return Err(ApiError::body(format!(
            "Unknown field \"{k}\" in the request body (known: {}).",
            known.join(", ")
        )));
    }
    for f in fields {
        match body.get(f.name) {
            None if f.required => return Err(ApiError::body(format!("The field \"{}\" is required.", f.name))),
            Some(v) if !fits(f.kind, v) => {
                return Err(ApiError::body(format!("The field \"{}\" must be {}.", f.name, describe(f.kind))));
            }
            _ => {}
        }
    }
    Ok(body)
}

fn fits(kind: Kind, v: &Value) -> bool {
    match kind {
        Kind::String
        | Kind::PipeList(_)
        | Kind::OneOf(_)
        | Kind::Title
        | Kind::TitleOrBlank
        | Kind::SubjectId
        | Kind::SubjectRef => v.is_string(),
        Kind::Ignored => true,
        Kind::Query => v.is_string(),
        Kind::Dependents => v.is_array(),
        Kind::NullableString | Kind::NullableSubjectId => v.is_string() || v.is_null(),
        Kind::Integer => v.is_i64(),
        Kind::Range(min, max) => v.as_i64().is_some_and(|n| (min..=max).contains(&n)),
        Kind::Boolean | Kind::Flag => v.is_boolean(),
        Kind::Object | Kind::SchemaBody | Kind::Statement | Kind::Statements => v.is_object(),
        Kind::Array => v.is_array(),
        Kind::StringArray | Kind::SubjectIds => v.as_array().is_some_and(|a| a.iter().all(Value::is_string)),
        Kind::SchemaRef => v.is_string() || v.is_object(),
    }
}

fn range_text(min: i64, max: i64) -> String {
    if max == i64::MAX {
        format!("must be an integer of at least {min}")
    } else {
        format!("must be an integer from {min} to {max}")
    }
}

/// What a value of `kind` is, for error messages and the OpenAPI document.
pub fn describe(kind: Kind) -> String {
    match kind {
        Kind::String | Kind::PipeList(_) | Kind::OneOf(_) => "a string".into(),
        Kind::Title => "a page title".into(),
        Kind::TitleOrBlank => "a page title or a blank text".into(),
        Kind::SubjectId | Kind::SubjectRef => "a Subject ID".into(),
        Kind::Ignored => "anything (it is ignored)".into(),
        Kind::Query => "a query text".into(),
        Kind::Dependents => "an array of Dependent Subjects".into(),
        Kind::NullableString => "a string or null".into(),
        Kind::NullableSubjectId => "a Subject ID or null".into(),
        Kind::Integer => "an integer".into(),
        Kind::Range(min, max) => range_text(min, max).trim_start_matches("must be ").to_owned(),
        Kind::Boolean | Kind::Flag => "a boolean".into(),
        Kind::Object => "an object".into(),
        Kind::SchemaBody => "a Schema (an object)".into(),
        Kind::Statement => "a Statement (an object)".into(),
        Kind::Statements => "an object of Statements by property name".into(),
        Kind::Array => "an array".into(),
        Kind::StringArray => "an array of strings".into(),
        Kind::SubjectIds => "an array of Subject IDs".into(),
        Kind::SchemaRef => "a Schema name or a {source, name} object".into(),
    }
}
