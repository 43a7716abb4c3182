//! SPARQL rules the core applies before a query reaches a store, and to what the store answers.

pub mod answer;
pub mod read_query;
