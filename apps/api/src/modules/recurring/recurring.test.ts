import { describe, expect, it } from 'vitest';
import {
  addDays,
  nextBusinessDay,
  previousBusinessDay,
  type BankEntryList,
  type RecurringAcceptResult,
  type RecurringSuggestion,
  type RecurringSuggestionList,
} from '@saldopilot/shared';
import { useTestApp } from '../../test/build-test-app.js';
import {
  aBankAccount,
  aCategory,
  aTransaction,
  currencyId,
  importEntries,
  type CsvEntry,
} from '../../test/factories.js';
import { signUp, type SignedInUser } from '../../test/test-client.js';
import { addMember, twoTenants } from '../../test/tenants.js';

// docs/recurring.md. Today of the test app is 2026-11-21; the statements cover November 2025 to
// October 2026, imported as a bank's CSV export through the real import route.

const app = useTestApp();

const MONTHS = Array.from({ length: 12 }, (_, i) => {
  const index = 2025 * 12 + 10 + i;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
});

/** A year: rent on the 1st (moved by weekends and holidays), AHV on the 10th after each quarter, three salaries on the 25th, noise. */
function aYear(): CsvEntry[] {
  const entries: CsvEntry[] = [];
  MONTHS.forEach((month, i) => {
    entries.push({
      date: nextBusinessDay(`${month}-01`),
      amount: '-2000.00',
      name: 'Immobilien Zentrum AG',
      text: 'Miete',
    });
    if (['01', '04', '07', '10'].includes(month.slice(5))) {
      entries.push({
        date: nextBusinessDay(`${month}-10`),
        amount: '-4820.50',
        name: 'Ausgleichskasse Zürich',
        text: 'AHV Akonto',
      });
    }
    const payDay = previousBusinessDay(`${month}-25`);
    for (const [name, amount] of [
      ['Anna Meier', '-5200.00'],
      ['Luca Keller', '-6100.00'],
      ['Sara Huber', '-4700.00'],
    ] as const) {
      entries.push({ date: payDay, amount, name, text: 'Lohn' });
    }
    entries.push({
      date: addDays(`${month}-01`, 3 + ((i * 7) % 20)),
      amount: `-${(12 + i * 37).toFixed(2)}`,
      name: `Lieferant ${i}`,
      text: 'Rechnung',
    });
  });
  return entries;
}

async function anAccountWithAYear(user: SignedInUser) {
  const chf = await currencyId(user, 'CHF');
  const account = await aBankAccount(user, {
    name: 'Geschäftskonto',
    amount: 1_000_000,
    currencyId: chf,
    balanceDate: '2026-11-20',
  });
  await importEntries(user, account.id, aYear());
  return account;
}

async function suggestions(user: SignedInUser, query = ''): Promise<RecurringSuggestion[]> {
  const response = await user.get(`/api/recurring-suggestions${query}`);
  expect(response.statusCode, response.body).toBe(200);
  const list = response.json<RecurringSuggestionList>();
  expect(list.threshold).toBe(70);
  return list.suggestions;
}

const named = (list: RecurringSuggestion[], name: string) => list.find((s) => s.counterparty.name === name);

async function entriesOf(user: SignedInUser, accountId: number) {
  const response = await user.get(`/api/bank-accounts/${accountId}/entries?sortOrder=ASC&limit=100`);
  return response.json<BankEntryList>().data;
}

describe('recurring suggestions (docs/recurring.md)', () => {
  it('finds rent, the quarterly AHV and the salary run in a year of statements, with cycle, amount, next date and reasons', async () => {
    const user = await signUp(app);
    const account = await anAccountWithAYear(user);
    const list = await suggestions(user, `?bankAccountId=${account.id}`);
    expect(named(list, 'Immobilien Zentrum AG')).toMatchObject({
      kind: 'payment',
      direction: 'out',
      currency: 'CHF',
      cycle: 'monthly',
      amount: -200_000,
      amountBasis: 'exact',
      nextDate: '2026-11-01',
      plannable: true,
      proposed: { name: 'Immobilien Zentrum AG', cycle: 'monthly', startDate: '2025-11-01', categoryId: null },
    });
    expect(named(list, 'Immobilien Zentrum AG')?.entryIds).toHaveLength(12);
    expect(named(list, 'Immobilien Zentrum AG')?.reasons).toContain('Verschoben durch Wochenenden und Feiertage');
    expect(named(list, 'Ausgleichskasse Zürich')).toMatchObject({
      cycle: 'quarterly',
      amount: -482_050,
      nextDate: '2027-01-10',
    });
    expect(named(list, 'Ausgleichskasse Zürich')?.reasons[0]).toBe(
      '4 Zahlungen, vierteljährlich am 10. nach Quartalsende',
    );
    const run = list.find((s) => s.kind === 'salaryRun');
    expect(run).toMatchObject({ cycle: 'monthly', amount: -1_600_000, counterparty: { name: 'Löhne' } });
    expect(run?.entryIds).toHaveLength(36);
    // No series of single salaries, no supplier one-offs.
    expect(
      list
        .filter((s) => s.kind === 'payment')
        .map((s) => s.counterparty.name)
        .sort(),
    ).toEqual(['Ausgleichskasse Zürich', 'Immobilien Zentrum AG']);
    for (const s of list) expect(s.confidence).toBeGreaterThanOrEqual(70);
  });

  it('accepts a suggestion as a planned transaction and matches its past entries, in one go; it is then no longer suggested', async () => {
    const user = await signUp(app);
    const account = await anAccountWithAYear(user);
    const rent = named(await suggestions(user), 'Immobilien Zentrum AG') as RecurringSuggestion;
    const category = await aCategory(user, { name: 'Geschäftsmiete' });
    const response = await user.post('/api/recurring-suggestions/accept', {
      items: [{ key: rent.key, fingerprint: rent.fingerprint, name: 'Büromiete', categoryId: category.id }],
    });
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json<RecurringAcceptResult>();
    expect(result.matchedEntries).toBe(12);
    expect(result.transactions[0]).toMatchObject({
      name: 'Büromiete',
      amount: -200_000,
      type: 'repeating',
      cycle: 'monthly',
      startDate: '2025-11-01',
      endDate: null,
      vatIncluded: true,
      bankAccountId: account.id,
      category: { id: category.id },
    });
    const rentEntries = (await entriesOf(user, account.id)).filter(
      (entry) => entry.counterpartyName === 'Immobilien Zentrum AG',
    );
    expect(rentEntries.map((entry) => entry.plan.state)).toEqual(Array(12).fill('matched'));
    expect(rentEntries[3]?.plan.occurrence).toMatchObject({ kind: 'transactions', dueDate: '2026-02-01' });
    expect(named(await suggestions(user), 'Immobilien Zentrum AG')).toBeUndefined();
    // The delay learned from the matches (docs/recurring.md "Payment delays"): booked after 21.05.2026
    // on 1.6., 1.7., 3.8. (1 August a Saturday), 1.9., 1.10.: 0 0 2 0 0 days late, the median 0.
    const delays = await user.get('/api/recurring-suggestions/delays');
    expect(delays.statusCode, delays.body).toBe(200);
    expect(delays.json()).toMatchObject({
      transactions: [
        {
          transactionId: result.transactions[0]?.id,
          name: 'Büromiete',
          days: 0,
          count: 5,
          text: 'Kommt im Schnitt am Fälligkeitstag, aus 5 Zahlungen',
        },
      ],
      counterparties: [{ name: 'Immobilien Zentrum AG', days: 0, count: 5 }],
    });
    // Accepted once: a second time it is gone.
    const again = await user.post('/api/recurring-suggestions/accept', {
      items: [{ key: rent.key, fingerprint: rent.fingerprint, categoryId: category.id }],
    });
    expect(again.statusCode).toBe(404);
  });

  it('accepts a weekly series as a monthly transaction of its monthly sum, each payment a part of its month (docs/recurring.md "Weekly series")', async () => {
    const user = await signUp(app);
    const chf = await currencyId(user, 'CHF');
    const account = await aBankAccount(user, {
      name: 'Konto',
      amount: 1_000_000,
      currencyId: chf,
      balanceDate: '2026-11-20',
    });
    // Every Friday from 4 September to 30 October 2026: nine payments of 150.00.
    const fridays = Array.from({ length: 9 }, (_, i) => addDays('2026-09-04', 7 * i));
    await importEntries(
      user,
      account.id,
      fridays.map((date) => ({ date, amount: '-150.00', name: 'Reinigung Blitzblank GmbH', text: 'Reinigung' })),
    );
    const cleaning = named(await suggestions(user), 'Reinigung Blitzblank GmbH') as RecurringSuggestion;
    expect(cleaning).toMatchObject({ cycle: 'weekly', amount: -15_000, plannable: false });
    // 150.00 × 52 / 12 = 650.00 a month.
    expect(cleaning.proposed).toMatchObject({ cycle: 'monthly', amount: -65_000, startDate: '2026-09-04' });
    const vat = (await user.get('/api/vats'))
      .json<{ id: number; value: number }[]>()
      .find((rate) => rate.value === 810)!;
    const category = await aCategory(user, { name: 'Reinigung' });
    const response = await user.post('/api/recurring-suggestions/accept', {
      items: [{ key: cleaning.key, fingerprint: cleaning.fingerprint, categoryId: category.id, vatId: vat.id }],
    });
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json<RecurringAcceptResult>();
    expect(result.transactions[0]).toMatchObject({ amount: -65_000, cycle: 'monthly', startDate: '2026-09-04' });
    expect(result.transactions[0]?.vat?.id).toBe(vat.id);
    expect(result.matchedEntries).toBe(9);
    const dueDates = (await entriesOf(user, account.id)).map((entry) => entry.plan.occurrence?.dueDate);
    expect(dueDates).toEqual([...Array(4).fill('2026-09-04'), ...Array(5).fill('2026-10-04')]);
  });

  it('takes the amount edited before accepting (docs/recurring.md "The web")', async () => {
    const user = await signUp(app);
    await anAccountWithAYear(user);
    const rent = named(await suggestions(user), 'Immobilien Zentrum AG') as RecurringSuggestion;
    const category = await aCategory(user, { name: 'Büroraum' });
    const response = await user.post('/api/recurring-suggestions/accept', {
      items: [{ key: rent.key, fingerprint: rent.fingerprint, amount: -210_000, categoryId: category.id, vatId: null }],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<RecurringAcceptResult>().transactions[0]).toMatchObject({ amount: -210_000, vat: null });
  });

  it('proposes the salary category for a salary run and matches each salary of a month to its occurrence', async () => {
    const user = await signUp(app);
    await anAccountWithAYear(user);
    const list = await suggestions(user);
    // Nothing to propose for the rent: its category must be given.
    const rent = named(list, 'Immobilien Zentrum AG') as RecurringSuggestion;
    const refused = await user.post('/api/recurring-suggestions/accept', {
      items: [{ key: rent.key, fingerprint: rent.fingerprint }],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ fields: { 'items.0.categoryId': 'Kategorie wird benötigt' } });
    const run = list.find((s) => s.kind === 'salaryRun') as RecurringSuggestion;
    expect(run.proposed).toMatchObject({ categoryName: 'Lohnkosten', name: 'Löhne', cycle: 'monthly' });
    const response = await user.post('/api/recurring-suggestions/accept', {
      items: [{ key: run.key, fingerprint: run.fingerprint }],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<RecurringAcceptResult>()).toMatchObject({
      matchedEntries: 36,
      transactions: [{ amount: -1_600_000 }],
    });
    // A later rent payment to the same landlord proposes the category its matched entries have.
    const category = await aCategory(user, { name: 'Geschäftsmiete' });
    expect(
      (
        await user.post('/api/recurring-suggestions/accept', {
          items: [{ key: rent.key, fingerprint: rent.fingerprint, categoryId: category.id }],
        })
      ).statusCode,
    ).toBe(200);
  });

  it('keeps a dismissed series away, refuses a changed pattern (409), a wrong direction (400), and stores nothing half-way', async () => {
    const user = await signUp(app);
    await anAccountWithAYear(user);
    const list = await suggestions(user);
    const ahv = named(list, 'Ausgleichskasse Zürich') as RecurringSuggestion;
    const rent = named(list, 'Immobilien Zentrum AG') as RecurringSuggestion;
    const category = await aCategory(user, { name: 'Sozialversicherungen' });

    const changed = await user.post('/api/recurring-suggestions/accept', {
      items: [
        { key: rent.key, fingerprint: rent.fingerprint, categoryId: category.id },
        { key: ahv.key, fingerprint: 'monthly|d1|1', categoryId: category.id },
      ],
    });
    expect(changed.statusCode).toBe(409);
    const wrongWay = await user.post('/api/recurring-suggestions/accept', {
      items: [{ key: ahv.key, fingerprint: ahv.fingerprint, categoryId: category.id, amount: 482_050 }],
    });
    expect(wrongWay.statusCode).toBe(400);
    expect(wrongWay.json()).toMatchObject({
      fields: { 'items.0.amount': 'Das Vorzeichen des Betrags muss zur Richtung der Zahlungen passen' },
    });
    expect((await user.get('/api/transactions')).json<{ data: unknown[] }>().data).toEqual([]);

    const dismissed = await user.post('/api/recurring-suggestions/dismiss', {
      items: [{ key: ahv.key, fingerprint: ahv.fingerprint }],
    });
    expect(dismissed.statusCode, dismissed.body).toBe(200);
    expect(dismissed.json()).toEqual({ dismissed: 1 });
    const after = await suggestions(user);
    expect(named(after, 'Ausgleichskasse Zürich')).toBeUndefined();
    expect(named(after, 'Immobilien Zentrum AG')).toBeDefined();
    // Twice is still one tombstone, and not an error.
    expect(
      (
        await user.post('/api/recurring-suggestions/dismiss', {
          items: [{ key: ahv.key, fingerprint: ahv.fingerprint }],
        })
      ).statusCode,
    ).toBe(200);

    const twice = await user.post('/api/recurring-suggestions/dismiss', {
      items: [
        { key: ahv.key, fingerprint: ahv.fingerprint },
        { key: ahv.key, fingerprint: ahv.fingerprint },
      ],
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json()).toMatchObject({ fields: { 'items.1': 'Derselbe Vorschlag ist mehrfach gewählt' } });
  });

  it('lets every member read, only editors write (403), and answers another organisation’s account with 404', async () => {
    const { a, b } = await twoTenants(app);
    const account = await anAccountWithAYear(a);
    const reader = await addMember(app, a, a.user.currentOrganisationId, 'read-only');
    const list = await suggestions(reader);
    const rent = named(list, 'Immobilien Zentrum AG') as RecurringSuggestion;
    const item = { key: rent.key, fingerprint: rent.fingerprint };
    expect((await reader.post('/api/recurring-suggestions/accept', { items: [item] })).statusCode).toBe(403);
    expect((await reader.post('/api/recurring-suggestions/dismiss', { items: [item] })).statusCode).toBe(403);
    expect((await b.get(`/api/recurring-suggestions?bankAccountId=${account.id}`)).statusCode).toBe(404);
    expect(await suggestions(b)).toEqual([]);
    // B cannot accept A's series: B has no such suggestion.
    expect(
      (await b.post('/api/recurring-suggestions/accept', { items: [{ ...item, categoryId: 1 }] })).statusCode,
    ).toBe(404);
  });
});

describe('payment delays learned (docs/recurring.md "Payment delays")', () => {
  it('learns the median delay from matched payments and, switched on, moves the future occurrences in the forecast only', async () => {
    const user = await signUp(app);
    const chf = await currencyId(user, 'CHF');
    const account = await aBankAccount(user, {
      name: 'Konto',
      amount: 1_000_000,
      currencyId: chf,
      balanceDate: '2026-11-20',
    });
    // Due on the 30th, paid 2 or 3 days later (days in the month counted: 3 each time).
    const rent = await aTransaction(user, {
      name: 'Lagermiete',
      amount: -100_000,
      startDate: '2026-04-30',
      bankAccountId: account.id,
    });
    const dues = ['2026-04-30', '2026-05-30', '2026-06-30', '2026-07-30', '2026-08-30'];
    const entries = await importEntries(
      user,
      account.id,
      ['2026-05-02', '2026-06-02', '2026-07-03', '2026-08-02', '2026-09-02'].map((date) => ({
        date,
        amount: '-1000.00',
        name: 'Lager AG',
        text: 'Miete',
      })),
    );
    for (const [index, entry] of entries.entries()) {
      const matched = await user.post(`/api/bank-entries/${entry.id}/match`, {
        kind: 'transactions',
        id: rent.id,
        dueDate: dues[index],
      });
      expect(matched.statusCode, matched.body).toBe(200);
    }
    const delays = (await user.get('/api/recurring-suggestions/delays')).json();
    // Booked after 21.05.2026: 2.6., 3.7., 2.8., 2.9. → 3 3 3 3 days late.
    expect(delays.transactions).toEqual([
      {
        transactionId: rent.id,
        name: 'Lagermiete',
        applied: false,
        days: 3,
        count: 4,
        text: 'Kommt im Schnitt 3 Tage später, aus 4 Zahlungen',
      },
    ]);
    const expenses = async () =>
      (await user.get('/api/forecasts?months=3'))
        .json<{ months: { month: string; expense: number }[] }>()
        .months.map((m) => m.expense);
    const before = await expenses();

    expect(
      (
        await user.send({
          method: 'PUT',
          url: `/api/recurring-suggestions/delays/${rent.id}`,
          payload: { apply: true },
        })
      ).statusCode,
    ).toBe(204);
    // 30.11. + 3 = 3.12., 30.12. → 2.1., 30.1. → 2.2. (past the 3 months): November pays nothing.
    const after = await expenses();
    expect(after[0]).toBe((before[0] as number) + 100_000);
    expect(after[1]).toBe(before[1]);
    expect(after[2]).toBe(before[2]);
    const details = (await user.get('/api/forecasts/details?months=3')).body;
    expect(details).toContain('Lagermiete (gelernte Verzögerung: 3 Tage später)');
    // The plan keeps its due dates: Plan/Ist of November still plans the rent.
    const month = (await user.get('/api/plan-actual/month?month=2026-11')).json<{
      occurrences: { name: string; dueDate: string }[];
    }>();
    expect(month.occurrences.map((o) => [o.name, o.dueDate])).toContainEqual(['Lagermiete', '2026-11-30']);

    expect((await user.get('/api/recurring-suggestions/delays')).json().transactions[0].applied).toBe(true);
    expect(
      (
        await user.send({
          method: 'PUT',
          url: `/api/recurring-suggestions/delays/${rent.id}`,
          payload: { apply: false },
        })
      ).statusCode,
    ).toBe(204);
    expect(await expenses()).toEqual(before);
    const { b } = await twoTenants(app);
    expect(
      (await b.send({ method: 'PUT', url: `/api/recurring-suggestions/delays/${rent.id}`, payload: { apply: true } }))
        .statusCode,
    ).toBe(404);
  });
});
