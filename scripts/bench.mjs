// `npm run bench`: one line per figure of docs/design.md "Performance budgets". Measures the built
// server as users get it. One part alone: BENCH_ONLY=bank-accounts, bank-import, upload, employees, forecast-api, plan-actual, portfolio, recurring, qr-bills, realtime, first-load,
// forecast-writes, cached-read, engine, scenarios or forecast-soak (the last only on request: ten minutes per database)
// (BENCH_SECONDS, BENCH_ROUNDS), realtime.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { ceilingLoop, inTurns, loadUrl, ratioNote } from './bench-loop.mjs';
import { createTransactions, signUp } from './bench-data.mjs';

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const serverEntry = path.resolve('apps/api/dist/server.js');

/**
 * A new, empty PostgreSQL database next to DATABASE_URL (default: the local server's `postgres`), or
 * undefined when none answers. Dropped again after the bench.
 */
async function freshPostgresDatabase() {
  const { default: pg } = await import('pg');
  const adminUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
  const admin = async (sql) => {
    const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 2000 });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  const name = `saldopilot_bench_${Date.now()}`;
  try {
    await admin(`create database ${name}`);
  } catch {
    return undefined;
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`drop database if exists ${name} with (force)`) };
}

/** Runs `work(dir)` in a new temporary directory, removed after (also when `work` fails). */
async function inTempDir(name, work) {
  const dir = mkdtempSync(path.join(tmpdir(), `saldopilot-bench-${name}-`));
  try {
    return await work(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Runs `work({ url, dataDir })` on a new, empty PostgreSQL database (dropped after), the server's
 * data directory a temporary one; without a reachable PostgreSQL it prints `figure` as n/a instead.
 */
async function onFreshPostgres(figure, work) {
  const postgres = await freshPostgresDatabase();
  if (!postgres) return line(`${figure} (PostgreSQL)`, 'n/a', '', 'no PostgreSQL reachable; set DATABASE_URL');
  try {
    return await inTempDir('pg', (dataDir) => work({ url: postgres.url, dataDir }));
  } finally {
    await postgres.drop();
  }
}

function line(name, value, unit, note = '') {
  console.log(`${name.padEnd(48)} ${String(value).padStart(10)} ${unit}${note ? `  (${note})` : ''}`);
}

/**
 * The CPU time a child process has used so far (user + system, all its threads), in ms: what a loaded
 * machine moves less than the wall clock. Linux only (reads /proc); elsewhere undefined.
 */
function cpuMsOf(child) {
  try {
    const fields = readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10; // utime + stime, in 1/100 s
  } catch {
    return undefined;
  }
}

/** Waits until the child's /api/health first answers 200: the milliseconds it took and its CPU time by then. */
async function untilHealthy(child, port, started) {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (response.status === 200) return { child, ms: Math.round(performance.now() - started), cpuMs: cpuMsOf(child) };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** Starts the real server and resolves with the milliseconds until /api/health first answers 200. */
async function startServer(dataDir, port, env = {}) {
  const started = performance.now();
  // BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" profiles the servers the bench starts.
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, serverEntry], {
    env: {
      ...process.env,
      DATABASE_URL: '',
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      // "test" keeps the development outbox readable, so the bench can register a user by mail.
      NODE_ENV: 'test',
      RATES_URL: 'http://127.0.0.1:9/none',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return untilHealthy(child, port, started);
}

/**
 * Waits until the server process is idle (under 10 % of a core over half a second; at most 30 s).
 * A server that has just started keeps a core busy for seconds after its first 200: V8 optimises
 * PGlite's WebAssembly in the background. A page measured then would share the 2 cores with it.
 * Linux only (reads /proc); elsewhere it returns at once.
 */
async function untilIdle(child) {
  const cpuTicks = () => {
    try {
      const fields = readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1].split(' ');
      return Number(fields[11]) + Number(fields[12]); // utime + stime, in 1/100 s
    } catch {
      return undefined;
    }
  };
  const deadline = performance.now() + 30_000;
  let before = cpuTicks();
  while (before !== undefined && performance.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const after = cpuTicks();
    if (after === undefined || after - before < 5) return;
    before = after;
  }
}

async function stop(child) {
  child.kill('SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
}

/** Runs `work` while the real server runs on `dataDir`, and stops it after (also when `work` fails). */
async function withServer(dataDir, port, env, work) {
  const server = await startServer(dataDir, port, env);
  try {
    return await work();
  } finally {
    await stop(server.child);
  }
}

/**
 * First load of `address` by a signed-out visitor in headless Chromium, cache off: bytes over the
 * wire (headers + compressed bodies) and requests, once the login page is shown (a deep link such as
 * /employees is sent there by the guard).
 */
async function measureSignedOutFirstLoad(origin, address = '/auth') {
  const { chromium } = await import('@playwright/test');
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
  try {
    const page = await browser.newPage();
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    const bytes = new Map();
    cdp.on('Network.requestWillBeSent', (event) => bytes.set(event.requestId, 0));
    cdp.on('Network.loadingFinished', (event) => bytes.set(event.requestId, event.encodedDataLength));
    await page.goto(`${origin}${address}`, { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Login' }).waitFor();
    await page.waitForLoadState('networkidle');
    if (new URL(page.url()).pathname !== '/auth') throw new Error(`${address} ended at ${page.url()}, not /auth`);
    const total = [...bytes.values()].reduce((sum, size) => sum + size, 0);
    return { kb: Math.round(total / 102.4) / 10, requests: bytes.size };
  } finally {
    await browser.close();
  }
}

/** One bench line per signed-out first load: /auth and the deep links the guard sends there (docs/web.md "First load"). */
async function benchSignedOutFirstLoads(origin) {
  for (const address of ['/auth', '/employees', '/transactions', '/']) {
    const name = `first load of ${address} signed out (target <= 207 KB, <= 15 req)`;
    const result = await measureSignedOutFirstLoad(origin, address).catch((error) => ({ error }));
    if (result.error) line(name, 'n/a', '', result.error.message);
    else line(name, result.kb, 'KB', `${result.requests} requests`);
  }
}

/**
 * The Prognose page of the signed-in organisation with `months` months, in headless Chromium as a
 * returning user: milliseconds from the start of navigation until the table shows every month column
 * and the chart has drawn its line. Median of the warm loads; the first load (cold cache) is reported
 * apart. A returning user's browser keeps its profile on disk, and with it V8's code cache: from the
 * third load on the app's scripts are not compiled again. `private: true` measures a private window
 * instead (Playwright's default context), which keeps no code cache and compiles every script on
 * every load (~1 s of compile work on the 2-core machine).
 */
async function measureForecastPage(origin, cookie, months = 60, { runs = 7, private: incognito = false } = {}) {
  const { chromium } = await import('@playwright/test');
  const launch = { executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] };
  const profileDir = incognito ? undefined : mkdtempSync(path.join(tmpdir(), 'saldopilot-bench-profile-'));
  let browser;
  let context;
  try {
    if (profileDir) context = await chromium.launchPersistentContext(profileDir, launch);
    else {
      browser = await chromium.launch(launch);
      context = await browser.newContext();
    }
    const cookies = cookie.split('; ').map((pair) => {
      const at = pair.indexOf('=');
      return { name: pair.slice(0, at), value: pair.slice(at + 1), url: origin };
    });
    await context.addCookies([...cookies, { name: 'forecast-months', value: String(months), url: origin }]);
    await context.addInitScript(() => globalThis.localStorage.setItem('saldopilot:hadSession', '1'));
    const times = [];
    for (let run = 0; run < runs; run++) {
      const page = await context.newPage();
      await page.goto(`${origin}/`, { waitUntil: 'commit', timeout: 60_000 });
      const drawn = await page.waitForFunction(
        (columns) => {
          const done =
            globalThis.document.querySelectorAll('table thead th').length === columns + 1 &&
            globalThis.document.querySelector('[data-testid="forecast-chart"] path[d^="M"]');
          if (!done) return false;
          const answer = performance
            .getEntriesByType('resource')
            .find((entry) => entry.name.includes('/api/forecasts?'));
          return { total: performance.now(), api: answer ? answer.responseEnd - answer.requestStart : 0 };
        },
        months,
        { timeout: 60_000, polling: 'raf' },
      );
      times.push(await drawn.jsonValue());
      await page.close();
    }
    const [cold, ...warm] = times;
    const inOrder = warm.map((load) => Math.round(load.total));
    warm.sort((a, b) => a.total - b.total);
    const median = warm[Math.floor(warm.length / 2)] ?? cold;
    return {
      cold: Math.round(cold.total),
      median: Math.round(median.total),
      api: Math.round(median.api),
      warm: inOrder,
    };
  } finally {
    await context?.close();
    await browser?.close();
    if (profileDir) rmSync(profileDir, { recursive: true, force: true });
  }
}

/** Creates `count` bank accounts through the API (writes need the app's Origin, as a browser sends it). */
async function createBankAccounts(origin, cookie, count) {
  const currencies = await (await fetch(`${origin}/api/currencies`, { headers: { cookie } })).json();
  const [chf, eur] = ['CHF', 'EUR'].map((code) => currencies.find((currency) => currency.code === code).id);
  for (let index = 1; index <= count; index += 1) {
    const response = await fetch(`${origin}/api/bank-accounts`, {
      method: 'POST',
      headers: { cookie, origin, 'content-type': 'application/json' },
      body: JSON.stringify({
        name: `Konto ${index}`,
        amount: index * 123_45,
        // Every fifth in another currency, so the total converts.
        currencyId: index % 5 === 0 ? eur : chf,
      }),
    });
    if (response.status !== 201) throw new Error(`creating a bank account failed: ${await response.text()}`);
  }
  return (await (await fetch(`${origin}/api/profile`, { headers: { cookie } })).json()).currentOrganisationId;
}

/**
 * The database's ceiling for that list: the same repository calls (so the same SQL through the same
 * driver) in 10 loops at once for the bench's duration, without HTTP, sessions or JSON.
 */
async function rawBankAccountQueries(target, organisationId) {
  const { openDatabase } = await import(path.resolve('apps/api/dist/db/client.js'));
  const repository = await import(path.resolve('apps/api/dist/modules/bank-accounts/bank-accounts.repository.js'));
  const database = await openDatabase(target);
  const query = { page: 1, limit: 20, sortBy: 'name', sortOrder: 'ASC' };
  try {
    return await ceilingLoop(
      async () => {
        // What one list request asks: the page with its count, and (50 > 20) every balance.
        await repository.listBankAccounts(database.db, organisationId, query);
        await repository.listBalances(database.db, organisationId);
      },
      { workers: 10, seconds: DURATION_S },
    );
  } finally {
    await database.close();
  }
}

/**
 * GET /api/bank-accounts signed in with 50 accounts and the same SQL without the server, in turns
 * (`inTurns`; the server stops for each ceiling round: PGlite belongs to one process).
 */
async function benchBankAccounts(label, { dataDir, port, env, target }) {
  const origin = `http://127.0.0.1:${port}`;
  const { cookie, organisationId } = await withServer(dataDir, port, env, async () => {
    const signedIn = await signUp(origin);
    return { cookie: signedIn, organisationId: await createBankAccounts(origin, signedIn, 50) };
  });
  const { list } = await inTurns(
    () => withServer(dataDir, port, env, async () => ({ list: await load(`${origin}/api/bank-accounts`, { cookie }) })),
    async () => ({ list: await rawBankAccountQueries(target, organisationId) }),
  );
  line(`GET /api/bank-accounts, 50 accounts (${label})`, list.api.rps, 'req/s', `p99 ${list.api.p99} ms`);
  line(
    `  same SQL, same driver, no HTTP (${label} ceiling)`,
    list.ceiling.rps,
    'lists/s',
    `p99 ${list.ceiling.p99} ms`,
  );
  line(`  API vs ceiling (${label})`, ...ratioNote(list));
}

/** The bank-account list on PGlite and, when a server is reachable, on a fresh PostgreSQL database. */
async function benchBankAccountLists() {
  await inTempDir('ba', (dataDir) =>
    benchBankAccounts('PGlite', { dataDir, port: 3903, target: { kind: 'pglite', dataDir: `${dataDir}/pglite` } }),
  );
  await onFreshPostgres('GET /api/bank-accounts', ({ url, dataDir }) =>
    benchBankAccounts('PostgreSQL', {
      dataDir,
      port: 3904,
      env: { DATABASE_URL: url },
      target: { kind: 'postgres', url },
    }),
  );
}

function load(url, headers = {}) {
  return loadUrl(url, headers, DURATION_S);
}

const TRANSACTION_COUNT = Number(process.env.BENCH_TRANSACTIONS ?? 10_000);
const TRANSACTION_LISTS = {
  'GET /api/transactions?limit=50&sortBy=nextExecutionDate': {
    query: 'limit=50&sortBy=nextExecutionDate',
    parsed: { limit: '50', sortBy: 'nextExecutionDate' },
  },
  'GET /api/transactions?limit=50&search=miete': {
    query: 'limit=50&search=miete',
    parsed: { limit: '50', search: 'miete' },
  },
};

/**
 * The raw-query ceiling: the list query of the repository (the same SQL through the same driver)
 * without HTTP, session, mapping or JSON, as fast as `workers` concurrent callers can run it.
 */
async function rawQueryCeiling(database, organisationId, parsed, workers) {
  const { listTransactions } = await import('../apps/api/dist/modules/transactions/transactions.repository.js');
  const { transactionListQuerySchema, zurichDateOf } = await import('../packages/shared/dist/index.js');
  const query = transactionListQuerySchema.parse(parsed);
  const today = zurichDateOf(new Date());
  return ceilingLoop(() => listTransactions(database.db, organisationId, query, today), {
    workers,
    seconds: DURATION_S,
  });
}

async function vacuumAnalyze(url) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('vacuum analyze');
  } finally {
    await client.end();
  }
}

/**
 * An organisation with TRANSACTION_COUNT transactions: the list sorted by next execution date and
 * searched, signed in (autocannon, 10 connections), next to the raw-query ceiling of the same run.
 */
async function benchTransactions(label, { dataDir, port, env }, openRaw) {
  const origin = `http://127.0.0.1:${port}`;
  const server = await startServer(dataDir, port, env);
  const cookie = await signUp(origin);
  const profile = await (await fetch(`${origin}/api/profile`, { headers: { cookie } })).json();
  const started = performance.now();
  await createTransactions(origin, cookie, TRANSACTION_COUNT).catch(async (error) => {
    await stop(server.child);
    throw error;
  });
  line(`${label}: ${TRANSACTION_COUNT} x POST /api/transactions`, Math.round(performance.now() - started), 'ms');
  // Fresh statistics and visibility map after the bulk insert, as autovacuum would make them soon
  // after; otherwise autovacuum may start during one side of the comparison (PostgreSQL only).
  if (env?.DATABASE_URL) await vacuumAnalyze(env.DATABASE_URL);
  await stop(server.child);
  const organisationId = profile.currentOrganisationId;
  const lists = Object.entries(TRANSACTION_LISTS);
  const measured = await inTurns(
    () =>
      withServer(dataDir, port, env, async () => {
        const rounds = {};
        for (const [name, { query }] of lists) {
          rounds[name] = await load(`${origin}/api/transactions?${query}`, { cookie });
        }
        return rounds;
      }),
    // PGlite belongs to one process: the ceiling opens the same data while the server is stopped.
    async () => {
      const raw = await openRaw();
      try {
        const rounds = {};
        for (const [name, { parsed }] of lists) {
          rounds[name] = await rawQueryCeiling(raw.database, organisationId, parsed, raw.workers);
        }
        return rounds;
      } finally {
        await raw.database.close();
      }
    },
  );
  for (const [name] of lists) {
    const { api, ceiling } = measured[name];
    line(`${label}: ${name}`, api.rps, 'req/s', `p99 ${api.p99} ms`);
    line(`${label}:   same SQL, same driver (ceiling)`, ceiling.rps, 'req/s', `p99 ${ceiling.p99} ms`);
    line(`${label}:   API vs ceiling`, ...ratioNote(measured[name]));
  }
}

/** The transaction lists on PGlite and, when a server is reachable, on a fresh PostgreSQL database. */
async function benchTransactionLists() {
  const { openDatabase } = await import('../apps/api/dist/db/client.js');
  await inTempDir('tx', (dataDir) =>
    benchTransactions('PGlite', { dataDir, port: 3905 }, async () => ({
      database: await openDatabase({ kind: 'pglite', dataDir: `${dataDir}/pglite` }),
      workers: 1,
    })),
  );
  await onFreshPostgres('GET /api/transactions', ({ url, dataDir }) =>
    benchTransactions('PostgreSQL', { dataDir, port: 3906, env: { DATABASE_URL: url } }, async () => ({
      database: await openDatabase({ kind: 'postgres', url, poolSize: 10 }),
      workers: 10,
    })),
  );
}

const benchTools = {
  startServer,
  untilIdle,
  stop,
  withServer,
  signUp,
  load,
  line,
  inTempDir,
  onFreshPostgres,
  seconds: DURATION_S,
  measureForecastPage,
};
const { benchEmployeeLists } = await import('./bench-employees.mjs');
if (process.env.BENCH_ONLY === 'employees') {
  await benchEmployeeLists(benchTools);
  process.exit(0);
}
const { benchForecastApi } = await import('./bench-forecast-api.mjs');
if (process.env.BENCH_ONLY === 'forecast-api') {
  await benchForecastApi(benchTools);
  process.exit(0);
}
const { benchForecastWrites } = await import('./bench-forecast-writes.mjs');
if (process.env.BENCH_ONLY === 'forecast-writes') {
  await benchForecastWrites(benchTools);
  process.exit(0);
}
const { benchCachedRead } = await import('./bench-cached-read.mjs');
if (process.env.BENCH_ONLY === 'cached-read') {
  await benchCachedRead(benchTools);
  process.exit(0);
}
// Twenty minutes (ten per database): only when asked for, not in the default run.
if (process.env.BENCH_ONLY === 'forecast-soak') {
  const { benchForecastSoak } = await import('./bench-forecast-soak.mjs');
  await benchForecastSoak(benchTools);
  process.exit(0);
}
const { benchBankImport } = await import('./bench-bank-import.mjs');
if (process.env.BENCH_ONLY === 'bank-import') {
  await benchBankImport(benchTools);
  process.exit(0);
}
const { benchUpload } = await import('./bench-upload.mjs');
if (process.env.BENCH_ONLY === 'upload') {
  await benchUpload(benchTools);
  process.exit(0);
}
const { benchPlanActual } = await import('./bench-plan-actual.mjs');
if (process.env.BENCH_ONLY === 'plan-actual') {
  await benchPlanActual(benchTools);
  process.exit(0);
}
const { benchRealtime } = await import('./bench-realtime.mjs');
if (process.env.BENCH_ONLY === 'realtime') {
  await benchRealtime(benchTools);
  process.exit(0);
}
const { benchPortfolio } = await import('./bench-portfolio.mjs');
if (process.env.BENCH_ONLY === 'portfolio') {
  await benchPortfolio(benchTools);
  process.exit(0);
}
const { benchRecurring } = await import('./bench-recurring.mjs');
if (process.env.BENCH_ONLY === 'recurring') {
  await benchRecurring(benchTools);
  process.exit(0);
}
/** Milliseconds for a fresh node process to import `specifier` (from the repository root). */
function importMs(specifier) {
  return new Promise((resolve, reject) => {
    const script = `const t = performance.now(); await import(${JSON.stringify(specifier)}); console.log(performance.now() - t);`;
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.on('exit', (code) => (code === 0 ? resolve(Number(out.trim())) : reject(new Error(`import exited ${code}`))));
  });
}

/**
 * Importing the built app (docs/deploy.md "Cold start": heavy libraries load when first used),
 * against importing Fastify alone in the same rounds (the floor any API start pays): median of 5
 * alternating rounds each, with the spread and the ratio.
 */
async function benchAppImport() {
  const app = [];
  const floor = [];
  for (let round = 0; round < 5; round += 1) {
    app.push(await importMs('./apps/api/dist/app.js'));
    floor.push(await importMs('fastify'));
  }
  const median = (values) => [...values].sort((a, b) => a - b)[2];
  const spread = (values) => `${Math.round(Math.min(...values))}-${Math.round(Math.max(...values))}`;
  line(
    'import the app (no database), median of 5',
    Math.round(median(app)),
    'ms',
    `spread ${spread(app)} ms; Fastify alone ${Math.round(median(floor))} ms (${spread(floor)}), ratio ${(median(app) / median(floor)).toFixed(1)}x`,
  );
}

/**
 * Cold start on an existing database (target < 2 s to the first 200; docs/deploy.md "Cold start"),
 * median of 5 starts with their spread, then the signed-out first loads against the last server.
 */
async function benchColdStartAndFirstLoad() {
  await benchAppImport();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'saldopilot-bench-'));
  try {
    const first = await startServer(dataDir, 3901);
    await stop(first.child);
    const times = [];
    const cpu = [];
    let server;
    for (let round = 0; round < 5; round += 1) {
      if (server) await stop(server.child);
      server = await startServer(dataDir, 3901);
      times.push(server.ms);
      cpu.push(server.cpuMs);
    }
    const sorted = [...times].sort((a, b) => a - b);
    const sortedCpu = [...cpu].sort((a, b) => a - b);
    line(
      'cold start, existing database -> first 200, median of 5 (target < 2000 ms)',
      sorted[2],
      'ms',
      `spread ${sorted[0]}-${sorted[4]} ms; the server's CPU by then ${sortedCpu[2]} ms (${sortedCpu[0]}-${sortedCpu[4]}, ` +
        `all its threads); load average ${loadavg()[0].toFixed(1)}`,
    );
    await untilIdle(server.child);
    await benchSignedOutFirstLoads('http://127.0.0.1:3901');
    await stop(server.child);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
if (process.env.BENCH_ONLY === 'first-load') {
  await benchColdStartAndFirstLoad();
  process.exit(0);
}
const { benchScenarios } = await import('./bench-scenarios.mjs');
if (process.env.BENCH_ONLY === 'scenarios') {
  await benchScenarios(benchTools);
  process.exit(0);
}
const { benchQrBills } = await import('./bench-qr-bills.mjs');
if (process.env.BENCH_ONLY === 'qr-bills') {
  await benchQrBills(benchTools);
  process.exit(0);
}
if (process.env.BENCH_ONLY === 'bank-accounts') {
  await benchBankAccountLists();
  process.exit(0);
}

// The pure engine first, in this process before any server competes for the cores.
const { benchSme, benchEngineRounds, benchCalendarRatio } =
  await import('../packages/forecast/bench/forecast.bench.mjs');
/** The engine lines: the SME, and the big organisation in rounds against the input pass (its ceiling). */
function benchEngine() {
  line('forecast engine, SME 13 months median (target < 2 ms)', benchSme().toFixed(2), 'ms');
  const big = benchEngineRounds();
  line(
    'forecast engine, big organisation 60 months, details (target < 20 ms)',
    big.ms.toFixed(1),
    'ms',
    `median of ${big.engine.length} rounds ${big.engine.map((ms) => ms.toFixed(1)).join(', ')} ms ` +
      `(spread ${big.msSpread.toFixed(1)} ms); ${big.ratio.toFixed(1)}x the pass over the input in the same ` +
      `rounds (${big.ratios.map((ratio) => ratio.toFixed(1)).join(', ')}x, spread ${big.ratioSpread.toFixed(1)}x); ` +
      `CPU ${big.cpuMs.toFixed(1)} ms (spread ${big.cpuSpread.toFixed(1)} ms), with the tree read from the rows ` +
      `${big.treeCpuMs.toFixed(1)} ms`,
  );
  // docs/payment-calendar.md "Speed": the calendar on (every fund) against off, same organisation, same run.
  const calendar = benchCalendarRatio();
  line(
    'forecast engine, big organisation with the payment calendar vs without',
    calendar.ratio,
    '%',
    `target <= 110 %; median of ${calendar.ratios.length} rounds: ${calendar.ratios.join(', ')} %`,
  );
}
if (process.env.BENCH_ONLY === 'engine') {
  benchEngine();
  process.exit(0);
}
benchEngine();
await benchRecurring(benchTools);
await benchQrBills(benchTools);

const dataDir = mkdtempSync(path.join(tmpdir(), 'saldopilot-bench-'));
try {
  const first = await startServer(dataDir, 3901);
  line('cold start, new database -> first 200 /api/health', first.ms, 'ms');
  await stop(first.child);
  const again = await startServer(dataDir, 3901);
  line('cold start, existing database -> first 200', again.ms, 'ms');

  const cookie = await signUp('http://127.0.0.1:3901');
  const payloadFile = path.join(dataDir, 'currencies.json');
  writeFileSync(
    payloadFile,
    await (await fetch('http://127.0.0.1:3901/api/currencies', { headers: { cookie } })).text(),
  );
  const bareEntry = path.resolve('scripts/bench-bare-server.mjs');
  const bare = spawn(process.execPath, [bareEntry, '3902', payloadFile], { stdio: ['ignore', 'ignore', 'inherit'] });
  await untilHealthy(bare, 3902, performance.now());

  const api = await load('http://127.0.0.1:3901/api/currencies', { cookie });
  const ceiling = await load('http://127.0.0.1:3902/bare');
  line('GET /api/currencies (signed in)', api.rps, 'req/s', `p99 ${api.p99} ms`);
  line('bare Fastify route, same payload (ceiling)', ceiling.rps, 'req/s', `p99 ${ceiling.p99} ms`);
  line('GET /api/currencies vs ceiling (target >= 50 %)', Math.round((100 * api.rps) / ceiling.rps), '%');
  await benchSignedOutFirstLoads('http://127.0.0.1:3901');
  await stop(bare);
  await stop(again.child);

  await benchBankAccountLists();
  await benchBankImport(benchTools);
  await benchUpload(benchTools);
  await benchTransactionLists();
  await benchEmployeeLists(benchTools);
  // The forecast of the big organisation (1,000 employees × 3 salaries × 8 costs, 10,000 transactions).
  await benchForecastApi(benchTools);
  await benchForecastWrites(benchTools);
  await benchCachedRead(benchTools);
  // Scenarios on the same big organisation: compare, a read after a lever edit, the engine's extra time.
  await benchScenarios(benchTools);
  await benchPlanActual(benchTools);
  await benchRealtime(benchTools);
  await benchPortfolio(benchTools);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
