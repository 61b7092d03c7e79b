import type { Locator, Page } from '@playwright/test';

/** The Bankkonten page (`/bank-accounts`): the card list of the grid view and one card by its account's name. */

export function accountCards(page: Page): Locator {
  return page.getByRole('list', { name: 'Bankkonten' }).getByRole('listitem');
}

export function accountCard(page: Page, name: string): Locator {
  return accountCards(page).filter({ has: page.getByRole('heading', { name, exact: true }) });
}
