//! SPARQL rules the core applies before a query reaches a store.

pub mod query_form;
