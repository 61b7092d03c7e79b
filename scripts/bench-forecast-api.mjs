// The forecast API of the big organisation (docs/forecast.md "Speed"): GET /api/forecasts?months=60 and
// /api/forecasts/details?months=60, p99 under load, on PGlite and on PostgreSQL. Called from
// scripts/bench.mjs with its helpers; the size can be reduced for a quick run:
//   BENCH_ONLY=forecast-api BENCH_FORECAST_EMPLOYEES=50 BENCH_FORECAST_TRANSACTIONS=500 npm run bench
// and the details answer's lines alone (in this process, no server): BENCH_FORECAST_DETAILS_ONLY=1.
import http from 'node:http';
import { BENCH_PASSWORD } from './bench-data.mjs';

const EMPLOYEES = Number(process.env.BENCH_FORECAST_EMPLOYEES ?? 1_000);
const TRANSACTIONS = Number(process.env.BENCH_FORECAST_TRANSACTIONS ?? 10_000);
const ACCOUNTS = 20;
export const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd'; // what Chromium sends

/**
 * The answer's headers as they come over the wire (fetch would decompress and drop the length; and
 * it waits forever for the body of a 304 that names an encoding). `headers`: more request headers.
 */
export function fetchRaw(url, cookie, headers = {}) {
  return new Promise((resolve, reject) => {
    const sent = { cookie, 'accept-encoding': BROWSER_ACCEPT_ENCODING, ...headers };
    const request = http.get(url, { headers: sent }, (response) => {
      response.resume();
      response.on('end', () => resolve(response));
    });
    request.on('error', reject);
  });
}

/**
 * The big organisation by direct SQL (set-based, a few statements): ACCOUNTS accounts, TRANSACTIONS
 * transactions (a quarter single, the rest repeating in all cycles, half with 8.1 % VAT, some in
 * EUR/USD), EMPLOYEES employees × 3 salaries (past, current, future) × 8 costs of 8 labels, a
 * quarterly VAT setting and a few exclusions. The cost schedules are then computed by the API's own
 * code (`ensureFreshSchedules`), as the first read of the day would (`schedules: false` leaves that to
 * the first read: seeding hundreds of organisations, where it took most of the time).
 */
export async function seed(
  database,
  organisationId,
  today,
  size = { employees: EMPLOYEES, transactions: TRANSACTIONS, accounts: ACCOUNTS },
  { analyze = true, schedules = true } = {},
) {
  const { sql } = await import('drizzle-orm');
  const { ensureFreshSchedules } = await import('../apps/api/dist/modules/employees/salary-schedules.js');
  const { db } = database;
  const run = (query) => db.execute(query);
  const org = organisationId;
  await run(sql`
    insert into bank_accounts (organisation_id, name, amount, currency_id, balance_date)
    select ${org}, 'Konto ' || i, 5000000 + i * 100000,
           (select id from currencies where code = (array['CHF','CHF','CHF','EUR','USD'])[1 + i % 5]), ${today}::date
    from generate_series(1, ${size.accounts ?? ACCOUNTS}) as i`);
  await run(sql`
    insert into transactions (organisation_id, name, amount, vat_included, is_disabled, type, cycle, start_date,
                              end_date, category_id, currency_id, vat_rate_id)
    select ${org},
           (array['Miete','Lizenz','Mandat','Versicherung','Leasing','Hosting','Beratung','Spesen'])[1 + i % 8] || ' ' || i,
           (case when i % 3 = 0 then 1 else -1 end) * (1000 + (i * 7919) % 900000),
           i % 2 = 0, i % 20 = 0,
           (case when i % 4 = 0 then 'single' else 'repeating' end)::transaction_type,
           (case when i % 4 = 0 then null
                 else (array['monthly','monthly','quarterly','biannually','yearly'])[1 + i % 5] end)::cycle,
           date '2024-01-01' + (i * 37) % 1460,
           case when i % 4 <> 0 and i % 7 = 0 then date '2028-12-31' + (i % 700) end,
           (select id from categories where organisation_id is null order by id offset (i % 10) limit 1),
           (select id from currencies where code = (array['CHF','CHF','CHF','CHF','EUR','USD'])[1 + i % 6]),
           case when i % 2 = 0 then (select id from vat_rates where organisation_id is null and value = 810) end
    from generate_series(1, ${size.transactions}) as i`);
  await run(sql`
    insert into employees (organisation_id, name)
    select ${org}, 'Mitarbeiter ' || lpad(i::text, 5, '0') from generate_series(1, ${size.employees}) as i`);
  // Past, current and future salary of every employee; amounts vary a little.
  await run(sql`
    insert into salaries (organisation_id, employee_id, cycle, hours_per_month, amount, vacation_days_per_year,
                          from_date, to_date, currency_id)
    select ${org}, e.id, 'monthly', 180, 500000 + (e.id * 7919 + s.n * 104729) % 800000, 25,
           (array[date '2024-01-25', date '2025-01-25', date '2027-01-25'])[s.n],
           (array[date '2024-12-25', date '2026-12-25', null])[s.n],
           (select id from currencies where code = 'CHF')
    from employees e cross join generate_series(1, 3) as s(n)
    where e.organisation_id = ${org}`);
  await run(sql`
    insert into salary_cost_labels (organisation_id, name)
    select ${org}, name from unnest(array['AHV/IV/EO','ALV','BVG','UVG','KTG','FAK','Verwaltung','Spesen']) as name`);
  // Eight costs per salary: percentages of the gross and fixed amounts, every cycle, all three sides.
  await run(sql`
    insert into salary_costs (organisation_id, salary_id, label_id, cycle, amount_type, amount, distribution_type,
                              relative_offset)
    select ${org}, s.id,
           case when c.n = 8 then null else (select id from salary_cost_labels l where l.organisation_id = ${org}
                                              order by l.id offset c.n - 1 limit 1) end,
           (array['monthly','monthly','monthly','monthly','quarterly','monthly','yearly','biannually'])[c.n]::cost_cycle,
           (array['percentage','percentage','percentage','percentage','percentage','percentage','fixed','fixed'])[c.n]::amount_type,
           (array[5300, 1100, 7000, 1500, 800, 2000, 60000, 25000])[c.n],
           (array['both','both','both','employer','both','employer','employer','employee'])[c.n]::distribution_type,
           (array[1, 1, 1, 1, 1, 3, 1, 1])[c.n]
    from salaries s cross join generate_series(1, 8) as c(n)
    where s.organisation_id = ${org}`);
  await run(sql`
    insert into vat_settings (organisation_id, enabled, billing_date, interval, transaction_month_offset)
    values (${org}, true, date '2026-03-31', 'quarterly', 2)`);
  await run(sql`
    insert into transaction_exclusions (organisation_id, transaction_id, month)
    select ${org}, id, to_char(${today}::date + interval '1 month', 'YYYY-MM')
    from transactions where organisation_id = ${org} and id % 50 = 0`);
  if (schedules) await ensureFreshSchedules(db, organisationId, today);
  // Fresh statistics after the bulk fill, as autovacuum would gather them soon after (a caller
  // seeding many organisations analyzes once at the end: per organisation it grew with the database).
  if (analyze) await run(sql`analyze`);
}

/** Signs in with the bench password and answers the session cookie header. */
export async function signIn(origin, email) {
  const login = await fetch(`${origin}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ email, password: BENCH_PASSWORD }),
  });
  if (login.status !== 200) throw new Error(`login failed: ${login.status} ${await login.text()}`);
  return login.headers
    .getSetCookie()
    .map((entry) => entry.split(';')[0])
    .join('; ');
}

/**
 * The server on a new database with a registered user whose organisation `seed` filled (of `size`),
 * signed in: { server, origin, cookie, seedMs }. PGlite belongs to one process: the organisation is
 * seeded while the server is stopped, then it starts again.
 */
export async function startSeeded(helpers, { dataDir, port, env, target }, size) {
  const { startServer, stop, signUp } = helpers;
  const { openDatabase } = await import('../apps/api/dist/db/client.js');
  const { zurichDateOf } = await import('../packages/shared/dist/index.js');
  const origin = `http://127.0.0.1:${port}`;
  const first = await startServer(dataDir, port, env);
  const profile = await (await fetch(`${origin}/api/profile`, { headers: { cookie: await signUp(origin) } })).json();
  await stop(first.child);
  const started = performance.now();
  const database = await openDatabase(target);
  try {
    await seed(database, profile.currentOrganisationId, zurichDateOf(new Date()), size);
  } finally {
    await database.close();
  }
  const seedMs = Math.round(performance.now() - started);
  const server = await startServer(dataDir, port, env);
  return { server, origin, cookie: await signIn(origin, profile.email), seedMs };
}

async function benchOne(label, helpers, { dataDir, port, env, target }) {
  const { stop, load, line, seconds } = helpers;
  const { server, origin, cookie, seedMs } = await startSeeded(helpers, { dataDir, port, env, target });
  const size = `${EMPLOYEES} employees x 3 x 8, ${TRANSACTIONS} tx`;
  line(`${label}: seeding the big organisation (${size})`, seedMs, 'ms');
  try {
    if (label === 'PGlite' && helpers.measureForecastPage) {
      // The Prognose page of the same organisation in headless Chromium (bench.mjs, forecast-web),
      // measured first, once the server is idle: after the load runs it still works off queued reads.
      await helpers.untilIdle(server.child);
      const name = `${label}: Prognose page, 60 months, table and chart drawn (target < 1 s)`;
      const page = await helpers.measureForecastPage(origin, cookie, 60).catch((error) => ({ error }));
      const inPrivate = await helpers
        .measureForecastPage(origin, cookie, 60, { runs: 5, private: true })
        .catch((error) => ({ error }));
      const privateNote = inPrivate.error ? inPrivate.error.message : `${inPrivate.median} ms`;
      if (page.error) line(name, 'n/a', '', page.error.message);
      else
        line(
          name,
          page.median,
          'ms',
          `median of the warm loads ${page.warm.join(', ')}; ${page.api} ms of it GET /api/forecasts; ` +
            `first ${page.cold} ms; ` +
            `in a private window, without V8's code cache: ${privateNote}`,
        );
    }
    await measureFirstRead(label, helpers, origin, cookie);
    for (const [name, url] of [
      ['GET /api/forecasts?months=60', `${origin}/api/forecasts?months=60`],
      // What the Prognose page asks for: the categories of both sides, then the leaves of the rows
      // it opens ("Löhne": one leaf per employee and month); the whole tree only with no ?expand=.
      ['GET /api/forecasts/details?months=60&expand=', `${origin}/api/forecasts/details?months=60&expand=`],
      [
        'GET /api/forecasts/details?months=60&expand=expense:Löhne',
        `${origin}/api/forecasts/details?months=60&expand=${encodeURIComponent('expense:Löhne')}`,
      ],
      ['GET /api/forecasts/details?months=60 (every leaf)', `${origin}/api/forecasts/details?months=60`],
    ]) {
      const check = await fetch(url, { headers: { cookie } });
      if (check.status !== 200) throw new Error(`${name}: ${check.status} ${await check.text()}`);
      const bytes = (await check.arrayBuffer()).byteLength;
      // As the Prognose page asks in Chromium: with the browser's Accept-Encoding.
      const measured = await load(url, { cookie, 'accept-encoding': BROWSER_ACCEPT_ENCODING });
      const wire = Number((await fetchRaw(url, cookie)).headers['content-length'] ?? 0);
      const size = `${Math.round(bytes / 1024)} KB JSON, ${wire ? `${Math.round(wire / 1024)} KB` : 'streamed'} on the wire`;
      // Autocannon reports p99 0 when no answer completed within the run: say so instead.
      if (measured.rps === 0)
        line(`${label}: ${name} (target p99 < 100 ms)`, 'n/a', '', `no answer within ${seconds} s, ${size}`);
      else line(`${label}: ${name} (target p99 < 100 ms)`, measured.p99, 'ms p99', `${measured.rps} req/s, ${size}`);
    }
    await measureExports(label, helpers, origin, cookie);
  } finally {
    await stop(server.child);
  }
}

/**
 * The forecast as files (docs/reports.md): the big organisation, 60 months with every leaf (XLSX,
 * CSV) and the 13-month PDF report; three downloads each, one after the other, the median with the
 * spread (docs/design.md "Performance budgets": XLSX and PDF < 2 s).
 */
async function measureExports(label, { line }, origin, cookie) {
  for (const [format, target, months] of [
    ['xlsx', 2000, 60],
    ['csv', 2000, 60],
    ['pdf', 2000, 13],
  ]) {
    const times = [];
    let bytes = 0;
    for (let round = 0; round < 3; round += 1) {
      const started = performance.now();
      const response = await fetch(`${origin}/api/forecasts/export?format=${format}&months=${months}`, {
        headers: { cookie },
      });
      if (response.status !== 200) throw new Error(`export ${format}: ${response.status} ${await response.text()}`);
      bytes = (await response.arrayBuffer()).byteLength;
      times.push(Math.round(performance.now() - started));
    }
    const sorted = [...times].sort((a, b) => a - b);
    line(
      `${label}: GET /api/forecasts/export?format=${format}&months=${months}${format === 'pdf' ? '' : ', every leaf'} (target < ${target / 1000} s)`,
      sorted[1],
      'ms median',
      `runs ${times.join(', ')} ms (spread ${sorted[2] - sorted[0]} ms); ${Math.round(bytes / 1024)} KB`,
    );
  }
}

/**
 * The first read after a change. The forecast keeps its data in memory per part until a table the
 * part is read from changes, so the load lines mostly measure reads from memory. Here each of five
 * reads follows an edit: a bank account's balance (the accounts reload) and a salary cost's amount
 * (the costs of that salary reload, found by the salaries' cost versions). Median and maximum.
 */
async function measureFirstRead(label, { line }, origin, cookie) {
  const headers = { cookie, origin, 'content-type': 'application/json' };
  const get = async (address) => (await fetch(`${origin}${address}`, { headers })).json();
  const {
    data: [account],
  } = await get('/api/bank-accounts');
  const {
    data: [employee],
  } = await get('/api/employees?limit=1');
  const [salary] = await get(`/api/employees/${employee.id}/salaries`).then((body) => body.data ?? body);
  const [cost] = await get(`/api/employees/salaries/${salary.id}/costs`).then((body) => body.data ?? body);
  const edits = [
    ['a bank account', `/api/bank-accounts/${account.id}`, (i) => ({ amount: 5_000_000 + i })],
    ['a salary cost', `/api/employees/salaries/costs/${cost.id}`, (i) => ({ amount: 5_000 + i })],
  ];
  for (const [what, address, body] of edits) {
    const times = [];
    for (let i = 0; i < 5; i += 1) {
      const patch = await fetch(`${origin}${address}`, { method: 'PATCH', headers, body: JSON.stringify(body(i)) });
      if (patch.status !== 200) throw new Error(`changing ${what} failed: ${patch.status} ${await patch.text()}`);
      const started = performance.now();
      const response = await fetch(`${origin}/api/forecasts?months=60`, { headers });
      if (response.status !== 200) throw new Error(`forecast after a change: ${response.status}`);
      await response.arrayBuffer();
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    line(
      `${label}: GET /api/forecasts?months=60 after editing ${what}`,
      Math.round(times[2]),
      'ms median',
      `max ${Math.round(times[4])} ms; loads what changed and computes, no target`,
    );
  }
}

/**
 * The details answer of the big organisation over 60 months (docs/forecast.md "Details on the
 * wire"), in this process: made from the engine's result and written by the schema's writer (what
 * the route does before compressing), as the tree per month (the answer up to 2026-11-29) and in
 * columns, in turns in the same rounds, every leaf and with only "Löhne" expanded. CPU median of
 * the rounds, spread, bytes, and the load while measuring.
 */
export async function benchDetailsAnswer({ line }, rounds = Number(process.env.BENCH_ROUNDS ?? 7)) {
  const { loadavg } = await import('node:os');
  const { organisation } = await import('../packages/forecast/bench/forecast.bench.mjs');
  const { ForecastModel } = await import('../packages/forecast/dist/index.js');
  const { detailColumnsOf, forecastDetailColumnsSchema, forecastDetailsSchema } =
    await import('../packages/shared/dist/index.js');
  const { toDetails, leavesWanted } = await import('../apps/api/dist/modules/forecasts/forecasts.service.js');
  const { compileResponseWriter } = await import('../apps/api/dist/plugins/response-serializer.js');
  const writeTree = compileResponseWriter(forecastDetailsSchema);
  const writeColumns = compileResponseWriter(forecastDetailColumnsSchema);
  const result = ForecastModel.build(organisation(EMPLOYEES, TRANSACTIONS, 60)).result({
    months: 60,
    performance: 100,
    details: true,
  });
  const ways = {
    tree: (wanted) => writeTree(toDetails(result, wanted)),
    columns: (wanted) => writeColumns(detailColumnsOf(toDetails(result, wanted))),
  };
  const cpuOf = (work) => {
    const started = process.cpuUsage();
    const text = work();
    const used = process.cpuUsage(started);
    return { ms: (used.user + used.system) / 1000, bytes: Buffer.byteLength(text) };
  };
  const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  for (const [name, expand] of [
    ['every leaf', undefined],
    ['expand=expense:Löhne', ['expense:Löhne']],
  ]) {
    const wanted = leavesWanted(expand);
    for (const way of Object.values(ways)) way(wanted); // warm up
    const times = { tree: [], columns: [] };
    const bytes = {};
    const load = [];
    for (let round = 0; round < rounds; round += 1) {
      load.push(loadavg()[0]);
      for (const [way, work] of round % 2 === 0 ? Object.entries(ways) : Object.entries(ways).reverse()) {
        const measured = cpuOf(() => work(wanted));
        times[way].push(measured.ms);
        bytes[way] = measured.bytes;
      }
    }
    const spread = (values) => Math.max(...values) - Math.min(...values);
    const ratios = times.columns.map((ms, round) => ms / times.tree[round]);
    line(
      `details answer, big organisation 60 months, ${name}: columns vs tree (CPU to make and write)`,
      (median(ratios) * 100).toFixed(0),
      '%',
      `columns ${median(times.columns).toFixed(0)} ms (spread ${spread(times.columns).toFixed(0)} ms), ` +
        `tree ${median(times.tree).toFixed(0)} ms (spread ${spread(times.tree).toFixed(0)} ms), median of ${rounds} rounds; ` +
        `${(bytes.columns / 1024 / 1024).toFixed(2)} MB vs ${(bytes.tree / 1024 / 1024).toFixed(2)} MB of JSON; ` +
        `load ${Math.min(...load).toFixed(1)}-${Math.max(...load).toFixed(1)}`,
    );
  }
}

/** Both databases; PostgreSQL only when one is reachable (`onFreshPostgres` prints n/a otherwise). */
export async function benchForecastApi(helpers) {
  await benchDetailsAnswer(helpers);
  if (process.env.BENCH_FORECAST_DETAILS_ONLY === '1') return;
  await helpers.inTempDir('fc', (dataDir) =>
    benchOne('PGlite', helpers, { dataDir, port: 3907, target: { kind: 'pglite', dataDir: `${dataDir}/pglite` } }),
  );
  await helpers.onFreshPostgres('GET /api/forecasts', ({ url, dataDir }) =>
    benchOne('PostgreSQL', helpers, {
      dataDir,
      port: 3908,
      env: { DATABASE_URL: url },
      target: { kind: 'postgres', url },
    }),
  );
}
