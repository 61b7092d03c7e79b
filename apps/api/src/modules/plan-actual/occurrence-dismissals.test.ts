import { describe, expect, it } from 'vitest';
import type {
  Forecast,
  OccurrenceDismissalBulkResult,
  OccurrenceDismissalList,
  PlanActualMonthDetail,
} from '@saldopilot/shared';
import { useTestApp } from '../../test/build-test-app.js';
import { expectFieldError } from '../../test/expectations.js';
import { aBankAccount, aSalary, aTransaction, anEmployee, currencyId, importEntries } from '../../test/factories.js';
import { anApiToken, bearerClient } from '../../test/bearer-client.js';
import { browser, signUp, type SignedInUser } from '../../test/test-client.js';
import { addMember, twoTenants } from '../../test/tenants.js';

// docs/plan-actual.md "Many at once" (one old statement floods the plan with
// overdue payments, and about 60 single "Entfällt" clicks were the only way out). Today of the test
// app is 2026-11-21. The entries are a synthetic CSV written by `importEntries` (test/factories.ts).

const app = useTestApp();

/** A monthly leasing of 500.00 from 15.01.2025, and one CSV whose entries reach from 10.01.2025 to 18.11.2026. */
async function floodedPlan(user: SignedInUser) {
  const chf = await currencyId(user, 'CHF');
  const bank = await aBankAccount(user, {
    name: 'Bank',
    amount: 1_000_000,
    currencyId: chf,
    balanceDate: '2026-11-20',
  });
  const leasing = await aTransaction(user, { name: 'Leasing', amount: -50_000, startDate: '2025-01-15' });
  await importEntries(user, bank.id, [
    { date: '2025-01-10', amount: '-12.00', text: 'Gebühr' },
    { date: '2026-11-18', amount: '-12.00', text: 'Gebühr' },
  ]);
  return { leasing };
}

const currentExpense = async (user: SignedInUser) =>
  (await user.get('/api/forecasts?months=1')).json<Forecast>().months[0]?.expense;

const preview = (user: SignedInUser, before: string) => user.get(`/api/occurrence-dismissals/bulk?before=${before}`);

describe('"Entfällt" for many at once', () => {
  it('marks every überfällig occurrence before a day, counts them, lists them and restores them together', async () => {
    const user = await signUp(app);
    const { leasing } = await floodedPlan(user);
    // 23 leasing rates are überfällig in November: 15.01.2025 … 15.11.2026.
    expect(await currentExpense(user)).toBe(-23 * 50_000);

    const asked = await preview(user, '2026-10-01');
    expect(asked.statusCode, asked.body).toBe(200);
    const shown = asked.json<OccurrenceDismissalBulkResult>();
    expect(shown).toMatchObject({ count: 21, total: -21 * 50_000, dismissalIds: [] });
    expect(shown.occurrences[0]).toMatchObject({
      kind: 'transactions',
      id: leasing.id,
      dueDate: '2025-01-15',
      name: 'Leasing',
    });
    expect(shown.occurrences.at(-1)?.dueDate).toBe('2026-09-15');
    // The preview marks nothing.
    expect(await currentExpense(user)).toBe(-23 * 50_000);

    const done = await user.post('/api/occurrence-dismissals/bulk', { before: '2026-10-01' });
    expect(done.statusCode, done.body).toBe(200);
    const marked = done.json<OccurrenceDismissalBulkResult>();
    expect(marked.count).toBe(21);
    expect(marked.dismissalIds).toHaveLength(21);
    expect(await currentExpense(user)).toBe(-2 * 50_000);

    // Nothing left before that day: count 0, nothing changes.
    const again = await user.post('/api/occurrence-dismissals/bulk', { before: '2026-10-01' });
    expect(again.json<OccurrenceDismissalBulkResult>()).toEqual({
      count: 0,
      total: 0,
      occurrences: [],
      dismissalIds: [],
    });

    // Undo anywhere: the list, and the drill-down of a month, name the marks.
    const list = (await user.get('/api/occurrence-dismissals')).json<OccurrenceDismissalList>();
    expect(list.items).toHaveLength(21);
    expect(list.items[0]).toMatchObject({
      dueDate: '2026-09-15',
      name: 'Leasing',
      amount: -50_000,
      category: expect.any(String),
    });
    const september = (await user.get('/api/plan-actual/month?month=2026-09')).json<PlanActualMonthDetail>();
    const rate = september.occurrences.find((occurrence) => occurrence.id === leasing.id);
    expect(rate).toMatchObject({ state: 'dismissed', dismissalId: list.items[0]?.dismissalId });
    const october = (await user.get('/api/plan-actual/month?month=2026-10')).json<PlanActualMonthDetail>();
    // Not marked: still overdue (docs/plan-actual.md "One state per occurrence").
    expect(october.occurrences.find((occurrence) => occurrence.id === leasing.id)).toMatchObject({
      state: 'overdue',
      dismissalId: null,
    });

    const restored = await user.post('/api/occurrence-dismissals/bulk-restore', { dismissalIds: marked.dismissalIds });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json()).toEqual({ count: 21 });
    expect(await currentExpense(user)).toBe(-23 * 50_000);
    expect((await user.get('/api/occurrence-dismissals')).json<OccurrenceDismissalList>().items).toEqual([]);
  });

  it('refuses a missing, invalid or future day and bad ids in German; restores all or none', async () => {
    const user = await signUp(app);
    await floodedPlan(user);
    for (const before of [undefined, '2026-13-01', 'gestern', 20261001]) {
      const response = await user.post('/api/occurrence-dismissals/bulk', before === undefined ? {} : { before });
      expectFieldError(response, 'before');
    }
    const future = await user.post('/api/occurrence-dismissals/bulk', { before: '2026-11-22' });
    expectFieldError(future, 'before', 'Das Datum darf nicht nach heute liegen');
    expectFieldError(await preview(user, '2026-02-30'), 'before');
    expect(
      (await user.post('/api/occurrence-dismissals/bulk', { before: '2026-10-01', dryRun: true })).statusCode,
    ).toBe(400);
    // Today itself: every overdue one (all are due before today).
    expect((await preview(user, '2026-11-21')).json<OccurrenceDismissalBulkResult>().count).toBe(23);

    for (const dismissalIds of [[], Array.from({ length: 1001 }, (_, index) => index + 1), 'alle']) {
      expectFieldError(await user.post('/api/occurrence-dismissals/bulk-restore', { dismissalIds }), 'dismissalIds');
    }
    for (const id of [0, '1', 1.5]) {
      const response = await user.post('/api/occurrence-dismissals/bulk-restore', { dismissalIds: [id] });
      expectFieldError(response, 'dismissalIds.0');
    }
    const { dismissalIds } = (
      await user.post('/api/occurrence-dismissals/bulk', { before: '2025-03-01' })
    ).json<OccurrenceDismissalBulkResult>();
    expect(dismissalIds).toHaveLength(2);
    const unknown = await user.post('/api/occurrence-dismissals/bulk-restore', {
      dismissalIds: [...dismissalIds, 2_000_000_000],
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toBe('Markierung «entfällt» nicht gefunden');
    expect((await user.get('/api/occurrence-dismissals')).json<OccurrenceDismissalList>().items).toHaveLength(2);
  });

  it('read-only members see the count but mark and restore nothing (403); another organisation gets 404 or nothing', async () => {
    const { a, b } = await twoTenants(app);
    await floodedPlan(a);
    const { dismissalIds } = (
      await a.post('/api/occurrence-dismissals/bulk', { before: '2025-06-01' })
    ).json<OccurrenceDismissalBulkResult>();
    expect(dismissalIds).toHaveLength(5);
    const reader = await addMember(app, a, a.user.currentOrganisationId, 'read-only');
    expect((await preview(reader, '2026-11-01')).json<OccurrenceDismissalBulkResult>().count).toBe(17);
    expect((await reader.get('/api/occurrence-dismissals')).json<OccurrenceDismissalList>().items).toHaveLength(5);
    expect((await reader.post('/api/occurrence-dismissals/bulk', { before: '2026-11-01' })).statusCode).toBe(403);
    expect((await reader.post('/api/occurrence-dismissals/bulk-restore', { dismissalIds })).statusCode).toBe(403);

    // Organisation B sees none of A's marks, restores none of them, and its own plan has nothing overdue.
    expect((await b.get('/api/occurrence-dismissals')).json<OccurrenceDismissalList>().items).toEqual([]);
    expect((await b.post('/api/occurrence-dismissals/bulk-restore', { dismissalIds })).statusCode).toBe(404);
    expect((await b.post('/api/occurrence-dismissals/bulk', { before: '2026-11-01' })).json()).toMatchObject({
      count: 0,
    });
    expect((await a.get('/api/occurrence-dismissals')).json<OccurrenceDismissalList>().items).toHaveLength(5);
  });

  it('a token without salaries:read neither counts nor marks a salary occurrence (docs/access.md "Salary figures")', async () => {
    const user = await signUp(app);
    await floodedPlan(user);
    const employee = await anEmployee(user, { name: 'Anna Muster' });
    await aSalary(user, employee.id, { amount: 500_000, fromDate: '2026-01-25' });
    const before = '2026-11-01';
    // The owner sees the leasing rates and the salaries (25.01. … 25.10.2026) overdue before November.
    const all = (await preview(user, before)).json<OccurrenceDismissalBulkResult>();
    expect(all.occurrences.filter((o) => o.kind === 'salaries')).toHaveLength(10);
    const script = bearerClient(app, (await anApiToken(user, ['data:read', 'data:write'])).secret);
    const shown = await script.get(`/api/occurrence-dismissals/bulk?before=${before}`);
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.json<OccurrenceDismissalBulkResult>()).toMatchObject({ count: all.count - 10 });
    const marked = await script.post('/api/occurrence-dismissals/bulk', { before });
    expect(marked.statusCode, marked.body).toBe(200);
    const result = marked.json<OccurrenceDismissalBulkResult>();
    expect(result.count).toBe(all.count - 10);
    expect(result.occurrences.every((o) => o.kind !== 'salaries')).toBe(true);
    // The salaries stay overdue: the owner finds exactly them still to mark.
    const left = (await preview(user, before)).json<OccurrenceDismissalBulkResult>();
    expect(left.occurrences.map((o) => o.kind)).toEqual(Array(10).fill('salaries'));
  });

  it('answers 401 without a session', async () => {
    const anonymous = browser(app);
    expect((await anonymous.get('/api/occurrence-dismissals')).statusCode).toBe(401);
    expect((await anonymous.get('/api/occurrence-dismissals/bulk?before=2026-11-01')).statusCode).toBe(401);
    expect((await anonymous.post('/api/occurrence-dismissals/bulk', { before: '2026-11-01' })).statusCode).toBe(401);
    expect((await anonymous.post('/api/occurrence-dismissals/bulk-restore', { dismissalIds: [1] })).statusCode).toBe(
      401,
    );
  });
});
