import { describe, expect, it } from 'vitest';
import type { PaymentCalendar, SalaryCost } from '@saldopilot/shared';
import { useTestApp } from '../../test/build-test-app.js';
import { expectFieldError } from '../../test/expectations.js';
import { calendarLeafId } from '@saldopilot/forecast';
import { aBankAccount, aSalary, aSalaryCost, anEmployee, currencyId, importEntries } from '../../test/factories.js';
import { addMember, twoTenants } from '../../test/tenants.js';
import { signUp, type SignedInUser } from '../../test/test-client.js';
import { detailsOfColumns, type ForecastDetailColumns } from '@saldopilot/shared';

// The payment calendar of docs/payment-calendar.md through HTTP: the funds of the salary costs and
// `GET/PUT /api/payment-calendar` (defaults, German errors, roles, tenancy).
const app = useTestApp();

function put(user: SignedInUser, payload: unknown) {
  return user.send({ method: 'PUT', url: '/api/payment-calendar', payload: payload as object });
}

describe('funds of salary costs', () => {
  it('are "direct" unless chosen, and a cost changes its fund by PATCH', async () => {
    const user = await signUp(app);
    const employee = await anEmployee(user);
    const salary = await aSalary(user, employee.id);
    const direct = await aSalaryCost(user, salary.id);
    expect(direct.fund).toBe('direct');
    const ahv = await aSalaryCost(user, salary.id, { fund: 'ahv' });
    expect(ahv.fund).toBe('ahv');
    const patched = await user.send({
      method: 'PATCH',
      url: `/api/employees/salaries/costs/${direct.id}`,
      payload: { fund: 'withholdingTax' },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json<SalaryCost>().fund).toBe('withholdingTax');
    const bad = await user.post(`/api/employees/salaries/${salary.id}/costs`, {
      cycle: 'monthly',
      amountType: 'percentage',
      amount: 5300,
      distributionType: 'both',
      relativeOffset: 1,
      fund: 'bank',
    });
    expectFieldError(bad, 'fund', 'Ungültige Zahlstelle');
  });
});

describe('GET/PUT /api/payment-calendar', () => {
  it('answers {} before a save, fills in the defaults of each block sent and replaces the whole calendar', async () => {
    const owner = await signUp(app);
    expect((await owner.get('/api/payment-calendar')).json()).toEqual({});
    const saved = await put(owner, { ahv: {}, uvg: { instalments: 4 }, withholdingTax: { commissionPercent: 2000 } });
    expect(saved.statusCode, saved.body).toBe(200);
    const expected: PaymentCalendar = {
      ahv: { rhythm: null, akonto: null, dueDays: 10, differenceMonth: 3 },
      uvg: { premiumMonth: 1, instalments: 4, finalMonth: 3 },
      withholdingTax: { canton: 'ZH', rhythm: 'quarterly', dueDays: 30, commissionPercent: 2000 },
    };
    expect(saved.json()).toEqual(expected);
    expect((await owner.get('/api/payment-calendar')).json()).toEqual(expected);
    const replaced = await put(owner, { bvg: { rhythm: 'quarterly', inAdvance: true } });
    expect(replaced.json()).toEqual({ bvg: { rhythm: 'quarterly', inAdvance: true, dueDays: 0 } });
    expect((await put(owner, {})).json()).toEqual({});
  });

  it('refuses bad blocks with a German 400 naming the field, storing nothing', async () => {
    const owner = await signUp(app);
    await put(owner, { ahv: { akonto: 100_000 } });
    expectFieldError(await put(owner, { ahv: { rhythm: 'weekly' } }), 'ahv.rhythm', 'Ungültiger Rhythmus');
    expectFieldError(
      await put(owner, { ahv: { akonto: -1 } }),
      'ahv.akonto',
      'Das Akonto muss ein Betrag von 0 oder mehr sein',
    );
    expectFieldError(
      await put(owner, { ahv: { differenceMonth: 13 } }),
      'ahv.differenceMonth',
      'Der Monat muss eine ganze Zahl von 1 bis 12 sein',
    );
    expectFieldError(await put(owner, { uvg: { instalments: 3 } }), 'uvg.instalments', 'Raten: 1, 2 oder 4');
    expectFieldError(
      await put(owner, { withholdingTax: { commissionPercent: 10_001 } }),
      'withholdingTax.commissionPercent',
    );
    expectFieldError(
      await put(owner, { withholdingTax: { canton: 'Zürich' } }),
      'withholdingTax.canton',
      'Bitte den Kanton als Kürzel angeben (z. B. ZH)',
    );
    expectFieldError(await put(owner, { bvg: { dueDays: 400 } }), 'bvg.dueDays');
    expect((await put(owner, { mwst: {} })).statusCode).toBe(400);
    expect((await owner.get('/api/payment-calendar')).json()).toEqual({
      ahv: { rhythm: null, akonto: 100_000, dueDays: 10, differenceMonth: 3 },
    });
  });

  it('lets owners and admins write, members read; each organisation has its own calendar', async () => {
    const { a, b, organisationA } = await twoTenants(app);
    const admin = await addMember(app, a, organisationA, 'admin');
    const editor = await addMember(app, a, organisationA, 'editor');
    expect((await put(admin, { ktg: { premiumMonth: 2 } })).statusCode).toBe(200);
    expect((await put(editor, { ktg: { premiumMonth: 5 } })).statusCode).toBe(403);
    expect((await editor.get('/api/payment-calendar')).json()).toEqual({
      ktg: { premiumMonth: 2, instalments: 1, finalMonth: 3 },
    });
    expect((await b.get('/api/payment-calendar')).json()).toEqual({});
    await put(b, { bvg: {} });
    expect((await a.get('/api/payment-calendar')).json()).toEqual({
      ktg: { premiumMonth: 2, instalments: 1, finalMonth: 3 },
    });
  });
});

describe('the forecast with a payment calendar', () => {
  /** The "Lohnkosten" leaves by month: name → amount. */
  async function costLeaves(user: SignedInUser): Promise<Record<string, Record<string, number>>> {
    const response = await user.get('/api/forecasts/details');
    expect(response.statusCode, response.body).toBe(200);
    const found: Record<string, Record<string, number>> = {};
    for (const month of detailsOfColumns(response.json<ForecastDetailColumns>())) {
      for (const category of month.expense) {
        if (category.name !== 'Lohnkosten') continue;
        for (const leaf of category.children) (found[month.month] ??= {})[leaf.name] = leaf.amount;
      }
    }
    return found;
  }

  it('pays the Ausgleichskasse by its Akonto once the calendar has an AHV block, and as before without', async () => {
    // Today is 2026-11-21: 8'000.00 a month with AHV/IV/EO 5.3 % on both sides (848.00 a month).
    const owner = await signUp(app);
    const employee = await anEmployee(owner);
    const salary = await aSalary(owner, employee.id);
    const presets = await owner.post(`/api/employees/salaries/${salary.id}/costs/presets`, {
      items: [{ preset: 'ahv' }],
    });
    expect(presets.statusCode, presets.body).toBe(201);
    const before = await costLeaves(owner);
    expect(before['2026-12']).toEqual({ 'AHV/IV/EO': -84_800 });
    expect((await put(owner, { ahv: {} })).statusCode).toBe(200);
    const after = await costLeaves(owner);
    // Payroll 96'000: quarterly; 12 × 848.00 ÷ 4 = 2'544.00 for Q4, due 10 January 2027.
    expect(after['2026-12']).toBeUndefined();
    expect(after['2027-01']).toEqual({ 'AHV-Akonto Q4': -254_400 });
    expect(after['2027-04']).toEqual({ 'AHV-Akonto Q1': -254_400 });
    expect((await owner.get('/api/payment-calendar/warnings')).json()).toEqual({ warnings: [] });
    // An Akonto of 1'000.00 a quarter against 2'544.00 planned: "Akonto anpassen lassen".
    expect((await put(owner, { ahv: { akonto: 100_000 } })).statusCode).toBe(200);
    const { warnings } = (await owner.get('/api/payment-calendar/warnings')).json<{ warnings: string[] }>();
    expect(warnings[0]).toBe(
      "Akonto anpassen lassen: Die geplanten AHV-Beiträge weichen um mehr als 10 % vom Akonto ab. (2026: Beiträge 10'176.00, Akonto 4'000.00)",
    );
    expect((await put(owner, {})).statusCode).toBe(200);
    expect(await costLeaves(owner)).toEqual(before);
  });
});

describe('the forecast details explain the calendar (docs/payment-calendar.md "Explanations")', () => {
  it("carries how each payment was computed, and the Akonto warning on the year's AHV leaves", async () => {
    const owner = await signUp(app);
    const employee = await anEmployee(owner);
    const salary = await aSalary(owner, employee.id);
    await owner.post(`/api/employees/salaries/${salary.id}/costs/presets`, { items: [{ preset: 'ahv' }] });
    expect((await put(owner, { ahv: {} })).statusCode).toBe(200);
    const leafOf = async (month: string, name: string) => {
      const response = await owner.get('/api/forecasts/details');
      expect(response.statusCode, response.body).toBe(200);
      const found = detailsOfColumns(response.json<ForecastDetailColumns>()).find((entry) => entry.month === month);
      return found?.expense.flatMap((category) => category.children).find((leaf) => leaf.name === name);
    };
    expect(await leafOf('2027-01', 'AHV-Akonto Q4')).toMatchObject({
      amount: -254_400,
      explanation:
        "Lohnsumme AHV 2026 96'000.00 CHF, Beiträge 10'176.00 CHF ÷ 4 Quartale = 2'544.00 CHF für Q4 2026 (vierteljährlich: Lohnsumme bis 200'000.00 CHF), fällig 10 Tage nach Periodenende",
    });
    expect((await leafOf('2027-01', 'AHV-Akonto Q4'))?.warnings).toBeUndefined();
    expect((await put(owner, { ahv: { akonto: 100_000 } })).statusCode).toBe(200);
    expect(await leafOf('2027-01', 'AHV-Akonto Q4')).toMatchObject({
      explanation:
        "Akonto gemäss Rechnung der Ausgleichskasse = 1'000.00 CHF für Q4 2026 (vierteljährlich: Lohnsumme bis 200'000.00 CHF), fällig 10 Tage nach Periodenende",
      warnings: [
        "Akonto anpassen lassen: Die geplanten AHV-Beiträge weichen um mehr als 10 % vom Akonto ab. (2026: Beiträge 10'176.00 CHF, Akonto 4'000.00 CHF)",
      ],
    });
    // A salary leaf carries none.
    expect(await leafOf('2026-12', employee.name)).not.toHaveProperty('explanation');
  });
});

describe('exclusions of calendar leaves (docs/payment-calendar.md "Exclusions")', () => {
  it('excludes a calendar payment in one month by its leaf id, lists and lifts it; refuses ids that name none', async () => {
    const { a: owner, b: other } = await twoTenants(app);
    const employee = await anEmployee(owner);
    const salary = await aSalary(owner, employee.id);
    await owner.post(`/api/employees/salaries/${salary.id}/costs/presets`, { items: [{ preset: 'ahv' }] });
    expect((await put(owner, { ahv: {} })).statusCode).toBe(200);
    const id = calendarLeafId('AHV-Akonto Q4');
    const key = { month: '2027-01', relatedTable: 'salary_cost_labels', relatedId: id };
    const akonto = async (month: string) => {
      const details = detailsOfColumns(
        (await owner.get('/api/forecasts/details?months=24')).json<ForecastDetailColumns>(),
      );
      const found = details.find((entry) => entry.month === month);
      return found?.expense.flatMap((category) => category.children).find((leaf) => leaf.relatedId === id);
    };
    const added = await owner.post('/api/forecasts/exclude', key);
    expect(added.statusCode, added.body).toBe(201);
    expect(await akonto('2027-01')).toMatchObject({ amount: 0, isExcluded: true, excludedAmount: -254_400 });
    // The same leaf a year later is another month: not excluded.
    expect(await akonto('2028-01')).toMatchObject({ amount: -254_400, isExcluded: false });
    expect((await owner.get(`/api/forecasts/exclude?relatedTable=salary_cost_labels&relatedId=${id}`)).json()).toEqual([
      key,
    ]);
    // Another organisation's list does not hold it; it may exclude the same payment of its own.
    expect((await other.get('/api/forecasts/exclude')).json()).toEqual([]);
    // A negative id no calendar payment has: 404; a negative id of another kind: 400.
    const unknown = await owner.post('/api/forecasts/exclude', { ...key, relatedId: -5 });
    expect(unknown.statusCode, unknown.body).toBe(404);
    expectFieldError(await owner.post('/api/forecasts/exclude', { ...key, relatedTable: 'transactions' }), 'relatedId');
    const lifted = await owner.send({ method: 'DELETE', url: '/api/forecasts/exclude', payload: key });
    expect(lifted.statusCode, lifted.body).toBe(204);
    expect(await akonto('2027-01')).toMatchObject({ amount: -254_400, isExcluded: false });
    const batch = await owner.send({
      method: 'PUT',
      url: '/api/forecasts/exclude',
      payload: { updates: [{ ...key, isExcluded: true }] },
    });
    expect(batch.json()).toEqual({ affected: 1 });
  });
});

describe('a scenario with a payment calendar', () => {
  it("shows the calendar's payments as the base does, under their own ids (not as a lever's rows)", async () => {
    const owner = await signUp(app);
    const employee = await anEmployee(owner);
    const salary = await aSalary(owner, employee.id);
    await owner.post(`/api/employees/salaries/${salary.id}/costs/presets`, { items: [{ preset: 'ahv' }] });
    expect((await put(owner, { ahv: {} })).statusCode).toBe(200);
    const scenario = (await owner.post('/api/scenarios', { name: 'Subvention' })).json<{ id: number }>();
    const lever = await owner.post(`/api/scenarios/${scenario.id}/levers`, {
      type: 'oneOff',
      name: 'Subvention',
      date: '2027-01-15',
      amount: 500_000,
      currencyId: await currencyId(owner, 'CHF'),
    });
    expect(lever.statusCode, lever.body).toBe(201);
    const akontoOf = async (url: string) => {
      const response = await owner.get(url);
      expect(response.statusCode, response.body).toBe(200);
      const january = detailsOfColumns(response.json<ForecastDetailColumns>()).find(
        (month) => month.month === '2027-01',
      );
      return january?.expense.find((category) => category.name === 'Lohnkosten')?.children;
    };
    const expected = [
      expect.objectContaining({
        name: 'AHV-Akonto Q4',
        amount: -254_400,
        relatedTable: 'salary_cost_labels',
        relatedId: calendarLeafId('AHV-Akonto Q4'),
      }),
    ];
    expect(await akontoOf('/api/forecasts/details')).toEqual(expected);
    expect(await akontoOf(`/api/forecasts/details?scenario=${scenario.id}`)).toEqual(expected);
  });
});

describe('plan vs actual with a payment calendar', () => {
  it("matches the Ausgleichskasse's debit to its Akonto", async () => {
    // Today is 2026-11-21: Q3's Akonto of 2'544.00 was due on 10 October 2026.
    const owner = await signUp(app);
    const employee = await anEmployee(owner);
    const salary = await aSalary(owner, employee.id);
    await owner.post(`/api/employees/salaries/${salary.id}/costs/presets`, { items: [{ preset: 'ahv' }] });
    expect((await put(owner, { ahv: {} })).statusCode).toBe(200);
    const chf = await currencyId(owner, 'CHF');
    const bank = await aBankAccount(owner, {
      name: 'Lohnkonto',
      amount: 1_000_000,
      currencyId: chf,
      balanceDate: '2026-11-20',
    });
    const [debit] = await importEntries(owner, bank.id, [
      { date: '2026-10-09', amount: '-2544.00', text: 'Ausgleichskasse Akonto Q3' },
    ]);
    const occurrence = { kind: 'salary_cost_labels', id: calendarLeafId('AHV-Akonto Q3'), dueDate: '2026-10-31' };
    const matched = await owner.post(`/api/bank-entries/${debit!.id}/match`, occurrence);
    expect(matched.statusCode, matched.body).toBe(200);
    expect(matched.json<{ plan: { state: string; occurrence: object } }>().plan).toMatchObject({
      state: 'matched',
      occurrence: { ...occurrence, name: 'AHV-Akonto Q3', category: 'Lohnkosten', amount: -254_400 },
    });
    // A payment the plan does not have is not found.
    const unplanned = await owner.post(`/api/bank-entries/${debit!.id}/match`, { ...occurrence, id: -1 });
    expect(unplanned.statusCode).toBe(404);
  });
});
