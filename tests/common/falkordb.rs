//! A FalkorDB connection for integration tests, and helpers to run statements and read the graph.

use redis::Value as R;
use serde_json::{json, Value};
use strata::graph::cells::falkordb::{decode_result, QueryResult};
use strata::graph::statement::CypherStatement;

/// The server named by `STRATA_FALKORDB_URL`. Unset: the test fails, unless store tests are skipped
/// explicitly with `STRATA_SKIP_STORE_TESTS=1` (then `None`, with a note), as in host-shim's
/// `test-support/store-skip.js`.
pub fn connect(test: &str) -> Option<redis::Connection> {
    let Ok(url) = std::env::var("STRATA_FALKORDB_URL") else {
        if std::env::var("STRATA_SKIP_STORE_TESTS").as_deref() != Ok("1") {
            panic!("STRATA_FALKORDB_URL is not set: start FalkorDB with scripts/stores/falkordb.sh start and export the URL it prints, or set STRATA_SKIP_STORE_TESTS=1 to skip store tests");
        }
        eprintln!("skipped {test}: STRATA_FALKORDB_URL is not set (STRATA_SKIP_STORE_TESTS=1)");
        return None;
    };
    let client = redis::Client::open(url.as_str()).unwrap_or_else(|e| panic!("bad STRATA_FALKORDB_URL {url}: {e}"));
    Some(client.get_connection().unwrap_or_else(|e| panic!("cannot reach FalkorDB at {url}: {e}")))
}

/// The reply as the JS client hands it to the core: integers as numbers, strings as strings.
pub fn to_json(v: R) -> Value {
    match v {
        R::Nil => Value::Null,
        R::Int(i) => json!(i),
        R::BulkString(b) => Value::String(String::from_utf8_lossy(&b).into_owned()),
        R::SimpleString(s) => Value::String(s),
        R::Okay => Value::String("OK".into()),
        R::Array(items) | R::Set(items) => Value::Array(items.into_iter().map(to_json).collect()),
        R::Double(d) => json!(d),
        R::Boolean(b) => Value::Bool(b),
        other => Value::String(format!("{other:?}")),
    }
}

pub fn write(con: &mut redis::Connection, graph: &str, statements: &[CypherStatement]) {
    for s in statements {
        let text = s.query_text().expect("sendable statement");
        let r: redis::RedisResult<R> = redis::cmd("GRAPH.QUERY").arg(graph).arg(&text).query(con);
        if let Err(e) = r {
            panic!("statement failed: {e}\n{text}");
        }
    }
}

pub fn raw_read(con: &mut redis::Connection, graph: &str, cypher: &str) -> redis::RedisResult<Value> {
    let reply: R = redis::cmd("GRAPH.RO_QUERY").arg(graph).arg(cypher).arg("--compact").query(con)?;
    Ok(to_json(reply))
}

fn column(con: &mut redis::Connection, graph: &str, call: &str) -> Value {
    let reply = raw_read(con, graph, call).unwrap_or_else(|e| panic!("{call}: {e}"));
    let rows = reply.get(1).and_then(Value::as_array).cloned().unwrap_or_default();
    Value::Array(rows.iter().map(|r| r[0][1].clone()).collect())
}

/// Runs a read and decodes it as the Cypher endpoint does.
pub fn read(con: &mut redis::Connection, graph: &str, cypher: &str) -> QueryResult {
    let reply = raw_read(con, graph, cypher).unwrap_or_else(|e| panic!("{cypher}: {e}"));
    let catalog = json!({
        "labels": column(con, graph, "CALL db.labels()"),
        "relationshipTypes": column(con, graph, "CALL db.relationshipTypes()"),
        "propertyKeys": column(con, graph, "CALL db.propertyKeys()"),
    });
    decode_result(&json!({"reply": reply, "catalog": catalog}), usize::MAX).unwrap_or_else(|e| panic!("{cypher}: {e}"))
}

/// Every node and edge by business identity, sorted, for comparing two graphs.
pub fn dump(con: &mut redis::Connection, graph: &str) -> Vec<String> {
    let nodes = read(con, graph, "MATCH (n) RETURN labels(n) AS l, properties(n) AS p");
    let edges = read(con, graph, "MATCH (a)-[r]->(b) RETURN a.id AS a, type(r) AS t, properties(r) AS p, b.id AS b");
    let mut out: Vec<String> = nodes.to_json()["rows"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|r| {
            let mut labels: Vec<String> = r["l"].as_array().into_iter().flatten().map(|l| l.to_string()).collect();
            labels.sort();
            format!("node {} {}", labels.join(":"), r["p"])
        })
        .chain(
            edges.to_json()["rows"]
                .as_array()
                .into_iter()
                .flatten()
                .map(|r| format!("edge {} -[{} {}]-> {}", r["a"], r["t"], r["p"], r["b"])),
        )
        .collect();
    out.sort();
    out
}

pub fn delete_graph(con: &mut redis::Connection, graph: &str) {
    let _: redis::RedisResult<R> = redis::cmd("GRAPH.DELETE").arg(graph).query(con);
}
