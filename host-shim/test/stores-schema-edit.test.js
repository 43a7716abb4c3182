// Saving a Schema projects its Subjects again, against real FalkorDB and Oxigraph (embedded): after
// each Schema save the stores hold exactly what a rebuild gives, without an admin, and stay as they
// were (never-built here), not stale.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { startStoresWiki, storeUrls } from '../test-support/stores-wiki.js';
import { graphDump, sparqlDump, storeStates } from '../test-support/store-dumps.js';

const { falkordb, skip } = storeUrls();
const graphName = `strata_schema_edit_${process.pid}`;
const gadget = (relation) => ({ schema: { propertyDefinitions: { Part: { type: 'relation', relation, targetSchemas: ['Gadget'] } } } });

let wiki;
before(async () => {
  if (skip) return;
  wiki = await startStoresWiki({ stores: { graph: { type: 'falkordb', url: falkordb, graph: graphName }, rdf: { type: 'oxigraph-embedded' } } });
});
after(async () => {
  if (!wiki) return;
  const graph = await wiki.site.stores.registry.client(wiki.site.stores.registry.entry('graph'));
  await graph.client.sendCommand(['GRAPH.DELETE', graphName]).catch(() => {});
  await wiki.site.stop();
  wiki.site.remove();
});

async function dumps() {
  const { stores } = wiki.site;
  return { graph: await graphDump(stores), rdf: await sparqlDump(stores, 'rdf') };
}

test('a saved Schema re-projects its Subjects: the stores equal a rebuild', { skip }, async () => {
  const { admin } = wiki.callers;
  const create = async (label) => {
    const answer = await admin.call('POST', '/subjects', { label, schema: 'Gadget', statements: {} });
    assert.equal(answer.status, 201, JSON.stringify(answer.body));
    return answer.body.subjectId;
  };
  const cog = await create('Cog');
  const wheel = await create('Wheel');
  const typed = (d) => d.rdf.filter((q) => q.includes('/schema/Gadget>')).length;
  assert.equal(typed(await dumps()), 0, 'a Subject whose Schema does not exist is not described');

  assert.equal((await admin.call('PUT', '/schema/Gadget', gadget('Has part'))).status, 201);
  assert.equal(typed(await dumps()), 2, 'both Gadgets are described once their Schema exists');
  const part = await admin.call('PUT', `/subject/${wheel}/statements/Part`, { statement: { propertyType: 'relation', value: [{ target: cog }] } });
  assert.equal(part.status, 200, JSON.stringify(part.body));
  const types = (d) => d.graph.edges.filter((e) => e.from === wheel).map((e) => e.type);
  const before = types(await dumps());

  assert.equal((await admin.call('PUT', '/schema/Gadget', gadget('Consists of'))).status, 200);
  const saved = await dumps();
  assert.notDeepEqual(types(saved), before, 'the relation type follows the Schema');
  assert.deepEqual(await storeStates(admin), { graph: 'never-built', rdf: 'never-built' });

  for (const name of ['graph', 'rdf']) {
    assert.equal((await admin.call('POST', `/graph-stores/${name}/rebuild`)).status, 202);
    await wiki.site.stores.rebuilds.idle();
  }
  assert.deepEqual(await dumps(), saved, 'what the Schema save left equals a rebuild');
});
