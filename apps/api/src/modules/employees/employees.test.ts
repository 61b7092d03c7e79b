import { describe, expect, it } from 'vitest';
import {
  representativeSalary,
  type EmployeeDetail,
  type EmployeeList,
  type Salary,
  type SalaryList,
  type TransactionList,
} from '@saldopilot/shared';
import { useTestApp } from '../../test/build-test-app.js';
import { browser, signUp, type SignedInUser } from '../../test/test-client.js';
import { aSalary, aSalaryCost, anEmployee, aTransaction } from '../../test/factories.js';
import { expectFieldError } from '../../test/expectations.js';

// Today in the test app is 2026-11-21.
const app = useTestApp();

async function employeeList(user: SignedInUser, query = ''): Promise<EmployeeList> {
  const response = await user.get(`/api/employees${query ? `?${query}` : ''}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<EmployeeList>();
}

async function salariesOf(user: SignedInUser, employeeId: number): Promise<Salary[]> {
  const response = await user.get(`/api/employees/${employeeId}/salaries`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<SalaryList>().data;
}

async function endsOf(user: SignedInUser, employeeId: number): Promise<[string, string | null][]> {
  return (await salariesOf(user, employeeId)).map((salary) => [salary.fromDate, salary.toDate]);
}

describe('employees', () => {
  it('creates, renames, reads and deletes an employee; without a salary its salary fields are empty', async () => {
    const user = await signUp(app);
    const created = await user.post('/api/employees', { name: '  Anna Muster ' });
    expect(created.statusCode, created.body).toBe(201);
    const employee = created.json<EmployeeDetail>();
    expect(employee).toEqual({
      id: expect.any(Number),
      name: 'Anna Muster',
      hoursPerMonth: null,
      salaryAmount: null,
      grossAmount: null,
      employerCosts: null,
      cycle: null,
      currency: null,
      vacationDaysPerYear: null,
      fromDate: null,
      toDate: null,
      isInFuture: false,
      isTerminated: false,
      willBeTerminated: false,
      salaryId: null,
      birthDate: null,
      salaryCount: 0,
      costCount: 0,
    });
    const renamed = await user.patch(`/api/employees/${employee.id}`, { name: 'Anna Beispiel' });
    expect(renamed.json<EmployeeDetail>().name).toBe('Anna Beispiel');
    expect((await user.delete(`/api/employees/${employee.id}`)).statusCode).toBe(204);
    expect((await user.get(`/api/employees/${employee.id}`)).statusCode).toBe(404);
  });

  it('refuses a missing or too long name (400, German, nothing stored)', async () => {
    const user = await signUp(app);
    expectFieldError(await user.post('/api/employees', { name: ' ' }), 'name', 'Name wird benötigt');
    expectFieldError(
      await user.post('/api/employees', { name: 'x'.repeat(101) }),
      'name',
      'Höchstens 100 Zeichen erlaubt',
    );
    expect((await employeeList(user)).pagination.totalCount).toBe(0);
  });

  it('answers the representative salary with gross, employer costs and the total, and counts salaries and costs', async () => {
    const user = await signUp(app);
    const employee = await anEmployee(user);
    const old = await aSalary(user, employee.id, { fromDate: '2025-01-01', amount: 700_000 });
    const current = await aSalary(user, employee.id, { fromDate: '2026-01-01', amount: 800_000 });
    await aSalaryCost(user, current.id, { amount: 5300, distributionType: 'both' });
    await aSalaryCost(user, old.id, { amountType: 'fixed', amount: 10_000, distributionType: 'employer' });
    const detail = (await user.get(`/api/employees/${employee.id}`)).json<EmployeeDetail>();
    expect(detail).toMatchObject({
      salaryId: current.id,
      grossAmount: 800_000,
      employerCosts: 42_400,
      salaryAmount: 842_400,
      hoursPerMonth: 180,
      vacationDaysPerYear: 25,
      cycle: 'monthly',
      fromDate: '2026-01-01',
      toDate: null,
      isInFuture: false,
      salaryCount: 2,
      costCount: 2,
    });
    expect(detail.currency).toMatchObject({ code: expect.any(String) });
  });

  it('shows a future hire as "Kommende Daten" and a scheduled and a past termination', async () => {
    const user = await signUp(app);
    const future = await anEmployee(user, { name: 'Future' });
    await aSalary(user, future.id, { fromDate: '2027-02-01' });
    const leaving = await anEmployee(user, { name: 'Leaving' });
    await aSalary(user, leaving.id, { fromDate: '2026-01-01' });
    // The salary's last payment before the termination (2026-12-01) is still ahead: it stays current.
    await aSalary(user, leaving.id, { isTermination: true, fromDate: '2027-01-01' });
    const gone = await anEmployee(user, { name: 'Gone' });
    await aSalary(user, gone.id, { fromDate: '2025-01-01' });
    await aSalary(user, gone.id, { isTermination: true, fromDate: '2026-10-01' });
    const byName = Object.fromEntries((await employeeList(user)).data.map((row) => [row.name, row]));
    expect(byName.Future).toMatchObject({ isInFuture: true, isTerminated: false, willBeTerminated: false });
    expect(byName.Leaving).toMatchObject({
      isInFuture: false,
      isTerminated: false,
      willBeTerminated: true,
      toDate: '2026-12-01',
    });
    expect(byName.Gone).toMatchObject({ isTerminated: true, salaryAmount: 0, hoursPerMonth: 0 });
    const shown = (await employeeList(user, 'hideTerminated=true')).data.map((row) => row.name);
    expect(shown).toEqual(['Future', 'Leaving']);
  });

  it('sorts in SQL by every field, searches and pages (German order, empty values last)', async () => {
    const user = await signUp(app);
    const rows = [
      ['Zoë', 2000, 600_000, 20, '2026-03-01'],
      ['Ärni', 1000, 900_000, 30, '2026-01-01'],
      ['beat', 3000, 700_000, 25, '2026-02-01'],
    ] as const;
    for (const [name, hours, amount, vacation, fromDate] of rows) {
      const employee = await anEmployee(user, { name });
      await aSalary(user, employee.id, { hoursPerMonth: hours / 10, amount, vacationDaysPerYear: vacation, fromDate });
    }
    await anEmployee(user, { name: 'Ohne Lohn' });
    const names = async (query: string) => (await employeeList(user, query)).data.map((row) => row.name);
    expect(await names('sortBy=name')).toEqual(['Ärni', 'beat', 'Ohne Lohn', 'Zoë']);
    expect(await names('sortBy=salaryAmount')).toEqual(['Zoë', 'beat', 'Ärni', 'Ohne Lohn']);
    expect(await names('sortBy=salaryAmount&sortOrder=DESC')).toEqual(['Ärni', 'beat', 'Zoë', 'Ohne Lohn']);
    expect(await names('sortBy=hoursPerMonth')).toEqual(['Ärni', 'Zoë', 'beat', 'Ohne Lohn']);
    expect(await names('sortBy=vacationDaysPerYear&sortOrder=DESC')).toEqual(['Ärni', 'beat', 'Zoë', 'Ohne Lohn']);
    expect(await names('sortBy=fromDate')).toEqual(['Ärni', 'beat', 'Zoë', 'Ohne Lohn']);
    expect(await names('search=E')).toEqual(['beat', 'Ohne Lohn']);
    const page = await employeeList(user, 'sortBy=name&limit=3&page=2');
    expect(page.data.map((row) => row.name)).toEqual(['Zoë']);
    expect(page.pagination).toMatchObject({ totalCount: 4, totalPages: 2, currentPage: 2 });
    expect((await user.get('/api/employees?sortBy=salary')).statusCode).toBe(400);
  });

  it('the representative salary in SQL agrees with the shared rule (table of timelines)', async () => {
    const user = await signUp(app);
    // Starts per employee; `!` marks a disabled salary, `x` a termination, `>date` an explicit end.
    const timelines = [
      ['2025-06-01', '2026-02-01', '2026-11-21!', '2026-11-22', '2027-03-01'],
      ['2026-11-21', '2026-11-22'],
      ['2025-01-01>2025-06-30', '2027-01-01'],
      ['2025-01-01>2025-06-30'],
      ['2026-01-01!', '2026-12-01!'],
      ['2024-01-01', '2026-06-01x', '2026-09-01'],
      ['2026-01-31', '2026-12-31x'],
      ['2024-05-01>2026-11-21'],
    ];
    for (const [index, timeline] of timelines.entries()) {
      const employee = await anEmployee(user, { name: `Person ${index}` });
      for (const entry of timeline) {
        const [start = '', end] = entry.replace(/[!x]/g, '').split('>');
        const created = entry.includes('x')
          ? await aSalary(user, employee.id, { isTermination: true, fromDate: start })
          : await aSalary(user, employee.id, { fromDate: start, ...(end ? { toDate: end } : {}) });
        if (entry.includes('!')) await user.patch(`/api/employees/salaries/${created.id}`, { isDisabled: true });
      }
      const expected = representativeSalary(await salariesOf(user, employee.id), '2026-11-21');
      const answered = (await user.get(`/api/employees/${employee.id}`)).json<EmployeeDetail>();
      expect(answered.salaryId, JSON.stringify(timeline)).toBe(expected?.id ?? null);
    }
  });

  it('deleting an employee takes its salaries and costs; its transactions stay without employee', async () => {
    const user = await signUp(app);
    const employee = await anEmployee(user);
    const salary = await aSalary(user, employee.id);
    await aSalaryCost(user, salary.id);
    const transaction = await aTransaction(user, { employeeId: employee.id, amount: -100_000 });
    expect((await user.delete(`/api/employees/${employee.id}`)).statusCode).toBe(204);
    expect((await user.get(`/api/employees/salaries/${salary.id}`)).statusCode).toBe(404);
    const stored = (await user.get('/api/transactions')).json<TransactionList>().data;
    expect(stored.find((row) => row.id === transaction.id)?.employee).toBeNull();
  });

  it('the transaction dialog finds terminated employees too (search over all)', async () => {
    const user = await signUp(app);
    const gone = await anEmployee(user, { name: 'Ehemalige Eva' });
    await aSalary(user, gone.id, { fromDate: '2025-01-01' });
    await aSalary(user, gone.id, { isTermination: true, fromDate: '2026-01-01' });
    const found = await employeeList(user, 'search=eva&hideTerminated=false&limit=20');
    expect(found.data.map((row) => [row.name, row.isTerminated])).toEqual([['Ehemalige Eva', true]]);
    const transaction = await aTransaction(user, { employeeId: gone.id, amount: -5_000 });
    expect(transaction.employee).toEqual({ id: gone.id, name: 'Ehemalige Eva' });
  });
});

describe('salaries', () => {
  it('creates a salary (201) with net and total cost, lists newest first', async () => {
    const user = await signUp(app);
    const employee = await anEmployee(user);
    const first = await aSalary(user, employee.id, { fromDate: '2025-01-01' });
    expect(first).toMatchObject({
      employeeId: employee.id,
      amount: 800_000,
      cycle: 'monthly',
      isTermination: false,
      isDisabled: false,
      hasSeparateCostsDefined: false,
      nextExecutionDate: '2026-12-01',
      employeeDeductions: 0,
      employerCosts: 0,
      netAmount: 800_000,
      totalCost: 800_000,
    });
    await aSalary(user, employee.id, { fromDate: '2026-01-01' });
    expect((await salariesOf(user, employee.id)).map((s) => s.fromDate)).toEqual(['2026-01-01', '2025-01-01']);
  });

  it("keeps the neighbours' Bis consistent after create, update and delete (docs/salary-rules.md)", async () => {
    const user = await signUp(app);
    const employee = await anEmployee(user);
    const a = await aSalary(user, employee.id, { fromDate: '2026-01-01' });
    const b = await aSalary(user, employee.id, { fromDate: '2026-08-01' });
    expect(await endsOf(user, employee.id)).toEqual([
      ['2026-08-01', null],
      ['2026-01-01', '2026-07-01'],
    ]);
    // An earlier one is capped before the first; a 31st stays on month ends.
    await aSalary(user, employee.id, { fromDate: '2025-01-31' });
    expect(await endsOf(user, employee.id)).toEqual([
      ['2026-08-01', null],
      ['2026-01-01', '2026-07-01'],
      ['2025-01-31', '2025-12-31'],
    ]);
    // Moving b: a's end follows; a submitted end of a salary with a later one is overridden.
    const moved = await user.patch(`/api/employees/salaries/${b.id}`, { fromDate: '2026-10-01' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await endsOf(user, employee.id)).toEqual([
      ['2026-10-01', null],
      ['2026-01-01', '2026-09-01'],
      ['2025-01-31', '2025-12-31'],
    ]);
    const overridden = await user.patch(`/api/employees/salaries/${a.id}`, { toDate: null });
    expect(overridden.json<Salary>().toDate).toBe('2026-09-01');
    // Deleting the last one: the one before has no end any more.
    expect((await user.delete(`/api/employees/salaries/${b.id}`)).statusCode).toBe(204);
    expect(await endsOf(user, employee.id)).toEqual([
      ['2026-01-01', null],
      ['2025-01-31', '2025-12-31'],
    ]);
  });

  it('a termination stores 0 and no end, caps the previous salary and takes no costs', async () => {
    const user = await signUp(app);
    const employee = await anEmployee(user);
    await aSalary(user, employee.id, { fromDate: '2026-01-01' });
    const termination = await aSalary(user, employee.id, { isTermination: true, fromDate: '2027-01-01' });
    expect(termination).toMatchObject({ amount: 0, hoursPerMonth: 0, vacationDaysPerYear: 0, toDate: null });
    expect(await endsOf(user, employee.id)).toEqual([
      ['2027-01-01', null],
      ['2026-01-01', '2026-12-01'],
    ]);
    const cost = await user.post(`/api/employees/salaries/${termination.id}/costs`, {
      cycle: 'monthly',
      amountType: 'fixed',
      amount: 100,
      distributionType: 'employee',
      relativeOffset: 1,
    });
    expect(cost.statusCode, cost.body).toBe(400);
    expect(cost.json<{ error: string }>().error).toBe('Einem Austritt können keine Lohnkosten zugeordnet werden');
    const changed = await user.patch(`/api/employees/salaries/${termination.id}`, { isTermination: false });
    expectFieldError(changed, 'isTermination', 'Unbekanntes Feld');
  });

  it('refuses a second salary on the same Von date with 409 and stores nothing', async () => {
    const user = await signUp(app);
    const employee = await anEmployee(user);
    const first = await aSalary(user, employee.id, { fromDate: '2026-01-01' });
    const other = await aSalary(user, employee.id, { fromDate: '2026-05-01' });
    const currencyId = first.currency.id;
    const body = {
      hoursPerMonth: 1,
      amount: 1,
      cycle: 'monthly',
      currencyId,
      vacationDaysPerYear: 1,
      fromDate: '2026-01-01',
    };
    const duplicate = await user.post(`/api/employees/${employee.id}/salaries`, body);
    expect(duplicate.statusCode, duplicate.body).toBe(409);
    expect(duplicate.json()).toMatchObject({ code: 'CONFLICT', error: 'Für dieses Datum besteht bereits ein Lohn' });
    const moved = await user.patch(`/api/employees/salaries/${other.id}`, { fromDate: '2026-01-01' });
    expect(moved.statusCode, moved.body).toBe(409);
    expect(await endsOf(user, employee.id)).toEqual([
      ['2026-05-01', null],
      ['2026-01-01', '2026-04-01'],
    ]);
  });

  it.each([
    [{ toDate: '2025-12-31' }, 'toDate', 'Bis darf nicht vor Von liegen'],
    [{ hoursPerMonth: 481 }, 'hoursPerMonth', 'Die Arbeitsstunden müssen zwischen 0 und 480 liegen'],
    [{ vacationDaysPerYear: 366 }, 'vacationDaysPerYear', 'Die Ferientage müssen zwischen 0 und 365 liegen'],
    [{ amount: -1 }, 'amount', 'Der Lohn darf nicht negativ sein'],
    [{ fromDate: '2026-02-30' }, 'fromDate', 'Ungültiger Datumswert'],
    [{ cycle: 'weekly' }, 'cycle', 'Zahlungs-Zyklus wird benötigt'],
    [{ currencyId: 999_999 }, 'currencyId', 'Ungültige Währung'],
    [{ amount: undefined }, 'amount', 'Lohn wird benötigt'],
  ])('refuses %j (400, German, nothing stored)', async (override, field, message) => {
    const user = await signUp(app);
    const employee = await anEmployee(user);
    const currencyId = (await aSalary(user, (await anEmployee(user)).id)).currency.id;
    const body = {
      hoursPerMonth: 160,
      amount: 500_000,
      cycle: 'monthly',
      currencyId,
      vacationDaysPerYear: 20,
      fromDate: '2026-01-01',
      ...override,
    };
    expectFieldError(await user.post(`/api/employees/${employee.id}/salaries`, body), field, message);
    expect(await salariesOf(user, employee.id)).toEqual([]);
  });

  it('refuses Bis before Von on an update of the merged row', async () => {
    const user = await signUp(app);
    const employee = await anEmployee(user);
    const salary = await aSalary(user, employee.id, { fromDate: '2026-03-01' });
    expectFieldError(
      await user.patch(`/api/employees/salaries/${salary.id}`, { toDate: '2026-02-01' }),
      'toDate',
      'Bis darf nicht vor Von liegen',
    );
    expect((await salariesOf(user, employee.id))[0]?.toDate).toBeNull();
  });

  it('disables and enables a salary (isDisabled toggle); a disabled one has no deductions', async () => {
    const user = await signUp(app);
    const employee = await anEmployee(user);
    const salary = await aSalary(user, employee.id);
    await aSalaryCost(user, salary.id);
    const disabled = (await user.patch(`/api/employees/salaries/${salary.id}`, { isDisabled: true })).json<Salary>();
    expect(disabled).toMatchObject({ isDisabled: true, employeeDeductions: 0, employerCosts: 0 });
    const enabled = (await user.patch(`/api/employees/salaries/${salary.id}`, { isDisabled: false })).json<Salary>();
    expect(enabled).toMatchObject({ isDisabled: false, employeeDeductions: 42_400, employerCosts: 42_400 });
  });

  it('answers 404 for a salary list of a missing employee', async () => {
    const user = await signUp(app);
    expect((await user.get('/api/employees/2147483647/salaries')).statusCode).toBe(404);
    expect(
      (await user.post('/api/employees/2147483647/salaries', { isTermination: true, fromDate: '2026-01-01' }))
        .statusCode,
    ).toBe(404);
  });
});

describe('without a session', () => {
  it('answers 401 with logout on every employees, salaries, costs and labels address, and stores nothing', async () => {
    const owner = await signUp(app);
    const employee = await anEmployee(owner, { name: 'Ohne Sitzung' });
    const salary = await aSalary(owner, employee.id, { amount: 500_000, fromDate: '2026-01-01' });
    const cost = await aSalaryCost(owner, salary.id);
    const reads = [
      '/api/employees',
      `/api/employees/${employee.id}`,
      `/api/employees/${employee.id}/salaries`,
      `/api/employees/salaries/${salary.id}`,
      `/api/employees/salaries/${salary.id}/costs`,
      `/api/employees/salaries/costs/${cost.id}`,
      '/api/employees/salaries/costs/labels',
    ];
    for (const path of reads) {
      const response = await browser(app).get(path);
      expect(response.statusCode, path).toBe(401);
      expect(response.json()).toMatchObject({ code: 'UNAUTHENTICATED', logout: true });
    }
    const created = await browser(app).post('/api/employees', { name: 'Eindringling' });
    expect(created.statusCode).toBe(401);
    const list = (await owner.get('/api/employees')).json<{ data: { name: string }[] }>();
    expect(list.data.map((row) => row.name)).toEqual(['Ohne Sitzung']);
  });
});
