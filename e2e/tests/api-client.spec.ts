import { expect, signUp, test } from './support/fixtures.js';

test('a write that meets 503 is sent once more with the same Idempotency-Key', async ({ page }) => {
  await signUp(page);
  await page.goto('/settings/profile');
  const keys: string[] = [];
  await page.route('**/api/profile', async (route) => {
    if (route.request().method() !== 'PATCH') return route.continue();
    keys.push(route.request().headers()['idempotency-key'] ?? '');
    if (keys.length === 1) return route.fulfill({ status: 503, json: { error: 'Kurz weg', code: 'UNAVAILABLE' } });
    return route.continue();
  });
  await page.getByRole('textbox', { name: 'Name' }).fill('Berta Beispiel');
  await page.getByRole('button', { name: 'Profil aktualisieren' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Profil wurde bearbeitet' })).toBeVisible();
  expect(keys).toHaveLength(2);
  expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
  expect(keys[1]).toBe(keys[0]);
});

test('a write is retried only once, and a read never', async ({ page }) => {
  await signUp(page);
  await page.goto('/settings/profile');
  let patches = 0;
  await page.route('**/api/profile', async (route) => {
    if (route.request().method() !== 'PATCH') return route.continue();
    patches += 1;
    return route.fulfill({ status: 502, json: { error: 'Gateway', code: 'INTERNAL' } });
  });
  await page.getByRole('textbox', { name: 'Name' }).fill('Berta Beispiel');
  await page.getByRole('button', { name: 'Profil aktualisieren' }).click();
  const message = page.getByRole('alert').filter({ hasText: 'Fehler beim Aktualisieren des Profils' });
  await expect(message).toBeVisible();
  await expect(message).toContainText('Gateway');
  expect(patches).toBe(2);

  let reads = 0;
  await page.route('**/api/organisations/*', (route) => {
    reads += 1;
    return route.fulfill({ status: 503, json: { error: 'Wartung', code: 'UNAVAILABLE' } });
  });
  await page.getByRole('navigation', { name: 'Einstellungen' }).getByRole('link', { name: 'Organisationen' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Fehler beim Laden der Organisation' })).toBeVisible();
  expect(reads).toBe(1);
});

test('a 409 on a write is retried, a 400 is not', async ({ page }) => {
  await signUp(page);
  await page.goto('/settings/profile');
  const statuses = [409, 400];
  let calls = 0;
  await page.route('**/api/profile', async (route) => {
    if (route.request().method() !== 'PATCH') return route.continue();
    calls += 1;
    const status = statuses.shift() ?? 200;
    return status === 200
      ? route.continue()
      : route.fulfill({ status, json: { error: `Status ${status}`, code: 'X' } });
  });
  await page.getByRole('textbox', { name: 'Name' }).fill('Carla');
  await page.getByRole('button', { name: 'Profil aktualisieren' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Status 400' })).toBeVisible();
  expect(calls).toBe(2);
});
