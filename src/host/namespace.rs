//! Namespace numbers of the pages Strata reads and writes.

pub const MAIN: i32 = 0;
/// Interface messages and site settings, edited by operators.
pub const MEDIAWIKI: i32 = 8;
pub const SCHEMA: i32 = 7474;
pub const LAYOUT: i32 = 7476;
pub const MAPPING: i32 = 7478;
/// Where a subject-first wiki puts the pages it titles by Subject ID.
pub const SUBJECT: i32 = 7480;

/// Every namespace a wiki hosting Strata has, with its name: MediaWiki's own that the hosts use and
/// Strata's, each with its talk namespace. Hosts take it from the `namespaces` export.
pub const NAMES: [(i32, &str); 14] = [
    (MAIN, ""),
    (1, "Talk"),
    (2, "User"),
    (3, "User talk"),
    (MEDIAWIKI, "MediaWiki"),
    (MEDIAWIKI + 1, "MediaWiki talk"),
    (SCHEMA, "Schema"),
    (SCHEMA + 1, "Schema talk"),
    (LAYOUT, "Layout"),
    (LAYOUT + 1, "Layout talk"),
    (MAPPING, "Mapping"),
    (MAPPING + 1, "Mapping talk"),
    (SUBJECT, "Subject"),
    (SUBJECT + 1, "Subject talk"),
];

/// The title prefix of a namespace, with its colon; empty for the main namespace and an unknown one.
pub fn prefix(namespace: i32) -> String {
    match NAMES.iter().find(|(id, _)| *id == namespace) {
        Some((_, name)) if !name.is_empty() => format!("{name}:"),
        _ => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// MediaWiki learns Strata's namespaces from `extension.json`, as it wants them declared; they are
    /// the numbers and names of this table (its PHP code uses the constants MediaWiki defines from them).
    #[test]
    fn the_extension_declares_the_namespaces_of_this_table() {
        let extension: serde_json::Value =
            serde_json::from_str(include_str!("../../mediawiki/extension.json")).unwrap();
        let declared: Vec<(i32, String)> = extension["namespaces"]
            .as_array()
            .unwrap()
            .iter()
            .map(|n| (n["id"].as_i64().unwrap() as i32, n["name"].as_str().unwrap().replace('_', " ")))
            .collect();
        let strata: Vec<(i32, String)> =
            NAMES.iter().filter(|(id, _)| *id >= SCHEMA).map(|(id, name)| (*id, (*name).to_owned())).collect();
        assert_eq!(declared, strata);
    }
}
