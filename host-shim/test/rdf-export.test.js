// The RDF endpoints and concept-URI dereferencing against the real server and core: every output is
// parsed back with Oxigraph and compared, as a set of quads, with the dataset it must hold.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { loadCore } from '../src/loader.js';
import { ApiClient } from '../test-support/api-client.js';
import { startSite } from '../test-support/site.js';
import { BASE, COMPANY, COMPANY_TRIPLES, PRODUCT, expected, pageTriples, quadSet, startRdfWiki } from '../test-support/rdf-wiki.js';

let wiki;
before(async () => {
  wiki = await startRdfWiki();
});
after(async () => {
  await wiki.site.stop();
  wiki.site.remove();
});

const get = (path, headers = {}) => fetch(`${wiki.site.url}/rest.php/strata/v0${path}`, { headers, redirect: 'manual' });

describe('page export', () => {
  test('native TriG: the page metadata and its Subject, in the page graph', async () => {
    const acme = wiki.page('ACME');
    const response = await get(`/page/${acme.pageId}/rdf?format=trig`);
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('content-type'), 'application/trig; charset=utf-8');
    assert.equal(response.headers.get('content-disposition'), `inline; filename="${acme.pageId}.trig"`);
    assert.equal(response.headers.get('vary'), null);
    const want = expected(`${pageTriples(acme, [COMPANY], { category: 'Companies' })}\n${COMPANY_TRIPLES}`, `${BASE}/graph/native/page/${acme.pageId}`);
    assert.deepEqual(quadSet(await response.text(), 'application/trig'), want);
  });

  test('Turtle by Accept: the same triples without the graph, varying on Accept', async () => {
    const anvil = wiki.page('Anvil');
    const response = await get(`/page/${anvil.pageId}/rdf`, { accept: 'text/turtle' });
    assert.equal(response.headers.get('content-type'), 'text/turtle; charset=utf-8');
    assert.equal(response.headers.get('content-disposition'), `inline; filename="${anvil.pageId}.ttl"`);
    assert.equal(response.headers.get('vary'), 'Accept');
    const product = `strata-subj:${PRODUCT} a strata-schema:Product ; rdfs:label "Anvil" ; strata-prop:Weight 12.5 ; strata-prop:Colour "Black" .`;
    assert.deepEqual(quadSet(await response.text(), 'text/turtle'), expected(`${pageTriples(anvil, [PRODUCT])}\n${product}`));
  });

  test('an ontology projection: mapped Subjects only, no page metadata', async () => {
    const acme = wiki.page('ACME');
    const response = await get(`/page/${acme.pageId}/rdf?projection=schemaorg`);
    const mapped = `strata-subj:${COMPANY} a schema:Organization ; rdfs:label "ACME" ;
      schema:foundingDate "2005"^^xsd:gYear ; schema:makesOffer strata-subj:${PRODUCT} .`;
    assert.deepEqual(quadSet(await response.text(), 'application/trig'), expected(mapped, `${BASE}/graph/schemaorg/page/${acme.pageId}`));
    const unmapped = await get(`/page/${wiki.page('Anvil').pageId}/rdf?projection=schemaorg`);
    assert.equal(unmapped.status, 200);
    assert.deepEqual(quadSet(await unmapped.text(), 'application/trig'), [], 'an empty graph');
  });

  test('errors: unknown projection lists the known ones; bad format; absent page', async () => {
    const pageId = wiki.page('ACME').pageId;
    const unknown = await get(`/page/${pageId}/rdf?projection=wikidata`);
    assert.equal(unknown.status, 400);
    assert.deepEqual((await unknown.json()).knownProjections, ['native', 'schemaorg']);
    assert.equal((await get(`/page/${pageId}/rdf?format=json`)).status, 400);
    const absent = await get('/page/99999/rdf');
    assert.equal(absent.status, 404);
    assert.equal((await absent.json()).errorType, 'not-found');
  });
});

describe('Subject export', () => {
  test('exactly the Subject\'s triples, reification included, in its page graph', async () => {
    const acme = wiki.page('ACME');
    const response = await get(`/subject/${COMPANY}/rdf`);
    assert.equal(response.headers.get('content-disposition'), `inline; filename="${COMPANY}.trig"`);
    assert.deepEqual(quadSet(await response.text(), 'application/trig'), expected(COMPANY_TRIPLES, `${BASE}/graph/native/page/${acme.pageId}`));
  });

  test('Turtle by parameter; 400 for a malformed ID, 404 for an absent one', async () => {
    const response = await get(`/subject/${COMPANY}/rdf?format=turtle`, { accept: 'application/trig' });
    assert.equal(response.headers.get('vary'), null);
    assert.deepEqual(quadSet(await response.text(), 'text/turtle'), expected(COMPANY_TRIPLES));
    assert.equal((await get('/subject/nope/rdf')).status, 400);
    assert.equal((await get('/subject/s1zzzzzzzzzzzz9/rdf')).status, 404);
  });
});

describe('concept-URI dereferencing', () => {
  const cases = [
    ['application/trig', `${BASE}/rest.php/strata/v0/subject/${COMPANY}/rdf?format=trig`],
    ['text/turtle', `${BASE}/rest.php/strata/v0/subject/${COMPANY}/rdf?format=turtle`],
    ['text/turtle, application/trig', `${BASE}/rest.php/strata/v0/subject/${COMPANY}/rdf?format=trig`],
    ['text/html', `${BASE}/index.php?title=ACME&action=subjects#${COMPANY}`],
    ['*/*', `${BASE}/index.php?title=ACME&action=subjects#${COMPANY}`],
    [null, `${BASE}/index.php?title=ACME&action=subjects#${COMPANY}`],
  ];
  for (const [accept, location] of cases) {
    test(`Accept ${accept ?? '(none)'} → 303 ${location}`, async () => {
      const response = await get(`/entity/${COMPANY}`, accept ? { accept } : {});
      assert.equal(response.status, 303);
      assert.equal(response.headers.get('location'), location);
      assert.equal(response.headers.get('vary'), 'Accept');
    });
  }

  test('the RDF location serves the Subject', async () => {
    const location = (await get(`/entity/${COMPANY}`, { accept: 'text/turtle' })).headers.get('location');
    const response = await fetch(location.replace(BASE, wiki.site.url));
    assert.deepEqual(quadSet(await response.text(), 'text/turtle'), expected(COMPANY_TRIPLES));
  });
});

describe('page views', () => {
  test('the Data tab lists the page\'s Subjects with their IRI and export menus', async () => {
    const response = await fetch(`${wiki.site.url}/index.php?title=ACME&action=subjects`);
    assert.equal(response.status, 200);
    const html = await response.text();
    assert.match(html, new RegExp(`<tr class="subject" id="${COMPANY}">`));
    assert.match(html, new RegExp(`<code class="iri">${BASE}/entity/${COMPANY}</code> <button type="button" class="copy"`));
    assert.match(html, /<details class="export-menu"><summary>Export all<\/summary>/);
    assert.match(html, /<option value="native">native<\/option><option value="schemaorg">schemaorg<\/option>/);
    const empty = await fetch(`${wiki.site.url}/index.php?title=User:Nobody&action=subjects`);
    assert.equal(empty.status, 404);
  });

  test('a Dependent Subject is named after its Host Subject', async () => {
    await wiki.rest('PUT', '/schema/Slot', { schema: { subjectsAreDependent: true, propertyDefinitions: { Number: { type: 'number' } } } });
    await wiki.rest('PUT', '/schema/Shelf', { schema: { propertyDefinitions: { Holds: { type: 'relation', targetSchemas: ['Slot'] } } } });
    await wiki.rest('POST', '/subjects', {
      id: 's1rdfaaaaaaaas1', schema: 'Shelf', label: 'Top shelf', pageTitle: 'Shelf',
      statements: { Holds: { propertyType: 'relation', value: [{ target: 's1rdfaaaaaaaas2' }] } },
      dependentSubjects: [{ id: 's1rdfaaaaaaaas2', schema: 'Slot', statements: { Number: { propertyType: 'number', value: 1 } } }],
    });
    const html = await (await fetch(`${wiki.site.url}/index.php?title=Shelf&action=subjects`)).text();
    assert.match(html, /<td>Top shelf <em>\(main\)<\/em><br><code>s1rdfaaaaaaaas1<\/code><\/td>/);
    assert.match(html, /<td>Slot of Top shelf<br><code>s1rdfaaaaaaaas2<\/code><\/td>/);
  });

  test('content pages advertise their RDF when a store is configured', async () => {
    const acme = wiki.page('ACME');
    const html = await (await fetch(`${wiki.site.url}/wiki/ACME`)).text();
    assert.ok(html.includes(`<link rel="alternate" type="text/turtle" title="RDF (turtle)" href="/rest.php/strata/v0/page/${acme.pageId}/rdf?format=turtle">`));
    assert.ok(html.includes(`<link rel="alternate" type="application/trig" title="RDF (trig)" href="/rest.php/strata/v0/page/${acme.pageId}/rdf?format=trig">`));
    assert.match(html, /<a class="tab" href="\/index.php\?title=ACME&amp;action=subjects">Data<\/a>/);
    const schemaPage = await (await fetch(`${wiki.site.url}/wiki/Schema:Company`)).text();
    assert.ok(!schemaPage.includes('rel="alternate"'), 'not on Schema pages');
  });

  test('no store configured: no autodiscovery links', async () => {
    const site = await startSite({ core: await loadCore() });
    try {
      await new ApiClient(site.url).edit({ title: 'Plain', text: 'text' });
      const html = await (await fetch(`${site.url}/wiki/Plain`)).text();
      assert.ok(html.includes('<div class="page-text">\n<p>text</p>'), html);
      assert.ok(!html.includes('rel="alternate"'));
    } finally {
      await site.stop();
      site.remove();
    }
  });
});
