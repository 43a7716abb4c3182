//! The property-graph projection (pure), the Cypher read-only guard, and result-cell normalization.
//!
//! The model is described in `docs/graph.md`. Nothing here performs I/O: projection produces
//! parameterized Cypher statements, the guard inspects query text, and cell normalization turns the
//! JSON form of a FalkorDB reply into the response shapes of the Cypher endpoint; an error reply's
//! message is read once, in `reply_error`.

pub mod batch;
pub mod cells;
pub mod guard;
pub mod literal;
pub mod model;
pub mod names;
pub mod projection;
pub mod reply_error;
pub mod statement;
