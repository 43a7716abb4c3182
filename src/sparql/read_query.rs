//! The SPARQL read query the endpoint runs: the caller's text parsed by `spargebra` (Oxigraph's SPARQL
//! 1.1 parser, with the standard's codepoint escapes `\u` and `\U` applied first), accepted only as a
//! SELECT or an ASK whose algebra calls no service (`SERVICE`, anywhere: group, subquery, OPTIONAL,
//! UNION, MINUS, GRAPH, or an EXISTS in a filter, a BIND, a projection, an aggregate, HAVING or ORDER
//! BY). A SPARQL server evaluates `SERVICE` by fetching the address it names, so a caller could make
//! the store's machine request any address it reaches.
//!
//! The store is sent the parsed query written back as SPARQL ([`ReadQuery::text`]), not the caller's
//! text: it holds exactly the algebra that was checked, with no escape or comment a store's parser
//! could read otherwise (`docs/decisions.md`, SPARQL stores).

use spargebra::algebra::{AggregateExpression, Expression, GraphPattern, OrderExpression};
use spargebra::{Query, SparqlParser};

/// A query that may run: its text as the store receives it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReadQuery {
    text: String,
}

/// The most opening brackets (`{`, `(`, `[`, or a `\u` escape, which may stand for any character) a
/// query may hold, and the most operator characters (`+ - * / | & !`). The parser descends once per
/// nesting level, and the algebra is a tree as deep as a chain of operators (`1+1+…`), which every
/// walk and drop descends, all on the module's one stack. Counting each character wherever it stands,
/// even in a string or an IRI, bounds both depths without reading the text.
pub const MAX_OPENING_BRACKETS: usize = 128;
pub const MAX_OPERATORS: usize = 1024;

/// Why a text is not a query the endpoint runs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refusal {
    /// Not SPARQL: the parser's message, with the line and column (`error at 2:7: expected ...`).
    Syntax(String),
    /// A query or update of a form other than SELECT and ASK.
    Form(&'static str),
    /// A SELECT or ASK that calls a service.
    Service,
    /// More than [`MAX_OPENING_BRACKETS`] opening brackets or [`MAX_OPERATORS`] operators.
    TooDeep,
}

impl ReadQuery {
    pub fn parse(text: &str) -> Result<ReadQuery, Refusal> {
        // A byte order mark is how some editors start a file, not SPARQL.
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        let escapes = text.matches("\\u").count() + text.matches("\\U").count();
        let opening = escapes + text.bytes().filter(|b| matches!(b, b'{' | b'(' | b'[')).count();
        let operators = text.bytes().filter(|b| matches!(b, b'+' | b'-' | b'*' | b'/' | b'|' | b'&' | b'!')).count();
        if opening > MAX_OPENING_BRACKETS || operators > MAX_OPERATORS {
            return Err(Refusal::TooDeep);
        }
        let query =
            SparqlParser::new().parse_query(text).map_err(|error| match SparqlParser::new().parse_update(text) {
                Ok(update) if !update.operations.is_empty() => Refusal::Form("an update"),
                _ => Refusal::Syntax(error.to_string()),
            })?;
        let pattern = match &query {
            Query::Select { pattern, .. } | Query::Ask { pattern, .. } => pattern,
            Query::Construct { .. } => return Err(Refusal::Form("CONSTRUCT")),
            Query::Describe { .. } => return Err(Refusal::Form("DESCRIBE")),
        };
        if calls_service(pattern) {
            return Err(Refusal::Service);
        }
        Ok(ReadQuery { text: query.to_string() })
    }

    /// The text the store is sent.
    pub fn text(&self) -> &str {
        &self.text
    }
}

/// Whether the pattern, or an expression inside it, holds a `SERVICE` call. The matches name every
/// variant, so a `spargebra` release with a new kind of pattern or expression fails to compile here
/// instead of passing unchecked.
fn calls_service(pattern: &GraphPattern) -> bool {
    match pattern {
        GraphPattern::Service { .. } => true,
        GraphPattern::Bgp { .. } | GraphPattern::Path { .. } | GraphPattern::Values { .. } => false,
        GraphPattern::Join { left, right }
        | GraphPattern::Union { left, right }
        | GraphPattern::Minus { left, right } => calls_service(left) || calls_service(right),
        GraphPattern::LeftJoin { left, right, expression } => {
            calls_service(left) || calls_service(right) || expression.as_ref().is_some_and(expression_calls_service)
        }
        GraphPattern::Filter { expr, inner } => expression_calls_service(expr) || calls_service(inner),
        GraphPattern::Extend { inner, expression, .. } => calls_service(inner) || expression_calls_service(expression),
        GraphPattern::OrderBy { inner, expression } => {
            calls_service(inner)
                || expression.iter().any(|order| match order {
                    OrderExpression::Asc(e) | OrderExpression::Desc(e) => expression_calls_service(e),
                })
        }
        GraphPattern::Group { inner, aggregates, .. } => {
            calls_service(inner)
                || aggregates.iter().any(|(_, aggregate)| match aggregate {
                    AggregateExpression::CountSolutions { .. } => false,
                    AggregateExpression::FunctionCall { expr, .. } => expression_calls_service(expr),
                })
        }
        GraphPattern::Graph { inner, .. }
        | GraphPattern::Project { inner, .. }
        | GraphPattern::Distinct { inner }
        | GraphPattern::Reduced { inner }
        | GraphPattern::Slice { inner, .. } => calls_service(inner),
    }
}

fn expression_calls_service(expression: &Expression) -> bool {
    match expression {
        Expression::Exists(pattern) => calls_service(pattern),
        Expression::NamedNode(_) | Expression::Literal(_) | Expression::Variable(_) | Expression::Bound(_) => false,
        Expression::Or(a, b)
        | Expression::And(a, b)
        | Expression::Equal(a, b)
        | Expression::SameTerm(a, b)
        | Expression::Greater(a, b)
        | Expression::GreaterOrEqual(a, b)
        | Expression::Less(a, b)
        | Expression::LessOrEqual(a, b)
        | Expression::Add(a, b)
        | Expression::Subtract(a, b)
        | Expression::Multiply(a, b)
        | Expression::Divide(a, b) => expression_calls_service(a) || expression_calls_service(b),
        Expression::UnaryPlus(a) | Expression::UnaryMinus(a) | Expression::Not(a) => expression_calls_service(a),
        Expression::If(a, b, c) => [a, b, c].into_iter().any(|e| expression_calls_service(e)),
        Expression::In(a, list) => expression_calls_service(a) || list.iter().any(expression_calls_service),
        Expression::Coalesce(list) | Expression::FunctionCall(_, list) => list.iter().any(expression_calls_service),
    }
}

#[cfg(test)]
mod tests;
