import type { Page } from '@playwright/test';
import { expect, signUp, test } from './support/fixtures.js';

const garbage = [
  'settings-tab=%22danger%22',
  'skip-organisation-switch-question=yes',
  'color-scheme=%7Bbroken',
  'forecast-months=999',
  'employees-sort=%7B%22field%22%3A%22password%22%7D',
];

test('garbage preference cookies read as the defaults', async ({ page, baseURL }) => {
  await signUp(page);
  const url = baseURL ?? '';
  await page.context().addCookies(
    garbage.map((cookie) => {
      const [name = '', value = ''] = cookie.split('=');
      return { name, value, url };
    }),
  );
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/settings');
  // settings tab: the default "profile".
  await expect(page).toHaveURL('/settings/profile');
  await page.getByRole('link', { name: 'App' }).click();
  // colour: "system" (here light), skip question: off.
  await expect(page.getByRole('radio', { name: 'System' })).toBeChecked();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'light');
  await expect(
    page.getByRole('checkbox', { name: 'Nicht nachfragen beim Wechseln der Organisation' }),
  ).not.toBeChecked();
});

test('preferences are cookies for a year, secure, lax, path /', async ({ page }) => {
  await signUp(page);
  await page.goto('/settings/app');
  await page.getByRole('checkbox', { name: 'Nicht nachfragen beim Wechseln der Organisation' }).check();
  await page.getByText('Dunkel', { exact: true }).click();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  const cookies = await page.context().cookies();
  const byName = Object.fromEntries(cookies.map((cookie) => [cookie.name, cookie]));
  for (const [name, value] of [
    ['skip-organisation-switch-question', 'true'],
    ['color-scheme', '%22dark%22'],
    ['settings-tab', '%22app%22'],
  ] as const) {
    const cookie = byName[name];
    expect(cookie, name).toBeDefined();
    expect(cookie?.value).toBe(value);
    expect(cookie?.secure).toBe(true);
    expect(cookie?.sameSite).toBe('Lax');
    expect(cookie?.path).toBe('/');
    const days = ((cookie?.expires ?? 0) * 1000 - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(364);
    expect(days).toBeLessThan(366);
  }
  // Kept across page loads.
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await expect(page.getByRole('checkbox', { name: 'Nicht nachfragen beim Wechseln der Organisation' })).toBeChecked();
  await expect(page.getByRole('radio', { name: 'Dunkel' })).toBeChecked();
});

test.describe('the colour mode is set before the app runs, so a dark page is never painted white first', () => {
  // Without the app's code only the page's own boot script can have set it (and the CSP allowed it).
  test.beforeEach(async ({ page }) => {
    await page.route(/\/assets\/index-[^/]+\.js$/, (route) => route.abort());
  });
  const scheme = (page: Page) => page.locator('html').getAttribute('data-mantine-color-scheme');

  test('a remembered choice wins over the system', async ({ page, baseURL }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.context().addCookies([{ name: 'color-scheme', value: '%22dark%22', url: baseURL }]);
    await page.goto('/auth');
    expect(await scheme(page)).toBe('dark');
  });

  test('"system" and unreadable values follow the system', async ({ page, baseURL }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    for (const value of ['%22system%22', '%7Bbroken', '%22purple%22']) {
      await page.context().addCookies([{ name: 'color-scheme', value, url: baseURL }]);
      await page.goto('/auth');
      expect(await scheme(page), value).toBe('dark');
    }
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/auth');
    expect(await scheme(page)).toBe('light');
  });
});
