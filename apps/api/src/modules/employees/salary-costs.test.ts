import { describe, expect, it } from 'vitest';
import {
  swissPresetCost,
  type Salary,
  type SalaryCost,
  type SalaryCostCreate,
  type SalaryCostLabelList,
  type SalaryCostList,
  type SalaryCostsCreated,
} from '@saldopilot/shared';
import { useTestApp } from '../../test/build-test-app.js';
import { signUp, type SignedInUser } from '../../test/test-client.js';
import { twoTenants } from '../../test/tenants.js';
import { aLabel, aSalary, aSalaryCost, anEmployee } from '../../test/factories.js';
import { expectFieldError } from '../../test/expectations.js';

// Today in the test app is 2026-11-21.
const app = useTestApp();

async function costsOf(user: SignedInUser, salaryId: number, query = ''): Promise<SalaryCost[]> {
  const response = await user.get(`/api/employees/salaries/${salaryId}/costs${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<SalaryCostList>().data;
}

async function salary(user: SignedInUser, salaryId: number): Promise<Salary> {
  const response = await user.get(`/api/employees/salaries/${salaryId}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Salary>();
}

async function aMonthlySalary(user: SignedInUser, amount = 800_000) {
  const employee = await anEmployee(user);
  return aSalary(user, employee.id, { amount, fromDate: '2026-01-01' });
}

const fixed: SalaryCostCreate = {
  cycle: 'monthly',
  amountType: 'fixed',
  amount: 10_000,
  distributionType: 'employee',
  relativeOffset: 1,
};

describe('salary costs', () => {
  it('creates a percentage cost with its calculated fields and schedule; the salary shows Netto and Gesamtkosten', async () => {
    const user = await signUp(app);
    const label = await aLabel(user, { name: 'AHV/IV/EO' });
    const s = await aMonthlySalary(user);
    const cost = await aSalaryCost(user, s.id, { labelId: label.id });
    expect(cost).toMatchObject({
      salaryId: s.id,
      label: { id: label.id, name: 'AHV/IV/EO' },
      cycle: 'monthly',
      amountType: 'percentage',
      amount: 5300,
      distributionType: 'both',
      relativeOffset: 1,
      targetDate: null,
      baseSalaryCostIDs: [],
      calculatedAmount: 42_400,
      calculatedNextCost: 42_400,
      calculatedNextExecutionDate: '2027-01-01',
      calculatedPreviousExecutionDate: null,
    });
    // The catch-up of December (extra), then every month for three years.
    expect(cost.calculatedCostDetails[0]).toEqual({ month: '2026-12', amount: 42_400, divider: 1, isExtraMonth: true });
    expect(cost.calculatedCostDetails.length).toBeGreaterThan(30);
    const [withPast] = await costsOf(user, s.id, '?includePast=true');
    expect(withPast?.calculatedNextExecutionDate).toBe('2026-12-01');
    expect(await salary(user, s.id)).toMatchObject({
      hasSeparateCostsDefined: true,
      employeeDeductions: 42_400,
      employerCosts: 42_400,
      netAmount: 757_600,
      totalCost: 842_400,
    });
  });

  it('a percentage on base costs, a true partial update and a delete recompute the salary', async () => {
    const user = await signUp(app);
    const s = await aMonthlySalary(user, 1_000_000);
    const base = await aSalaryCost(user, s.id, { amount: 5100, distributionType: 'both' });
    const onBase = await aSalaryCost(user, s.id, {
      amount: 10_000,
      distributionType: 'employer',
      baseSalaryCostIDs: [base.id],
    });
    // 10 % of (510.00 × 2) = 102.00 (docs/salary-costs.md "Cost amounts").
    expect(onBase.calculatedAmount).toBe(10_200);
    expect((await salary(user, s.id)).employerCosts).toBe(51_000 + 10_200);
    const patched = await user.patch(`/api/employees/salaries/costs/${onBase.id}`, { amount: 20_000 });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json<SalaryCost>()).toMatchObject({
      amount: 20_000,
      baseSalaryCostIDs: [base.id],
      calculatedAmount: 20_400,
    });
    expect((await user.delete(`/api/employees/salaries/costs/${base.id}`)).statusCode).toBe(204);
    expect((await salary(user, s.id)).employerCosts).toBe(200_000);
  });

  it.each([
    [{ amountType: 'percentage', amount: 100_001 }, 'amount', 'Der Prozentsatz darf höchstens 100 % sein'],
    [{ relativeOffset: 0 }, 'relativeOffset', 'Der Versatz muss zwischen 1 und 120 liegen'],
    [{ cycle: 'once' }, 'targetDate', 'Für einmalige Lohnkosten wird ein Datum benötigt'],
    [{ amount: -5 }, 'amount', 'Der Betrag darf nicht negativ sein'],
    [{ labelId: 2_147_483_000 }, 'labelId', 'Ungültiges Label'],
    [
      { baseSalaryCostIDs: [1] },
      'baseSalaryCostIDs',
      'Nur prozentuale Lohnkosten können auf anderen Lohnkosten basieren',
    ],
    [{ distributionType: 'nobody' }, 'distributionType', 'Verteilung wird benötigt'],
  ])('refuses %j (400, German, nothing stored)', async (override, field, message) => {
    const user = await signUp(app);
    const s = await aMonthlySalary(user);
    expectFieldError(
      await user.post(`/api/employees/salaries/${s.id}/costs`, { ...fixed, ...override }),
      field,
      message,
    );
    expect(await costsOf(user, s.id)).toEqual([]);
  });

  it('refuses self, circular and foreign base costs (400 with the rule messages)', async () => {
    const user = await signUp(app);
    const s = await aMonthlySalary(user);
    const other = await aMonthlySalary(user);
    const foreign = await aSalaryCost(user, other.id);
    const a = await aSalaryCost(user, s.id, { amount: 1000 });
    const b = await aSalaryCost(user, s.id, { amount: 1000, baseSalaryCostIDs: [a.id] });
    expectFieldError(
      await user.patch(`/api/employees/salaries/costs/${a.id}`, { baseSalaryCostIDs: [a.id] }),
      'baseSalaryCostIDs',
      'Lohnkosten können nicht auf sich selbst basieren',
    );
    expectFieldError(
      await user.patch(`/api/employees/salaries/costs/${a.id}`, { baseSalaryCostIDs: [b.id] }),
      'baseSalaryCostIDs',
      'Die Berechnungsgrundlage enthält eine zirkuläre Abhängigkeit',
    );
    // Its stored bases are checked again when only the amount type changes.
    expectFieldError(
      await user.patch(`/api/employees/salaries/costs/${b.id}`, { amountType: 'fixed' }),
      'baseSalaryCostIDs',
      'Nur prozentuale Lohnkosten können auf anderen Lohnkosten basieren',
    );
    expectFieldError(
      await user.post(`/api/employees/salaries/${s.id}/costs`, {
        ...fixed,
        amountType: 'percentage',
        amount: 1000,
        baseSalaryCostIDs: [foreign.id],
      }),
      'baseSalaryCostIDs',
      'Die Berechnungsgrundlage muss aus Lohnkosten desselben Lohns bestehen',
    );
    expect((await costsOf(user, s.id)).map((cost) => cost.baseSalaryCostIDs)).toEqual([[], [a.id]]);
  });

  it('refuses a once cost turned without date and a percentage above 100 % on the merged cost', async () => {
    const user = await signUp(app);
    const s = await aMonthlySalary(user);
    const cost = await aSalaryCost(user, s.id, { amountType: 'fixed', amount: 150_000 });
    expectFieldError(
      await user.patch(`/api/employees/salaries/costs/${cost.id}`, { cycle: 'once' }),
      'targetDate',
      'Für einmalige Lohnkosten wird ein Datum benötigt',
    );
    expectFieldError(
      await user.patch(`/api/employees/salaries/costs/${cost.id}`, { amountType: 'percentage' }),
      'amount',
      'Der Prozentsatz darf höchstens 100 % sein',
    );
    const once = await user.patch(`/api/employees/salaries/costs/${cost.id}`, {
      cycle: 'once',
      targetDate: '2026-12-20',
    });
    expect(once.json<SalaryCost>()).toMatchObject({
      cycle: 'once',
      calculatedNextCost: 150_000,
      calculatedNextExecutionDate: '2026-12-01',
    });
  });

  it('refuses costs whose catch-up payment is too large to be exact (400 German, nothing stored)', async () => {
    const user = await signUp(app);
    const employee = await anEmployee(user);
    const s = await aSalary(user, employee.id, { fromDate: '1900-01-01' });
    // 120 yearly steps in arrears, each 800'000'000'000.00: one payment of 96'000'000'000'000.00
    // passes 2^53 Rappen, although each amount is inside the allowed range.
    const tooLarge = { ...fixed, cycle: 'yearly' as const, amount: 80_000_000_000_000, relativeOffset: 120 };
    const refused = await user.post(`/api/employees/salaries/${s.id}/costs`, tooLarge);
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json()).toEqual({
      error:
        'Die Beträge ergeben zusammen eine zu grosse Summe, um sie auf den Rappen genau zu berechnen. Bitte erfassen Sie kleinere Beträge.',
      code: 'VALIDATION_FAILED',
    });
    expect(await costsOf(user, s.id)).toEqual([]);

    const cost = await aSalaryCost(user, s.id, { ...tooLarge, amount: 70_000_000_000_000 });
    const raised = await user.patch(`/api/employees/salaries/costs/${cost.id}`, { amount: 80_000_000_000_000 });
    expect(raised.statusCode, raised.body).toBe(400);
    expect((await costsOf(user, s.id)).map((stored) => stored.amount)).toEqual([70_000_000_000_000]);
  });

  it('a yearly 13th salary (100 % in December, paid a year in arrears) costs a twelfth per month', async () => {
    const user = await signUp(app);
    const s = await aMonthlySalary(user);
    // The first December step after the start (2026-12-25) is paid one cost step later
    // (docs/salary-costs.md "Payment schedule").
    const bonus = await aSalaryCost(user, s.id, {
      cycle: 'yearly',
      amountType: 'percentage',
      amount: 100_000,
      distributionType: 'employer',
      targetDate: '2026-12-25',
    });
    expect(bonus).toMatchObject({ calculatedNextCost: 800_000, calculatedNextExecutionDate: '2027-12-01' });
    expect((await salary(user, s.id)).employerCosts).toBe(Math.floor(800_000 / 12));
  });
});

describe('Swiss presets', () => {
  const all = (bvg: number) => ({
    items: [
      { preset: 'ahv' },
      { preset: 'alv' },
      { preset: 'fak' },
      { preset: 'uvg-nbu' },
      { preset: 'uvg-bu' },
      { preset: 'ktg' },
      { preset: 'bvg', amount: bvg },
    ],
  });

  it('adds the 2026 contributions with labels; Netto and Gesamtkosten to the cent at 8,000.00', async () => {
    const user = await signUp(app);
    const s = await aMonthlySalary(user, 800_000);
    const response = await user.post(`/api/employees/salaries/${s.id}/costs/presets`, all(40_000));
    expect(response.statusCode, response.body).toBe(201);
    const { costs, notes } = response.json<SalaryCostsCreated>();
    expect(notes).toEqual([]);
    expect(
      costs.map((cost) => [
        cost.label?.name,
        cost.distributionType,
        cost.amountType,
        cost.amount,
        cost.calculatedAmount,
      ]),
    ).toEqual([
      ['AHV/IV/EO', 'both', 'percentage', 5300, 42_400],
      ['ALV', 'both', 'percentage', 1100, 8_800],
      ['FAK', 'employer', 'percentage', 1025, 8_200],
      ['UVG NBU', 'employee', 'percentage', 1200, 9_600],
      ['UVG BU', 'employer', 'percentage', 600, 4_800],
      ['KTG', 'both', 'percentage', 600, 4_800],
      ['BVG', 'both', 'fixed', 40_000, 40_000],
    ]);
    // Each preset names its fund (docs/payment-calendar.md "Funds").
    expect(costs.map((cost) => cost.fund)).toEqual(['ahv', 'ahv', 'ahv', 'uvg', 'uvg', 'ktg', 'bvg']);
    // AN: 424 + 88 + 96 + 48 + 400 = 1,056.00; AG: 424 + 88 + 82 + 48 + 48 + 400 = 1,090.00.
    expect(await salary(user, s.id)).toMatchObject({ netAmount: 694_400, totalCost: 909_000 });
    const labels = (await user.get('/api/employees/salaries/costs/labels')).json<SalaryCostLabelList>().data;
    expect(labels.map((label) => label.name)).toEqual(['AHV/IV/EO', 'ALV', 'BVG', 'FAK', 'KTG', 'UVG BU', 'UVG NBU']);
    // A second application reuses the labels.
    await user.post(`/api/employees/salaries/${s.id}/costs/presets`, { items: [{ preset: 'ahv', rate: 5000 }] });
    expect((await user.get('/api/employees/salaries/costs/labels')).json<SalaryCostLabelList>().data).toHaveLength(7);
  });

  it('above the insured-earnings ceiling ALV, UVG NBU and UVG BU are the fixed amounts on it, with notes (15,000.00)', async () => {
    const user = await signUp(app);
    const s = await aMonthlySalary(user, 1_500_000);
    const response = await user.post(`/api/employees/salaries/${s.id}/costs/presets`, all(40_000));
    expect(response.statusCode, response.body).toBe(201);
    const { costs, notes } = response.json<SalaryCostsCreated>();
    // The ceiling's month: CHF 148,200 ÷ 12 = 12,350.00. ALV 1.1 % = 135.85, UVG NBU 1.2 % = 148.20,
    // UVG BU 0.6 % = 74.10 (not 165.00, 180.00 and 90.00 of 15,000.00).
    const byLabel = (name: string) => costs.find((cost) => cost.label?.name === name);
    expect(byLabel('ALV')).toMatchObject({ amountType: 'fixed', amount: 13_585, calculatedAmount: 13_585 });
    expect(byLabel('UVG NBU')).toMatchObject({ amountType: 'fixed', amount: 14_820, calculatedAmount: 14_820 });
    expect(byLabel('UVG BU')).toMatchObject({ amountType: 'fixed', amount: 7_410, calculatedAmount: 7_410 });
    // KTG without an entered ceiling stays a percentage: 0.6 % of 15,000.00 = 90.00.
    expect(byLabel('KTG')).toMatchObject({ amountType: 'percentage', amount: 600, calculatedAmount: 9_000 });
    expect(notes).toEqual([
      "Der Lohn liegt über der Höchstgrenze von CHF 148'200 pro Jahr für ALV: ALV wird als fester Betrag auf der Höchstgrenze berechnet.",
      "Der Lohn liegt über der Höchstgrenze von CHF 148'200 pro Jahr für UVG NBU: UVG NBU wird als fester Betrag auf der Höchstgrenze berechnet.",
      "Der Lohn liegt über der Höchstgrenze von CHF 148'200 pro Jahr für UVG BU: UVG BU wird als fester Betrag auf der Höchstgrenze berechnet.",
    ]);
    // AN: AHV 795.00 + ALV 135.85 + UVG NBU 148.20 + KTG 90.00 + BVG 400.00 = 1,569.05 → Netto 13,430.95.
    // AG: AHV 795.00 + ALV 135.85 + FAK 153.75 + UVG BU 74.10 + KTG 90.00 + BVG 400.00 = 1,648.70 → 16,648.70.
    expect(await salary(user, s.id)).toMatchObject({ netAmount: 1_343_095, totalCost: 1_664_870 });
  });

  it('caps KTG at the ceiling the person entered, and only above it', async () => {
    const user = await signUp(app);
    const high = await aMonthlySalary(user, 1_500_000);
    const response = await user.post(`/api/employees/salaries/${high.id}/costs/presets`, {
      items: [{ preset: 'ktg', rate: 600, ceiling: 12_000_000 }],
    });
    expect(response.statusCode, response.body).toBe(201);
    // CHF 120,000 a year → 10,000.00 a month; 0.6 % = 60.00 on each side.
    expect(response.json<SalaryCostsCreated>()).toMatchObject({
      costs: [{ label: { name: 'KTG' }, amountType: 'fixed', amount: 6_000, calculatedAmount: 6_000 }],
      notes: [
        "Der Lohn liegt über der Höchstgrenze von CHF 120'000 pro Jahr für KTG: KTG wird als fester Betrag auf der Höchstgrenze berechnet.",
      ],
    });
    // 8,000.00 × 12 = 96,000.00 is below it: 0.6 % of 8,000.00 = 48.00.
    const low = await aMonthlySalary(user, 800_000);
    const below = await user.post(`/api/employees/salaries/${low.id}/costs/presets`, {
      items: [{ preset: 'ktg', ceiling: 12_000_000 }],
    });
    expect(below.json<SalaryCostsCreated>()).toMatchObject({
      costs: [{ amountType: 'percentage', amount: 600, calculatedAmount: 4_800 }],
      notes: [],
    });
  });

  it('stores what the dialog previews: FAK 1.025 % of 7,500.00 = 76.87', async () => {
    const user = await signUp(app);
    const s = await aMonthlySalary(user, 750_000);
    const response = await user.post(`/api/employees/salaries/${s.id}/costs/presets`, { items: [{ preset: 'fak' }] });
    // 750,000 × 1,025 ÷ 100,000 = 7,687.5 → 7,687 Rappen, in the preview (swissPresetCost) and stored.
    expect(swissPresetCost('fak', { amount: 750_000, cycle: 'monthly' }).stepAmount).toBe(7_687);
    expect(response.json<SalaryCostsCreated>().costs).toMatchObject([{ amount: 1025, calculatedAmount: 7_687 }]);
    expect(await salary(user, s.id)).toMatchObject({ totalCost: 757_687 });
  });

  it('refuses BVG by age without a birth date, a preset twice, a rate above 100 %, a value the preset does not use, a ceiling on another preset or not above 0, and a termination', async () => {
    const user = await signUp(app);
    const s = await aMonthlySalary(user);
    const post = (body: object) => user.post(`/api/employees/salaries/${s.id}/costs/presets`, body);
    // Without an amount BVG is the legal minimum by age, which needs the employee's birth date.
    expectFieldError(
      await post({ items: [{ preset: 'bvg' }] }),
      'birthDate',
      'Geburtsdatum wird für die BVG-Berechnung benötigt',
    );
    expectFieldError(
      await post({ items: [{ preset: 'ahv' }, { preset: 'ahv' }] }),
      'items',
      'Jeder Beitrag kann nur einmal gewählt werden',
    );
    expectFieldError(
      await post({ items: [{ preset: 'fak', rate: 100_001 }] }),
      'items.0.rate',
      'Der Prozentsatz darf höchstens 100 % sein',
    );
    expectFieldError(await post({ items: [] }), 'items', 'Bitte wählen Sie mindestens einen Beitrag');
    expectFieldError(
      await post({ items: [{ preset: 'ktg', amount: 200_000 }] }),
      'items.0.amount',
      'Dieser Beitrag ist ein Prozentsatz, kein fester Betrag',
    );
    expectFieldError(
      await post({ items: [{ preset: 'bvg', amount: 50_000, rate: 7_000 }] }),
      'items.0.rate',
      'Entweder ein fester BVG-Betrag oder ein Satz für Risiko und Verwaltung, nicht beides',
    );
    expectFieldError(
      await post({ items: [{ preset: 'alv', ceiling: 12_000_000 }] }),
      'items.0.ceiling',
      'Eine eigene Höchstgrenze kann nur beim KTG angegeben werden',
    );
    expectFieldError(
      await post({ items: [{ preset: 'ahv' }, { preset: 'ktg', ceiling: -100 }] }),
      'items.1.ceiling',
      'Die Höchstgrenze muss grösser als 0 sein',
    );
    expectFieldError(
      await post({ items: [{ preset: 'ktg', ceiling: 0 }] }),
      'items.0.ceiling',
      'Die Höchstgrenze muss grösser als 0 sein',
    );
    const termination = await aSalary(user, s.employeeId, { isTermination: true, fromDate: '2027-06-01' });
    const refused = await user.post(`/api/employees/salaries/${termination.id}/costs/presets`, {
      items: [{ preset: 'ahv' }],
    });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(await costsOf(user, s.id)).toEqual([]);
  });
});

describe('copying costs', () => {
  it('appends chosen costs with their base links remapped', async () => {
    const user = await signUp(app);
    const source = await aMonthlySalary(user);
    const base = await aSalaryCost(user, source.id, { amount: 5300 });
    const onBase = await aSalaryCost(user, source.id, { amount: 10_000, baseSalaryCostIDs: [base.id] });
    const target = await aMonthlySalary(user, 600_000);
    const kept = await aSalaryCost(user, target.id, { amountType: 'fixed', amount: 1000 });
    const response = await user.post(`/api/employees/salaries/${target.id}/costs/copy`, { ids: [base.id, onBase.id] });
    expect(response.statusCode, response.body).toBe(201);
    const { costs } = response.json<SalaryCostsCreated>();
    expect(costs).toHaveLength(2);
    expect(costs[1]?.baseSalaryCostIDs).toEqual([costs[0]?.id]);
    expect(costs[0]?.calculatedAmount).toBe(31_800);
    expect((await costsOf(user, target.id)).map((cost) => cost.id).sort()).toEqual(
      [kept.id, costs[0]!.id, costs[1]!.id].sort(),
    );
  });

  it("replaces all costs by another salary's; another organisation's source is a 404 and nothing is copied", async () => {
    const { a, b } = await twoTenants(app);
    const source = await aMonthlySalary(a);
    await aSalaryCost(a, source.id, { amount: 5300 });
    await aSalaryCost(a, source.id, { amountType: 'fixed', amount: 2000, distributionType: 'employer' });
    const target = await aMonthlySalary(a);
    await aSalaryCost(a, target.id, { amount: 100 });
    const replaced = await a.post(`/api/employees/salaries/${target.id}/costs/copy`, { sourceSalaryId: source.id });
    expect(replaced.statusCode, replaced.body).toBe(201);
    expect((await costsOf(a, target.id)).map((cost) => cost.amount).sort()).toEqual([2000, 5300]);

    const bTarget = await aMonthlySalary(b);
    await aSalaryCost(b, bTarget.id, { amount: 100 });
    const foreign = await b.post(`/api/employees/salaries/${bTarget.id}/costs/copy`, { sourceSalaryId: source.id });
    expect(foreign.statusCode, foreign.body).toBe(404);
    const foreignIds = (await costsOf(a, source.id)).map((cost) => cost.id);
    expect((await b.post(`/api/employees/salaries/${bTarget.id}/costs/copy`, { ids: foreignIds })).statusCode).toBe(
      404,
    );
    expect((await costsOf(b, bTarget.id)).map((cost) => cost.amount)).toEqual([100]);
  });

  it('refuses an empty copy request (400 German)', async () => {
    const user = await signUp(app);
    const s = await aMonthlySalary(user);
    expectFieldError(
      await user.post(`/api/employees/salaries/${s.id}/costs/copy`, {}),
      'ids',
      'Es wurden keine Lohnkosten zum Kopieren ausgewählt',
    );
  });
});

describe('labels', () => {
  it('creates, renames, lists and deletes labels, unique per organisation (409); a cost loses its deleted label', async () => {
    const { a, b } = await twoTenants(app);
    const bvg = await aLabel(a, { name: 'BVG' });
    await aLabel(b, { name: 'BVG' });
    const duplicate = await a.post('/api/employees/salaries/costs/labels', { name: 'BVG' });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toMatchObject({ code: 'CONFLICT', error: 'Dieses Label existiert bereits' });
    const other = await aLabel(a, { name: 'AHV' });
    expect((await a.patch(`/api/employees/salaries/costs/labels/${other.id}`, { name: 'BVG' })).statusCode).toBe(409);
    const renamed = await a.patch(`/api/employees/salaries/costs/labels/${other.id}`, { name: 'Ärztekasse' });
    expect(renamed.json()).toEqual({ id: other.id, name: 'Ärztekasse' });
    const list = (await a.get('/api/employees/salaries/costs/labels')).json<SalaryCostLabelList>();
    expect(list.data.map((label) => label.name)).toEqual(['Ärztekasse', 'BVG']);
    expect((await a.get(`/api/employees/salaries/costs/labels/${bvg.id}`)).json()).toEqual({ id: bvg.id, name: 'BVG' });
    const s = await aMonthlySalary(a);
    const cost = await aSalaryCost(a, s.id, { labelId: bvg.id });
    expect((await a.delete(`/api/employees/salaries/costs/labels/${bvg.id}`)).statusCode).toBe(204);
    expect((await a.get(`/api/employees/salaries/costs/${cost.id}`)).json<SalaryCost>().label).toBeNull();
    expect((await a.get('/api/employees/salaries/costs/labels/abc')).statusCode).toBe(400);
  });
});

describe('freshness', () => {
  it('a read on a later day recomputes the stored schedules for that day', async () => {
    const user = await signUp(app);
    const s = await aMonthlySalary(user);
    await aSalaryCost(user, s.id);
    const { database } = app.deps;
    const { ensureFreshSchedules } = await import('./salary-schedules.js');
    await ensureFreshSchedules(database.db, user.user.currentOrganisationId, '2027-03-10');
    const later = await database.db.query.salaries.findFirst({ where: (row, { eq }) => eq(row.id, s.id) });
    expect(later?.scheduleDate).toBe('2027-03-10');
    // Back on the app's today, the next read makes them current again.
    const [cost] = await costsOf(user, s.id);
    expect(cost?.calculatedCostDetails[0]).toMatchObject({ month: '2026-12', isExtraMonth: true });
  });
});
