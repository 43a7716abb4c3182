//! Namespace numbers of the pages Strata reads and writes.

pub const MAIN: i32 = 0;
/// Interface messages and site settings, edited by operators.
pub const MEDIAWIKI: i32 = 8;
pub const SCHEMA: i32 = 7474;
pub const LAYOUT: i32 = 7476;
pub const MAPPING: i32 = 7478;
/// Where a subject-first wiki puts the pages it titles by Subject ID.
pub const SUBJECT: i32 = 7480;

/// The title prefix of a namespace, with its colon; empty for the main namespace.
pub fn prefix(namespace: i32) -> &'static str {
    match namespace {
        MEDIAWIKI => "MediaWiki:",
        SCHEMA => "Schema:",
        LAYOUT => "Layout:",
        MAPPING => "Mapping:",
        SUBJECT => "Subject:",
        _ => "",
    }
}
