import { describe, expect, it } from 'vitest';
import {
  mod10RecursiveDigit,
  type BankEntry,
  type BankEntryList,
  type ConfirmUniqueResult,
  type ForecastDetails,
  type MatchSuggestions,
  type OccurrenceDismissal,
  type PlanActual,
  type PlanActualMonthDetail,
} from '@saldopilot/shared';
import { useTestApp } from '../../test/build-test-app.js';
import { aBankAccount, aCategory, aTransaction, currencyId, importEntries } from '../../test/factories.js';
import { browser, signUp, type SignedInUser } from '../../test/test-client.js';
import { addMember, twoTenants } from '../../test/tenants.js';
import { detailsOfColumns, type ForecastDetailColumns } from '@saldopilot/shared';

// docs/plan-actual.md. Today of the test app is 2026-11-21. The bank entries come from CSV exports
// written by `importEntries` (test/factories.ts: synthetic, one line per entry), imported through
// the real import route.

const app = useTestApp();

/** A QR reference: 26 digits and their mod 10 recursive check digit. */
function qrr(digits: string): string {
  const base = digits.padStart(26, '0');
  return `${base}${mod10RecursiveDigit(base)}`;
}

/** A monthly rent of 2'000.00 from `startDate`: the plan most tests match against. */
function aRent(user: SignedInUser, startDate: string, categoryId?: number) {
  return aTransaction(user, { name: 'Miete', amount: -200_000, startDate, ...(categoryId ? { categoryId } : {}) });
}

/** A CHF account of 10'000.00 whose "Stand per" is 2026-11-20 (after every entry of the tests). */
async function account(user: SignedInUser, balanceDate = '2026-11-20') {
  const chf = await currencyId(user, 'CHF');
  return aBankAccount(user, { name: 'Geschäftskonto', amount: 1_000_000, currencyId: chf, balanceDate });
}

const suggestionsOf = async (user: SignedInUser, entryId: number) => {
  const response = await user.get(`/api/bank-entries/${entryId}/match-suggestions`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<MatchSuggestions>();
};

async function forecastDetails(user: SignedInUser): Promise<ForecastDetails> {
  const response = await user.get('/api/forecasts/details?months=3');
  expect(response.statusCode, response.body).toBe(200);
  return detailsOfColumns(response.json<ForecastDetailColumns>());
}

const expenseOf = async (user: SignedInUser) =>
  (await user.get('/api/forecasts?months=3')).json<{ months: { expense: number }[] }>().months.map((m) => m.expense);

describe('transactions carry a payment reference', () => {
  it('stores a QR or Creditor Reference without spaces and refuses a wrong check digit', async () => {
    const user = await signUp(app);
    const reference = qrr('12345');
    const spaced = reference.replace(/(.{5})/g, '$1 ');
    const created = await aTransaction(user, { reference: spaced });
    expect(created.reference).toBe(reference);
    const scor = await user.patch(`/api/transactions/${created.id}`, { reference: 'rf18 5390 0754 7034' });
    expect(scor.json()).toMatchObject({ reference: 'RF18539007547034' });
    const wrongDigit = `${reference.slice(0, 26)}${(Number(reference.at(-1)) + 1) % 10}`;
    const wrong = await user.patch(`/api/transactions/${created.id}`, { reference: wrongDigit });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields.reference).toMatch(/^Ungültige Referenz/);
    const cleared = await user.patch(`/api/transactions/${created.id}`, { reference: '' });
    expect(cleared.json()).toMatchObject({ reference: null });
  });
});

describe('match suggestions', () => {
  async function plan(user: SignedInUser) {
    const category = await aCategory(user, { name: 'Aufträge' });
    const reference = qrr('4711');
    const single = { type: 'single' as const, cycle: null, categoryId: category.id };
    const alpha = await aTransaction(user, {
      ...single,
      name: 'Kunde Alpha',
      amount: 300_000,
      startDate: '2026-11-09',
      reference,
    });
    const beta = await aTransaction(user, { ...single, name: 'Kunde Beta', amount: 300_000, startDate: '2026-11-10' });
    const gamma = await aTransaction(user, {
      ...single,
      name: 'Kunde Gamma',
      amount: 290_000,
      startDate: '2026-11-09',
    });
    const rent = await aTransaction(user, {
      name: 'Miete',
      amount: -300_000,
      startDate: '2026-01-09',
      categoryId: category.id,
    });
    return { reference, alpha, beta, gamma, rent };
  }

  it('rank an equal reference first, then the amount, then the date, and say why', async () => {
    const user = await signUp(app);
    const { reference, alpha, beta, gamma } = await plan(user);
    const bank = await account(user);
    const [withReference, plain] = await importEntries(user, bank.id, [
      { date: '2026-11-09', amount: '3000.00', name: 'Firma Alpha', reference },
      { date: '2026-11-10', amount: '3000.00', name: 'Kunde Beta AG' },
    ]);
    const first = await suggestionsOf(user, withReference!.id);
    expect(first).toMatchObject({ entryId: withReference!.id, tolerancePercent: 5, windowDays: 10 });
    expect(first.suggestions.map((s) => [s.id, s.score, s.reasons])).toEqual([
      [alpha.id, 100, ['Referenz gleich', 'Betrag gleich', 'am Fälligkeitstag', 'Name passt']],
      [beta.id, expect.any(Number), ['Betrag gleich', '1 Tag früher']],
      [gamma.id, expect.any(Number), ['Betrag 3.4 % höher', 'am Fälligkeitstag']],
    ]);
    expect(first.suggestions[0]).toMatchObject({
      kind: 'transactions',
      dueDate: '2026-11-09',
      amount: 300_000,
      category: 'Aufträge',
      matchedAmount: 0,
    });
    // The rent goes the other way: never a candidate for a credit.
    const second = await suggestionsOf(user, plain!.id);
    expect(second.suggestions.map((s) => s.id)).toEqual([beta.id, alpha.id, gamma.id]);
    expect(second.suggestions[0]!.reasons).toEqual(['Betrag gleich', 'am Fälligkeitstag', 'Name passt']);
    const scores = second.suggestions.map((s) => s.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    expect(scores[1]).toBeGreaterThan(scores[2]!);
  });

  it('keep to the tolerance and the window the organisation sets', async () => {
    const user = await signUp(app);
    const organisationId = user.user.currentOrganisationId;
    const { alpha, beta, gamma } = await plan(user);
    const bank = await account(user);
    // The entries come back in booking order.
    const [early, higher] = await importEntries(user, bank.id, [
      { date: '2026-11-09', amount: '3200.00' },
      { date: '2026-10-20', amount: '3000.00' },
    ]);
    // 3'200 is 6.7 % above 3'000 and 10.3 % above 2'900: outside ±5 %.
    expect((await suggestionsOf(user, higher!.id)).suggestions).toEqual([]);
    // 2026-10-20 is 20 days before 2026-11-09 and 21 before 2026-11-10: outside ±10 days.
    expect((await suggestionsOf(user, early!.id)).suggestions).toEqual([]);
    const settings = await user.patch(`/api/organisations/${organisationId}`, {
      matchTolerancePercent: 8,
      matchWindowDays: 21,
    });
    expect(settings.statusCode, settings.body).toBe(200);
    expect(settings.json()).toMatchObject({ matchTolerancePercent: 8, matchWindowDays: 21 });
    expect((await suggestionsOf(user, higher!.id)).suggestions.map((s) => [s.id, s.reasons[0]])).toEqual([
      [expect.any(Number), 'Betrag 6.7 % höher'],
      [beta.id, 'Betrag 6.7 % höher'],
    ]);
    // Within ±21 days: the exact amounts first (the nearer one before), then 2'900.00 (3.4 % below 3'000).
    expect((await suggestionsOf(user, early!.id)).suggestions.map((s) => s.id)).toEqual([alpha.id, beta.id, gamma.id]);
    for (const wrong of [{ matchTolerancePercent: 51 }, { matchWindowDays: -1 }, { matchWindowDays: 1.5 }]) {
      const refused = await user.patch(`/api/organisations/${organisationId}`, wrong);
      expect(refused.statusCode).toBe(400);
      expect(Object.values(refused.json().fields)[0]).toMatch(/^(Die Toleranz|Das Zeitfenster) muss/);
    }
  });
});

describe('matching', () => {
  async function setUp(user: SignedInUser) {
    const category = await aCategory(user, { name: 'Raum' });
    const rent = await aRent(user, '2026-10-05', category.id);
    const bank = await account(user);
    const entries = await importEntries(user, bank.id, [
      { date: '2026-11-05', amount: '-1500.00', text: 'Miete November Teil 1' },
      { date: '2026-11-06', amount: '-500.00', text: 'Miete November Teil 2' },
      { date: '2026-11-07', amount: '250.00', text: 'Gutschrift' },
    ]);
    return { rent, bank, category, entries };
  }
  const novemberRent = (id: number) => ({ kind: 'transactions', id, dueDate: '2026-11-05' });

  it('links an entry to an occurrence once, a second entry only as a split payment, and unlinks', async () => {
    const user = await signUp(app);
    const { rent, entries } = await setUp(user);
    const [part1, part2, credit] = entries;
    const matched = await user.post(`/api/bank-entries/${part1!.id}/match`, novemberRent(rent.id));
    expect(matched.statusCode, matched.body).toBe(200);
    const rentOccurrence = {
      kind: 'transactions',
      id: rent.id,
      dueDate: '2026-11-05',
      name: 'Miete',
      category: 'Raum',
      amount: -200_000,
    };
    expect(matched.json<BankEntry>().plan).toEqual({
      state: 'matched',
      occurrence: rentOccurrence,
      occurrences: [rentOccurrence],
    });
    const again = await user.post(`/api/bank-entries/${part1!.id}/match`, novemberRent(rent.id));
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatch(/^Diese Buchung ist bereits zugeordnet/);
    const taken = await user.post(`/api/bank-entries/${part2!.id}/match`, novemberRent(rent.id));
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toMatch(/^Diese geplante Zahlung ist bereits einer anderen Buchung zugeordnet/);
    // The suggestion for the second part compares with what is still open: 500.00.
    const rest = await suggestionsOf(user, part2!.id);
    expect(rest.suggestions[0]).toMatchObject({
      id: rent.id,
      matchedAmount: -150_000,
      reasons: ['Betrag gleich', '1 Tag später', 'Name passt'],
    });
    const split = await user.post(`/api/bank-entries/${part2!.id}/match`, { ...novemberRent(rent.id), split: true });
    expect(split.statusCode, split.body).toBe(200);
    const wrongWay = await user.post(`/api/bank-entries/${credit!.id}/match`, {
      kind: 'transactions',
      id: rent.id,
      dueDate: '2026-12-05',
    });
    expect(wrongWay.statusCode).toBe(400);
    expect(wrongWay.json().fields.kind).toBe('Die geplante Zahlung geht in die andere Richtung als die Buchung');
    const unplanned = await user.post(`/api/bank-entries/${credit!.id}/match`, {
      kind: 'transactions',
      id: rent.id,
      dueDate: '2026-12-06',
    });
    expect(unplanned.statusCode).toBe(404);
    expect(unplanned.json().error).toBe('Keine geplante Zahlung an diesem Datum gefunden');
    const unlinked = await user.delete(`/api/bank-entries/${part1!.id}/match`);
    expect(unlinked.statusCode).toBe(200);
    expect(unlinked.json<BankEntry>().plan).toEqual({ state: 'open', occurrence: null, occurrences: [] });
    expect((await user.delete(`/api/bank-entries/${part1!.id}/match`)).statusCode).toBe(409);
  });

  it('marks an entry "nicht geplant" with a category, refuses it for a matched one, and lifts it with unlink', async () => {
    const user = await signUp(app);
    const { rent, entries, category } = await setUp(user);
    const [part1, , credit] = entries;
    const marked = await user.post(`/api/bank-entries/${credit!.id}/unplanned`, { categoryId: category.id });
    expect(marked.statusCode, marked.body).toBe(200);
    expect(marked.json<BankEntry>()).toMatchObject({
      plan: { state: 'unplanned', occurrence: null },
      category: { id: category.id },
    });
    expect((await user.post(`/api/bank-entries/${credit!.id}/unplanned`, { categoryId: 2_000_000 })).statusCode).toBe(
      400,
    );
    expect((await user.post(`/api/bank-entries/${credit!.id}/unplanned`, {})).json().fields.categoryId).toBe(
      'Kategorie wird benötigt',
    );
    await user.post(`/api/bank-entries/${part1!.id}/match`, novemberRent(rent.id));
    expect((await user.post(`/api/bank-entries/${part1!.id}/unplanned`, { categoryId: category.id })).statusCode).toBe(
      409,
    );
    expect((await user.delete(`/api/bank-entries/${credit!.id}/match`)).json<BankEntry>().plan.state).toBe('open');
  });

  it('"Alle eindeutigen bestätigen" takes equal references and single exact amounts, never an ambiguous one', async () => {
    const user = await signUp(app);
    const category = await aCategory(user, { name: 'Aufträge' });
    const single = { type: 'single' as const, cycle: null, categoryId: category.id };
    const reference = qrr('99');
    const invoice = await aTransaction(user, {
      ...single,
      name: 'Rechnung 99',
      amount: 120_000,
      startDate: '2026-11-02',
      reference,
    });
    const fee = await aTransaction(user, { ...single, name: 'Beratung', amount: 55_000, startDate: '2026-11-03' });
    await aTransaction(user, { ...single, name: 'Kurs A', amount: 70_000, startDate: '2026-11-04' });
    await aTransaction(user, { ...single, name: 'Kurs B', amount: 70_000, startDate: '2026-11-04' });
    const bank = await account(user);
    const [byAmount, ambiguous, byReference] = await importEntries(user, bank.id, [
      { date: '2026-11-12', amount: '1180.00', reference },
      { date: '2026-11-04', amount: '550.00' },
      { date: '2026-11-04', amount: '700.00' },
    ]);
    const response = await user.post('/api/bank-entries/confirm-unique');
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json<ConfirmUniqueResult>();
    expect(result.confirmed).toBe(2);
    // In the order of the entries' ids (the file's order).
    expect(result.matches.map((m) => [m.entryId, m.occurrence.id])).toEqual([
      [byReference!.id, invoice.id],
      [byAmount!.id, fee.id],
    ]);
    const list = (await user.get(`/api/bank-accounts/${bank.id}/entries?sortOrder=ASC`)).json<BankEntryList>().data;
    expect(list.find((entry) => entry.id === ambiguous!.id)?.plan.state).toBe('open');
    // Nothing left that is unique: a second click confirms nothing.
    expect((await user.post(`/api/bank-entries/confirm-unique?bankAccountId=${bank.id}`)).json()).toEqual({
      confirmed: 0,
      matches: [],
    });
  });
});

describe('the forecast counts nothing twice', () => {
  it('a matched payment in the balance leaves the forecast; an unmatched past one is überfällig in the current month', async () => {
    const user = await signUp(app);
    const category = await aCategory(user, { name: 'Raum' });
    const rent = await aRent(user, '2026-10-05', category.id);
    // Before any entry: past occurrences are skipped, as always.
    expect(await expenseOf(user)).toEqual([0, -200_000, -200_000]);
    const bank = await account(user);
    const [october, november, advance] = await importEntries(user, bank.id, [
      { date: '2026-10-05', amount: '-2000.00', text: 'Miete Oktober' },
      { date: '2026-11-05', amount: '-2000.00', text: 'Miete November' },
      { date: '2026-11-20', amount: '-2000.00', text: 'Miete Dezember (im Voraus)' },
    ]);
    // Entries from 2026-10-05 on: October's and November's rent are überfällig until matched.
    expect(await expenseOf(user)).toEqual([-400_000, -200_000, -200_000]);
    const overdue = (await forecastDetails(user))[0]!.expense
      .flatMap((c) => c.children)
      .filter((leaf) => leaf.overdueDate);
    expect(overdue.map((leaf) => [leaf.relatedId, leaf.overdueDate, leaf.amount])).toEqual([
      [rent.id, '2026-10-05', -200_000],
      [rent.id, '2026-11-05', -200_000],
    ]);
    await user.post(`/api/bank-entries/${october!.id}/match`, {
      kind: 'transactions',
      id: rent.id,
      dueDate: '2026-10-05',
    });
    await user.post(`/api/bank-entries/${november!.id}/match`, {
      kind: 'transactions',
      id: rent.id,
      dueDate: '2026-11-05',
    });
    expect(await expenseOf(user)).toEqual([0, -200_000, -200_000]);
    // Paid early, and in the balance of 2026-11-20: December's rent leaves December.
    await user.post(`/api/bank-entries/${advance!.id}/match`, {
      kind: 'transactions',
      id: rent.id,
      dueDate: '2026-12-05',
    });
    expect(await expenseOf(user)).toEqual([0, 0, -200_000]);
    // The runway counts exactly this: the end balances follow.
    const saldo = (await user.get('/api/forecasts?months=3'))
      .json<{ months: { saldo: number }[] }>()
      .months.map((m) => m.saldo);
    expect(saldo).toEqual([1_000_000, 1_000_000, 800_000]);
  });

  it('a match whose entry is booked after "Stand per" stays counted: the balance does not hold it yet', async () => {
    const user = await signUp(app);
    const rent = await aRent(user, '2026-11-05');
    const bank = await account(user, '2026-11-01');
    const [entry] = await importEntries(user, bank.id, [{ date: '2026-11-05', amount: '-2000.00' }]);
    await user.post(`/api/bank-entries/${entry!.id}/match`, {
      kind: 'transactions',
      id: rent.id,
      dueDate: '2026-11-05',
    });
    expect((await expenseOf(user))[0]).toBe(-200_000);
  });

  it('"entfällt" takes an overdue occurrence out; only past, unmatched ones, once; undone with DELETE', async () => {
    const user = await signUp(app);
    const rent = await aRent(user, '2026-11-05');
    const bank = await account(user);
    // The statement covers 2026-11-02 … 2026-11-18, so the rent due 2026-11-05 is überfällig
    // (docs/plan-actual.md "Coverage": coverage is the statement's period, not from the first booking on).
    const [entry] = await importEntries(user, bank.id, [
      { date: '2026-11-02', amount: '-50.00', text: 'Gebühr' },
      { date: '2026-11-18', amount: '-10.00', text: 'Gebühr' },
    ]);
    expect((await expenseOf(user))[0]).toBe(-200_000);
    const key = { kind: 'transactions', id: rent.id, dueDate: '2026-11-05' };
    const dismissed = await user.post('/api/occurrence-dismissals', key);
    expect(dismissed.statusCode, dismissed.body).toBe(201);
    expect(dismissed.json<OccurrenceDismissal>()).toMatchObject(key);
    expect((await expenseOf(user))[0]).toBe(0);
    expect((await user.post('/api/occurrence-dismissals', key)).statusCode).toBe(409);
    const future = await user.post('/api/occurrence-dismissals', { ...key, dueDate: '2026-12-05' });
    expect(future.statusCode).toBe(400);
    expect((await user.post('/api/occurrence-dismissals', { ...key, dueDate: '2026-11-06' })).statusCode).toBe(404);
    const undone = await user.delete(`/api/occurrence-dismissals/${dismissed.json<OccurrenceDismissal>().dismissalId}`);
    expect(undone.statusCode).toBe(204);
    expect((await expenseOf(user))[0]).toBe(-200_000);
    // A matched occurrence cannot be dismissed.
    await user.post(`/api/bank-entries/${entry!.id}/match`, { ...key, split: true });
    expect((await user.post('/api/occurrence-dismissals', key)).statusCode).toBe(409);
  });
});

describe('Plan/Ist', () => {
  it('answers plan, actual and variance per month and category, the unmatched apart, and balances', async () => {
    const user = await signUp(app);
    const raum = await aCategory(user, { name: 'Raum' });
    const diverses = await aCategory(user, { name: 'Diverses' });
    const rent = await aRent(user, '2026-09-05', raum.id);
    const bank = await account(user);
    const [september, october, bonus] = await importEntries(user, bank.id, [
      { date: '2026-09-05', amount: '-2000.00' },
      { date: '2026-10-06', amount: '-2100.00' },
      { date: '2026-10-15', amount: '300.00', text: 'Rückerstattung' },
      { date: '2026-10-20', amount: '120.00', text: 'Zins' },
    ]);
    await user.post(`/api/bank-entries/${september!.id}/match`, {
      kind: 'transactions',
      id: rent.id,
      dueDate: '2026-09-05',
    });
    await user.post(`/api/bank-entries/${october!.id}/match`, {
      kind: 'transactions',
      id: rent.id,
      dueDate: '2026-10-05',
    });
    await user.post(`/api/bank-entries/${bonus!.id}/unplanned`, { categoryId: diverses.id });
    const response = await user.get('/api/plan-actual?from=2026-08&to=2026-10');
    expect(response.statusCode, response.body).toBe(200);
    const table = response.json<PlanActual>();
    expect(table).toMatchObject({
      currency: 'CHF',
      from: '2026-08',
      to: '2026-10',
      coveredFrom: '2026-09-05',
      unmatchedCount: 1,
    });
    expect(table.months.map((m) => [m.month, m.covered, m.cashflow])).toEqual([
      ['2026-08', false, { plan: 0, actual: 0, variance: 0, variancePercent: null }],
      ['2026-09', true, { plan: -200_000, actual: -200_000, variance: 0, variancePercent: 0 }],
      ['2026-10', true, { plan: -200_000, actual: -168_000, variance: 32_000, variancePercent: 16 }],
    ]);
    expect(table.rows.map((row) => [row.side, row.category, row.unmatched, row.cells.map((c) => c.actual)])).toEqual([
      ['revenue', 'Diverses', false, [0, 0, 30_000]],
      ['revenue', 'Nicht zugeordnet', true, [0, 0, 12_000]],
      ['expense', 'Raum', false, [0, -200_000, -210_000]],
    ]);
    expect(table.rows[2]!.cells[2]).toEqual({
      plan: -200_000,
      actual: -210_000,
      variance: -10_000,
      variancePercent: -5,
    });
    // The account holds 10'000.00 per 2026-11-20: back from there by the entries booked after each month.
    expect(table.months.map((m) => m.balance.actual)).toEqual([1_368_000, 1_168_000, 1_000_000]);
    // Each month's plan starts from the actual end balance of the month before and adds its cash flow.
    expect(table.months.map((m) => m.balance.plan)).toEqual([1_368_000, 1_168_000, 968_000]);
    // No MAPE any more: the accuracy per horizon is GET /plan-actual/accuracy (plan-accuracy.test.ts).
    expect(table).not.toHaveProperty('accuracy');

    const month = await user.get('/api/plan-actual/month?month=2026-10');
    expect(month.statusCode, month.body).toBe(200);
    const detail = month.json<PlanActualMonthDetail>();
    expect(detail.occurrences).toEqual([
      expect.objectContaining({
        id: rent.id,
        dueDate: '2026-10-05',
        state: 'matched',
        entries: [expect.objectContaining({ entryId: october!.id, amount: -210_000 })],
      }),
    ]);
    expect(detail.entries.map((entry) => [entry.state, entry.category])).toEqual([
      ['matched', 'Raum'],
      ['unplanned', 'Diverses'],
      ['open', null],
    ]);
  });

  it('refuses periods in the future, more than 24 months back, or backwards, in German', async () => {
    const user = await signUp(app);
    for (const [query, field, message] of [
      ['from=2026-12&to=2026-12', 'to', 'Plan/Ist zeigt vergangene Monate (bis 24 zurück) und den laufenden Monat'],
      ['from=2024-10&to=2024-12', 'from', 'Plan/Ist zeigt vergangene Monate (bis 24 zurück) und den laufenden Monat'],
      ['from=2026-10&to=2026-09', 'from', 'Der Beginn muss vor dem Ende liegen'],
      ['from=2026-13', 'from', 'Ungültiger Monat (JJJJ-MM)'],
    ] as const) {
      const response = await user.get(`/api/plan-actual?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().fields[field], query).toBe(message);
    }
    for (const [month, message] of [
      ['2026-12', 'Plan/Ist zeigt vergangene Monate (bis 24 zurück) und den laufenden Monat'],
      ['2024-10', 'Plan/Ist zeigt vergangene Monate (bis 24 zurück) und den laufenden Monat'],
      ['Oktober', 'Ungültiger Monat (JJJJ-MM)'],
    ]) {
      const response = await user.get(`/api/plan-actual/month?month=${month}`);
      expect(response.statusCode, month).toBe(400);
      expect(response.json().fields.month, month).toBe(message);
    }
    expect((await user.get('/api/plan-actual')).json<PlanActual>()).toMatchObject({
      from: '2025-11',
      to: '2026-11',
      coveredFrom: null,
    });
  });
});

describe('plan vs actual: roles and organisations', () => {
  it('read-only members see suggestions and the table but match nothing (403); another organisation gets 404', async () => {
    const { a, b } = await twoTenants(app);
    const rent = await aRent(a, '2026-11-05');
    const bank = await account(a);
    const [entry] = await importEntries(a, bank.id, [{ date: '2026-11-05', amount: '-2000.00' }]);
    const key = { kind: 'transactions', id: rent.id, dueDate: '2026-11-05' };
    const reader = await addMember(app, a, a.user.currentOrganisationId, 'read-only');
    expect((await reader.get(`/api/bank-entries/${entry!.id}/match-suggestions`)).statusCode).toBe(200);
    expect((await reader.get('/api/plan-actual')).statusCode).toBe(200);
    for (const write of [
      reader.post(`/api/bank-entries/${entry!.id}/match`, key),
      reader.delete(`/api/bank-entries/${entry!.id}/match`),
      reader.post(`/api/bank-entries/${entry!.id}/unplanned`, { categoryId: 1 }),
      reader.post('/api/bank-entries/confirm-unique'),
      reader.post('/api/occurrence-dismissals', key),
    ]) {
      expect((await write).statusCode).toBe(403);
    }
    // Organisation B: A's entry is not there, A's transaction is no occurrence of B's plan.
    expect((await b.get(`/api/bank-entries/${entry!.id}/match-suggestions`)).statusCode).toBe(404);
    expect((await b.post(`/api/bank-entries/${entry!.id}/match`, key)).statusCode).toBe(404);
    expect((await b.delete(`/api/bank-entries/${entry!.id}/match`)).statusCode).toBe(404);
    expect((await b.post(`/api/bank-entries/${entry!.id}/unplanned`, { categoryId: 1 })).statusCode).toBe(404);
    expect((await b.post('/api/occurrence-dismissals', key)).statusCode).toBe(404);
    const dismissal = (await a.post('/api/occurrence-dismissals', key)).json<OccurrenceDismissal>();
    expect((await b.delete(`/api/occurrence-dismissals/${dismissal.dismissalId}`)).statusCode).toBe(404);
    expect((await b.post('/api/bank-entries/confirm-unique')).json()).toEqual({ confirmed: 0, matches: [] });
    // Naming A's account is naming a row B does not have: 404, as for every id (docs/api.md).
    const foreignAccount = await b.post(`/api/bank-entries/confirm-unique?bankAccountId=${bank.id}`);
    expect(foreignAccount.statusCode).toBe(404);
    expect(foreignAccount.json()).toEqual({ error: 'Das Bankkonto wurde nicht gefunden.', code: 'NOT_FOUND' });
    // Paid after all: matching a dismissed occurrence lifts "entfällt".
    const matched = await a.post(`/api/bank-entries/${entry!.id}/match`, key);
    expect(matched.statusCode, matched.body).toBe(200);
    expect((await a.delete(`/api/occurrence-dismissals/${dismissal.dismissalId}`)).statusCode).toBe(404);
  });

  it('answers 401 without a session', async () => {
    const anonymous = browser(app);
    expect((await anonymous.get('/api/plan-actual')).statusCode).toBe(401);
    expect((await anonymous.get('/api/bank-entries/1/match-suggestions')).statusCode).toBe(401);
  });
});
