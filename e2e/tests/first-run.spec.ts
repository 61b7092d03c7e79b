import { expect, test } from './support/fixtures.js';
import { developmentURL } from './support/servers.js';

// Against the development server (playwright.config.ts), as a person who just ran `npm start`.
test.use({ baseURL: developmentURL });

test('in development the login page names the demo account, which signs in to "Demo Treuhand AG"', async ({ page }) => {
  await page.goto('/auth/login');
  const hint = page.getByRole('alert').filter({ hasText: 'Demo-Zugang (Entwicklungsmodus)' });
  await expect(hint).toContainText('E-Mail demo@saldopilot.ch, Passwort Demo1234!');
  await hint.getByRole('button', { name: 'Demo-Zugang einsetzen' }).click();
  await expect(page.getByRole('textbox', { name: 'E-Mail' })).toHaveValue('demo@saldopilot.ch');
  await page.getByRole('button', { name: 'Login' }).click();
  // The first sign-in on a fresh development database brings the demo organisation's salary
  // schedules and past figures up to date once, while the list of organisations waits: on CI's two
  // cores, with another journey running beside it, that took over 5 s.
  await expect(page.getByRole('combobox', { name: 'Organisation' })).toHaveValue('Demo Treuhand AG', {
    timeout: 20_000,
  });
});
