import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Portfolio, PortfolioRow } from '@saldopilot/shared';
import type { FastifyInstance } from 'fastify';
import { adjustableClock } from '../../test/build-test-app.js';
import { anApiToken, bearerClient } from '../../test/bearer-client.js';
import { aBankAccount, aLabel, aSalary, aSalaryCost, aTransaction, anEmployee } from '../../test/factories.js';
import { addMember } from '../../test/tenants.js';
import { browser, signUp, type Browser } from '../../test/test-client.js';
import { openTwoInstances } from '../../test/two-instances.js';

// docs/cockpit.md "Stored rows". Two instances on one database (PostgreSQL with DATABASE_URL, else
// one PGlite), each on its own clock starting 2026-11-21 noon in Zurich; amounts are synthetic.

let instances: Awaited<ReturnType<typeof openTwoInstances>>;
const clocks = { a: adjustableClock(), b: adjustableClock() };
const DAY_MS = 24 * 3_600_000;

beforeAll(async () => {
  instances = await openTwoInstances(clocks);
});
afterAll(async () => instances?.close());

async function rowsOf(user: Browser): Promise<PortfolioRow[]> {
  const response = await user.get('/api/portfolio');
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Portfolio>().rows;
}

const computations = (app: FastifyInstance) => app.deps.portfolio.computations();

/** The stored row's bank balance, set by hand: a read that answers it took the stored row. */
async function markStored(organisationId: number, bankBalance: number): Promise<void> {
  await instances.database.db.execute(
    sql`update portfolio_rows set row = jsonb_set(row, '{bankBalance}', to_jsonb(${bankBalance}::bigint)) where organisation_id = ${organisationId}`,
  );
}

describe('stored Übersicht rows (docs/cockpit.md "Stored rows")', () => {
  it('answers a fresh stored row without computing it, and computes it again after a write', async () => {
    const { a } = instances;
    const user = await signUp(a);
    const id = user.user.currentOrganisationId;
    await aBankAccount(user, { amount: 1_000_000, balanceDate: '2026-11-21' });
    await a.deps.alerts.settled();

    const before = computations(a);
    expect((await rowsOf(user))[0]?.bankBalance).toBe(1_000_000);
    await markStored(id, 4_242);
    // Read twice more: the stored row (the marked balance), nothing computed.
    expect((await rowsOf(user))[0]?.bankBalance).toBe(4_242);
    expect((await rowsOf(user))[0]?.bankBalance).toBe(4_242);
    expect(computations(a)).toBe(before);

    // A write: the evaluation after it computes the row once, the next read takes it as stored.
    await aTransaction(user, { amount: -300_000, startDate: '2026-11-25' });
    await a.deps.alerts.settled();
    const afterWrite = computations(a);
    const [row] = await rowsOf(user);
    expect(row?.bankBalance).toBe(1_000_000);
    expect(row?.lowest.saldo).toBeLessThan(1_000_000);
    expect(computations(a)).toBe(afterWrite);
  });

  it('computes a row again once the day changes (today moves the months, the overdue and the freshness)', async () => {
    const { a } = instances;
    const user = await signUp(a);
    const id = user.user.currentOrganisationId;
    await aBankAccount(user, { amount: 1_000_000, balanceDate: '2026-11-21' });
    await a.deps.alerts.settled();
    expect((await rowsOf(user))[0]?.balanceStale).toBe(false);
    await markStored(id, 4_242);
    expect((await rowsOf(user))[0]?.bankBalance).toBe(4_242);

    // Eleven days later the balance of 21.11.2026 is older than 10 days: a new row, not the stored one.
    clocks.a.advance(11 * DAY_MS);
    try {
      const before = computations(a);
      // Answered as stored at once, marked "wird aktualisiert", and computed in the background.
      expect((await rowsOf(user))[0]).toMatchObject({ bankBalance: 4_242, balanceStale: false, updating: true });
      await a.deps.portfolio.settled();
      expect(computations(a) - before).toBe(1);
      const [row] = await rowsOf(user);
      expect(row).toMatchObject({ bankBalance: 1_000_000, balanceStale: true, updating: false });
    } finally {
      clocks.a.advance(-11 * DAY_MS);
    }
  });

  it('the daily run brings every stored row to the new day before the reads', async () => {
    const { a } = instances;
    const user = await signUp(a);
    await aBankAccount(user, { amount: 1_000_000, balanceDate: '2026-11-21' });
    await a.deps.alerts.settled();
    await rowsOf(user);
    clocks.a.advance(DAY_MS);
    try {
      await a.deps.alerts.evaluateAll();
      const before = computations(a);
      await rowsOf(user);
      expect(computations(a)).toBe(before);
    } finally {
      clocks.a.advance(-DAY_MS);
    }
  });

  it('one stored row serves callers with and without salary rights: the salary costs only to those with them', async () => {
    const { a } = instances;
    const owner = await signUp(a);
    const id = owner.user.currentOrganisationId;
    await aBankAccount(owner, { amount: 10_000_000, balanceDate: '2026-11-21' });
    const salary = await aSalary(owner, (await anEmployee(owner)).id);
    await aSalaryCost(owner, salary.id, { labelId: (await aLabel(owner, { name: 'AHV/IV/EO' })).id });
    await a.deps.alerts.settled();
    const ahv = { kind: 'salary_cost_labels', name: 'AHV/IV/EO', dueDate: '2026-11-30', amount: -84_800 };
    expect((await rowsOf(owner))[0]?.payments).toEqual([ahv]);

    const before = computations(a);
    const reader = await addMember(a, owner, id, 'read-only');
    const token = bearerClient(a, (await anApiToken(reader, ['portfolio:read'])).secret);
    const tokenRows = await rowsOf(token);
    const shared = tokenRows.find((row) => row.organisationId === id);
    expect(shared).toMatchObject({ role: 'read-only', payments: [] });
    const full = bearerClient(a, (await anApiToken(reader, ['portfolio:read', 'salaries:read'])).secret);
    expect((await rowsOf(full)).find((row) => row.organisationId === id)?.payments).toEqual([ahv]);
    // The owner's organisation came from its stored row each time; only the reader's own one was new.
    expect(computations(a) - before).toBe(1);
  });

  it("never answers another user's organisation from the stored rows", async () => {
    const { a } = instances;
    const mine = await signUp(a);
    const theirs = await signUp(a);
    await theirs.patch(`/api/organisations/${theirs.user.currentOrganisationId}`, { name: 'Fremde AG' });
    await a.deps.alerts.settled();
    await rowsOf(theirs);
    const rows = await rowsOf(mine);
    expect(rows.map((row) => row.organisationId)).toEqual([mine.user.currentOrganisationId]);
    expect(rows.map((row) => row.name)).not.toContain('Fremde AG');
  });

  it('two instances on one database: a write on one is seen by the other, which takes the stored row', async () => {
    const { a, b } = instances;
    const user = await signUp(a);
    const id = user.user.currentOrganisationId;
    await aBankAccount(user, { amount: 1_000_000, balanceDate: '2026-11-21' });
    await a.deps.alerts.settled();
    // The same session on B (both instances share the database and the secret).
    const sameSessionOnB = browser(b, user.jar);
    const fromB = async () => (await rowsOf(sameSessionOnB)).find((row) => row.organisationId === id);
    const beforeB = computations(b);
    expect((await fromB())?.bankBalance).toBe(1_000_000);
    expect(computations(b)).toBe(beforeB);

    // A write on A: B's next read sees it (computed on A after the write), or answers the stored
    // row "wird aktualisiert" and computes it in the background.
    await user.patch(`/api/organisations/${id}`, { minimumBalance: 2_000_000 });
    const next = await fromB();
    expect(next?.updating || next?.shortfallMonth === '2026-11').toBe(true);
    await a.deps.alerts.settled();
    await b.deps.portfolio.settled();
    expect(await fromB()).toMatchObject({ shortfallMonth: '2026-11', updating: false });
    expect((await rowsOf(user))[0]?.shortfallMonth).toBe('2026-11');
  });

  it('answers a stale row at once, marked "wird aktualisiert", and computes it in the background', async () => {
    const { a } = instances;
    const user = await signUp(a);
    const id = user.user.currentOrganisationId;
    await aBankAccount(user, { amount: 1_000_000, balanceDate: '2026-11-21' });
    await a.deps.alerts.settled();
    expect((await rowsOf(user))[0]).toMatchObject({ shortfallMonth: null, updating: false });

    // A change past the API (no evaluation after it): the stored row is of older data now.
    await instances.database.db.execute(sql`update organisations set minimum_balance = 2000000 where id = ${id}`);
    const before = computations(a);
    expect((await rowsOf(user))[0]).toMatchObject({ shortfallMonth: null, minimumBalance: 0, updating: true });
    await a.deps.portfolio.settled();
    expect(computations(a) - before).toBe(1);
    expect((await rowsOf(user))[0]).toMatchObject({
      shortfallMonth: '2026-11',
      minimumBalance: 2_000_000,
      updating: false,
    });
    expect(computations(a) - before).toBe(1);
  });

  it('a row computed again with the same figures under a new key is current on the next read of an instance that held it', async () => {
    const { a } = instances;
    const user = await signUp(a);
    const id = user.user.currentOrganisationId;
    await aBankAccount(user, { amount: 1_000_000, balanceDate: '2026-11-21' });
    await a.deps.alerts.settled();
    expect((await rowsOf(user))[0]).toMatchObject({ updating: false });

    // Only the key moves (as after midnight when nothing the row shows changed): the background
    // stores the same bytes under the current key, so the digest the instance holds stays the same.
    await instances.database.db.execute(
      sql`update portfolio_rows set data_key = 'stale/' || data_key where organisation_id = ${id}`,
    );
    const before = computations(a);
    expect((await rowsOf(user))[0]).toMatchObject({ updating: true });
    await a.deps.portfolio.settled();
    expect(computations(a) - before).toBe(1);
    // Current now, and read as current: no "wird aktualisiert" again, nothing scheduled again.
    expect((await rowsOf(user))[0]).toMatchObject({ updating: false });
    expect((await rowsOf(user))[0]).toMatchObject({ updating: false });
    await a.deps.portfolio.settled();
    expect(computations(a) - before).toBe(1);
  });

  it('answers organisations never computed "wird berechnet" when more than a few, and computes them in the background', async () => {
    const { a } = instances;
    const user = await signUp(a);
    const currencyId = (await user.get('/api/currencies')).json<{ id: number; code: string }[]>()[0]?.id;
    const names = ['Eins AG', 'Zwei AG', 'Drei AG', 'Vier AG', 'Fünf AG'];
    const ids = [user.user.currentOrganisationId];
    for (const name of names) {
      const created = await user.post('/api/organisations', { name, currencyId });
      expect(created.statusCode).toBe(201);
      ids.push(created.json<{ id: number }>().id);
    }
    await a.deps.alerts.settled();
    // Nothing stored (as after seeding past the API or a new deployment): six are more than a read computes.
    await instances.database.db.execute(
      sql`delete from portfolio_rows where organisation_id in (${sql.join(ids, sql`, `)})`,
    );
    const first = (await user.get('/api/portfolio')).json<Portfolio>();
    expect(first.rows).toEqual([]);
    expect(first.pending.map((pending) => pending.name)).toEqual([
      'Drei AG',
      'Eins AG',
      'Fünf AG',
      'Meine Organisation',
      'Vier AG',
      'Zwei AG',
    ]);
    await a.deps.portfolio.settled();
    const then = (await user.get('/api/portfolio')).json<Portfolio>();
    expect(then.pending).toEqual([]);
    expect(then.rows.map((row) => row.organisationId).sort()).toEqual([...ids].sort());
  });

  it('two instances: a row the other instance is computing is not computed again', async () => {
    const { a, b } = instances;
    const user = await signUp(a);
    const id = user.user.currentOrganisationId;
    await aBankAccount(user, { amount: 1_000_000, balanceDate: '2026-11-21' });
    await a.deps.alerts.settled();
    await rowsOf(user);
    await instances.database.db.execute(sql`update organisations set minimum_balance = 2000000 where id = ${id}`);
    // B claimed the row (as its background computation does first) and is still at it.
    await instances.database.db.execute(
      sql`insert into portfolio_refresh_claims (organisation_id, claim, claimed_until) values (${id}, 'b', now() + interval '1 minute')`,
    );
    const before = computations(a);
    expect((await rowsOf(user))[0]?.updating).toBe(true);
    await a.deps.portfolio.settled();
    expect(computations(a)).toBe(before);
    expect((await rowsOf(user))[0]?.updating).toBe(true);

    // B's claim ends (done, or run out after the instance died): the next read schedules it again.
    await instances.database.db.execute(
      sql`update portfolio_refresh_claims set claimed_until = now() - interval '1 second' where organisation_id = ${id}`,
    );
    await rowsOf(user);
    await a.deps.portfolio.settled();
    expect(computations(a) - before).toBe(1);
    expect((await rowsOf(user))[0]).toMatchObject({ shortfallMonth: '2026-11', updating: false });
    expect(computations(b)).toBeGreaterThanOrEqual(0);
  });
});
