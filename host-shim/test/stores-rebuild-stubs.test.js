// A FalkorDB rebuild creates the Subject nodes it knows the graph does not hold, without a lookup
// by ID; a stub an earlier batch's relation made must still become the Subject, once. One page a
// batch puts every relation to a later page across batches: a Subject named by two relations, a
// page holding several such Subjects, a relation back to an earlier page, one to a Subject the wiki
// does not hold, one to a Subject the Subject index misses, and a save written into the graph while
// the run goes on, by this process or by another one.
import assert from 'node:assert/strict';
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { NS_SCHEMA } from '../platform/pages/namespaces.js';
import { openStores, rebuildPageSource } from '../platform/site-stores.js';
import { savePages } from '../platform/storage/page-writes.js';
import { loadCore } from '../src/loader.js';
import { RebuildWorker } from '../stores/rebuild.js';
import { queueRun } from '../stores/runs.js';
import { graphDump } from '../test-support/store-dumps.js';
import { openSite, quietLog } from '../test-support/site.js';
import { storeUrls } from '../test-support/stores-wiki.js';

const { falkordb, skip } = storeUrls();
const author = { userId: null, name: 'Test' };
const id = (letter) => `s${letter.repeat(14)}`;
const knows = (from, letters) => ({ propertyType: 'relation', value: letters.map((l) => ({ id: `r${from.repeat(7)}${l.repeat(7)}`, target: id(l) })) });
const subject = (letter, ...targets) => [id(letter), { label: `Person ${letter}`, schema: 'Person', statements: targets.length ? { Knows: knows(letter, targets) } : {} }];
// Page order is rebuild order. X is named but held by no page; the Subject index misses H.
const PAGES = [
  [subject('A', 'C', 'D', 'H')],
  [subject('B', 'C', 'E', 'X')],
  [subject('C', 'A'), subject('H')],
  [subject('D'), subject('E', 'F')],
  [subject('F', 'F', 'G'), subject('G')],
];
const LETTERS = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H'];
const UNINDEXED = id('H');

describe('a rebuild turns the stubs of earlier batches into their Subjects', { skip }, () => {
  let site;
  const graphs = [];
  before(async () => {
    site = openSite({});
    const page = (title, mainSlot, subjectSlot, namespace = 0) => ({ pageId: null, namespace, title, baseRevisionId: null, comment: '', mainSlot, subjectSlot });
    const schema = { propertyDefinitions: { Knows: { type: 'relation', relation: 'Knows' } } };
    savePages(site.db, [page('Person', JSON.stringify(schema), null, NS_SCHEMA)], author, '2026-01-01T00:00:00Z');
    PAGES.forEach((subjects, n) => {
      const slot = { mainSubject: subjects[0][0], subjects: Object.fromEntries(subjects) };
      const rows = subjects.filter(([subjectId]) => subjectId !== UNINDEXED).map(([subjectId, s], position) => ({
        subjectId, schema: 'Person', label: s.label, displayName: s.label, displayNameIsGenerated: false,
        isMain: position === 0, isDependent: false, hostSubjectId: null, position,
      }));
      const index = { subjects: rows, relations: [], changedSubjectIds: [] };
      savePages(site.db, [{ ...page(`Page ${n + 1}`, '', JSON.stringify(slot)), index }], author, '2026-01-01T00:00:00Z');
    });
  });
  after(() => site.db.close());

  /**
   * Rebuilds into a graph of its own, `batchPages` pages a batch; `onProgress` after each batch;
   * `indexReads` gets the page IDs of each read of the Subject index's rows by page.
   */
  async function rebuilt(batchPages, onProgress = () => {}, indexReads = []) {
    const graph = `strata_rebuild_stubs_${process.pid}_${graphs.length}`;
    graphs.push(graph);
    const config = { ...site.config, stores: { graph: { type: 'falkordb', url: falkordb, graph } } };
    const core = await loadCore();
    const stores = openStores({ db: site.db, config, core, log: quietLog, background: false, batchPages });
    const source = rebuildPageSource(site.db, config);
    const pages = { ...source, subjectsOn: (pageIds) => indexReads.push(pageIds) && source.subjectsOn(pageIds) };
    const worker = new RebuildWorker({ db: site.db, config, core, log: quietLog, registry: stores.registry, pages, batchPages });
    try {
      const { run } = queueRun(site.db, 'graph', 'test');
      const done = await worker.process(run, { onProgress: (progress) => onProgress(stores, progress) });
      assert.equal(done.state, 'succeeded', done.error);
      const dump = await graphDump(stores);
      const client = await stores.registry.client(stores.registry.entry('graph'));
      await client.client.sendCommand(['GRAPH.DELETE', graph]);
      return dump;
    } finally {
      await stores.close();
    }
  }

  const subjectNodes = (dump) => dump.nodes.filter((n) => n.labels.includes('Subject'));

  test('one batch a page gives the graph of one batch for all, each Subject once', async () => {
    const [wholeReads, pagedReads] = [[], []];
    const whole = await rebuilt(100, undefined, wholeReads);
    const paged = await rebuilt(1, undefined, pagedReads);
    assert.deepEqual(paged, whole);
    // The first batch is created whole, without reading the index; each later batch reads it once.
    assert.deepEqual(wholeReads, []);
    assert.deepEqual(pagedReads, [[3], [4], [5], [6]]);
    const ids = subjectNodes(paged).map((n) => n.properties._id).sort();
    assert.deepEqual(ids, [...LETTERS.map(id), id('X')]);
    for (const node of subjectNodes(paged)) {
      const stub = node.properties._id === id('X');
      assert.deepEqual(node.labels, stub ? ['Subject'] : ['Person', 'Subject'], node.properties._id);
      assert.equal(node.properties._stub, stub ? true : undefined, node.properties._id);
    }
    const edges = paged.edges.filter((e) => e.type === 'Knows').map((e) => `${e.from.at(-1)}>${e.to.at(-1)}`).sort();
    assert.deepEqual(edges, ['A>C', 'A>D', 'A>H', 'B>C', 'B>E', 'B>X', 'C>A', 'E>F', 'F>F', 'F>G']);
  });

  test('after a save writes into the graph during the run, every Subject is matched by ID', async () => {
    const whole = await rebuilt(100);
    let saved = false;
    const paged = await rebuilt(1, async (stores, { processed }) => {
      if (processed !== 1) return;
      saved = true;
      // What a save of the last page leaves: G (no relation names it from another page) as a full
      // node, before its batch comes.
      const statements = [`MERGE (s:Subject {_id: '${id('G')}'}) SET s:Person, s.note = 'saved'`];
      await stores.registry.apply({ updates: [{ kind: 'graph', store: 'graph', pageId: 6, statements }] });
    });
    assert.ok(saved);
    assert.deepEqual(paged, whole);
  });

  test('after another process commits to the wiki during the run, every Subject is matched by ID', async () => {
    // A server beside a command-line rebuild: its save commits to the database (a connection of
    // its own here), then writes G into the graph, where this process's store queue never sees it.
    const whole = await rebuilt(100);
    let saved = false;
    const paged = await rebuilt(1, (stores, { processed }) => {
      if (processed !== 1) return;
      saved = true;
      const other = new Database(join(site.dataDir, 'strata.sqlite'));
      try {
        other.exec("UPDATE page SET title = title WHERE id = 6");
      } finally {
        other.close();
      }
      // Into the store's queue now, ahead of the batches still to come, but not counted as a save.
      const statements = [`MERGE (s:Subject {_id: '${id('G')}'}) SET s:Person, s.note = 'saved'`];
      stores.registry.enqueue(stores.registry.entry('graph'), (client) => client.runAll(statements));
    });
    assert.ok(saved);
    assert.deepEqual(paged, whole);
  });
});
