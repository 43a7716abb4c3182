// A small wiki served with the real core, for the RDF tests: two Schemas, a Mapping (target
// `schemaorg`, saved straight to storage), a Product page and a Company page whose Subject relates to
// the Product, and a category on the Company page.
import oxigraph from 'oxigraph';
import { addUserToGroup, createUser } from '../platform/auth.js';
import { timestamp } from '../src/clock.js';
import { NS_MAPPING } from '../platform/pages/namespaces.js';
import { savePages } from '../platform/storage/page-writes.js';
import { findPageByTitle } from '../platform/storage/pages.js';
import { loadCore } from '../src/loader.js';
import { ApiClient } from './api-client.js';
import { startSite } from './site.js';

export const BASE = 'http://wiki.test';
export const COMPANY = 's1rdfaaaaaaaac1';
export const PRODUCT = 's1rdfaaaaaaaap1';
export const RELATION = 'r1rdfaaaaaaaar1';

const SCHEMAS = {
  Company: { propertyDefinitions: {
    Founded: { type: 'number' },
    Website: { type: 'url' },
    Makes: { type: 'relation', targetSchemas: ['Product'], multiple: true },
  } },
  Product: { propertyDefinitions: {
    Weight: { type: 'number' },
    Colour: { type: 'select', options: [{ id: 'o1', label: 'Black' }] },
  } },
};

export const MAPPING = {
  version: 1, schema: 'Company', target: 'schemaorg',
  prefixes: { schema: 'https://schema.org/', xsd: 'http://www.w3.org/2001/XMLSchema#' },
  subject: { class: 'schema:Organization' },
  properties: { Founded: { predicate: 'schema:foundingDate', datatype: 'xsd:gYear' }, Makes: { predicate: 'schema:makesOffer' } },
};

/** `{site, rest(method, path, body), page(title)}`: the wiki running, `rest` as the logged-in sysop Carol. */
export async function startRdfWiki({ stores = { rdf: { type: 'oxigraph-embedded' } } } = {}) {
  const site = await startSite({ core: await loadCore(), config: { rdfBaseUri: BASE, stores } });
  await createUser(site.db, 'Carol', 'long enough password');
  addUserToGroup(site.db, 'Carol', 'sysop');
  const client = new ApiClient(site.url);
  await client.login('Carol', 'long enough password');
  const token = await client.token('csrf');
  const rest = async (method, path, body) => {
    const response = await fetch(`${site.url}/rest.php/strata/v0${path}`, {
      method, body: JSON.stringify(body), headers: { cookie: client.cookieHeader(), 'x-csrf-token': token, 'content-type': 'application/json' },
    });
    const answer = await response.json();
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(answer)}`);
    return answer;
  };
  for (const [name, schema] of Object.entries(SCHEMAS)) await rest('PUT', `/schema/${name}`, { schema });
  const saved = savePages(site.db, [{
    pageId: null, namespace: NS_MAPPING, title: 'Company to schema.org', baseRevisionId: null,
    contentModel: 'strata-mapping', mainSlot: JSON.stringify(MAPPING), subjectSlot: null,
  }], { userId: null, name: 'Carol' }, timestamp());
  if (!saved.ok) throw new Error('the Mapping page could not be saved');
  await rest('POST', '/subjects', {
    id: PRODUCT, schema: 'Product', label: 'Anvil', pageTitle: 'Anvil',
    statements: { Weight: { propertyType: 'number', value: 12.5 }, Colour: { propertyType: 'select', value: ['o1'] } },
  });
  await rest('POST', '/subjects', {
    id: COMPANY, schema: 'Company', label: 'ACME', pageTitle: 'ACME',
    statements: {
      Founded: { propertyType: 'number', value: 2005 },
      Website: { propertyType: 'url', value: ['https://acme.example/'] },
      Makes: { propertyType: 'relation', value: [{ id: RELATION, target: PRODUCT, properties: { since: 2010 } }] },
    },
  });
  await client.edit({ title: 'ACME', text: 'ACME makes anvils. [[Category:Companies]]' });
  return { site, client, rest, page: (title) => findPageByTitle(site.db, 0, title) };
}

const PREFIXES = `@prefix strata: <${BASE}/ontology/> . @prefix strata-subj: <${BASE}/entity/> .
@prefix strata-prop: <${BASE}/prop/> . @prefix strata-schema: <${BASE}/schema/> . @prefix strata-rel: <${BASE}/relation/> .
@prefix strata-page: <${BASE}/page/> . @prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
@prefix xsd: <http://www.w3.org/2001/XMLSchema#> . @prefix dcterms: <http://purl.org/dc/terms/> .
@prefix schema: <https://schema.org/> .
`;

/** The triples of the Company Subject in the native projection, with its reified relation. */
export const COMPANY_TRIPLES = `
strata-subj:${COMPANY} a strata-schema:Company ; rdfs:label "ACME" ; strata-prop:Founded 2005 ;
  strata-prop:Website <https://acme.example/> ; strata-prop:Makes strata-subj:${PRODUCT} .
strata-rel:${RELATION} a strata:Relation ; strata:source strata-subj:${COMPANY} ; strata:target strata-subj:${PRODUCT} ;
  strata:relationType strata-prop:Makes ; strata-prop:since 2010 .`;

/** The page facts of a stored page in the native projection. */
export function pageTriples(page, subjects, { category = null } = {}) {
  const facts = [
    `strata-page:${page.pageId} a strata:Page ; strata:pageName "${page.title}"`,
    `dcterms:created "${page.created}"^^xsd:dateTime ; dcterms:modified "${page.modified}"^^xsd:dateTime`,
    `strata:lastEditor "${page.lastEditor}"`,
    ...(category ? [`strata:category "${category}"`] : []),
    `strata:mainSubject strata-subj:${subjects[0]}`,
    ...subjects.map((s) => `strata:hasSubject strata-subj:${s}`),
  ];
  return `${facts.join(' ;\n  ')} .`;
}

/** Canonical N-Quads lines of an RDF text (a set, sorted), to compare datasets. */
export function quadSet(text, format) {
  const store = new oxigraph.Store();
  store.load(text, { format });
  return store.dump({ format: 'application/n-quads' }).split('\n').filter(Boolean).sort();
}

/** The expected dataset: triples (in Turtle, the prefixes above) inside `graph`, or in no graph. */
export function expected(triples, graph = null) {
  return graph === null
    ? quadSet(PREFIXES + triples, 'text/turtle')
    : quadSet(`${PREFIXES}<${graph}> { ${triples} }`, 'application/trig');
}
