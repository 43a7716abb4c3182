// What the HTTP store makes of a server's answer (or of none): a small local
// server plays each answer, and a private Oxigraph server is killed under the client.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import { after, before, test } from 'node:test';
import { HttpSparqlStore } from '../stores/sparql-http.js';
import { missingStore } from '../test-support/store-skip.js';

const SELECT_JSON = '{"head":{"vars":["x"]},"results":{"bindings":[]}}';

// [name, status, content type, body, expected answer of query()]: a 2xx answer goes on as it came
// (the core checks it is a results document), any other status as an error reply for the core to read.
const ANSWERS = [
  ['results JSON', 200, 'application/sparql-results+json', SELECT_JSON,
    { ok: true, contentType: 'application/sparql-results+json', body: SELECT_JSON }],
  ['ASK results as application/json', 200, 'application/json; charset=utf-8', '{"head":{},"boolean":true}',
    { ok: true, contentType: 'application/json; charset=utf-8', body: '{"head":{},"boolean":true}' }],
  ['an HTML page', 200, 'text/html', '<html>login</html>', { ok: true, contentType: 'text/html', body: '<html>login</html>' }],
  ['no content', 204, null, '', { ok: true, contentType: '', body: '' }],
  ['a redirect', 302, 'text/plain', 'elsewhere', { kind: 'errorReply', status: 302, detail: 'elsewhere' }],
  ['bad request', 400, 'text/plain', 'error at 1:3: expected SELECT', { kind: 'errorReply', status: 400, detail: 'error at 1:3: expected SELECT' }],
  ['service unavailable', 503, 'text/html', '<p>down</p>', { kind: 'errorReply', status: 503, detail: '<p>down</p>' }],
];

let fake;
let fakeUrl;
const seen = [];

before(async () => {
  fake = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => { body += chunk; });
    request.on('end', () => {
      seen.push({ method: request.method, url: request.url, headers: request.headers, body });
      const [, status, contentType, text] = ANSWERS.find(([name]) => request.url === `/${encodeURIComponent(name)}/query`)
        ?? [null, 204, null, ''];
      response.writeHead(status, contentType ? { 'content-type': contentType } : {});
      response.end(text);
    });
  });
  await new Promise((resolve) => fake.listen(0, '127.0.0.1', resolve));
  fakeUrl = `http://127.0.0.1:${fake.address().port}`;
});

after(() => new Promise((resolve) => fake.close(resolve)));

test('each answer goes on as it came, and no answer is unavailable', async () => {
  for (const [name, , , , expected] of ANSWERS) {
    const store = new HttpSparqlStore({ url: `${fakeUrl}/${encodeURIComponent(name)}` });
    const answer = await store.query('SELECT * {}');
    if (expected.ok) {
      assert.deepEqual(answer, expected, name);
    } else {
      assert.equal(answer.ok, false, name);
      for (const key of Object.keys(expected)) assert.equal(answer[key], expected[key], `${name}: ${key}`);
    }
  }
});

test('requests follow the SPARQL 1.1 Protocol, and the Graph Store Protocol for bulk loads', async () => {
  const graph = 'http://wiki.test/graph/native/page/7';
  const trig = `<${graph}> { <http://wiki.test/entity/s1> <http://wiki.test/prop/n> 1 . }`;
  const update = new HttpSparqlStore({ url: fakeUrl });
  seen.length = 0;
  await update.query('ASK {}');
  await update.replaceGraph(graph, trig);
  await update.dropGraph(graph);
  await update.clear();
  await update.loadBulk(trig);
  const triple = '<http://wiki.test/entity/s1> <http://wiki.test/prop/n> "1"^^<http://www.w3.org/2001/XMLSchema#integer> .\n';
  assert.deepEqual(seen.map((r) => [r.method, r.url, r.headers['content-type'], r.body]), [
    ['POST', '/query', 'application/sparql-query', 'ASK {}'],
    ['POST', '/update', 'application/sparql-update', `DROP SILENT GRAPH <${graph}> ;\nINSERT DATA { GRAPH <${graph}> {\n${triple}} }`],
    ['POST', '/update', 'application/sparql-update', `DROP SILENT GRAPH <${graph}>`],
    ['POST', '/update', 'application/sparql-update', 'DROP ALL'],
    ['POST', '/store', 'application/trig', trig],
  ]);
  assert.equal(seen[0].headers.accept, 'application/sparql-results+json');
});

test('a store that is not listening is unavailable', async () => {
  const closed = createServer();
  await new Promise((resolve) => closed.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${closed.address().port}`;
  await new Promise((resolve) => closed.close(resolve));
  const store = new HttpSparqlStore({ url });
  for (const answer of [await store.query('ASK {}'), await store.clear()]) {
    assert.equal(answer.kind, 'unavailable');
    assert.equal(answer.status, null);
    assert.match(answer.detail, /ECONNREFUSED/);
  }
});

const oxigraphBinary = fileURLToPath(new URL('../../.venv/bin/oxigraph', import.meta.url));

test('an Oxigraph server killed under the client is unavailable', async (t) => {
  if (!existsSync(oxigraphBinary)) {
    t.skip(missingStore(`${oxigraphBinary} is missing: run scripts/setup.sh`));
    return;
  }
  const port = await freePort();
  const server = spawn(oxigraphBinary, ['serve', '--bind', `127.0.0.1:${port}`], { stdio: 'ignore' });
  const store = new HttpSparqlStore({ url: `http://127.0.0.1:${port}` });
  try {
    let answer;
    for (let i = 0; i < 100 && !(answer = await store.query('ASK {}')).ok; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    assert.equal(answer.ok, true, 'the private server did not start');
  } finally {
    server.kill();
  }
  if (server.exitCode === null && server.signalCode === null) await once(server, 'exit');
  const answer = await store.query('ASK {}');
  assert.equal(answer.kind, 'unavailable');
  assert.match(answer.detail, /ECONNREFUSED|ECONNRESET|fetch failed/);
});

async function freePort() {
  const probe = createServer();
  await new Promise((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  return port;
}
