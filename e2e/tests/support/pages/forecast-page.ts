import type { Locator, Page } from '@playwright/test';
import { expect } from '../fixtures.js';

/** The Prognose page (`/`): its table of months, its rows and how they are opened. */

export function forecastTable(page: Page): Locator {
  return page.getByRole('table', { name: 'Einnahmen, Ausgaben, Cashflow und Endsaldo je Monat' });
}

/** The forecast row whose header starts with `name` (an overdue row's header goes on with its marker). */
export function forecastRow(page: Page, name: string | RegExp): Locator {
  return forecastTable(page)
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name }) });
}

/** The cells of a row by its header's exact text (without the header cell). */
export function forecastCells(page: Page, rowName: string): Locator {
  return forecastTable(page)
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: rowName, exact: true }) })
    .getByRole('cell');
}

/** The Prognose's overdue rows (their header says "überfällig seit …"). */
export function overdueRows(page: Page): Locator {
  return forecastTable(page)
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: /überfällig seit/ }) });
}

/**
 * Opens the Prognose with the given sides (Einnahmen and Ausgaben unless told) and categories open
 * (the page remembers open rows; a category with no payment left in the shown months has no row).
 */
export async function openForecast(
  page: Page,
  categories: string[],
  sides: readonly ('Einnahmen' | 'Ausgaben')[] = ['Einnahmen', 'Ausgaben'],
  /** The Prognose's address: '/' for the base, '/?scenario=<id>' for a scenario. */
  path = '/',
): Promise<void> {
  await page.goto(path);
  const table = forecastTable(page);
  for (const side of sides) {
    const button = table.getByRole('button', { name: side, exact: true });
    if ((await button.getAttribute('aria-expanded')) === 'false') await button.click();
  }
  for (const category of categories) {
    const button = table.getByRole('button', { name: category, exact: true });
    if ((await button.getAttribute('aria-expanded')) === 'false') await button.click();
    await expect(button).toHaveAttribute('aria-expanded', 'true');
  }
}
