import type { BrowserContext, Locator, Page } from '@playwright/test';
import {
  apiWrite,
  categoryIds,
  currencyIds,
  expect,
  expectNoSeriousAxeViolations,
  ownerWithMember,
  test,
} from './support/fixtures.js';
import { accountCard } from './support/pages/bank-accounts-page.js';
import { forecastCells } from './support/pages/forecast-page.js';
import { transactionCard } from './support/pages/transactions-page.js';

// Realtime between members (docs/web.md "Realtime"): the owner (Otto Owner, his own browser
// context) and an editor (Erika Editor, `page`) work in one organisation. What one changes shows in
// the other's tab within 2 s, without a reload. The server's "today" is 2026-11-21.

const WITHIN = { timeout: 2_000 };
const editor = { role: 'editor', name: 'Erika Editor' } as const;

declare global {
  interface Window {
    /** The change events the tab's stream delivered (recorded by `recordChanges`). */
    heardChanges?: { kind: string; id: number | null; by: { name: string } }[];
    /** Set by the test; gone after a reload. */
    sameDocument?: boolean;
  }
}

/** Records every change event the context's tabs receive, to see that a tab never hears its own. */
async function recordChanges(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const Native = window.EventSource;
    window.heardChanges = [];
    window.EventSource = class extends Native {
      constructor(url: string | URL, init?: EventSourceInit) {
        super(url, init);
        this.addEventListener('change', (event) => {
          window.heardChanges?.push(JSON.parse((event as MessageEvent<string>).data));
        });
      }
    };
  });
}

const heard = (page: Page) => page.evaluate(() => window.heardChanges ?? []);

/** Marks the document, so a later check sees that it was not reloaded. */
async function markDocument(page: Page): Promise<void> {
  await page.evaluate(() => (window.sameDocument = true));
}

async function expectSameDocument(page: Page): Promise<void> {
  expect(await page.evaluate(() => window.sameDocument === true)).toBe(true);
}

async function seed(page: Page) {
  const [currencies, categories] = await Promise.all([currencyIds(page), categoryIds(page)]);
  const base = { categoryId: categories.Generell!, currencyId: currencies.CHF!, vatIncluded: false };
  await apiWrite(page, 'POST', '/api/bank-accounts', {
    name: 'UBS Geschäftskonto',
    amount: 10_000_00,
    currencyId: base.currencyId,
  });
  const monthly = { ...base, type: 'repeating', cycle: 'monthly', startDate: '2026-11-25' };
  await apiWrite(page, 'POST', '/api/transactions', { ...monthly, name: 'Beratung', amount: 5_000_00 });
  const rent = await apiWrite<{ id: number }>(page, 'POST', '/api/transactions', {
    ...monthly,
    name: 'Miete Büro',
    amount: -8_000_00,
  });
  return { base, rentId: rent.id };
}

/** Opens the rent's edit dialog on the Transaktionen page and answers it. */
async function editRent(page: Page): Promise<Locator> {
  await transactionCard(page, 'Miete Büro')
    .getByRole('button', { name: 'Transaktion "Miete Büro" bearbeiten' })
    .click();
  return page.getByRole('dialog', { name: 'Transaktion bearbeiten' });
}

/** November's end balance on the Prognose (the first month). */
function novemberEndBalance(page: Page): Locator {
  return forecastCells(page, 'Endsaldo').first();
}

test.describe('Realtime', () => {
  test('the tabs of one browser share one event stream; when its tab closes, another takes it over', async ({
    browser,
    page,
  }) => {
    const { owner, prepared } = await ownerWithMember(browser, page, seed, editor);
    const ownerPage = owner.pages()[0]!;
    const context = page.context();
    const streams: string[] = [];
    context.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/events') streams.push(request.url());
    });
    await page.goto('/transactions');
    await expect(transactionCard(page, 'Miete Büro')).toBeVisible();
    const second = await context.newPage();
    await second.goto('/transactions');
    await expect(transactionCard(second, 'Miete Büro')).toBeVisible();

    // The owner's new transaction shows in both of the editor's tabs, over one stream.
    await apiWrite(ownerPage, 'POST', '/api/transactions', {
      ...prepared.base,
      type: 'single',
      startDate: '2026-11-28',
      name: 'Auftrag Müller',
      amount: 2_000_00,
    });
    await expect(transactionCard(page, 'Auftrag Müller')).toBeVisible(WITHIN);
    await expect(transactionCard(second, 'Auftrag Müller')).toBeVisible(WITHIN);
    expect(streams).toHaveLength(1);

    // The tab holding the stream closes: the other opens it and still hears the owner.
    await page.close();
    await expect.poll(() => streams.length).toBe(2);
    await apiWrite(ownerPage, 'POST', '/api/transactions', {
      ...prepared.base,
      type: 'single',
      startDate: '2026-11-29',
      name: 'Auftrag Meier',
      amount: 1_000_00,
    });
    await expect(transactionCard(second, 'Auftrag Meier')).toBeVisible(WITHIN);
    await owner.close();
  });

  test("one member's changes show in the other's lists and Prognose within 2 s, without a reload", async ({
    browser,
    page,
  }) => {
    const { owner, prepared } = await ownerWithMember(browser, page, seed, editor);
    const ownerPage = owner.pages()[0]!;

    // A rename in the owner's dialog shows in the editor's list of accounts.
    await Promise.all([ownerPage.goto('/bank-accounts'), page.goto('/bank-accounts')]);
    await expect(accountCard(page, 'UBS Geschäftskonto')).toBeVisible();
    await markDocument(page);
    await accountCard(ownerPage, 'UBS Geschäftskonto')
      .getByRole('button', { name: 'UBS Geschäftskonto bearbeiten' })
      .click();
    const dialog = ownerPage.getByRole('dialog', { name: 'Bankkonto bearbeiten' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill('UBS Hauptkonto');
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    await expect(dialog).toBeHidden();
    await expect(accountCard(page, 'UBS Hauptkonto')).toBeVisible(WITHIN);
    await expect(accountCard(page, 'UBS Geschäftskonto')).toHaveCount(0);

    // A new transaction shows in the editor's list of transactions.
    await page.getByRole('link', { name: 'Transaktionen', exact: true }).click();
    await expect(transactionCard(page, 'Miete Büro')).toBeVisible();
    await apiWrite(ownerPage, 'POST', '/api/transactions', {
      ...prepared.base,
      type: 'single',
      startDate: '2026-11-28',
      name: 'Auftrag Müller',
      amount: 2_000_00,
    });
    await expect(transactionCard(page, 'Auftrag Müller')).toBeVisible(WITHIN);

    // The editor's Prognose follows a changed amount: November ends at 10'000 + 5'000 + 2'000 - 8'000.
    await page.getByRole('link', { name: 'Prognose', exact: true }).click();
    await expect(novemberEndBalance(page)).toHaveText("9'000.00 CHF");
    await apiWrite(ownerPage, 'PATCH', `/api/transactions/${prepared.rentId}`, { amount: -6_000_00 });
    await expect(novemberEndBalance(page)).toHaveText("11'000.00 CHF", WITHIN);
    await expectSameDocument(page);
    await owner.close();
  });

  test('an open dialog says who changed its item and keeps the input; a tab never hears its own change', async ({
    browser,
    page,
  }) => {
    const { owner } = await ownerWithMember(browser, page, seed, editor);
    const ownerPage = owner.pages()[0]!;
    await Promise.all([recordChanges(owner), recordChanges(page.context())]);
    await Promise.all([ownerPage.goto('/transactions'), page.goto('/transactions')]);

    // The editor starts to rename the rent.
    const editorDialog = await editRent(page);
    const editorName = editorDialog.getByRole('textbox', { name: 'Name' });
    await editorName.fill('Miete Büro Zürich');

    // Meanwhile the owner changes its amount and saves.
    const ownerDialog = await editRent(ownerPage);
    const amount = ownerDialog.getByRole('textbox', { name: 'Betrag' });
    await amount.fill('-2500');
    await amount.blur();
    await ownerDialog.getByRole('button', { name: 'Speichern' }).click();
    await expect(ownerDialog).toBeHidden();

    // The editor's dialog says so and keeps what was typed; the list behind it has the new amount.
    await expect(editorDialog.getByRole('status')).toContainText('Von Otto Owner geändert', WITHIN);
    await expect(editorName).toHaveValue('Miete Büro Zürich');
    await expectNoSeriousAxeViolations(page);
    await expect(transactionCard(page, 'Miete Büro')).toContainText("Betrag: -2'500.00 CHF", WITHIN);

    // The owner's tab did not hear its own change.
    expect(await heard(ownerPage)).toEqual([]);

    // The owner opens the rent again; now the editor saves: the owner's dialog is told, the
    // editor's tab hears only the owner's change, and the editor's save kept the owner's amount
    // (only the fields changed in the dialog are sent).
    await editRent(ownerPage);
    await expect(ownerDialog.getByRole('textbox', { name: 'Name' })).toHaveValue('Miete Büro');
    await expect(ownerDialog.getByText('Von Erika Editor geändert')).toHaveCount(0);
    await editorDialog.getByRole('button', { name: 'Speichern' }).click();
    await expect(editorDialog).toBeHidden();
    await expect(ownerDialog.getByRole('status')).toContainText('Von Erika Editor geändert', WITHIN);
    await expect(ownerDialog.getByRole('textbox', { name: 'Name' })).toHaveValue('Miete Büro');
    await expect(page.getByText('Von Otto Owner geändert')).toHaveCount(0);
    await expect(transactionCard(page, 'Miete Büro Zürich')).toContainText("Betrag: -2'500.00 CHF");

    expect((await heard(page)).map((change) => change.by.name)).toEqual(['Otto Owner']);
    expect(await heard(ownerPage)).toEqual([
      expect.objectContaining({ kind: 'transactions', by: expect.objectContaining({ name: 'Erika Editor' }) }),
    ]);
    await owner.close();
  });
});
