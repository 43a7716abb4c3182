// One load run against a wiki's REST API: `request(i, worker)` with `concurrency` requests in flight
// until `requests` are sent or `seconds` pass, whichever ends first. Answers the throughput and the
// latency percentiles; nothing is asserted.

/** `{count, rps, p50, p99, failed}` (milliseconds as strings with two decimals). */
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
  const start = performance.now();
  await Promise.all(Array.from({ length: concurrency }, (_, w) => worker(w)));
  const elapsed = (performance.now() - start) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))].toFixed(2);
  return { count: latencies.length, rps: (latencies.length / elapsed).toFixed(0), p50: at(0.5), p99: at(0.99), failed };
}
