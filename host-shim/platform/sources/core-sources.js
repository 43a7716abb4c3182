// What the core and the RDF projectors learn of the registered sources: never their credentials.

/** The `sources` setting of the `config` Host operation. */
export function coreSources(config) {
  return Object.fromEntries(Object.entries(config.sources ?? {}).map(([key, { botUser, botPassword, ...rest }]) => [key, rest]));
}

/** `sourceIris` of an RDF projection: each source's `rdfBaseUri`, when the operator states it. */
export function sourceIris(config) {
  return Object.fromEntries(Object.entries(config.sources ?? {}).filter(([, s]) => s.rdfBaseUri).map(([key, s]) => [key, s.rdfBaseUri]));
}
