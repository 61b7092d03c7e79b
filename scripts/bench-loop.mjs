// The two ways the bench measures throughput, both after the same warm-up: a fresh server or
// database connection first compiles its code paths and fills its caches, which a running
// instance has long done, and both sides of a ratio get the same head start.
import autocannon from 'autocannon';

/**
 * Unmeasured seconds before each measurement: one and a half times its length. A fresh process
 * (the server, started anew for every round, and the bench process the first time it runs a
 * ceiling) is slow until V8 has optimised its paths, and on the busy 2-core machine that takes 3 to
 * 14 s: GET /api/bank-accounts on PostgreSQL cost the server 700 µs of CPU per request for its
 * first 10 s in one start and 400 µs from the fourth second in the next. A shorter warm-up measured
 * that climb, in every API round, while the ceiling's process stayed warm from its first round.
 */
export const warmUpSeconds = (seconds) => Math.max(1, Math.round(seconds * 1.5));

/** `url` under 10 connections for `seconds` (autocannon), after a warm-up: req/s and p99 in ms. */
export async function loadUrl(url, headers, seconds) {
  const warmUp = await autocannon({ url, headers, connections: 10, duration: warmUpSeconds(seconds) });
  const result = await autocannon({ url, headers, connections: 10, duration: seconds });
  // What did not answer 2xx or 304 (autocannon counts a 304 among the 3xx): a caller that must not
  // measure error answers (a session ended, a 500) checks `failed` (bench-scenarios.mjs).
  const failedOf = (run) => run['1xx'] + run['4xx'] + run['5xx'] + run.errors + run.timeouts;
  const failed = failedOf(warmUp) + failedOf(result);
  return { rps: Math.round(result.requests.average), p99: result.latency.p99, failed, answers: result.requests.total };
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

/**
 * How often the bench measures an API and its ceiling in turn (BENCH_ROUNDS, default 3). Always odd,
 * so that the median is a measured round (of an even count it would be the faster middle one).
 */
const ROUNDS = 2 * Math.floor(Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3)) / 2) + 1;

function medianOf(values, by = (value) => value) {
  return [...values].sort((a, b) => by(a) - by(b))[Math.floor(values.length / 2)];
}

/**
 * An API and its raw-query ceiling measured in turns (API, ceiling, API, ceiling, … ROUNDS times):
 * a slow spell of the shared machine then falls on both sides rather than on one (measured once
 * each, one after the other, the same ratio swung by 30 points between runs). `measureApi` and
 * `measureCeiling` each answer { [list]: { rps, p99 } }. Per list: the median round of each side
 * (by req/s), the ratio of every round in %, and the median of those ratios.
 */
export async function inTurns(measureApi, measureCeiling) {
  const apiRounds = [];
  const ceilingRounds = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    apiRounds.push(await measureApi());
    ceilingRounds.push(await measureCeiling());
  }
  return Object.fromEntries(
    Object.keys(apiRounds[0]).map((list) => {
      const api = apiRounds.map((measured) => measured[list]);
      const ceiling = ceilingRounds.map((measured) => measured[list]);
      const ratios = api.map((side, round) => Math.round((100 * side.rps) / Math.max(1, ceiling[round].rps)));
      const bySpeed = (side) => side.rps;
      return [
        list,
        { api: medianOf(api, bySpeed), ceiling: medianOf(ceiling, bySpeed), ratios, ratio: medianOf(ratios) },
      ];
    }),
  );
}

/** The value, unit and note of a ratio line from `inTurns`: the median, and every round's ratio. */
export function ratioNote({ ratio, ratios }, target = 70) {
  return [
    ratio,
    '% of the ceiling',
    `target >= ${target} %; median of ${ratios.length} rounds: ${ratios.join(', ')} %`,
  ];
}
