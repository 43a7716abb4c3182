//! REST API behaviour, driven through `handle_route` against a `MemoryHost`.

mod support;

mod access;
mod json_schema;
mod schemas;
