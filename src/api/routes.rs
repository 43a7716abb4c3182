//! The route table, declared once. It drives dispatch, parameter and body checks, the OpenAPI
//! document and the docs drift test.

use crate::host::{Settings, StoreKind};

/// The most Subject IDs one `POST /subject-ids` mints.
pub const MAX_MINTED: i64 = 1000;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Method {
    Get,
    Post,
    Put,
    Delete,
}

impl Method {
    pub fn as_str(self) -> &'static str {
        match self {
            Method::Get => "GET",
            Method::Post => "POST",
            Method::Put => "PUT",
            Method::Delete => "DELETE",
        }
    }
}

/// The JSON or query-string type of a parameter or body field.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    String,
    /// A string or null.
    NullableString,
    Integer,
    Boolean,
    Object,
    Array,
    /// An array of strings.
    StringArray,
    /// A Schema reference: a string or a `{source, name}` object.
    SchemaRef,
    /// A query flag: `1` (or `true`) and `0` (or `false`).
    Flag,
    /// A pipe-separated list of these values.
    PipeList(&'static [&'static str]),
    /// One of these values.
    OneOf(&'static [&'static str]),
    /// An integer from the first bound to the second, both included.
    Range(i64, i64),
    /// A page title (a Schema, Layout or page name) by the one title rule (`domain::title`), which the
    /// handler applies.
    Title,
    /// A Subject ID of this wiki, bare (`domain::ids::SubjectId`), which the handler parses.
    SubjectId,
    /// A Subject ID, bare or with a source key (`domain::ids::SubjectRef`), which the handler parses.
    SubjectRef,
    /// Dependent Subjects to write: `[{id, schema, statements, label?}]`.
    Dependents,
    /// Any JSON: a field that is accepted and not read.
    Ignored,
    /// A query text: a string that is not blank.
    Query,
    /// A page title, or a blank text that stands for none.
    TitleOrBlank,
    /// A Subject ID or null.
    NullableSubjectId,
    /// An array of Subject IDs.
    SubjectIds,
    /// A Schema in the Schema format (`domain::schema`), checked by the Schema save.
    SchemaBody,
    /// A Statement: `{propertyType, value}`, its value shaped by its type (write-time normalization).
    Statement,
    /// Property name to Statement.
    Statements,
}

/// An integer of at least 1 and at most `i64::MAX`: page IDs, revision IDs, limits.
pub const POSITIVE: Kind = Kind::Range(1, i64::MAX);

/// The kind of a path parameter, by its name; its handler checks it (`api::ids`, the title rule).
pub fn path_kind(name: &str) -> Kind {
    match name {
        "subjectId" => Kind::SubjectRef,
        "pageId" => POSITIVE,
        "schemaName" | "layoutName" | "search" => Kind::Title,
        _ => Kind::String,
    }
}

/// Whether a route takes part in conditional requests (`api::conditional`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Versioning {
    None,
    /// A read answering `ETag` and honouring `If-None-Match` (304).
    Read,
    /// A write honouring `If-Match` (412 `precondition-failed`).
    Write,
}

/// Which of the caller's rights a route's answer may depend on (`Route::rights_asked`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CallerRights {
    /// Only `read` and the route's own `right`: a host may send the caller with no other right and
    /// without `groups` or `bot` (MediaWiki then need not load the caller's groups and rights when
    /// everyone may read; issue 31), and the core reads no other right for it.
    ReadAndRoute,
    /// Any right.
    Any,
}

/// A query parameter or body field.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Field {
    pub name: &'static str,
    pub kind: Kind,
    pub required: bool,
    pub doc: &'static str,
}

const fn opt(name: &'static str, kind: Kind, doc: &'static str) -> Field {
    Field { name, kind, required: false, doc }
}

const fn req(name: &'static str, kind: Kind, doc: &'static str) -> Field {
    Field { name, kind, required: true, doc }
}

/// The handler a route runs; `api::handlers::dispatch` maps each to its function.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Handler {
    OpenApi,
    /// The same document under Strata's own prefix (its own operationId).
    OpenApiAtPrefix,
    ListSchemas,
    GetSchema,
    PutSchema,
    DeleteSchema,
    SchemaNames,
    JsonSchema,
    GetSubject,
    PageSubjects,
    GetMainSubject,
    CreateSubject,
    CreateMainSubject,
    AddPageSubject,
    ValidateNewSubject,
    ReplaceSubject,
    PutStatement,
    DeleteStatement,
    ValidateSubject,
    DeleteSubject,
    MoveSubject,
    MintSubjectIds,
    SetMainSubject,
    SetSubjectsOrdering,
    ListGraphStores,
    StartRebuild,
    CancelRebuild,
    ListSubjects,
    RecentlyEdited,
    SubjectCounts,
    SubjectLabels,
    ReferencingSubjects,
    EditNotices,
    ListLayouts,
    GetLayout,
    ListMappings,
    SparqlQuery,
    CypherQuery,
    PageRdf,
    SubjectRdf,
    Dereference,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Route {
    pub method: Method,
    /// Relative to `/rest.php`; `{name}` is a path parameter.
    pub path: &'static str,
    pub handler: Handler,
    /// Whether it changes data and so needs a valid CSRF token.
    pub changes_data: bool,
    /// A right the caller needs beyond `read`.
    pub right: Option<&'static str>,
    /// The route exists only when a store of this kind is configured.
    pub store: Option<StoreKind>,
    pub versioning: Versioning,
    /// The caller's rights the answer may depend on.
    pub rights: CallerRights,
    /// Whether the handler may declare its answer reusable (`api::reusable`), and on what such an
    /// answer depends; a host need not look for a kept answer of any other route.
    pub reusable: Option<Reuse>,
    pub query: &'static [Field],
    pub body: &'static [Field],
    pub summary: &'static str,
}

/// What the reusable answers of a route depend on (`api::reusable`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reuse {
    /// The pages the answer read, each at its revision (or absent), and read access to them.
    Pages,
    /// The Subject index, and read access to the pages of the index rows the answer looked at.
    Index,
}

const fn get(path: &'static str, handler: Handler, query: &'static [Field], summary: &'static str) -> Route {
    Route {
        method: Method::Get,
        path,
        handler,
        changes_data: false,
        right: None,
        store: None,
        versioning: Versioning::None,
        rights: CallerRights::ReadAndRoute,
        reusable: None,
        query,
        body: &[],
        summary,
    }
}

const fn write(
    method: Method,
    path: &'static str,
    handler: Handler,
    body: &'static [Field],
    summary: &'static str,
) -> Route {
    Route {
        method,
        path,
        handler,
        changes_data: true,
        right: None,
        store: None,
        versioning: Versioning::Write,
        rights: CallerRights::Any,
        reusable: None,
        query: &[],
        body,
        summary,
    }
}

impl Route {
    /// A read answering `ETag` and honouring `If-None-Match`.
    const fn versioned_read(self) -> Route {
        Route { versioning: Versioning::Read, ..self }
    }

    /// The route needs `right` beyond `read`.
    const fn needs(self, right: &'static str) -> Route {
        Route { right: Some(right), ..self }
    }

    /// A graph-store route: `strata-admin`, and no conditional requests.
    const fn admin(self) -> Route {
        Route { right: Some("strata-admin"), versioning: Versioning::None, ..self }
    }

    /// The handler may declare its answer reusable, depending on `reuse`.
    const fn reusable(self, reuse: Reuse) -> Route {
        Route { reusable: Some(reuse), ..self }
    }

    /// The rights of the caller a host must state for this route: `None` for every right it has.
    pub fn rights_asked(&self) -> Option<Vec<&'static str>> {
        match self.rights {
            CallerRights::ReadAndRoute => Some(std::iter::once("read").chain(self.right).collect()),
            CallerRights::Any => None,
        }
    }

    /// The route exists only when a store of `kind` is configured.
    const fn on_store(self, kind: StoreKind) -> Route {
        Route { store: Some(kind), ..self }
    }
}

const LIMIT: Field = opt("limit", POSITIVE, "1 to 50, default 10; larger values are capped at 50");
const CURSOR: Field = opt("cursor", Kind::String, "the nextCursor of the previous page");
const COMMENT: Field = opt("comment", Kind::String, "edit summary");
const SCHEMA: Field = req("schema", Kind::SchemaRef, "the Subject's Schema");
const STATEMENTS: Field = req("statements", Kind::Statements, "property name to Statement");
const LABEL: Field = opt("label", Kind::NullableString, "omitted or blank: no label");
const DEPENDENTS: Field = opt("dependentSubjects", Kind::Dependents, "Dependent Subjects: [{id, schema, statements}]");
const NEW_ID: Field = opt("id", Kind::SubjectId, "an unused Subject ID; minted when omitted");
const PAGE_TITLE: Field = opt("pageTitle", Kind::Title, "title of the new page (page-first wikis)");
const RDF_QUERY: &[Field] = &[
    opt("projection", Kind::String, "native (default) or a Mapping target"),
    opt("format", Kind::String, "trig or turtle; absent: the Accept header decides, then trig"),
];
const CREATE_ON_PAGE: &[Field] = &[SCHEMA, STATEMENTS, LABEL, COMMENT, DEPENDENTS, NEW_ID];
const CREATE: &[Field] = &[SCHEMA, STATEMENTS, LABEL, COMMENT, DEPENDENTS, NEW_ID, PAGE_TITLE];
const ORDERING: &[Field] = &[
    opt("mainSubjectId", Kind::NullableSubjectId, "sets the main Subject when given; null clears it"),
    req("otherSubjectIds", Kind::SubjectIds, "every other Subject of the page, in order"),
    COMMENT,
];
const LABELS_QUERY: &[Field] = &[
    opt("schema", Kind::String, "pipe-separated Schema names; omit for all"),
    opt("search", Kind::String, "a name prefix, ignoring case"),
    LIMIT,
];
const IGNORED: &str = "ignored: read-only fields of a Subject read";
const UPDATE: &[Field] = &[
    STATEMENTS,
    LABEL,
    COMMENT,
    DEPENDENTS,
    opt("id", Kind::Ignored, IGNORED),
    opt("schema", Kind::Ignored, IGNORED),
    opt("displayName", Kind::Ignored, IGNORED),
    opt("displayNameIsGenerated", Kind::Ignored, IGNORED),
    opt("hostSubject", Kind::Ignored, IGNORED),
    opt("pageId", Kind::Ignored, IGNORED),
    opt("pageTitle", Kind::Ignored, IGNORED),
    opt("pageNamespaceId", Kind::Ignored, IGNORED),
];

/// A route that reads a body but changes nothing: no CSRF token.
const fn dry_run(path: &'static str, handler: Handler, body: &'static [Field], summary: &'static str) -> Route {
    Route {
        method: Method::Post,
        path,
        handler,
        changes_data: false,
        right: None,
        store: None,
        versioning: Versioning::None,
        rights: CallerRights::Any,
        reusable: None,
        query: &[],
        body,
        summary,
    }
}

pub const ROUTES: &[Route] = &[
    get("/specs/v0/module/-", Handler::OpenApi, &[], "OpenAPI 3.0 description of every route"),
    // The same document under Strata's own prefix: MediaWiki after 1.39 serves `/specs/v0/module/-` itself.
    get(
        "/strata/v0/openapi.json",
        Handler::OpenApiAtPrefix,
        &[],
        "OpenAPI 3.0 description of every route, under Strata's prefix",
    ),
    get("/strata/v0/schemas", Handler::ListSchemas, &[LIMIT, CURSOR], "List Schemas by name"),
    get("/strata/v0/schema/{schemaName}", Handler::GetSchema, &[], "Read a Schema; null when absent").versioned_read(),
    write(
        Method::Put,
        "/strata/v0/schema/{schemaName}",
        Handler::PutSchema,
        &[req("schema", Kind::SchemaBody, "the Schema"), COMMENT],
        "Create or replace a Schema",
    ),
    write(Method::Delete, "/strata/v0/schema/{schemaName}", Handler::DeleteSchema, &[COMMENT], "Delete a Schema"),
    get("/strata/v0/schema/{schemaName}/json-schema", Handler::JsonSchema, &[], "JSON Schema of a Schema's Subjects"),
    get("/strata/v0/schema-names/{search}", Handler::SchemaNames, &[LIMIT], "Schema names starting with a prefix"),
    get(
        "/strata/v0/subject/{subjectId}",
        Handler::GetSubject,
        &[
            opt(
                "expand",
                Kind::PipeList(&["page", "relations"]),
                "page: add page fields; relations: add resolved relation targets",
            ),
            opt("revisionId", POSITIVE, "the Subject as of this revision"),
            opt("latest", Kind::Flag, "1: as of the page's current revision, for editing"),
        ],
        "Read a Subject",
    )
    .versioned_read()
    .reusable(Reuse::Pages),
    get(
        "/strata/v0/page/{pageId}/subjects",
        Handler::PageSubjects,
        &[opt(
            "expand",
            Kind::PipeList(&["schemas", "relations"]),
            "schemas: add the Schemas used; relations: add referencedSubjects",
        )],
        "Read a page's Subjects, main Subject first",
    )
    .versioned_read(),
    get("/strata/v0/page/{pageId}/mainSubject", Handler::GetMainSubject, &[], "Read a page's main Subject"),
    write(
        Method::Post,
        "/strata/v0/subjects",
        Handler::CreateSubject,
        CREATE,
        "Create a Subject on a new page of its own",
    ),
    write(
        Method::Post,
        "/strata/v0/page/{pageId}/mainSubject",
        Handler::CreateMainSubject,
        CREATE_ON_PAGE,
        "Create a page's main Subject",
    ),
    write(
        Method::Post,
        "/strata/v0/page/{pageId}/subjects",
        Handler::AddPageSubject,
        CREATE_ON_PAGE,
        "Add another Subject to a page",
    ),
    write(
        Method::Put,
        "/strata/v0/subject/{subjectId}",
        Handler::ReplaceSubject,
        UPDATE,
        "Replace a Subject's label and Statements",
    ),
    write(
        Method::Delete,
        "/strata/v0/subject/{subjectId}",
        Handler::DeleteSubject,
        &[COMMENT],
        "Delete a Subject and its Dependent Subjects",
    ),
    write(
        Method::Post,
        "/strata/v0/subject/{subjectId}/move",
        Handler::MoveSubject,
        &[
            req("targetPageId", POSITIVE, "the page to move to"),
            opt("makeMainSubject", Kind::Boolean, "default false"),
            COMMENT,
        ],
        "Move a Subject, with its Dependent Subjects, to another page",
    ),
    write(
        Method::Put,
        "/strata/v0/subject/{subjectId}/statements/{propertyName}",
        Handler::PutStatement,
        &[req("statement", Kind::Statement, "the Statement; propertyType may be omitted"), COMMENT],
        "Write one Statement",
    ),
    write(
        Method::Delete,
        "/strata/v0/subject/{subjectId}/statements/{propertyName}",
        Handler::DeleteStatement,
        &[COMMENT],
        "Remove one Statement",
    ),
    dry_run("/strata/v0/subject/validate", Handler::ValidateNewSubject, CREATE, "Validate a create body"),
    dry_run(
        "/strata/v0/subject/{subjectId}/validate",
        Handler::ValidateSubject,
        UPDATE,
        "Validate a replacement of a Subject",
    ),
    dry_run(
        "/strata/v0/subject-ids",
        Handler::MintSubjectIds,
        &[req("count", Kind::Range(1, MAX_MINTED), "how many IDs")],
        "Mint unused Subject IDs",
    )
    .needs("edit"),
    write(
        Method::Put,
        "/strata/v0/page/{pageId}/mainSubject",
        Handler::SetMainSubject,
        &[req("subjectId", Kind::NullableSubjectId, "a Subject on the page, or null to clear"), COMMENT],
        "Promote one of the page's Subjects to main, or clear the main Subject",
    ),
    write(
        Method::Put,
        "/strata/v0/page/{pageId}/subjectsOrdering",
        Handler::SetSubjectsOrdering,
        ORDERING,
        "Order the page's other Subjects",
    ),
    get("/strata/v0/page/{pageId}/rdf", Handler::PageRdf, RDF_QUERY, "A page's RDF: its metadata and every Subject"),
    get(
        "/strata/v0/subject/{subjectId}/rdf",
        Handler::SubjectRdf,
        RDF_QUERY,
        "A Subject's RDF, in its page's named graph",
    ),
    get(
        "/strata/v0/entity/{subjectId}",
        Handler::Dereference,
        &[],
        "303 to the Subject's RDF or its page's Data tab, by Accept",
    ),
    get("/strata/v0/graph-stores", Handler::ListGraphStores, &[], "Every configured store and its state").admin(),
    write(
        Method::Post,
        "/strata/v0/graph-stores/{name}/rebuild",
        Handler::StartRebuild,
        &[],
        "Queue a rebuild of a store",
    )
    .admin(),
    write(
        Method::Delete,
        "/strata/v0/graph-stores/{name}/rebuild",
        Handler::CancelRebuild,
        &[],
        "Cancel a store's queued or running rebuild",
    )
    .admin(),
    get(
        "/strata/v0/subjects",
        Handler::ListSubjects,
        &[
            LIMIT,
            CURSOR,
            opt("schema", Kind::String, "only Subjects of this Schema, Dependent Subjects included"),
            opt(
                "search",
                Kind::String,
                "a case-insensitive substring of the name or page title, or a case-sensitive ID prefix",
            ),
            opt("sort", Kind::OneOf(&["newest", "name", "schema", "page", "edited"]), "default newest"),
            opt(
                "direction",
                Kind::OneOf(&["asc", "desc"]),
                "ignored by newest; default desc for edited, asc otherwise",
            ),
        ],
        "List Subjects",
    )
    .reusable(Reuse::Index),
    get(
        "/strata/v0/recently-edited-subjects",
        Handler::RecentlyEdited,
        &[LIMIT],
        "Subjects by their latest edit, newest first",
    ),
    get("/strata/v0/subject-counts", Handler::SubjectCounts, &[], "Subjects per Schema").needs("strata-query"),
    get(
        "/strata/v0/subject-labels",
        Handler::SubjectLabels,
        LABELS_QUERY,
        "Named Subjects whose name starts with a prefix",
    ),
    get(
        "/strata/v0/subject/{subjectId}/referencingSubjects",
        Handler::ReferencingSubjects,
        &[LIMIT],
        "Subjects holding a relation to a Subject",
    ),
    get(
        "/strata/v0/page/{pageId}/editNotices",
        Handler::EditNotices,
        &[opt("schema", Kind::TitleOrBlank, "adds the notice of this Schema; blank: none")],
        "Edit notices to show above the Subject editor",
    ),
    get("/strata/v0/layouts", Handler::ListLayouts, &[LIMIT, CURSOR], "List Layouts by name"),
    get("/strata/v0/layout/{layoutName}", Handler::GetLayout, &[], "Read a Layout"),
    get(
        "/strata/v0/mappings",
        Handler::ListMappings,
        &[LIMIT, CURSOR],
        "List Mappings by name, with their mapped Schemas",
    ),
    dry_run(
        "/strata/v0/query/sparql",
        Handler::SparqlQuery,
        &[req("query", Kind::Query, "a read-only SELECT or ASK query")],
        "Run a SPARQL query on the first SPARQL store",
    )
    .on_store(StoreKind::Sparql),
    dry_run(
        "/strata/v0/query/cypher",
        Handler::CypherQuery,
        &[
            req("cypher", Kind::Query, "one read-only statement"),
            opt("parameters", Kind::Object, "parameter name to value, used as $name"),
        ],
        "Run a read-only Cypher query on the graph database",
    )
    .on_store(StoreKind::Graph),
];

/// A route matched to a request, with its decoded path parameters.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Matched {
    pub route: &'static Route,
    pub params: Vec<(&'static str, String)>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Miss {
    NoRoute,
    /// The path exists with these methods only.
    WrongMethod(Vec<&'static str>),
}

/// The routes that exist under these settings.
pub fn active(settings: &Settings) -> impl Iterator<Item = &'static Route> + '_ {
    ROUTES.iter().filter(move |r| r.store.is_none_or(|k| settings.has_store(k)))
}

/// Finds the route for a request. Literal segments win over parameters (`/subject/validate`), for
/// every method: the path's methods are those of its most specific templates.
pub fn find(method: &str, path: &str, settings: &Settings) -> Result<Matched, Miss> {
    let segments: Vec<&str> = path.trim_end_matches('/').split('/').collect();
    let mut candidates: Vec<(usize, Matched)> = active(settings)
        .filter_map(|route| {
            let (literals, params) = match_template(route.path, &segments)?;
            Some((literals, Matched { route, params }))
        })
        .collect();
    // The most specific templates answer the path alone: `/subject/validate` is not also a Subject ID.
    let Some(most) = candidates.iter().map(|c| c.0).max() else { return Err(Miss::NoRoute) };
    candidates.retain(|c| c.0 == most);
    let mut allowed: Vec<&'static str> = candidates.iter().map(|(_, m)| m.route.method.as_str()).collect();
    allowed.sort_by_key(|m| ["GET", "POST", "PUT", "DELETE"].iter().position(|x| x == m));
    allowed.dedup();
    candidates.retain(|(_, m)| m.route.method.as_str().eq_ignore_ascii_case(method));
    candidates.into_iter().next().map(|(_, m)| m).ok_or(Miss::WrongMethod(allowed))
}

fn match_template(template: &'static str, segments: &[&str]) -> Option<(usize, Vec<(&'static str, String)>)> {
    let parts: Vec<&'static str> = template.split('/').collect();
    if parts.len() != segments.len() {
        return None;
    }
    let mut literals = 0;
    let mut params = Vec::new();
    for (part, seg) in parts.into_iter().zip(segments) {
        match part.strip_prefix('{').and_then(|p| p.strip_suffix('}')) {
            Some(name) if !seg.is_empty() => params.push((name, percent_decode(seg))),
            Some(_) => return None,
            None if part == *seg => literals += 1,
            None => return None,
        }
    }
    Some((literals, params))
}

/// The path parameter names of a template, in order.
pub fn path_params(template: &str) -> impl Iterator<Item = &str> {
    template.split('/').filter_map(|p| p.strip_prefix('{').and_then(|p| p.strip_suffix('}')))
}

/// Decodes `%XX` escapes; an escape that is not valid UTF-8 or not hex is kept as written.
fn percent_decode(s: &str) -> String {
    let b = s.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        let hex = |c: u8| (c as char).to_digit(16);
        match (b[i], b.get(i + 1).and_then(|c| hex(*c)), b.get(i + 2).and_then(|c| hex(*c))) {
            (b'%', Some(h), Some(l)) => {
                out.push((h * 16 + l) as u8);
                i += 3;
            }
            (c, _, _) => {
                out.push(c);
                i += 1;
            }
        }
    }
    String::from_utf8(out).unwrap_or_else(|_| s.to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn matching() {
        let s = Settings::default();
        type Case<'a> = (&'a str, &'a str, Result<(&'a str, &'a [(&'a str, &'a str)]), Miss>);
        let cases: &[Case] = &[
            ("GET", "/strata/v0/schema/Person", Ok(("/strata/v0/schema/{schemaName}", &[("schemaName", "Person")]))),
            (
                "GET",
                "/strata/v0/schema/Person%20name/",
                Ok(("/strata/v0/schema/{schemaName}", &[("schemaName", "Person name")])),
            ),
            (
                "GET",
                "/strata/v0/schema/A%2FB/json-schema",
                Ok(("/strata/v0/schema/{schemaName}/json-schema", &[("schemaName", "A/B")])),
            ),
            ("get", "/strata/v0/schemas", Ok(("/strata/v0/schemas", &[]))),
            ("POST", "/strata/v0/schemas", Err(Miss::WrongMethod(vec!["GET"]))),
            ("PATCH", "/strata/v0/schema/Person", Err(Miss::WrongMethod(vec!["GET", "PUT", "DELETE"]))),
            ("GET", "/strata/v0/nothing", Err(Miss::NoRoute)),
            ("GET", "/strata/v0/schema/", Err(Miss::NoRoute)),
            ("GET", "/strata/v0/schema/%ZZ", Ok(("/strata/v0/schema/{schemaName}", &[("schemaName", "%ZZ")]))),
            ("POST", "/strata/v0/subject/validate", Ok(("/strata/v0/subject/validate", &[]))),
            ("GET", "/strata/v0/subject/validate", Err(Miss::WrongMethod(vec!["POST"]))),
            (
                "GET",
                "/strata/v0/subject/s1demo1aaaaaaa1",
                Ok(("/strata/v0/subject/{subjectId}", &[("subjectId", "s1demo1aaaaaaa1")])),
            ),
        ];
        for (method, path, want) in cases {
            let got = find(method, path, &s).map(|m| (m.route.path, m.params));
            let want =
                want.clone().map(|(p, ps)| (p, ps.iter().map(|(k, v)| (*k, (*v).to_owned())).collect::<Vec<_>>()));
            assert_eq!(got, want, "{method} {path}");
        }
    }

    #[test]
    fn reads_ask_only_read_and_their_own_right_and_only_the_subject_read_and_list_are_reusable() {
        let route = |method: Method, path: &str| ROUTES.iter().find(|r| r.method == method && r.path == path).unwrap();
        assert_eq!(route(Method::Get, "/strata/v0/subjects").rights_asked(), Some(vec!["read"]));
        assert_eq!(route(Method::Get, "/strata/v0/subject-counts").rights_asked(), Some(vec!["read", "strata-query"]));
        assert_eq!(route(Method::Get, "/strata/v0/graph-stores").rights_asked(), Some(vec!["read", "strata-admin"]));
        for r in ROUTES {
            // Writes and the queries (tiers by `apihighlimits`, `noratelimit`) read any right.
            assert_eq!(r.rights_asked().is_none(), r.method != Method::Get, "{} {}", r.method.as_str(), r.path);
            let reusable = match (r.method, r.path) {
                (Method::Get, "/strata/v0/subject/{subjectId}") => Some(Reuse::Pages),
                (Method::Get, "/strata/v0/subjects") => Some(Reuse::Index),
                _ => None,
            };
            assert_eq!(r.reusable, reusable, "{} {}", r.method.as_str(), r.path);
        }
    }

    #[test]
    fn every_route_is_unique() {
        for (i, a) in ROUTES.iter().enumerate() {
            for b in &ROUTES[i + 1..] {
                assert!(!(a.method == b.method && a.path == b.path), "{} {} twice", a.method.as_str(), a.path);
            }
        }
    }
}
