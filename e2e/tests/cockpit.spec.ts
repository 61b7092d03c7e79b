import type { Page } from '@playwright/test';
import {
  aChfAccount,
  apiWrite,
  currencyIds,
  expect,
  expectNoSeriousAxeViolations,
  signUp,
  test,
} from './support/fixtures.js';
import { openFromRow, portfolioRow, portfolioRows } from './support/pages/portfolio-page.js';

// docs/cockpit.md. The server's today is 2026-11-21 (playwright.config FIXED_TODAY); the
// organisations and amounts are synthetic.

/** Makes `id` the current organisation (test setup, as the switch does on the server). */
async function switchTo(page: Page, id: number): Promise<void> {
  await apiWrite(page, 'PATCH', '/api/profile/organisation', { organisationId: id });
}

/** The newest alert mail to `email` in the development outbox (within the 60 s of docs/cockpit.md). */
async function alertMailTo(page: Page, email: string): Promise<{ subject: string; text: string }> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const mails = (await (await page.request.get('/api/dev/outbox')).json()) as {
      to: string;
      subject: string;
      text: string;
    }[];
    const mail = mails.find(
      (candidate) => candidate.to === email && candidate.subject.startsWith('SaldoPilot-Hinweis'),
    );
    if (mail) return mail;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no alert mail to ${email}`);
}

test('a fiduciary with 5 organisations sees the one that falls short after an edit at the top, and opens its Prognose', async ({
  page,
}) => {
  const { email } = await signUp(page);
  const { CHF } = await currencyIds(page);
  const ids: Record<string, number> = {};
  for (const name of ['Bäckerei Huber AG', 'Garage Meier GmbH', 'Schreinerei Keller AG', 'Velo Frei GmbH']) {
    ids[name] = (await apiWrite<{ id: number }>(page, 'POST', '/api/organisations', { name, currencyId: CHF })).id;
  }
  const accounts: Record<string, number> = {};
  for (const [name, id] of Object.entries(ids)) {
    await switchTo(page, id);
    await apiWrite(page, 'PATCH', `/api/organisations/${id}`, { minimumBalance: 1_000_000 });
    accounts[name] = (await aChfAccount(page, 'Geschäftskonto', 5_000_000, '2026-11-21')).id;
  }
  await switchTo(page, ids['Bäckerei Huber AG'] as number);

  await page.goto('/overview');
  await expect(page).toHaveTitle('Übersicht - SaldoPilot');
  // With more than one organisation the navigation starts with the Übersicht (docs/cockpit.md "The start page").
  await expect(page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link').first()).toHaveText(
    'Übersicht',
  );
  await expect(portfolioRows(page)).toHaveCount(5);
  for (const row of await portfolioRows(page).all()) await expect(row).toContainText('keine Unterschreitung');
  await expectNoSeriousAxeViolations(page);

  // The edit: Schreinerei Keller's balance drops to 8'000.00, below its minimum of 10'000.00; the
  // fiduciary asked to be told of its shortfalls.
  await switchTo(page, ids['Schreinerei Keller AG'] as number);
  await apiWrite(page, 'PATCH', '/api/alerts/settings', { shortfall: true });
  await apiWrite(page, 'PATCH', `/api/bank-accounts/${accounts['Schreinerei Keller AG']}`, { amount: 800_000 });
  await switchTo(page, ids['Bäckerei Huber AG'] as number);
  await page.reload();
  const top = portfolioRows(page).first();
  await expect(top).toContainText('Schreinerei Keller AG');
  await expect(top).toContainText('November 2026');
  await expect(top).toContainText("8'000.00 CHF");

  // One mail in the outbox, with the link to the Übersicht; the same event listed under "Hinweise".
  const mail = await alertMailTo(page, email);
  expect(mail.subject).toBe('SaldoPilot-Hinweis: Schreinerei Keller AG');
  expect(mail.text).toContain('«Schreinerei Keller AG»: Im November 2026 fällt der Saldo unter die Mindestliquidität');
  // The link opens that organisation (docs/cockpit.md "Alerts"): followed at the end.
  const link = new URL(/https?:\/\/[^\s]+\/overview\?org=\d+/.exec(mail.text)?.[0] ?? 'http://missing/');
  expect(link.searchParams.get('org')).toBe(String(ids['Schreinerei Keller AG']));
  // The list was read before the event was told (it follows the write): read again.
  await page.reload();
  const hints = page.getByRole('region', { name: 'Hinweise' });
  await expect(hints.getByText('1 ungelesen')).toBeVisible();
  await expect(hints.getByTestId('alert')).toHaveCount(1);
  await hints.getByRole('button', { name: 'Als gelesen markieren' }).click();
  await expect(hints.getByRole('button', { name: 'Als ungelesen markieren' })).toBeVisible();
  await expect(hints.getByText('1 ungelesen')).toHaveCount(0);
  await expectNoSeriousAxeViolations(page);

  // Search and filter narrow the list; the export (made by the server) holds what is shown.
  await page.getByRole('textbox', { name: 'Organisation suchen' }).fill('garage');
  await expect(portfolioRows(page)).toHaveCount(1);
  await expect(portfolioRow(page, 'Garage Meier GmbH')).toBeVisible();
  await page.getByRole('textbox', { name: 'Organisation suchen' }).fill('');
  await page.getByText('Mit Unterschreitung', { exact: true }).click();
  await expect(portfolioRows(page)).toHaveCount(1);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exportieren' }).click();
  await page.getByRole('menuitem', { name: 'Als CSV (.csv)' }).click();
  const csv = await (await download).createReadStream();
  let text = '';
  for await (const chunk of csv) text += String(chunk);
  expect(text).toContain('Schreinerei Keller AG;November 2026');
  expect(text).not.toContain('Garage Meier GmbH');
  await page.getByText('Alle', { exact: true }).click();

  // The row opens that organisation's Prognose through the organisation switch.
  await openFromRow(page, 'Schreinerei Keller AG');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('combobox', { name: 'Organisation' })).toHaveValue('Schreinerei Keller AG');

  // The mail's link, followed while another organisation is the current one: it switches to the
  // organisation of the mail and opens its Prognose, without the switch's question.
  await switchTo(page, ids['Bäckerei Huber AG'] as number);
  await page.goto(`${link.pathname}${link.search}`);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('combobox', { name: 'Organisation' })).toHaveValue('Schreinerei Keller AG');
});
