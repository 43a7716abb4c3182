// The SPARQL store contract, run against the embedded store and against the real Oxigraph server at
// STRATA_OXIGRAPH_URL (started by scripts/stores/oxigraph.sh). Without that address the server half is
// skipped locally and fails under CI.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { EmbeddedSparqlStore } from '../stores/sparql-embedded.js';
import { HttpSparqlStore } from '../stores/sparql-http.js';
import { N_QUADS } from '../stores/sparql-store.js';
import { missingStore } from '../test-support/store-skip.js';

const OXIGRAPH_MESSAGES = JSON.parse(readFileSync(new URL('../../tests/conformance/oxigraph-messages.json', import.meta.url), 'utf8'));
const BASE = 'http://wiki.test/';
const SNAPSHOT = 'sparql-store.nq';
const G1 = `${BASE}graph/native/page/1`;
const G2 = `${BASE}graph/native/page/2`;
const G3 = `${BASE}graph/native/page/3`;

// One page's graph, written by hand the way the core writes it: prefixes, then the page's named graph.
function pageTrig(graph, subject, label, extra = '') {
  return `@prefix strata-subj: <${BASE}entity/> .
@prefix strata-prop: <${BASE}prop/> .
@prefix xsd: <http://www.w3.org/2001/XMLSchema#> .
<${graph}> {
  strata-subj:${subject} <http://www.w3.org/2000/01/rdf-schema#label> "${label}" ;
    strata-prop:age "42"^^xsd:integer .
  ${extra}
}
`;
}

const LABELS = `SELECT ?g ?label WHERE { GRAPH ?g { ?s <http://www.w3.org/2000/01/rdf-schema#label> ?label } } ORDER BY ?g ?label`;

// The [graph, label] rows of LABELS.
async function labels(store) {
  const answer = await store.query(LABELS);
  assert.equal(answer.ok, true, JSON.stringify(answer));
  return JSON.parse(answer.body).results.bindings.map((row) => [row.g.value, row.label.value]);
}

async function ask(store, sparql) {
  const answer = await store.query(sparql);
  assert.equal(answer.ok, true, JSON.stringify(answer));
  return JSON.parse(answer.body).boolean;
}

function contract(open) {
  let store;
  before(async () => {
    store = await open();
  });
  after(() => store.close());

  test('replacing a graph twice leaves only the second version and no other graph touched', async () => {
    assert.deepEqual(await store.clear(), { ok: true });
    assert.deepEqual(await store.replaceGraph(G2, pageTrig(G2, 's2', 'Other')), { ok: true });
    assert.deepEqual(await store.replaceGraph(G1, pageTrig(G1, 's1', 'First', 'strata-subj:s9 strata-prop:x "old" .')), { ok: true });
    assert.deepEqual(await store.replaceGraph(G1, pageTrig(G1, 's1', 'Second')), { ok: true });
    assert.deepEqual(await labels(store), [[G1, 'Second'], [G2, 'Other']]);
    assert.equal(await ask(store, `ASK { GRAPH <${G1}> { ?s ?p "old" } }`), false);
  });

  test('replaceGraph accepts N-Quads', async () => {
    const nquads = `<${BASE}entity/s1> <http://www.w3.org/2000/01/rdf-schema#label> "Quads" <${G1}> .\n`;
    assert.deepEqual(await store.replaceGraph(G1, nquads, N_QUADS), { ok: true });
    assert.deepEqual(await labels(store), [[G1, 'Quads'], [G2, 'Other']]);
  });

  test('a refused replacement leaves the old graph in place', async () => {
    await store.replaceGraph(G1, pageTrig(G1, 's1', 'Kept'));
    const cases = [
      ['unparsable TriG', G1, `<${G1}> { <${BASE}a> <${BASE}b> `, /./],
      ['a quad in another graph', G1, pageTrig(G3, 's3', 'Stray'), /quad outside graph/],
      ['a triple in the default graph', G1, `<${BASE}a> <${BASE}b> "c" .`, /quad outside graph/],
      ['a graph name that would break out of <...>', `${G1}> } }`, pageTrig(G1, 's1', 'x'), /not an absolute IRI/],
      ['a relative graph name', 'graph/1', pageTrig(G1, 's1', 'x'), /not an absolute IRI/],
    ];
    for (const [name, graph, text, detail] of cases) {
      const answer = await store.replaceGraph(graph, text);
      assert.equal(answer.ok, false, name);
      assert.equal(answer.kind, 'syntax', name);
      assert.match(answer.detail, detail, name);
    }
    assert.deepEqual(await labels(store), [[G1, 'Kept'], [G2, 'Other']]);
  });

  test('an empty replacement removes the graph', async () => {
    assert.deepEqual(await store.replaceGraph(G1, '@prefix ex: <http://example.org/> .\n'), { ok: true });
    assert.deepEqual(await labels(store), [[G2, 'Other']]);
    assert.equal(await ask(store, `ASK { GRAPH <${G1}> { } }`), false);
  });

  test('dropGraph removes one graph; dropping an absent graph succeeds', async () => {
    await store.replaceGraph(G1, pageTrig(G1, 's1', 'First'));
    assert.deepEqual(await store.dropGraph(G1), { ok: true });
    assert.deepEqual(await store.dropGraph(G1), { ok: true });
    assert.deepEqual(await labels(store), [[G2, 'Other']]);
    assert.equal((await store.dropGraph('not an iri')).kind, 'syntax');
  });

  test('clear removes every graph', async () => {
    assert.deepEqual(await store.clear(), { ok: true });
    assert.equal(await ask(store, 'ASK { GRAPH ?g { ?s ?p ?o } }'), false);
  });

  test('loadBulk adds many graphs at once', async () => {
    const text = [pageTrig(G1, 's1', 'One'), pageTrig(G2, 's2', 'Two'), pageTrig(G3, 's3', 'Three')].join('');
    assert.deepEqual(await store.loadBulk(text), { ok: true });
    assert.deepEqual(await labels(store), [[G1, 'One'], [G2, 'Two'], [G3, 'Three']]);
    assert.ok(refused(await store.loadBulk('this is not TriG')));
  });

  test('SELECT and ASK answers are the store results JSON, unmodified, over the union default graph', async () => {
    await store.clear();
    assert.deepEqual(await store.replaceGraph(G1, pageTrig(G1, 's1', 'Ünïcode \\"quoted\\"')), { ok: true });
    const cases = [
      [
        `SELECT ?label WHERE { ?s <http://www.w3.org/2000/01/rdf-schema#label> ?label }`,
        '{"head":{"vars":["label"]},"results":{"bindings":[{"label":{"type":"literal","value":"Ünïcode \\"quoted\\""}}]}}',
      ],
      ['ASK { ?s ?p 42 }', '{"head":{},"boolean":true}'],
      ['ASK { ?s ?p 43 }', '{"head":{},"boolean":false}'],
      ['SELECT * WHERE { ?s <http://nothing> ?o }', '{"head":{"vars":["o","s"]},"results":{"bindings":[]}}'],
    ];
    for (const [sparql, body] of cases) {
      const answer = await store.query(sparql, { timeoutMs: 10_000 });
      assert.deepEqual(answer, { ok: true, contentType: 'application/sparql-results+json', body }, sparql);
    }
  });

  test('a query the store cannot parse goes on as the store\'s error reply, its detail the store\'s', async () => {
    const answer = await store.query('SELEC * WHERE { ?s ?p ?o }');
    assert.equal(answer.kind, 'errorReply', answer.detail);
    // The server answers 4xx; the embedded store passes the parser's message on with no status.
    if (answer.status === null) assert.match(answer.detail, /^error at 1:\d+: /);
    else assert.ok(answer.status >= 400 && answer.status < 500, answer.status);
  });
}

// The data refused: by the client itself, or by a server's 4xx answer (the core reads it so).
function refused(answer) {
  return answer.kind === 'syntax' || (answer.kind === 'errorReply' && answer.status >= 400 && answer.status < 500);
}

describe('embedded store', () => {
  let directory;
  before(async () => {
    directory = await mkdtemp(join(tmpdir(), 'strata-sparql-'));
  });
  contract(() => EmbeddedSparqlStore.open({ directory }));
  after(() => rm(directory, { recursive: true, force: true }));

  test('Oxigraph throws the messages the core\'s classification reads (tests/conformance/oxigraph-messages.json)', async () => {
    const store = await EmbeddedSparqlStore.open({ directory: join(directory, 'messages') });
    for (const { query, message } of OXIGRAPH_MESSAGES.cases) {
      assert.deepEqual(await store.query(query), { ok: false, kind: 'errorReply', status: null, detail: message }, query);
    }
    await store.close();
  });

  test('the data survives a close and a reopen from the snapshot', async () => {
    const first = await EmbeddedSparqlStore.open({ directory: join(directory, 'reopen') });
    await first.replaceGraph(G1, pageTrig(G1, 's1', 'Persisted'));
    await first.close();
    const second = await EmbeddedSparqlStore.open({ directory: join(directory, 'reopen') });
    assert.deepEqual(await labels(second), [[G1, 'Persisted']]);
    await second.dropGraph(G1);
    await second.close();
    const third = await EmbeddedSparqlStore.open({ directory: join(directory, 'reopen') });
    assert.deepEqual(await labels(third), []);
  });

  test('the snapshot is written after the flush delay without a close', async () => {
    const dir = join(directory, 'delay');
    const store = await EmbeddedSparqlStore.open({ directory: dir, flushDelayMs: 10 });
    await store.replaceGraph(G1, pageTrig(G1, 's1', 'Flushed'));
    // persisted() resolves when the delayed snapshot is written; the deadline only keeps a broken
    // timer from hanging the test.
    let deadline;
    const late = new Promise((resolve) => { deadline = setTimeout(() => resolve('no snapshot within 60 s'), 60_000); });
    assert.equal(await Promise.race([store.persisted(), late]), true);
    clearTimeout(deadline);
    const reopened = await EmbeddedSparqlStore.open({ directory: dir });
    assert.deepEqual(await labels(reopened), [[G1, 'Flushed']]);
    await store.close();
  });

  test('while snapshots are held none is written on the timer; the release writes one with every change', async () => {
    const dir = join(directory, 'held');
    const store = await EmbeddedSparqlStore.open({ directory: dir, flushDelayMs: 1 });
    store.holdSnapshots();
    await store.loadBulk(pageTrig(G1, 's1', 'Rebuilt'));
    let acknowledged = false;
    const persisted = store.persisted().then((ok) => {
      acknowledged = ok;
    });
    // A later timer fires after the 1 ms snapshot timer would have; a snapshot it started is posted
    // to the worker before the query below, which the worker answers in order.
    await new Promise((done) => setTimeout(done, 20));
    await store.query('ASK { ?s ?p ?o }');
    assert.equal(existsSync(join(dir, SNAPSHOT)), false, 'no snapshot while held');
    assert.equal(acknowledged, false, 'a change is not acknowledged before its snapshot');
    assert.deepEqual(await store.releaseSnapshots(), { ok: true });
    await persisted;
    assert.equal(acknowledged, true);
    const reopened = await EmbeddedSparqlStore.open({ directory: dir });
    assert.deepEqual(await labels(reopened), [[G1, 'Rebuilt']]);
    await Promise.all([store.close(), reopened.close()]);
  });

  test('a snapshot that cannot be written is reported by the next change', async () => {
    const dir = join(directory, 'unwritable');
    const store = await EmbeddedSparqlStore.open({ directory: dir });
    await rm(dir, { recursive: true });
    await store.replaceGraph(G1, pageTrig(G1, 's1', 'x'));
    await assert.rejects(store.flush(), /snapshot not written: ENOENT/);
    const answer = await store.replaceGraph(G1, pageTrig(G1, 's1', 'y'));
    assert.equal(answer.kind, 'unavailable');
    assert.match(answer.detail, /snapshot not written/);
  });
});

const serverUrl = process.env.STRATA_OXIGRAPH_URL;

describe('HTTP store against the Oxigraph server', () => {
  if (!serverUrl) {
    const why = 'STRATA_OXIGRAPH_URL is not set: run scripts/stores/oxigraph.sh start, then eval "$(scripts/stores/oxigraph.sh env)"';
    test('the Oxigraph server is configured', { skip: missingStore(why) }, () => {});
    return;
  }

  contract(() => new HttpSparqlStore({ url: serverUrl }));

  test('answers are byte for byte what the server sent', async () => {
    const store = new HttpSparqlStore({ url: serverUrl });
    await store.replaceGraph(G1, pageTrig(G1, 's1', 'Raw'));
    const sparql = 'SELECT * WHERE { GRAPH ?g { ?s ?p ?o } } ORDER BY ?s ?p ?o';
    const direct = await fetch(`${serverUrl}/query`, {
      method: 'POST',
      headers: { 'content-type': 'application/sparql-query', accept: 'application/sparql-results+json' },
      body: sparql,
    });
    const answer = await store.query(sparql);
    assert.equal(answer.body, await direct.text());
    assert.equal(answer.contentType, direct.headers.get('content-type'));
    await store.clear();
  });

  test('a query slower than its timeout is unavailable', async () => {
    const values = 'abcdefg'.split('').map((v) => `VALUES ?${v} {0 1 2 3 4 5 6 7 8 9}`).join(' ');
    const store = new HttpSparqlStore({ url: serverUrl });
    const answer = await store.query(`SELECT (COUNT(*) AS ?n) WHERE { ${values} }`, { timeoutMs: 50 });
    assert.deepEqual(answer, { ok: false, kind: 'unavailable', status: null, detail: 'no answer within 50 ms' });
  });
});
