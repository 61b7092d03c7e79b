import { describe, expect, it } from 'vitest';
import type {
  BankEntry,
  ConfirmUniqueResult,
  MatchSuggestions,
  PlanActual,
  PlanActualMonthDetail,
  PlannedOccurrence,
} from '@saldopilot/shared';
import { useTestApp } from '../../test/build-test-app.js';
import { aBankAccount, anEmployee, aSalary, aTransaction, currencyId, importEntries } from '../../test/factories.js';
import { browser, signUp, type SignedInUser } from '../../test/test-client.js';
import { addMember, twoTenants } from '../../test/tenants.js';

// docs/plan-actual.md "Matching" and "Suggestions": one bank debit of
// −21'400.00 pays the month's three salaries (6'000, 7'000 and 8'400). Today of the test app is
// 2026-11-21. Synthetic data: the salaries through the API, the entries as a CSV export written by
// `importEntries` (test/factories.ts).

const app = useTestApp();

/** Three salaries from 2026-01 and a CHF account whose "Stand per" is 2026-11-20; October's salary occurrences. */
async function joinery(user: SignedInUser) {
  for (const [name, amount] of [
    ['Anna Holz', 600_000],
    ['Beat Leim', 700_000],
    ['Carla Hobel', 840_000],
  ] as const) {
    await aSalary(user, (await anEmployee(user, { name })).id, { amount });
  }
  const chf = await currencyId(user, 'CHF');
  const bank = await aBankAccount(user, {
    name: 'Lohnkonto',
    amount: 5_000_000,
    currencyId: chf,
    balanceDate: '2026-11-20',
  });
  const salaries = await salariesOf(user, '2026-10');
  return { bank, salaries };
}

async function monthOf(user: SignedInUser, month: string): Promise<PlanActualMonthDetail> {
  const response = await user.get(`/api/plan-actual/month?month=${month}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<PlanActualMonthDetail>();
}

/** The month's salary occurrences (their due date is wherever the plan puts the pay day). */
async function salariesOf(user: SignedInUser, month: string): Promise<PlannedOccurrence[]> {
  return (await monthOf(user, month)).occurrences
    .filter((occurrence) => occurrence.kind === 'salaries')
    .map(({ kind, id, dueDate, name, category, amount }) => ({ kind, id, dueDate, name, category, amount }));
}

const keysOf = (occurrences: PlannedOccurrence[]) =>
  occurrences.map(({ kind, id, dueDate }) => ({ kind, id, dueDate }));

describe("a salary run: one entry, the month's salaries", () => {
  it("matches one debit of −21'400.00 to the three salaries in one step, counts each under its plan, and unlinks all", async () => {
    const user = await signUp(app);
    const { bank, salaries } = await joinery(user);
    expect(salaries.map((salary) => salary.amount)).toEqual([-600_000, -700_000, -840_000]);
    const payDay = salaries[0]!.dueDate;
    const [run] = await importEntries(user, bank.id, [{ date: payDay, amount: '-21400.00', text: 'Löhne Oktober' }]);

    // The suggestion: the three salaries as one run.
    const suggestions = (await user.get(`/api/bank-entries/${run!.id}/match-suggestions`)).json<MatchSuggestions>();
    expect(suggestions.runs).toHaveLength(1);
    expect(suggestions.runs[0]).toMatchObject({
      reasons: ['Lohnlauf: 3 Löhne', 'Summe gleich', 'am Fälligkeitstag'],
      amount: -2_140_000,
      occurrences: salaries,
    });
    // "Alle eindeutigen bestätigen" never matches a run by itself.
    expect((await user.post('/api/bank-entries/confirm-unique')).json<ConfirmUniqueResult>().confirmed).toBe(0);

    const matched = await user.post(`/api/bank-entries/${run!.id}/match`, { occurrences: keysOf(salaries) });
    expect(matched.statusCode, matched.body).toBe(200);
    expect(matched.json<BankEntry>().plan).toEqual({
      state: 'matched',
      occurrence: salaries[0],
      occurrences: salaries,
    });

    // Each salary is matched, its share its planned amount; the month counts the debit under "Löhne".
    const october = await monthOf(user, '2026-10');
    for (const occurrence of october.occurrences.filter((o) => o.kind === 'salaries')) {
      expect(occurrence.state).toBe('matched');
      expect(occurrence.entries.map((entry) => [entry.entryId, entry.share])).toEqual([[run!.id, occurrence.amount]]);
    }
    expect(october.entries.find((entry) => entry.entryId === run!.id)).toMatchObject({
      state: 'matched',
      category: 'Löhne',
      occurrences: keysOf(salaries),
    });
    const table = (await user.get('/api/plan-actual?from=2026-10&to=2026-10')).json<PlanActual>();
    expect(table.rows.find((row) => row.category === 'Löhne')?.cells[0]).toMatchObject({
      plan: -2_140_000,
      actual: -2_140_000,
      variance: 0,
    });
    expect(table.unmatchedCount).toBe(0);
    // Paid and in the balance: no salary of October is overdue in the forecast.
    const forecast = (await user.get('/api/forecasts/details?months=1')).json<{ leaves?: unknown }>();
    expect(JSON.stringify(forecast)).not.toContain(`"overdueDate":"${payDay}"`);

    const unlinked = await user.delete(`/api/bank-entries/${run!.id}/match`);
    expect(unlinked.statusCode, unlinked.body).toBe(200);
    expect(unlinked.json<BankEntry>().plan).toEqual({ state: 'open', occurrence: null, occurrences: [] });
    // Unlinked, the October salaries are due again: before today and covered, so overdue.
    expect((await monthOf(user, '2026-10')).occurrences.map((occurrence) => occurrence.state)).toEqual([
      'overdue',
      'overdue',
      'overdue',
    ]);
  });

  it('shares a sum within the tolerance: each salary its plan, the difference on the largest', async () => {
    const user = await signUp(app);
    const { bank, salaries } = await joinery(user);
    const [run] = await importEntries(user, bank.id, [{ date: salaries[0]!.dueDate, amount: '-21412.35' }]);
    const matched = await user.post(`/api/bank-entries/${run!.id}/match`, { occurrences: keysOf(salaries) });
    expect(matched.statusCode, matched.body).toBe(200);
    const shares = (await monthOf(user, '2026-10')).occurrences.map((occurrence) => occurrence.entries[0]?.share);
    expect(shares).toEqual([-600_000, -700_000, -841_235]);
  });

  it('refuses bad lists in German and stores nothing', async () => {
    const user = await signUp(app);
    const { bank, salaries } = await joinery(user);
    const rent = await aTransaction(user, { name: 'Miete', amount: -200_000, startDate: '2026-10-31' });
    const entries = await importEntries(user, bank.id, [
      { date: salaries[0]!.dueDate, amount: '-21400.00' },
      { date: salaries[0]!.dueDate, amount: '21400.00' },
      { date: salaries[0]!.dueDate, amount: '-6000.00' },
    ]);
    const [run, credit, other] = [-2_140_000, 2_140_000, -600_000].map((amount) =>
      entries.find((entry) => entry.amount === amount),
    );
    const keys = keysOf(salaries);
    const match = (entryId: number, body: object) => user.post(`/api/bank-entries/${entryId}/match`, body);
    const fields = async (entryId: number, body: object) => {
      const response = await match(entryId, body);
      expect(response.statusCode, response.body).toBe(400);
      return response.json<{ fields: Record<string, string> }>().fields;
    };

    expect(await fields(run!.id, { occurrences: [] })).toEqual({
      occurrences: 'Bitte mindestens eine geplante Zahlung angeben',
    });
    expect((await fields(run!.id, { occurrences: [keys[0], keys[1], keys[0]] })).occurrences).toBe(
      'Jede geplante Zahlung darf nur einmal in der Liste stehen',
    );
    expect((await fields(run!.id, { occurrences: keys, ...keys[0] })).kind).toBe(
      'Entweder eine geplante Zahlung (kind, id, dueDate) oder eine Liste (occurrences) angeben, nicht beides',
    );
    const tooMany = Array.from({ length: 201 }, (_, index) => ({ ...keys[0]!, id: index + 1 }));
    expect((await fields(run!.id, { occurrences: tooMany })).occurrences).toBe(
      'Höchstens 200 geplante Zahlungen auf einmal',
    );
    expect(await fields(credit!.id, { occurrences: keys })).toEqual({
      'occurrences.0': 'Die geplante Zahlung geht in die andere Richtung als die Buchung',
    });
    // Two salaries are 13'000.00, the entry 21'400.00: beyond ±5 %.
    expect(await fields(run!.id, { occurrences: keys.slice(0, 2) })).toEqual({
      occurrences:
        "Die Summe der gewählten geplanten Zahlungen (-13'000.00 CHF) weicht vom Betrag der Buchung (-21'400.00 CHF) ab: erlaubt sind ±5 % (Einstellungen → Organisation)",
    });
    const unknown = await match(run!.id, {
      occurrences: [...keys, { kind: 'salaries', id: 999, dueDate: keys[0]!.dueDate }],
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toMatch(/^Keine geplante Zahlung an diesem Datum gefunden \(Lohn, fällig /);

    // A salary marked "entfällt" is not paid by a run: it is restored first.
    const dismissal = await user.post('/api/occurrence-dismissals', keys[2]);
    expect(dismissal.statusCode, dismissal.body).toBe(201);
    const dismissed = await match(run!.id, { occurrences: keys });
    expect(dismissed.statusCode).toBe(409);
    expect(dismissed.json().error).toMatch(
      /^«Carla Hobel», fällig .* ist als «entfällt» markiert: bitte zuerst wiederherstellen$/,
    );
    await user.delete(`/api/occurrence-dismissals/${dismissal.json<{ dismissalId: number }>().dismissalId}`);

    // A salary paid by another entry already: refused, unless as a part payment (split).
    expect((await match(other!.id, keys[0]!)).statusCode).toBe(200);
    const taken = await match(run!.id, { occurrences: keys });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toMatch(/^«Anna Holz», fällig .* ist bereits einer anderen Buchung zugeordnet/);
    // Nothing of the refused lists was stored.
    const open = (await user.get(`/api/bank-accounts/${bank.id}/entries?limit=100`)).json<{ data: BankEntry[] }>();
    expect(open.data.find((entry) => entry.id === run!.id)?.plan.state).toBe('open');
    // With split, Anna's salary is paid already: the other two are what is open (15'400.00 ≠ 21'400.00).
    expect((await fields(run!.id, { occurrences: keys, split: true })).occurrences).toMatch(/\(-15'400.00 CHF\)/);
    await user.delete(`/api/bank-entries/${other!.id}/match`);

    // A rent is no salary, but a list may hold any occurrences of the entry's direction.
    const withRent = await match(run!.id, {
      occurrences: [...keys, { kind: 'transactions', id: rent.id, dueDate: '2026-10-31' }],
    });
    expect(withRent.statusCode).toBe(400);
    expect((await match(run!.id, { occurrences: keys })).statusCode).toBe(200);
    const again = await match(run!.id, { occurrences: keys });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatch(/^Diese Buchung ist bereits zugeordnet/);
  });
});

describe('salary runs: roles and organisations', () => {
  it('a read-only member gets 403, another organisation 404, nobody signed in 401', async () => {
    const { a, b } = await twoTenants(app);
    const { bank, salaries } = await joinery(a);
    const [run] = await importEntries(a, bank.id, [{ date: salaries[0]!.dueDate, amount: '-21400.00' }]);
    const body = { occurrences: keysOf(salaries) };
    const reader = await addMember(app, a, a.user.currentOrganisationId, 'read-only');
    expect(
      (await reader.get(`/api/bank-entries/${run!.id}/match-suggestions`)).json<MatchSuggestions>().runs,
    ).toHaveLength(1);
    expect((await reader.post(`/api/bank-entries/${run!.id}/match`, body)).statusCode).toBe(403);
    expect((await b.post(`/api/bank-entries/${run!.id}/match`, body)).statusCode).toBe(404);
    // B's own entry cannot name A's salaries: they are no occurrences of B's plan.
    const bBank = await aBankAccount(b, { name: 'B', amount: 0, balanceDate: '2026-11-20' });
    const [bEntry] = await importEntries(b, bBank.id, [{ date: salaries[0]!.dueDate, amount: '-21400.00' }]);
    expect((await b.post(`/api/bank-entries/${bEntry!.id}/match`, body)).statusCode).toBe(404);
    expect((await browser(app).post(`/api/bank-entries/${run!.id}/match`, body)).statusCode).toBe(401);
    // Nothing changed for A.
    const entries = (await a.get(`/api/bank-accounts/${bank.id}/entries`)).json<{ data: BankEntry[] }>();
    expect(entries.data[0]?.plan.state).toBe('open');
  });
});
