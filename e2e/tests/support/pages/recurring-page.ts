import type { Locator, Page } from '@playwright/test';
import { expect } from '../fixtures.js';

/** The list "Wiederkehrende Zahlungen" (docs/recurring.md): the dialog, its rows, a row by counterparty. */

export function recurringDialog(page: Page): Locator {
  return page.getByRole('dialog', { name: 'Wiederkehrende Zahlungen' });
}

export function suggestionRows(page: Page): Locator {
  return recurringDialog(page).getByTestId('recurring-suggestion');
}

export function suggestionRow(page: Page, counterparty: string): Locator {
  return suggestionRows(page).filter({ hasText: counterparty });
}

/** Ticks a row's checkbox. */
export async function selectSuggestion(page: Page, counterparty: string): Promise<void> {
  await recurringDialog(page)
    .getByRole('checkbox', { name: `Auswählen: ${counterparty}` })
    .check();
}

/** Chooses a row's category. */
export async function chooseCategory(page: Page, counterparty: string, category: string): Promise<void> {
  await recurringDialog(page)
    .getByRole('combobox', { name: `Kategorie: ${counterparty}` })
    .click();
  await page.getByRole('option', { name: category, exact: true }).click();
}

/** A statement imported in the dialog "Kontoauszug importieren" on Bankkonten, into the named account. */
export async function importInDialog(
  page: Page,
  file: { name: string; mimeType: string; buffer: Buffer },
  accountName: string,
): Promise<void> {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Kontoauszug importieren' }).click();
  await (await chooser).setFiles(file);
  const importDialog = page.getByRole('dialog', { name: 'Kontoauszug importieren' });
  await importDialog.getByRole('combobox', { name: 'Konto für diesen Auszug' }).click();
  await page.getByRole('option', { name: accountName }).click();
  await importDialog.getByRole('button', { name: 'Importieren' }).click();
  await expect(importDialog).toBeHidden();
}
