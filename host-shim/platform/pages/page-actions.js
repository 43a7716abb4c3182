// Page edits and deletions from api.php and the import command, handed to the core's
// `handlePageAction`, which decides permissions, base revisions, create-only and content
// (docs/page-actions.md). Without a core that exports it, no page can be changed: the host keeps no
// copy of those rules.
import { makeBridge } from '../../src/bridge.js';
import { isWikiConfigPage, parseWikiConfig } from '../config/wiki-page.js';
import { makeHostOps } from '../ops.js';

const failure = (code, info, details = {}) => ({ ok: false, error: { code, info, ...details } });

const CORE_UNAVAILABLE = failure('strata-core-unavailable', "Pages are saved and deleted through the Strata core's handlePageAction, "
  + 'which this server does not have: build the core, then restart.');

/**
 * Edits one slot of a page. `request`: `{namespace, title, slot: "main"|"subject", text, summary,
 * baseRevisionId, createOnly, noCreate}`, title normalized. `host`: `{db, config, core, log, caller}`.
 * Answers `{ok: true, result}` or `{ok: false, error: {code, info}}` with MediaWiki API error codes.
 */
export async function editPage(host, request) {
  // The wiki's own configuration page is this host's configuration, checked by its schema.
  if (isWikiConfigPage(request.namespace, request.title)) {
    try {
      parseWikiConfig(request.text);
    } catch (error) {
      return failure('strata-invalid-config', error.message);
    }
  }
  return askCore(host, { action: 'edit', ...request });
}

/** Deletes a page. `request`: `{namespace, title, summary, baseRevisionId}`; answers like `editPage`. */
export async function removePage(host, request) {
  return askCore(host, { action: 'delete', ...request });
}

/**
 * The core answers the action's result or rejects with a StrataError (`docs/page-actions.md`); a
 * refusal becomes the api.php error `{code, info, ...details}`. Anything else is the server's failure.
 */
async function askCore(host, request) {
  if (typeof host.core?.handlePageAction !== 'function') return CORE_UNAVAILABLE;
  const bridge = makeBridge(makeHostOps(host));
  try {
    return { ok: true, result: JSON.parse(await host.core.handlePageAction(JSON.stringify({ ...request, caller: host.caller }), bridge)) };
  } catch (error) {
    if (error?.name !== 'StrataError') throw error;
    return failure(error.code, error.message, error.details);
  }
}
