//! Decoding FalkorDB's compact reply (`GRAPH.RO_QUERY ... --compact`) into cells and the Cypher
//! endpoint's response body.
//!
//! Input: the reply as the JS client converts it to JSON, unchanged (Redis integers as numbers,
//! bulk strings as strings, nil as null), with the graph's catalog so that the numeric label,
//! relationship-type and property-key ids of the compact form can be named:
//!
//! ```json
//! {"reply": [header, rows, stats],
//!  "catalog": {"labels": [...], "relationshipTypes": [...], "propertyKeys": [...]}}
//! ```
//!
//! Every cell is `[typeCode, value]`. What each type looks like was checked against the server; see
//! `docs/graph.md`.

use super::{calendar, Cell, Node, Point, Relationship};
use serde::Deserialize;
use serde_json::{json, Map, Value};
use std::fmt;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DecodeError(pub String);

impl fmt::Display for DecodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unexpected FalkorDB reply: {}", self.0)
    }
}

impl std::error::Error for DecodeError {}

fn bad(what: impl fmt::Display, v: &Value) -> DecodeError {
    let mut shown = v.to_string();
    shown.truncate(200);
    DecodeError(format!("{what}: {shown}"))
}

#[derive(Debug, Clone, Default, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Catalog {
    #[serde(default)]
    pub labels: Vec<String>,
    #[serde(default)]
    pub relationship_types: Vec<String>,
    #[serde(default)]
    pub property_keys: Vec<String>,
}

/// The Cypher endpoint's 200 body.
#[derive(Debug, Clone, PartialEq)]
pub struct QueryResult {
    pub columns: Vec<String>,
    pub rows: Vec<Vec<Cell>>,
    pub truncated: bool,
    pub duration_ms: i64,
}

impl QueryResult {
    pub fn to_json(&self) -> Value {
        let rows: Vec<Value> = self
            .rows
            .iter()
            .map(|row| {
                Value::Object(self.columns.iter().cloned().zip(row.iter().map(Cell::to_json)).collect::<Map<_, _>>())
            })
            .collect();
        json!({
            "columns": self.columns,
            "rows": rows,
            "truncated": self.truncated,
            "resultCount": self.rows.len(),
            "durationMs": self.duration_ms,
        })
    }
}

/// Decodes a reply, keeping at most `max_rows` rows; `truncated` tells whether there were more.
pub fn decode_result(input: &Value, max_rows: usize) -> Result<QueryResult, DecodeError> {
    let catalog: Catalog = match input.get("catalog") {
        Some(c) => serde_json::from_value(c.clone()).map_err(|e| bad(format!("catalog ({e})"), c))?,
        None => Catalog::default(),
    };
    let reply = input.get("reply").and_then(Value::as_array).ok_or_else(|| bad("no reply array", input))?;
    // A query that returns nothing has only the statistics.
    let (header, rows, stats) = match reply.as_slice() {
        [stats] => (&[][..], &[][..], stats),
        [header, rows, stats] => (array(header, "header")?, array(rows, "rows")?, stats),
        _ => return Err(bad("reply of unexpected length", input)),
    };
    let columns = header
        .iter()
        .map(|h| h.get(1).and_then(Value::as_str).map(str::to_owned).ok_or_else(|| bad("header entry", h)))
        .collect::<Result<Vec<_>, _>>()?;
    let decoder = Decoder { catalog: &catalog };
    let rows = rows
        .iter()
        .take(max_rows)
        .map(|row| array(row, "row")?.iter().map(|c| decoder.cell(c)).collect::<Result<Vec<_>, _>>())
        .collect::<Result<Vec<_>, _>>()?;
    Ok(QueryResult {
        columns,
        rows,
        truncated: reply.len() == 3 && array(&reply[1], "rows")?.len() > max_rows,
        duration_ms: duration_ms(stats),
    })
}

/// The server's "Query internal execution time: N milliseconds", rounded to whole milliseconds.
fn duration_ms(stats: &Value) -> i64 {
    const PREFIX: &str = "Query internal execution time: ";
    stats
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(Value::as_str)
        .find_map(|s| s.strip_prefix(PREFIX)?.strip_suffix(" milliseconds")?.trim().parse::<f64>().ok())
        .map_or(0, |ms| ms.round() as i64)
}

fn array<'a>(v: &'a Value, what: &str) -> Result<&'a [Value], DecodeError> {
    v.as_array().map(Vec::as_slice).ok_or_else(|| bad(format!("{what} is not an array"), v))
}

fn int(v: &Value, what: &str) -> Result<i64, DecodeError> {
    v.as_i64().ok_or_else(|| bad(format!("{what} is not an integer"), v))
}

/// Doubles arrive as strings.
fn double(v: &Value) -> Result<f64, DecodeError> {
    match v {
        Value::String(s) => match s.as_str() {
            "inf" => Ok(f64::INFINITY),
            "-inf" => Ok(f64::NEG_INFINITY),
            "nan" | "-nan" => Ok(f64::NAN),
            s => s.parse().map_err(|_| bad("not a double", v)),
        },
        Value::Number(n) => n.as_f64().ok_or_else(|| bad("not a double", v)),
        _ => Err(bad("not a double", v)),
    }
}

struct Decoder<'a> {
    catalog: &'a Catalog,
}

impl Decoder<'_> {
    fn name<'n>(&self, names: &'n [String], id: &Value, what: &str) -> Result<&'n str, DecodeError> {
        let i = int(id, what)?;
        usize::try_from(i)
            .ok()
            .and_then(|i| names.get(i))
            .map(String::as_str)
            .ok_or_else(|| bad(format!("unknown {what} id"), id))
    }

    /// `[typeCode, value]`.
    fn cell(&self, c: &Value) -> Result<Cell, DecodeError> {
        match array(c, "cell")? {
            [code, value] => self.typed(int(code, "type code")?, value),
            _ => Err(bad("cell is not [type, value]", c)),
        }
    }

    fn typed(&self, code: i64, v: &Value) -> Result<Cell, DecodeError> {
        Ok(match code {
            1 => Cell::Null,
            2 => Cell::String(v.as_str().ok_or_else(|| bad("string", v))?.to_owned()),
            3 => Cell::Int(int(v, "integer")?),
            4 => Cell::Bool(match v {
                Value::String(s) => s == "true",
                Value::Bool(b) => *b,
                _ => return Err(bad("boolean", v)),
            }),
            5 => Cell::Float(double(v)?),
            6 => Cell::List(array(v, "array")?.iter().map(|c| self.cell(c)).collect::<Result<_, _>>()?),
            7 => Cell::Relationship(self.edge(v)?),
            8 => Cell::Node(self.node(v)?),
            9 => self.path(v)?,
            10 => Cell::Map(self.map(v)?),
            // FalkorDB points are geographic: [latitude, longitude].
            11 => match array(v, "point")? {
                [lat, lon] => {
                    Cell::Point(Point { x: double(lon)?, y: double(lat)?, z: None, crs: "wgs-84".into(), srid: 4326 })
                }
                _ => return Err(bad("point", v)),
            },
            12 => Cell::List(array(v, "vector")?.iter().map(|x| double(x).map(Cell::Float)).collect::<Result<_, _>>()?),
            // Local date-time, date and local time all arrive as seconds since 1970; a local time
            // is counted from 1900-01-01.
            13 => Cell::LocalDateTime { seconds: int(v, "datetime")?, nanos: 0 },
            14 => Cell::Date(calendar::split_epoch(int(v, "date")?).0),
            15 => Cell::LocalTime { seconds_of_day: calendar::split_epoch(int(v, "time")?).1, nanos: 0 },
            16 => duration(int(v, "duration")?),
            _ => return Err(bad(format!("unknown type code {code}"), v)),
        })
    }

    /// `[id, [labelId...], [[keyId, type, value]...]]`.
    fn node(&self, v: &Value) -> Result<Node, DecodeError> {
        match array(v, "node")? {
            [id, labels, props] => Ok(Node {
                id: int(id, "node id")?,
                labels: array(labels, "labels")?
                    .iter()
                    .map(|l| self.name(&self.catalog.labels, l, "label").map(str::to_owned))
                    .collect::<Result<_, _>>()?,
                properties: self.properties(props)?,
            }),
            _ => Err(bad("node", v)),
        }
    }

    /// `[id, typeId, sourceId, destinationId, [[keyId, type, value]...]]`.
    fn edge(&self, v: &Value) -> Result<Relationship, DecodeError> {
        match array(v, "edge")? {
            [id, ty, src, dst, props] => Ok(Relationship {
                id: int(id, "edge id")?,
                relationship_type: self.name(&self.catalog.relationship_types, ty, "relationship type")?.to_owned(),
                ends: Some((int(src, "source id")?, int(dst, "destination id")?)),
                properties: self.properties(props)?,
            }),
            _ => Err(bad("edge", v)),
        }
    }

    /// `[[6, [node cells]], [6, [edge cells]]]`.
    fn path(&self, v: &Value) -> Result<Cell, DecodeError> {
        let [nodes, edges] = array(v, "path")? else { return Err(bad("path", v)) };
        let nodes = match self.cell(nodes)? {
            Cell::List(items) => items
                .into_iter()
                .map(|c| if let Cell::Node(n) = c { Ok(n) } else { Err(bad("path node", v)) })
                .collect::<Result<_, _>>()?,
            _ => return Err(bad("path nodes", v)),
        };
        let relationships = match self.cell(edges)? {
            Cell::List(items) => items
                .into_iter()
                .map(|c| if let Cell::Relationship(r) = c { Ok(r) } else { Err(bad("path edge", v)) })
                .collect::<Result<_, _>>()?,
            _ => return Err(bad("path edges", v)),
        };
        Ok(Cell::Path { nodes, relationships })
    }

    /// `[key, cell, key, cell, ...]`.
    fn map(&self, v: &Value) -> Result<Vec<(String, Cell)>, DecodeError> {
        array(v, "map")?
            .chunks(2)
            .map(|kv| match kv {
                [Value::String(k), c] => Ok((k.clone(), self.cell(c)?)),
                _ => Err(bad("map entry", v)),
            })
            .collect()
    }

    fn properties(&self, v: &Value) -> Result<Vec<(String, Cell)>, DecodeError> {
        array(v, "properties")?
            .iter()
            .map(|p| match array(p, "property")? {
                [key, code, value] => Ok((
                    self.name(&self.catalog.property_keys, key, "property key")?.to_owned(),
                    self.typed(int(code, "type code")?, value)?,
                )),
                _ => Err(bad("property", p)),
            })
            .collect()
    }
}

/// FalkorDB keeps a duration as a number of seconds and splits it into components as the date-time
/// that many seconds after 1970-01-01T00:00:00 (so `duration({months: 1})` is 2,678,400 seconds and
/// reads back as one month). The same split gives `months`, `days` and `seconds` here, matching what
/// the query's own `.months`, `.days` and `toString()` show.
fn duration(total_seconds: i64) -> Cell {
    let (days, seconds) = calendar::split_epoch(total_seconds);
    let (y, m, d) = calendar::civil_from_days(days);
    Cell::Duration {
        months: (y - 1970) * 12 + i64::from(m) - 1,
        days: i64::from(d) - 1,
        seconds: i64::from(seconds),
        nanoseconds: 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn input(rows: Value) -> Value {
        json!({"reply": [[[1, "x"]], rows, ["Cached execution: 0", "Query internal execution time: 1.6 milliseconds"]], "catalog": {}})
    }

    #[test]
    fn rows_are_cut_at_the_cap() {
        let three = input(json!([[[3, 1]], [[3, 2]], [[3, 3]]]));
        let r = decode_result(&three, 2).unwrap();
        assert_eq!(
            r.to_json(),
            json!({"columns": ["x"], "rows": [{"x": 1}, {"x": 2}], "truncated": true, "resultCount": 2, "durationMs": 2})
        );
        assert!(!decode_result(&three, 3).unwrap().truncated);
    }

    #[test]
    fn malformed_replies_are_errors_not_panics() {
        let stats_only = json!({"reply": [["Query internal execution time: 0.2 milliseconds"]]});
        assert_eq!(decode_result(&stats_only, 10).unwrap().to_json()["columns"], json!([]));
        for bad in [
            json!({}),
            json!({"reply": [1, 2]}),
            input(json!([[[8, [0, [5], []]]]])),
            input(json!([[[99, null]]])),
            input(json!([[[3, "x"]]])),
            input(json!([[[11, ["a"]]]])),
            input(json!([[[9, [[6, [[3, 1]]], [6, []]]]]])),
            input(json!([[[10, [1, [3, 1]]]]])),
        ] {
            assert!(decode_result(&bad, 10).is_err(), "{bad}");
        }
    }
}
