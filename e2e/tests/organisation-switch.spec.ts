import type { Page } from '@playwright/test';
import { apiGet, apiWrite, expect, expectNoSeriousAxeViolations, signUp, test, toasts } from './support/fixtures.js';

async function withTwoOrganisations(page: Page) {
  await signUp(page);
  const second = await apiWrite<{ id: number; name: string }>(page, 'POST', '/api/organisations', {
    name: 'Zweite Gesellschaft AG',
    currencyId: 1,
  });
  await page.goto('/employees');
  const select = page.getByRole('combobox', { name: 'Organisation' });
  await expect(select).toHaveValue('Meine Organisation');
  return { second, select };
}

async function currentOrganisationId(page: Page): Promise<number> {
  return (await apiGet<{ currentOrganisationId: number }>(page, '/api/profile')).currentOrganisationId;
}

test('the dropdown lists the organisations by name; picking the current one does nothing', async ({ page }) => {
  const { select } = await withTwoOrganisations(page);
  const before = await currentOrganisationId(page);
  await select.click();
  const listbox = page.getByRole('listbox');
  await expect(listbox.getByRole('option')).toHaveText(['Meine Organisation', 'Zweite Gesellschaft AG']);
  await expectNoSeriousAxeViolations(page);
  await listbox.getByRole('option', { name: 'Meine Organisation' }).click();
  await expect(page.getByRole('dialog', { name: 'Organisation wechseln' })).toHaveCount(0);
  expect(await currentOrganisationId(page)).toBe(before);
});

test('Nein keeps the current organisation and shows it again', async ({ page }) => {
  const { select } = await withTwoOrganisations(page);
  const before = await currentOrganisationId(page);
  let patches = 0;
  page.on('request', (request) => request.method() === 'PATCH' && (patches += 1));
  await select.click();
  await page.getByRole('option', { name: 'Zweite Gesellschaft AG' }).click();
  const dialog = page.getByRole('dialog', { name: 'Organisation wechseln' });
  await expect(dialog).toContainText('Möchten Sie die Organisation auf "Zweite Gesellschaft AG" wechseln?');
  await expectNoSeriousAxeViolations(page);
  await dialog.getByRole('button', { name: 'Nein' }).click();
  await expect(dialog).toBeHidden();
  await expect(select).toHaveValue('Meine Organisation');
  expect(patches).toBe(0);
  expect(await currentOrganisationId(page)).toBe(before);
});

test('Ja shows the spinner, switches on the server and reloads the app', async ({ page }) => {
  const { second, select } = await withTwoOrganisations(page);
  await page.route('**/api/profile/organisation', async (route) => {
    expect(route.request().postDataJSON()).toEqual({ organisationId: second.id });
    await new Promise((resolve) => setTimeout(resolve, 800));
    await route.continue();
  });
  const reloaded = page.waitForEvent('load');
  await select.click();
  await page.getByRole('option', { name: 'Zweite Gesellschaft AG' }).click();
  await page.getByRole('dialog', { name: 'Organisation wechseln' }).getByRole('button', { name: 'Ja' }).click();
  await expect(page.getByRole('status', { name: 'Bitte warten' })).toBeVisible();
  await reloaded;
  await expect(page).toHaveURL('/employees');
  await expect(page.getByRole('combobox', { name: 'Organisation' })).toHaveValue('Zweite Gesellschaft AG');
  await expect(page.getByRole('status', { name: 'Bitte warten' })).toHaveCount(0);
  expect(await currentOrganisationId(page)).toBe(second.id);
});

test('with "do not ask" set, the switch happens without the question', async ({ page }) => {
  const { second, select } = await withTwoOrganisations(page);
  await page.goto('/settings/app');
  await page.getByRole('checkbox', { name: 'Nicht nachfragen beim Wechseln der Organisation' }).check();
  const reloaded = page.waitForEvent('load');
  await select.click();
  await page.getByRole('option', { name: 'Zweite Gesellschaft AG' }).click();
  await reloaded;
  await expect(page.getByRole('dialog', { name: 'Organisation wechseln' })).toHaveCount(0);
  expect(await currentOrganisationId(page)).toBe(second.id);
});

test('a failed switch hides the spinner, shows the error toast and keeps the organisation', async ({ page }) => {
  const { select } = await withTwoOrganisations(page);
  const before = await currentOrganisationId(page);
  await page.route('**/api/profile/organisation', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 600));
    await route.fulfill({ status: 500, json: { error: 'Kaputt', code: 'INTERNAL' } });
  });
  await select.click();
  await page.getByRole('option', { name: 'Zweite Gesellschaft AG' }).click();
  await page.getByRole('dialog', { name: 'Organisation wechseln' }).getByRole('button', { name: 'Ja' }).click();
  await expect(page.getByRole('status', { name: 'Bitte warten' })).toBeVisible();
  const toast = toasts(page).getByRole('alert');
  await expect(toast).toContainText('Fehler');
  await expect(toast).toContainText('Die Organisation konnte nicht geändert werden. Dies ist ein Systemfehler');
  await expect(page.getByRole('status', { name: 'Bitte warten' })).toHaveCount(0);
  await expect(select).toHaveValue('Meine Organisation');
  expect(await currentOrganisationId(page)).toBe(before);
});

test('the dropdown works with the keyboard', async ({ page }) => {
  const { select } = await withTwoOrganisations(page);
  await select.focus();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('listbox')).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Organisation wechseln' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Ja' })).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(dialog.getByRole('button', { name: 'Nein' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(select).toHaveValue('Meine Organisation');
});

test('with no organisations the dropdown says so', async ({ page }) => {
  await signUp(page);
  await page.route('**/api/organisations?*', (route) =>
    route.fulfill({
      json: { data: [], pagination: { currentPage: 1, limit: 100, totalCount: 0, totalPages: 1, totalRemaining: 0 } },
    }),
  );
  await page.goto('/');
  await page.getByRole('combobox', { name: 'Organisation' }).click();
  await expect(page.getByText('Keine Organisationen gefunden')).toBeVisible();
});
