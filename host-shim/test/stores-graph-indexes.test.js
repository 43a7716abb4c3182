// The graph index statements (the core's `graphIndexes`) run once per FalkorDB connection, before
// its first write: a fresh connection makes the indexes, a save on an open connection does not send
// them again, and a connection opened anew (the old one dropped) runs them again.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { createClient } from 'redis';
import { StoreRegistry } from '../stores/registry.js';
import { openSite, quietLog } from '../test-support/site.js';
import { storeUrls } from '../test-support/stores-wiki.js';

const { falkordb, skip } = storeUrls();
const GRAPH = `strata_js_indexes_${process.pid}`;
let redis;
let site;
let registry;

before(async () => {
  if (skip) return;
  redis = createClient({ url: falkordb });
  await redis.connect();
  await redis.sendCommand(['GRAPH.DELETE', GRAPH]).catch(() => {});
  site = openSite({ stores: { graph: { type: 'falkordb', url: falkordb, graph: GRAPH } } });
  registry = new StoreRegistry({ db: site.db, config: site.config, log: quietLog });
});

after(async () => {
  if (skip) return;
  await registry.close();
  await redis.sendCommand(['GRAPH.DELETE', GRAPH]).catch(() => {});
  await redis.quit();
  site.db.close();
});

const save = (n) => registry.apply({ updates: [{ kind: 'graph', store: 'graph', pageId: n, statements: [`CREATE (:Page {id: ${n}})`] }], pages: [] });

/** `label(property)` of every index of the graph, sorted. */
async function indexes() {
  const reply = await redis.sendCommand(['GRAPH.RO_QUERY', GRAPH, 'CALL db.indexes() YIELD label, properties RETURN label, properties']);
  return reply[1].map(([label, properties]) => `${label}${properties.replace('[', '(').replace(']', ')')}`).sort();
}

const ALL = ['Page(id)', 'Subject(_id, _stub)'];

test('a fresh connection gets the indexes; saves on it do not send them again; a new connection does', { skip }, async () => {
  await save(1);
  assert.deepEqual(await indexes(), ALL, 'made when the connection opened');

  // Deleted under the open connection: a save there would bring them back only if saves sent them.
  await redis.sendCommand(['GRAPH.DELETE', GRAPH]);
  await save(2);
  assert.deepEqual(await indexes(), [], 'not sent with a save');

  // The connection drops (as when the server restarts); the next save opens a new one, which makes them.
  const entry = registry.entry('graph');
  const id = await (await registry.client(entry)).client.sendCommand(['CLIENT', 'ID']);
  await redis.sendCommand(['CLIENT', 'KILL', 'ID', String(id)]);
  const deadline = Date.now() + 30000;
  while (entry.client.isReady && Date.now() < deadline) await new Promise((done) => setTimeout(done, 10));
  assert.equal(entry.client.isReady, false, 'the registry saw its connection drop');
  await save(3);
  assert.deepEqual(await indexes(), ALL, 'made again by the new connection');
  const reply = await redis.sendCommand(['GRAPH.RO_QUERY', GRAPH, 'MATCH (p:Page) RETURN p.id ORDER BY p.id']);
  assert.deepEqual(reply[1].map(([id]) => id), [2, 3], 'both saves after the delete were written');
});
