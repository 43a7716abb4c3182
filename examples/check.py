#!/usr/bin/env python3
"""Checks the example wiki in examples/wiki/ (Python 3 standard library only).

    python3 examples/check.py [path/to/wiki]

It verifies that every file is valid UTF-8 JSON with 2-space or tab indentation, that IDs follow the
Subject and Relation ID grammar, that Schemas, Statements, relations, Dependent Subjects, Layouts and
Mappings follow the interface spec, and that the wiki covers every property type, Constraint form and
page shape that docs/examples.md promises. It also runs a small validator over every Subject: the page
`Validation showcase` must give exactly the violations listed in SHOWCASE_EXPECTED below, and every
other page must give none.

Exit status 0 when everything holds, 1 otherwise (each problem is printed).
"""

import json
import re
import sys
from datetime import date, datetime
from pathlib import Path

REGISTERED_TYPES = ["text", "monolingualText", "url", "number", "select", "relation", "boolean", "date", "dateTime", "email"]
RESERVED_TYPES = ["phoneNumber", "time", "duration", "currency", "progress"]
STRING_VALUED = {"text", "url", "select", "date", "dateTime", "email"}

SUBJECT_ID = re.compile(r"^s[0-9A-Za-z]{14}$")
RELATION_ID = re.compile(r"^r[0-9A-Za-z]{14}$")
OPTION_ID = re.compile(r"^o[0-9A-Za-z]{14}$")  # project style; the spec only needs unique, non-empty ids
LANGUAGE_TAG = re.compile(r"^[A-Za-z]{1,8}(-[A-Za-z0-9]{1,8})*$")
MAPPING_TARGET = re.compile(r"^[A-Za-z][A-Za-z0-9_-]*$")
CURIE = re.compile(r"^([A-Za-z][A-Za-z0-9_.-]*):([^\s]*)$")
ILLEGAL_IRI_CHARS = set('<>"{}|^\\` ') | {chr(c) for c in range(0x20)}
URL = re.compile(
    r"^(?:https?://)?"
    r"(?:localhost|(?:\d{1,3}\.){3}\d{1,3}|(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?\.)+[A-Za-z]{2,})"
    r"(?::\d{1,5})?"
    r"(?:[/?#][^\s<>\"{}|\\^`]*)?$"
)

# The HTML standard's valid e-mail address (docs/validation.md), within SMTP's lengths.
EMAIL = re.compile(r"^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]{1,64}@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$")

# Relation targets that are missing on purpose: (page title, target ID). Documented in docs/examples.md.
EXPECTED_MISSING_TARGETS = {("Validation showcase", "s1bok1aaaaaaa99")}

SHOWCASE_PAGE = "Validation showcase"
# (property, code, severity, valuePartIndex or None): what the showcase Subject must produce, exactly.
SHOWCASE_EXPECTED = {
    ("Shelf label", "min-length", "warning", 0),
    ("Shelf label", "max-length", "warning", 1),
    ("Shelf label", "unique", "warning", None),
    ("Visitor rating", "max-value", "warning", None),
    ("Room temperature", "min-value", "warning", None),
    ("Inspected on", "min-value", "warning", None),
    ("Alarm tested", "min-value", "warning", None),
    ("Shelf colour", "invalid-option", "warning", 0),
    ("Sign text", "single-value-only", "warning", None),
    ("Inspector", "required", "warning", None),
    ("Related book", "relation-target-not-found", "warning", 1),
    ("Contact phone", "unregistered-type", "warning", None),
}

# Constraints whose bare form and object form (with severity "error") must both appear somewhere.
CONSTRAINT_KEYS = ["required", "minLength", "maxLength", "minimum", "maximum", "uniqueItems", "options", "multiple"]
REQUIRED_LANGUAGES = {"en", "de", "fr", "nl"}

problems = []


def problem(where, message):
    problems.append(f"{where}: {message}")


def title_of(path):
    """Page title from a file name: underscores are spaces."""
    return path.stem.replace("_", " ")


def normalize_title(name):
    name = name.replace("_", " ").strip()
    name = re.sub(r" +", " ", name)
    return name[:1].upper() + name[1:]


# ---------------------------------------------------------------- files


def no_duplicate_keys(pairs):
    seen = {}
    for k, v in pairs:
        if k in seen:
            raise ValueError(f"duplicate key {k!r}")
        seen[k] = v
    return seen


def load_json(path, where):
    raw = path.read_bytes()
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as e:
        problem(where, f"not UTF-8: {e}")
        return None
    if text.startswith("\ufeff"):
        problem(where, "starts with a byte order mark")
    styles = set()
    for n, line in enumerate(text.splitlines(), 1):
        indent = line[: len(line) - len(line.lstrip(" \t"))]
        if not indent:
            continue
        if set(indent) == {"\t"}:
            styles.add("tab")
        elif set(indent) == {" "} and len(indent) % 2 == 0:
            styles.add("2-space")
        else:
            problem(where, f"line {n}: indentation is neither tabs nor a multiple of 2 spaces")
    if len(styles) > 1:
        problem(where, "mixes tab and space indentation")
    try:
        return json.loads(text, object_pairs_hook=no_duplicate_keys)
    except ValueError as e:
        problem(where, f"invalid JSON: {e}")
        return None


def load_folder(root, folder):
    out = {}
    d = root / folder
    if not d.is_dir():
        problem(folder, "folder is missing")
        return out
    for path in sorted(d.iterdir()):
        where = f"{folder}/{path.name}"
        if path.suffix != ".json":
            problem(where, "unexpected file (only .json files belong here)")
            continue
        data = load_json(path, where)
        if data is not None:
            out[title_of(path)] = (where, data)
    return out


# ---------------------------------------------------------------- Schemas


def constraint_form(value):
    """('bare', value) or ('object', severity, value-or-None) for a Constraint."""
    if isinstance(value, dict):
        return ("object", value.get("severity", "warning"), value.get("value"))
    return ("bare", "warning", value)


def check_schemas(schemas, forms_seen):
    dependent = {}
    for name, (where, s) in schemas.items():
        if not isinstance(s, dict):
            problem(where, "a Schema is a JSON object")
            continue
        if normalize_title(name) != name:
            problem(where, f"file name gives the non-canonical title {name!r}")
        dependent[name] = s.get("subjectsAreDependent") is True
        if "subjectsAreDependent" in s and not isinstance(s["subjectsAreDependent"], bool):
            problem(where, "subjectsAreDependent must be a boolean")
        if not isinstance(s.get("description", ""), str):
            problem(where, "description must be a string")
        defs = s.get("propertyDefinitions")
        if not isinstance(defs, dict):
            problem(where, "propertyDefinitions must be an object")
            s["propertyDefinitions"] = {}
    for name, (where, s) in schemas.items():
        for prop, d in s["propertyDefinitions"].items():
            at = f"{where} {prop!r}"
            if not isinstance(d, dict) or not isinstance(d.get("type"), str):
                problem(at, "a property definition needs a string type")
                continue
            t = d["type"]
            if t not in REGISTERED_TYPES and t not in RESERVED_TYPES:
                problem(at, f"unknown type {t!r}")
            if "description" in d:
                forms_seen.add(("description",))
            if "default" in d:
                forms_seen.add(("default", t))
            for key in CONSTRAINT_KEYS:
                if key not in d:
                    continue
                form = constraint_form(d[key])
                if form[1] not in ("error", "warning"):
                    problem(at, f"{key}: severity must be error or warning")
                if form[0] == "object":
                    extra = set(d[key]) - {"severity", "value"}
                    if extra:
                        problem(at, f"{key}: unexpected keys {sorted(extra)} in object form")
                    if key in ("required", "uniqueItems") and "value" in d[key]:
                        problem(at, f"{key}: a boolean Constraint takes no value in object form")
                    if key == "multiple" and d[key].get("value", False) is not False:
                        problem(at, "multiple: the object form carries value false")
                    if key not in ("required", "uniqueItems", "multiple") and "value" not in d[key]:
                        problem(at, f"{key}: the object form needs a value")
                forms_seen.add((key, form[0], form[1]))
            if "precision" in d:
                p = d["precision"]
                if not (isinstance(p, int) and not isinstance(p, bool) and 0 <= p <= 20):
                    problem(at, "precision is an integer from 0 to 20")
                forms_seen.add(("precision",))
            lo, hi = value_of(d.get("minimum")), value_of(d.get("maximum"))
            if t == "number":
                for b in (lo, hi):
                    if b is not None and not is_number(b):
                        problem(at, "number bounds are numbers")
                if is_number(lo) and is_number(hi) and lo > hi:
                    problem(at, "minimum is greater than maximum")
            if t == "date":
                for b in (lo, hi):
                    if b is not None and parse_date(b) is None:
                        problem(at, f"date bound {b!r} is not YYYY-MM-DD")
            if t == "dateTime":
                for b in (lo, hi):
                    if b is not None and parse_date_time(b) is None:
                        problem(at, f"dateTime bound {b!r} is not an ISO 8601 date-time with offset")
            mn, mx = value_of(d.get("minLength")), value_of(d.get("maxLength"))
            if mn is not None and mx is not None and mn > mx:
                problem(at, "minLength is greater than maxLength")
            if t == "select":
                opts = value_of(d.get("options"))
                if not isinstance(opts, list) or not opts:
                    problem(at, "a select property here lists its options")
                    opts = []
                ids, labels = set(), set()
                for o in opts:
                    oid, label = o.get("id"), o.get("label")
                    if not (isinstance(oid, str) and oid.strip() and isinstance(label, str) and label.strip()):
                        problem(at, f"option {o!r} needs a non-empty id and label")
                        continue
                    if not OPTION_ID.match(oid):
                        problem(at, f"option id {oid!r} does not follow the project's o + 14 characters style")
                    if oid in ids:
                        problem(at, f"option id {oid!r} is used twice")
                    if label.strip().lower() in labels:
                        problem(at, f"option label {label!r} is used twice")
                    ids.add(oid)
                    labels.add(label.strip().lower())
            if t == "relation":
                if "targetSchema" in d:
                    problem(at, "use the current form targetSchemas, not targetSchema")
                targets = d.get("targetSchemas")
                if not isinstance(targets, list) or not targets:
                    problem(at, "targetSchemas must be a non-empty array")
                    continue
                if not isinstance(d.get("relation"), str) or not d["relation"].strip():
                    problem(at, "the relation type name (relation) is given for every relation property here")
                if len({normalize_title(x) for x in targets}) != len(targets):
                    problem(at, "targetSchemas lists a Schema twice")
                known = []
                for x in targets:
                    if x not in schemas:
                        problem(at, f"target Schema {x!r} does not exist")
                    else:
                        known.append(dependent[x])
                if any(known) and not all(known):
                    problem(at, "target Schemas must all be dependent or none")
    return dependent


def value_of(c):
    return c.get("value") if isinstance(c, dict) else c


def severity_of(c):
    return c.get("severity", "warning") if isinstance(c, dict) else "warning"


def is_number(v):
    return isinstance(v, (int, float)) and not isinstance(v, bool)


def parse_date(s):
    if not isinstance(s, str) or not re.fullmatch(r"\d{4}-\d{2}-\d{2}", s):
        return None
    try:
        return date.fromisoformat(s)
    except ValueError:
        return None


def parse_date_time(s):
    if not isinstance(s, str):
        return None
    m = re.fullmatch(r"(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})(\.\d+)?(Z|[+-]\d{2}:\d{2})", s)
    if not m:
        return None
    try:
        return datetime.fromisoformat(m.group(1) + (m.group(2) or "") + ("+00:00" if m.group(3) == "Z" else m.group(3)))
    except ValueError:
        return None


# ---------------------------------------------------------------- pages


def check_pages(pages, schemas, dependent, coverage):
    subjects = {}  # id -> (page title, subject)
    relations = []  # (page, holder id, property, index, relation object)
    relation_ids = {}
    for title, (where, page) in pages.items():
        if not isinstance(page, dict):
            problem(where, "page content is a JSON object")
            continue
        if set(page) - {"mainSubject", "subjects"}:
            problem(where, f"unexpected keys {sorted(set(page) - {'mainSubject', 'subjects'})}")
        subs = page.get("subjects", {})
        if not isinstance(subs, dict) or not subs:
            problem(where, "every example page holds at least one Subject")
            continue
        main = page.get("mainSubject")
        if main is not None and main not in subs:
            problem(where, f"mainSubject {main!r} is not among the page's subjects")
        if main is None:
            coverage.add("page without main Subject")
        if len(subs) > 1 and main is not None:
            standalone = [i for i, s in subs.items() if not dependent.get(s.get("schema"), False)]
            if len(standalone) > 1:
                coverage.add("page with a main Subject and other standalone Subjects")
        for sid, s in subs.items():
            at = f"{where} {sid}"
            if not SUBJECT_ID.match(sid):
                problem(at, "Subject ID must be s followed by 14 characters from 0-9A-Za-z")
            if sid in subjects:
                problem(at, f"Subject ID also used on page {subjects[sid][0]!r}")
            subjects[sid] = (title, s)
            if set(s) - {"label", "schema", "statements"}:
                problem(at, f"unexpected keys {sorted(set(s) - {'label', 'schema', 'statements'})}")
            if "label" in s and (not isinstance(s["label"], str) or not s["label"].strip()):
                problem(at, "a label is a non-empty string, or omitted")
            if sid == main and "label" not in s:
                coverage.add("main Subject without label")
            schema_name = s.get("schema")
            if not isinstance(schema_name, str) or schema_name not in schemas:
                problem(at, f"Schema {schema_name!r} does not exist (or is not written in its canonical title)")
                continue
            defs = schemas[schema_name][1]["propertyDefinitions"]
            for prop, st in s.get("statements", {}).items():
                pat = f"{at} {prop!r}"
                if prop not in defs:
                    problem(pat, f"Schema {schema_name!r} declares no property {prop!r}")
                if not isinstance(st, dict) or "propertyType" not in st or "value" not in st:
                    problem(pat, "a Statement has propertyType and value")
                    continue
                pt, v = st["propertyType"], st["value"]
                coverage.add(("statement type", pt))
                if prop in defs and defs[prop].get("type") != pt:
                    problem(pat, f"propertyType {pt!r} differs from the Schema's type {defs[prop].get('type')!r}")
                check_value_shape(pat, pt, v, coverage)
                if pt == "relation" and isinstance(v, list):
                    for i, r in enumerate(v):
                        if not isinstance(r, dict):
                            continue
                        relations.append((title, sid, prop, i, r))
                        rid = r.get("id")
                        if not isinstance(rid, str) or not RELATION_ID.match(rid):
                            problem(pat, f"Relation ID {rid!r} must be r followed by 14 characters from 0-9A-Za-z")
                        elif rid in relation_ids:
                            problem(pat, f"Relation ID {rid} is also used in {relation_ids[rid]}")
                        else:
                            relation_ids[rid] = pat
    return subjects, relations


def check_value_shape(at, pt, v, coverage):
    if pt in STRING_VALUED:
        if not isinstance(v, list) or not v or not all(isinstance(x, str) for x in v):
            problem(at, f"a {pt} value is a non-empty array of strings")
            return
        if any(x != x.strip() or not x for x in v):
            problem(at, "stored strings are trimmed and non-empty")
        if pt == "date":
            for x in v:
                if parse_date(x) is None:
                    problem(at, f"{x!r} is not a YYYY-MM-DD date")
        if pt == "dateTime":
            for x in v:
                if x.endswith("Z"):
                    coverage.add("dateTime with Z")
                elif re.search(r"[+-]\d{2}:\d{2}$", x):
                    coverage.add("dateTime with offset")
    elif pt == "number":
        if not is_number(v):
            problem(at, "a number value is one JSON number")
            return
        coverage.add("number: negative" if v < 0 else "number: non-negative")
        coverage.add("number: decimal" if isinstance(v, float) else "number: integer")
    elif pt == "boolean":
        if not isinstance(v, bool):
            problem(at, "a boolean value is true or false")
        else:
            coverage.add(f"boolean: {str(v).lower()}")
    elif pt == "monolingualText":
        if not isinstance(v, list) or not v:
            problem(at, "a monolingualText value is a non-empty array")
            return
        for part in v:
            if not isinstance(part, dict) or set(part) != {"text", "language"}:
                problem(at, f"a monolingual part is {{text, language}}: {part!r}")
                continue
            lang = part["language"]
            if not isinstance(lang, str) or not LANGUAGE_TAG.match(lang):
                problem(at, f"language tag {lang!r} is malformed")
            elif lang != lang.lower():
                problem(at, f"language tag {lang!r} is stored lower case")
            else:
                coverage.add(("language", lang))
            if not isinstance(part["text"], str) or part["text"] != part["text"].strip() or not part["text"]:
                problem(at, "monolingual text is stored trimmed and non-empty")
    elif pt == "relation":
        if not isinstance(v, list) or not v:
            problem(at, "a relation value is a non-empty array")
            return
        for r in v:
            if not isinstance(r, dict) or not {"id", "target"} <= set(r) or set(r) - {"id", "target", "properties"}:
                problem(at, f"a relation object has id, target and optional properties: {r!r}")
                continue
            props = r.get("properties")
            if props is not None:
                if not isinstance(props, dict) or not props:
                    problem(at, "relation properties are present only when non-empty")
                elif not all(isinstance(x, (str, int, float, bool)) for x in props.values()):
                    problem(at, "relation properties are scalar")
                else:
                    coverage.add("relation with properties")
    elif pt in RESERVED_TYPES:
        coverage.add(("reserved statement", pt))
    else:
        problem(at, f"unknown propertyType {pt!r}")


def check_relations(subjects, relations, schemas, dependent, coverage):
    incoming = {}
    seen_missing = set()
    for page, holder, prop, i, r in relations:
        at = f"page {page!r} {holder} {prop!r}[{i}]"
        target = r.get("target")
        if not isinstance(target, str) or not SUBJECT_ID.match(target):
            problem(at, f"target {target!r} is not a Subject ID")
            continue
        if target not in subjects:
            if (page, target) in EXPECTED_MISSING_TARGETS:
                seen_missing.add((page, target))
            else:
                problem(at, f"target {target} does not exist")
            continue
        target_page, target_subject = subjects[target]
        if target_page != page:
            coverage.add("relation across pages")
            if r.get("properties"):
                coverage.add("relation with properties across pages")
        incoming.setdefault(target, []).append((page, holder, prop))
        holder_schema = subjects[holder][1].get("schema")
        d = schemas[holder_schema][1]["propertyDefinitions"].get(prop, {}) if holder_schema in schemas else {}
        targets = d.get("targetSchemas", [])
        if targets and target_subject.get("schema") not in targets:
            if page != SHOWCASE_PAGE:
                problem(at, f"target {target} has Schema {target_subject.get('schema')!r}, not one of {targets}")
        to_dependent = bool(targets) and all(dependent.get(t, False) for t in targets)
        if to_dependent and target_page != page:
            problem(at, "a property whose targets are dependent points only at Subjects on its own page")
        if dependent.get(target_subject.get("schema"), False) and not to_dependent:
            problem(at, f"{target} is a Dependent Subject; only a property whose target Schemas are all dependent may point at it")
    for missing in EXPECTED_MISSING_TARGETS - seen_missing:
        problem("check.py", f"documented missing target {missing} no longer occurs; update EXPECTED_MISSING_TARGETS")
    return incoming


def check_dependents(pages, subjects, incoming, schemas, dependent, coverage):
    dep_schemas = [n for n, d in dependent.items() if d]
    if len(dep_schemas) < 2:
        problem("Schema", f"at least two Schemas declare subjectsAreDependent (found {dep_schemas})")
    for sid, (page, s) in subjects.items():
        if not dependent.get(s.get("schema"), False):
            continue
        at = f"page {page!r} {sid} (Dependent {s.get('schema')})"
        coverage.add(("dependent schema used", s.get("schema")))
        if "label" in s:
            problem(at, "a Dependent Subject has no label")
        if pages[page][1].get("mainSubject") == sid:
            problem(at, "a Dependent Subject is never the main Subject")
        refs = incoming.get(sid, [])
        if len(refs) != 1:
            problem(at, f"exactly one relation points at a Dependent Subject (found {len(refs)})")
        elif refs[0][0] != page:
            problem(at, "its host is on another page")
        elif dependent.get(subjects[refs[0][1]][1].get("schema"), False):
            coverage.add("dependent chain")
    # Every Dependent Subject is reached from a standalone Subject on its page.
    for page, (where, content) in pages.items():
        subs = content.get("subjects", {}) if isinstance(content, dict) else {}
        reached = {i for i, s in subs.items() if not dependent.get(s.get("schema"), False)}
        frontier = list(reached)
        while frontier:
            holder = frontier.pop()
            for st in subs[holder].get("statements", {}).values():
                if isinstance(st, dict) and st.get("propertyType") == "relation":
                    for r in st.get("value", []):
                        t = r.get("target") if isinstance(r, dict) else None
                        if t in subs and t not in reached:
                            reached.add(t)
                            frontier.append(t)
        for sid in set(subs) - reached:
            problem(where, f"Dependent Subject {sid} is not reached from a standalone Subject on the page")


# ---------------------------------------------------------------- validation


def validate_subject(sid, s, schemas, subjects):
    """Violations (property, code, severity, valuePartIndex) of one Subject, per the spec's codes table."""
    out = set()
    schema = schemas.get(s.get("schema"))
    if schema is None:
        return {(None, "schema-not-found", "warning", None)}
    statements = s.get("statements", {})
    for prop, d in schema[1]["propertyDefinitions"].items():
        t = d.get("type")
        st = statements.get(prop)
        if t not in REGISTERED_TYPES:
            if st is not None or d.get("required"):
                out.add((prop, "unregistered-type", "warning", None))
            continue
        if st is not None and st.get("propertyType") != t:
            out.add((prop, "type-mismatch", "error", None))
            continue
        v = st.get("value") if st else None
        empty = (
            v is None
            or (t in ("text", "date", "dateTime") and all(not x.strip() for x in v))
            or (t in ("url", "select", "monolingualText", "relation") and not v)
        )
        if empty:
            if d.get("required"):
                out.add((prop, "required", severity_of(d["required"]), None))
            continue
        multiple = value_of(d.get("multiple", False))
        multiple_severity = severity_of(d.get("multiple"))
        if t in ("select", "relation", "monolingualText") and not multiple and len(v) > 1:
            out.add((prop, "single-value-only", multiple_severity, None))
        if t in ("text", "monolingualText"):
            texts = [x["text"] if t == "monolingualText" else x for x in v]
            mn, mx = value_of(d.get("minLength")), value_of(d.get("maxLength"))
            for i, x in enumerate(texts):
                n = len(x.strip())
                if n == 0:
                    continue
                if mn is not None and n < mn:
                    out.add((prop, "min-length", severity_of(d["minLength"]), i))
                if mx is not None and n > mx:
                    out.add((prop, "max-length", severity_of(d["maxLength"]), i))
        if t == "email":
            for i, x in enumerate(v):
                if x.strip() and (len(x.strip()) > 254 or not EMAIL.match(x.strip())):
                    out.add((prop, "invalid-email", "error", i))
        if t in ("text", "url", "monolingualText", "email") and d.get("uniqueItems"):
            keys = [(x["text"], x["language"]) if t == "monolingualText" else x for x in v]
            if len(set(keys)) != len(keys):
                out.add((prop, "unique", severity_of(d["uniqueItems"]), None))
        if t == "url":
            for i, x in enumerate(v):
                if x.strip() and not URL.match(x):
                    out.add((prop, "invalid-url", "error", i))
        if t == "select":
            allowed = {o["id"] for o in value_of(d.get("options", [])) or []}
            for i, x in enumerate(v):
                if x not in allowed:
                    out.add((prop, "invalid-option", severity_of(d.get("options")), i))
        if t in ("number", "date", "dateTime"):
            parse = {"number": lambda x: x, "date": parse_date, "dateTime": parse_date_time}[t]
            values = [v] if t == "number" else v
            for x in values:
                pv = parse(x)
                if pv is None:
                    out.add((prop, "invalid-date" if t == "date" else "invalid-datetime", "error", None))
                    continue
                lo, hi = value_of(d.get("minimum")), value_of(d.get("maximum"))
                if lo is not None and pv < parse(lo):
                    out.add((prop, "min-value", severity_of(d["minimum"]), None))
                if hi is not None and pv > parse(hi):
                    out.add((prop, "max-value", severity_of(d["maximum"]), None))
        if t == "relation":
            targets = d.get("targetSchemas", [])
            for i, r in enumerate(v):
                target = subjects.get(r.get("target"))
                if target is None:
                    out.add((prop, "relation-target-not-found", "warning", i))
                elif target[1].get("schema") not in targets:
                    out.add((prop, "relation-target-schema-mismatch", "error", i))
    return out


def check_validation(pages, schemas, subjects):
    showcase_seen = False
    for sid, (page, s) in subjects.items():
        found = validate_subject(sid, s, schemas, subjects)
        if page == SHOWCASE_PAGE:
            showcase_seen = True
            for v in sorted(found - SHOWCASE_EXPECTED, key=str):
                problem(f"page {page!r} {sid}", f"unexpected violation {v}")
            for v in sorted(SHOWCASE_EXPECTED - found, key=str):
                problem(f"page {page!r} {sid}", f"expected violation {v} is not produced")
        else:
            for v in sorted(found, key=str):
                problem(f"page {page!r} {sid}", f"violation {v} (only the showcase page may have violations)")
    if not showcase_seen:
        problem("Subject", f"the page {SHOWCASE_PAGE!r} is missing")


# ---------------------------------------------------------------- Layouts and Mappings


def check_layouts(layouts, schemas):
    for name, (where, l) in layouts.items():
        if not isinstance(l, dict):
            problem(where, "a Layout is a JSON object")
            continue
        for key, kind in (("schema", str), ("type", str), ("description", str), ("settings", dict)):
            if not isinstance(l.get(key), kind):
                problem(where, f"{key} must be a {kind.__name__}")
        schema = schemas.get(l.get("schema"))
        if schema is None:
            problem(where, f"Schema {l.get('schema')!r} does not exist")
            continue
        defs = schema[1]["propertyDefinitions"]
        settings = l.get("settings") if isinstance(l.get("settings"), dict) else {}
        named = []
        for key in ("properties", "columns", "fullWidthProperties"):
            named += settings.get(key, [])
        for key in ("titleProperty", "sortBy", "groupBy"):
            if key in settings:
                named.append(settings[key])
        for p in named:
            if p not in defs:
                problem(where, f"settings name the property {p!r}, which Schema {l['schema']!r} does not declare")


def check_term(where, term, prefixes, what):
    if not isinstance(term, str) or not term:
        problem(where, f"{what} must be a non-empty string")
        return
    if "://" in term:
        iri = term
    else:
        m = CURIE.match(term)
        if not m or m.group(1) not in prefixes:
            problem(where, f"{what} {term!r} is neither an absolute IRI nor a CURIE with a declared prefix")
            return
        iri = prefixes[m.group(1)] + m.group(2)
    if any(c in ILLEGAL_IRI_CHARS for c in iri):
        problem(where, f"{what} {term!r} expands to an IRI with an illegal character")


def check_mappings(mappings, schemas, coverage):
    pairs = {}
    for name, (where, m) in mappings.items():
        if not isinstance(m, dict):
            problem(where, "a Mapping is a JSON object")
            continue
        if m.get("version") != 1 or isinstance(m.get("version"), bool):
            problem(where, "version must be 1")
        target = m.get("target")
        if not isinstance(target, str) or not MAPPING_TARGET.match(target):
            problem(where, f"target {target!r} must match [A-Za-z][A-Za-z0-9_-]*")
        schema = schemas.get(m.get("schema"))
        if schema is None:
            problem(where, f"Schema {m.get('schema')!r} does not exist")
        pair = (m.get("schema"), target)
        if pair in pairs:
            problem(where, f"(schema, target) {pair} is also mapped by {pairs[pair]}")
        pairs[pair] = where
        prefixes = m.get("prefixes", {})
        if not isinstance(prefixes, dict):
            problem(where, "prefixes must be an object")
            prefixes = {}
        for label, ns in prefixes.items():
            if not isinstance(ns, str) or "://" not in ns or any(c in ILLEGAL_IRI_CHARS for c in ns):
                problem(where, f"prefix {label!r} must be an absolute IRI without illegal characters")
        subject = m.get("subject")
        if not isinstance(subject, dict) or "class" not in subject:
            problem(where, "subject.class is required")
        else:
            check_term(where, subject["class"], prefixes, "subject.class")
        props = m.get("properties")
        if not isinstance(props, dict):
            problem(where, "properties must be an object")
            continue
        defs = schema[1]["propertyDefinitions"] if schema else {}
        for p, entry in props.items():
            at = f"{where} {p!r}"
            if schema and p not in defs:
                problem(at, f"Schema {m.get('schema')!r} declares no property {p!r}")
            if not isinstance(entry, dict) or "predicate" not in entry:
                problem(at, "a property entry needs a predicate")
                continue
            check_term(at, entry["predicate"], prefixes, "predicate")
            if "lang" in entry and "datatype" in entry:
                problem(at, "lang and datatype are mutually exclusive")
            if "lang" in entry:
                if not isinstance(entry["lang"], str) or not LANGUAGE_TAG.match(entry["lang"]):
                    problem(at, f"lang {entry['lang']!r} is not a language tag")
                if defs.get(p, {}).get("type") not in ("text", "select"):
                    problem(at, "lang applies to plain string literals (text, select) only")
                coverage.add("mapping lang")
            if "datatype" in entry:
                check_term(at, entry["datatype"], prefixes, "datatype")
                coverage.add("mapping datatype")
    by_target = {}
    for (schema_name, target) in pairs:
        by_target.setdefault(target, set()).add(schema_name)
    if len(by_target.get("schemaorg", ())) < 2:
        problem("Mapping", "two Mappings of different Schemas share the target schemaorg")


# ---------------------------------------------------------------- coverage


def check_coverage(schemas, coverage, forms_seen):
    schema_types = {d.get("type") for _, s in schemas.values() for d in s["propertyDefinitions"].values()}
    for t in REGISTERED_TYPES:
        if t not in schema_types:
            problem("coverage", f"no Schema declares a property of type {t}")
        if ("statement type", t) not in coverage:
            problem("coverage", f"no Statement has propertyType {t}")
    if not schema_types & set(RESERVED_TYPES):
        problem("coverage", "no Schema uses a reserved type (phoneNumber)")
    for key in CONSTRAINT_KEYS:
        if (key, "bare", "warning") not in forms_seen:
            problem("coverage", f"no Schema writes {key} in bare form")
        if (key, "object", "error") not in forms_seen:
            problem("coverage", f"no Schema writes {key} in object form with severity error")
    for item in [("description",), ("precision",), ("default", "text"), ("default", "number"), ("default", "boolean")]:
        if item not in forms_seen:
            problem("coverage", f"missing {item}")
    for lang in REQUIRED_LANGUAGES:
        if ("language", lang) not in coverage:
            problem("coverage", f"no monolingual text in language {lang}")
    for item in [
        "page without main Subject", "page with a main Subject and other standalone Subjects",
        "main Subject without label", "dependent chain", "relation across pages",
        "relation with properties across pages", "dateTime with Z", "dateTime with offset",
        "number: negative", "number: decimal", "number: integer", "boolean: true", "boolean: false",
        "mapping lang", "mapping datatype", ("reserved statement", "phoneNumber"),
    ]:
        if item not in coverage:
            problem("coverage", f"missing: {item}")


def main():
    root = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).resolve().parent / "wiki"
    schemas = load_folder(root, "Schema")
    pages = load_folder(root, "Subject")
    layouts = load_folder(root, "Layout")
    mappings = load_folder(root, "Mapping")
    coverage, forms_seen = set(), set()
    dependent = check_schemas(schemas, forms_seen)
    subjects, relations = check_pages(pages, schemas, dependent, coverage)
    incoming = check_relations(subjects, relations, schemas, dependent, coverage)
    check_dependents(pages, subjects, incoming, schemas, dependent, coverage)
    check_validation(pages, schemas, subjects)
    check_layouts(layouts, schemas)
    check_mappings(mappings, schemas, coverage)
    check_coverage(schemas, coverage, forms_seen)
    n_dep = sum(1 for _, s in subjects.values() if dependent.get(s.get("schema"), False))
    print(
        f"{len(schemas)} Schemas, {len(pages)} pages, {len(subjects)} Subjects ({n_dep} dependent), "
        f"{len(relations)} relations, {len(layouts)} Layouts, {len(mappings)} Mappings"
    )
    if problems:
        for p in problems:
            print(f"FAIL {p}")
        print(f"{len(problems)} problem(s)")
        return 1
    print("OK")
    return 0


if __name__ == "__main__":
    sys.exit(main())
