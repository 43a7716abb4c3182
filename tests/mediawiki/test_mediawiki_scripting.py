"""Queries from wikitext and Lua on MediaWiki (docs/scripting.md): the parser functions
`{{#strata_cypher: ...}}` and `{{#strata_sparql: ...}}` and Scribunto's `mw.ext.strata` library,
rendered through api.php `action=parse`; the core answers them through its page actions `query` and
`getSubjects`, in the `default` tier, with failures shown as an error message in the page.

Run: `.venv/bin/python -m unittest discover -s tests/mediawiki -v` (on the run's shared wiki)."""

import unittest

from mediawiki_wiki import WikiTest

GAUGE = {"propertyDefinitions": {"Reading": {"type": "number"}}}
NORTH, SOUTH = "s1gaugeaaaaaan1", "s1gaugeaaaaaas1"

MODULE = """
local p = {}

function p.subjects(frame)
  local names = {}
  for _, s in ipairs(mw.ext.strata.getSubjects(frame.args[1])) do
    names[#names + 1] = s.displayName .. ' ' .. s.id .. (s.isMainSubject and ' main' or ' other')
  end
  return 'subjects: ' .. table.concat(names, '; ')
end

function p.here(frame)
  local ids = {}
  for _, s in ipairs(mw.ext.strata.getSubjects()) do
    ids[#ids + 1] = s.id
  end
  return 'here: ' .. table.concat(ids, ' ')
end

function p.badTitles(frame)
  local answers = {}
  for _, title in ipairs({ 'Bad[title', '' }) do
    local ok, message = pcall(mw.ext.strata.getSubjects, title)
    answers[#answers + 1] = tostring(ok) .. ' ' .. message
  end
  return 'bad titles: ' .. table.concat(answers, '; ')
end

function p.count(frame)
  local result = mw.ext.strata.query('cypher', 'MATCH (g:Gauge) WHERE g.Reading > $min RETURN count(g) AS n', { min = 1 })
  return 'count: ' .. result.columns[1] .. '=' .. result.rows[1].n .. ' truncated=' .. tostring(result.truncated)
end

function p.refused(frame)
  local ok, message = pcall(mw.ext.strata.query, 'cypher', 'MATCH (n) DETACH DELETE n')
  return 'refused: ' .. tostring(ok) .. ' ' .. message
end

return p
"""


class Scripting(WikiTest):
    callers = {"Wren": ["sysop"]}

    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        assert cls.wren.request("PUT", "/schema/Gauge", {"schema": GAUGE}).status_code == 201
        page_ids = []
        for sid, label, reading, title in ((NORTH, "North <weir>", 2, "Weir gauges"), (SOUTH, "South weir", 5, "South gauge")):
            created = cls.wren.request("POST", "/subjects", {"id": sid, "schema": "Gauge", "label": label, "pageTitle": title,
                                                            "statements": {"Reading": {"propertyType": "number", "value": reading}}})
            assert created.status_code == 201, created.text
            page_ids.append(created.json()["subject"]["pageId"])
        moved = cls.wren.request("POST", f"/subject/{SOUTH}/move", {"targetPageId": page_ids[0]})
        assert moved.status_code == 200, moved.text
        # The stores take a save after its answer; a query from wikitext does not wait for them (it may
        # run inside a save), a query over REST does: one such query, and the pages below see the move.
        settled = cls.wren.request("POST", "/query/cypher", {"cypher": "RETURN 1 AS one"})
        assert settled.status_code == 200, settled.text
        cls.wren.site.pages["Module:Strata gauges"].edit(MODULE, summary="scripting test")

    def parse(self, text, title="Gauge report"):
        answer = self.wren.site.api("parse", text=text, title=title, contentmodel="wikitext", prop="text", disablelimitreport=1)
        return answer["parse"]["text"]["*"]

    def test_a_cypher_parser_function_renders_a_table(self):
        html = self.parse("{{#strata_cypher: MATCH (g:Gauge) RETURN g._name AS name, g.Reading AS reading ORDER BY g.Reading}}")
        self.assertIn("<tr><th>name</th><th>reading</th></tr>", html)
        self.assertIn("<tr><td>North &lt;weir&gt;</td><td>2</td></tr>", html)
        self.assertIn("<tr><td>South weir</td><td>5</td></tr>", html)

    def test_a_pipe_in_the_query_is_part_of_it(self):
        html = self.parse("{{#strata_cypher: MATCH (p:Page)-[:HasSubject|Holds]->(g:Gauge {_id: '" + SOUTH + "'}) RETURN p.title AS page}}")
        self.assertIn("<tr><td>Weir gauges</td></tr>", html)

    def test_the_last_dollar_arguments_are_cypher_parameters(self):
        html = self.parse("{{#strata_cypher: MATCH (g:Gauge) WHERE g.Reading > $min AND g._name <> $skip RETURN g._name AS name"
                          " | $min = 1 | $skip = South weir }}")
        self.assertIn("<tr><td>North &lt;weir&gt;</td></tr>", html)
        self.assertNotIn("South weir", html)
        html = self.parse("{{#strata_cypher: MATCH (g:Gauge) WHERE g.Reading > $min RETURN g._name AS name | $min = 3}}")
        self.assertIn("<tr><td>South weir</td></tr>", html, "a number compares as a number")
        self.assertNotIn("North", html)
        twice = self.parse("{{#strata_cypher: RETURN $a AS a | $a = 1 | $a = 2}}")
        self.assertIn('<strong class="error strata-query-error">Strata query failed (invalid-body): parameters: $a is given twice.', twice)

    def test_a_sparql_parser_function_renders_the_same_table(self):
        html = self.parse("{{#strata_sparql: SELECT ?s WHERE { ?s <http://www.w3.org/2000/01/rdf-schema#label> \"South weir\" } }}")
        self.assertIn("<tr><th>s</th></tr>", html)
        self.assertIn(f"<tr><td>{self.wiki.url}/entity/{SOUTH}</td></tr>", html)

    def test_a_refused_query_is_an_error_message_in_the_page(self):
        html = self.parse("Before {{#strata_cypher: MATCH (n) DETACH DELETE n}} after {{#strata_sparql: CONSTRUCT { ?a ?b ?c } WHERE { ?a ?b ?c } }}")
        self.assertIn('<strong class="error strata-query-error">Strata query failed (writeQueryRejected): ', html)
        self.assertIn('<strong class="error strata-query-error">Strata query failed (unsupportedQueryForm): ', html)
        self.assertIn("after", html)

    def test_lua_get_subjects_answers_the_main_subject_first(self):
        html = self.parse("{{#invoke:Strata gauges|subjects|Weir gauges}}")
        self.assertIn(f"subjects: North &lt;weir&gt; {NORTH} main; South weir {SOUTH} other", html)
        self.assertIn("subjects: </p>", self.parse("{{#invoke:Strata gauges|subjects|No such page}}").replace("subjects: \n", "subjects: "))

    def test_lua_get_subjects_without_a_title_reads_the_page_being_parsed_and_a_bad_title_is_an_error(self):
        self.assertIn(f"here: {NORTH} {SOUTH}", self.parse("{{#invoke:Strata gauges|here}}", title="Weir gauges"))
        self.assertIn("here: </p>", self.parse("{{#invoke:Strata gauges|here}}").replace("here: \n", "here: "))
        bad = self.parse("{{#invoke:Strata gauges|badTitles}}").replace("&quot;", '"')
        self.assertIn('bad titles: false mw.ext.strata.getSubjects: "Bad[title" is not a valid page title; '
                      'false mw.ext.strata.getSubjects: "" is not a valid page title', bad)

    def test_lua_queries_answer_tables_and_raise_errors(self):
        self.assertIn("count: n=2 truncated=false", self.parse("{{#invoke:Strata gauges|count}}"))
        refused = self.parse("{{#invoke:Strata gauges|refused}}")
        self.assertIn("refused: false Strata query failed (writeQueryRejected): ", refused)


if __name__ == "__main__":
    unittest.main()
