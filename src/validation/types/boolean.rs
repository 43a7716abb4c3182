use super::TypeRules;

/// A boolean has no checks of its own beyond `required`, and a stored boolean is never empty.
pub(crate) struct Rules;

impl TypeRules for Rules {
    type Value = bool;

    fn is_empty(_: &bool) -> bool {
        false
    }
}
