// A progress line on stderr: pages done of the total and the rate. On a terminal it is redrawn in
// place (at most ten times a second); otherwise a line is printed every few seconds.

const TTY_INTERVAL_MS = 100;
const LOG_INTERVAL_MS = 5000;
const BAR_WIDTH = 30;

export function makeProgress(stream, total, { now = () => Date.now() } = {}) {
  const started = now();
  let shownAt = -Infinity;
  const line = (done) => {
    const seconds = Math.max((now() - started) / 1000, 0.001);
    const fraction = total === 0 ? 1 : Math.min(done / total, 1);
    const filled = Math.round(fraction * BAR_WIDTH);
    const bar = `[${'#'.repeat(filled)}${'.'.repeat(BAR_WIDTH - filled)}]`;
    return `${bar} ${done}/${total} pages, ${Math.round(done / seconds)} pages/s`;
  };
  return {
    update(done) {
      const interval = stream.isTTY ? TTY_INTERVAL_MS : LOG_INTERVAL_MS;
      if (done >= total || now() - shownAt < interval) return;
      shownAt = now();
      stream.write(stream.isTTY ? `\r${line(done)}` : `${line(done)}\n`);
    },
    finish(done) {
      stream.write(stream.isTTY ? `\r${line(done)}\n` : `${line(done)}\n`);
    },
  };
}
