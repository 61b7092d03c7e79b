import { expect, signUp, test, toasts, twoPaintsLater } from './support/fixtures.js';

const referenceData = ['/api/currencies', '/api/categories', '/api/fiat-rates/CHF', '/api/global/time'];

test('signed in, the app loads the reference data in parallel, then the organisations, and the access token once', async ({
  page,
}) => {
  await signUp(page);
  const started: string[] = [];
  const events: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) started.push(url.pathname);
    events.push(`start ${url.pathname}`);
  });
  page.on('requestfinished', (request) => events.push(`end ${new URL(request.url()).pathname}`));
  // Each answer takes a moment, so loading one after the other would show in the order of events.
  for (const path of referenceData) {
    await page.route(`**${path}`, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 200));
      await route.continue();
    });
  }
  await page.goto('/');
  await expect(page.getByRole('combobox', { name: 'Organisation' })).toHaveValue('Meine Organisation');
  await expect(page.getByText('Serverdatum: 21.11.2026')).toBeVisible();
  await expect.poll(() => started.filter((path) => path === '/api/access-token').length).toBe(1);

  for (const path of referenceData) expect(started, path).toContain(path);
  const organisationsStarted = started.indexOf('/api/organisations');
  expect(organisationsStarted).toBeGreaterThan(-1);
  // The organisations are asked for only after the four others answered.
  for (const path of referenceData) {
    expect(started.indexOf(path), path).toBeLessThan(organisationsStarted);
  }
  // In parallel: all four are asked for before the first answer arrives.
  const firstAnswer = events.findIndex((event) => referenceData.some((path) => event === `end ${path}`));
  for (const path of referenceData) expect(events.indexOf(`start ${path}`), path).toBeLessThan(firstAnswer);
  // Client-side navigation loads none of it again.
  const count = started.length;
  // The page's own list: what the page asks for on opening has been asked for once it is in.
  const employees = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/employees');
  await page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'Mitarbeitende' }).click();
  await expect(page).toHaveTitle('Mitarbeitende - SaldoPilot');
  await employees;
  await twoPaintsLater(page);
  expect(started.slice(count).filter((path) => referenceData.includes(path) || path === '/api/organisations')).toEqual(
    [],
  );
  expect(started.filter((path) => path === '/api/access-token')).toHaveLength(1);
});

test('the categories are asked for with page 1 and limit 100', async ({ page }) => {
  await signUp(page);
  const query = page.waitForRequest((request) => new URL(request.url()).pathname === '/api/categories');
  await page.goto('/');
  const url = new URL((await query).url());
  expect(Object.fromEntries(url.searchParams)).toEqual({ page: '1', limit: '100' });
});

test('a failed reference data load shows the warn toast once', async ({ page }) => {
  await signUp(page);
  await page.route('**/api/currencies', (route) =>
    route.fulfill({ status: 500, json: { error: 'x', code: 'INTERNAL' } }),
  );
  await page.route('**/api/global/time', (route) =>
    route.fulfill({ status: 500, json: { error: 'x', code: 'INTERNAL' } }),
  );
  await page.goto('/');
  const toast = toasts(page).getByRole('alert');
  await expect(toast).toHaveCount(1);
  await expect(toast).toContainText('Fehler');
  await expect(toast).toContainText('Es scheint aktuell technische Probleme zu geben.');
  // The server date is not known: no note.
  await expect(page.getByText(/Serverdatum/)).toHaveCount(0);
  // The organisations still load afterwards.
  await expect(page.getByRole('combobox', { name: 'Organisation' })).toHaveValue('Meine Organisation');
});

test('a failed organisation list shows the error toast', async ({ page }) => {
  await signUp(page);
  await page.route('**/api/organisations?*', (route) =>
    route.fulfill({ status: 500, json: { error: 'x', code: 'INTERNAL' } }),
  );
  await page.goto('/');
  const toast = toasts(page).getByRole('alert');
  await expect(toast).toContainText('Fehler');
  await expect(toast).toContainText(
    'Wir konnten Ihre Organisationen nicht laden. Dies scheint ein Systemfehler zu sein',
  );
});

test('signed out, nothing of it is loaded', async ({ page }) => {
  const started: string[] = [];
  page.on('request', (request) => started.push(new URL(request.url()).pathname));
  await page.goto('/auth');
  await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
  // The guards and the reference data start before the first page renders.
  await twoPaintsLater(page);
  // Without the sp_signed_in marker no session can exist: not even the profile is asked for
  // (docs/api.md "Sessions": no 401 in the console on every auth page).
  expect(started.filter((path) => path.startsWith('/api/'))).toEqual([]);
});
