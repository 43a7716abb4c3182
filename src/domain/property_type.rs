//! The property-type registry: the one place that names every type and the shape of its values.

/// A registered property type.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PropertyType {
    Text,
    MonolingualText,
    Url,
    Number,
    Select,
    Relation,
    Boolean,
    Date,
    DateTime,
}

/// How a Statement of a type stores its value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ValueShape {
    /// An array of strings, one per value part.
    Strings,
    /// One JSON number.
    Number,
    /// One boolean.
    Boolean,
    /// An array of relation objects.
    Relations,
    /// An array of `{text, language}` objects.
    Monolingual,
}

/// Every registered type with its name, in the order the docs list them.
pub const REGISTERED: [(PropertyType, &str, ValueShape); 9] = [
    (PropertyType::Text, "text", ValueShape::Strings),
    (PropertyType::MonolingualText, "monolingualText", ValueShape::Monolingual),
    (PropertyType::Url, "url", ValueShape::Strings),
    (PropertyType::Number, "number", ValueShape::Number),
    (PropertyType::Select, "select", ValueShape::Strings),
    (PropertyType::Relation, "relation", ValueShape::Relations),
    (PropertyType::Boolean, "boolean", ValueShape::Boolean),
    (PropertyType::Date, "date", ValueShape::Strings),
    (PropertyType::DateTime, "dateTime", ValueShape::Strings),
];

/// Types named by earlier format notes but not implemented. Schemas may use them; their Statements
/// keep the raw value and report `unregistered-type`.
pub const RESERVED: [&str; 6] = ["email", "phoneNumber", "time", "duration", "currency", "progress"];

impl PropertyType {
    pub fn from_name(name: &str) -> Option<Self> {
        REGISTERED.iter().find(|(_, n, _)| *n == name).map(|(t, _, _)| *t)
    }

    pub fn name(self) -> &'static str {
        REGISTERED.iter().find(|(t, _, _)| *t == self).map(|(_, n, _)| *n).unwrap_or_default()
    }

    pub fn shape(self) -> ValueShape {
        REGISTERED
            .iter()
            .find(|(t, _, _)| *t == self)
            .map(|(_, _, s)| *s)
            .unwrap_or(ValueShape::Strings)
    }

    /// Whether the `multiple` Constraint is checked for this type.
    pub fn checks_multiple(self) -> bool {
        matches!(self, PropertyType::Select | PropertyType::Relation | PropertyType::MonolingualText)
    }
}

pub fn is_reserved(name: &str) -> bool {
    RESERVED.contains(&name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for (t, name, _) in REGISTERED {
            assert_eq!(PropertyType::from_name(name), Some(t));
            assert_eq!(t.name(), name);
        }
        assert_eq!(PropertyType::from_name("email"), None);
        assert!(is_reserved("email"));
        assert!(!is_reserved("text"));
    }
}
