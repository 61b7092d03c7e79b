import type { Locator, Page } from '@playwright/test';
import { expect } from '../fixtures.js';

/**
 * The Szenarien pages: the list (`/scenarios`), one scenario's levers (`/scenarios/{id}`) and the
 * comparison (`/scenarios/compare?ids=…`).
 */

export function scenarioCards(page: Page): Locator {
  return page.getByRole('list', { name: 'Szenarien' }).getByRole('listitem');
}

export function scenarioCard(page: Page, name: string): Locator {
  return scenarioCards(page).filter({ has: page.getByRole('heading', { name, exact: true }) });
}

/** The lever cards of the open scenario, in their order (each named by its sentence). */
export function leverCards(page: Page): Locator {
  return page.getByRole('list', { name: 'Hebel' }).getByRole('listitem');
}

/** Opens the form of a new lever of the type (the menu "Hebel hinzufügen") and answers its dialog. */
export async function openNewLever(page: Page, typeLabel: string): Promise<Locator> {
  await page.getByRole('button', { name: 'Hebel hinzufügen' }).click();
  await page.getByRole('menuitem', { name: typeLabel, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `Hebel: ${typeLabel}` });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** The key figures of one entry of a comparison ("Kennzahlen: Basis"). */
export function kpis(page: Page, name: string): Locator {
  return page.getByRole('region', { name: `Kennzahlen: ${name}` });
}

/** The difference table of a scenario against the base. */
export function differenceTable(page: Page, name: string): Locator {
  return page.getByRole('table', { name: `Unterschiede von «${name}» zur Basis je Monat` });
}
