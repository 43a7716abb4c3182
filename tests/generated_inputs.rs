//! Generated inputs for the hand-written parsers (proptest): the JSON text reader agrees with
//! `serde_json` on every text, the encoded reader never panics on any bytes and reads back what the
//! JavaScript walker (`js/encode-json.js`, run by Node) writes, and the Cypher guard lets no write
//! through (checked against FalkorDB's `GRAPH.RO_QUERY` on a sample, `graph_falkordb.rs` style).
//!
//! The seed is fixed, so a run repeats; `PROPTEST_CASES` sets how many inputs each property gets
//! (256 by default: the bounded run of `make test`), `PROPTEST_RNG_SEED` another seed, e.g.
//! `PROPTEST_CASES=100000 cargo test --release --test generated_inputs` (docs/validation.md).

mod common;

use proptest::prelude::*;
use proptest::strategy::ValueTree;
use proptest::test_runner::{Config, RngSeed, TestRunner};
use serde_json::Value;
use strata::json::{Arena, Json};

/// The seed of every property unless PROPTEST_RNG_SEED names another.
const SEED: u64 = 27;

fn runner() -> TestRunner {
    let mut config = Config { failure_persistence: None, ..Config::default() };
    if config.rng_seed == RngSeed::Random {
        config.rng_seed = RngSeed::Fixed(SEED);
    }
    TestRunner::new(config)
}

fn cases() -> u32 {
    Config::default().cases
}

/// Any JSON value, with numbers of every kind (integers past i64 and u64, floats, exponents) and
/// strings of any characters.
fn json_value() -> impl Strategy<Value = Value> {
    let number = prop_oneof![
        any::<i64>().prop_map(Value::from),
        any::<u64>().prop_map(Value::from),
        any::<f64>().prop_filter("finite", |f| f.is_finite()).prop_map(Value::from),
        "-?[1-9][0-9]{18,40}".prop_map(|digits| serde_json::from_str(&digits).expect("digits")),
        "-?(0|[1-9][0-9]{0,5})(\\.[0-9]{1,20})?[eE][-+]?[0-9]{1,3}"
            .prop_map(|t| serde_json::from_str(&t).unwrap_or(Value::Null)),
    ];
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::from),
        number,
        any::<String>().prop_map(Value::from)
    ];
    leaf.prop_recursive(6, 64, 6, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..6).prop_map(Value::Array),
            prop::collection::vec(("[a-z\"\\\\\u{e9}\u{1f600}]{0,4}", inner), 0..6)
                .prop_map(|members| Value::Object(members.into_iter().collect())),
        ]
    })
}

/// JSON text, valid or broken: a value written compact or pretty, then up to three edits (a byte of
/// JSON's alphabet put in, a character taken out), or text made of JSON's alphabet, or any text.
fn json_text() -> impl Strategy<Value = String> {
    let written = (json_value(), any::<bool>()).prop_map(|(v, pretty)| {
        if pretty { serde_json::to_string_pretty(&v) } else { serde_json::to_string(&v) }.unwrap()
    });
    let edits = prop::collection::vec(
        (any::<prop::sample::Index>(), prop::option::of(prop::sample::select(&b"[]{},:\"\\-+.eE019 \ntfnul\x01"[..]))),
        0..4,
    );
    let edited = (written, edits).prop_map(|(mut text, edits)| {
        for (at, byte) in edits {
            let mut at = at.index(text.len() + 1);
            while !text.is_char_boundary(at) {
                at -= 1;
            }
            match byte {
                Some(b) => text.insert(at, char::from(b)),
                None if at < text.len() => {
                    text.remove(at);
                }
                None => {}
            }
        }
        text
    });
    prop_oneof![6 => edited, 2 => "[\\[\\]{},:\"\\\\ \\n0-9.eE+\\-tfnrul]{0,40}", 1 => any::<String>()]
}

/// What a parse gives: the document as compact JSON (key order and float bits kept), or the error.
fn strata_reads(text: &str) -> Result<String, String> {
    let arena = Arena::new();
    Json::parse(text, &arena).map(|doc| doc.to_value().to_string()).map_err(|e| e.to_string())
}

fn serde_reads(text: &str) -> Result<String, String> {
    serde_json::from_str::<Value>(text).map(|v| v.to_string()).map_err(|e| e.to_string())
}

#[test]
fn the_json_reader_agrees_with_serde_json_on_every_text() {
    runner()
        .run(&json_text(), |text| {
            prop_assert_eq!(strata_reads(&text), serde_reads(&text), "{:?}", text);
            Ok(())
        })
        .unwrap();
}

#[test]
fn the_encoded_reader_refuses_or_reads_any_bytes_without_panicking() {
    // Bytes with a plausible length prefix reach the structure; others stop at the prefix.
    let framed = (prop::collection::vec(0u8..=9, 0..40), prop::collection::vec(any::<u8>(), 0..40)).prop_map(
        |(structure, strings)| {
            let mut bytes = (structure.len() as u32).to_le_bytes().to_vec();
            bytes.extend(structure);
            bytes.extend(strings);
            bytes
        },
    );
    let bytes = prop_oneof![framed, prop::collection::vec(any::<u8>(), 0..64)];
    runner()
        .run(&bytes, |bytes| {
            let arena = Arena::new();
            if let Ok(doc) = Json::read_encoded(&bytes, &arena) {
                // What it reads is a document JSON text can say.
                let text = doc.to_value().to_string();
                prop_assert_eq!(strata_reads(&text), Ok(text.clone()));
            }
            Ok(())
        })
        .unwrap();
}

/// `js/encode-json.js` run by Node on the values (one JSON text a line): for each, the buffer it writes
/// and the value as JavaScript holds it (`JSON.stringify(JSON.parse(text))`: numbers are doubles).
fn encoded_by_the_walker(texts: &[String]) -> Option<Vec<(Vec<u8>, Value)>> {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let walker = concat!(env!("CARGO_MANIFEST_DIR"), "/js/encode-json.js");
    let script = format!(
        "import {{ encodeJson }} from {walker:?};\n\
         import {{ readFileSync }} from 'node:fs';\n\
         for (const line of readFileSync(0, 'utf8').split('\\n').filter(Boolean)) {{\n\
           const value = JSON.parse(line);\n\
           const bytes = encodeJson(value);\n\
           console.log(`${{bytes ? Buffer.from(bytes).toString('base64') : '-'}}\\t${{JSON.stringify(value)}}`);\n\
         }}"
    );
    let child = Command::new("node")
        .args(["--input-type=module", "-e", &script])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn();
    let Ok(mut child) = child else {
        assert!(std::env::var_os("CI").is_none(), "node is missing but CI is set");
        eprintln!("skipped: node is not installed");
        return None;
    };
    child.stdin.take().unwrap().write_all(texts.join("\n").as_bytes()).unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    use base64::Engine;
    let lines = String::from_utf8(out.stdout).unwrap();
    let read = |line: &str| {
        let (bytes, value) = line.split_once('\t').expect("two columns");
        let bytes = base64::engine::general_purpose::STANDARD
            .decode(bytes)
            .unwrap_or_else(|_| panic!("the walker gave up on {value}"));
        (bytes, serde_json::from_str(value).expect("JSON.stringify's text"))
    };
    Some(lines.lines().map(read).collect())
}

#[test]
fn the_encoded_reader_reads_back_what_the_javascript_walker_writes() {
    let mut runner = runner();
    let values: Vec<Value> = (0..cases()).map(|_| json_value().new_tree(&mut runner).unwrap().current()).collect();
    // The walker takes an object or an array (a batch of items), and sees what JSON.parse makes of
    // the text: numbers are doubles there.
    let texts: Vec<String> = values.iter().map(|v| format!("[{v}]")).collect();
    let Some(encoded) = encoded_by_the_walker(&texts) else { return };
    assert_eq!(encoded.len(), texts.len());
    for (text, (bytes, in_javascript)) in texts.iter().zip(&encoded) {
        let arena = Arena::new();
        let read = Json::read_encoded(bytes, &arena).unwrap_or_else(|e| panic!("{text}: {e}")).to_value();
        assert_eq!(&read, in_javascript, "{text}");
    }
}

/// Cypher made of pieces: reads, every write clause, procedure calls, in any case, joined by blanks,
/// comments, strings and quoted names that may hide a keyword, or by text that may end one.
fn cypher_text() -> impl Strategy<Value = String> {
    const PIECES: &[&str] = &[
        "MATCH (n)",
        "MATCH (n:Subject)",
        "OPTIONAL MATCH (n)-[r]->(m)",
        "WHERE n.id = 'x'",
        "WITH n",
        "UNWIND [1, 2] AS x",
        "RETURN n",
        "RETURN count(n) AS c",
        "RETURN n.name ORDER BY n.name LIMIT 3",
        "UNION",
        "CALL db.labels()",
        "CALL db.idx.fulltext.createNodeIndex('Subject', 'name')",
        "CALL db.indexes()",
        "CALL {",
        "}",
        "YIELD label",
        "CREATE (m)",
        "MERGE (m {id: 'x'})",
        "SET n.name = 'pwned'",
        "SET n += {a: 1}",
        "SET n:Pwned",
        "DELETE n",
        "DETACH DELETE n",
        "REMOVE n.name",
        "REMOVE n:Subject",
        "FOREACH (x IN [1] | CREATE (m))",
        "LOAD CSV FROM 'file:///x' AS row",
        "DROP INDEX ON :Subject(id)",
        "CREATE INDEX FOR (n:Subject) ON (n.id)",
        ";",
        "$p",
        "n.`name`",
        "`CREATE`",
        "`SET`",
        "'CREATE'",
        "\"DELETE\"",
        "'it''s'",
        "'\\' CREATE (x) //'",
        "/* CREATE */",
        "// SET\n",
        "/* unterminated",
        "CYPHER a=1",
        "\u{2028}",
        "\u{85}",
        "\r",
        "\\u0043REATE",
        "`a``b`",
        "c\u{0}",
        "reate",
        "C",
        "e",
        "(",
        ")",
        "[",
        "]",
        "{",
        "}",
        ",",
        ":",
        ".",
    ];
    let piece = prop::sample::select(PIECES).prop_flat_map(|p| {
        let cased = (Just(p), any::<u64>()).prop_map(|(p, bits)| {
            p.chars()
                .enumerate()
                .map(|(i, c)| if bits >> (i % 64) & 1 == 1 { c.to_ascii_lowercase() } else { c })
                .collect::<String>()
        });
        prop_oneof![Just(p.to_owned()), cased]
    });
    let joint = || prop::sample::select(&[" ", "", "\n", "\t", "/**/", " // x\n", "\u{a0}"][..]);
    let soup = prop::collection::vec((piece.clone(), joint()), 1..8)
        .prop_map(|parts| parts.into_iter().map(|(p, j)| format!("{p}{j}")).collect());
    // A read, then pieces (often a write clause) in its middle: text FalkorDB parses.
    let read = prop::sample::select(
        &["MATCH (n) ", "MATCH (n:Subject) WITH n ", "OPTIONAL MATCH (n) ", "UNWIND [1] AS x MATCH (n) "][..],
    );
    let end = prop::sample::select(&[" RETURN n", " RETURN count(*) AS c", "", " WITH n RETURN n.id"][..]);
    let framed = (read, prop::collection::vec((piece, joint()), 1..3), end).prop_map(|(read, parts, end)| {
        format!("{read}{}{end}", parts.into_iter().map(|(p, j)| format!("{p}{j}")).collect::<String>())
    });
    prop_oneof![soup, framed]
}

/// FalkorDB's word for a write sent with GRAPH.RO_QUERY.
const RO_REFUSAL: &str = "is to be executed only on read-only queries";

#[test]
fn the_cypher_guard_lets_no_write_through() {
    use common::falkordb::{connect, delete_graph, dump, raw_read};
    use strata::graph::guard::check_read_only;
    let queries: Vec<String> = {
        let mut runner = runner();
        let strategy = cypher_text();
        (0..cases() * 4).map(|_| strategy.new_tree(&mut runner).unwrap().current()).collect()
    };
    let accepted: Vec<&String> = queries.iter().filter(|q| check_read_only(q).is_ok()).collect();
    let Some(mut con) = connect("the_cypher_guard_lets_no_write_through") else { return };
    let graph = "strata_test_generated_guard";
    delete_graph(&mut con, graph);
    let _: redis::Value = redis::cmd("GRAPH.QUERY")
        .arg(graph)
        .arg("CREATE (:Subject {id: 'x', name: 'kept'})-[:Knows]->(:Subject {id: 'y'})")
        .query(&mut con)
        .unwrap();
    let before = dump(&mut con, graph);
    // Every query the guard accepted, and as many it refused: FalkorDB must never find a write in
    // the first, and the sample must hold writes it does find (else the pieces test nothing).
    // A refused text never reaches FalkorDB through the endpoint; one with a comment may abort it
    // (docs/graph.md), so the refused sample holds none.
    let refused = queries
        .iter()
        .filter(|q| check_read_only(q).is_err() && !q.contains("//") && !q.contains("/*"))
        .take(accepted.len().max(64));
    let (mut writes_refused_by_server, mut reads_run) = (0, 0);
    for (query, by_guard) in accepted.iter().map(|q| (*q, true)).chain(refused.map(|q| (q, false))) {
        // A reply FalkorDB cuts inside a character leaves the connection out of step: one each.
        let Some(mut attempt) = connect("sample") else { return };
        // What the endpoint sends: the guard's text for an accepted query.
        let sent = if by_guard { check_read_only(query).unwrap().cypher } else { query.clone() };
        let text = format!("CYPHER p='x' {sent}");
        match raw_read(&mut attempt, graph, &text) {
            Err(e) if e.to_string().contains(RO_REFUSAL) => {
                assert!(!by_guard, "the guard accepted a write FalkorDB refuses: {query:?}");
                writes_refused_by_server += 1;
            }
            Err(_) => {}
            Ok(_) => reads_run += usize::from(by_guard),
        }
    }
    assert_eq!(dump(&mut con, graph), before, "the graph changed");
    assert!(
        writes_refused_by_server >= 10,
        "only {writes_refused_by_server} generated writes reached FalkorDB's refusal"
    );
    assert!(reads_run >= 10, "only {reads_run} accepted queries ran");
    delete_graph(&mut con, graph);
}
