// SPARQL `SERVICE` in every spelling an attacker might try (issue 27), sent while a loopback listener
// counts the requests a store makes: none may arrive, every answer is 400,
// none is 500. On the reference host the test runs twice, with the embedded store and with the
// Oxigraph server (STRATA_OXIGRAPH_URL) as `sparql-http`; on the wiki STRATA_E2E_URL names
// (test-support/target.js, a MediaWiki from scripts/test-mediawiki.sh), with that wiki's own Oxigraph
// server. The stores hold a Subject first, so that a pattern joined with SERVICE has solutions
// (the Oxigraph server calls a service once per solution). The spellings go as a sysop, whom the
// `strata-query` rate limit does not slow down (MediaWiki's limit for anonymous callers is a few
// queries a minute); the right to query is everyone's, and one anonymous query checks the refusal.
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { after, before, describe, test } from 'node:test';
import { V0 } from '../test-support/rest-client.js';
import { external, hostName, storeAddresses, Target, unique } from '../test-support/target.js';

/** The spellings: each a function of the listener's address, naming a path of its own. */
function spellings(base) {
  const at = (name) => `<${base}/${name}>`;
  return [
    ['plain', `SELECT * WHERE { SERVICE ${at('plain')} { ?a ?b ?c } }`],
    ['after a dot glued to it', `SELECT * WHERE { ?s ?p ?o .SERVICE ${at('dot')} { ?a ?b ?c } }`],
    ['after VALUES', `SELECT * WHERE { VALUES ?x {1} SERVICE ${at('values')} { ?a ?b ?c } }`],
    ['after VALUES and a dot', `SELECT * WHERE { ?s ?p ?o VALUES ?x {1} .SERVICE ${at('values-dot')} { ?a ?b ?c } }`],
    ['\\u escape', `SELECT * WHERE { ?s ?p ?o . \\u0053ERVICE ${at('u-escape')} { ?a ?b ?c } }`],
    ['\\U escape', `SELECT * WHERE { ?s ?p ?o . \\U00000053ERVICE ${at('big-u-escape')} { ?a ?b ?c } }`],
    ['escaped lowercase', `SELECT * WHERE { ?s ?p ?o . \\u0073ervice ${at('u-lower')} { ?a ?b ?c } }`],
    ['lowercase', `select * where { ?s ?p ?o . service ${at('lower')} { ?a ?b ?c } }`],
    ['mixed case', `SELECT * WHERE { ?s ?p ?o . SeRvIcE ${at('mixed')} { ?a ?b ?c } }`],
    ['SILENT', `SELECT * WHERE { ?s ?p ?o . SERVICE SILENT ${at('silent')} { ?a ?b ?c } }`],
    ['silent lowercase', `SELECT * WHERE { ?s ?p ?o . service silent ${at('silent-lower')} { ?a ?b ?c } }`],
    ['after an IRI', `SELECT * WHERE { ?s ?p <http://example.org/o>SERVICE ${at('after-iri')} { ?a ?b ?c } }`],
    ['after a string', `SELECT * WHERE { ?s ?p "o"SERVICE ${at('after-string')} { ?a ?b ?c } }`],
    ['after a tagged string', `SELECT * WHERE { ?s ?p "o"@en SERVICE ${at('after-lang')} { ?a ?b ?c } }`],
    ['after a number', `SELECT * WHERE { ?s ?p 1 .SERVICE ${at('after-number')} { ?a ?b ?c } }`],
    ['comments in between', `SELECT * WHERE { ?s ?p ?o #x\n.#SERVICE\nSERVICE#y\n${at('comments')}#z\n{ ?a ?b ?c } }`],
    ['tabs and newlines', `SELECT * WHERE {\t?s ?p ?o\t.\nSERVICE\t${at('blanks')}\r\n{ ?a ?b ?c } }`],
    ['nested groups', `SELECT * WHERE { ?s ?p ?o { { { SERVICE ${at('nested')} { ?a ?b ?c } } } } }`],
    ['subquery', `SELECT * WHERE { ?s ?p ?o { SELECT * WHERE { SERVICE ${at('subquery')} { ?a ?b ?c } } } }`],
    ['OPTIONAL', `SELECT * WHERE { ?s ?p ?o OPTIONAL { SERVICE ${at('optional')} { ?a ?b ?c } } }`],
    ['UNION', `SELECT * WHERE { { ?s ?p ?o } UNION { SERVICE ${at('union')} { ?a ?b ?c } } }`],
    ['MINUS', `SELECT * WHERE { ?s ?p ?o MINUS { SERVICE ${at('minus')} { ?s ?p ?o } } }`],
    ['GRAPH', `SELECT * WHERE { GRAPH ?g { ?s ?p ?o SERVICE ${at('graph')} { ?a ?b ?c } } }`],
    ['FILTER EXISTS', `SELECT * WHERE { ?s ?p ?o FILTER EXISTS { SERVICE ${at('exists')} { ?a ?b ?c } } }`],
    ['FILTER NOT EXISTS', `SELECT * WHERE { ?s ?p ?o FILTER NOT EXISTS { SERVICE ${at('not-exists')} { ?a ?b ?c } } }`],
    ['EXISTS in an OPTIONAL\'s filter', `SELECT * WHERE { ?s ?p ?o OPTIONAL { ?s ?q ?r FILTER(EXISTS { SERVICE ${at('optional-filter')} { ?a ?b ?c } }) } }`],
    ['EXISTS in BIND', `SELECT * WHERE { ?s ?p ?o BIND(EXISTS { SERVICE ${at('bind')} { ?a ?b ?c } } AS ?e) }`],
    ['EXISTS in the projection', `SELECT (EXISTS { SERVICE ${at('projection')} { ?a ?b ?c } } AS ?e) WHERE { ?s ?p ?o }`],
    ['EXISTS in an aggregate', `SELECT (SUM(IF(EXISTS { SERVICE ${at('aggregate')} { ?a ?b ?c } }, 1, 0)) AS ?n) WHERE { ?s ?p ?o }`],
    ['EXISTS in HAVING', `SELECT (COUNT(*) AS ?n) WHERE { ?s ?p ?o } GROUP BY ?s HAVING (EXISTS { SERVICE ${at('having')} { ?a ?b ?c } })`],
    ['EXISTS in ORDER BY', `SELECT * WHERE { ?s ?p ?o } ORDER BY (EXISTS { SERVICE ${at('order')} { ?a ?b ?c } })`],
    ['endpoint from VALUES', `SELECT * WHERE { ?s ?p ?o VALUES ?endpoint { ${at('variable-values')} } SERVICE ?endpoint { ?a ?b ?c } }`],
    ['endpoint from BIND', `SELECT * WHERE { ?s ?p ?o BIND(${at('variable-bind')} AS ?endpoint) SERVICE ?endpoint { ?a ?b ?c } }`],
    ['prefixed name', `PREFIX probe: <${base}/> SELECT * WHERE { ?s ?p ?o SERVICE probe:prefixed { ?a ?b ?c } }`],
    ['relative IRI under BASE', `BASE <${base}/> SELECT * WHERE { ?s ?p ?o SERVICE <relative> { ?a ?b ?c } }`],
    ['escape in the IRI', `SELECT * WHERE { ?s ?p ?o SERVICE <${base}/\\u0065scaped> { ?a ?b ?c } }`],
    ['service inside a service', `SELECT * WHERE { SERVICE ${at('outer')} { SERVICE ${at('inner')} { ?a ?b ?c } } }`],
    ['ASK', `ASK { ?s ?p ?o SERVICE ${at('ask')} { ?a ?b ?c } }`],
    ['a byte order mark first', `\uFEFFSELECT * WHERE { ?s ?p ?o SERVICE ${at('bom')} { ?a ?b ?c } }`],
    ['CONSTRUCT', `CONSTRUCT { ?a ?b ?c } WHERE { SERVICE ${at('construct')} { ?a ?b ?c } }`],
    ['DESCRIBE', `DESCRIBE ?a WHERE { SERVICE ${at('describe')} { ?a ?b ?c } }`],
    ['an update', `INSERT { ?a ?b ?c } WHERE { SERVICE ${at('update')} { ?a ?b ?c } }`],
    ['quote written as an escape', `SELECT * WHERE { ?s ?p "\\u0022 . SERVICE ${at('quote-escape')} { ?a ?b ?c } . ?s ?p \\u0022" }`],
  ];
}

/**
 * Texts that hold no service call when codepoint escapes are applied first (as the SPARQL standard
 * says), but do for a parser that reads escapes only inside strings (the Oxigraph server's): they may
 * run (200), and must make no request. The core sends the store its checked query written back.
 */
function smuggled(base) {
  return [
    ['backslash written as an escape', `SELECT * WHERE { VALUES ?x { "\\u005C" } . SERVICE <${base}/backslash-escape> { ?a ?b ?c } #" }\n}`],
    ['the same in single quotes', `SELECT * WHERE { VALUES ?x { '\\u005C' } . SERVICE <${base}/backslash-single> { ?a ?b ?c } #' }\n}`],
  ];
}

/** The probe on a host whose SPARQL store is `store` (null: the external wiki's own stores). */
function probe(label, store, skip) {
  describe(`SERVICE never reaches a store (${hostName}, ${label})`, { skip }, () => {
    let target;
    let anon;
    let admin;
    let listener;
    const arrived = [];
    before(async () => {
      listener = createServer((request, response) => {
        arrived.push(`${request.method} ${request.url}`);
        request.resume();
        response.writeHead(200, { 'content-type': 'application/sparql-results+json' });
        response.end('{"head":{"vars":[]},"results":{"bindings":[{}]}}');
      });
      await new Promise((done) => listener.listen(0, '127.0.0.1', done));
      target = await Target.start(store ? { settings: { stores: { sparql: store } } } : {});
      anon = await target.anonymous();
      admin = await target.client(unique('Admin'), ['sysop']);
      const schema = unique('ServiceProbe');
      const put = await admin.rest('PUT', `${V0}/schema/${schema}`, { body: { schema: { propertyDefinitions: {} } } });
      assert.equal(put.status, 201, put.text);
      const made = await admin.rest('POST', `${V0}/subjects`, { body: { pageTitle: unique('ServiceProbe'), schema, statements: {} } });
      assert.equal(made.status, 201, made.text);
      const seen = await admin.rest('POST', `${V0}/query/sparql`, { body: { query: 'ASK { ?s ?p ?o }' } });
      assert.deepEqual([seen.status, seen.json?.boolean], [200, true], `the store holds the Subject: ${seen.text}`);
    });
    after(async () => {
      await target?.remove();
      await new Promise((done) => (listener ? listener.close(done) : done()));
    });

    test('every spelling is refused with 400 and makes no request', async () => {
      const base = `http://127.0.0.1:${listener.address().port}`;
      const cases = spellings(base);
      assert.ok(cases.length >= 30);
      const wrong = [];
      for (const [name, query] of cases) {
        const answer = await admin.rest('POST', `${V0}/query/sparql`, { body: { query } });
        if (answer.status !== 400) wrong.push(`${name}: ${answer.status} ${answer.text.slice(0, 200)}`);
      }
      assert.deepEqual({ wrong, arrived }, { wrong: [], arrived: [] });
    });

    test('a service call hidden by escapes the store reads otherwise makes no request either', async () => {
      const wrong = [];
      for (const [name, query] of smuggled(`http://127.0.0.1:${listener.address().port}`)) {
        const answer = await admin.rest('POST', `${V0}/query/sparql`, { body: { query } });
        if (answer.status !== 200) wrong.push(`${name}: ${answer.status} ${answer.text.slice(0, 200)}`);
      }
      assert.deepEqual({ wrong, arrived }, { wrong: [], arrived: [] });
    });

    test('the deepest queries allowed are answered, deeper ones refused with 400, and the host goes on', async () => {
      // The bounds of docs/stores.md: 128 opening brackets, 1,024 operator characters.
      const groups = (n) => `SELECT * WHERE ${'{'.repeat(n)}${'}'.repeat(n)}`;
      const deepest = `ASK ${'{'.repeat(127)} FILTER(1${'+1'.repeat(1024)}) ${'}'.repeat(127)}`;
      const cases = [[groups(128), 200], [deepest, 200], [groups(129), 400], [groups(100000), 400], [`ASK { FILTER(1${'+1'.repeat(1025)}) }`, 400]];
      const got = [];
      for (const [query] of cases) got.push((await admin.rest('POST', `${V0}/query/sparql`, { body: { query } })).status);
      assert.deepEqual(got, cases.map(([, status]) => status));
      const after = await admin.rest('POST', `${V0}/query/sparql`, { body: { query: 'ASK { ?s ?p ?o }' } });
      assert.deepEqual([after.status, after.json?.boolean], [200, true]);
    });

    test('the refusal says why: a service call is not run here', async () => {
      const answer = await anon.rest('POST', `${V0}/query/sparql`, { body: { query: 'SELECT * WHERE { ?s ?p ?o .SERVICE <http://127.0.0.1:9/x> { ?a ?b ?c } }' } });
      assert.deepEqual([answer.status, answer.json?.errorType], [400, 'unsupportedQueryForm'], answer.text);
      assert.match(answer.json.message, /SERVICE/);
    });
  });
}

const { oxigraph, skip } = storeAddresses();
if (external) {
  probe('its Oxigraph server', null, false);
} else {
  probe('embedded store', { type: 'oxigraph-embedded' }, false);
  probe('Oxigraph server', { type: 'sparql-http', url: oxigraph }, skip);
}
