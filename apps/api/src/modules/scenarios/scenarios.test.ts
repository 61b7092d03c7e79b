import { describe, expect, it } from 'vitest';
import {
  LEVERS_MAX,
  SCENARIOS_MAX,
  type Forecast,
  type Lever,
  type ScenarioCompare,
  type ScenarioDetail,
} from '@saldopilot/shared';
import { useTestApp } from '../../test/build-test-app.js';
import { signUp } from '../../test/test-client.js';
import { addMember, twoTenants } from '../../test/tenants.js';
import {
  aCategory,
  aSalary,
  aSalaryCost,
  aTransaction,
  anEmployee,
  organisationCurrency,
} from '../../test/factories.js';
import { anApiToken, bearerClient } from '../../test/bearer-client.js';
import { pdfText } from '../../test/pdf-text.js';
import { detailsOfColumns, type ForecastDetailColumns } from '@saldopilot/shared';

const app = useTestApp();

const delay = { type: 'delay', days: 60, from: '2026-12-01', side: 'revenue' } as const;

describe('scenarios (docs/scenarios.md)', () => {
  it('creates, lists, reads, renames and deletes a scenario with its levers in order', async () => {
    const owner = await signUp(app);
    const currency = await organisationCurrency(owner);
    const created = await owner.post('/api/scenarios', {
      name: 'Worst case',
      description: 'Kunde weg',
      color: '#FF0000',
      levers: [
        delay,
        { type: 'oneOff', name: 'Subvention', date: '2027-01-15', amount: 500_000, currencyId: currency.id },
      ],
    });
    expect(created.statusCode).toBe(201);
    const scenario = created.json<ScenarioDetail>();
    expect(scenario).toMatchObject({ name: 'Worst case', description: 'Kunde weg', color: '#ff0000', leverCount: 2 });
    expect(scenario.createdBy?.id).toBe(owner.user.id);
    expect(scenario.levers.map((lever) => [lever.position, lever.type, lever.targetDeleted])).toEqual([
      [0, 'delay', false],
      [1, 'oneOff', false],
    ]);
    expect(scenario.levers[0]?.lever).toEqual(delay);

    const list = (await owner.get('/api/scenarios')).json<ScenarioDetail[]>();
    expect(list.map((entry) => [entry.name, entry.leverCount])).toEqual([['Worst case', 2]]);

    const renamed = await owner.patch(`/api/scenarios/${scenario.id}`, { name: 'Schlimmster Fall' });
    expect(renamed.json<ScenarioDetail>().name).toBe('Schlimmster Fall');

    expect((await owner.delete(`/api/scenarios/${scenario.id}`)).statusCode).toBe(204);
    expect((await owner.get(`/api/scenarios/${scenario.id}`)).statusCode).toBe(404);
  });

  it('adds, moves, changes and removes levers; positions stay 0, 1, …', async () => {
    const owner = await signUp(app);
    const { id } = (await owner.post('/api/scenarios', { name: 'A' })).json<ScenarioDetail>();
    const first = (await owner.post(`/api/scenarios/${id}/levers`, delay)).json<Lever>();
    const second = (
      await owner.post(`/api/scenarios/${id}/levers`, {
        type: 'percentage',
        percent: -10,
        from: '2027-01-01',
        side: 'expense',
      })
    ).json<Lever>();
    expect([first.position, second.position]).toEqual([0, 1]);

    const moved = await owner.patch(`/api/scenarios/${id}/levers/${second.id}`, { position: 0 });
    expect(moved.json<Lever>().position).toBe(0);
    const changed = await owner.patch(`/api/scenarios/${id}/levers/${first.id}`, { lever: { ...delay, days: 90 } });
    expect(changed.json<Lever>().lever).toEqual({ ...delay, days: 90 });
    expect((await owner.delete(`/api/scenarios/${id}/levers/${second.id}`)).statusCode).toBe(204);
    const levers = (await owner.get(`/api/scenarios/${id}/levers`)).json<Lever[]>();
    expect(levers.map((lever) => [lever.id, lever.position])).toEqual([[first.id, 0]]);
  });

  it('refuses a bad lever in German and stores nothing', async () => {
    const owner = await signUp(app);
    const { id } = (await owner.post('/api/scenarios', { name: 'A' })).json<ScenarioDetail>();
    const response = await owner.post(`/api/scenarios/${id}/levers`, { ...delay, days: 0 });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ fields: Record<string, string> }>().fields.days).toBe(
      'Die Verschiebung muss eine ganze Zahl von 1 bis 365 Tagen sein',
    );
    expect((await owner.get(`/api/scenarios/${id}/levers`)).json()).toEqual([]);
  });

  it(`refuses scenario ${SCENARIOS_MAX + 1} and lever ${LEVERS_MAX + 1} in German`, async () => {
    const owner = await signUp(app);
    for (let i = 0; i < SCENARIOS_MAX; i++) {
      expect((await owner.post('/api/scenarios', { name: `S${i}` })).statusCode).toBe(201);
    }
    const tooMany = await owner.post('/api/scenarios', { name: 'Eins zu viel' });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json<{ error: string }>().error).toBe('Eine Organisation kann höchstens 30 Szenarien haben');

    const other = await signUp(app);
    const full = await other.post('/api/scenarios', {
      name: 'Voll',
      levers: Array.from({ length: LEVERS_MAX }, () => delay),
    });
    expect(full.statusCode).toBe(201);
    const oneMore = await other.post(`/api/scenarios/${full.json<ScenarioDetail>().id}/levers`, delay);
    expect(oneMore.statusCode).toBe(400);
    expect(oneMore.json<{ error: string }>().error).toBe('Ein Szenario kann höchstens 100 Hebel haben');
  });

  it('marks a lever whose transaction was deleted "Ziel gelöscht" (targetDeleted) and still answers', async () => {
    const owner = await signUp(app);
    const rent = await aTransaction(owner, { amount: -200_000 });
    const { id } = (
      await owner.post('/api/scenarios', {
        name: 'A',
        levers: [{ type: 'transaction', action: 'stop', transactionId: rent.id, from: '2027-01-01' }],
      })
    ).json<ScenarioDetail>();
    expect((await owner.delete(`/api/transactions/${rent.id}`)).statusCode).toBe(204);
    const detail = (await owner.get(`/api/scenarios/${id}`)).json<ScenarioDetail>();
    expect(detail.levers[0]?.targetDeleted).toBe(true);
    expect((await owner.get(`/api/forecasts?scenario=${id}`)).statusCode).toBe(200);
  });

  it('lets read-only members read but not write; another organisation gets 404', async () => {
    const { a, b } = await twoTenants(app);
    const { id } = (await a.post('/api/scenarios', { name: 'A', levers: [delay] })).json<ScenarioDetail>();
    const reader = await addMember(app, a, a.user.currentOrganisationId, 'read-only');
    expect((await reader.get(`/api/scenarios/${id}`)).statusCode).toBe(200);
    expect((await reader.post('/api/scenarios', { name: 'B' })).statusCode).toBe(403);
    expect((await reader.post(`/api/scenarios/${id}/levers`, delay)).statusCode).toBe(403);
    expect((await b.get(`/api/scenarios/${id}`)).statusCode).toBe(404);
    expect((await b.patch(`/api/scenarios/${id}`, { name: 'X' })).statusCode).toBe(404);
    expect((await b.get('/api/scenarios')).json()).toEqual([]);
  });

  it('hides the salary of hire levers from a token without salaries:read', async () => {
    const owner = await signUp(app);
    const currency = await organisationCurrency(owner);
    const hire = {
      type: 'hire',
      name: 'Entwicklerin',
      from: '2027-03-01',
      salary: 850_000,
      currencyId: currency.id,
      birthDate: '1990-05-01',
      payments: 13,
    };
    const { id } = (await owner.post('/api/scenarios', { name: 'A', levers: [hire] })).json<ScenarioDetail>();
    expect((await owner.get(`/api/scenarios/${id}`)).json<ScenarioDetail>().levers[0]?.lever).toMatchObject({
      salary: 850_000,
    });
    const { secret } = await anApiToken(owner, ['forecast:read']);
    const script = bearerClient(app, secret);
    const seen = (await script.get(`/api/scenarios/${id}`)).json<ScenarioDetail>();
    expect(seen.levers[0]?.lever).toMatchObject({ name: 'Entwicklerin', salary: null });
  });
});

describe('GET /api/forecasts?scenario= (docs/scenarios.md "Forecast of a scenario")', () => {
  it('answers the scenario in the base shape: a one-off and a loan on top, the base unchanged', async () => {
    const owner = await signUp(app);
    const currency = await organisationCurrency(owner);
    const { id } = (
      await owner.post('/api/scenarios', {
        name: 'Investition',
        levers: [
          { type: 'oneOff', name: 'Maschine', date: '2027-01-10', amount: -3_000_000, currencyId: currency.id },
          {
            type: 'loan',
            name: 'Bankkredit',
            date: '2026-12-15',
            amount: 1_200_000,
            currencyId: currency.id,
            ratePercent: 0,
            repayment: 'linear',
            cycle: 'monthly',
            payments: 12,
          },
        ],
      })
    ).json<ScenarioDetail>();
    const base = (await owner.get('/api/forecasts?months=4')).json<Forecast>();
    const scenario = (await owner.get(`/api/forecasts?months=4&scenario=${id}`)).json<Forecast>();
    expect(scenario.months.map((month) => month.month)).toEqual(base.months.map((month) => month.month));
    // 2026-12: +12'000.00 paid out; 2027-01: −30'000.00 and the first repayment 1'000.00; 2027-02: 1'000.00.
    expect(
      scenario.months.map((month, i) => month.cashflow - (base.months[i] as Forecast['months'][number]).cashflow),
    ).toEqual([0, 1_200_000, -3_100_000, -100_000]);
    const details = detailsOfColumns(
      (await owner.get(`/api/forecasts/details?months=4&scenario=${id}`)).json<ForecastDetailColumns>(),
    );
    const december = details[1]?.revenue.find((category) => category.name === 'Darlehen');
    expect(december?.children).toEqual([
      expect.objectContaining({
        name: 'Bankkredit',
        amount: 1_200_000,
        relatedTable: 'scenario_levers',
        relatedId: expect.any(Number),
      }),
    ]);
    // The base did not move.
    expect((await owner.get('/api/forecasts?months=4')).json<Forecast>().months).toEqual(base.months);
    // A base leaf a lever changed is marked too (leverIds, empty when no single lever added it).
    const rentId = (await aTransaction(owner, { name: 'Miete', amount: -100_000, startDate: '2026-01-20' })).id;
    const change = {
      type: 'transaction',
      action: 'change',
      transactionId: rentId,
      from: '2027-02-01',
      amount: -120_000,
    };
    expect((await owner.post(`/api/scenarios/${id}/levers`, change)).statusCode).toBe(201);
    const marked = detailsOfColumns(
      (await owner.get(`/api/forecasts/details?months=4&scenario=${id}`)).json<ForecastDetailColumns>(),
    );
    const rentIn = (index: number) =>
      marked[index]?.expense.flatMap((category) => category.children).find((leaf) => leaf.relatedId === rentId);
    expect(rentIn(2)?.leverIds).toBeUndefined();
    expect(rentIn(3)).toMatchObject({ amount: -120_000, leverIds: [] });
  });

  it("answers 404 for another organisation's scenario and 400 for a malformed id", async () => {
    const { a, b } = await twoTenants(app);
    const { id } = (await a.post('/api/scenarios', { name: 'A' })).json<ScenarioDetail>();
    expect((await b.get(`/api/forecasts?scenario=${id}`)).statusCode).toBe(404);
    expect((await b.get(`/api/forecasts/details?scenario=${id}`)).statusCode).toBe(404);
    expect((await a.get('/api/forecasts?scenario=abc')).statusCode).toBe(400);
  });
});

describe('raise and leave levers (docs/scenarios.md "Raise", "Leave")', () => {
  it('a raise gives the forecast of the same raise entered as a salary row with the costs copied', async () => {
    const owner = await signUp(app);
    const employee = await anEmployee(owner, { birthDate: '1990-06-01' });
    const salary = await aSalary(owner, employee.id, { hasThirteenthSalary: true });
    await aSalaryCost(owner, salary.id);
    await aSalaryCost(owner, salary.id, { amountType: 'fixed', amount: 20_000, distributionType: 'employer' });
    await aSalaryCost(owner, salary.id, { amountType: 'bvgMinimum', amount: 0 });
    const { id } = (
      await owner.post('/api/scenarios', {
        name: 'Lohnrunde',
        levers: [{ type: 'raise', from: '2027-01-01', employeeId: employee.id, percent: 10 }],
      })
    ).json<ScenarioDetail>();
    const lever = (await owner.get(`/api/forecasts?months=24&scenario=${id}`)).json<Forecast>();

    const raised = await aSalary(owner, employee.id, {
      fromDate: '2027-01-01',
      amount: 880_000,
      hasThirteenthSalary: true,
    });
    const copied = await owner.post(`/api/employees/salaries/${raised.id}/costs/copy`, { sourceSalaryId: salary.id });
    expect(copied.statusCode).toBe(201);
    const entered = (await owner.get('/api/forecasts?months=24')).json<Forecast>();
    expect(lever.months).toEqual(entered.months);
  });

  it('a leave ends the salary and its costs as a termination row does', async () => {
    const owner = await signUp(app);
    const employee = await anEmployee(owner);
    const salary = await aSalary(owner, employee.id, { amount: 600_000, hasThirteenthSalary: true });
    await aSalaryCost(owner, salary.id);
    const { id } = (
      await owner.post('/api/scenarios', {
        name: 'Austritt',
        levers: [{ type: 'leave', employeeId: employee.id, date: '2027-04-01' }],
      })
    ).json<ScenarioDetail>();
    const lever = (await owner.get(`/api/forecasts?months=12&scenario=${id}`)).json<Forecast>();
    await aSalary(owner, employee.id, { isTermination: true, fromDate: '2027-04-01' });
    const entered = (await owner.get('/api/forecasts?months=12')).json<Forecast>();
    expect(lever.months).toEqual(entered.months);
  });
});

describe('GET /api/scenarios/compare (docs/scenarios.md "Compare")', () => {
  it('answers base and scenarios with months, KPIs and the changed leaves only', async () => {
    const owner = await signUp(app);
    const rent = await aTransaction(owner, { name: 'Miete', amount: -200_000, startDate: '2026-01-15' });
    await aTransaction(owner, { name: 'Strom', amount: -10_000, startDate: '2026-01-20' });
    const worst = (
      await owner.post('/api/scenarios', {
        name: 'Worst',
        levers: [
          { type: 'transaction', action: 'change', transactionId: rent.id, from: '2027-01-01', amount: -250_000 },
        ],
      })
    ).json<ScenarioDetail>();
    const best = (
      await owner.post('/api/scenarios', {
        name: 'Best',
        levers: [{ type: 'transaction', action: 'stop', transactionId: rent.id, from: '2027-01-01' }],
      })
    ).json<ScenarioDetail>();
    const response = await owner.get(`/api/scenarios/compare?ids=base,${worst.id},${best.id}&months=3`);
    expect(response.statusCode).toBe(200);
    const compare = response.json<ScenarioCompare>();
    expect(compare.months).toEqual(['2026-11', '2026-12', '2027-01']);
    expect(compare.entries.map((entry) => [entry.scenarioId, entry.name])).toEqual([
      [null, 'Basis'],
      [worst.id, 'Worst'],
      [best.id, 'Best'],
    ]);
    const [base, worse, better] = compare.entries;
    expect(base?.differences).toEqual([]);
    // Only the rent differs, and only in January: −500.00 more, or 2'000.00 less. The leaf is named
    // once for both, the differences are runs from the month's index (docs/scenarios.md "Compare").
    expect(compare.leaves).toEqual([
      {
        side: 'expense',
        category: expect.any(String),
        name: 'Miete',
        relatedTable: 'transactions',
        relatedId: rent.id,
      },
    ]);
    expect(worse?.differences).toEqual([{ leaf: 0, runs: [2, -50_000] }]);
    expect(better?.differences).toEqual([{ leaf: 0, runs: [2, 200_000] }]);
    expect((worse?.kpis.totalCashflow ?? 0) - (base?.kpis.totalCashflow ?? 0)).toBe(-50_000);
    expect(base?.kpis.lowest).toEqual({ month: '2027-01', saldo: base?.months[2]?.saldo });
    // No bank balance and a minimum of 0: November's payments are past (today 21.11.), December falls below.
    expect(base?.kpis).toMatchObject({ firstBelowMinimum: '2026-12', coveredUntil: '2026-11', runwayMonths: 1 });
  });

  it('keeps a comparison until the data or a scenario changes, and answers 304 for the tag held', async () => {
    const owner = await signUp(app);
    const rent = await aTransaction(owner, { name: 'Miete', amount: -200_000, startDate: '2026-01-15' });
    const lever = {
      type: 'transaction',
      action: 'change',
      transactionId: rent.id,
      from: '2027-01-01',
      amount: -250_000,
    };
    const worst = (await owner.post('/api/scenarios', { name: 'Worst', levers: [lever] })).json<ScenarioDetail>();
    const url = `/api/scenarios/compare?ids=base,${worst.id}&months=3`;
    const first = await owner.get(url);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\//);
    // The same comparison again: the kept answer, its time included (nothing computed anew).
    const again = await owner.get(url);
    expect(again.json<ScenarioCompare>().calculatedAt).toBe(first.json<ScenarioCompare>().calculatedAt);
    const held = await owner.send({ method: 'GET', url, headers: { 'if-none-match': etag } });
    expect(held.statusCode).toBe(304);
    expect(held.body).toBe('');
    // A lever edited: a new tag and the new difference.
    const [stored] = worst.levers;
    await owner.patch(`/api/scenarios/${worst.id}/levers/${stored?.id}`, { lever: { ...lever, amount: -300_000 } });
    const edited = await owner.send({ method: 'GET', url, headers: { 'if-none-match': etag } });
    expect(edited.statusCode).toBe(200);
    expect(edited.headers.etag).not.toBe(etag);
    expect(edited.json<ScenarioCompare>().entries[1]?.differences).toEqual([{ leaf: 0, runs: [2, -100_000] }]);
    // A base row changed: the base and the scenario move with it.
    await owner.patch(`/api/transactions/${rent.id}`, { amount: -220_000 });
    const written = await owner.send({ method: 'GET', url, headers: { 'if-none-match': String(edited.headers.etag) } });
    expect(written.statusCode).toBe(200);
    const [base] = written.json<ScenarioCompare>().entries;
    expect(base?.months[2]?.expense).not.toBe(edited.json<ScenarioCompare>().entries[0]?.months[2]?.expense);
  });

  it("refuses a malformed list in German and answers 404 for another organisation's scenario", async () => {
    const { a, b } = await twoTenants(app);
    const { id } = (await a.post('/api/scenarios', { name: 'A' })).json<ScenarioDetail>();
    const malformed = await a.get('/api/scenarios/compare?ids=base,base');
    expect(malformed.statusCode).toBe(400);
    expect((await b.get(`/api/scenarios/compare?ids=base,${id}`)).statusCode).toBe(404);
    const reader = await addMember(app, a, a.user.currentOrganisationId, 'read-only');
    expect((await reader.get(`/api/scenarios/compare?ids=base,${id}`)).statusCode).toBe(200);
  });
});

describe('POST /api/scenarios/:id/promote (docs/scenarios.md "Promote")', () => {
  it('turns a one-off into a base transaction in one go; the lever leaves the scenario', async () => {
    const owner = await signUp(app);
    const currency = await organisationCurrency(owner);
    const category = await aCategory(owner, { name: 'Förderung' });
    const oneOff = {
      type: 'oneOff',
      name: 'Subvention',
      date: '2027-02-01',
      amount: 500_000,
      currencyId: currency.id,
      categoryId: category.id,
    };
    const { id, levers } = (
      await owner.post('/api/scenarios', { name: 'Best', levers: [oneOff, delay] })
    ).json<ScenarioDetail>();
    const editor = await addMember(app, owner, owner.user.currentOrganisationId, 'editor');
    expect((await editor.post(`/api/scenarios/${id}/promote`, {})).statusCode).toBe(403);

    const promoted = await owner.post(`/api/scenarios/${id}/levers/${levers[0]?.id}/promote`, {});
    expect(promoted.statusCode).toBe(200);
    expect(promoted.json()).toEqual({ promoted: [levers[0]?.id] });
    const list = (await owner.get('/api/transactions?limit=100')).json<{
      data: { name: string; amount: number; startDate: string }[];
    }>();
    expect(list.data.map(({ name, amount, startDate }) => ({ name, amount, startDate }))).toEqual([
      { name: 'Subvention', amount: 500_000, startDate: '2027-02-01' },
    ]);
    const left = (await owner.get(`/api/scenarios/${id}`)).json<ScenarioDetail>().levers;
    expect(left.map((lever) => [lever.type, lever.position])).toEqual([['delay', 0]]);
  });

  it('answers 409 with original / base now / scenario when the base changed the same field, and takes a choice', async () => {
    const owner = await signUp(app);
    const rent = await aTransaction(owner, { name: 'Miete', amount: -200_000, startDate: '2026-01-15' });
    const { id } = (
      await owner.post('/api/scenarios', {
        name: 'Teurer',
        levers: [
          { type: 'transaction', action: 'change', transactionId: rent.id, from: '2027-01-01', amount: -250_000 },
        ],
      })
    ).json<ScenarioDetail>();
    expect((await owner.patch(`/api/transactions/${rent.id}`, { amount: -210_000 })).statusCode).toBe(200);
    const conflict = await owner.post(`/api/scenarios/${id}/promote`, {});
    expect(conflict.statusCode).toBe(409);
    const { levers } = (await owner.get(`/api/scenarios/${id}`)).json<ScenarioDetail>();
    expect(conflict.json()).toEqual({
      error: 'Die Basis wurde seit dem Anlegen des Hebels geändert: bitte Konflikte auflösen',
      code: 'CONFLICT',
      conflicts: [{ leverId: levers[0]?.id, field: 'amount', original: -200_000, base: -210_000, scenario: -250_000 }],
    });
    // Nothing was written.
    expect((await owner.get(`/api/transactions/${rent.id}`)).json<{ endDate: string | null }>().endDate).toBeNull();

    const resolved = await owner.post(`/api/scenarios/${id}/promote`, {
      resolutions: [{ leverId: levers[0]?.id, field: 'amount', choice: 'scenario' }],
    });
    expect(resolved.statusCode).toBe(200);
    const list = (await owner.get('/api/transactions?limit=100&sortBy=startDate')).json<{
      data: { name: string; amount: number; startDate: string; endDate: string | null }[];
    }>();
    expect(list.data.map(({ amount, startDate, endDate }) => ({ amount, startDate, endDate }))).toEqual([
      { amount: -210_000, startDate: '2026-01-15', endDate: '2026-12-31' },
      // From its first occurrence on or after the date: the days stay those of the original, as in the scenario.
      { amount: -250_000, startDate: '2027-01-15', endDate: null },
    ]);
  });
});

describe('GET /api/scenarios/compare/export (docs/scenarios.md "Compare")', () => {
  it('answers the PDF a bank receives: organisation and date on every page, KPIs and end balances', async () => {
    const owner = await signUp(app);
    await aTransaction(owner, { name: 'Miete', amount: -200_000, startDate: '2026-01-15' });
    const worst = (await owner.post('/api/scenarios', { name: 'Worst case', levers: [delay] })).json<ScenarioDetail>();
    const response = await owner.get(`/api/scenarios/compare/export?ids=base,${worst.id}&months=13&format=pdf`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toMatch(/Szenarienvergleich-.*-2026-11-21\.pdf/);
    const { pages } = await pdfText(response.rawPayload);
    expect(pages.length).toBeGreaterThanOrEqual(2);
    for (const page of pages) expect(page).toContain('21.11.2026');
    expect(pages.join(' ')).toContain('Szenarienvergleich');
    expect(pages.join(' ')).toContain('Worst case');
    expect(pages.join(' ')).toContain('Tiefster Saldo');

    const xlsx = await owner.get(`/api/scenarios/compare/export?ids=base,${worst.id}&format=xlsx`);
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect((await owner.get(`/api/scenarios/compare/export?ids=base&format=csv`)).statusCode).toBe(400);
  });
});
