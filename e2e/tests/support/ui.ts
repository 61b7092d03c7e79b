import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures.js';

/** Opens a select and picks the option with exactly this name. */
export async function choose(page: Page, combobox: Locator, option: string): Promise<void> {
  await combobox.click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Answers the confirm dialog titled `header`, after checking it says `message` ("Ja" unless told). */
export async function confirmWith(
  page: Page,
  header: string,
  message: string | RegExp,
  answer: 'Ja' | 'Nein' = 'Ja',
): Promise<void> {
  const dialog = page.getByRole('dialog', { name: header, exact: true });
  await expect(dialog).toContainText(message);
  await dialog.getByRole('button', { name: answer, exact: true }).click();
  await expect(dialog).toBeHidden();
}
