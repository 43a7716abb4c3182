//! What an error reply of FalkorDB means. Both hosts pass a reply they got from the server on as it
//! came (`{ok: false, kind: "errorReply", detail: message}`, `docs/graph.md`), and the core reads it
//! here, once: the query ran out of time or memory, wrote on the read path, met a server that cannot
//! answer now, or was wrong itself. The host's own failures (no connection, its deadline, a reply over
//! its byte budget) it reports with their kinds directly.

/// The meaning of one error reply of FalkorDB (or of the Redis server it runs in).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ReplyError {
    /// The graph does not exist (never written, or lost by a restart): a read of it answers no rows.
    NoGraph,
    /// The query ran past the TIMEOUT it was sent with.
    Timeout,
    /// The query needs more memory than the server lets one query use (`QUERY_MEM_CAPACITY`).
    TooExpensive,
    /// A write sent with `GRAPH.RO_QUERY`.
    ReadOnly,
    /// The server cannot answer now, whatever the query: loading, busy, out of memory, ...
    Unavailable,
    /// The graph's key holds something that is not a graph: the store's setup is wrong, not the query.
    Internal,
    /// The query's own fault: syntax, an unknown function or variable, a missing parameter, a type
    /// mismatch, a feature FalkorDB does not support.
    Query,
}

/// The first word of a Redis error reply that says the server cannot answer now.
const SERVER_CONDITIONS: [&str; 8] =
    ["LOADING", "BUSY", "OOM", "MASTERDOWN", "TRYAGAIN", "CLUSTERDOWN", "MISCONF", "NOAUTH"];

impl ReplyError {
    /// Reads one error reply's message.
    pub fn of(message: &str) -> ReplyError {
        let lower = message.to_ascii_lowercase();
        let first_word = message.split_whitespace().next().unwrap_or("");
        if lower.contains("empty key") {
            ReplyError::NoGraph
        } else if lower.contains("timed out") {
            ReplyError::Timeout
        } else if lower.contains("mem consumption exceeded capacity") {
            ReplyError::TooExpensive
        } else if lower.contains("ro_query") || lower.contains("read-only") {
            ReplyError::ReadOnly
        } else if SERVER_CONDITIONS.contains(&first_word) {
            ReplyError::Unavailable
        } else if first_word == "WRONGTYPE" {
            ReplyError::Internal
        } else {
            ReplyError::Query
        }
    }

    /// The failure kind of a store answer (`docs/architecture.md`) this reply stands for; `None` for
    /// [`ReplyError::NoGraph`], which is no failure on the read path.
    pub fn failure_kind(self) -> Option<&'static str> {
        match self {
            ReplyError::NoGraph => None,
            ReplyError::Timeout => Some("timeout"),
            ReplyError::TooExpensive => Some("tooExpensive"),
            ReplyError::ReadOnly => Some("readOnly"),
            ReplyError::Unavailable => Some("unavailable"),
            ReplyError::Internal => Some("internal"),
            ReplyError::Query => Some("syntax"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::ReplyError::{self, *};

    /// Replies of FalkorDB 4.x as they come (scripts/stores/falkordb.sh), and of its Redis server.
    const CASES: &[(&str, ReplyError)] = &[
        ("ERR Invalid graph operation on empty key", NoGraph),
        ("Query timed out", Timeout),
        ("Query's mem consumption exceeded capacity", TooExpensive),
        ("graph.RO_QUERY is to be executed only on read-only queries", ReadOnly),
        ("LOADING Redis is loading the dataset in memory", Unavailable),
        ("BUSY Redis is busy running a script. You can only call SCRIPT KILL or SHUTDOWN NOSAVE.", Unavailable),
        ("OOM command not allowed when used memory > 'maxmemory'.", Unavailable),
        ("MISCONF Redis is configured to save RDB snapshots, but it's currently unable to persist to disk.", Unavailable),
        ("NOAUTH Authentication required.", Unavailable),
        ("WRONGTYPE Operation against a key holding the wrong kind of value", Internal),
        ("errMsg: Invalid input 'R': expected a label, '{', a parameter or ')' line: 1, column: 10, offset: 9 errCtx: MATCH (n RETURN n errCtxOffset: 9", Query),
        ("'m' not defined", Query),
        ("Unknown function 'foo'", Query),
        ("Missing parameters", Query),
        ("FalkorDB does not currently support =~", Query),
        ("Type mismatch: expected String, Boolean, Integer, Float, or Null but was Map", Query),
        ("SKIP specified value of invalid type, must be a positive integer", Query),
        ("Procedure `db.nosuch` is not registered", Query),
        ("Division by zero", Query),
        ("", Query),
    ];

    #[test]
    fn each_reply_of_the_server_has_one_meaning() {
        for (message, meaning) in CASES {
            assert_eq!(ReplyError::of(message), *meaning, "{message}");
        }
    }

    #[test]
    fn every_meaning_but_a_missing_graph_is_a_failure_kind_of_the_store_answer() {
        let kinds: Vec<_> = [NoGraph, Timeout, TooExpensive, ReadOnly, Unavailable, Internal, Query]
            .map(ReplyError::failure_kind)
            .into();
        assert_eq!(
            kinds,
            [
                None,
                Some("timeout"),
                Some("tooExpensive"),
                Some("readOnly"),
                Some("unavailable"),
                Some("internal"),
                Some("syntax")
            ]
        );
    }
}
