import { apiWrite, expect, expectNoSeriousAxeViolations, signUp, test } from './support/fixtures.js';

test.describe('signed out', () => {
  test('a visitor on a page of the app goes to login, and the page leaves no history entry', async ({ page }) => {
    await page.goto('/auth/registration');
    await page.goto('/employees');
    await expect(page).toHaveURL('/auth');
    await expect(page).toHaveTitle('Login - SaldoPilot');
    await page.goBack();
    // Back leads to the page before, not to /employees (which would redirect again).
    await expect(page).toHaveURL('/auth/registration');
  });

  test('every page outside the five auth pages needs a sign-in, unknown ones too', async ({ page }) => {
    for (const path of [
      '/',
      '/forecasts',
      '/settings',
      '/settings/app',
      '/transactions',
      '/bank-accounts',
      '/nowhere',
    ]) {
      await page.goto(path);
      await expect(page, path).toHaveURL('/auth');
    }
  });

  test('the five auth pages and the invitation page are open, each with its title', async ({ page }) => {
    const pages = {
      '/auth': 'Login',
      '/auth/registration': 'Registrierung',
      '/auth/validate': 'Validierung',
      '/auth/forgot-password': 'Passwort vergessen',
      '/auth/reset-password': 'Passwort zurücksetzen',
      '/auth/invitation': 'Einladung',
    };
    for (const [path, title] of Object.entries(pages)) {
      await page.goto(path);
      await expect(page).toHaveURL(path);
      await expect(page).toHaveTitle(`${title} - SaldoPilot`);
      await expect(page.locator('html')).toHaveAttribute('lang', 'de-CH');
    }
  });

  test('pages opened from a mailed link ask search engines to stay away; login and registration do not', async ({
    page,
  }) => {
    const robots = page.locator('meta[name="robots"]');
    for (const path of ['/auth/validate', '/auth/forgot-password', '/auth/reset-password', '/auth/invitation']) {
      await page.goto(path);
      await expect(robots).toHaveAttribute('content', 'noindex,nofollow');
    }
    for (const path of ['/auth', '/auth/registration']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(robots).toHaveCount(0);
    }
    // Leaving such a page within the app takes the note away.
    await page.goto('/auth/forgot-password');
    await page.getByRole('link', { name: 'Zurück zum Login' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Login' })).toBeVisible();
    await expect(robots).toHaveCount(0);
  });
});

test.describe('signed in', () => {
  test('the profile is fetched once per app load, not on every navigation', async ({ page }) => {
    await signUp(page);
    let profileCalls = 0;
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/profile' && request.method() === 'GET') profileCalls += 1;
    });
    await page.goto('/');
    await expect(page).toHaveTitle('Prognose - SaldoPilot');
    const nav = page.getByRole('navigation', { name: 'Hauptnavigation' });
    for (const [label, title] of [
      ['Mitarbeitende', 'Mitarbeitende'],
      ['Transaktionen', 'Transaktionen'],
      ['Bankkonten', 'Bankkonten'],
      ['Einstellungen', 'Profil'],
      ['Prognose', 'Prognose'],
    ] as const) {
      await nav.getByRole('link', { name: label }).click();
      await expect(page).toHaveTitle(`${title} - SaldoPilot`);
    }
    expect(profileCalls).toBe(1);
  });

  test('the auth pages send a signed-in user home', async ({ page }) => {
    await signUp(page);
    for (const path of [
      '/auth',
      '/auth/registration',
      '/auth/validate',
      '/auth/forgot-password',
      '/auth/reset-password',
    ]) {
      await page.goto(path);
      await expect(page, path).toHaveURL('/');
    }
    await expect(page).toHaveTitle('Prognose - SaldoPilot');
  });

  test('the invitation page stays open for a signed-in user (docs/web.md "Session")', async ({ page }) => {
    await signUp(page);
    await page.goto('/auth/invitation?token=abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG');
    await expect(page.getByRole('alert')).toContainText('Dieser Einladungslink ist nicht gültig');
    await expect(page).toHaveURL('/auth/invitation?token=abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG');
    await expect(page).toHaveTitle('Einladung - SaldoPilot');
  });

  test('routes by name: the forecasts name leads home, pages have their titles', async ({ page }) => {
    await signUp(page);
    await page.goto('/forecasts');
    await expect(page).toHaveURL('/');
    for (const [path, title] of [
      ['/employees', 'Mitarbeitende - SaldoPilot'],
      ['/employees/5', 'Mitarbeitende - SaldoPilot'],
      ['/transactions', 'Transaktionen - SaldoPilot'],
      ['/bank-accounts', 'Bankkonten - SaldoPilot'],
      ['/settings/profile', 'Profil - SaldoPilot'],
      ['/settings/app', 'App Einstellungen - SaldoPilot'],
    ] as const) {
      await page.goto(path);
      await expect(page).toHaveTitle(title);
    }
  });

  test('/settings opens the tab visited last, the profile at first', async ({ page }) => {
    await signUp(page);
    await page.goto('/settings');
    await expect(page).toHaveURL('/settings/profile');
    await page.getByRole('link', { name: 'App' }).click();
    await expect(page).toHaveURL('/settings/app');
    await page.goto('/settings');
    await expect(page).toHaveURL('/settings/app');
    await page.getByRole('navigation', { name: 'Einstellungen' }).getByRole('link', { name: 'Organisationen' }).click();
    await expect(page).toHaveURL(/\/settings\/organisations\/\d+$/);
    await page.goto('/settings');
    await expect(page).toHaveURL(/\/settings\/organisations\/\d+$/);
  });

  test('/settings/organisations opens the current organisation', async ({ page }) => {
    await signUp(page);
    const second = await apiWrite<{ id: number }>(page, 'POST', '/api/organisations', {
      name: 'Zweite AG',
      currencyId: 1,
    });
    await apiWrite(page, 'PATCH', '/api/profile/organisation', { organisationId: second.id });
    await page.goto('/settings/organisations');
    await expect(page).toHaveURL(`/settings/organisations/${second.id}`);
    await expect(page.getByRole('heading', { level: 2, name: 'Zweite AG' })).toBeVisible();
    // Replaced, not pushed: back does not return to the redirecting address.
    expect(await page.evaluate(() => window.history.length)).toBeLessThanOrEqual(2);
  });

  test('an unknown path shows the non-fatal 404 inside the app', async ({ page }) => {
    await signUp(page);
    await page.goto('/does-not-exist');
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found: /does-not-exist' })).toBeVisible();
    await expect(page.getByText('404', { exact: true })).toBeVisible();
    await expect(page).toHaveTitle('Seite nicht gefunden - SaldoPilot');
    // Non-fatal: the navigation of the app is still there.
    await expect(page.getByRole('navigation', { name: 'Hauptnavigation' })).toBeVisible();
    await expectNoSeriousAxeViolations(page);
    await page.getByRole('link', { name: 'Zur Startseite' }).click();
    await expect(page).toHaveURL('/');
  });

  test('a route-meta validation failure shows the fatal 404 instead of the app', async ({ page }) => {
    await signUp(page);
    for (const path of ['/employees/abc', '/settings/organisations/0']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: `Page Not Found: ${path}` })).toBeVisible();
      await expect(page.getByText('404', { exact: true })).toBeVisible();
      await expect(page.getByRole('navigation', { name: 'Hauptnavigation' })).toHaveCount(0);
    }
    await expect(page).toHaveTitle('Seite nicht gefunden - SaldoPilot');
    await expectNoSeriousAxeViolations(page);
  });

  test('a failed profile load is fatal with the catalogue message, and not retried', async ({ page }) => {
    // Signed in first: without a session cookie the app does not ask for the profile (docs/web.md "First load").
    await signUp(page);
    let calls = 0;
    await page.route('**/api/profile', (route) => {
      calls += 1;
      return route.fulfill({ status: 503, json: { error: 'Wartung', code: 'UNAVAILABLE' } });
    });
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Benutzer konnte nicht geladen werden' })).toBeVisible();
    await expect(page.getByText('503', { exact: true })).toBeVisible();
    expect(calls).toBe(1);
  });
});
