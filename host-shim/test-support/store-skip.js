/**
 * A store test whose store is not there fails, unless the run says explicitly that store tests are
 * skipped (`STRATA_SKIP_STORE_TESTS=1`): a missing store never turns a run green by itself.
 */
export const SKIP_VARIABLE = 'STRATA_SKIP_STORE_TESTS';

/** The skip reason when skipping was asked for; otherwise throws, naming what is missing. */
export function missingStore(why) {
  if (process.env[SKIP_VARIABLE] === '1') return `${why} (${SKIP_VARIABLE}=1)`;
  throw new Error(`${why}; store tests need their stores (scripts/stores/start-all.sh), or ${SKIP_VARIABLE}=1 to skip them`);
}
