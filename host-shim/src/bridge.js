/**
 * The contract's `HostBridge`: `call(op, argsJson)` parses the arguments, runs the named operation of
 * `hostOps` (sync or async) and answers its result as JSON text. Every failure is a rejected promise
 * whose message names the operation.
 */
export function makeBridge(hostOps) {
  return {
    async call(op, argsJson) {
      if (typeof op !== 'string' || !Object.hasOwn(hostOps, op) || typeof hostOps[op] !== 'function') {
        throw new Error(`unknown host operation "${op}"`);
      }
      let args;
      try {
        args = argsJson === undefined || argsJson === '' ? {} : JSON.parse(argsJson);
      } catch (error) {
        throw new Error(`host operation "${op}": arguments are not JSON: ${error.message}`, { cause: error });
      }
      try {
        return JSON.stringify((await hostOps[op](args)) ?? null);
      } catch (error) {
        throw new Error(`host operation "${op}" failed: ${error?.message ?? error}`, { cause: error });
      }
    },
  };
}
