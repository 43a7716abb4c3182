// A progress bar for long command-line runs: redrawn in place on a terminal, one line per tenth
// otherwise (logs stay readable).
const WIDTH = 30;

export function progressBar(stream, label) {
  const started = Date.now();
  let lastTenth = -1;
  const line = ({ processed, failed, total }) => {
    const share = total > 0 ? Math.min(processed / total, 1) : 1;
    const filled = Math.round(share * WIDTH);
    const seconds = (Date.now() - started) / 1000;
    const rate = seconds > 0 ? Math.round(processed / seconds) : 0;
    return `${label} [${'#'.repeat(filled)}${'.'.repeat(WIDTH - filled)}] ${processed}/${total} pages, ${failed} failed, ${rate} pages/s`;
  };
  return {
    update(progress) {
      if (stream.isTTY) {
        stream.write(`\r${line(progress)}`);
        return;
      }
      const tenth = progress.total > 0 ? Math.floor((progress.processed / progress.total) * 10) : 10;
      if (tenth !== lastTenth) {
        lastTenth = tenth;
        stream.write(`${line(progress)}\n`);
      }
    },
    end() {
      if (stream.isTTY) stream.write('\n');
    },
  };
}
