const LEVELS = new Set(['debug', 'info', 'warning', 'error']);

/** A logger writing `time level message` lines to a stream (stderr by default). */
export function makeLogger(stream = process.stderr) {
  return (level, message) => {
    const known = LEVELS.has(level) ? level : 'info';
    stream.write(`${new Date().toISOString()} ${known} ${message}\n`);
  };
}
