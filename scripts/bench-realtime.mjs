// The realtime lines of `npm run bench` (docs/realtime.md "Stamps and ETags", "Coalesced reloads"):
// TABS simulated open tabs of one organisation, each with its event stream and its Prognose, which it
// reloads as the web app does (on a change event whose stamp its answer does not carry yet, at most
// once a second, with If-None-Match), and a writer who changes a transaction WRITES times. Per
// write: the answers 200 and 304 the tabs got, the events delivered per second, and the p99 from the
// write to the last tab holding the fresh forecast. Then the same with two instances on one
// PostgreSQL and Redis, the tabs split between them and the writer on the first.
// Alone: `BENCH_ONLY=realtime node scripts/bench.mjs` (needs the build).
import { BENCH_PASSWORD } from './bench-data.mjs';

const TABS = Number(process.env.BENCH_REALTIME_TABS ?? 100);
const WRITES = Number(process.env.BENCH_REALTIME_WRITES ?? 20);
/** A user may hold 10 streams: the tabs belong to TABS / 10 members. */
const TABS_PER_MEMBER = 10;
const FORECAST = '/api/forecasts?months=13&performance=100';

const stampOf = (etag) => /^W\/"([^"~]+)~/.exec(etag ?? '')?.[1];
const stampNumber = (stamp) => Number(stamp?.split('.')[1] ?? -1);
const cookieOf = (response) =>
  response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');

async function json(origin, path, cookie, method = 'GET', body) {
  const response = await fetch(`${origin}${path}`, {
    method,
    headers: { cookie, origin, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  if (response.status >= 400) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return response.status === 204 ? undefined : response.json();
}

/** An editor invited by the owner, signed in: their cookie. */
async function invitedMember(origin, ownerCookie, organisationId, index) {
  const email = `bench-member-${Date.now()}-${index}@example.ch`;
  await json(origin, `/api/organisations/${organisationId}/invitations`, ownerCookie, 'POST', {
    email,
    role: 'editor',
  });
  let token;
  while (!token) {
    const mails = await (await fetch(`${origin}/api/dev/outbox`)).json();
    token = /[?&]token=([A-Za-z0-9_-]+)/.exec(mails.find((mail) => mail.to === email)?.text ?? '')?.[1];
    if (!token) await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const accepted = await fetch(`${origin}/api/auth/invitation/accept`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ token, password: BENCH_PASSWORD }),
  });
  if (accepted.status !== 200) throw new Error(`accepting failed: ${accepted.status}`);
  return cookieOf(accepted);
}

/** One simulated tab: its stream, its forecast answer (and its stamp), its reloads as the web app does them. */
function openTab(origin, cookie, index, counts) {
  const controller = new AbortController();
  const tab = { stamp: undefined, etag: undefined, freshAt: new Map(), close: () => controller.abort() };
  let lastReload = 0;
  let pending;
  let loading = false;
  async function reload() {
    pending = undefined;
    if (loading) return void (pending = setTimeout(reload, 50));
    loading = true;
    lastReload = performance.now();
    try {
      const response = await fetch(`${origin}${FORECAST}`, {
        headers: { cookie, ...(tab.etag ? { 'if-none-match': tab.etag } : {}) },
      });
      counts[response.status] = (counts[response.status] ?? 0) + 1;
      if (response.status === 200) {
        await response.arrayBuffer();
        tab.etag = response.headers.get('etag');
        tab.stamp = stampOf(tab.etag);
        tab.freshAt.set(tab.stamp, performance.now());
      }
    } finally {
      loading = false;
    }
  }
  function onChange(stamp) {
    counts.events += 1;
    if (stamp !== undefined && stampNumber(tab.stamp) >= stampNumber(stamp)) return;
    if (pending) return;
    const wait = Math.max(0, lastReload + 1_000 - performance.now());
    pending = setTimeout(reload, wait);
  }
  tab.ready = (async () => {
    await reload();
    const response = await fetch(`${origin}/api/events?tab=bench-tab-${index}-${Date.now()}`, {
      headers: { cookie },
      signal: controller.signal,
    });
    if (response.status !== 200) throw new Error(`stream refused: ${response.status}`);
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    let text = '';
    void (async () => {
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) return;
          text += decoder.decode(value, { stream: true });
          let end;
          while ((end = text.indexOf('\n\n')) >= 0) {
            const block = text.slice(0, end);
            text = text.slice(end + 2);
            if (!block.includes('event: change')) continue;
            const data = JSON.parse(block.slice(block.indexOf('data: ') + 6).split('\n')[0]);
            onChange(data.stamp);
          }
        }
      } catch {
        // aborted at the end
      }
    })();
  })();
  return tab;
}

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};

/** The tabs on `origins` (round robin), the writer on the first; the lines of one run. */
async function run(label, origins, ownerCookie, line) {
  const [first] = origins;
  const { currentOrganisationId: organisationId } = await json(first, '/api/profile', ownerCookie);
  const members = await Promise.all(
    Array.from({ length: Math.ceil(TABS / TABS_PER_MEMBER) }, (_, index) =>
      invitedMember(first, ownerCookie, organisationId, index),
    ),
  );
  const [currency] = await json(first, '/api/currencies', ownerCookie);
  const { data: categories } = await json(first, '/api/categories', ownerCookie);
  const created = await json(first, '/api/transactions', ownerCookie, 'POST', {
    name: 'Bench Miete',
    amount: -100_000,
    currencyId: currency.id,
    categoryId: categories[0].id,
    type: 'repeating',
    cycle: 'monthly',
    startDate: '2030-01-01',
    vatIncluded: false,
  });
  const counts = { events: 0 };
  const tabs = Array.from({ length: TABS }, (_, index) =>
    openTab(origins[index % origins.length], members[Math.floor(index / TABS_PER_MEMBER)], index, counts),
  );
  await Promise.all(tabs.map((tab) => tab.ready));
  for (const key of Object.keys(counts)) counts[key] = 0;
  const latencies = [];
  const started = performance.now();
  for (let write = 0; write < WRITES; write += 1) {
    const before = performance.now();
    await json(first, `/api/transactions/${created.id}`, ownerCookie, 'PATCH', { amount: -100_000 - write - 1 });
    const { etag } = {
      etag: (await fetch(`${first}${FORECAST}`, { headers: { cookie: ownerCookie } })).headers.get('etag'),
    };
    const stamp = stampOf(etag);
    const deadline = performance.now() + 10_000;
    while (tabs.some((tab) => stampNumber(tab.stamp) < stampNumber(stamp)) && performance.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const stale = tabs.filter((tab) => stampNumber(tab.stamp) < stampNumber(stamp)).length;
    if (stale > 0) throw new Error(`${stale} tabs never got the forecast of write ${write + 1}`);
    latencies.push(Math.max(...tabs.map((tab) => tab.freshAt.get(tab.stamp) ?? performance.now())) - before);
    // The next write after the tabs' reload second, as a person types.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
  const seconds = (performance.now() - started) / 1000;
  for (const tab of tabs) tab.close();
  line(
    `realtime ${TABS} tabs, ${label}: write -> last tab fresh p99 (target < 500 ms)`,
    Math.round(percentile(latencies, 99)),
    'ms',
    `median ${Math.round(percentile(latencies, 50))} ms, ${WRITES} writes`,
  );
  line(
    `  answers per write: 200 / 304 (304 <= ${TABS})`,
    `${((counts[200] ?? 0) / WRITES).toFixed(1)} / ${((counts[304] ?? 0) / WRITES).toFixed(1)}`,
    '',
    `events delivered ${Math.round(counts.events / seconds)}/s`,
  );
}

export async function benchRealtime(tools) {
  const { startServer, stop, signUp, line, inTempDir, onFreshPostgres } = tools;
  await inTempDir('realtime', async (dataDir) => {
    const port = 3961;
    const server = await startServer(dataDir, port);
    try {
      const origin = `http://127.0.0.1:${port}`;
      await run('one instance (PGlite)', [origin], await signUp(origin), line);
    } finally {
      await stop(server.child);
    }
  });
  const redis = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
  await onFreshPostgres(`realtime ${TABS} tabs, two instances with Redis`, async ({ url, dataDir }) => {
    const env = { DATABASE_URL: url, REDIS_URL: redis, REDIS_KEY_PREFIX: `saldopilot-bench-${Date.now()}:` };
    const a = await startServer(dataDir, 3962, env);
    const b = await startServer(dataDir, 3963, env);
    try {
      const origins = ['http://127.0.0.1:3962', 'http://127.0.0.1:3963'];
      await run('two instances, PostgreSQL and Redis', origins, await signUp(origins[0]), line);
    } catch (error) {
      line(`realtime ${TABS} tabs, two instances with Redis`, 'n/a', '', error.message);
    } finally {
      await stop(a.child);
      await stop(b.child);
    }
  });
}
