//! Reads the Cypher corpora: entries separated by lines "%%", description lines starting with
//! "# ", and placeholders for characters a text file cannot show.

use std::path::Path;

pub fn read_corpus(name: &str) -> Vec<String> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests").join(name);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    text.split("\n%%\n")
        .map(|entry| {
            let query: Vec<&str> = entry.lines().filter(|l| !l.starts_with("# ")).collect();
            query
                .join("\n")
                .replace("{NUL}", "\0")
                .replace("{CR}", "\r")
                .replace("{LS}", "\u{2028}")
                .replace("{NEL}", "\u{85}")
        })
        .filter(|q| !q.trim().is_empty())
        .collect()
}
