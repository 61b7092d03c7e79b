import type { Browser, Page } from '@playwright/test';
import {
  apiGet,
  apiWrite,
  currencyIds,
  expect,
  expectEmptiedAndAskedFor,
  expectNoSeriousAxeViolations,
  signUp,
  test,
  toasts,
} from './support/fixtures.js';
import { accountCard, accountCards } from './support/pages/bank-accounts-page.js';

test('a new organisation is invited to its first account; accounts are created, edited, cloned and deleted', async ({
  page,
}) => {
  await signUp(page);
  await page.goto('/bank-accounts');
  await expect(page).toHaveTitle('Bankkonten - SaldoPilot');
  await expect(page.getByRole('heading', { level: 2, name: 'Erfassen Sie Ihr erstes Bankkonto' })).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  // Create.
  await page.getByRole('button', { name: 'Bankkonto hinzufügen' }).click();
  let dialog = page.getByRole('dialog', { name: 'Neues Bankkonto anlegen' });
  await expect(dialog.getByRole('combobox', { name: 'Währung' })).toHaveValue(/^CHF - /);
  const save = dialog.getByRole('button', { name: 'Speichern' });
  await expect(save).toBeDisabled();
  await dialog.getByRole('textbox', { name: 'Name' }).fill('UBS Geschäftskonto');
  const amount = dialog.getByRole('textbox', { name: 'Kontostand' });
  await amount.fill('12500,5');
  await amount.blur();
  await expect(amount).toHaveValue("12'500.50");
  await expect(dialog.getByText('CHF', { exact: true })).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await save.click();
  await expect(dialog).toBeHidden();
  await expect(toasts(page).getByRole('status')).toContainText('Bankkonto "UBS Geschäftskonto" wurde angelegt');
  const ubs = accountCard(page, 'UBS Geschäftskonto');
  await expect(ubs).toContainText("Kontostand: 12'500.50 CHF");
  // Left empty, "Stand per" is not known yet: the first statement sets it (docs/web.md "Bankkonten").
  await expect(ubs).toContainText('Stand per noch unbekannt');
  await expect(page.getByText("Total Bankguthaben (umgerechnet): 12'500.50 CHF")).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  // Edit: the +/- button turns the balance into an overdraft; "Stand per" stays today.
  await ubs.getByRole('button', { name: 'UBS Geschäftskonto bearbeiten' }).click();
  dialog = page.getByRole('dialog', { name: 'Bankkonto bearbeiten' });
  await expect(dialog.getByRole('button', { name: 'Speichern' })).toBeDisabled();
  // An emptied balance stays empty and is asked for (0 is a balance, empty is none).
  const balance = dialog.getByRole('textbox', { name: 'Kontostand' });
  await expectEmptiedAndAskedFor(dialog, balance, 'Betrag wird benötigt');
  await expect(dialog.getByRole('button', { name: 'Betrag negativ machen' })).toBeDisabled();
  await balance.fill("12'500.50");
  await balance.blur();
  // "Stand per" may stay empty also when editing ("noch unbekannt", docs/web.md "Bankkonten"): nothing is asked.
  const stand = dialog.getByRole('textbox', { name: 'Stand per' });
  await stand.fill('');
  await stand.blur();
  await expect(dialog.getByText('Bitte Datum eingeben')).toHaveCount(0);
  await stand.fill('21.11.2026');
  await stand.blur();
  await dialog.getByRole('button', { name: 'Betrag negativ machen' }).click();
  await expect(dialog.getByRole('textbox', { name: 'Kontostand' })).toHaveValue("-12'500.50");
  await expect(dialog.getByRole('button', { name: 'Betrag positiv machen' })).toBeEnabled();
  await dialog.getByRole('button', { name: 'Speichern' }).click();
  await expect(toasts(page).getByRole('status').last()).toContainText(
    'Bankkonto "UBS Geschäftskonto" wurde bearbeitet',
  );
  await expect(ubs).toContainText("Kontostand: -12'500.50 CHF");
  // A keyboard user goes on where they were: the focus is back on the button that opened the dialog.
  await expect(ubs.getByRole('button', { name: 'UBS Geschäftskonto bearbeiten' })).toBeFocused();
  await ubs.getByRole('button', { name: 'UBS Geschäftskonto klonen' }).press('Enter');
  await expect(page.getByRole('dialog', { name: 'Bankkonto klonen' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Bankkonto klonen' })).toBeHidden();
  await expect(ubs.getByRole('button', { name: 'UBS Geschäftskonto klonen' })).toBeFocused();

  // Clone into a euro account: the card shows the conversion into francs.
  await ubs.getByRole('button', { name: 'UBS Geschäftskonto klonen' }).click();
  dialog = page.getByRole('dialog', { name: 'Bankkonto klonen' });
  await expect(dialog.getByRole('textbox', { name: 'Name' })).toHaveValue('UBS Geschäftskonto');
  await expect(dialog.getByRole('button', { name: 'Klonen' })).toBeEnabled();
  await dialog.getByRole('textbox', { name: 'Name' }).fill('UBS Euro');
  await dialog.getByRole('combobox', { name: 'Währung' }).fill('EUR');
  await page.getByRole('option', { name: /^EUR - / }).click();
  await dialog.getByRole('textbox', { name: 'Kontostand' }).fill('1000');
  const balanceDate = dialog.getByRole('textbox', { name: 'Stand per' });
  await expect(balanceDate).toHaveValue('21.11.2026');
  // A clone, like a new account, may leave "Stand per" empty ("noch unbekannt"): emptied, nothing is asked.
  await balanceDate.fill('');
  await balanceDate.blur();
  await expect(balanceDate).toHaveValue('');
  await expect(dialog.getByText('Bitte Datum eingeben')).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: 'Klonen' })).toBeEnabled();
  await balanceDate.fill('31.10.26');
  await balanceDate.blur();
  await expect(balanceDate).toHaveValue('31.10.2026');
  await dialog.getByRole('button', { name: 'Klonen' }).click();
  await expect(toasts(page).getByRole('status').last()).toContainText('Bankkonto "UBS Euro" wurde angelegt');
  const euro = accountCard(page, 'UBS Euro');
  await expect(euro).toContainText("Kontostand: 1'000.00 EUR");
  await expect(euro).toContainText(/~ [\d']+\.\d\d CHF/);
  await expect(euro).toContainText('Stand per 31.10.2026');
  await expect(accountCards(page)).toHaveCount(2);

  // Delete, after the question.
  await euro.getByRole('button', { name: 'UBS Euro bearbeiten' }).click();
  dialog = page.getByRole('dialog', { name: 'Bankkonto bearbeiten' });
  await dialog.getByRole('button', { name: 'Löschen' }).click();
  const question = page.getByRole('dialog', { name: 'Löschen' });
  await expect(question).toContainText('Bankkonto vollständig löschen?');
  await expect(question.getByRole('button', { name: 'Nein' })).toBeFocused();
  await question.getByRole('button', { name: 'Ja' }).click();
  await expect(toasts(page).getByRole('status').last()).toContainText('Bankkonto "UBS Euro" wurde gelöscht');
  await expect(accountCards(page)).toHaveCount(1);
  await expect(page.getByText("Total Bankguthaben (umgerechnet): -12'500.50 CHF")).toBeVisible();
});

test('sorts and searches in both views, pages with the count; the total covers every account', async ({ page }) => {
  await signUp(page);
  const { CHF } = await currencyIds(page);
  // 21 accounts of 100.00 … 2'100.00 and one of 50.00: two pages of 20.
  for (let index = 1; index <= 21; index += 1) {
    await apiWrite(page, 'POST', '/api/bank-accounts', {
      name: `Konto ${String(index).padStart(2, '0')}`,
      amount: index * 100_00,
      currencyId: CHF,
    });
  }
  await apiWrite(page, 'POST', '/api/bank-accounts', { name: 'PostFinance', amount: 50_00, currencyId: CHF });
  const total = "Total Bankguthaben (umgerechnet): 23'150.00 CHF";

  await page.goto('/bank-accounts');
  await expect(page.getByText('22 Einträge')).toBeVisible();
  await expect(accountCards(page)).toHaveCount(20);
  await expect(accountCards(page).first()).toContainText('Konto 01');
  await expect(page.getByText(total)).toBeVisible();
  await page.getByRole('navigation', { name: 'Seiten' }).getByRole('button', { name: 'Seite 2' }).click();
  await expect(accountCards(page)).toHaveCount(2);
  await expect(accountCards(page).last()).toContainText('PostFinance');
  await expect(page.getByText(total)).toBeVisible();

  // Grid view: "Sortieren nach" and the order button (back on page 1).
  await page.getByRole('combobox', { name: 'Sortieren nach' }).click();
  await page.getByRole('option', { name: 'Kontostand' }).click();
  await expect(accountCards(page).first()).toContainText('PostFinance');
  await page.getByRole('button', { name: 'Absteigend sortieren' }).click();
  await expect(accountCards(page).first()).toContainText('Konto 21');
  await expectNoSeriousAxeViolations(page);

  // List view: the column headers sort and say how.
  await page.getByRole('button', { name: 'Als Liste anzeigen' }).click();
  const table = page.getByRole('table', { name: 'Bankkonten' });
  const balanceHeader = table.getByRole('columnheader', { name: 'Kontostand' });
  await expect(balanceHeader).toHaveAttribute('aria-sort', 'descending');
  await expect(table.getByRole('row').nth(1)).toContainText('Konto 21');
  await table.getByRole('button', { name: 'Name' }).click();
  await expect(table.getByRole('columnheader', { name: 'Name' })).toHaveAttribute('aria-sort', 'ascending');
  await expect(balanceHeader).toHaveAttribute('aria-sort', 'none');
  await expect(table.getByRole('row').nth(1)).toContainText('Konto 01');
  await table.getByRole('button', { name: 'Name' }).click();
  await expect(table.getByRole('columnheader', { name: 'Name' })).toHaveAttribute('aria-sort', 'descending');
  await expect(table.getByRole('row').nth(1)).toContainText('PostFinance');
  await expectNoSeriousAxeViolations(page);

  // Search: trimmed, on the server; the total stays that of every account.
  const search = page.getByRole('textbox', { name: 'Suchen' });
  await search.fill('  post ');
  await expect(page.getByText('1 Eintrag')).toBeVisible();
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(page.getByText(total)).toBeVisible();
  await search.fill('nichts');
  await expect(page.getByText('Keine Einträge gefunden')).toBeVisible();
  await page.getByRole('button', { name: 'Suche leeren' }).click();
  await expect(page.getByText('22 Einträge')).toBeVisible();

  // View and sort are remembered (cookies, docs/product.md "Remembered preferences").
  await page.reload();
  await expect(page.getByRole('table', { name: 'Bankkonten' })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Name' })).toHaveAttribute('aria-sort', 'descending');
});

/** An owner (own browser) with one account, and the page's user joined as a read-only member. */
async function readOnlyMemberOf(browser: Browser, page: Page) {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  await context.setExtraHTTPHeaders({
    'x-forwarded-for': `10.253.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
  });
  const ownerPage = await context.newPage();
  await signUp(ownerPage, 'Olga Owner');
  const { currentOrganisationId } = await apiGet<{ currentOrganisationId: number }>(ownerPage, '/api/profile');
  const { CHF } = await currencyIds(ownerPage);
  await apiWrite(ownerPage, 'POST', '/api/bank-accounts', { name: 'Kasse', amount: 420_00, currencyId: CHF });
  const member = await signUp(page, 'Rolf Reader');
  await apiWrite(ownerPage, 'POST', `/api/organisations/${currentOrganisationId}/invitations`, {
    email: member.email,
    role: 'read-only',
  });
  await context.close();
  const [invitation] = await apiGet<{ id: number }[]>(page, '/api/me/invitations');
  await apiWrite(page, 'POST', `/api/me/invitations/${invitation?.id}/accept`);
}

test('a read-only member sees the accounts and the total, without any control to change them', async ({
  page,
  browser,
}) => {
  await readOnlyMemberOf(browser, page);
  await page.goto('/bank-accounts');
  await expect(accountCard(page, 'Kasse')).toContainText('Kontostand: 420.00 CHF');
  await expect(page.getByText('Total Bankguthaben (umgerechnet): 420.00 CHF')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Bankkonto hinzufügen' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /bearbeiten|klonen/ })).toHaveCount(0);
  await page.getByRole('button', { name: 'Als Liste anzeigen' }).click();
  await expect(page.getByRole('table', { name: 'Bankkonten' })).toContainText('Kasse');
  await expect(page.getByRole('button', { name: /bearbeiten|klonen/ })).toHaveCount(0);
  await expectNoSeriousAxeViolations(page);
});

test('a changed dialog asks before it closes (Escape, ×, mask click); an unchanged one closes at once', async ({
  page,
}) => {
  await signUp(page);
  const { CHF } = await currencyIds(page);
  await apiWrite(page, 'POST', '/api/bank-accounts', { name: 'Kasse', amount: 420_00, currencyId: CHF });
  await page.goto('/bank-accounts');
  const kasse = accountCard(page, 'Kasse');
  const edit = kasse.getByRole('button', { name: 'Kasse bearbeiten' });
  const dialog = page.getByRole('dialog', { name: 'Bankkonto bearbeiten' });
  const question = page.getByRole('dialog', { name: 'Änderungen verwerfen?' });
  const name = dialog.getByRole('textbox', { name: 'Name' });
  const viewport = page.viewportSize() ?? { width: 1280, height: 720 };
  const leaveBy = {
    Escape: () => page.keyboard.press('Escape'),
    '×': () => dialog.getByRole('button', { name: 'Dialog schliessen' }).click(),
    mask: () => page.mouse.click(8, viewport.height - 8),
    Abbrechen: () => dialog.getByRole('button', { name: 'Abbrechen' }).click(),
  };

  // Unchanged: each way closes at once, without a question.
  for (const leave of Object.values(leaveBy)) {
    await edit.click();
    await expect(name).toHaveValue('Kasse');
    await leave();
    await expect(dialog).toBeHidden();
    await expect(question).toHaveCount(0);
  }

  // Changed: each way asks; "Nein" keeps the dialog and the input. The first change leaves the
  // focus where the person types (not back on the first field).
  await edit.click();
  const balance = dialog.getByRole('textbox', { name: 'Kontostand' });
  await balance.fill('42');
  await page.keyboard.type('1');
  await expect(balance).toBeFocused();
  await balance.blur();
  await expect(balance).toHaveValue('421.00');
  await name.fill('Kasse Filiale');
  for (const leave of Object.values(leaveBy)) {
    await leave();
    await expect(question).toContainText('Ihre Änderungen sind noch nicht gespeichert und gehen verloren.');
    // A hasty Enter keeps the input: the focus is on "Nein".
    await expect(question.getByRole('button', { name: 'Nein' })).toBeFocused();
    await question.getByRole('button', { name: 'Nein' }).click();
    await expect(question).toBeHidden();
    await expect(dialog).toBeVisible();
    await expect(name).toHaveValue('Kasse Filiale');
  }
  // Escape on the question answers it ("Nein") and leaves the dialog open.
  await page.keyboard.press('Escape');
  await expect(question).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(question).toBeHidden();
  await expect(dialog).toBeVisible();
  await expect(name).toHaveValue('Kasse Filiale');

  // "Ja" closes and drops the input: nothing was saved, and the dialog opens with the stored name.
  await leaveBy.mask();
  await question.getByRole('button', { name: 'Ja' }).click();
  await expect(question).toBeHidden();
  await expect(dialog).toBeHidden();
  await expect(kasse).toBeVisible();
  await expect(accountCard(page, 'Kasse Filiale')).toHaveCount(0);
  await expect(edit).toBeFocused();
  await edit.click();
  await expect(name).toHaveValue('Kasse');
  await expect(balance).toHaveValue('420.00');
  // Changed back to what it was, the dialog is unchanged again and closes at once.
  await name.fill('Kasse 2');
  await name.fill('Kasse');
  await leaveBy.Escape();
  await expect(dialog).toBeHidden();
  await expect(question).toHaveCount(0);
});
