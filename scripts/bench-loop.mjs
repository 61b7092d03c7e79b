// The two ways the bench measures throughput, both after the same warm-up: a fresh server or
// database connection first compiles its code paths and fills its caches, which a running
// instance has long done, and both sides of a ratio get the same head start.
import autocannon from 'autocannon';

/** Unmeasured seconds before each measurement (a tenth of it, at least one second). */
export const warmUpSeconds = (seconds) => Math.max(1, Math.round(seconds / 10));

/** `url` under 10 connections for `seconds` (autocannon), after a warm-up: req/s and p99 in ms. */
export async function loadUrl(url, headers, seconds) {
  await autocannon({ url, headers, connections: 10, duration: warmUpSeconds(seconds) });
  const result = await autocannon({ url, headers, connections: 10, duration: seconds });
  return { rps: Math.round(result.requests.average), p99: result.latency.p99 };
}

/**
 * The raw-query ceiling: `work` (the repository calls of one request: the same SQL through the same
 * driver, no HTTP, session, mapping or JSON) by `workers` concurrent callers for `seconds`, after a
 * warm-up: runs/s and p99 in ms.
 */
export async function ceilingLoop(work, { workers, seconds }) {
  const run = async (duration) => {
    const latencies = [];
    const until = performance.now() + duration * 1000;
    const worker = async () => {
      while (performance.now() < until) {
        const started = performance.now();
        await work();
        latencies.push(performance.now() - started);
      }
    };
    await Promise.all(Array.from({ length: workers }, worker));
    return latencies;
  };
  await run(warmUpSeconds(seconds));
  const latencies = (await run(seconds)).sort((a, b) => a - b);
  return {
    rps: Math.round(latencies.length / seconds),
    p99: Math.round(latencies[Math.floor(latencies.length * 0.99)] ?? 0),
  };
}
