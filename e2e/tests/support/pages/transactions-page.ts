import type { Locator, Page } from '@playwright/test';
import { apiWrite, type ReferenceIds } from '../fixtures.js';

/** The Transaktionen page (`/transactions`): its cards, its table, and transactions made through the API. */

export interface CreatedTransaction {
  id: number;
  name: string;
}

/** A transaction made through the API (test setup): single, 01.12.2026, CHF, "Generell" unless given. */
export async function addTransaction(
  page: Page,
  ids: ReferenceIds,
  fields: Record<string, unknown>,
): Promise<CreatedTransaction> {
  return apiWrite<CreatedTransaction>(page, 'POST', '/api/transactions', {
    type: 'single',
    startDate: '2026-12-01',
    categoryId: ids.general,
    currencyId: ids.chf,
    vatIncluded: false,
    ...fields,
  });
}

export function transactionCards(page: Page): Locator {
  return page.getByRole('list', { name: 'Transaktionen' }).getByRole('listitem');
}

/** The card whose title is `name` (a linked name adds "(öffnet in neuem Tab)" for screen readers). */
export function transactionCard(page: Page, name: string): Locator {
  const title = new RegExp(`^${name}( \\(öffnet in neuem Tab\\))?$`);
  return transactionCards(page).filter({ has: page.getByRole('heading', { name: title }) });
}

export function transactionsTable(page: Page): Locator {
  return page.getByRole('table', { name: 'Transaktionen' });
}

/** The names in the table, top to bottom (the first cell after the row checkbox). */
export function transactionNameCells(page: Page): Locator {
  return transactionsTable(page).locator('tbody tr td:nth-child(2)');
}
