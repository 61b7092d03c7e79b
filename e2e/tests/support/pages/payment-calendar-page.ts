import type { Locator, Page } from '@playwright/test';
import { apiGet, apiWrite, referenceIds } from '../fixtures.js';

/** The section "Zahlungskalender" of the organisation settings (docs/payment-calendar.md). */

/** Opens the settings of the current organisation and answers the calendar's form. */
export async function openPaymentCalendar(page: Page): Promise<Locator> {
  const { currentOrganisationId } = await apiGet<{ currentOrganisationId: number }>(page, '/api/profile');
  await page.goto(`/settings/organisations/${currentOrganisationId}`);
  return page.getByRole('form', { name: 'Zahlungskalender' });
}

/** The switch that lets a fund collect by the calendar. */
export function fundSwitch(form: Locator, label: string): Locator {
  return form.getByRole('switch', { name: label });
}

/** Saves the calendar and waits for the confirmation. */
export async function saveCalendar(form: Locator): Promise<void> {
  await form.getByRole('button', { name: 'Zahlungskalender speichern' }).click();
  await form.getByText('Zahlungskalender wurde gespeichert').waitFor();
}

/** An employee paid 8'000.00 a month from January 2026 with AHV/IV/EO 5.3 % on both sides: 848.00 a month. */
export async function anEmployeeWithAhv(page: Page): Promise<void> {
  const ids = await referenceIds(page);
  const employee = await apiWrite<{ id: number }>(page, 'POST', '/api/employees', { name: 'Beat Beispiel' });
  const salary = await apiWrite<{ id: number }>(page, 'POST', `/api/employees/${employee.id}/salaries`, {
    hoursPerMonth: 180,
    amount: 8_000_00,
    cycle: 'monthly',
    currencyId: ids.chf,
    vacationDaysPerYear: 25,
    fromDate: '2026-01-01',
  });
  await apiWrite(page, 'POST', `/api/employees/salaries/${salary.id}/costs/presets`, { items: [{ preset: 'ahv' }] });
}
