import { expect, test } from './support/fixtures.js';
import { measureFirstLoad } from './support/first-load.js';

// docs/design.md "Performance budgets": the first load of /auth within 250 KB transferred and 15
// requests.
test('the login page loads within 250 KB and 15 requests', async ({ page }) => {
  const load = await measureFirstLoad(page, '/auth', async () => {
    await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
  });
  const report = load.files.map((file) => `${file.bytes} ${new URL(file.url).pathname}`).join('\n');
  test
    .info()
    .annotations.push({ type: 'first load of /auth', description: `${load.requests} requests, ${load.bytes} bytes` });
  expect(load.requests, report).toBeLessThanOrEqual(15);
  expect(load.bytes, report).toBeLessThanOrEqual(250 * 1024);
  // No web fonts: the system fonts need no download.
  expect(load.files.filter((file) => /\.(woff2?|ttf|otf)(\?|$)/.test(file.url))).toEqual([]);
  // Without a session cookie the profile could only answer 401: not asked (docs/web.md "First load").
  expect(load.files.filter((file) => file.url.includes('/api/'))).toEqual([]);
});

// Issue 12: a signed-out visitor who opens a deep link lands on the login page within the same
// budget: nothing of the signed-in app (shell, page chunks) is loaded before the redirect.
for (const deepLink of ['/employees', '/transactions', '/']) {
  test(`a signed-out deep link to ${deepLink} loads within the /auth budget`, async ({ page }) => {
    const load = await measureFirstLoad(page, deepLink, async () => {
      await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
      await expect(page).toHaveURL(/\/auth$/);
    });
    const report = load.files.map((file) => `${file.bytes} ${new URL(file.url).pathname}`).join('\n');
    test.info().annotations.push({
      type: `first load of ${deepLink}`,
      description: `${load.requests} requests, ${load.bytes} bytes`,
    });
    expect(load.requests, report).toBeLessThanOrEqual(15);
    expect(load.bytes, report).toBeLessThanOrEqual(250 * 1024);
    expect(
      load.files.filter((file) => /app-layout|employees-page|transactions-page|forecast-page/.test(file.url)),
    ).toEqual([]);
    expect(load.files.filter((file) => file.url.includes('/api/'))).toEqual([]);
  });
}
