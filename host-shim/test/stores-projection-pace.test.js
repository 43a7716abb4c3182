// Projection after the answer: `updateStores` returns before the store has the write, keeps the writes
// in order, and holds a save back only once its store is MAX_PROJECTIONS_BEHIND projections behind;
// a store query first waits for the writes queued before it (`awaitProjection`), within its bound.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { createClient } from 'redis';
import { storeOps } from '../stores/ops.js';
import { MAX_PROJECTIONS_BEHIND, StoreRegistry } from '../stores/registry.js';
import { OwnFalkorDb } from '../test-support/own-falkordb.js';
import { openSite, quietLog } from '../test-support/site.js';
import { storeUrls } from '../test-support/stores-wiki.js';

const { skip } = storeUrls();
let server;
let redis;
let site;
let registry;

before(async () => {
  if (skip) return;
  server = await OwnFalkorDb.create();
  await server.start();
  redis = createClient({ url: server.url });
  await redis.connect();
  site = openSite({ stores: { graph: { type: 'falkordb', url: server.url, graph: 'pace' } } });
  registry = new StoreRegistry({ db: site.db, config: site.config, log: quietLog });
});

after(async () => {
  if (skip) return;
  await redis.sendCommand(['CLIENT', 'UNPAUSE']).catch(() => {});
  await registry.close();
  await redis.quit();
  site.db.close();
  await server.remove();
});

const create = (n) => ({ updates: [{ kind: 'graph', store: 'graph', pageId: n, statements: [`CREATE (:Page {id: ${n}})`] }], pages: [] });

test('saves go on while the store holds its writes, up to the bound; then they wait for it', { skip }, async () => {
  const entry = registry.entry('graph');
  await registry.client(entry);
  await redis.sendCommand(['CLIENT', 'PAUSE', '60000', 'WRITE']);
  const answered = [];
  for (let n = 0; n < MAX_PROJECTIONS_BEHIND; n += 1) answered.push(registry.project(create(n)));
  await Promise.all(answered);
  let lastAnswered = false;
  const last = registry.project(create(MAX_PROJECTIONS_BEHIND)).then(() => {
    lastAnswered = true;
  });
  // The store has taken none of the writes, so the save beyond the bound cannot have been answered.
  const [count] = await Promise.all([redis.sendCommand(['DBSIZE']), new Promise((done) => setImmediate(done))]);
  assert.equal(Number(count), 0);
  assert.equal(lastAnswered, false);
  await redis.sendCommand(['CLIENT', 'UNPAUSE']);
  await last;
  await registry.applied();
  const reply = await redis.sendCommand(['GRAPH.RO_QUERY', 'pace', 'MATCH (p:Page) RETURN collect(p.id)']);
  // The verbose reply gives the list as its text.
  assert.equal(reply[1][0][0], `[${Array.from({ length: MAX_PROJECTIONS_BEHIND + 1 }, (_, n) => n).join(', ')}]`, 'every write, in order');
});

test('page writes are sent without waiting for the answer to the one before; other writes wait', { skip }, async () => {
  const entry = registry.entry('graph');
  const started = [];
  const held = () => {
    let release;
    const answer = new Promise((resolve) => { release = () => resolve({ ok: true }); });
    return { answer, release };
  };
  const first = held();
  const firstDone = registry.enqueue(entry, () => { started.push('page 1'); return first.answer; }, { pipelined: true });
  const secondDone = registry.enqueue(entry, () => { started.push('page 2'); return Promise.resolve({ ok: true }); }, { pipelined: true });
  const rebuild = held();
  const rebuildDone = registry.enqueue(entry, () => { started.push('rebuild batch'); return rebuild.answer; });
  const afterRebuild = registry.enqueue(entry, () => { started.push('page 3'); return Promise.resolve({ ok: true }); }, { pipelined: true });
  assert.deepEqual(await secondDone, { ok: true }, 'the second page is answered while the first is held');
  let written = false;
  const allWritten = registry.written(entry).then(() => { written = true; });
  await new Promise((done) => setImmediate(done));
  assert.deepEqual(started, ['page 1', 'page 2', 'rebuild batch'], 'a write that is not pipelined holds the writes behind it');
  assert.equal(written, false);
  rebuild.release();
  await Promise.all([rebuildDone, afterRebuild]);
  assert.deepEqual(started, ['page 1', 'page 2', 'rebuild batch', 'page 3']);
  assert.equal(written, false, 'the queue is written only when every write is answered');
  first.release();
  await Promise.all([firstDone, allWritten]);
});

test('a store query waits for the writes queued before it, and at its bound says how many are left', { skip }, async () => {
  const ops = storeOps({ db: site.db, caller: null, stores: { registry } });
  const entry = registry.entry('graph');
  await registry.client(entry);
  const found = async (n) => (await redis.sendCommand(['GRAPH.RO_QUERY', 'pace', `MATCH (p:Page {id: ${n}}) RETURN count(p)`]))[1][0][0];
  // CLIENT PAUSE WRITE holds the save's GRAPH.QUERY, not the reads (GRAPH.RO_QUERY, as the query endpoint sends).
  await redis.sendCommand(['CLIENT', 'PAUSE', '60000', 'WRITE']);
  await registry.project(create(1000));
  let waited = null;
  const wait = ops.awaitProjection({ kind: 'graph', waitMs: 60_000 }).then((answer) => { waited = answer; });
  assert.equal(await found(1000), 0, 'the save is answered, its write held');
  assert.equal(waited, null, 'the query still waits');
  assert.deepEqual(await ops.awaitProjection({ kind: 'graph', waitMs: 50 }), { pending: 1 }, 'a query that reaches the bound answers');
  assert.deepEqual(await ops.awaitProjection({ kind: 'sparql', waitMs: 60_000 }), { pending: 0 }, 'no SPARQL store: nothing to wait for');
  await redis.sendCommand(['CLIENT', 'UNPAUSE']);
  await wait;
  assert.deepEqual(waited, { pending: 0 });
  assert.equal(await found(1000), 1, 'the query that waited finds the save');
  assert.deepEqual(await ops.awaitProjection({ kind: null, waitMs: 60_000 }), { pending: 0 }, 'nothing pending: no wait');
});
