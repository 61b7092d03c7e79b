import type { Locator, Page } from '@playwright/test';

/** The Plan/Ist page (`/plan-actual`): its table of months and categories. */

export function planActualTable(page: Page): Locator {
  return page.getByRole('table', { name: 'Plan, Ist und Abweichung je Monat und Kategorie' });
}
