// The plan-vs-actual lines of `npm run bench` (docs/plan-actual.md "Speed"): the big
// organisation (bench-forecast-api.mjs: 1,000 employees × 3 salaries × 8 costs, 10,000 transactions)
// with ENTRIES bank entries over the last 12 months, a fifth of them matched; p99 under load of
//   - GET /api/bank-entries/{id}/match-suggestions (target < 50 ms),
//   - GET /api/plan-actual, the 12 months before the current one (target < 300 ms),
// on PGlite and, when a server is reachable, on PostgreSQL; each beside GET /api/forecasts?months=13
// of the same organisation in the same run (the forecast's own read path, as the ceiling).
// Alone: `BENCH_ONLY=plan-actual node scripts/bench.mjs` (needs the build).
import { startSeeded } from './bench-forecast-api.mjs';

const ENTRIES = Number(process.env.BENCH_PLAN_ENTRIES ?? 3_000);

/** ENTRIES entries in the first account, booked over the 12 months before today, and every fifth matched. */
async function seedEntries(database, organisationId, today) {
  const { sql } = await import('drizzle-orm');
  const run = (query) => database.db.execute(query);
  await run(sql`
    insert into bank_entries (organisation_id, bank_account_id, identity, booking_date, amount, currency,
                              counterparty_name, remittance_information, source)
    select ${organisationId},
           (select id from bank_accounts where organisation_id = ${organisationId} order by id limit 1),
           'bench-' || i, ${today}::date - (i * 365 / ${ENTRIES}) - 1,
           (case when i % 3 = 0 then 1 else -1 end) * (1000 + (i * 7919) % 900000), 'CHF',
           'Gegenpartei ' || i, 'Zahlung ' || i, 'csv'
    from generate_series(1, ${ENTRIES}) as i`);
  // Matches by identity (the bench does not need them to fit: the reads count them all the same).
  await run(sql`
    insert into bank_entry_matches (organisation_id, bank_entry_id, kind, item_id, due_date, name, category_name,
                                    planned_amount)
    select ${organisationId}, e.id, 'transactions', t.id, e.booking_date, t.name, 'Bench', e.amount
    from (select id, booking_date, amount, row_number() over (order by id) as n
          from bank_entries where organisation_id = ${organisationId}) e
    join (select id, name, row_number() over (order by id) as n
          from transactions where organisation_id = ${organisationId}) t on t.n = e.n
    where e.n % 5 = 0`);
}

async function benchOne(label, helpers, options) {
  const { stop, load, line } = helpers;
  const { zurichDateOf } = await import('../packages/shared/dist/index.js');
  const { openDatabase } = await import('../apps/api/dist/db/client.js');
  // The entries are written while the server is stopped (PGlite belongs to one process).
  const { server, origin, cookie } = await startSeeded(helpers, options);
  await stop(server.child);
  const database = await openDatabase(options.target);
  try {
    const [{ id: organisationId }] = await database.db
      .execute((await import('drizzle-orm')).sql`select organisation_id as id from bank_accounts order by id limit 1`)
      .then((result) => result.rows ?? result);
    await seedEntries(database, organisationId, zurichDateOf(new Date()));
  } finally {
    await database.close();
  }
  const restarted = await helpers.startServer(options.dataDir, options.port, options.env);
  try {
    const headers = { cookie };
    const accounts = await (await fetch(`${origin}/api/bank-accounts?limit=1&sortBy=name`, { headers })).json();
    const entries = await (
      await fetch(`${origin}/api/bank-accounts/${accounts.data[0].id}/entries?limit=1`, { headers })
    ).json();
    const entryId = entries.data[0].id;
    for (const [name, path, target] of [
      ['GET /api/bank-entries/{id}/match-suggestions', `/api/bank-entries/${entryId}/match-suggestions`, 50],
      ['GET /api/plan-actual (12 months)', '/api/plan-actual', 300],
    ]) {
      const check = await fetch(`${origin}${path}`, { headers });
      if (check.status !== 200) throw new Error(`${name}: ${check.status} ${await check.text()}`);
      const measured = await load(`${origin}${path}`, headers);
      const ceiling = await load(`${origin}/api/forecasts?months=13`, headers);
      line(`${label}: ${name} (target p99 < ${target} ms)`, measured.p99, 'ms p99', `${measured.rps} req/s`);
      line(
        `${label}:   GET /api/forecasts?months=13, same run (ceiling)`,
        ceiling.p99,
        'ms p99',
        `${ceiling.rps} req/s`,
      );
    }
  } finally {
    await stop(restarted.child);
  }
}

export async function benchPlanActual(helpers) {
  const { inTempDir, onFreshPostgres } = helpers;
  await inTempDir('plan-actual', (dataDir) =>
    benchOne('PGlite', helpers, { dataDir, port: 3951, target: { kind: 'pglite', dataDir: `${dataDir}/pglite` } }),
  );
  await onFreshPostgres('plan vs actual', ({ url, dataDir }) =>
    benchOne('PostgreSQL', helpers, {
      dataDir,
      port: 3952,
      env: { DATABASE_URL: url },
      target: { kind: 'postgres', url, poolSize: 2 },
    }),
  );
}
