import {
  apiGet,
  apiWrite,
  expect,
  expectNoSeriousAxeViolations,
  referenceIds,
  signUp,
  test,
  toasts,
} from './support/fixtures.js';
import { confirmWith } from './support/ui.js';

// The server's today is 2026-11-21 (playwright.config FIXED_TODAY).

test.describe('Szenario in die Basis übernehmen', () => {
  test('every lever type is promoted; where the base changed since, the conflicts are shown side by side with a choice each', async ({
    page,
  }) => {
    test.slow();
    await signUp(page);
    const ids = await referenceIds(page);
    const rent = await apiWrite<{ id: number }>(page, 'POST', '/api/transactions', {
      name: 'Miete',
      amount: -2_000_00,
      type: 'repeating',
      cycle: 'monthly',
      startDate: '2026-01-15',
      categoryId: ids.general,
      currencyId: ids.chf,
    });
    const employee = await apiWrite<{ id: number }>(page, 'POST', '/api/employees', { name: 'Carla Beispiel' });
    await apiWrite(page, 'POST', `/api/employees/${employee.id}/salaries`, {
      hoursPerMonth: 180,
      amount: 6_000_00,
      cycle: 'monthly',
      currencyId: ids.chf,
      vacationDaysPerYear: 25,
      fromDate: '2026-01-01',
    });
    const scenario = await apiWrite<{ id: number }>(page, 'POST', '/api/scenarios', {
      name: 'Umbau',
      levers: [
        { type: 'transaction', action: 'change', transactionId: rent.id, from: '2027-01-01', amount: -2_500_00 },
        { type: 'leave', employeeId: employee.id, date: '2027-04-01' },
        { type: 'delay', days: 30, from: '2027-01-01', side: 'expense' },
        { type: 'percentage', percent: 5, from: '2027-02-01', to: '2027-12-31', side: 'expense' },
        { type: 'raise', from: '2027-01-01', percent: 2 },
        {
          type: 'hire',
          name: 'Entwicklerin',
          from: '2027-03-01',
          salary: 8_500_00,
          currencyId: ids.chf,
          birthDate: '1992-04-01',
          payments: 13,
        },
        {
          type: 'loan',
          name: 'Bankkredit',
          date: '2027-01-15',
          amount: 100_000_00,
          currencyId: ids.chf,
          ratePercent: 4.5,
          repayment: 'annuity',
          cycle: 'quarterly',
          payments: 20,
        },
      ],
    });
    // Meanwhile the base changes the rent and plans Carla's exit for June.
    await apiWrite(page, 'PATCH', `/api/transactions/${rent.id}`, { amount: -2_100_00 });
    await apiWrite(page, 'POST', `/api/employees/${employee.id}/salaries`, {
      fromDate: '2027-06-01',
      isTermination: true,
    });

    await page.goto(`/scenarios/${scenario.id}`);
    await page.getByRole('button', { name: 'In die Basis übernehmen' }).click();
    await confirmWith(page, 'In die Basis übernehmen', /verlassen das Szenario/);

    // Original / base now / scenario side by side, one choice per conflict.
    const dialog = page.getByRole('dialog', { name: 'Die Basis wurde inzwischen geändert' });
    await expect(dialog).toBeVisible();
    const rows = dialog.getByRole('row');
    await expect(rows).toHaveCount(3);
    await expect(rows.nth(0)).toContainText('Ursprünglich');
    await expect(rows.nth(0)).toContainText('Basis jetzt');
    const amount = dialog.getByRole('row', { name: /Betrag/ });
    await expect(amount.getByRole('cell').nth(0)).toHaveText("-2'000.00");
    await expect(amount.getByRole('cell').nth(1)).toHaveText("-2'100.00");
    await expect(amount.getByRole('cell').nth(2)).toHaveText("-2'500.00");
    const exit = dialog.getByRole('row', { name: /Austrittsdatum/ });
    await expect(exit.getByRole('cell').nth(0)).toHaveText('–');
    await expect(exit.getByRole('cell').nth(1)).toHaveText('01.06.2027');
    await expect(exit.getByRole('cell').nth(2)).toHaveText('01.04.2027');
    await expectNoSeriousAxeViolations(page);

    // The scenario's rent, the base's exit.
    await dialog.getByRole('radiogroup', { name: 'Wahl für Betrag' }).getByLabel('Szenario übernehmen').check();
    await expect(
      dialog.getByRole('radiogroup', { name: 'Wahl für Austrittsdatum' }).getByLabel('Basis behalten'),
    ).toBeChecked();
    await dialog.getByRole('button', { name: 'In die Basis übernehmen' }).click();
    // A delay on all expenses writes one row per shifted occurrence: a heavier write on a loaded machine.
    await expect(toasts(page)).toContainText('7 Hebel wurden in die Basis übernommen', { timeout: 60_000 });
    await expect(page.getByText('Noch keine Hebel: das Szenario zeigt die Basis.')).toBeVisible();

    const transactions = await apiGet<{ data: { name: string; amount: number; category: { name: string } }[] }>(
      page,
      '/api/transactions?page=1&limit=100',
    );
    expect(transactions.data.some((row) => row.name === 'Miete' && row.amount === -2_625_00)).toBe(true);
    expect(transactions.data.filter((row) => row.name === 'Bankkredit').map((row) => row.category.name)).toContain(
      'Zins und Amortisation',
    );
    const employees = await apiGet<{ data: { name: string }[] }>(page, '/api/employees?page=1&limit=100');
    expect(employees.data.map((row) => row.name).sort()).toEqual(['Carla Beispiel', 'Entwicklerin']);
    const salaries = await apiGet<{ data: { fromDate: string; isTermination: boolean }[] }>(
      page,
      `/api/employees/${employee.id}/salaries?page=1&limit=100`,
    );
    expect(salaries.data.filter((row) => row.isTermination).map((row) => row.fromDate)).toEqual(['2027-06-01']);
  });
});
