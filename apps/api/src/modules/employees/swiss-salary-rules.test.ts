import { describe, expect, it } from 'vitest';
import type { EmployeeDetail, ForecastDetails, Salary, SalaryCost, SalaryCostsCreated } from '@saldopilot/shared';
import { useTestApp } from '../../test/build-test-app.js';
import { expectFieldError } from '../../test/expectations.js';
import { anEmployee, aSalary, aSalaryCost } from '../../test/factories.js';
import { signUp, type SignedInUser } from '../../test/test-client.js';
import { detailsOfColumns, type ForecastDetailColumns } from '@saldopilot/shared';

// BVG by age and the 13th salary (docs/salary-rules.md), through HTTP as a user sets them up. Every
// figure is worked out by hand beside its assertion. The test clock's today is 2026-11-21; the
// forecast runs from 2026-11. Salaries are paid on the 1st; costs in arrears (a month's step is paid
// in the next month), as every cost with offset 1.

const app = useTestApp();

async function employeeBornOn(user: SignedInUser, birthDate: string | null, name = 'Anna Muster') {
  return anEmployee(user, { name, birthDate });
}

async function bvgByAge(user: SignedInUser, salaryId: number, rate?: number): Promise<SalaryCost> {
  const response = await user.post(`/api/employees/salaries/${salaryId}/costs/presets`, {
    items: [{ preset: 'bvg', ...(rate === undefined ? {} : { rate }) }],
  });
  expect(response.statusCode, response.body).toBe(201);
  const [cost] = response.json<SalaryCostsCreated>().costs;
  return cost!;
}

async function detailsOf(user: SignedInUser): Promise<ForecastDetails> {
  const response = await user.get('/api/forecasts/details?months=24');
  expect(response.statusCode, response.body).toBe(200);
  return detailsOfColumns(response.json<ForecastDetailColumns>());
}

/** The sum of the expense leaves named `name` under `category` in `month` (0 when none). */
function expenseOf(details: ForecastDetails, month: string, category: string, name: string): number {
  const found = details.find((entry) => entry.month === month);
  const leaves = found?.expense.find((node) => node.name === category)?.children ?? [];
  return leaves.filter((leaf) => leaf.name === name).reduce((sum, leaf) => sum + leaf.amount, 0);
}

async function salaryOf(user: SignedInUser, id: number): Promise<Salary> {
  const response = await user.get(`/api/employees/salaries/${id}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Salary>();
}

describe('BVG by age (legal minimum)', () => {
  // 6'000.00 a month → 72'000.00 a year; coordinated salary 72'000.00 − 26'460.00 = 45'540.00.
  // Per side and month: 45'540.00 × credit / 12 / 2, floored to the Rappen.
  const cases = [
    { age: 24, birthDate: '2002-03-15', perSide: 0 }, // savings start the year after turning 24
    { age: 25, birthDate: '2001-12-31', perSide: 13_282 }, // 7 %: 3'187.80 / 24 = 132.825 → 132.82
    { age: 34, birthDate: '1992-01-01', perSide: 13_282 }, // 7 %
    { age: 35, birthDate: '1991-06-30', perSide: 18_975 }, // 10 %: 4'554.00 / 24 = 189.75
    { age: 55, birthDate: '1971-05-05', perSide: 34_155 }, // 18 %: 8'197.20 / 24 = 341.55
    { age: 65, birthDate: '1961-11-20', perSide: 34_155 }, // 18 % up to the reference age
    { age: 66, birthDate: '1960-02-02', perSide: 0 }, // past the reference age: none
  ];

  it.each(cases)('age $age in 2026: $perSide Rappen per side and month', async ({ birthDate, perSide }) => {
    const user = await signUp(app);
    const employee = await employeeBornOn(user, birthDate);
    const salary = await aSalary(user, employee.id, { amount: 600_000 });
    const cost = await bvgByAge(user, salary.id);
    expect(cost).toMatchObject({ amountType: 'bvgMinimum', amount: 0, distributionType: 'both' });
    expect(cost.calculatedAmount).toBe(perSide);
    expect(await salaryOf(user, salary.id)).toMatchObject({
      employeeDeductions: perSide,
      employerCosts: perSide,
      netAmount: 600_000 - perSide,
    });
  });

  it('adds the risk and administration rate, counts a 13th salary in the yearly salary and knows the entry threshold', async () => {
    const user = await signUp(app);
    const employee = await employeeBornOn(user, '1996-04-01'); // 30 in 2026: 7 %
    // 7 % + 1 % risk = 8 % of 45'540.00 = 3'643.20 a year / 24 = 151.80 per side.
    const withRisk = await bvgByAge(user, (await aSalary(user, employee.id, { amount: 600_000 })).id, 1000);
    expect(withRisk.calculatedAmount).toBe(15_180);

    const other = await employeeBornOn(user, '1996-04-01', 'Beat Beispiel');
    const thirteen = await aSalary(user, other.id, { amount: 600_000, hasThirteenthSalary: true });
    // 13 × 6'000.00 = 78'000.00; coordinated 51'540.00; 7 % = 3'607.80 / 24 = 150.325 → 150.32.
    expect((await bvgByAge(user, thirteen.id)).calculatedAmount).toBe(15_032);

    const low = await employeeBornOn(user, '1996-04-01', 'Carla Klein');
    // 1'800.00 × 12 = 21'600.00 is below the entry threshold of 22'680.00: no BVG.
    expect((await bvgByAge(user, (await aSalary(user, low.id, { amount: 180_000 })).id)).calculatedAmount).toBe(0);
  });

  it('changes the amount on 1 January of the year the person enters a new band, and the forecast shows each month', async () => {
    const user = await signUp(app);
    const employee = await employeeBornOn(user, '1992-08-15'); // 34 in 2026, 35 in 2027
    const salary = await aSalary(user, employee.id, { amount: 600_000 });
    const cost = await bvgByAge(user, salary.id);
    const byMonth = Object.fromEntries(cost.calculatedCostDetails.map((detail) => [detail.month, detail.amount]));
    // The December 2026 step (paid in January) is still 7 %, the January 2027 step (paid in February) 10 %.
    expect(byMonth['2027-01']).toBe(13_282);
    expect(byMonth['2027-02']).toBe(18_975);

    const details = await detailsOf(user);
    // Lohnkosten carry both sides: 2 × 132.82 = 265.64, then 2 × 189.75 = 379.50.
    expect(expenseOf(details, '2027-01', 'Lohnkosten', 'BVG')).toBe(-26_564);
    expect(expenseOf(details, '2027-02', 'Lohnkosten', 'BVG')).toBe(-37_950);
    // The net salary follows the employee's own deduction: 6'000.00 − 132.82, from January 6'000.00 − 189.75.
    expect(expenseOf(details, '2026-12', 'Löhne', 'Anna Muster')).toBe(-(600_000 - 13_282));
    expect(expenseOf(details, '2027-01', 'Löhne', 'Anna Muster')).toBe(-(600_000 - 18_975));
    expect(expenseOf(details, '2028-01', 'Löhne', 'Anna Muster')).toBe(-(600_000 - 18_975));
  });

  it('a changed birth date recomputes the costs; removing it while BVG by age needs it is refused', async () => {
    const user = await signUp(app);
    const employee = await employeeBornOn(user, '1992-01-01'); // 34: 7 %
    const salary = await aSalary(user, employee.id, { amount: 600_000 });
    await bvgByAge(user, salary.id);
    const changed = await user.patch(`/api/employees/${employee.id}`, { birthDate: '1980-01-01' }); // 46: 15 %
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json<EmployeeDetail>().birthDate).toBe('1980-01-01');
    // 15 % of 45'540.00 = 6'831.00 / 24 = 284.625 → 284.62.
    expect(await salaryOf(user, salary.id)).toMatchObject({ employeeDeductions: 28_462 });

    expectFieldError(
      await user.patch(`/api/employees/${employee.id}`, { birthDate: null }),
      'birthDate',
      'Geburtsdatum wird für die BVG-Berechnung benötigt',
    );
    const stored = await user.get(`/api/employees/${employee.id}`);
    expect(stored.json<EmployeeDetail>().birthDate).toBe('1980-01-01');
  });

  it('refuses BVG by age without a birth date, a birth date in the future and a rate above 100 %; nothing is stored', async () => {
    const user = await signUp(app);
    const employee = await employeeBornOn(user, null);
    const salary = await aSalary(user, employee.id, { amount: 600_000 });
    const message = 'Geburtsdatum wird für die BVG-Berechnung benötigt';
    expectFieldError(
      await user.post(`/api/employees/salaries/${salary.id}/costs/presets`, { items: [{ preset: 'bvg' }] }),
      'birthDate',
      message,
    );
    expectFieldError(
      await user.post(`/api/employees/salaries/${salary.id}/costs`, {
        cycle: 'monthly',
        amountType: 'bvgMinimum',
        amount: 0,
        distributionType: 'both',
        relativeOffset: 1,
      }),
      'birthDate',
      message,
    );
    const fixed = await aSalaryCost(user, salary.id, { amountType: 'fixed', amount: 30_000 });
    expectFieldError(
      await user.patch(`/api/employees/salaries/costs/${fixed.id}`, { amountType: 'bvgMinimum', amount: 0 }),
      'birthDate',
      message,
    );
    expectFieldError(
      await user.patch(`/api/employees/${employee.id}`, { birthDate: '2026-11-22' }),
      'birthDate',
      'Das Geburtsdatum darf nicht in der Zukunft liegen',
    );
    expectFieldError(
      await user.post('/api/employees', { name: 'Zukunft', birthDate: '2027-01-01' }),
      'birthDate',
      'Das Geburtsdatum darf nicht in der Zukunft liegen',
    );
    expectFieldError(await user.post('/api/employees', { name: 'Falsch', birthDate: '1990-02-30' }), 'birthDate');
    await user.patch(`/api/employees/${employee.id}`, { birthDate: '1990-01-01' });
    expectFieldError(
      await user.post(`/api/employees/salaries/${salary.id}/costs/presets`, {
        items: [{ preset: 'bvg', rate: 100_001 }],
      }),
      'items.0.rate',
      'Der Prozentsatz darf höchstens 100 % sein',
    );
    const costs = await user.get(`/api/employees/salaries/${salary.id}/costs`);
    expect(costs.json<{ data: SalaryCost[] }>().data.map((cost) => cost.id)).toEqual([fixed.id]);
    const list = await user.get('/api/employees?search=Zukunft');
    expect(list.json<{ data: unknown[] }>().data).toEqual([]);
  });
});

describe('13th salary', () => {
  it('pays a full twelfth of the year with December, and the percentage costs apply to it', async () => {
    const user = await signUp(app);
    const employee = await employeeBornOn(user, null);
    const salary = await aSalary(user, employee.id, { amount: 600_000, hasThirteenthSalary: true });
    expect(salary).toMatchObject({ hasThirteenthSalary: true, thirteenthSalaryMonth: 12 });
    await aSalaryCost(user, salary.id, { amountType: 'percentage', amount: 5300, distributionType: 'both' });
    const details = await detailsOf(user);
    // AHV 5.3 % of 6'000.00 = 318.00 per side. A month without the 13th: 6'000.00 − 318.00.
    expect(expenseOf(details, '2027-02', 'Löhne', 'Anna Muster')).toBe(-568_200);
    // December: 12 payments × 6'000.00 / 12 = 6'000.00 on top; net 12'000.00 − 2 × 318.00 = 11'364.00.
    expect(expenseOf(details, '2026-12', 'Löhne', 'Anna Muster')).toBe(-1_136_400);
    // The forecast says which month's payment holds it ("inkl. 13. Monatslohn").
    const salaryLeaf = (month: string) =>
      details.find((entry) => entry.month === month)?.expense.find((node) => node.name === 'Löhne')?.children[0];
    expect(salaryLeaf('2026-12')).toMatchObject({ thirteenthSalary: true });
    expect(salaryLeaf('2027-12')).toMatchObject({ thirteenthSalary: true });
    expect(salaryLeaf('2027-02')).not.toHaveProperty('thirteenthSalary');
    // Costs in arrears: January pays December's 5.3 % of 12'000.00 = 636.00 per side, × 2 = 1'272.00.
    expect(expenseOf(details, '2027-01', 'Lohnkosten', '<Kein Label>')).toBe(-127_200);
    expect(expenseOf(details, '2027-02', 'Lohnkosten', '<Kein Label>')).toBe(-63_600);
    // The monthly deduction the salary shows is the regular one, not December's.
    expect(await salaryOf(user, salary.id)).toMatchObject({ employeeDeductions: 31_800 });
  });

  it('pays pro rata in a year the salary starts, after a raise in one payment, and with the last salary on leaving', async () => {
    const user = await signUp(app);
    const hired = await employeeBornOn(user, null, 'Neu Eintritt');
    // From 1 April 2027: 9 payments in 2027 → 9 × 6'000.00 / 12 = 4'500.00 with the November salary.
    await aSalary(user, hired.id, {
      amount: 600_000,
      fromDate: '2027-04-01',
      hasThirteenthSalary: true,
      thirteenthSalaryMonth: 11,
    });
    const raised = await employeeBornOn(user, null, 'Lohn Erhöhung');
    await aSalary(user, raised.id, { amount: 500_000, fromDate: '2026-01-01', hasThirteenthSalary: true });
    await aSalary(user, raised.id, { amount: 600_000, fromDate: '2027-07-01', hasThirteenthSalary: true });
    const leaving = await employeeBornOn(user, null, 'Austritt Juli');
    await aSalary(user, leaving.id, { amount: 600_000, fromDate: '2026-01-01', hasThirteenthSalary: true });
    await aSalary(user, leaving.id, { isTermination: true, fromDate: '2027-07-01' });

    const details = await detailsOf(user);
    expect(expenseOf(details, '2027-10', 'Löhne', 'Neu Eintritt')).toBe(-600_000);
    expect(expenseOf(details, '2027-11', 'Löhne', 'Neu Eintritt')).toBe(-1_050_000);
    expect(expenseOf(details, '2027-12', 'Löhne', 'Neu Eintritt')).toBe(-600_000);
    // 2026: 12 × 5'000.00 / 12 = 5'000.00. 2027: (6 × 5'000.00 + 6 × 6'000.00) / 12 = 5'500.00, in December.
    expect(expenseOf(details, '2026-12', 'Löhne', 'Lohn Erhöhung')).toBe(-1_000_000);
    expect(expenseOf(details, '2027-06', 'Löhne', 'Lohn Erhöhung')).toBe(-500_000);
    expect(expenseOf(details, '2027-12', 'Löhne', 'Lohn Erhöhung')).toBe(-1_150_000);
    // Leaving after June 2027: 6 × 6'000.00 / 12 = 3'000.00 with the June salary.
    expect(expenseOf(details, '2027-06', 'Löhne', 'Austritt Juli')).toBe(-900_000);
    expect(expenseOf(details, '2027-12', 'Löhne', 'Austritt Juli')).toBe(0);
  });

  it('refuses a month other than November or December and a salary that is not monthly; nothing is stored', async () => {
    const user = await signUp(app);
    const employee = await employeeBornOn(user, null);
    const post = (body: object) =>
      aSalaryBody(user, employee.id, { amount: 600_000, hasThirteenthSalary: true, ...body });
    expectFieldError(
      await post({ thirteenthSalaryMonth: 10 }),
      'thirteenthSalaryMonth',
      'Der 13. Monatslohn wird im November (11) oder Dezember (12) ausbezahlt',
    );
    expectFieldError(
      await post({ cycle: 'quarterly' }),
      'hasThirteenthSalary',
      'Ein 13. Monatslohn setzt einen monatlichen Lohn voraus',
    );
    const salary = await aSalary(user, employee.id, { amount: 600_000 });
    expectFieldError(
      await user.patch(`/api/employees/salaries/${salary.id}`, { thirteenthSalaryMonth: 6 }),
      'thirteenthSalaryMonth',
    );
    expectFieldError(
      await user.patch(`/api/employees/salaries/${salary.id}`, { hasThirteenthSalary: true, cycle: 'yearly' }),
      'hasThirteenthSalary',
    );
    const list = await user.get(`/api/employees/${employee.id}/salaries`);
    expect(list.json<{ data: Salary[] }>().data).toMatchObject([{ id: salary.id, hasThirteenthSalary: false }]);
  });
});

async function aSalaryBody(user: SignedInUser, employeeId: number, overrides: object) {
  const currency = (await user.get('/api/currencies')).json<{ id: number }[]>()[0]!;
  return user.post(`/api/employees/${employeeId}/salaries`, {
    hoursPerMonth: 180,
    cycle: 'monthly',
    currencyId: currency.id,
    vacationDaysPerYear: 25,
    fromDate: '2026-01-01',
    ...overrides,
  });
}
