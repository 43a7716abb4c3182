// Loads the wasm-bindgen build of the Strata core: `pkg/node/strata.js` (`--target nodejs`, every
// export) in Node and the slim browser module `pkg/web-slim/strata.js` (`--target web`, which needs
// `init()`; what an editor needs, docs/ui.md) in a browser. Both live at the repository root.
const NODE_MODULE = new URL('../../pkg/node/strata.js', import.meta.url);
export const WEB_SLIM_MODULE = new URL('../../pkg/web-slim/strata.js', import.meta.url);

export class CoreNotBuiltError extends Error {
  constructor(moduleUrl, cause) {
    super(`the Strata core is not built: ${moduleUrl.pathname ?? moduleUrl} is missing. Build it at the `
      + 'repository root (scripts/build.sh).', { cause });
    this.name = 'CoreNotBuiltError';
  }
}

const inBrowser = () => typeof window !== 'undefined' && typeof window.document !== 'undefined';

/** The core's exports (`handleRoute`, `validate`, ...). `moduleUrl` overrides where the module is read from. */
export async function loadCore({ moduleUrl } = {}) {
  const browser = inBrowser();
  const url = moduleUrl ?? (browser ? WEB_SLIM_MODULE : NODE_MODULE);
  let module;
  try {
    module = await import(url.href ?? url);
  } catch (error) {
    if (browser || error?.code === 'ERR_MODULE_NOT_FOUND') throw new CoreNotBuiltError(url, error);
    throw new Error(`the Strata core at ${url} failed to load: ${error?.message ?? error}`, { cause: error });
  }
  if (browser) {
    await module.default();
    return module;
  }
  // `--target nodejs` output is CommonJS: its exports arrive as the default export.
  return module.default ?? module;
}
