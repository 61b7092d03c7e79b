import { animationsFinished, apiWrite, expect, signUp, test, toasts } from './support/fixtures.js';

test('toasts sit bottom-center, pause while hovered and close after their life', async ({ page }) => {
  await signUp(page);
  // The toast's timer runs on the page's clock, which the test moves on instead of waiting.
  await page.clock.install();
  await page.goto('/settings/app');
  const checkbox = page.getByRole('checkbox', { name: 'Nicht nachfragen beim Wechseln der Organisation' });
  await checkbox.check();
  // "Einstellung gespeichert" lives 1000 ms ("short").
  const toast = toasts(page).getByRole('status').filter({ hasText: 'Einstellung gespeichert' });
  await expect(toast).toContainText('Erfolg');
  await toast.hover();
  const box = await toast.boundingBox();
  const viewport = page.viewportSize();
  expect(box && viewport).toBeTruthy();
  if (box && viewport) {
    expect(Math.abs(box.x + box.width / 2 - viewport.width / 2)).toBeLessThan(2);
    expect(viewport.height - (box.y + box.height)).toBeLessThan(40);
  }
  // 1.8 s pass while hovered: the toast stays (once any fading out would have ended).
  await page.clock.runFor(1800);
  await animationsFinished(page);
  await expect(toast).toBeVisible();
  await page.mouse.move(5, 5);
  await expect(toast).toBeHidden({ timeout: 1500 });
});

test('an error toast stays for its 6 s life unless the user closes it', async ({ page }) => {
  // A refused organisation switch answers with an error toast (the login form's refusal shows
  // beside the form instead, docs/product.md "Overlays, toasts and dialogs").
  await signUp(page);
  await apiWrite(page, 'POST', '/api/organisations', { name: 'Zweite GmbH', currencyId: 1 });
  await page.route('**/api/profile/organisation', (route) =>
    route.fulfill({ status: 404, json: { error: 'x', code: 'NOT_FOUND' } }),
  );
  // The toast's timer runs on the page's clock, which the test moves on instead of waiting.
  await page.clock.install();
  await page.goto('/');
  await page.getByRole('combobox', { name: 'Organisation' }).click();
  await page.getByRole('option', { name: 'Zweite GmbH' }).click();
  await page.getByRole('dialog', { name: 'Organisation wechseln' }).getByRole('button', { name: 'Ja' }).click();
  const toast = toasts(page).getByRole('alert');
  await expect(toast).toContainText('Die Organisation konnte nicht geändert werden');
  // 2.5 s of its 6 s pass: the toast stays (once any fading out would have ended).
  await page.clock.runFor(2500);
  await animationsFinished(page);
  await expect(toast).toBeVisible();
  await toast.getByRole('button', { name: 'Meldung schliessen' }).click();
  await expect(toast).toBeHidden();
});

test('the top loading bar appears only when a page takes longer than 1 s: 4 px, green', async ({ page }) => {
  await signUp(page);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Prognose' })).toBeVisible();
  const bar = page.getByRole('progressbar', { name: 'Seite wird geladen' });

  // A quick page: no bar at all.
  await page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'Transaktionen' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Transaktionen' })).toBeVisible();
  await expect(bar).toHaveCount(0);

  await page.route(/\/assets\/employees-page-[^/]+\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 2500));
    await route.continue();
  });
  const clicked = Date.now();
  await page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'Mitarbeitende' }).click();
  await expect(bar).toBeVisible();
  expect(Date.now() - clicked).toBeGreaterThanOrEqual(950);
  await expect(bar).toHaveCSS('height', '4px');
  await expect(bar).toHaveCSS('background-color', 'rgb(16, 185, 129)');
  await expect(page.getByRole('heading', { level: 1, name: 'Mitarbeitende' })).toBeVisible();
  await expect(bar).toHaveCount(0);
});

test('the full-screen overlay does not flash for work shorter than 300 ms', async ({ page }) => {
  await signUp(page);
  await apiWrite(page, 'POST', '/api/organisations', { name: 'Schnell GmbH', currencyId: 1 });
  await page.route('**/api/profile/organisation', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 150));
    // 404 is not retried: the whole attempt stays well under 300 ms.
    await route.fulfill({ status: 404, json: { error: 'x', code: 'NOT_FOUND' } });
  });
  // How long after the last click (the "Ja" that starts the work) the overlay first showed, if ever.
  let overlayAfterMs: number | null = null;
  await page.exposeFunction('overlaySeen', (ms: number) => (overlayAfterMs ??= ms));
  await page.goto('/');
  await page.evaluate(() => {
    let clickedAt = 0;
    document.addEventListener('click', () => (clickedAt = performance.now()), true);
    new MutationObserver(() => {
      if (document.querySelector('[role="status"][aria-label="Bitte warten"]'))
        void (window as unknown as { overlaySeen: (ms: number) => void }).overlaySeen(performance.now() - clickedAt);
    }).observe(document.body, { childList: true, subtree: true });
  });
  await page.getByRole('combobox', { name: 'Organisation' }).click();
  await page.getByRole('option', { name: 'Schnell GmbH' }).click();
  await page.getByRole('dialog', { name: 'Organisation wechseln' }).getByRole('button', { name: 'Ja' }).click();
  await expect(toasts(page).getByRole('alert')).toContainText('Die Organisation konnte nicht geändert werden');
  // docs/product.md "Overlays, toasts and dialogs": the overlay shows only once the work has lasted 300 ms. Here it takes about
  // 150 ms, so the overlay stays away; on a loaded machine the routed request can take longer than
  // 300 ms (CI saw it once), and then the overlay may show, but never sooner.
  expect(overlayAfterMs ?? Number.POSITIVE_INFINITY).toBeGreaterThanOrEqual(299);
});

test.describe('dialogs on a phone', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('a form dialog takes 90vw and is not draggable; Escape closes it', async ({ page }) => {
    await signUp(page);
    await page.goto('/settings/organisations');
    await page.getByRole('button', { name: 'Organisation hinzufügen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Neue Organisation anlegen' });
    await expect(dialog).toBeVisible();
    // Measured where the opening transition ends.
    await animationsFinished(page);
    const before = await dialog.boundingBox();
    expect(before?.width).toBeCloseTo(375 * 0.9, 0);
    // Dragging the header moves nothing.
    const header = dialog.getByRole('heading', { name: 'Neue Organisation anlegen' });
    const start = await header.boundingBox();
    if (!start) throw new Error('no header');
    await page.mouse.move(start.x + 10, start.y + 5);
    await page.mouse.down();
    await page.mouse.move(start.x - 40, start.y + 120, { steps: 5 });
    await page.mouse.up();
    expect(await dialog.boundingBox()).toEqual(before);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });

  test('the confirm dialog takes 90vw too', async ({ page }) => {
    await signUp(page);
    await page.goto('/');
    await page.getByRole('button', { name: 'Menü öffnen' }).click();
    await page.getByRole('dialog', { name: 'Menü' }).getByRole('button', { name: 'Abmelden' }).click();
    const dialog = page.getByRole('dialog', { name: 'Abmelden' });
    await expect(dialog).toBeVisible();
    // Measured where the opening transition ends.
    await animationsFinished(page);
    expect((await dialog.boundingBox())?.width).toBeCloseTo(375 * 0.9, 0);
  });
});
