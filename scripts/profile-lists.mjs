// Profiling helper (not part of `npm run bench`; run `npx tsc -b` first): boots the built server
// against a local PostgreSQL database holding 50 accounts and TX (10,000) transactions, loads the
// list endpoints with autocannon and prints req/s, the server's CPU µs per request, and the
// raw-query ceiling with its CPU µs per list. The prepared database is remembered in /tmp and
// reused (FRESH=1 makes a new one); ONLY=accounts,txSorted,txSearch picks lists, NO_CEILING=1
// skips the ceiling, CPU_PROF=<dir> runs the server under `node --cpu-prof` (open the
// .cpuprofile in Chrome DevTools).
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync, readFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { BENCH_PASSWORD, createTransactions, signUp } from './bench-data.mjs';

const SECONDS = Number(process.env.SECONDS ?? 8);
const PORT = 3960;
const origin = `http://127.0.0.1:${PORT}`;
const stateFile = path.join(tmpdir(), 'saldopilot-profile-lists.json');
const adminUrl = 'postgres://postgres@127.0.0.1:5432/postgres';

async function admin(sql) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** utime + stime of a process in clock ticks (1/100 s). */
function cpuTicks(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return Number(fields[11]) + Number(fields[12]);
}

function startServer(url) {
  const args = process.env.CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.CPU_PROF}`] : [];
  const child = spawn(process.execPath, [...args, path.resolve('apps/api/dist/server.js')], {
    env: {
      ...process.env,
      DATABASE_URL: url,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      PUBLIC_URL: origin,
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'saldopilot-profile-')),
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      RATES_URL: 'http://127.0.0.1:9/none',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return (async () => {
    for (;;) {
      try {
        if ((await fetch(`${origin}/api/health`)).status === 200) return child;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 20));
    }
  })();
}

async function stop(child) {
  child.kill('SIGINT');
  await new Promise((resolve) => child.once('exit', resolve));
}

async function signIn(email) {
  const response = await fetch(`${origin}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ email, password: BENCH_PASSWORD }),
  });
  if (response.status >= 300) throw new Error(`login ${response.status} ${await response.text()}`);
  return response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

async function prepare(url) {
  const child = await startServer(url);
  try {
    const email = `bench-${Date.now()}@example.ch`;
    await signUp(origin, email);
    const cookie = await signIn(email);
    const headers = { cookie, origin, 'content-type': 'application/json' };
    const currencies = await (await fetch(`${origin}/api/currencies`, { headers })).json();
    const [chf, eur] = ['CHF', 'EUR'].map((code) => currencies.find((c) => c.code === code).id);
    for (let index = 1; index <= 50; index += 1) {
      await fetch(`${origin}/api/bank-accounts`, {
        method: 'POST',
        headers,
        body: JSON.stringify({
          name: `Konto ${index}`,
          amount: index * 123_45,
          currencyId: index % 5 === 0 ? eur : chf,
        }),
      });
    }
    await createTransactions(origin, cookie, Number(process.env.TX ?? 10_000));
    const profile = await (await fetch(`${origin}/api/profile`, { headers })).json();
    return { email, organisationId: profile.currentOrganisationId };
  } finally {
    await stop(child);
  }
}

const endpoints = {
  accounts: '/api/bank-accounts',
  txSorted: '/api/transactions?limit=50&sortBy=nextExecutionDate',
  txSearch: '/api/transactions?limit=50&search=miete',
};

let state = existsSync(stateFile) ? JSON.parse(readFileSync(stateFile, 'utf8')) : undefined;
if (!state || process.env.FRESH) {
  const name = `saldopilot_profile_${Date.now()}`;
  await admin(`create database ${name}`);
  const url = `postgres://postgres@127.0.0.1:5432/${name}`;
  state = { url, ...(await prepare(url)) };
  writeFileSync(stateFile, JSON.stringify(state));
  console.log('prepared', state);
}

const only = process.env.ONLY?.split(',');
const child = await startServer(state.url);
const results = {};
try {
  const cookie = await signIn(state.email);
  for (const [key, url] of Object.entries(endpoints)) {
    if (only && !only.includes(key)) continue;
    const cpu0 = cpuTicks(child.pid);
    const r = await autocannon({ url: `${origin}${url}`, headers: { cookie }, connections: 10, duration: SECONDS });
    results[key] = {
      rps: Math.round(r.requests.average),
      p99: r.latency.p99,
      non2xx: r.non2xx,
      serverCpuUsPerRequest: Math.round(((cpuTicks(child.pid) - cpu0) * 10_000) / r.requests.total),
    };
    console.log(key, results[key]);
  }
} finally {
  await stop(child);
}

if (!process.env.NO_CEILING) {
  const { openDatabase } = await import(path.resolve('apps/api/dist/db/client.js'));
  const accounts = await import(path.resolve('apps/api/dist/modules/bank-accounts/bank-accounts.repository.js'));
  const { listTransactions } = await import(
    path.resolve('apps/api/dist/modules/transactions/transactions.repository.js')
  );
  const { transactionListQuerySchema, zurichDateOf } = await import(path.resolve('packages/shared/dist/index.js'));
  const database = await openDatabase({ kind: 'postgres', url: state.url, poolSize: 10 });
  const loop = async (fn) => {
    let done = 0;
    const cpu0 = process.cpuUsage();
    const until = performance.now() + SECONDS * 1000;
    await Promise.all(
      Array.from({ length: 10 }, async () => {
        while (performance.now() < until) {
          await fn();
          done += 1;
        }
      }),
    );
    const cpu = process.cpuUsage(cpu0);
    console.log('  ceiling node cpu µs per list', Math.round((cpu.user + cpu.system) / done));
    return Math.round(done / SECONDS);
  };
  const today = zurichDateOf(new Date());
  const ceilings = {};
  if (!only || only.includes('accounts'))
    ceilings.accounts = await loop(async () => {
      await accounts.listBankAccounts(database.db, state.organisationId, {
        page: 1,
        limit: 20,
        sortBy: 'name',
        sortOrder: 'ASC',
      });
      await accounts.listBalances(database.db, state.organisationId);
    });
  for (const [key, parsed] of [
    ['txSorted', { limit: '50', sortBy: 'nextExecutionDate' }],
    ['txSearch', { limit: '50', search: 'miete' }],
  ]) {
    if (only && !only.includes(key)) continue;
    const query = transactionListQuerySchema.parse(parsed);
    ceilings[key] = await loop(() => listTransactions(database.db, state.organisationId, query, today));
  }
  await database.close();
  for (const key of Object.keys(ceilings))
    console.log(
      key,
      'api',
      results[key]?.rps,
      'ceiling',
      ceilings[key],
      `${Math.round((100 * results[key]?.rps) / ceilings[key])} %`,
    );
}
