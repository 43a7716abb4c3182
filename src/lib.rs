//! Strata: structured data for wikis.
//!
//! Layers, from the inside out: [`domain`] (pure types and rules), [`normalize`] and [`validation`],
//! the projections [`rdf`] and [`graph`], the application layer [`app`] (use cases, talking to the
//! world only through the [`host`] port), the REST layer [`api`] over it, and two thin wasm adapters:
//! `wasm` (wasm-bindgen, for JavaScript hosts; feature `js`, or `web` alone for a browser editor's
//! slim module) and `cabi` (a C ABI over linear memory, for PHP and other hosts; feature `cabi`).

pub mod api;
pub mod app;
pub mod bytes;
pub mod checks;
pub mod domain;
pub mod exports;
pub mod graph;
pub mod graph_values;
pub mod host;
pub mod json;
pub mod normalize;
pub mod rdf;
pub mod rdf_terms;
pub mod render;
pub mod sparql;
pub mod types;
pub mod validation;
pub mod value_forms;

#[cfg(all(target_arch = "wasm32", feature = "web", feature = "cabi"))]
compile_error!("the `js` and `cabi` adapters are two builds of the module: enable one of them");

#[cfg(all(target_arch = "wasm32", feature = "web"))]
mod wasm;

#[cfg(all(target_arch = "wasm32", feature = "cabi"))]
mod cabi;

/// Talc instead of the default dlmalloc: validation and content parsing allocate many small,
/// short-lived blocks, and Talc serves those markedly faster (`docs/benchmarks-history.md`).
#[cfg(target_arch = "wasm32")]
#[global_allocator]
static ALLOCATOR: talc::wasm::WasmDynamicTalc = talc::wasm::new_wasm_dynamic_allocator();
