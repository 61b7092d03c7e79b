import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { PlanAccuracy, PlanActual, PlanActualMonthDetail } from '@saldopilot/shared';
import { executeRows } from '../../db/execute-rows.js';
import { useTestApp } from '../../test/build-test-app.js';
import {
  aBankAccount,
  aCategory,
  aSalary,
  aTransaction,
  anEmployee,
  importEntries,
  sendStatement,
} from '../../test/factories.js';
import { signUp, type SignedInUser } from '../../test/test-client.js';
import { addMember, twoTenants } from '../../test/tenants.js';
import { detailsOfColumns, type ForecastDetailColumns } from '@saldopilot/shared';

// docs/plan-actual.md "Coverage". Today of the test app is 2026-11-21. The
// statements are CSV exports written by `importEntries` (test/factories.ts: synthetic, one line per
// entry): their period is their first and last booking date.

const app = useTestApp();

async function overdueLeaves(user: SignedInUser) {
  const response = await user.get('/api/forecasts/details?months=1');
  expect(response.statusCode, response.body).toBe(200);
  return detailsOfColumns(response.json<ForecastDetailColumns>())[0]!
    .expense.flatMap((category) => category.children)
    .filter((leaf) => leaf.overdueDate !== undefined)
    .map((leaf) => [leaf.name, leaf.overdueDate]);
}

async function planActual(user: SignedInUser, query = 'from=2026-08&to=2026-11') {
  const response = await user.get(`/api/plan-actual?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<PlanActual>();
}

/**
 * Two accounts: A ("Geschäftskonto") and B ("Sparkonto"); monthly payments since 2024 from A
 * ("Versicherung"), from B ("Telefon") and from no named account ("Miete").
 */
async function organisation(user: SignedInUser) {
  const a = await aBankAccount(user, { name: 'Geschäftskonto', amount: 1_000_000, balanceDate: '2026-11-20' });
  const b = await aBankAccount(user, { name: 'Sparkonto', amount: 500_000, balanceDate: '2026-11-20' });
  const category = await aCategory(user, { name: 'Betrieb' });
  const monthly = { categoryId: category.id, type: 'repeating' as const, cycle: 'monthly' as const };
  const rent = await aTransaction(user, { ...monthly, name: 'Miete', amount: -200_000, startDate: '2024-01-05' });
  const insurance = await aTransaction(user, {
    ...monthly,
    name: 'Versicherung',
    amount: -30_000,
    startDate: '2024-01-10',
    bankAccountId: a.id,
  });
  const phone = await aTransaction(user, {
    ...monthly,
    name: 'Telefon',
    amount: -8_000,
    startDate: '2024-01-15',
    bankAccountId: b.id,
  });
  return { a, b, rent, insurance, phone };
}

describe('coverage per account', () => {
  it('an old statement of one account makes nothing overdue that no statement covers', async () => {
    const user = await signUp(app);
    const { a, b } = await organisation(user);
    // A current statement of A (2026-10-01 … 2026-11-20) and one of B from 2007.
    await importEntries(user, a.id, [
      { date: '2026-10-01', amount: '-12.00', text: 'Gebühr' },
      { date: '2026-11-20', amount: '-12.00', text: 'Gebühr' },
    ]);
    await importEntries(user, b.id, [
      { date: '2007-03-01', amount: '-5.00', text: 'Gebühr' },
      { date: '2007-03-30', amount: '-5.00', text: 'Gebühr' },
    ]);
    // Before coverage followed the statements' periods, every unmatched occurrence of the 24 months
    // back was überfällig (3 × 25 rows). Now only A's own payments that A's statements cover;
    // "Miete" names no account and B's statements do not cover it, "Telefon" is B's.
    expect(await overdueLeaves(user)).toEqual([
      ['Versicherung', '2026-10-10'],
      ['Versicherung', '2026-11-10'],
    ]);
    // Plan/Ist: B's statements cover no month of the period, so the organisation covers none.
    const table = await planActual(user);
    expect(table.months.map((month) => [month.month, month.covered])).toEqual([
      ['2026-08', false],
      ['2026-09', false],
      ['2026-10', false],
      ['2026-11', false],
    ]);
    expect(table.months.every((month) => month.cashflow.variancePercent === null)).toBe(true);
    // No month is measured where no statement covers it (docs/plan-actual.md "Accuracy per horizon").
    const accuracy = (await user.get('/api/plan-actual/accuracy')).json<PlanAccuracy>();
    expect(accuracy.horizons.every((figure) => figure.months === 0 && figure.inflows.wape === null)).toBe(true);
    // The drill-down names what no statement covers.
    const detail = (await user.get('/api/plan-actual/month?month=2026-10')).json<PlanActualMonthDetail>();
    expect(detail.occurrences.map((occurrence) => [occurrence.name, occurrence.state])).toEqual(
      expect.arrayContaining([
        ['Miete', 'uncovered'],
        ['Versicherung', 'overdue'],
        ['Telefon', 'uncovered'],
      ]),
    );
  });

  it('covers a month and an account-less payment where every account with statements does', async () => {
    const user = await signUp(app);
    const { a, b } = await organisation(user);
    await importEntries(user, a.id, [
      { date: '2026-09-01', amount: '-12.00', text: 'Gebühr' },
      { date: '2026-11-20', amount: '-12.00', text: 'Gebühr' },
    ]);
    await importEntries(user, b.id, [
      { date: '2026-10-03', amount: '-5.00', text: 'Gebühr' },
      { date: '2026-11-18', amount: '-5.00', text: 'Gebühr' },
    ]);
    expect(await overdueLeaves(user)).toEqual([
      ['Versicherung', '2026-09-10'],
      ['Miete', '2026-10-05'],
      ['Versicherung', '2026-10-10'],
      ['Telefon', '2026-10-15'],
      ['Miete', '2026-11-05'],
      ['Versicherung', '2026-11-10'],
      ['Telefon', '2026-11-15'],
    ]);
    const table = await planActual(user);
    expect(table.coveredFrom).toBe('2026-09-01');
    expect(table.months.map((month) => [month.month, month.covered])).toEqual([
      ['2026-08', false],
      ['2026-09', false],
      ['2026-10', true],
      ['2026-11', true],
    ]);
  });

  it('salaries and salary costs belong to the salary account ("Lohnkonto")', async () => {
    const user = await signUp(app);
    const { a, b } = await organisation(user);
    const employee = await anEmployee(user, { name: 'Eva Beispiel' });
    await aSalary(user, employee.id, { fromDate: '2026-01-01' });
    await importEntries(user, a.id, [
      { date: '2026-10-01', amount: '-12.00', text: 'Gebühr' },
      { date: '2026-11-20', amount: '-12.00', text: 'Gebühr' },
    ]);
    const organisationId = user.user.currentOrganisationId;
    // Without a salary account a salary belongs to no account: A alone covers October and November
    // up to the 20th, so the salaries due on their pay day (the 1st) of both months are overdue.
    const paidOnThe1st = [
      ['Eva Beispiel', '2026-10-01'],
      ['Eva Beispiel', '2026-11-01'],
    ];
    expect((await overdueLeaves(user)).filter(([name]) => name === 'Eva Beispiel')).toEqual(paidOnThe1st);
    await importEntries(user, b.id, [{ date: '2007-03-01', amount: '-5.00', text: 'Gebühr' }]);
    expect((await overdueLeaves(user)).filter(([name]) => name === 'Eva Beispiel')).toEqual([]);
    const set = await user.patch(`/api/organisations/${organisationId}`, { salaryBankAccountId: a.id });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({ salaryBankAccountId: a.id });
    expect((await overdueLeaves(user)).filter(([name]) => name === 'Eva Beispiel')).toEqual(paidOnThe1st);
    await user.patch(`/api/organisations/${organisationId}`, { salaryBankAccountId: b.id });
    expect((await overdueLeaves(user)).filter(([name]) => name === 'Eva Beispiel')).toEqual([]);
    const cleared = await user.patch(`/api/organisations/${organisationId}`, { salaryBankAccountId: null });
    expect(cleared.json()).toMatchObject({ salaryBankAccountId: null });
  });

  it("records a camt statement's FrToDt as its period, not its first and last booking", async () => {
    const user = await signUp(app);
    // The synthetic camt.053 of the bank statements' tests (fixtures/README.md): FrToDt 2026-11-01 … 2026-11-20,
    // its first entry booked 2026-11-02.
    const bytes = new Uint8Array(
      readFileSync(new URL('../bank-statements/fixtures/camt053-001-08.xml', import.meta.url)),
    );
    const account = await aBankAccount(user, { name: 'Geschäftskonto', iban: 'CH5604835012345678009' });
    const response = await sendStatement(user, { bytes, contentType: 'application/xml' }, {});
    expect(response.statusCode, response.body).toBe(200);
    const rows = await executeRows(
      app.deps.database.db,
      sql`select from_date::text as "from", to_date::text as "to" from bank_statement_periods
          where bank_account_id = ${account.id}`,
    );
    expect(rows).toEqual([{ from: '2026-11-01', to: '2026-11-20' }]);
  });

  it('records each statement period once, also when an import adds nothing new', async () => {
    const user = await signUp(app);
    const { a } = await organisation(user);
    const entries = [
      { date: '2026-10-01', amount: '-12.00', text: 'Gebühr' },
      { date: '2026-11-20', amount: '-12.00', text: 'Gebühr' },
    ];
    await importEntries(user, a.id, entries);
    await importEntries(user, a.id, entries);
    const rows = await executeRows(
      app.deps.database.db,
      sql`select from_date::text as "from", to_date::text as "to" from bank_statement_periods
          where bank_account_id = ${a.id}`,
    );
    expect(rows).toEqual([{ from: '2026-10-01', to: '2026-11-20' }]);
  });
});

describe('migration 0014', () => {
  it('records the imports made before it: one period per import and account, from its entries', async () => {
    const user = await signUp(app);
    const { a } = await organisation(user);
    await importEntries(user, a.id, [
      { date: '2026-09-03', amount: '-12.00', text: 'Gebühr' },
      { date: '2026-09-28', amount: '-12.00', text: 'Gebühr' },
    ]);
    await importEntries(user, a.id, [
      { date: '2026-11-02', amount: '-12.00', text: 'Gebühr' },
      { date: '2026-11-19', amount: '-12.00', text: 'Gebühr' },
    ]);
    const db = app.deps.database.db;
    await db.execute(sql`delete from bank_statement_periods where bank_account_id = ${a.id}`);
    // The backfill statement of the migration, run again over the entries as they are.
    const migration = readFileSync(new URL('../../../drizzle/0014_statement_coverage.sql', import.meta.url), 'utf8');
    const backfill = migration
      .split('--> statement-breakpoint')
      .find((statement) => statement.includes('INSERT INTO "bank_statement_periods"'));
    await db.execute(sql.raw(backfill!));
    const rows = await executeRows(
      db,
      sql`select from_date::text as "from", to_date::text as "to" from bank_statement_periods
          where bank_account_id = ${a.id} order by from_date`,
    );
    expect(rows).toEqual([
      { from: '2026-09-03', to: '2026-09-28' },
      { from: '2026-11-02', to: '2026-11-19' },
    ]);
  });
});

describe('a transaction names its bank account', () => {
  it('stores the account, clears it with null, and refuses an unknown or foreign one (400)', async () => {
    const { a, b } = await twoTenants(app);
    const own = await aBankAccount(a, { name: 'Geschäftskonto' });
    const foreign = await aBankAccount(b, { name: 'Fremd' });
    const created = await aTransaction(a, { bankAccountId: own.id });
    expect(created.bankAccountId).toBe(own.id);
    expect((await a.get(`/api/transactions/${created.id}`)).json()).toMatchObject({ bankAccountId: own.id });
    const cleared = await a.patch(`/api/transactions/${created.id}`, { bankAccountId: null });
    expect(cleared.json()).toMatchObject({ bankAccountId: null });
    expect((await aTransaction(a)).bankAccountId).toBeNull();
    for (const bankAccountId of [foreign.id, 999_999_999]) {
      const refused = await a.patch(`/api/transactions/${created.id}`, { bankAccountId });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().fields).toEqual({ bankAccountId: 'Ungültiges Bankkonto' });
      const category = await aCategory(a);
      const create = await a.post('/api/transactions', {
        name: 'X',
        amount: 100,
        type: 'single',
        startDate: '2026-12-01',
        categoryId: category.id,
        currencyId: created.currency.id,
        bankAccountId,
      });
      expect(create.statusCode).toBe(400);
      expect(create.json().fields).toEqual({ bankAccountId: 'Ungültiges Bankkonto' });
    }
    // Deleting the account leaves the transaction without one.
    await a.patch(`/api/transactions/${created.id}`, { bankAccountId: own.id });
    expect((await a.delete(`/api/bank-accounts/${own.id}`)).statusCode).toBe(204);
    expect((await a.get(`/api/transactions/${created.id}`)).json()).toMatchObject({ bankAccountId: null });
  });
});

describe('the salary account setting', () => {
  it('is for owners and admins (read-only 403), and only an account of the organisation (400)', async () => {
    const { a, b, organisationA } = await twoTenants(app);
    const own = await aBankAccount(a, { name: 'Lohnkonto' });
    const foreign = await aBankAccount(b, { name: 'Fremd' });
    const reader = await addMember(app, a, organisationA, 'read-only');
    expect(
      (await reader.patch(`/api/organisations/${organisationA}`, { salaryBankAccountId: own.id })).statusCode,
    ).toBe(403);
    const editor = await addMember(app, a, organisationA, 'editor');
    expect(
      (await editor.patch(`/api/organisations/${organisationA}`, { salaryBankAccountId: own.id })).statusCode,
    ).toBe(403);
    for (const salaryBankAccountId of [foreign.id, 999_999_999]) {
      const refused = await a.patch(`/api/organisations/${organisationA}`, { salaryBankAccountId });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().fields).toEqual({ salaryBankAccountId: 'Ungültiges Bankkonto' });
    }
    // Another organisation's settings: 404.
    expect((await b.patch(`/api/organisations/${organisationA}`, { salaryBankAccountId: foreign.id })).statusCode).toBe(
      404,
    );
    const set = await a.patch(`/api/organisations/${organisationA}`, { salaryBankAccountId: own.id });
    expect(set.json()).toMatchObject({ salaryBankAccountId: own.id });
    expect((await reader.get(`/api/organisations/${organisationA}`)).json()).toMatchObject({
      salaryBankAccountId: own.id,
    });
    // Deleting the account clears the setting.
    expect((await a.delete(`/api/bank-accounts/${own.id}`)).statusCode).toBe(204);
    expect((await a.get(`/api/organisations/${organisationA}`)).json()).toMatchObject({ salaryBankAccountId: null });
  });
});
