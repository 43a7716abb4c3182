// The words of the Subject editor are messages, declared once in `i18n/en.json` (MediaWiki's message
// format, each documented in `i18n/qqq.json`). A host hands the editor `msg(key, ...params)`: the
// MediaWiki extension registers that folder as a messages directory and passes `mw.msg`; the
// reference host reads the English table with `loadMessages`.

/** `msg(key, ...params)` over a table of message texts: `$1`, `$2`, ... become the parameters. */
export function messagesFrom(table) {
  return (key, ...params) => (table[key] ?? `⧼${key}⧽`).replace(/\$(\d+)/g, (whole, n) => (params[n - 1] === undefined ? whole : String(params[n - 1])));
}

/**
 * `msg` of the editor's messages, then the core's (`messageTable`: its English, the violations'
 * `strata-violation-<code>` among them, docs/i18n.md): the reference host's words.
 */
export function withCoreMessages(msg, core) {
  const table = core.messageTable();
  const coreMsg = messagesFrom(table);
  return (key, ...params) => (key in table ? coreMsg(key, ...params) : msg(key, ...params));
}

/** `msg` of the English messages beside this module. */
export async function loadMessages(url = new URL('./i18n/en.json', import.meta.url)) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  return messagesFrom(await response.json());
}
