//! Strata: structured data for wikis.
//!
//! Layers, from the inside out: [`domain`] (pure types and rules), [`normalize`] and [`validation`],
//! the projections [`rdf`] and [`graph`], the application layer [`app`] (use cases, talking to the
//! world only through the [`host`] port), the REST layer [`api`] over it, and the wasm adapter.

pub mod api;
pub mod app;
pub mod domain;
pub mod exports;
pub mod graph;
pub mod host;
pub mod json;
pub mod normalize;
pub mod rdf;
pub mod validation;
pub mod sparql;

#[cfg(target_arch = "wasm32")]
mod wasm;
