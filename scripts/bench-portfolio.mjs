// The Übersicht's line of `npm run bench` (docs/cockpit.md "Speed"): a user in ORGANISATIONS
// organisations, each SME-sized (20 employees × 3 salaries × 8 costs, 300 transactions, 3 accounts),
// seeded by direct inserts (the salary cost schedules left to the first computation of each row, as
// after an import past the API). GET /api/portfolio answers the stored rows as they are (docs/cockpit.md
// "Stored rows"): the first read ever (nothing stored: every organisation "pending") and how long
// the background takes to compute them all (the ceiling), cold (the first read after a restart: no
// forecast in memory; target p95 < 1 s) with the rows current and with every row stale (as after
// midnight), warm (target p95 < 150 ms) and the read right after a write to one organisation, and
// how long until that row is current; on PGlite and, when reachable, PostgreSQL.
// Alone: `BENCH_ONLY=portfolio node scripts/bench.mjs` (needs the build); smaller:
// BENCH_PORTFOLIO_ORGANISATIONS=20; other ports: BENCH_PORTFOLIO_PORT (PostgreSQL the next one).
import { seed, signIn } from './bench-forecast-api.mjs';

const ORGANISATIONS = Number(process.env.BENCH_PORTFOLIO_ORGANISATIONS ?? 200);
const SIZE = { employees: 20, transactions: 300, accounts: 3 };
const WARM_READS = 20;
const WARM_ROUNDS = 3;
const COLD_ROUNDS = 5;
const WRITE_ROUNDS = 3;
const ALERT_ROUNDS = 3;
const PORT = Number(process.env.BENCH_PORTFOLIO_PORT ?? 3961);
/** Which databases to measure (both by default): `pglite`, `postgres` or `pglite,postgres`. */
const DATABASES = (process.env.BENCH_PORTFOLIO_DATABASES ?? 'pglite,postgres').split(',');

/** The user's first organisation and ORGANISATIONS − 1 more of theirs, each seeded to SIZE. */
async function seedPortfolio(database, userId, firstOrganisationId, today) {
  const { sql } = await import('drizzle-orm');
  const rows = (result) => result.rows ?? result;
  const created = rows(
    await database.db.execute(sql`
      insert into organisations (name, currency_id)
      select 'Mandant ' || lpad(i::text, 3, '0'), (select id from currencies where code = 'CHF')
      from generate_series(2, ${ORGANISATIONS}) as i
      returning id`),
  );
  const ids = [firstOrganisationId, ...created.map((row) => row.id)];
  await database.db.execute(sql`
    insert into memberships (organisation_id, user_id, role)
    select id, ${userId}, 'owner' from organisations where id <> ${firstOrganisationId} and name like 'Mandant %'`);
  for (const id of ids) await seed(database, id, today, SIZE, { analyze: false, schedules: false });
  await database.db.execute(sql`analyze`);
}

/**
 * One read of the Übersicht. `session` is `{ cookie, renew }`: a 401 (the access token ran out in a
 * long phase, as the background's ceiling on PostgreSQL) signs in again and reads once more, timed
 * from the second request.
 */
async function timed(url, session) {
  for (let attempt = 0; ; attempt++) {
    const started = performance.now();
    const response = await fetch(url, { headers: { cookie: session.cookie } });
    if (response.status === 401 && attempt === 0) {
      await response.text();
      await session.renew();
      continue;
    }
    if (response.status !== 200) throw new Error(`GET /api/portfolio: ${response.status} ${await response.text()}`);
    const answer = await response.json();
    const ms = performance.now() - started;
    const updating = answer.rows.filter((row) => row.updating).length;
    return { ms, rows: answer.rows.length, updating, pending: answer.pending.length };
  }
}

/** Reads every half second until no row is updating or pending (the page's poll); answers the ms it took. */
async function untilCurrent(url, session, startedAt = performance.now()) {
  for (;;) {
    const { updating, pending } = await timed(url, session);
    if (updating === 0 && pending === 0) return performance.now() - startedAt;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** Median and spread (min–max) of `times`, in whole ms. */
function spreadOf(times) {
  const sorted = [...times].sort((a, b) => a - b);
  return {
    median: Math.round(sorted[Math.floor(sorted.length / 2)]),
    note: `${sorted.length} rounds, ${Math.round(sorted[0])}–${Math.round(sorted.at(-1))} ms`,
    p95: Math.round(sorted[Math.ceil(sorted.length * 0.95) - 1]),
  };
}

/** A write to one organisation (its minimum balance) through the API, as a user makes it. */
async function writeTo(origin, cookie, organisationId, minimumBalance) {
  const headers = { cookie, origin, 'content-type': 'application/json' };
  for (const [address, body] of [
    ['/api/profile/organisation', { organisationId }],
    [`/api/organisations/${organisationId}`, { minimumBalance }],
  ]) {
    const response = await fetch(`${origin}${address}`, { method: 'PATCH', headers, body: JSON.stringify(body) });
    if (response.status !== 200) throw new Error(`PATCH ${address}: ${response.status} ${await response.text()}`);
  }
}

/** The mails of the outbox to `to` (the development outbox, readable in the bench's NODE_ENV). */
async function mailsTo(origin, to) {
  const mails = await (await fetch(`${origin}/api/dev/outbox`)).json();
  return mails.filter((mail) => mail.to === to);
}

/**
 * How long from a write that makes a shortfall appear in the user's organisation until the alert's
 * mail is in the outbox (target < 60 s, docs/cockpit.md "Alerts"). One account's balance is raised
 * far above every month's outflow, so with a minimum of 0 no month is short; each round then raises
 * the minimum above that balance (short from this month on: the mail) and back to 0 (the shortfall
 * gone, evaluated before the next round, so it is told again).
 */
async function alertLatencies(origin, cookie, organisationId, email) {
  const headers = { cookie, origin, 'content-type': 'application/json' };
  const send = async (method, address, body) => {
    const response = await fetch(`${origin}${address}`, { method, headers, body: JSON.stringify(body) });
    if (response.status !== 200) throw new Error(`${method} ${address}: ${response.status} ${await response.text()}`);
    return response.json();
  };
  await send('PATCH', '/api/profile/organisation', { organisationId });
  await send('PATCH', '/api/alerts/settings', { shortfall: true });
  const [account] = (await (await fetch(`${origin}/api/bank-accounts`, { headers })).json()).data;
  await send('PATCH', `/api/bank-accounts/${account.id}`, { amount: 10_000_000_000_000 });
  const latencies = [];
  for (let round = 0; round < ALERT_ROUNDS; round++) {
    await send('PATCH', `/api/organisations/${organisationId}`, { minimumBalance: 0 });
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const before = (await mailsTo(origin, email)).length;
    const started = performance.now();
    await send('PATCH', `/api/organisations/${organisationId}`, { minimumBalance: 99_000_000_000_000 });
    while ((await mailsTo(origin, email)).length === before) {
      if (performance.now() - started > 120_000) throw new Error('no alert mail within 120 s');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    latencies.push(performance.now() - started);
  }
  return latencies;
}

/** The machine's load average over the last minute (the machine is shared: every figure names it). */
const load1 = async () => (await import('node:os')).loadavg()[0].toFixed(1);

async function benchOne(label, helpers, { dataDir, port, env, target }) {
  const { startServer, untilIdle, stop, signUp, line } = helpers;
  const { openDatabase } = await import('../apps/api/dist/db/client.js');
  const { zurichDateOf } = await import('../packages/shared/dist/index.js');
  const origin = `http://127.0.0.1:${port}`;
  const first = await startServer(dataDir, port, env);
  const profile = await (await fetch(`${origin}/api/profile`, { headers: { cookie: await signUp(origin) } })).json();
  await stop(first.child);
  const seeding = performance.now();
  const database = await openDatabase(target);
  try {
    await seedPortfolio(database, profile.id, profile.currentOrganisationId, zurichDateOf(new Date()));
  } finally {
    await database.close();
  }
  line(
    `${label}: seeding ${ORGANISATIONS} SME organisations`,
    Math.round(performance.now() - seeding),
    'ms',
    `load ${await load1()}`,
  );
  const url = `${origin}/api/portfolio`;
  const name = `${label}: GET /api/portfolio, ${ORGANISATIONS} orgs`;
  let server = await startServer(dataDir, port, env);
  try {
    await untilIdle(server.child);
    // Signed in again before each phase and on a 401 (`timed`): the background's ceiling alone can
    // outlast a session's token.
    const session = { cookie: await signIn(origin, profile.email) };
    session.renew = async () => (session.cookie = await signIn(origin, profile.email));
    const signInAgain = session.renew;
    const first = await timed(url, session);
    line(`${name}, first read ever`, Math.round(first.ms), 'ms', `${first.pending} pending, ${first.rows} rows`);
    const ceiling = await untilCurrent(url, session);
    line(`${name}, until every row is computed`, Math.round(ceiling), 'ms', 'in the background: the ceiling');
    const restartAndRead = async (whileStopped = async () => {}) => {
      await stop(server.child);
      await whileStopped();
      server = await startServer(dataDir, port, env);
      await untilIdle(server.child);
      await signInAgain();
      return timed(url, session);
    };
    const cold = [];
    for (let round = 0; round < COLD_ROUNDS; round++) cold.push((await restartAndRead()).ms);
    const coldFigures = spreadOf(cold);
    line(
      `${name}, cold, rows current (target < 1 s)`,
      coldFigures.p95,
      'ms p95',
      `median ${coldFigures.median}; ${coldFigures.note}; load ${await load1()}`,
    );
    await signInAgain();
    const warmP95 = [];
    const warmMedians = [];
    for (let round = 0; round < WARM_ROUNDS; round++) {
      const warm = [];
      for (let i = 0; i < WARM_READS; i++) warm.push((await timed(url, session)).ms);
      warmP95.push(spreadOf(warm).p95);
      warmMedians.push(spreadOf(warm).median);
    }
    const warmFigures = spreadOf(warmP95);
    line(
      `${name}, warm (target p95 < 150 ms)`,
      warmFigures.median,
      'ms p95',
      `median of ${WARM_ROUNDS} rounds of ${WARM_READS} reads, p95 ${warmFigures.note.replace(/^\d+ rounds, /, '')}; read medians ${warmMedians.join('/')} ms; load ${await load1()}`,
    );
    // Every row stale, as after midnight before the daily run: answered as stored, then computed.
    // (PGlite opens its directory in one process only: changed while the server is stopped.)
    const staleRead = await restartAndRead(async () => {
      const database = await openDatabase(target);
      try {
        const { sql } = await import('drizzle-orm');
        await database.db.execute(sql`update portfolio_rows set data_key = 'stale/' || data_key`);
      } finally {
        await database.close();
      }
    });
    const staleReadAt = performance.now();
    const staleSettled = await untilCurrent(url, session, staleReadAt - staleRead.ms);
    line(
      `${name}, cold, every row stale`,
      Math.round(staleRead.ms),
      'ms',
      `${staleRead.updating} rows "wird aktualisiert"; all current after ${Math.round(staleSettled)} ms`,
    );
    await signInAgain();
    const afterWrite = [];
    const refreshed = [];
    for (let round = 0; round < WRITE_ROUNDS; round++) {
      await writeTo(origin, session.cookie, profile.currentOrganisationId, 100_000 * (round + 1));
      const read = await timed(url, session);
      afterWrite.push(read.ms);
      refreshed.push(await untilCurrent(url, session, performance.now() - read.ms));
    }
    const writeFigures = spreadOf(afterWrite);
    const refreshFigures = spreadOf(refreshed);
    line(
      `${name}, right after a write to one`,
      writeFigures.median,
      'ms median',
      `${writeFigures.note}; current after ${refreshFigures.median} ms median (${refreshFigures.note}); no target`,
    );
    await signInAgain();
    const alerts = spreadOf(await alertLatencies(origin, session.cookie, profile.currentOrganisationId, profile.email));
    line(
      `${label}: alert mail in the outbox after the write (target < 60 s)`,
      alerts.median,
      'ms median',
      `${alerts.note}; load ${await load1()}`,
    );
  } finally {
    await stop(server.child);
  }
}

export async function benchPortfolio(helpers) {
  const { inTempDir, onFreshPostgres } = helpers;
  if (DATABASES.includes('pglite'))
    await inTempDir('portfolio', (dataDir) =>
      benchOne('PGlite', helpers, { dataDir, port: PORT, target: { kind: 'pglite', dataDir: `${dataDir}/pglite` } }),
    );
  if (DATABASES.includes('postgres'))
    await onFreshPostgres('portfolio', ({ url, dataDir }) =>
      benchOne('PostgreSQL', helpers, {
        dataDir,
        port: PORT + 1,
        env: { DATABASE_URL: url },
        target: { kind: 'postgres', url, poolSize: 2 },
      }),
    );
}
