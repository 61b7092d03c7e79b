// The Übersicht's line of `npm run bench` (docs/cockpit.md "Speed"): a user in ORGANISATIONS
// organisations, each SME-sized (20 employees × 3 salaries × 8 costs, 300 transactions, 3 accounts),
// GET /api/portfolio cold (the first read after a restart: no forecast in memory, target < 1 s) and
// warm (p95 of the reads after it, target < 150 ms), on PGlite and, when reachable, PostgreSQL.
// Alone: `BENCH_ONLY=portfolio node scripts/bench.mjs` (needs the build); smaller:
// BENCH_PORTFOLIO_ORGANISATIONS=20.
import { seed, signIn } from './bench-forecast-api.mjs';

const ORGANISATIONS = Number(process.env.BENCH_PORTFOLIO_ORGANISATIONS ?? 200);
const SIZE = { employees: 20, transactions: 300, accounts: 3 };
const WARM_READS = 20;

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

async function benchOne(label, helpers, { dataDir, port, env, target }) {
  const { startServer, stop, signUp, line } = helpers;
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
  const server = await startServer(dataDir, port, env);
  try {
    const headers = { cookie: await signIn(origin, profile.email) };
    const cold = await timed(`${origin}/api/portfolio`, headers);
    const warm = [];
    for (let i = 0; i < WARM_READS; i++) warm.push((await timed(`${origin}/api/portfolio`, headers)).ms);
    warm.sort((a, b) => a - b);
    const p95 = warm[Math.ceil(warm.length * 0.95) - 1];
    line(`${label}: GET /api/portfolio, ${cold.rows} orgs, cold (target < 1 s)`, Math.round(cold.ms), 'ms');
    line(`${label}: GET /api/portfolio, warm (target p95 < 150 ms)`, Math.round(p95), 'ms p95', `${WARM_READS} reads`);
  } finally {
    await stop(server.child);
  }
}

export async function benchPortfolio(helpers) {
  const { inTempDir, onFreshPostgres } = helpers;
  await inTempDir('portfolio', (dataDir) =>
    benchOne('PGlite', helpers, { dataDir, port: 3961, target: { kind: 'pglite', dataDir: `${dataDir}/pglite` } }),
  );
  await onFreshPostgres('portfolio', ({ url, dataDir }) =>
    benchOne('PostgreSQL', helpers, {
      dataDir,
      port: 3962,
      env: { DATABASE_URL: url },
      target: { kind: 'postgres', url, poolSize: 2 },
    }),
  );
}
