import { expect, expectNoSeriousAxeViolations, signUp, test, twoPaintsLater } from './support/fixtures.js';

const entries = ['Prognose', 'Szenarien', 'Mitarbeitende', 'Transaktionen', 'Bankkonten', 'Einstellungen'];

test('large screens: side navigation with the entries, the active one highlighted', async ({ page }) => {
  await signUp(page);
  await page.goto('/transactions');
  const nav = page.getByRole('navigation', { name: 'Hauptnavigation' });
  await expect(nav.getByRole('link')).toHaveText(entries);
  await expect(nav.getByRole('button', { name: 'Abmelden' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Transaktionen' })).toHaveAttribute('aria-current', 'page');
  await expect(nav.locator('[aria-current="page"]')).toHaveCount(1);
  // No top bar and no menu button on large screens.
  await expect(page.getByRole('button', { name: 'Menü öffnen' })).toHaveCount(0);
  await nav.getByRole('link', { name: 'Einstellungen' }).click();
  await expect(nav.getByRole('link', { name: 'Einstellungen' })).toHaveAttribute('aria-current', 'page');
  await expect(nav.getByRole('link', { name: 'Transaktionen' })).not.toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('link', { name: 'SaldoPilot, zur Prognose' })).toBeVisible();
});

test.describe('small screens', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('a top bar with the home link and a menu button that opens the drawer "Menü"', async ({ page }) => {
    await signUp(page);
    await page.goto('/employees');
    await expect(page.getByRole('navigation', { name: 'Hauptnavigation' })).toHaveCount(0);
    const home = page.getByRole('link', { name: 'SaldoPilot, zur Prognose' });
    await expect(home).toHaveText('SaldoPilot');
    await expect(home.getByText('Pilot', { exact: true })).toHaveCSS('color', /rgb\(/);

    await page.getByRole('button', { name: 'Menü öffnen' }).click();
    const drawer = page.getByRole('dialog', { name: 'Menü' });
    await expect(drawer).toBeVisible();
    // It comes from the right.
    const box = await drawer.boundingBox();
    expect(box && box.x + box.width).toBeGreaterThanOrEqual(374);
    const nav = drawer.getByRole('navigation', { name: 'Hauptnavigation' });
    await expect(nav.getByRole('link')).toHaveText(entries);
    await expect(nav.getByRole('link', { name: 'Mitarbeitende' })).toHaveAttribute('aria-current', 'page');
    await expect(drawer.getByRole('combobox', { name: 'Organisation' })).toHaveValue('Meine Organisation');
    await expectNoSeriousAxeViolations(page);

    await nav.getByRole('link', { name: 'Bankkonten' }).click();
    await expect(drawer).toBeHidden();
    await expect(page).toHaveURL('/bank-accounts');
    await expect(page.getByRole('heading', { level: 1, name: 'Bankkonten' })).toBeVisible();

    await home.click();
    await expect(page).toHaveURL('/');
  });

  test('the drawer closes with its close button and with Escape', async ({ page }) => {
    await signUp(page);
    await page.goto('/');
    await page.getByRole('button', { name: 'Menü öffnen' }).click();
    await page.getByRole('dialog', { name: 'Menü' }).getByRole('button', { name: 'Menü schliessen' }).click();
    await expect(page.getByRole('dialog', { name: 'Menü' })).toBeHidden();
    await page.getByRole('button', { name: 'Menü öffnen' }).click();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: 'Menü' })).toBeHidden();
  });
});

test('logout asks first: Nein stays, Ja signs out to the login page without any expiry message', async ({ page }) => {
  await signUp(page);
  await page.goto('/bank-accounts');
  await page.getByRole('button', { name: 'Abmelden' }).click();
  const dialog = page.getByRole('dialog', { name: 'Abmelden' });
  await expect(dialog).toContainText('Möchten Sie sich wirklich abmelden?');
  await expect(dialog.getByRole('button', { name: 'Ja' })).toBeFocused();
  await expectNoSeriousAxeViolations(page);
  await dialog.getByRole('button', { name: 'Nein' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL('/bank-accounts');

  await page.getByRole('button', { name: 'Abmelden' }).click();
  await page.getByRole('dialog', { name: 'Abmelden' }).getByRole('button', { name: 'Ja' }).click();
  await expect(page).toHaveURL('/auth');
  await expect(page.getByRole('heading', { level: 1, name: 'Login' })).toBeVisible();
  // The login page shows the message from its first render's effect.
  await twoPaintsLater(page);
  await expect(page.getByText('Ihre Session ist aus Sicherheitsgründen abgelaufen', { exact: false })).toHaveCount(0);
  // The session is gone on the server too.
  expect((await page.request.get('/api/profile')).status()).toBe(401);
  await page.goto('/');
  await expect(page).toHaveURL('/auth');
});

test('the shell is only for signed-in users', async ({ page }) => {
  await page.goto('/auth');
  await expect(page.getByRole('navigation', { name: 'Hauptnavigation' })).toHaveCount(0);
  await expect(page.getByRole('combobox', { name: 'Organisation' })).toHaveCount(0);
  await expect(page.getByText(/Serverdatum/)).toHaveCount(0);
});

for (const colorScheme of ['light', 'dark'] as const) {
  test(`the shell is accessible in the ${colorScheme} scheme`, async ({ page }) => {
    await page.emulateMedia({ colorScheme });
    await signUp(page);
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', colorScheme);
    await expect(page.getByText('Serverdatum: 21.11.2026')).toBeVisible();
    await expectNoSeriousAxeViolations(page);
  });
}

test('keyboard only: menu, drawer and dialogs work without a mouse', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await signUp(page);
  await page.goto('/');
  await page.getByRole('button', { name: 'Menü öffnen' }).focus();
  await page.keyboard.press('Enter');
  const drawer = page.getByRole('dialog', { name: 'Menü' });
  await expect(drawer).toBeVisible();
  // Focus is trapped in the drawer; tab to "Transaktionen" and open it.
  const transactions = drawer.getByRole('link', { name: 'Transaktionen' });
  for (
    let step = 0;
    step < 12 && !(await transactions.evaluate((link) => link === document.activeElement));
    step += 1
  ) {
    await page.keyboard.press('Tab');
  }
  await expect(transactions).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL('/transactions');
  await expect(drawer).toBeHidden();

  // Logout dialog: Enter on the focused "Ja" would log out; Escape closes it instead.
  await page.getByRole('button', { name: 'Menü öffnen' }).focus();
  await page.keyboard.press('Enter');
  const logout = drawer.getByRole('button', { name: 'Abmelden' });
  for (let step = 0; step < 12 && !(await logout.evaluate((button) => button === document.activeElement)); step += 1) {
    await page.keyboard.press('Tab');
  }
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('dialog', { name: 'Abmelden' });
  await expect(confirm.getByRole('button', { name: 'Ja' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(confirm).toBeHidden();
  await expect(page).toHaveURL('/transactions');
});

test('the first Tab offers "Zum Inhalt springen", which skips the menu to the page', async ({ page }) => {
  await signUp(page);
  await page.goto('/bank-accounts');
  await expect(page.getByRole('heading', { level: 1, name: 'Bankkonten' })).toBeVisible();
  const skip = page.getByRole('link', { name: 'Zum Inhalt springen' });
  await expect(skip).not.toBeInViewport();
  await page.keyboard.press('Tab');
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL('/bank-accounts');
  await page.keyboard.press('Tab');
  // The page's first control, not the menu's first entry.
  await expect(page.getByRole('button', { name: 'Bankkonto hinzufügen' })).toBeFocused();
  await expectNoSeriousAxeViolations(page);
});

test('a screen reader hears of the new page after a navigation', async ({ page }) => {
  await signUp(page);
  await page.goto('/transactions');
  await expect(page.getByRole('heading', { level: 1, name: 'Transaktionen' })).toBeVisible();
  await page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'Bankkonten' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Bankkonten' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'SaldoPilot' })).toHaveText('Bankkonten - SaldoPilot');
  await page.getByRole('link', { name: 'Einstellungen' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'SaldoPilot' })).toHaveText('Profil - SaldoPilot');
});
