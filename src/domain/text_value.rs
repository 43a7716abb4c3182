//! The traits every text-backed value object shares: it displays and serializes as its text, and
//! deserializes only through its own checking constructor, so no unchecked value is ever built.

/// Implements `Display`, `Serialize` and `Deserialize` for a value object with an `as_str` whose
/// checked constructor is `$parse(&str) -> Result<Self, E>`.
macro_rules! text_value_object {
    ($type:ty, $parse:path) => {
        impl std::fmt::Display for $type {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(self.as_str())
            }
        }

        impl serde::Serialize for $type {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.serialize_str(self.as_str())
            }
        }

        impl<'de> serde::Deserialize<'de> for $type {
            fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                let s = <String as serde::Deserialize>::deserialize(d)?;
                $parse(&s).map_err(serde::de::Error::custom)
            }
        }
    };
}

pub(crate) use text_value_object;
