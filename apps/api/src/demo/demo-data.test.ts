import readXlsxFile from 'read-excel-file/node';
import { describe, expect, it } from 'vitest';
import type {
  BankAccountList,
  EmployeeList,
  Forecast,
  SalaryCostList,
  SalaryList,
  Scenario,
  ScenarioCompare,
  TransactionList,
} from '@saldopilot/shared';
import { buildTestApp, useTestApp } from '../test/build-test-app.js';
import { browser } from '../test/test-client.js';
import { createSessionUsers } from '../modules/auth/session-users.js';
import { DEMO_EMAIL, DEMO_ORGANISATION, DEMO_PASSWORD, seedDemoData } from './demo-data.js';
import { DEMO_MINIMUM_BALANCE } from './demo-forecast.js';
import { detailsOfColumns, type ForecastDetailColumns } from '@saldopilot/shared';

/** Whole months from `a` to `b` ('YYYY-MM'). */
function monthsBetween(a: string, b: string): number {
  return (Number(b.slice(0, 4)) - Number(a.slice(0, 4))) * 12 + Number(b.slice(5, 7)) - Number(a.slice(5, 7));
}

const app = useTestApp({ NODE_ENV: 'development' });

async function signInAsDemo(server = app) {
  const client = browser(server);
  const response = await client.post('/api/auth/login', { email: DEMO_EMAIL, password: DEMO_PASSWORD });
  return { client, response };
}

/** What a second start of the server does (with its own, empty session cache). */
function seedAgain() {
  const { database, clock, reference, auth, organisations, bankAccounts, categories, vats, transactions } = app.deps;
  const { employees, salaries, salaryCosts, salaryCostLabels, vatSettings, scenarios, paymentCalendar } = app.deps;
  const sessionUsers = createSessionUsers(database.db, app.deps.changes);
  return seedDemoData({
    ...{ database, clock, reference, sessionUsers, auth, organisations },
    ...{ bankAccounts, categories, vats, transactions, log: app.log },
    ...{ employees, salaries, salaryCosts, salaryCostLabels, vatSettings, scenarios, paymentCalendar },
  });
}

describe('development demo data', () => {
  it('signs in with its documented password into "Demo Treuhand AG"', async () => {
    const { client, response } = await signInAsDemo();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ email: DEMO_EMAIL, name: 'Demo Benutzer', currency: { code: 'CHF' } });
    const organisations = (await client.get('/api/organisations')).json<{ data: { name: string }[] }>();
    expect(organisations.data.map((organisation) => organisation.name)).toEqual([DEMO_ORGANISATION]);
  });

  it('has Swiss business accounts and a euro account, with their total', async () => {
    const { client } = await signInAsDemo();
    const list = (await client.get('/api/bank-accounts')).json<BankAccountList>();
    expect(list.data.map((account) => `${account.name} ${account.currency.code}`)).toEqual([
      'Commerzbank EUR EUR',
      'PostFinance CHF',
      'Sparkonto CHF',
      'UBS Geschäftskonto CHF',
    ]);
    expect(list.total.missingRates).toEqual([]);
    expect(list.total.amount).toBe(list.data.reduce((sum, account) => sum + account.convertedAmount, 0));
  });

  it('has eight employees with salary histories, a leaver, a future hire, Swiss presets and a 13th salary', async () => {
    const { client } = await signInAsDemo();
    const list = (await client.get('/api/employees?limit=100')).json<EmployeeList>();
    expect(list.pagination.totalCount).toBe(8);
    expect(list.data.filter((employee) => employee.willBeTerminated).map((employee) => employee.name)).toEqual([
      'Peter Huber',
    ]);
    expect(list.data.filter((employee) => employee.isInFuture).map((employee) => employee.name)).toEqual([
      'Nina Schmid',
    ]);
    const sandra = list.data.find((employee) => employee.name === 'Sandra Keller')!;
    const history = (await client.get(`/api/employees/${sandra.id}/salaries`)).json<SalaryList>().data;
    expect(history.map((salary) => salary.amount)).toEqual([1_550_000, 1_400_000]);
    expect(history[0]!.netAmount).toBeLessThan(history[0]!.amount);
    const costs = (await client.get(`/api/employees/salaries/${sandra.salaryId}/costs`)).json<SalaryCostList>().data;
    expect(costs.map((cost) => cost.label?.name).sort()).toEqual(
      ['13. Monatslohn', 'AHV/IV/EO', 'ALV', 'BVG', 'FAK', 'KTG', 'UVG BU', 'UVG NBU'].sort(),
    );
  });

  it('forecasts a believable year: quarterly VAT, payroll with the 13th salary, a dip the runway points at', async () => {
    const { client } = await signInAsDemo();
    const forecast = (await client.get('/api/forecasts')).json<Forecast>();
    const details = detailsOfColumns((await client.get('/api/forecasts/details')).json<ForecastDetailColumns>());
    const vatMonths = details
      .filter((month) => month.expense.some((category) => category.name === 'MWST'))
      .map((month) => month.month);
    // Quarterly VAT settlements, three months apart.
    expect(vatMonths.length).toBeGreaterThanOrEqual(4);
    expect(vatMonths.slice(1).every((month, i) => monthsBetween(vatMonths[i]!, month) === 3)).toBe(true);
    // Payroll with the 13th salary in some month, and seasonal revenue (the spring closings).
    const thirteenth = details.filter((month) =>
      month.expense.some((category) => category.children.some((leaf) => leaf.name === '13. Monatslohn')),
    );
    expect(thirteenth.length).toBeGreaterThan(0);
    const revenues = forecast.months.map((month) => month.revenue);
    expect(Math.max(...revenues)).toBeGreaterThan(2 * Math.min(...revenues));
    // A dip below the minimum balance the runway headline points at, with the balance recovering after it.
    expect(forecast.runway.minimumBalance).toBe(DEMO_MINIMUM_BALANCE);
    expect(forecast.runway.coveredUntil).not.toBeNull();
    expect(forecast.runway.lowest.month > forecast.runway.coveredUntil!).toBe(true);
    expect(forecast.runway.lowest.saldo).toBeLessThan(DEMO_MINIMUM_BALANCE);
    expect(forecast.months.at(-1)!.saldo).toBeGreaterThan(forecast.runway.lowest.saldo);
    expect(forecast.missingRates).toEqual([]);
    // The payment calendar (docs/payment-calendar.md): the Ausgleichskasse's quarterly Akonto and the
    // UVG premium in advance are leaves with their explanations.
    const calendarLeaves = details.flatMap((month) =>
      month.expense.flatMap((category) => category.children.filter((leaf) => leaf.name.startsWith('AHV-Akonto Q'))),
    );
    expect(calendarLeaves.length).toBeGreaterThanOrEqual(4);
    expect(calendarLeaves[0]?.explanation).toMatch(/^Lohnsumme AHV \d{4} /);
    expect(
      details.some((month) => month.expense.some((c) => c.children.some((leaf) => leaf.name.startsWith('UVG-Prämie')))),
    ).toBe(true);
  });

  it('exports its forecast as XLSX with the figures of GET /api/forecasts (docs/reports.md)', async () => {
    const { client } = await signInAsDemo();
    const forecast = (await client.get('/api/forecasts?months=13')).json<Forecast>();
    const file = await client.get('/api/forecasts/export?format=xlsx&months=13');
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toContain('Prognose-Demo-Treuhand-AG-2026-11-21.xlsx');
    const [sheet] = await readXlsxFile(file.rawPayload, { parseNumber: (text) => text });
    const row = (label: string) =>
      sheet!.data
        .find((cells) => cells[0] === label)!
        .slice(1)
        .map((value) => Math.round(Number(value) * 100));
    expect(row('Einnahmen')).toEqual(forecast.months.map((month) => month.revenue));
    expect(row('Ausgaben')).toEqual(forecast.months.map((month) => month.expense));
    expect(row('Endsaldo')).toEqual(forecast.months.map((month) => month.saldo));
  });

  it('has a worst case and a best case whose balances fall below and rise above the base (docs/scenarios.md "Demo")', async () => {
    const { client } = await signInAsDemo();
    const scenarios = (await client.get('/api/scenarios')).json<Scenario[]>();
    expect(scenarios.map((scenario) => [scenario.name, scenario.leverCount])).toEqual([
      ['Best Case', 2],
      ['Worst Case', 2],
    ]);
    const worst = scenarios.find((scenario) => scenario.name === 'Worst Case')!;
    const best = scenarios.find((scenario) => scenario.name === 'Best Case')!;
    const response = await client.get(`/api/scenarios/compare?ids=base,${worst.id},${best.id}&months=13`);
    expect(response.statusCode).toBe(200);
    const [base, worse, better] = response.json<ScenarioCompare>().entries;
    const last = (entry: typeof base) => entry!.months.at(-1)!.saldo;
    // The lost mandate (CHF 6'500 a month) and the late payments leave less; the new mandate more.
    expect(last(worse)).toBeLessThan(last(base));
    expect(last(better)).toBeGreaterThan(last(base));
    expect(worse!.kpis.lowest.saldo).toBeLessThan(base!.kpis.lowest.saldo);
  });

  it('is added once however often the server starts', async () => {
    const transactionCount = (await (await signInAsDemo()).client.get('/api/transactions')).json<TransactionList>()
      .pagination.totalCount;
    await seedAgain();
    await seedAgain();
    const { client } = await signInAsDemo();
    expect((await client.get('/api/bank-accounts')).json<BankAccountList>().pagination.totalCount).toBe(4);
    expect((await client.get('/api/organisations')).json<{ data: unknown[] }>().data).toHaveLength(1);
    expect((await client.get('/api/employees')).json<EmployeeList>().pagination.totalCount).toBe(8);
    expect((await client.get('/api/scenarios')).json<Scenario[]>()).toHaveLength(2);
    expect(transactionCount).toBeGreaterThanOrEqual(20);
    expect((await client.get('/api/transactions')).json<TransactionList>().pagination.totalCount).toBe(
      transactionCount,
    );
  });

  it('does not exist outside development', async () => {
    const testServer = await buildTestApp();
    try {
      expect((await signInAsDemo(testServer)).response.statusCode).toBe(401);
    } finally {
      await testServer.close();
    }
  });
});
