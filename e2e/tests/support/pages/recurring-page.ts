import type { Locator, Page } from '@playwright/test';

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
