//! Dependent Subjects over a whole page: the six rules, and the lifecycle moves the REST layer
//! applies on writes, deletions and moves.

mod lifecycle;
mod page_view;
mod rules;

pub use lifecycle::{
    delete_subject, dependents_reached_from, reached_dependents, remove_relations_to, remove_unreached_dependents,
};
pub use rules::validate_page_dependents;

#[cfg(test)]
mod tests;
