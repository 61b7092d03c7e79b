import { expect, signUp, test, toasts, twoPaintsLater } from './support/fixtures.js';

const expiryText = 'Ihre Session ist aus Sicherheitsgründen abgelaufen. Bitte loggen Sie sich erneut ein.';

test('a first-time visitor is sent to login without an expiry message', async ({ page }) => {
  await page.goto('/employees');
  await expect(page).toHaveURL('/auth');
  await expect(page.getByRole('heading', { level: 1, name: 'Login' })).toBeVisible();
  // The login page shows the message from its first render's effect.
  await twoPaintsLater(page);
  await expect(page.getByText(expiryText)).toHaveCount(0);
  expect(await page.evaluate(() => Object.keys(localStorage))).not.toContain('saldopilot:sessionExpired');
});

test('an answer with logout: true while working ends in login with the info toast, shown once', async ({ page }) => {
  await signUp(page);
  await page.goto('/settings/profile');
  await expect(page.getByRole('textbox', { name: 'Name' })).toHaveValue('Anna Muster');
  await expect(page.getByRole('combobox', { name: 'Organisation' })).toHaveValue('Meine Organisation');
  await page.waitForLoadState('networkidle');
  // The server ends the session (e.g. revoked elsewhere): the next call answers 401 with logout.
  await page.context().clearCookies();
  await page.getByRole('navigation', { name: 'Einstellungen' }).getByRole('link', { name: 'Organisationen' }).click();
  await expect(page).toHaveURL('/auth');
  const toast = toasts(page).getByRole('status');
  await expect(toast).toContainText('Info');
  await expect(toast).toContainText(expiryText);
  expect(await page.evaluate(() => localStorage.getItem('saldopilot:sessionExpired'))).toBeNull();

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Login' })).toBeVisible();
  // The login page shows the message from its first render's effect.
  await twoPaintsLater(page);
  await expect(page.getByText(expiryText)).toHaveCount(0);
});

test('a session that expired between visits is reported on the next page load', async ({ page }) => {
  await signUp(page);
  await page.goto('/');
  await expect(page.getByRole('combobox', { name: 'Organisation' })).toHaveValue('Meine Organisation');
  await page.waitForLoadState('networkidle');
  await page.context().clearCookies();
  await page.goto('/transactions');
  await expect(page).toHaveURL('/auth');
  await expect(toasts(page).getByRole('status')).toContainText(expiryText);
});

test('after an explicit logout nobody is told the session expired', async ({ page }) => {
  await signUp(page);
  await page.goto('/');
  await page.getByRole('button', { name: 'Abmelden' }).click();
  await page.getByRole('dialog', { name: 'Abmelden' }).getByRole('button', { name: 'Ja' }).click();
  await expect(page).toHaveURL('/auth');
  await page.goto('/employees');
  await expect(page).toHaveURL('/auth');
  await expect(page.getByRole('heading', { level: 1, name: 'Login' })).toBeVisible();
  // The login page shows the message from its first render's effect.
  await twoPaintsLater(page);
  await expect(page.getByText(expiryText)).toHaveCount(0);
});
