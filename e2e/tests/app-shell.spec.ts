import { AxeBuilder } from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';

// Accessibility (DESIGN.md §6): no serious or critical axe finding on the page as it is now.
async function expectNoSeriousAxeViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  expect(serious.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
}

test('the home page is the forecast page, in Swiss German', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveTitle('Prognose - SaldoPilot');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de-CH');
  await expect(page.getByRole('heading', { level: 1, name: 'Prognose' })).toBeVisible();
  await expectNoSeriousAxeViolations(page);
});

test('an unknown path shows the non-fatal 404 error page', async ({ page }) => {
  await page.goto('/does-not-exist');
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found: /does-not-exist' })).toBeVisible();
  await expect(page.getByText('404', { exact: true })).toBeVisible();
  await expect(page).toHaveTitle('Seite nicht gefunden - SaldoPilot');
  await expectNoSeriousAxeViolations(page);

  await page.getByRole('link', { name: 'Zur Startseite' }).click();
  await expect(page).toHaveURL('/');
  await expect(page).toHaveTitle('Prognose - SaldoPilot');
});

test('an employee id that is not a positive integer shows the fatal 404 error page', async ({ page }) => {
  await page.goto('/employees/abc');
  await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found: /employees/abc' })).toBeVisible();
  await expect(page.getByText('404', { exact: true })).toBeVisible();
  await expect(page).toHaveTitle('Seite nicht gefunden - SaldoPilot');
  await expectNoSeriousAxeViolations(page);
});

test('the colour scheme follows the system and stays readable in dark mode', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await expect(page.getByRole('heading', { level: 1, name: 'Prognose' })).toBeVisible();
  await expectNoSeriousAxeViolations(page);
});
