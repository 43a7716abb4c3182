//! REST API behaviour, driven through `handle_route` against a `MemoryHost`.

mod support;

mod access;
mod conditional;
mod docs;
mod graph_stores;
mod json_schema;
mod lists;
mod openapi;
mod projection;
mod protocol;
mod page_actions;
mod rdf;
mod reads;
mod robustness;
mod schemas;
mod titles;
mod queries;
mod writes;
