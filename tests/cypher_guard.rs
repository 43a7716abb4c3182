//! The read-only guard against both corpora.

mod common;

use common::corpus::read_corpus;
use strata::graph::guard::check_read_only;

#[test]
fn every_write_or_escape_attempt_is_refused() {
    let corpus = read_corpus("cypher_guard_corpus.txt");
    assert!(corpus.len() >= 40, "the refusal corpus has {} entries", corpus.len());
    for query in &corpus {
        assert!(check_read_only(query).is_err(), "accepted: {query:?}");
    }
    let reasons: Vec<String> = corpus.iter().map(|q| format!("{q:?} => {}", check_read_only(q).unwrap_err())).collect();
    insta::assert_snapshot!(reasons.join("\n"));
}

#[test]
fn every_legitimate_read_is_accepted() {
    let corpus = read_corpus("cypher_read_corpus.txt");
    assert!(corpus.len() >= 20, "the read corpus has {} entries", corpus.len());
    for query in &corpus {
        if let Err(e) = check_read_only(query) {
            panic!("refused {query:?}: {e}");
        }
    }
}
