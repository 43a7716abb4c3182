// One load run against a wiki's REST API: `request(i, worker)` with `concurrency` requests in flight
// until `requests` are sent or `seconds` pass, whichever ends first. Answers the throughput, the
// latency percentiles and the CPU the client itself used (it shares the machine with the server);
// nothing is asserted. Also what the benchmark scripts share around their runs: the median of runs,
// and the Statements of the Person Subjects a load creates and replaces.

/** The median of `values` (the upper one of an even count). */
export const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** The Statements of the `n`th Person Subject of a load: a name and an age. */
export const personStatements = (n) => ({ Name: { propertyType: 'text', value: [`Person ${n}`] }, Age: { propertyType: 'number', value: n % 100 } });

/**
 * `{count, rps, p50, p99, failed, clientCpuMs, seconds}` (milliseconds as strings with two
 * decimals; `clientCpuMs` is this process's user and system CPU over the run).
 */
export async function loadRun({ concurrency, requests, seconds }, request) {
  const latencies = [];
  const deadline = performance.now() + seconds * 1000;
  let next = 0;
  let failed = 0;
  const worker = async (w) => {
    while (next < requests && performance.now() < deadline) {
      const i = next;
      next += 1;
      const start = performance.now();
      const answer = await request(i, w);
      latencies.push(performance.now() - start);
      if (answer.status >= 300) failed += 1;
    }
  };
  const cpuBefore = process.cpuUsage();
  const start = performance.now();
  await Promise.all(Array.from({ length: concurrency }, (_, w) => worker(w)));
  const elapsed = (performance.now() - start) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  latencies.sort((a, b) => a - b);
  const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))].toFixed(2);
  return {
    count: latencies.length, rps: (latencies.length / elapsed).toFixed(0), p50: at(0.5), p99: at(0.99), failed,
    clientCpuMs: (cpu.user + cpu.system) / 1000, seconds: elapsed,
  };
}
