// Scenarios on the big organisation (docs/scenarios.md "Speed"): the comparison of the base and
// four scenarios of ten levers each at 60 months (p99 under load), a scenario's forecast read right
// after one of its levers changed (p99 and median), on PGlite and on PostgreSQL; and the pure
// engine's time of a scenario of 100 levers against the base, in the same rounds. Called from
// scripts/bench.mjs with its helpers; alone:
//   BENCH_ONLY=scenarios npm run bench     (BENCH_WRITE_READS: reads after an edit per round, default
//   100; BENCH_ROUNDS: rounds, default 3; BENCH_SCENARIO_ENGINE=0: without the engine lines)
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { brotliCompressSync, constants } from 'node:zlib';
import { BROWSER_ACCEPT_ENCODING, fetchRaw, signIn, startSeeded } from './bench-forecast-api.mjs';

const READS = Number(process.env.BENCH_WRITE_READS ?? 100);
/** The servers' ports (BENCH_SCENARIO_PORT and the next one), so parallel benches do not collide. */
const PORT = Number(process.env.BENCH_SCENARIO_PORT ?? 3971);
/** Rounds of the engine line (BENCH_ROUNDS, default 3, always odd: the median is a measured round). */
const ROUNDS = 2 * Math.floor(Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3)) / 2) + 1;

/** The bytes an answer takes on the wire (compressed as the browser asks), and its time. */
function onTheWire(url, cookie) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const request = http.get(url, { headers: { cookie, 'accept-encoding': BROWSER_ACCEPT_ENCODING } }, (response) => {
      let bytes = 0;
      response.on('data', (chunk) => (bytes += chunk.length));
      response.on('end', () => resolve({ bytes, ms: performance.now() - started }));
    });
    request.on('error', reject);
  });
}

/**
 * Where a kept answer's time goes besides the computation (docs/scenarios.md "Speed"): written
 * (JSON.stringify), compressed (brotli at the server's quality 4, plugins/encoded-answer.ts) and
 * read back (JSON.parse, as the browser does), measured here in the bench's process on the answer.
 */
function answerCosts(text) {
  const timed = (work) => {
    const started = performance.now();
    const value = work();
    return [performance.now() - started, value];
  };
  const [parseMs, value] = timed(() => JSON.parse(text));
  const [writeMs] = timed(() => JSON.stringify(value));
  const [compressMs, compressed] = timed(() =>
    brotliCompressSync(text, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } }),
  );
  return `write ${Math.round(writeMs)} ms, brotli ${Math.round(compressMs)} ms to ${Math.round(compressed.length / 1024)} KB, parse ${Math.round(parseMs)} ms`;
}

/** Nearest-rank percentile of sorted `values`. */
function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** The peak resident memory of a process (VmHWM of /proc, Linux only), or null. */
function peakMemory(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kilobytes = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1]);
    return Number.isFinite(kilobytes) ? `${Math.round(kilobytes / 1024)} MB` : null;
  } catch {
    return null;
  }
}

function median(values) {
  return [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
}

/**
 * Ten levers, one of each type but the VAT switch (a second delay instead), varied by `k` so that
 * scenarios differ: `ids` names the rows they target (`revenue` and `expense` transactions, a
 * `category`, an `employee`, the `chf` currency) and `month` the first month they act in (YYYY-MM).
 */
export function tenLevers(k, ids, month) {
  const day = `${month}-01`;
  return [
    { type: 'delay', days: 30 + k, from: day, side: 'revenue' },
    { type: 'percentage', percent: -(5 + k), from: day, side: 'expense' },
    { type: 'oneOff', name: `Investition ${k}`, date: `${month}-15`, amount: -(50_000_00 + k), currencyId: ids.chf },
    {
      type: 'loan',
      name: `Kredit ${k}`,
      date: day,
      amount: 500_000_00,
      currencyId: ids.chf,
      ratePercent: 4.5,
      repayment: k % 2 ? 'linear' : 'annuity',
      cycle: 'quarterly',
      payments: 20,
    },
    {
      type: 'hire',
      name: `Entwicklerin ${k}`,
      from: day,
      salary: 8_500_00 + k,
      currencyId: ids.chf,
      birthDate: '1990-05-01',
      payments: 13,
    },
    { type: 'raise', from: day, percent: 2 },
    { type: 'customer', action: 'lose', from: day, transactionId: ids.revenue[k % ids.revenue.length] },
    { type: 'transaction', action: 'stop', from: day, transactionId: ids.expense[k % ids.expense.length] },
    { type: 'delay', days: 10 + k, from: day, categoryId: ids.category },
    { type: 'leave', employeeId: ids.employee, date: `${month}-28` },
  ];
}

/** The rows the levers name, read from the API of the seeded organisation. */
async function targetIds(origin, headers) {
  const get = async (address) => {
    const response = await fetch(`${origin}${address}`, { headers });
    if (response.status !== 200) throw new Error(`${address}: ${response.status} ${await response.text()}`);
    return response.json();
  };
  const transactions = (await get('/api/transactions?limit=100&hideDisabled=true')).data;
  const currencies = await get('/api/currencies');
  return {
    chf: (currencies.data ?? currencies).find((currency) => currency.code === 'CHF').id,
    revenue: transactions.filter((row) => row.amount > 0).map((row) => row.id),
    expense: transactions.filter((row) => row.amount < 0).map((row) => row.id),
    category: transactions[0].category.id,
    employee: (await get('/api/employees?limit=1')).data[0].id,
  };
}

async function benchOne(label, helpers, options) {
  const { stop, load, line } = helpers;
  const started = await startSeeded(helpers, options);
  const { server, origin, seedMs } = started;
  let { cookie } = started;
  line(`${label}: seeding the big organisation for scenarios`, seedMs, 'ms');
  const headers = { cookie, origin, 'content-type': 'application/json' };
  // As the compare page asks in a browser: with its Accept-Encoding (the answer is kept compressed).
  const compareHeaders = { ...headers, 'accept-encoding': BROWSER_ACCEPT_ENCODING };
  const { email } = await (await fetch(`${origin}/api/profile`, { headers })).json();
  // A run this slow outlives a session (the 401 of 29.11.2026): signed in anew before each line.
  const signInAgain = async () => {
    cookie = await signIn(origin, email);
    headers.cookie = cookie;
    compareHeaders.cookie = cookie;
  };
  const send = async (method, address, body) => {
    const response = await fetch(`${origin}${address}`, { method, headers, body: JSON.stringify(body) });
    if (response.status >= 300) throw new Error(`${method} ${address}: ${response.status} ${await response.text()}`);
    return response.json();
  };
  try {
    const ids = await targetIds(origin, headers);
    const firstMonth = (await (await fetch(`${origin}/api/forecasts?months=13`, { headers })).json()).months[1].month;
    const scenarios = [];
    for (let k = 0; k < 4; k += 1) {
      scenarios.push(
        await send('POST', '/api/scenarios', { name: `Szenario ${k}`, levers: tenLevers(k, ids, firstMonth) }),
      );
    }

    const compareUrl = `${origin}/api/scenarios/compare?ids=base,${scenarios.map((row) => row.id).join(',')}&months=60`;
    const timedCompare = async () => {
      const started = performance.now();
      const response = await fetch(compareUrl, { headers: compareHeaders });
      if (response.status !== 200) throw new Error(`compare: ${response.status} ${await response.text()}`);
      const bytes = (await response.arrayBuffer()).byteLength;
      return { ms: performance.now() - started, bytes };
    };
    // Rounds: one lever of each scenario edited (its one-off's amount), so the comparison computes all
    // four anew (the base stays cached), then the same comparison again (served from the cache).
    const oneOffs = [];
    for (const scenario of scenarios) {
      const { levers } = await (await fetch(`${origin}/api/scenarios/${scenario.id}`, { headers })).json();
      oneOffs.push({ scenario, lever: levers.find((lever) => lever.type === 'oneOff') });
    }
    const cold = [];
    const warm = [];
    let bytes = 0;
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const { scenario, lever } of oneOffs) {
        await send('PATCH', `/api/scenarios/${scenario.id}/levers/${lever.id}`, {
          lever: { ...lever.lever, amount: -(70_000_00 + round) },
        });
      }
      const first = await timedCompare();
      bytes = first.bytes;
      cold.push(first.ms);
      warm.push((await timedCompare()).ms);
    }
    // The tag of the kept answer: the same comparison held by the browser is answered 304.
    const tag = (await fetch(compareUrl, { headers: compareHeaders })).headers.get('etag');
    const held = await fetchRaw(compareUrl, cookie, { 'if-none-match': tag ?? '' });
    if (held.statusCode !== 304) throw new Error(`compare with its ETag: ${held.statusCode}, not 304`);
    const spread = (times) =>
      `median ${Math.round(median(times))} ms, rounds ${times.map((ms) => Math.round(ms)).join(', ')} ms`;
    line(
      `${label}: compare base + 4 x 10 levers, 60 months, after an edit of each scenario (target well within 5 s)`,
      Math.round(median(cold)),
      'ms',
      `${spread(cold)}; ${Math.round(bytes / 1024)} KB`,
    );
    const wire = await onTheWire(compareUrl, cookie);
    const costs = answerCosts(await (await fetch(compareUrl, { headers })).text());
    line(
      `${label}: compare base + 4 x 10 levers, 60 months, again (cached)`,
      Math.round(median(warm)),
      'ms',
      `${spread(warm)}; ${Math.round(wire.bytes / 1024)} KB on the wire in ${Math.round(wire.ms)} ms; ${costs}`,
    );
    // The load in rounds, every answer checked: an error answer (a session ended, a 500) fails the
    // run instead of being measured (docs/scenarios.md "Speed").
    await signInAgain();
    const loads = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      const measured = await load(compareUrl, { cookie, 'accept-encoding': BROWSER_ACCEPT_ENCODING });
      if (measured.failed > 0 || measured.rps === 0)
        throw new Error(
          `compare load: ${measured.failed} of ${measured.answers} answers not 200/304 (round ${round + 1})`,
        );
      loads.push(measured);
    }
    // The server after the load: alive, and its peak memory (the connection reset of 29.11.2026).
    const alive = server.child.exitCode === null && server.child.signalCode === null;
    const peak = peakMemory(server.child.pid);
    const after = alive
      ? `server alive${peak ? `, peak RSS ${peak}` : ''}`
      : `server ended: ${server.child.exitCode ?? server.child.signalCode}`;
    const p99s = loads.map((measured) => measured.p99);
    line(
      `${label}: compare base + 4 x 10 levers, 60 months, 10 connections (target p99 < 150 ms)`,
      median(p99s),
      'ms p99',
      `median of rounds ${p99s.join(', ')} ms; ${loads.map((measured) => measured.rps).join(', ')} req/s, every answer 200; ${after}`,
    );
    if (!alive) throw new Error(`the server ended during the compare load (${after})`);
    // The load leaves computations queued that block the server's event loop; a request sent then
    // waits past Node's headersTimeout (60 s) and is reset (docs/scenarios.md "Speed"): wait first.
    await helpers.untilIdle(server.child);

    // A lever edit (the one-off's amount), then the scenario's forecast: each read computes anew.
    const { scenario, lever: oneOff } = oneOffs[0];
    const forecastUrl = `${origin}/api/forecasts?months=60&scenario=${scenario.id}`;
    // In rounds of READS edits each: the median round's p99, and every round's.
    const rounds = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      await signInAgain();
      const times = [];
      for (let i = 0; i < READS; i += 1) {
        await send('PATCH', `/api/scenarios/${scenario.id}/levers/${oneOff.id}`, {
          lever: { ...oneOff.lever, amount: -(60_000_00 + round * READS + i) },
        });
        const started = performance.now();
        const response = await fetch(forecastUrl, { headers });
        if (response.status !== 200) throw new Error(`scenario forecast: ${response.status}`);
        await response.arrayBuffer();
        times.push(performance.now() - started);
      }
      times.sort((a, b) => a - b);
      rounds.push({ p99: Math.round(percentile(times, 99)), median: Math.round(median(times)) });
    }
    const editP99s = rounds.map((round) => round.p99);
    line(
      `${label}: GET /api/forecasts?scenario=&months=60 after a lever edit (target p99 < 60 ms)`,
      median(editP99s),
      'ms p99',
      `median of rounds ${editP99s.join(', ')} ms; medians ${rounds.map((round) => round.median).join(', ')} ms; ${READS} edits a round`,
    );
  } finally {
    await stop(server.child);
  }
}

/**
 * Ten levers that each name one row (no side or category wide ones): what a scenario of many levers
 * mostly holds — hires, leaves, one-offs, loans, single transactions changed, stopped or late.
 */
export function tenTargetedLevers(k, ids, month) {
  const day = `${month}-01`;
  const [oneOff, loan, hire] = tenLevers(k, ids, month).slice(2, 5);
  return [
    oneOff,
    loan,
    hire,
    { type: 'raise', from: day, employeeId: ids.employees[k % ids.employees.length], percent: 3 },
    { type: 'leave', employeeId: ids.employees[(k + 50) % ids.employees.length], date: `${month}-28` },
    { type: 'customer', action: 'lose', from: day, transactionId: ids.revenue[k] },
    { type: 'transaction', action: 'stop', from: day, transactionId: ids.expense[k] },
    { type: 'transaction', action: 'change', from: day, transactionId: ids.expense[k + 100], amount: -(1_000_00 + k) },
    { type: 'delay', days: 45, from: day, transactionId: ids.revenue[k + 100] },
    { type: 'delay', days: 20, from: day, transactionId: ids.expense[k + 200] },
  ];
}

/**
 * The pure engine (packages/forecast): the big organisation at 60 months, the base against a
 * scenario (its levers applied, then computed), measured in turns within each round; a line gives
 * the median round's extra time in % of the base, and every round's. Two scenarios: 100 levers
 * that each name one row, and one set of `tenLevers` (whose side-wide delay and percentage rewrite
 * every recurring transaction of a side into its single occurrences, docs/scenarios.md "Speed").
 */
export async function benchScenarioEngine({ line }) {
  const { computeForecast, applyLevers } = await import('../packages/forecast/dist/index.js');
  const { organisation } = await import('../packages/forecast/bench/forecast.bench.mjs');
  const input = organisation(1000, 10_000, 60);
  const names = [...new Set(input.transactions.map((row) => row.categoryName))];
  const context = {
    categoryNames: new Map(names.map((name, i) => [i + 1, name])),
    currencyCodes: new Map([
      [1, 'CHF'],
      [2, 'EUR'],
      [3, 'USD'],
    ]),
    vatBasisPoints: new Map([[1, 810]]),
  };
  const recurring = input.transactions.filter((row) => row.type === 'repeating' && !row.isDisabled);
  const ids = {
    chf: 1,
    revenue: recurring.filter((row) => row.amount > 0).map((row) => row.id),
    expense: recurring.filter((row) => row.amount < 0).map((row) => row.id),
    category: 1,
    employee: input.salaries[0].employeeId,
    employees: [...new Set(input.salaries.map((salary) => salary.employeeId))],
  };
  const month = input.today.slice(0, 7);
  const numbered = (levers) => levers.map((lever, i) => ({ id: i + 1, lever, targetDeleted: false }));
  const scenarios = [
    [
      '100 levers naming one row each',
      numbered(Array.from({ length: 10 }, (_, k) => tenTargetedLevers(k, ids, month)).flat()),
      10,
    ],
    ['10 levers incl. side-wide delay and percentage', numbered(tenLevers(0, ids, month)), 3],
  ];
  const timed = (work) => {
    const started = performance.now();
    work();
    return performance.now() - started;
  };
  const base = () => computeForecast(input);
  for (const [name, levers, runs] of scenarios) {
    const scenario = () => computeForecast(applyLevers(input, levers, context));
    base();
    scenario();
    const extras = [];
    const rounds = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      const baseTimes = [];
      const scenarioTimes = [];
      for (let i = 0; i < runs; i += 1) {
        baseTimes.push(timed(base));
        scenarioTimes.push(timed(scenario));
      }
      const [b, s] = [median(baseTimes), median(scenarioTimes)];
      rounds.push({ b, s });
      extras.push(Math.round((100 * (s - b)) / b));
    }
    const middle = rounds[extras.indexOf(median(extras))];
    const signed = (extra) => (extra < 0 ? `${extra}` : `+${extra}`);
    line(
      `forecast engine, ${name} vs base, 60 months (target < +20 %)`,
      signed(median(extras)),
      '%',
      `base ${middle.b.toFixed(1)} ms, scenario ${middle.s.toFixed(1)} ms; rounds ${extras.map(signed).join(', ')} %`,
    );
  }
}

/** Both databases; PostgreSQL only when one is reachable (`onFreshPostgres` prints n/a otherwise). */
export async function benchScenarios(helpers) {
  // BENCH_SCENARIO_ENGINE=0: the API lines only.
  if (process.env.BENCH_SCENARIO_ENGINE !== '0') await benchScenarioEngine(helpers);
  await helpers.inTempDir('sc', (dataDir) =>
    benchOne('PGlite', helpers, { dataDir, port: PORT, target: { kind: 'pglite', dataDir: `${dataDir}/pglite` } }),
  );
  await helpers.onFreshPostgres('scenarios', ({ url, dataDir }) =>
    benchOne('PostgreSQL', helpers, {
      dataDir,
      port: PORT + 1,
      env: { DATABASE_URL: url },
      target: { kind: 'postgres', url },
    }),
  );
}
