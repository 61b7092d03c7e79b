import type { Locator, Page } from '@playwright/test';

/** An account's Buchungen page (`/bank-accounts/:id/entries`): the table of its bank entries. */

export function entriesTable(page: Page): Locator {
  return page.getByRole('table', { name: 'Buchungen' });
}

export function entryRow(page: Page, text: string): Locator {
  return entriesTable(page).getByRole('row').filter({ hasText: text });
}
