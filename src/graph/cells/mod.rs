//! Result cells: the values a Cypher query returns, and their JSON shapes in the Cypher endpoint's
//! response. [`falkordb`] decodes FalkorDB's compact reply into cells; a Neo4j adapter would decode
//! its own reply into the same cells.

mod calendar;
pub mod falkordb;

use serde_json::{json, Map, Number, Value};

#[derive(Debug, Clone, PartialEq)]
pub enum Cell {
    Null,
    Bool(bool),
    Int(i64),
    Float(f64),
    String(String),
    List(Vec<Cell>),
    Map(Vec<(String, Cell)>),
    Node(Node),
    Relationship(Relationship),
    Path {
        nodes: Vec<Node>,
        relationships: Vec<Relationship>,
    },
    /// Days since 1970-01-01.
    Date(i64),
    /// A date-time with an offset: the instant as seconds since 1970 (UTC), and the offset.
    DateTime {
        seconds: i64,
        nanos: u32,
        offset_seconds: i32,
    },
    /// A date-time without offset, as seconds since 1970 on the local clock.
    LocalDateTime {
        seconds: i64,
        nanos: u32,
    },
    /// A time of day with an offset, on the local clock.
    Time {
        seconds_of_day: u32,
        nanos: u32,
        offset_seconds: i32,
    },
    LocalTime {
        seconds_of_day: u32,
        nanos: u32,
    },
    Duration {
        months: i64,
        days: i64,
        seconds: i64,
        nanoseconds: i64,
    },
    Point(Point),
}

#[derive(Debug, Clone, PartialEq)]
pub struct Node {
    pub id: i64,
    pub labels: Vec<String>,
    pub properties: Vec<(String, Cell)>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Relationship {
    pub id: i64,
    pub relationship_type: String,
    /// Start and end node IDs; `None` for an unbound relationship (as in a Neo4j path).
    pub ends: Option<(i64, i64)>,
    pub properties: Vec<(String, Cell)>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Point {
    pub x: f64,
    pub y: f64,
    pub z: Option<f64>,
    pub crs: String,
    pub srid: i64,
}

impl Cell {
    pub fn to_json(&self) -> Value {
        match self {
            Cell::Null => Value::Null,
            Cell::Bool(b) => Value::Bool(*b),
            Cell::Int(i) => Value::from(*i),
            Cell::Float(f) => float(*f),
            Cell::String(s) => Value::String(s.clone()),
            Cell::List(items) => Value::Array(items.iter().map(Cell::to_json).collect()),
            Cell::Map(entries) => properties(entries),
            Cell::Node(n) => n.to_json(),
            Cell::Relationship(r) => r.to_json(),
            Cell::Path { nodes, relationships } => json!({
                "nodes": nodes.iter().map(Node::to_json).collect::<Vec<_>>(),
                "relationships": relationships.iter().map(Relationship::to_json).collect::<Vec<_>>(),
            }),
            Cell::Date(days) => Value::String(calendar::date(*days)),
            Cell::DateTime { seconds, nanos, offset_seconds } => {
                let minutes = calendar::whole_minutes(*offset_seconds);
                let (days, second) = calendar::split_epoch(seconds + i64::from(minutes) * 60);
                Value::String(format!(
                    "{}T{}{}",
                    calendar::date(days),
                    calendar::time(second, *nanos),
                    calendar::offset(minutes)
                ))
            }
            Cell::LocalDateTime { seconds, nanos } => {
                let (days, second) = calendar::split_epoch(*seconds);
                Value::String(format!("{}T{}", calendar::date(days), calendar::time(second, *nanos)))
            }
            Cell::Time { seconds_of_day, nanos, offset_seconds } => {
                let minutes = calendar::whole_minutes(*offset_seconds);
                let shift = i64::from(minutes) * 60 - i64::from(*offset_seconds);
                let (_, second) = calendar::split_epoch(i64::from(*seconds_of_day) + shift);
                Value::String(format!("{}{}", calendar::time(second, *nanos), calendar::offset(minutes)))
            }
            Cell::LocalTime { seconds_of_day, nanos } => Value::String(calendar::time(*seconds_of_day, *nanos)),
            Cell::Duration { months, days, seconds, nanoseconds } => {
                json!({"months": months, "days": days, "seconds": seconds, "nanoseconds": nanoseconds})
            }
            Cell::Point(p) => {
                let mut o = Map::new();
                o.insert("x".into(), float(p.x));
                o.insert("y".into(), float(p.y));
                if let Some(z) = p.z {
                    o.insert("z".into(), float(z));
                }
                o.insert("crs".into(), p.crs.clone().into());
                o.insert("srid".into(), p.srid.into());
                Value::Object(o)
            }
        }
    }
}

impl Node {
    pub fn to_json(&self) -> Value {
        json!({"id": self.id, "labels": self.labels, "properties": properties(&self.properties)})
    }
}

impl Relationship {
    pub fn to_json(&self) -> Value {
        let mut o = Map::new();
        o.insert("id".into(), self.id.into());
        o.insert("type".into(), self.relationship_type.clone().into());
        if let Some((start, end)) = self.ends {
            o.insert("startNodeId".into(), start.into());
            o.insert("endNodeId".into(), end.into());
        }
        o.insert("properties".into(), properties(&self.properties));
        Value::Object(o)
    }
}

fn properties(entries: &[(String, Cell)]) -> Value {
    Value::Object(entries.iter().map(|(k, v)| (k.clone(), v.to_json())).collect())
}

/// A float as a JSON number; NaN and the infinities, which JSON cannot hold, as the strings
/// `"NaN"`, `"Infinity"` and `"-Infinity"`.
fn float(f: f64) -> Value {
    match Number::from_f64(f) {
        Some(n) => Value::Number(n),
        None if f.is_nan() => "NaN".into(),
        None => (if f > 0.0 { "Infinity" } else { "-Infinity" }).into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Shapes FalkorDB cannot produce (offsets, unbound relationships, 3D points, fractions), for
    /// the adapters that can. The FalkorDB shapes are covered by `tests/graph_falkordb.rs`.
    #[test]
    fn shapes_beyond_falkordb() {
        let rel = |ends| {
            Cell::Relationship(Relationship { id: 3, relationship_type: "Knows".into(), ends, properties: vec![] })
        };
        let cases = [
            (rel(None), json!({"id": 3, "type": "Knows", "properties": {}})),
            (rel(Some((1, 2))), json!({"id": 3, "type": "Knows", "startNodeId": 1, "endNodeId": 2, "properties": {}})),
            (
                Cell::DateTime { seconds: 1_704_164_645, nanos: 5_000_000, offset_seconds: 3600 },
                json!("2024-01-02T04:04:05.005+01:00"),
            ),
            (Cell::DateTime { seconds: 0, nanos: 0, offset_seconds: 0 }, json!("1970-01-01T00:00:00Z")),
            // A local-mean-time offset of +00:53:28 is shown as +00:53, the instant kept.
            (Cell::DateTime { seconds: 0, nanos: 0, offset_seconds: 3208 }, json!("1970-01-01T00:53:00+00:53")),
            (Cell::Time { seconds_of_day: 11_045, nanos: 0, offset_seconds: -3208 }, json!("03:04:33-00:53")),
            (Cell::Time { seconds_of_day: 60, nanos: 0, offset_seconds: 0 }, json!("00:01:00Z")),
            (Cell::LocalTime { seconds_of_day: 11_045, nanos: 120 }, json!("03:04:05.00000012")),
            (
                Cell::Point(Point { x: 1.0, y: 2.0, z: Some(3.0), crs: "cartesian-3d".into(), srid: 9157 }),
                json!({"x": 1.0, "y": 2.0, "z": 3.0, "crs": "cartesian-3d", "srid": 9157}),
            ),
            (Cell::Float(f64::NAN), json!("NaN")),
            (Cell::Float(f64::NEG_INFINITY), json!("-Infinity")),
        ];
        for (cell, want) in cases {
            assert_eq!(cell.to_json(), want, "{cell:?}");
        }
    }
}
