// Opens the store client a `stores` entry of the configuration names. The interface of the SPARQL
// stores is described in sparql-store.js.
import { EmbeddedSparqlStore } from './sparql-embedded.js';
import { HttpSparqlStore } from './sparql-http.js';

/**
 * @param {{type: string, url?: string, directory?: string, snapshotDelayMs?: number}} config a `stores` entry; `directory`
 *   already resolved against the data directory
 */
export async function openSparqlStore(config) {
  switch (config.type) {
    case 'oxigraph-embedded':
      return EmbeddedSparqlStore.open({ directory: config.directory ?? null, flushDelayMs: config.snapshotDelayMs });
    case 'sparql-http':
      return new HttpSparqlStore({ url: config.url.replace(/\/+$/, '') });
    default:
      throw new TypeError(`not a SPARQL store type: ${config.type}`);
  }
}
