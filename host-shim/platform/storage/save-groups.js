// Group commit of the saves of concurrent requests. A save asks for the next group and waits: the saves
// that arrive before the group runs (within one turn of the event loop) commit in one SQLite transaction,
// so one fsync (`synchronous = FULL`) makes all of them durable. Each request's saves stay atomic with
// their index rows inside the group (a savepoint each: a conflict or a failure undoes that request's saves
// alone), and each request is answered only after its group's COMMIT returned.
import { runQueuedClears } from '../../stores/pending.js';
import { savePages } from './page-writes.js';

const waitingByDb = new WeakMap();
const statsByDb = new WeakMap();

/** `{groups, saves}`: how many groups this connection committed and how many requests' saves they held. */
export function groupStats(db) {
  return { ...(statsByDb.get(db) ?? { groups: 0, saves: 0 }) };
}

/**
 * `savePages` for one request (with its stores' pending-projection markers and the Schema revisions it
 * was validated against), committed with the saves that arrive with it; resolves to its answer after
 * COMMIT.
 */
export function savePagesInGroup(db, saves, author, timestamp, pendingStores = [], validatedAgainst = []) {
  let waiting = waitingByDb.get(db);
  if (!waiting) {
    waiting = [];
    waitingByDb.set(db, waiting);
  }
  return new Promise((resolve, reject) => {
    waiting.push({ saves, author, timestamp, pendingStores, validatedAgainst, resolve, reject });
    if (waiting.length === 1) setImmediate(() => commitGroup(db, waiting));
  });
}

function commitGroup(db, waiting) {
  const group = waiting.splice(0);
  let answers;
  // The stores' acknowledgements queued so far commit with the group: no commit of their own.
  let settleClears = () => {};
  try {
    // savePages opens a transaction of its own; inside this one, better-sqlite3 makes it a savepoint.
    answers = db.transaction(() => {
      const saved = group.map(({ saves, author, timestamp, pendingStores, validatedAgainst }) => {
        try {
          return { value: savePages(db, saves, author, timestamp, pendingStores, validatedAgainst) };
        } catch (error) {
          return { error };
        }
      });
      settleClears = runQueuedClears(db);
      return saved;
    })();
  } catch (error) {
    settleClears(error);
    for (const { reject } of group) reject(error);
    return;
  }
  settleClears();
  const stats = statsByDb.get(db) ?? { groups: 0, saves: 0 };
  statsByDb.set(db, { groups: stats.groups + 1, saves: stats.saves + group.length });
  group.forEach(({ resolve, reject }, i) => (answers[i].error ? reject(answers[i].error) : resolve(answers[i].value)));
}
