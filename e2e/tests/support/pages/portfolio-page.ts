import type { Locator, Page } from '@playwright/test';

/** The Übersicht (`/overview`): one row per organisation of the user, the most urgent first. */

export function portfolioTable(page: Page): Locator {
  return page.getByRole('table', { name: 'Übersicht' });
}

/** The organisations' rows in the order shown. */
export function portfolioRows(page: Page): Locator {
  return portfolioTable(page).getByTestId('portfolio-row');
}

/** The row of the organisation `name`. */
export function portfolioRow(page: Page, name: string): Locator {
  return portfolioRows(page).filter({ has: page.getByRole('button', { name, exact: true }) });
}

/** Opens the organisation's Prognose from its row (the switch's question answered with Ja when asked). */
export async function openFromRow(page: Page, name: string): Promise<void> {
  await portfolioRow(page, name).getByRole('button', { name, exact: true }).click();
  const question = page.getByRole('dialog', { name: 'Organisation wechseln' });
  await question.getByRole('button', { name: 'Ja' }).click();
}
