import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ForecastDetails, PlanActual, PlanActualMonthDetail } from '@saldopilot/shared';
import { useTestApp } from '../../test/build-test-app.js';
import {
  aBankAccount,
  aCategory,
  aSalary,
  aSalaryCost,
  aTransaction,
  anEmployee,
  currencyId,
  importEntries,
} from '../../test/factories.js';
import { signUp, type SignedInUser } from '../../test/test-client.js';
import { detailsOfColumns, type ForecastDetailColumns } from '@saldopilot/shared';

// Issue 41, findings 2, 3 and 7 (docs/plan-actual.md "Planned occurrences" and "Plan/Ist"). Today of
// the test app is 2026-11-21. The organisations are synthetic, written here; the bank entries come
// from CSV exports written by `importEntries` (test/factories.ts) through the real import route.

const app = useTestApp();

/** A CHF account of 10'000.00 whose "Stand per" is 2026-11-20 (after every entry of the tests). */
async function account(user: SignedInUser) {
  const chf = await currencyId(user, 'CHF');
  return aBankAccount(user, { name: 'Geschäftskonto', amount: 1_000_000, currencyId: chf, balanceDate: '2026-11-20' });
}

async function table(user: SignedInUser, query = ''): Promise<PlanActual> {
  const response = await user.get(`/api/plan-actual${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<PlanActual>();
}

async function monthDetail(user: SignedInUser, month: string): Promise<PlanActualMonthDetail> {
  const response = await user.get(`/api/plan-actual/month?month=${month}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<PlanActualMonthDetail>();
}

async function details(user: SignedInUser, months = 3): Promise<ForecastDetails> {
  const response = await user.get(`/api/forecasts/details?months=${months}`);
  expect(response.statusCode, response.body).toBe(200);
  return detailsOfColumns(response.json<ForecastDetailColumns>());
}

/** The leaves of a category of a month of the forecast's details: [name, amount, overdueDate]. */
function leavesOf(month: ForecastDetails[number] | undefined, category: string) {
  return (month?.expense.find((node) => node.name === category)?.children ?? []).map((leaf) => [
    leaf.name,
    leaf.amount,
    leaf.overdueDate ?? null,
  ]);
}

describe('finding 2: the current month salary is in exactly one place', () => {
  it('a salary paid on the 1st is overdue in November, one paid on the 25th is open in its month', async () => {
    const user = await signUp(app);
    const early = await anEmployee(user, { name: 'Erste Anna' });
    const late = await anEmployee(user, { name: 'Späte Berta' });
    const earlySalary = await aSalary(user, early.id, { amount: 500_000, fromDate: '2026-01-01' });
    const lateSalary = await aSalary(user, late.id, { amount: 400_000, fromDate: '2026-01-25' });
    const bank = await account(user);
    // The statement covers from November on: the November salary of the 1st is overdue.
    await importEntries(user, bank.id, [{ date: '2026-11-01', amount: '-100.00', text: 'Gebühr' }]);

    const november = (await details(user))[0];
    expect(leavesOf(november, 'Löhne')).toEqual([
      ['Späte Berta', -400_000, null],
      ['Erste Anna', -500_000, '2026-11-01'],
    ]);
    const detail = await monthDetail(user, '2026-11');
    expect(
      detail.occurrences.filter((o) => o.kind === 'salaries').map((o) => [o.id, o.dueDate, o.amount, o.state]),
    ).toEqual([
      [earlySalary.id, '2026-11-01', -500_000, 'overdue'],
      [lateSalary.id, '2026-11-25', -400_000, 'open'],
    ]);
    // Matched on its pay day, it leaves the forecast: the entry is in the balance.
    const [paid] = await importEntries(user, bank.id, [{ date: '2026-11-02', amount: '-5000.00', text: 'Lohn Anna' }]);
    const matched = await user.post(`/api/bank-entries/${paid!.id}/match`, {
      kind: 'salaries',
      id: earlySalary.id,
      dueDate: '2026-11-01',
    });
    expect(matched.statusCode, matched.body).toBe(200);
    expect(leavesOf((await details(user))[0], 'Löhne')).toEqual([['Späte Berta', -400_000, null]]);
    const after = await monthDetail(user, '2026-11');
    expect(after.occurrences.filter((o) => o.kind === 'salaries').map((o) => o.state)).toEqual(['matched', 'open']);
  });
});

describe('finding 2: the costs of a salary paid before today in the current month', () => {
  it('are planned in the current month: open in the drill-down and in the forecast, counted once', async () => {
    const user = await signUp(app);
    const early = await anEmployee(user, { name: 'Erste Anna' });
    const late = await anEmployee(user, { name: 'Späte Berta' });
    // 5.3 % borne by both, paid monthly for the month before: −530.00 and −424.00 a month. Anna's
    // November salary (the 1st) lies before today, Berta's (the 25th) after it.
    const earlySalary = await aSalary(user, early.id, { amount: 500_000, fromDate: '2026-01-01' });
    const lateSalary = await aSalary(user, late.id, { amount: 400_000, fromDate: '2026-01-25' });
    await aSalaryCost(user, earlySalary.id);
    await aSalaryCost(user, lateSalary.id);
    const forecast = await details(user, 3);
    const costs = forecast.map((month) => month.expense.find((node) => node.name === 'Lohnkosten')?.amount);
    expect(costs).toEqual([-95_400, -95_400, -95_400]);
    const detail = await monthDetail(user, '2026-11');
    expect(
      detail.occurrences.filter((o) => o.kind === 'salary_cost_labels').map((o) => [o.dueDate, o.amount, o.state]),
    ).toEqual([['2026-11-30', -95_400, 'open']]);
  });
});

describe('migration 0017: stored keys move to the pay day', () => {
  it('a match and an "entfällt" stored under the month end before are found on the pay day after', async () => {
    const user = await signUp(app);
    const employee = await anEmployee(user, { name: 'Erste Anna' });
    const salary = await aSalary(user, employee.id, { amount: 500_000, fromDate: '2026-01-01' });
    const bank = await account(user);
    const [paid] = await importEntries(user, bank.id, [{ date: '2026-09-01', amount: '-5000.00' }]);
    expect(
      (
        await user.post(`/api/bank-entries/${paid!.id}/match`, {
          kind: 'salaries',
          id: salary.id,
          dueDate: '2026-09-01',
        })
      ).statusCode,
    ).toBe(200);
    const dismissed = await user.post('/api/occurrence-dismissals', {
      kind: 'salaries',
      id: salary.id,
      dueDate: '2026-10-01',
    });
    expect(dismissed.statusCode, dismissed.body).toBe(201);
    // As the rows were stored before migration 0017: under the month's last day.
    const { db } = app.deps.database;
    await db.execute(sql`update bank_entry_matches set due_date = '2026-09-30' where item_id = ${salary.id}`);
    await db.execute(sql`update occurrence_dismissals set due_date = '2026-10-31' where item_id = ${salary.id}`);
    const migration = readFileSync(new URL('../../../drizzle/0017_salary_pay_day.sql', import.meta.url), 'utf8');
    for (const statement of migration.split('--> statement-breakpoint')) await db.execute(sql.raw(statement));
    // The rows written raise the data versions (their triggers): the forecast reads them again.
    const september = await monthDetail(user, '2026-09');
    expect(september.occurrences.map((o) => [o.dueDate, o.state])).toEqual([['2026-09-01', 'matched']]);
    expect(september.occurrences[0]!.entries.map((entry) => entry.entryId)).toEqual([paid!.id]);
    const october = await monthDetail(user, '2026-10');
    expect(october.occurrences.map((o) => [o.dueDate, o.state])).toEqual([['2026-10-01', 'dismissed']]);
  });
});

describe('finding 3: the plan of a past month is what the plan says for it', () => {
  it('plans the salary costs of every past month and the 13th salary of the past December', async () => {
    const user = await signUp(app);
    const employee = await anEmployee(user, { name: 'Anna Muster' });
    const salary = await aSalary(user, employee.id, {
      amount: 800_000,
      fromDate: '2025-01-25',
      hasThirteenthSalary: true,
      thirteenthSalaryMonth: 12,
    });
    // 5.3 % borne by both, paid monthly one month in arrears: −848.00 a month.
    const cost = await aSalaryCost(user, salary.id);
    const forecast = await details(user, 14);
    const coming = (month: string, category: string) =>
      forecast.find((m) => m.month === month)?.expense.find((node) => node.name === category)?.amount;
    expect(coming('2027-02', 'Lohnkosten')).toBe(-84_800);
    const past = await table(user, '?from=2025-11&to=2026-10');
    const row = (category: string) => past.rows.find((r) => r.side === 'expense' && r.category === category);
    // Each past month plans what the forecast plans for the same month a year later.
    const aYearLater = past.months.map((m) => `${Number(m.month.slice(0, 4)) + 1}${m.month.slice(4)}`);
    expect(row('Lohnkosten')!.cells.map((cell) => cell.plan)).toEqual(
      aYearLater.map((month) => coming(month, 'Lohnkosten')),
    );
    expect(row('Löhne')!.cells.map((cell) => cell.plan)).toEqual(aYearLater.map((month) => coming(month, 'Löhne')));
    const months = past.months.map((m) => m.month);
    const costs = row('Lohnkosten')!.cells.map((cell) => cell.plan);
    const salaries = row('Löhne')!.cells.map((cell) => cell.plan);
    // −848.00 a month; January also pays the costs of December's 13th salary.
    expect(costs[months.indexOf('2025-11')]).toBe(-84_800);
    expect(costs[months.indexOf('2026-01')]).toBe(-169_600);
    // 8'000.00 less the employee's 424.00; December with the 13th salary (net of its 424.00 too).
    expect(salaries[months.indexOf('2025-11')]).toBe(-757_600);
    expect(salaries[months.indexOf('2025-12')]).toBe(-1_515_200);
    const october = await monthDetail(user, '2026-10');
    // Without statements nothing is covered: planned, but before the coverage (counted nowhere in the forecast).
    expect(october.occurrences.map((o) => [o.kind, o.dueDate, o.amount, o.state])).toEqual([
      ['salary_cost_labels', '2026-10-31', -84_800, 'uncovered'],
      ['salaries', '2026-10-25', -757_600, 'uncovered'],
    ]);
    // A changed cost plans the past anew: 6 % of 8'000.00 by both, −960.00 a month.
    const changed = await user.patch(`/api/employees/salaries/costs/${cost.id}`, { amount: 6000 });
    expect(changed.statusCode, changed.body).toBe(200);
    const after = await table(user, '?from=2026-09&to=2026-10');
    expect(after.rows.find((r) => r.category === 'Lohnkosten')!.cells.map((cell) => cell.plan)).toEqual([
      -96_000, -96_000,
    ]);
  });
});

describe('finding 7: the Plan/Ist period and its plan end balance', () => {
  it('ends with the current month by default; the plan end balance starts from the previous month actual', async () => {
    const user = await signUp(app);
    const raum = await aCategory(user, { name: 'Raum' });
    await aTransaction(user, { name: 'Miete', amount: -200_000, startDate: '2025-01-05', categoryId: raum.id });
    const bank = await account(user);
    await importEntries(user, bank.id, [
      { date: '2026-09-05', amount: '-2100.00' },
      { date: '2026-10-05', amount: '-2000.00' },
      { date: '2026-11-05', amount: '-2000.00' },
    ]);
    const standard = await table(user);
    expect([standard.from, standard.to]).toEqual(['2025-11', '2026-11']);
    expect(standard.months.map((m) => m.month)).toHaveLength(13);
    const novemberOf = (answer: PlanActual) => answer.months.find((m) => m.month === '2026-11')!.balance;
    const octoberOf = (answer: PlanActual) => answer.months.find((m) => m.month === '2026-10')!.balance;
    // The account holds 10'000.00 per 2026-11-20: 12'000.00 at the end of October; November plans −2'000.00.
    expect(octoberOf(standard).actual).toBe(1_200_000);
    for (const from of ['2024-12', '2025-11', '2026-10']) {
      const answer = await table(user, `?from=${from}&to=2026-11`);
      expect(novemberOf(answer), from).toEqual({ plan: 1_000_000, actual: 1_000_000 });
      // September: the actual end of August (16'100.00) less the planned rent.
      if (from !== '2026-10') expect(answer.months.find((m) => m.month === '2026-09')!.balance.plan).toBe(1_410_000);
    }
  });
});
