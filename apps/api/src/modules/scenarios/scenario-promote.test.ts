import { describe, expect, it } from 'vitest';
import { FORECAST_LIMITS, type Forecast, type ScenarioDetail } from '@saldopilot/shared';
import { useTestApp } from '../../test/build-test-app.js';
import { signUp, type SignedInUser } from '../../test/test-client.js';
import { addMember, twoTenants } from '../../test/tenants.js';
import {
  aCategory,
  anEmployee,
  aSalary,
  aSalaryCost,
  aTransaction,
  organisationCurrency,
} from '../../test/factories.js';

const app = useTestApp();

type Row = {
  id: number;
  name: string;
  amount: number;
  type: string;
  cycle: string | null;
  startDate: string;
  endDate: string | null;
  isDisabled: boolean;
  category: { name: string };
};

/** The forecast's months over the longest horizon: the base's, or a scenario's. */
async function monthsOf(client: SignedInUser, scenarioId?: number): Promise<Forecast['months']> {
  const query = `months=${FORECAST_LIMITS.maxMonths}${scenarioId === undefined ? '' : `&scenario=${scenarioId}`}`;
  const response = await client.get(`/api/forecasts?${query}`);
  expect(response.statusCode).toBe(200);
  return response.json<Forecast>().months;
}

async function transactionsOf(client: SignedInUser): Promise<Row[]> {
  const response = await client.get('/api/transactions?limit=100&sortBy=startDate');
  return response.json<{ data: Row[] }>().data;
}

/**
 * Makes a scenario of the levers, promotes it whole and checks that the base's forecast is now what
 * the scenario's was before (docs/scenarios.md "Promote"), month by month over 60 months, and that
 * the levers left the scenario.
 */
async function promotesUnchanged(client: SignedInUser, levers: Record<string, unknown>[]): Promise<void> {
  const created = await client.post('/api/scenarios', { name: 'Übernahme', levers });
  expect(created.statusCode).toBe(201);
  const { id } = created.json<ScenarioDetail>();
  const base = await monthsOf(client);
  const scenario = await monthsOf(client, id);
  expect(scenario).not.toEqual(base);
  const promoted = await client.post(`/api/scenarios/${id}/promote`, {});
  expect(promoted.statusCode).toBe(200);
  expect(await monthsOf(client)).toEqual(scenario);
  expect((await client.get(`/api/scenarios/${id}`)).json<ScenarioDetail>().levers).toEqual([]);
}

describe('promote keeps the forecast (docs/scenarios.md "Promote")', () => {
  it('delay on one transaction: the shifted occurrences as exact rows, the transaction ends before', async () => {
    const owner = await signUp(app);
    const rent = await aTransaction(owner, { name: 'Kunde A', amount: 300_000, startDate: '2026-01-31' });
    await promotesUnchanged(owner, [{ type: 'delay', days: 60, from: '2027-01-01', transactionId: rent.id }]);
    const rows = await transactionsOf(owner);
    const original = rows.find((row) => row.id === rent.id);
    expect(original).toMatchObject({ startDate: '2026-01-31', endDate: '2026-12-31' });
    // 31.01.2027 + 60 days = 01.04.2027; every row pays 3'000.00 in the name of the original.
    const after = rows.filter((row) => row.id !== rent.id);
    expect(after[0]).toMatchObject({ name: 'Kunde A', amount: 300_000, startDate: '2027-04-01' });
    expect(after.every((row) => row.name === 'Kunde A' && row.amount === 300_000)).toBe(true);
    // The last row goes on after the horizon.
    expect(after[after.length - 1]).toMatchObject({ type: 'repeating', endDate: null });
  });

  it('delay on a category and on a side: each transaction it reaches', async () => {
    const owner = await signUp(app);
    const category = await aCategory(owner, { name: 'Kunden' });
    await aTransaction(owner, { amount: 120_000, categoryId: category.id, startDate: '2026-03-15' });
    await aTransaction(owner, { amount: 80_000, categoryId: category.id, cycle: 'quarterly', startDate: '2026-02-28' });
    await aTransaction(owner, { amount: -50_000, startDate: '2026-01-05' });
    await promotesUnchanged(owner, [
      { type: 'delay', days: 30, from: '2026-12-01', categoryId: category.id },
      { type: 'delay', days: 10, from: '2027-06-01', side: 'expense' },
    ]);
  });

  it('delay on a side: the fewest exact rows per transaction, as a delay of that transaction writes', async () => {
    const owner = await signUp(app);
    // On the 5th, 10 days later is the 15th in every month: one repeating row each; on the 31st,
    // 10 days later is the 10th, or the 11th after a 30-day month, or 10/11/13 March: runs and singles.
    const fee = await aTransaction(owner, { name: 'Honorar', amount: 120_000, startDate: '2026-01-05' });
    await aTransaction(owner, {
      name: 'Abo',
      amount: 9_900,
      startDate: '2026-01-31',
      endDate: '2027-12-31',
    });
    await aTransaction(owner, { name: 'Miete', amount: -50_000, startDate: '2026-01-05' });
    await promotesUnchanged(owner, [{ type: 'delay', days: 10, from: '2027-01-01', side: 'revenue' }]);
    const rows = await transactionsOf(owner);
    const of = (name: string) =>
      rows
        .filter((row) => row.name === name)
        .map(({ amount, cycle, startDate, endDate }) => ({ amount, cycle, startDate, endDate }));
    expect(of('Honorar')).toEqual([
      { amount: 120_000, cycle: 'monthly', startDate: fee.startDate, endDate: '2026-12-31' },
      { amount: 120_000, cycle: 'monthly', startDate: '2027-01-15', endDate: null },
    ]);
    expect(of('Miete')).toEqual([{ amount: -50_000, cycle: 'monthly', startDate: '2026-01-05', endDate: null }]);
    // The same rows as the delay of that one transaction writes (a second organisation).
    const other = await signUp(app);
    const alone = await aTransaction(other, {
      name: 'Abo',
      amount: 9_900,
      startDate: '2026-01-31',
      endDate: '2027-12-31',
    });
    await promotesUnchanged(other, [{ type: 'delay', days: 10, from: '2027-01-01', transactionId: alone.id }]);
    const single = (await transactionsOf(other)).map(({ amount, cycle, startDate, endDate }) => ({
      amount,
      cycle,
      startDate,
      endDate,
    }));
    expect(of('Abo')).toEqual(single);
    // Fewer rows than occurrences: 12 delayed payments of 2027 (and the end moved with them).
    expect(of('Abo').length).toBeLessThan(1 + 12);
  });

  it('percentage on a category over a range and on a side without end: scaled within, original after', async () => {
    const owner = await signUp(app);
    const category = await aCategory(owner, { name: 'Material' });
    const material = await aTransaction(owner, {
      name: 'Material',
      amount: -33_333,
      categoryId: category.id,
      startDate: '2026-01-10',
    });
    await aTransaction(owner, { amount: 250_001, startDate: '2026-01-20' });
    await promotesUnchanged(owner, [
      { type: 'percentage', percent: 12.5, from: '2027-01-01', to: '2027-06-30', categoryId: category.id },
      { type: 'percentage', percent: -7.25, from: '2027-03-01', side: 'revenue' },
    ]);
    const rows = (await transactionsOf(owner)).filter((row) => row.category.name === 'Material');
    // −333.33 × 1.125 = −374.99625 → −375.00 from January to June, −333.33 again from July.
    expect(rows.map(({ amount, startDate, endDate, cycle }) => ({ amount, startDate, endDate, cycle }))).toEqual([
      { amount: -33_333, startDate: material.startDate, endDate: '2026-12-31', cycle: 'monthly' },
      { amount: -37_500, startDate: '2027-01-10', endDate: '2027-06-10', cycle: 'monthly' },
      { amount: -33_333, startDate: '2027-07-10', endDate: null, cycle: 'monthly' },
    ]);
  });

  it('loan, annuity: the disbursement and the repayments exact to the Rappen, equal payments in one row', async () => {
    const owner = await signUp(app);
    const currency = await organisationCurrency(owner);
    await promotesUnchanged(owner, [
      {
        type: 'loan',
        name: 'Bankkredit',
        date: '2027-01-15',
        amount: 100_000,
        currencyId: currency.id,
        ratePercent: 12,
        repayment: 'annuity',
        cycle: 'monthly',
        payments: 3,
        interestOnlyPayments: 1,
      },
    ]);
    const rows = await transactionsOf(owner);
    // docs/scenarios.md "Loan": 10.00; 340.02; 340.02; 340.03.
    expect(
      rows.map(({ name, amount, cycle, startDate, endDate, category }) => [
        name,
        category.name,
        amount,
        cycle,
        startDate,
        endDate,
      ]),
    ).toEqual([
      ['Bankkredit', 'Darlehen', 100_000, null, '2027-01-15', null],
      ['Bankkredit', 'Zins und Amortisation', -1_000, null, '2027-02-15', null],
      ['Bankkredit', 'Zins und Amortisation', -34_002, 'monthly', '2027-03-15', '2027-04-15'],
      ['Bankkredit', 'Zins und Amortisation', -34_003, null, '2027-05-15', null],
    ]);
  });

  it('loan, linear and quarterly from a month end: one row per differing payment', async () => {
    const owner = await signUp(app);
    const currency = await organisationCurrency(owner);
    await promotesUnchanged(owner, [
      {
        type: 'loan',
        name: 'Leasing',
        date: '2026-12-31',
        amount: 1_000_000,
        currencyId: currency.id,
        ratePercent: 4.5,
        repayment: 'linear',
        cycle: 'quarterly',
        payments: 6,
      },
    ]);
    const repayments = (await transactionsOf(owner)).filter((row) => row.category.name === 'Zins und Amortisation');
    expect(repayments.map((row) => row.startDate)).toEqual([
      '2027-03-31',
      '2027-06-30',
      '2027-09-30',
      '2027-12-31',
      '2028-03-31',
      '2028-06-30',
    ]);
    // Principal 1'666.67 each (the last the rest, 1'666.65), plus the interest on what is left.
    expect(repayments.map((row) => row.amount)).toEqual([-177_917, -176_042, -174_167, -172_292, -170_417, -168_540]);
  });

  it('hire: a real employee with the salary, the 13th salary and every Swiss preset', async () => {
    const owner = await signUp(app);
    const currency = await organisationCurrency(owner);
    await promotesUnchanged(owner, [
      {
        type: 'hire',
        name: 'Entwicklerin',
        from: '2027-03-01',
        salary: 850_000,
        currencyId: currency.id,
        birthDate: '1990-05-10',
        payments: 13,
      },
    ]);
    const employees = (await owner.get('/api/employees?limit=100')).json<{
      data: { id: number; name: string; grossAmount: number; salaryId: number }[];
    }>().data;
    expect(employees.map(({ name, grossAmount }) => ({ name, grossAmount }))).toEqual([
      { name: 'Entwicklerin', grossAmount: 850_000 },
    ]);
    const costs = (await owner.get(`/api/employees/salaries/${employees[0]?.salaryId}/costs?limit=100`)).json<{
      data: { label: { name: string } | null }[];
    }>().data;
    expect(costs.map((cost) => cost.label?.name).sort()).toEqual(
      ['AHV/IV/EO', 'ALV', 'BVG', 'FAK', 'KTG', 'UVG BU', 'UVG NBU'].sort(),
    );
  });

  it('leave: the exit as a termination of the employees area', async () => {
    const owner = await signUp(app);
    const employee = await anEmployee(owner, { name: 'Beat Muster', birthDate: '1980-02-02' });
    const salary = await aSalary(owner, employee.id, { amount: 600_000 });
    await aSalaryCost(owner, salary.id);
    await promotesUnchanged(owner, [{ type: 'leave', employeeId: employee.id, date: '2027-04-01' }]);
    const salaries = (await owner.get(`/api/employees/${employee.id}/salaries?limit=100`)).json<{
      data: { fromDate: string; toDate: string | null; isTermination: boolean }[];
    }>().data;
    expect(salaries.map(({ fromDate, toDate, isTermination }) => ({ fromDate, toDate, isTermination }))).toEqual([
      { fromDate: '2027-04-01', toDate: null, isTermination: true },
      { fromDate: '2026-01-01', toDate: '2027-03-01', isTermination: false },
    ]);
  });

  it('raise by percent for everyone and by amount for one: a salary history entry with the costs', async () => {
    const owner = await signUp(app);
    const anna = await anEmployee(owner, { name: 'Anna' });
    const annaSalary = await aSalary(owner, anna.id, { amount: 600_000 });
    await aSalaryCost(owner, annaSalary.id);
    const beat = await anEmployee(owner, { name: 'Beat' });
    await aSalary(owner, beat.id, { amount: 500_000 });
    await promotesUnchanged(owner, [
      { type: 'raise', from: '2027-01-01', percent: 10 },
      { type: 'raise', from: '2027-07-01', employeeId: beat.id, amount: 20_000 },
    ]);
    const annas = (await owner.get(`/api/employees/${anna.id}/salaries?limit=100`)).json<{
      data: { id: number; amount: number; fromDate: string; toDate: string | null }[];
    }>().data;
    expect(annas.map(({ amount, fromDate, toDate }) => ({ amount, fromDate, toDate }))).toEqual([
      { amount: 660_000, fromDate: '2027-01-01', toDate: null },
      { amount: 600_000, fromDate: '2026-01-01', toDate: '2026-12-01' },
    ]);
    const costs = (await owner.get(`/api/employees/salaries/${annas[0]?.id}/costs`)).json<{ data: unknown[] }>();
    expect(costs.data).toHaveLength(1);
    const beats = (await owner.get(`/api/employees/${beat.id}/salaries?limit=100`)).json<{
      data: { amount: number; fromDate: string }[];
    }>().data;
    expect(beats.map(({ amount, fromDate }) => [amount, fromDate])).toEqual([
      [570_000, '2027-07-01'],
      [550_000, '2027-01-01'],
      [500_000, '2026-01-01'],
    ]);
  });

  it('a one-off without a category lands in "Szenario", as the scenario showed it', async () => {
    const owner = await signUp(app);
    const currency = await organisationCurrency(owner);
    await promotesUnchanged(owner, [
      { type: 'oneOff', name: 'Kapitalerhöhung', date: '2027-02-01', amount: 5_000_000, currencyId: currency.id },
    ]);
    expect((await transactionsOf(owner)).map((row) => [row.name, row.category.name])).toEqual([
      ['Kapitalerhöhung', 'Szenario'],
    ]);
  });
});

describe('promote: conflicts, refusals, roles and tenancy (docs/scenarios.md "Promote")', () => {
  it('leave: an exit the base planned since is a conflict on exitDate; "scenario" moves it, "base" keeps it', async () => {
    const owner = await signUp(app);
    const employee = await anEmployee(owner, { name: 'Carla' });
    await aSalary(owner, employee.id);
    const lever = { type: 'leave', employeeId: employee.id, date: '2027-04-01' };
    const { id, levers } = (
      await owner.post('/api/scenarios', { name: 'Abgang', levers: [lever] })
    ).json<ScenarioDetail>();
    await aSalary(owner, employee.id, { isTermination: true, fromDate: '2027-06-01' });

    const conflict = await owner.post(`/api/scenarios/${id}/promote`, {});
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json()).toMatchObject({
      code: 'CONFLICT',
      conflicts: [
        { leverId: levers[0]?.id, field: 'exitDate', original: null, base: '2027-06-01', scenario: '2027-04-01' },
      ],
    });
    const exits = async () =>
      (await owner.get(`/api/employees/${employee.id}/salaries?limit=100`))
        .json<{ data: { fromDate: string; isTermination: boolean }[] }>()
        .data.filter((row) => row.isTermination)
        .map((row) => row.fromDate);
    expect(await exits()).toEqual(['2027-06-01']);

    const resolved = await owner.post(`/api/scenarios/${id}/promote`, {
      resolutions: [{ leverId: levers[0]?.id, field: 'exitDate', choice: 'scenario' }],
    });
    expect(resolved.statusCode).toBe(200);
    expect(await exits()).toEqual(['2027-04-01']);

    // Keeping the base's exit promotes nothing but takes the lever out of the scenario.
    const second = (
      await owner.post('/api/scenarios', { name: 'Später', levers: [{ ...lever, date: '2027-09-01' }] })
    ).json<ScenarioDetail>();
    await owner.post(`/api/employees/${employee.id}/salaries`, { isTermination: true, fromDate: '2027-05-01' });
    const kept = await owner.post(`/api/scenarios/${second.id}/promote`, {
      resolutions: [{ leverId: second.levers[0]?.id, field: 'exitDate', choice: 'base' }],
    });
    expect(kept.statusCode).toBe(200);
    expect(await exits()).toContain('2027-05-01');
    expect(await exits()).not.toContain('2027-09-01');
  });

  it('a stop whose transaction the base ended since is a conflict on endDate', async () => {
    const owner = await signUp(app);
    const rent = await aTransaction(owner, { name: 'Miete', amount: -200_000, startDate: '2026-01-01' });
    const { id, levers } = (
      await owner.post('/api/scenarios', {
        name: 'Umzug',
        levers: [{ type: 'transaction', action: 'stop', transactionId: rent.id, from: '2027-03-01' }],
      })
    ).json<ScenarioDetail>();
    await owner.patch(`/api/transactions/${rent.id}`, { endDate: '2027-08-31' });
    const conflict = await owner.post(`/api/scenarios/${id}/promote`, {});
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json()).toMatchObject({
      conflicts: [
        { leverId: levers[0]?.id, field: 'endDate', original: null, base: '2027-08-31', scenario: '2027-02-28' },
      ],
    });
  });

  it('a lever whose target is gone is refused in German and nothing is written', async () => {
    const owner = await signUp(app);
    const rent = await aTransaction(owner, { amount: -100_000 });
    const currency = await organisationCurrency(owner);
    const { id } = (
      await owner.post('/api/scenarios', {
        name: 'Weg',
        levers: [
          { type: 'oneOff', name: 'Vorher', date: '2027-01-01', amount: 1_000, currencyId: currency.id },
          { type: 'delay', days: 5, from: '2027-01-01', transactionId: rent.id },
        ],
      })
    ).json<ScenarioDetail>();
    await owner.delete(`/api/transactions/${rent.id}`);
    const refused = await owner.post(`/api/scenarios/${id}/promote`, {});
    expect(refused.statusCode).toBe(400);
    expect(JSON.stringify(refused.json())).toContain('Ziel gelöscht');
    expect(await transactionsOf(owner)).toEqual([]);
    expect((await owner.get(`/api/scenarios/${id}`)).json<ScenarioDetail>().levers).toHaveLength(2);
  });

  it('a VAT/settings lever with a payment calendar: promote writes the calendar as PUT does, fund by fund', async () => {
    const owner = await signUp(app);
    const employee = await anEmployee(owner, { name: 'Beat' });
    const salary = await aSalary(owner, employee.id);
    await aSalaryCost(owner, salary.id, { fund: 'ahv' });
    await aSalaryCost(owner, salary.id, { fund: 'bvg', amount: 4000 });
    expect(
      (await owner.send({ method: 'PUT', url: '/api/payment-calendar', payload: { ahv: { rhythm: 'quarterly' } } }))
        .statusCode,
    ).toBe(200);
    // A lever from 01.01.2026 governs every month of the horizon, so the base after promote is the
    // scenario before (docs/scenarios.md "Promote"): AHV monthly, BVG quarterly in arrears.
    const setting = { enabled: false, billingDate: '2026-01-01', transactionMonthOffset: 0, interval: 'quarterly' };
    const calendar = { ahv: { rhythm: 'monthly' }, bvg: { rhythm: 'quarterly' } };
    await promotesUnchanged(owner, [{ type: 'vat', from: '2026-01-01', setting, paymentCalendar: calendar }]);
    expect((await owner.get('/api/payment-calendar')).json()).toEqual({
      ahv: { rhythm: 'monthly', akonto: null, dueDays: 10, differenceMonth: 3 },
      bvg: { rhythm: 'quarterly', inAdvance: false, dueDays: 0 },
    });

    // The base changed the AHV block since the lever was made: a conflict on that fund only; the
    // BVG block (unchanged in the base) is written, `{}` for UVG turns nothing on.
    const { id, levers } = (
      await owner.post('/api/scenarios', {
        name: 'Jährlich',
        levers: [{ type: 'vat', from: '2027-01-01', setting, paymentCalendar: { ahv: { rhythm: 'yearly' } } }],
      })
    ).json<ScenarioDetail>();
    await owner.send({
      method: 'PUT',
      url: '/api/payment-calendar',
      payload: { ahv: { rhythm: 'monthly', dueDays: 20 }, bvg: { rhythm: 'quarterly' } },
    });
    const conflict = await owner.post(`/api/scenarios/${id}/promote`, {});
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json()).toMatchObject({
      code: 'CONFLICT',
      conflicts: [
        {
          leverId: levers[0]?.id,
          field: 'paymentCalendar.ahv',
          original: { rhythm: 'monthly', dueDays: 10 },
          base: { rhythm: 'monthly', dueDays: 20 },
          scenario: { rhythm: 'yearly', dueDays: 10 },
        },
      ],
    });
    expect((await owner.get('/api/payment-calendar')).json()).toMatchObject({ ahv: { dueDays: 20 } });

    // Keeping the base's AHV block: the lever's other funds are still written (its BVG: none).
    const kept = await owner.post(`/api/scenarios/${id}/promote`, {
      resolutions: [{ leverId: levers[0]?.id, field: 'paymentCalendar.ahv', choice: 'base' }],
    });
    expect(kept.statusCode).toBe(200);
    expect((await owner.get('/api/payment-calendar')).json()).toEqual({
      ahv: { rhythm: 'monthly', akonto: null, dueDays: 20, differenceMonth: 3 },
    });
  });

  it('a lever with a calendar is refused for read-only members and other organisations, nothing written', async () => {
    const { a, b } = await twoTenants(app);
    const setting = { enabled: false, billingDate: '2026-01-01', transactionMonthOffset: 0, interval: 'quarterly' };
    const { id } = (
      await a.post('/api/scenarios', {
        name: 'Kalender',
        levers: [{ type: 'vat', from: '2027-01-01', setting, paymentCalendar: { uvg: { instalments: 4 } } }],
      })
    ).json<ScenarioDetail>();
    const reader = await addMember(app, a, a.user.currentOrganisationId, 'read-only');
    expect((await reader.post(`/api/scenarios/${id}/promote`, {})).statusCode).toBe(403);
    expect((await b.post(`/api/scenarios/${id}/promote`, {})).statusCode).toBe(404);
    expect((await a.get('/api/payment-calendar')).json()).toEqual({});
    expect((await b.get('/api/payment-calendar')).json()).toEqual({});
    const bad = await a.post(`/api/scenarios/${id}/levers`, {
      type: 'vat',
      from: '2027-01-01',
      setting,
      paymentCalendar: { uvg: { instalments: 3 } },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ fields: { 'paymentCalendar.uvg.instalments': 'Raten: 1, 2 oder 4' } });
    expect((await a.post(`/api/scenarios/${id}/promote`, {})).statusCode).toBe(200);
    expect((await a.get('/api/payment-calendar')).json()).toEqual({
      uvg: { premiumMonth: 1, instalments: 4, finalMonth: 3 },
    });
  });

  it('admins promote; read-only members and editors get 403, another organisation 404', async () => {
    const { a, b } = await twoTenants(app);
    const currency = await organisationCurrency(a);
    const loan = {
      type: 'loan',
      name: 'Kredit',
      date: '2027-01-01',
      amount: 1_000_000,
      currencyId: currency.id,
      ratePercent: 3,
      repayment: 'linear',
      cycle: 'yearly',
      payments: 2,
    };
    const { id, levers } = (await a.post('/api/scenarios', { name: 'Kredit', levers: [loan] })).json<ScenarioDetail>();
    const reader = await addMember(app, a, a.user.currentOrganisationId, 'read-only');
    expect((await reader.post(`/api/scenarios/${id}/promote`, {})).statusCode).toBe(403);
    expect((await b.post(`/api/scenarios/${id}/promote`, {})).statusCode).toBe(404);
    expect((await b.post(`/api/scenarios/${id}/levers/${levers[0]?.id}/promote`, {})).statusCode).toBe(404);
    const admin = await addMember(app, a, a.user.currentOrganisationId, 'admin');
    expect((await admin.post(`/api/scenarios/${id}/levers/${levers[0]?.id}/promote`, {})).statusCode).toBe(200);
    expect((await transactionsOf(a)).map((row) => row.category.name)).toEqual([
      'Darlehen',
      'Zins und Amortisation',
      'Zins und Amortisation',
    ]);
  });
});
