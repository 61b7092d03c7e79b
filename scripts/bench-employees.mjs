// The employees lines of `npm run bench` (docs/design.md "Performance budgets"): an organisation with
// EMPLOYEES x 3 salaries x 8 costs, `GET /api/employees?limit=50&sortBy=salaryAmount` and one
// salary's cost list on PGlite and PostgreSQL next to the raw-query ceiling (the repositories' own
// SQL through the same driver, no HTTP), and saving a cost of a salary with 8 costs (schedule
// recomputation), p99. Alone: `BENCH_ONLY=employees BENCH_EMPLOYEES=50 BENCH_SECONDS=2 node
// scripts/bench.mjs` (needs the build).
import { ceilingLoop, inTurns, ratioNote } from './bench-loop.mjs';

const EMPLOYEES = Number(process.env.BENCH_EMPLOYEES ?? 1_000);
const SAVES = Number(process.env.BENCH_COST_SAVES ?? 200);
const WARM_UP_SAVES = 20;

/**
 * The rows of the organisation, written directly (bench setup only: through the API it would take
 * minutes): EMPLOYEES employees, each with salaries from 2024, 2025 and 2026 (the first two ended)
 * and 8 costs per salary (7 percentages of the three distributions and a fixed BVG-like amount).
 * Then one `ensureFreshSchedules` computes every schedule, as the first read of the day would.
 */
async function fillOrganisation(database, organisationId, currencyId) {
  const { sql } = await import('drizzle-orm');
  const { ensureFreshSchedules } = await import('../apps/api/dist/modules/employees/salary-schedules.js');
  const { zurichDateOf } = await import('../packages/shared/dist/index.js');
  const db = database.db;
  await db.execute(sql`insert into employees (organisation_id, name)
    select ${organisationId}, 'Mitarbeiter ' || lpad(g::text, 5, '0') from generate_series(1, ${EMPLOYEES}::int) g`);
  await db.execute(sql`insert into salaries (organisation_id, employee_id, cycle, hours_per_month, amount,
      vacation_days_per_year, from_date, to_date, currency_id)
    select ${organisationId}, e.id, 'monthly', 180, 500000 + (e.id % 997) * 1000 + s.k * 20000, 25,
      make_date(2023 + s.k, 1, 1), case when s.k < 3 then make_date(2023 + s.k, 12, 1) end, ${currencyId}::int
    from employees e cross join generate_series(1, 3) s(k) where e.organisation_id = ${organisationId}`);
  await db.execute(sql`insert into salary_costs (organisation_id, salary_id, cycle, amount_type, amount,
      distribution_type, relative_offset)
    select ${organisationId}, s.id, 'monthly', (case when c.k = 8 then 'fixed' else 'percentage' end)::amount_type,
      case when c.k = 8 then 40000 else 500 + c.k * 300 end,
      (array['employee', 'employer', 'both'])[1 + c.k % 3]::distribution_type, 1
    from salaries s cross join generate_series(1, 8) c(k) where s.organisation_id = ${organisationId}`);
  const started = performance.now();
  await ensureFreshSchedules(db, organisationId, zurichDateOf(new Date()));
  const ms = Math.round(performance.now() - started);
  // What autovacuum does after such a load, done before measuring rather than during it (on
  // PostgreSQL it would vacuum the ~850,000 new schedule rows while the API is loaded, not while the
  // ceiling runs). Without statistics the planner takes 1,000 employees for 2 and nests loops
  // (230 ms instead of 7 ms per list on PostgreSQL).
  await db.execute(sql`vacuum analyze`);
  return ms;
}

/** A salary of the organisation with 8 costs (the current one of the first employee) and one of its costs. */
async function aSalaryWithCosts(database, organisationId) {
  const { sql } = await import('drizzle-orm');
  const result = await database.db.execute(sql`select s.id as salary_id, min(c.id) as cost_id from salaries s
    join salary_costs c on c.salary_id = s.id
    where s.organisation_id = ${organisationId} and s.to_date is null group by s.id order by s.id limit 1`);
  const row = (result.rows ?? result)[0];
  return { salaryId: Number(row.salary_id), costId: Number(row.cost_id) };
}

/** The two lists as the repositories query them, as fast as `workers` callers can (no HTTP). */
async function rawCeilings(database, organisationId, salaryId, workers, seconds) {
  const { listEmployees } = await import('../apps/api/dist/modules/employees/employees.repository.js');
  const { listCosts, detailsOf } = await import('../apps/api/dist/modules/employees/salary-costs.repository.js');
  const { hasStaleSchedules } = await import('../apps/api/dist/modules/employees/salary-schedules.repository.js');
  const { employeeListQuerySchema, salaryCostListQuerySchema, zurichDateOf } =
    await import('../packages/shared/dist/index.js');
  const today = zurichDateOf(new Date());
  const employeeQuery = employeeListQuerySchema.parse({ limit: '50', sortBy: 'salaryAmount' });
  const costQuery = salaryCostListQuerySchema.parse({});
  const run = (work) => ceilingLoop(work, { workers, seconds });
  return {
    employees: await run(async () => {
      await hasStaleSchedules(database.db, organisationId, today);
      await listEmployees(database.db, organisationId, employeeQuery, today);
    }),
    costs: await run(async () => {
      await hasStaleSchedules(database.db, organisationId, today);
      const rows = await listCosts(database.db, organisationId, salaryId, costQuery);
      // The rows carry their base costs; their schedules are one more query.
      await detailsOf(
        database.db,
        rows.map((row) => row.id),
      );
    }),
  };
}

/**
 * PATCHes a cost `SAVES` times one after the other; answers the p99 and median in ms. The first
 * `WARM_UP_SAVES` are not counted: they compile the save path and fill the database's caches
 * (PGlite's first saves after opening take 5-10x longer), which a running server has done long ago.
 */
async function costSaves(origin, cookie, costId) {
  const latencies = [];
  for (let i = -WARM_UP_SAVES; i < SAVES; i += 1) {
    const started = performance.now();
    const response = await fetch(`${origin}/api/employees/salaries/costs/${costId}`, {
      method: 'PATCH',
      headers: { cookie, origin, 'content-type': 'application/json' },
      body: JSON.stringify({ amount: 500 + (i % 50) }),
    });
    if (response.status !== 200) throw new Error(`saving a cost: ${response.status} ${await response.text()}`);
    if (i >= 0) latencies.push(performance.now() - started);
  }
  latencies.sort((a, b) => a - b);
  return {
    p99: Math.round(latencies[Math.floor(latencies.length * 0.99)] ?? 0),
    median: Math.round(latencies[Math.floor(latencies.length / 2)] ?? 0),
  };
}

/**
 * One database: fill the organisation (server stopped: PGlite belongs to one process), measure the
 * two lists and their ceilings in turns (`inTurns`), then the cost saves: last, because they write
 * the measured salary's payments, and a list must not be measured before them on one side and
 * after them on the other.
 */
async function benchEmployees(label, { dataDir, port, env, openRaw }, tools) {
  const { startServer, stop, withServer, signUp, load, line, seconds } = tools;
  const origin = `http://127.0.0.1:${port}`;
  const setup = await startServer(dataDir, port, env);
  const cookie = await signUp(origin);
  const profile = await (await fetch(`${origin}/api/profile`, { headers: { cookie } })).json();
  const organisationId = profile.currentOrganisationId;
  const [currency] = await (await fetch(`${origin}/api/currencies`, { headers: { cookie } })).json();
  await stop(setup.child);
  const raw = await openRaw();
  let salary;
  try {
    const ms = await fillOrganisation(raw.database, organisationId, currency.id);
    line(`${label}: ensureFreshSchedules, ${EMPLOYEES * 3} salaries x 8 costs`, ms, 'ms');
    salary = await aSalaryWithCosts(raw.database, organisationId);
  } finally {
    await raw.database.close();
  }
  const { employees, costs } = await inTurns(
    () =>
      withServer(dataDir, port, env, async () => ({
        employees: await load(`${origin}/api/employees?limit=50&sortBy=salaryAmount`, { cookie }),
        costs: await load(`${origin}/api/employees/salaries/${salary.salaryId}/costs`, { cookie }),
      })),
    async () => {
      const ceilingDatabase = await openRaw();
      try {
        return await rawCeilings(
          ceilingDatabase.database,
          organisationId,
          salary.salaryId,
          ceilingDatabase.workers,
          seconds,
        );
      } finally {
        await ceilingDatabase.database.close();
      }
    },
  );
  const saves = await withServer(dataDir, port, env, () => costSaves(origin, cookie, salary.costId));
  const lines = [
    [`${label}: GET /api/employees?limit=50&sortBy=salaryAmount`, employees],
    [`${label}: GET one salary's costs (8)`, costs],
  ];
  for (const [name, measured] of lines) {
    line(name, measured.api.rps, 'req/s', `p99 ${measured.api.p99} ms`);
    line(
      `${label}:   same SQL, same driver (ceiling)`,
      measured.ceiling.rps,
      'req/s',
      `p99 ${measured.ceiling.p99} ms`,
    );
    line(`${label}:   API vs ceiling`, ...ratioNote(measured));
  }
  line(`${label}: saving a cost of 8, p99 (target < 50 ms)`, saves.p99, 'ms', `median ${saves.median} ms`);
}

/** The employees lines on PGlite and, when a server is reachable, on a fresh PostgreSQL database. */
export async function benchEmployeeLists(tools) {
  const { openDatabase } = await import('../apps/api/dist/db/client.js');
  await tools.inTempDir('emp', (dataDir) =>
    benchEmployees(
      'PGlite',
      {
        dataDir,
        port: 3931,
        openRaw: async () => ({
          database: await openDatabase({ kind: 'pglite', dataDir: `${dataDir}/pglite` }),
          workers: 1,
        }),
      },
      tools,
    ),
  );
  await tools.onFreshPostgres('GET /api/employees', ({ url, dataDir }) =>
    benchEmployees(
      'PostgreSQL',
      {
        dataDir,
        port: 3932,
        env: { DATABASE_URL: url },
        openRaw: async () => ({
          database: await openDatabase({ kind: 'postgres', url, poolSize: 10 }),
          workers: 10,
        }),
      },
      tools,
    ),
  );
}
