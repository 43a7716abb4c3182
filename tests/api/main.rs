//! REST API behaviour, driven through `handle_route` against a `MemoryHost`.

mod support;

mod access;
mod docs;
mod json_schema;
mod openapi;
mod reads;
mod schemas;
