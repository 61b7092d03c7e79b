import type { Locator } from '@playwright/test';
import { apiWrite, currencyIds, expect, expectNoSeriousAxeViolations, signUp, test } from './support/fixtures.js';

// Every page of the app, as it is today, in both colour schemes (the auth pages: auth.spec.ts).
const pages = [
  ['/', 'Prognose'],
  ['/employees', 'Mitarbeitende'],
  ['/employees/1', 'Mitarbeitende'],
  ['/transactions', 'Transaktionen'],
  ['/bank-accounts', 'Bankkonten'],
  ['/settings/profile', 'Einstellungen'],
  ['/settings/organisations', 'Einstellungen'],
  ['/settings/app', 'Einstellungen'],
  ['/settings/access', 'Einstellungen'],
] as const;

// One test per page and variant: each has its own time limit (eight axe runs in one test outgrew
// 30 s on a loaded CI machine), and a finding names its page.
for (const colorScheme of ['light', 'dark'] as const) {
  for (const width of [1280, 375]) {
    for (const [path, heading] of pages) {
      test(`${path}: no serious axe finding (${colorScheme}, ${width} px)`, async ({ page }) => {
        await page.setViewportSize({ width, height: 800 });
        await page.emulateMedia({ colorScheme });
        await signUp(page);
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
        await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', colorScheme);
        await expectNoSeriousAxeViolations(page);
      });
    }
  }
}

/**
 * The icon of a button against what lies behind it (WCAG 1.4.11: 3:1 for controls). axe judges
 * text only, and an icon button is not text: a fixed dark purple fell to 1.9:1 on a dark card.
 */
async function iconContrasts(buttons: Locator): Promise<Record<string, number>> {
  return buttons.evaluateAll((elements) => {
    const channels = (colour: string) => (colour.match(/[\d.]+/g) ?? []).map(Number);
    const luminance = (colour: string) => {
      const [r, g, b] = channels(colour).map((value) => {
        const c = value / 255;
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
    };
    const backgroundOf = (element: Element | null): string => {
      for (let node = element; node; node = node.parentElement) {
        const colour = getComputedStyle(node).backgroundColor;
        const alpha = channels(colour)[3];
        if (alpha === undefined || alpha > 0) return colour;
      }
      return 'rgb(255, 255, 255)';
    };
    return Object.fromEntries(
      elements.map((element) => {
        const [light, dark] = [luminance(getComputedStyle(element).color), luminance(backgroundOf(element))].sort(
          (a, b) => b - a,
        );
        const ratio = (light! + 0.05) / (dark! + 0.05);
        return [element.getAttribute('aria-label') ?? '', Math.round(ratio * 100) / 100];
      }),
    );
  });
}

for (const colorScheme of ['light', 'dark'] as const) {
  test(`the buttons of a card stand out from it (${colorScheme})`, async ({ page }) => {
    await page.emulateMedia({ colorScheme });
    await signUp(page);
    await apiWrite(page, 'POST', '/api/bank-accounts', {
      name: 'Kasse',
      amount: 420_00,
      currencyId: (await currencyIds(page)).CHF,
    });
    await page.goto('/bank-accounts');
    const buttons = page.getByRole('button', { name: /^Kasse (klonen|bearbeiten)$/ });
    await expect(buttons).toHaveCount(2);
    for (const [name, ratio] of Object.entries(await iconContrasts(buttons))) {
      expect(ratio, name).toBeGreaterThanOrEqual(3);
    }
  });
}

for (const colorScheme of ['light', 'dark'] as const) {
  test(`the revoke button of a token stands out from its section (${colorScheme})`, async ({ page }) => {
    await page.emulateMedia({ colorScheme });
    await signUp(page);
    await apiWrite(page, 'POST', '/api/api-tokens', { name: 'Skript', scopes: ['data:read'], expiresInDays: 30 });
    await page.goto('/settings/access');
    const buttons = page.getByRole('button', { name: 'Widerrufen: Skript' });
    await expect(buttons).toHaveCount(1);
    for (const [name, ratio] of Object.entries(await iconContrasts(buttons))) {
      expect(ratio, name).toBeGreaterThanOrEqual(3);
    }
    await expectNoSeriousAxeViolations(page);
  });
}
