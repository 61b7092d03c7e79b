import { expect, expectNoSeriousAxeViolations, signUp, test } from './support/fixtures.js';

// Every page of the app, as it is today, in both colour schemes (the auth pages: auth.spec.ts).
const pages = [
  ['/', 'Prognose'],
  ['/employees', 'Mitarbeitende'],
  ['/employees/1', 'Mitarbeiter/in'],
  ['/transactions', 'Transaktionen'],
  ['/bank-accounts', 'Bankkonten'],
  ['/settings/profile', 'Einstellungen'],
  ['/settings/organisations', 'Einstellungen'],
  ['/settings/app', 'Einstellungen'],
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
