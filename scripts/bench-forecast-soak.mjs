// The forecast soak (docs/forecast.md "After a write"): one server, an organisation of 600 employees (× 3 salaries × 8
// costs) and 1,900 transactions, 150 requests/s for ten minutes of a fiduciary's mix — forecast
// reads at 13 and 60 months, the details the Prognose page asks for, the transaction list, and
// one write in ten (a transaction's amount, then the forecast read again). The line compares the
// first and the last minute: the throughput must hold (within ±10 %), the latency must not climb.
//   BENCH_ONLY=forecast-soak npm run bench      (BENCH_SOAK_MINUTES, default 10; BENCH_SOAK_RATE, 150)
import autocannon from 'autocannon';
import { startSeeded } from './bench-forecast-api.mjs';

const MINUTES = Number(process.env.BENCH_SOAK_MINUTES ?? 10);
const RATE = Number(process.env.BENCH_SOAK_RATE ?? 150);
const SIZE = { employees: 600, transactions: 1_900 };

/** The mix of one connection's turn: nine reads and one write, cycled. */
function requestsOf(cookie, origin, transactionIds) {
  // As the Prognose page asks in Chromium: the details compressed, kept until the next write.
  const headers = { cookie, 'accept-encoding': 'gzip, deflate, br, zstd' };
  const read = (path) => ({ method: 'GET', path, headers });
  let turn = 0;
  return [
    read('/api/forecasts?months=13'),
    read('/api/forecasts?months=60'),
    read('/api/forecasts/details?months=13&expand='),
    read('/api/forecasts?months=13'),
    read('/api/transactions?limit=20'),
    read('/api/forecasts/details?months=60&expand=expense:L%C3%B6hne'),
    read('/api/forecasts?months=60'),
    read('/api/bank-accounts'),
    {
      method: 'PATCH',
      headers: { ...headers, origin, 'content-type': 'application/json' },
      setupRequest: (request) => {
        turn += 1;
        const id = transactionIds[turn % transactionIds.length];
        return { ...request, path: `/api/transactions/${id}`, body: JSON.stringify({ amount: -(100_000 + turn) }) };
      },
    },
    read('/api/forecasts?months=13'),
  ];
}

/** One minute at the fixed rate: answered requests per second, median and p99 in ms, non-2xx count. */
async function minute(url, requests) {
  const result = await autocannon({ url, connections: 20, overallRate: RATE, duration: 60, requests });
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    failed: result.non2xx + result.errors + result.timeouts,
  };
}

async function soakOne(label, helpers, target) {
  const { stop, line } = helpers;
  const { server, origin, cookie } = await startSeeded(helpers, target, SIZE);
  try {
    const list = await (await fetch(`${origin}/api/transactions?limit=100`, { headers: { cookie } })).json();
    const requests = requestsOf(
      cookie,
      origin,
      list.data.map((transaction) => transaction.id),
    );
    const minutes = [];
    for (let i = 0; i < MINUTES; i += 1) minutes.push(await minute(origin, requests));
    const first = minutes[0];
    const last = minutes.at(-1);
    const change = Math.round((100 * (last.rps - first.rps)) / first.rps);
    line(
      `${label}: soak ${MINUTES} min at ${RATE} req/s, ${SIZE.employees} employees, ${SIZE.transactions} tx (target ±10 %)`,
      `${change > 0 ? '+' : ''}${change}`,
      '% last vs first minute',
      `req/s per minute ${minutes.map((m) => m.rps).join(', ')}; median ${first.p50} -> ${last.p50} ms, ` +
        `p99 ${first.p99} -> ${last.p99} ms; failed ${minutes.reduce((sum, m) => sum + m.failed, 0)}`,
    );
  } finally {
    await stop(server.child);
  }
}

/** PGlite, then PostgreSQL when one is reachable. */
export async function benchForecastSoak(helpers) {
  await helpers.inTempDir('soak', (dataDir) =>
    soakOne('PGlite', helpers, { dataDir, port: 3911, target: { kind: 'pglite', dataDir: `${dataDir}/pglite` } }),
  );
  await helpers.onFreshPostgres('forecast soak', ({ url, dataDir }) =>
    soakOne('PostgreSQL', helpers, {
      dataDir,
      port: 3912,
      env: { DATABASE_URL: url },
      target: { kind: 'postgres', url },
    }),
  );
}
