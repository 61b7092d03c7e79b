// The Übersicht's line of `npm run bench` (docs/cockpit.md "Speed"): a user in ORGANISATIONS
// organisations, each SME-sized (20 employees × 3 salaries × 8 costs, 300 transactions, 3 accounts),
// seeded by direct inserts. GET /api/portfolio: the first read ever (nothing stored: every row
// computed, the ceiling the stored rows are measured against), cold (the first read after a
// restart: no forecast in memory, the rows stored; target < 1 s), warm (target p95 < 150 ms) and the
// read right after a write to one organisation; on PGlite and, when reachable, PostgreSQL.
// Alone: `BENCH_ONLY=portfolio node scripts/bench.mjs` (needs the build); smaller:
// BENCH_PORTFOLIO_ORGANISATIONS=20; other ports: BENCH_PORTFOLIO_PORT (PostgreSQL the next one).
import { seed, signIn } from './bench-forecast-api.mjs';

const ORGANISATIONS = Number(process.env.BENCH_PORTFOLIO_ORGANISATIONS ?? 200);
const SIZE = { employees: 20, transactions: 300, accounts: 3 };
const WARM_READS = 20;
const COLD_ROUNDS = 3;
const WRITE_ROUNDS = 3;
const PORT = Number(process.env.BENCH_PORTFOLIO_PORT ?? 3961);

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
  for (const id of ids) await seed(database, id, today, SIZE);
}

async function timed(url, headers) {
  const started = performance.now();
  const response = await fetch(url, { headers });
  if (response.status !== 200) throw new Error(`GET /api/portfolio: ${response.status} ${await response.text()}`);
  const rows = (await response.json()).rows.length;
  return { ms: performance.now() - started, rows };
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
  line(`${label}: seeding ${ORGANISATIONS} SME organisations`, Math.round(performance.now() - seeding), 'ms');
  const url = `${origin}/api/portfolio`;
  const name = `${label}: GET /api/portfolio, ${ORGANISATIONS} orgs`;
  let server = await startServer(dataDir, port, env);
  try {
    await untilIdle(server.child);
    const cookie = await signIn(origin, profile.email);
    const computed = await timed(url, { cookie });
    line(`${name}, nothing stored`, Math.round(computed.ms), 'ms', 'every row computed: the ceiling');
    const cold = [];
    for (let round = 0; round < COLD_ROUNDS; round++) {
      await stop(server.child);
      server = await startServer(dataDir, port, env);
      await untilIdle(server.child);
      cold.push((await timed(url, { cookie })).ms);
    }
    const coldFigures = spreadOf(cold);
    line(
      `${name}, cold (target < 1 s)`,
      coldFigures.median,
      'ms median',
      `${coldFigures.note}; ${(coldFigures.median / computed.ms).toFixed(3)} of the ceiling`,
    );
    const warm = [];
    for (let i = 0; i < WARM_READS; i++) warm.push((await timed(url, { cookie })).ms);
    const warmFigures = spreadOf(warm);
    line(
      `${name}, warm (target p95 < 150 ms)`,
      warmFigures.p95,
      'ms p95',
      `median ${warmFigures.median}; ${warmFigures.note}`,
    );
    const afterWrite = [];
    for (let round = 0; round < WRITE_ROUNDS; round++) {
      await writeTo(origin, cookie, profile.currentOrganisationId, 100_000 * (round + 1));
      afterWrite.push((await timed(url, { cookie })).ms);
    }
    const writeFigures = spreadOf(afterWrite);
    line(`${name}, right after a write to one`, writeFigures.median, 'ms median', `${writeFigures.note}; no target`);
  } finally {
    await stop(server.child);
  }
}

export async function benchPortfolio(helpers) {
  const { inTempDir, onFreshPostgres } = helpers;
  await inTempDir('portfolio', (dataDir) =>
    benchOne('PGlite', helpers, { dataDir, port: PORT, target: { kind: 'pglite', dataDir: `${dataDir}/pglite` } }),
  );
  await onFreshPostgres('portfolio', ({ url, dataDir }) =>
    benchOne('PostgreSQL', helpers, {
      dataDir,
      port: PORT + 1,
      env: { DATABASE_URL: url },
      target: { kind: 'postgres', url, poolSize: 2 },
    }),
  );
}
