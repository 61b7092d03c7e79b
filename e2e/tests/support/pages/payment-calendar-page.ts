import type { Locator, Page } from '@playwright/test';
import { apiGet } from '../fixtures.js';

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
