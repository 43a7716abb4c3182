//! A clone alone passes its tests: no test, script, source or doc names a folder beside the clone.

use std::path::{Path, PathBuf};

fn files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy();
        if path.is_dir() {
            if !["node_modules", "target", "var", "pkg", "snapshots"].contains(&name.as_ref()) && !name.starts_with('.')
            {
                files(&path, out);
            }
        } else if [".rs", ".js", ".mjs", ".sh", ".md", ".py", ".php", ".toml", ".json"]
            .iter()
            .any(|e| name.ends_with(e))
        {
            out.push(path);
        }
    }
}

#[test]
fn nothing_reads_a_folder_beside_the_clone() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let beside = ["../", "shared"].concat();
    let absolute = ["/work/", "shared"].concat();
    let mut paths = Vec::new();
    for dir in ["src", "tests", "scripts", "docs", "host-shim", "host-php", "mediawiki", "examples", "benches"] {
        if root.join(dir).is_dir() {
            files(&root.join(dir), &mut paths);
        }
    }
    paths.extend(["README.md", "Makefile", "Cargo.toml"].map(|name| root.join(name)));
    assert!(paths.len() > 100, "only {} files scanned", paths.len());
    let offenders: Vec<String> = paths
        .iter()
        .filter(|p| std::fs::read_to_string(p).is_ok_and(|t| t.contains(&beside) || t.contains(&absolute)))
        .map(|p| p.strip_prefix(root).unwrap().display().to_string())
        .collect();
    assert!(offenders.is_empty(), "these name a folder beside the clone: {offenders:?}");
}
