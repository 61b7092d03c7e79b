import { expect, signUp, test, twoPaintsLater } from './support/fixtures.js';

test('the footer note shows the server date in Europe/Zurich', async ({ page }) => {
  await signUp(page);
  // 23:30 UTC on the 20th is already the 21st in Zurich.
  await page.route('**/api/global/time', (route) => route.fulfill({ json: { date: '2026-11-20T23:30:00.000Z' } }));
  await page.goto('/');
  await expect(page.getByText('Serverdatum: 21.11.2026', { exact: true })).toBeVisible();
});

test('a new build shows the banner on focus; "Neu laden" reloads the page', async ({ page }) => {
  await page.goto('/auth');
  await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
  // The focus asks the server for its build; the banner would follow the answer.
  const answered = page.waitForResponse('**/version.json');
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));
  await (await answered).finished();
  await twoPaintsLater(page);
  // The same build: no banner.
  await expect(page.getByText('Es gibt eine neue Version dieser Webseite')).toHaveCount(0);

  await page.route('**/version.json', (route) => route.fulfill({ json: { buildId: 'a-newer-build' } }));
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));
  const banner = page.getByRole('status').filter({ hasText: 'Es gibt eine neue Version dieser Webseite' });
  await expect(banner).toBeVisible();
  const reloaded = page.waitForEvent('load');
  await banner.getByRole('button', { name: 'Neu laden' }).click();
  await reloaded;
});

test('the version is also checked every 5 minutes', async ({ page }) => {
  await page.clock.install();
  await page.route('**/version.json', (route) => route.fulfill({ json: { buildId: 'a-newer-build' } }));
  await page.goto('/auth');
  await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
  await page.clock.fastForward('04:59');
  await expect(page.getByText('Es gibt eine neue Version dieser Webseite')).toHaveCount(0);
  await page.clock.fastForward('00:02');
  await expect(page.getByText('Es gibt eine neue Version dieser Webseite')).toBeVisible();
});

test('a page chunk that fails to load reloads the page once, then shows the error page within 10 s', async ({
  page,
}) => {
  await signUp(page);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Prognose' })).toBeVisible();
  let loads = 0;
  page.on('load', () => (loads += 1));
  await page.route(/\/assets\/bank-accounts-page-[^/]+\.js$/, (route) => route.abort());

  await page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'Bankkonten' }).click();
  // First failure: a reload of /bank-accounts (where the chunk fails again) ...
  await expect.poll(() => loads).toBe(1);
  // ... and the second failure within 10 s shows the error page instead of looping.
  // The error page and a reload exclude each other: a chunk whose page is reloaded never settles
  // (apps/web/src/lib/reload-guard.ts), so with the error page shown no reload is under way.
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Internal Server Error');
  expect(loads).toBe(1);

  // Once the file is there again, the page works.
  await page.unroute(/\/assets\/bank-accounts-page-[^/]+\.js$/);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Bankkonten' })).toBeVisible();
});

test('a dialog whose chunk fails to load reloads the page once too, then shows the error page', async ({ page }) => {
  await signUp(page);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Prognose' })).toBeVisible();
  let loads = 0;
  page.on('load', () => (loads += 1));
  const confirmChunk = /\/assets\/confirm-dialog-host-[^/]+\.js$/;
  await page.route(confirmChunk, (route) => route.abort());

  await page.getByRole('button', { name: 'Abmelden' }).click();
  await expect.poll(() => loads).toBe(1);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Prognose' })).toBeVisible();

  // Failing again within 10 s: the error page, no reload loop.
  await page.getByRole('button', { name: 'Abmelden' }).click();
  // The error page and a reload exclude each other: a chunk whose page is reloaded never settles
  // (apps/web/src/lib/reload-guard.ts), so with the error page shown no reload is under way.
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Internal Server Error');
  expect(loads).toBe(1);

  await page.unroute(confirmChunk);
  await page.reload();
  await page.getByRole('button', { name: 'Abmelden' }).click();
  await expect(page.getByRole('dialog', { name: 'Abmelden' })).toBeVisible();
});
