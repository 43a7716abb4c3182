//! The form of a SPARQL request (SELECT, ASK, CONSTRUCT, DESCRIBE or an update), read from its first
//! keyword after the prologue, and whether it calls a service (`SERVICE`). The SPARQL endpoint runs
//! only SELECT and ASK without services; it refuses the other known forms and every federated query
//! itself (a SPARQL server would fetch whatever address the caller names), and leaves text it cannot
//! classify to the store, whose parser reports the syntax error with a position.

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum QueryForm {
    Select,
    Ask,
    Construct,
    Describe,
    Update,
    /// No known keyword where the form belongs: a syntax error, left to the store to describe.
    Unrecognized,
}

/// Whether the text uses the `SERVICE` keyword anywhere outside IRIs, strings and comments (a
/// variable named `?service` is not the keyword).
pub fn calls_service(text: &str) -> bool {
    let mut after_variable_sign = false;
    for token in (Tokens { rest: text }) {
        match token {
            Token::Word(word) if !after_variable_sign && word.eq_ignore_ascii_case("SERVICE") => return true,
            Token::Other(sign) => {
                after_variable_sign = sign == '?' || sign == '$';
                continue;
            }
            _ => {}
        }
        after_variable_sign = false;
    }
    false
}

impl QueryForm {
    pub fn of(text: &str) -> QueryForm {
        let mut tokens = Tokens { rest: text };
        loop {
            let Some(Token::Word(word)) = tokens.next() else {
                return QueryForm::Unrecognized;
            };
            let declaration_ok = match word.to_ascii_uppercase().as_str() {
                "PREFIX" => matches!(tokens.next(), Some(Token::Word(w)) if w.ends_with(':'))
                    && tokens.next() == Some(Token::Iri),
                "BASE" => tokens.next() == Some(Token::Iri),
                "VERSION" => tokens.next() == Some(Token::String),
                other => return QueryForm::from_keyword(other),
            };
            if !declaration_ok {
                return QueryForm::Unrecognized;
            }
        }
    }

    /// Forms the SPARQL endpoint refuses with `unsupportedQueryForm`.
    pub fn is_refused(self) -> bool {
        matches!(self, QueryForm::Construct | QueryForm::Describe | QueryForm::Update)
    }

    fn from_keyword(upper: &str) -> QueryForm {
        match upper {
            "SELECT" => QueryForm::Select,
            "ASK" => QueryForm::Ask,
            "CONSTRUCT" => QueryForm::Construct,
            "DESCRIBE" => QueryForm::Describe,
            "INSERT" | "DELETE" | "LOAD" | "CLEAR" | "DROP" | "CREATE" | "ADD" | "MOVE" | "COPY" | "WITH" => {
                QueryForm::Update
            }
            _ => QueryForm::Unrecognized,
        }
    }
}

#[derive(Debug, PartialEq, Eq)]
enum Token<'a> {
    /// A keyword or a prefixed name such as `ex:` (letters, digits and `_ - . :`).
    Word(&'a str),
    Iri,
    String,
    /// Any other character; ends the prologue.
    Other(char),
}

/// Splits SPARQL text into the few tokens the prologue is made of, skipping whitespace and comments.
/// An unterminated IRI or string ends the text.
struct Tokens<'a> {
    rest: &'a str,
}

impl<'a> Iterator for Tokens<'a> {
    type Item = Token<'a>;

    fn next(&mut self) -> Option<Token<'a>> {
        self.skip_blanks();
        let first = self.rest.chars().next()?;
        let token = match first {
            '<' if self.iri_follows() => self.skip_past(1, ">").map(|_| Token::Iri),
            '"' | '\'' => self.skip_string(first).map(|_| Token::String),
            c if is_word_char(c) => {
                let end = self.rest.find(|c: char| !is_word_char(c)).unwrap_or(self.rest.len());
                let (word, rest) = self.rest.split_at(end);
                self.rest = rest;
                Some(Token::Word(word))
            }
            other => {
                self.rest = &self.rest[other.len_utf8()..];
                Some(Token::Other(other))
            }
        };
        if token.is_none() {
            self.rest = "";
        }
        token
    }
}

impl Tokens<'_> {
    /// Whether the `<` that starts the text opens an IRI: up to the next `>`, none of the characters
    /// an IRI may not hold (else it is the less-than operator).
    fn iri_follows(&self) -> bool {
        let inner = &self.rest[1..];
        match inner.find('>') {
            Some(end) => !inner[..end].chars().any(|c| c <= ' ' || matches!(c, '<' | '"' | '{' | '}' | '|' | '^' | '`' | '\\')),
            None => false,
        }
    }

    fn skip_blanks(&mut self) {
        loop {
            self.rest = self.rest.trim_start_matches(|c: char| c.is_whitespace() || c == '\u{feff}');
            if !self.rest.starts_with('#') {
                return;
            }
            let end = self.rest.find(['\n', '\r']).unwrap_or(self.rest.len());
            self.rest = &self.rest[end..];
        }
    }

    /// Moves past the first `end` found after `from` bytes; None when there is none.
    fn skip_past(&mut self, from: usize, end: &str) -> Option<()> {
        let at = self.rest.get(from..)?.find(end)?;
        self.rest = &self.rest[from + at + end.len()..];
        Some(())
    }

    /// Moves past a short (`"…"`) or long (`"""…"""`) string quoted with `quote`, honouring escapes.
    fn skip_string(&mut self, quote: char) -> Option<()> {
        let triple: String = [quote; 3].iter().collect();
        let (start, closing) = if self.rest.starts_with(&triple) { (3, triple.as_str()) } else { (1, &triple[..1]) };
        let mut chars = self.rest.char_indices().skip(start);
        while let Some((i, c)) = chars.next() {
            if c == '\\' {
                chars.next();
            } else if self.rest[i..].starts_with(closing) {
                self.rest = &self.rest[i + closing.len()..];
                return Some(());
            } else if start == 1 && (c == '\n' || c == '\r') {
                return None;
            }
        }
        None
    }
}

fn is_word_char(c: char) -> bool {
    c.is_alphanumeric() || matches!(c, '_' | '-' | '.' | ':')
}

#[cfg(test)]
mod tests {
    use super::calls_service;
    use super::QueryForm::{self, *};

    #[test]
    fn form_of_each_request() {
        let cases: &[(&str, QueryForm)] = &[
            ("SELECT * WHERE { ?s ?p ?o }", Select),
            ("select*{?s ?p ?o}", Select),
            ("SELECT(COUNT(*) AS ?n){?s ?p ?o}", Select),
            ("ASK { ?s ?p ?o }", Ask),
            ("ask{}", Ask),
            ("CONSTRUCT WHERE { ?s ?p ?o }", Construct),
            ("DESCRIBE <http://example.org/a>", Describe),
            ("INSERT DATA { <a:b> <a:c> <a:d> }", Update),
            ("DELETE WHERE { ?s ?p ?o }", Update),
            ("WITH <http://g> DELETE { ?s ?p ?o } WHERE { ?s ?p ?o }", Update),
            ("DROP ALL", Update),
            ("clear default", Update),
            ("LOAD <http://example.org/data.ttl>", Update),
            ("CREATE GRAPH <http://g>", Update),
            ("ADD DEFAULT TO <http://g>", Update),
            ("MOVE <http://a> TO <http://b>", Update),
            ("COPY <http://a> TO <http://b>", Update),
            // the prologue: PREFIX, BASE and VERSION declarations, in any case and spacing
            ("PREFIX ex: <http://example.org/> SELECT * WHERE { ?s ex:p ?o }", Select),
            ("prefix ex:<http://example.org/>\nprefix :<http://example.org/x#>\nASK {}", Ask),
            ("BASE <http://example.org/> CONSTRUCT WHERE { ?s ?p ?o }", Construct),
            ("PREFIX a.b-c_d: <http://x/> DESCRIBE ?s WHERE { ?s ?p ?o }", Describe),
            ("VERSION \"1.2\" SELECT * {}", Select),
            ("VERSION '1.2' BASE <http://x/> INSERT DATA {}", Update),
            // comments and keywords hidden in IRIs or strings do not count
            ("# SELECT\nCONSTRUCT WHERE {}", Construct),
            ("# only a comment\r\nASK {}", Ask),
            ("PREFIX ex: <http://example.org/#SELECT> DELETE WHERE { ?s ?p ?o }", Update),
            ("PREFIX ex: <http://example.org/ns#> # SELECT\n INSERT DATA {}", Update),
            ("VERSION \"SELECT \\\" ASK\" DROP ALL", Update),
            ("VERSION \"\"\"SELECT\n\"\" ASK\"\"\" CONSTRUCT {} WHERE {}", Construct),
            ("\u{feff}  \t\nSELECT * {}", Select),
            // not classifiable: the store reports the syntax error
            ("", Unrecognized),
            ("   # nothing\n", Unrecognized),
            ("SELEC * {}", Unrecognized),
            ("SELECTION * {}", Unrecognized),
            ("{ ?s ?p ?o }", Unrecognized),
            ("PREFIX ex <http://x/> SELECT * {}", Unrecognized),
            ("PREFIX ex: SELECT * {}", Unrecognized),
            ("PREFIX ex: <http://x/ SELECT * {}", Unrecognized),
            ("BASE SELECT * {}", Unrecognized),
            ("VERSION \"1.2 SELECT * {}", Unrecognized),
            ("VERSION \"1.2\nSELECT * {}\"", Unrecognized),
            ("\"SELECT\" SELECT * {}", Unrecognized),
            ("(SELECT * {})", Unrecognized),
            ("ÉSELECT * {}", Unrecognized),
        ];
        for (text, expected) in cases {
            assert_eq!(QueryForm::of(text), *expected, "{text:?}");
        }
    }

    #[test]
    fn service_calls() {
        let cases: &[(&str, bool)] = &[
            ("SELECT * WHERE { SERVICE <http://127.0.0.1:9/sparql> { ?s ?p ?o } }", true),
            ("select * { service silent <http://x/> { ?s ?p ?o } }", true),
            ("SELECT * { SERVICE ?endpoint { ?s ?p ?o } }", true),
            ("SELECT * { FILTER(?a < ?b) SERVICE <http://x/> { ?s ?p ?o } }", true),
            ("SELECT * { FILTER(?a<?b)SERVICE<http://x/>{ ?s ?p ?o } }", true),
            ("SELECT ?service { ?service ?p ?o }", false),
            ("SELECT $service { $service ?p ?o }", false),
            ("PREFIX ex: <http://x/> SELECT * { ?s ex:service ?o }", false),
            ("SELECT * { ?s <http://x/SERVICE> \"SERVICE\" } # SERVICE", false),
            ("SELECT * { ?s ?p \"\"\"a\nSERVICE\"\"\" }", false),
        ];
        for (text, expected) in cases {
            assert_eq!(calls_service(text), *expected, "{text:?}");
        }
    }

    #[test]
    fn only_select_and_ask_run() {
        let refused: Vec<QueryForm> = [Select, Ask, Construct, Describe, Update, Unrecognized]
            .into_iter()
            .filter(|f| f.is_refused())
            .collect();
        assert_eq!(refused, [Construct, Describe, Update]);
    }
}
