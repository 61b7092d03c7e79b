import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import {
  apiWrite,
  currencyIds,
  expect,
  expectNoSeriousAxeViolations,
  ownerWithReader,
  signUp,
  test,
  toasts,
} from './support/fixtures.js';
import { accountCard } from './support/pages/bank-accounts-page.js';
import { entriesTable } from './support/pages/bank-entries-page.js';

// The API's synthetic camt.053.001.08 (its README lists the figures): IBAN CH56 0483 5012 3456 7800 9,
// OPBD 10'000.00 on 31.10.2026, CLBD 11'929.80 on 20.11.2026, 8 booked entries and a pending one.
const statementPath = path.resolve(
  import.meta.dirname,
  '../../apps/api/src/modules/bank-statements/fixtures/camt053-001-08.xml',
);
const IBAN = 'CH56 0483 5012 3456 7800 9';

/** An account with the statement's IBAN whose "Stand per" lies before the statement (test setup). */
async function createMatchingAccount(page: Page, name: string): Promise<{ id: number }> {
  const { CHF } = await currencyIds(page);
  return apiWrite(page, 'POST', '/api/bank-accounts', {
    name,
    amount: 1_000_000,
    currencyId: CHF,
    balanceDate: '2026-10-31',
    iban: IBAN.replaceAll(' ', ''),
  });
}

/** Picks the statement with the toolbar's "Kontoauszug importieren" and answers the preview dialog. */
async function chooseStatement(page: Page) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Kontoauszug importieren' }).click();
  await (await chooser).setFiles(statementPath);
  return page.getByRole('dialog', { name: 'Kontoauszug importieren' });
}

test('a statement is previewed and imported into an account found by its IBAN; a second import adds nothing', async ({
  page,
}) => {
  await signUp(page);
  await page.goto('/bank-accounts');

  // The IBAN in the account dialog: checked, shown in groups of four.
  await page.getByRole('button', { name: 'Bankkonto hinzufügen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Neues Bankkonto anlegen' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill('PostFinance');
  const balance = dialog.getByRole('textbox', { name: 'Kontostand' });
  await balance.fill('10000');
  await dialog.getByRole('textbox', { name: 'Stand per' }).fill('31.10.2026');
  const iban = dialog.getByRole('textbox', { name: 'IBAN' });
  await iban.fill('CH56 0483 5012 3456 7800 8');
  await iban.blur();
  await expect(dialog.getByText('Ungültige IBAN')).toBeVisible();
  await iban.fill('ch5604835012345678009');
  await iban.blur();
  await expect(iban).toHaveValue(IBAN);
  await expect(dialog.getByText('Ungültige IBAN')).toBeHidden();
  await dialog.getByRole('button', { name: 'Speichern' }).click();
  await expect(dialog).toBeHidden();
  const card = accountCard(page, 'PostFinance');
  await expect(card).toContainText(`IBAN ${IBAN}`);
  await expect(card).toContainText("Kontostand: 10'000.00 CHF");
  await expectNoSeriousAxeViolations(page);

  // A second account with the same IBAN: the server's 409 shows under the field.
  await page.getByRole('button', { name: 'Bankkonto hinzufügen' }).click();
  await dialog.getByRole('textbox', { name: 'Name' }).fill('Doppelt');
  await dialog.getByRole('textbox', { name: 'Kontostand' }).fill('1');
  await dialog.getByRole('textbox', { name: 'IBAN' }).fill(IBAN);
  await dialog.getByRole('button', { name: 'Speichern' }).click();
  await expect(dialog.getByRole('textbox', { name: 'IBAN' })).toHaveAccessibleDescription(
    /Diese IBAN gehört bereits zu einem anderen Bankkonto\./,
  );
  await dialog.getByRole('button', { name: 'Abbrechen' }).click();
  await page.getByRole('dialog', { name: 'Änderungen verwerfen?' }).getByRole('button', { name: 'Ja' }).click();
  await expect(dialog).toBeHidden();

  // A file that is no statement: the API's German message in the dialog, nothing to import.
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Kontoauszug importieren' }).click();
  await (await chooser).setFiles({ name: 'pain.xml', mimeType: 'application/xml', buffer: Buffer.from('<pain/>') });
  const refused = page.getByRole('dialog', { name: 'Kontoauszug importieren' });
  await expect(refused.getByRole('alert')).toContainText('Keine camt.053/054-Datei');
  await expect(refused.getByRole('button', { name: 'Importieren' })).toBeDisabled();
  await refused.getByRole('button', { name: 'Abbrechen' }).click();
  await expect(refused).toBeHidden();

  // The preview: account by IBAN, period, balances, the check, "x neu, y bereits importiert".
  const preview = await chooseStatement(page);
  const statement = preview.getByRole('region', { name: /Auszug 1 von 1/ });
  await expect(statement).toContainText('PostFinance (über die IBAN zugeordnet)');
  await expect(statement).toContainText('camt.053 001.08');
  await expect(statement).toContainText('01.11.2026 – 20.11.2026');
  await expect(statement).toContainText("10'000.00 CHF (31.10.2026)");
  await expect(statement).toContainText("11'929.80 CHF (20.11.2026)");
  await expect(statement).toContainText('8 neu, 0 bereits importiert');
  await expect(statement).toContainText('Die Buchungen ergeben die Saldoänderung');
  await expect(statement).toContainText('Wird übernommen, «Stand per» 20.11.2026');
  await expect(statement).toContainText('PDNG');
  await expect(statement.getByRole('table')).toContainText('Kunde AG');
  await expectNoSeriousAxeViolations(page);
  await preview.getByRole('button', { name: 'Importieren' }).click();
  await expect(preview).toBeHidden();
  await expect(toasts(page).getByRole('status').last()).toContainText(
    '8 Buchungen importiert, 0 bereits vorhanden, 1 Kontostand aktualisiert',
  );
  await expect(card).toContainText("Kontostand: 11'929.80 CHF");
  await expect(card).toContainText('Stand per 20.11.2026');

  // The same file again: nothing new.
  const again = await chooseStatement(page);
  await expect(again.getByRole('region', { name: /Auszug 1 von 1/ })).toContainText('0 neu, 8 bereits importiert');
  await again.getByRole('button', { name: 'Importieren' }).click();
  await expect(again).toBeHidden();
  await expect(toasts(page).getByRole('status').last()).toContainText(
    'Keine neuen Buchungen: alle 8 Buchungen waren bereits importiert.',
  );

  // The entries: newest first, signed amounts, references, the reversal; filters and search.
  await card.getByRole('link', { name: 'Buchungen von PostFinance' }).click();
  await expect(page).toHaveURL(/\/bank-accounts\/\d+\/entries$/);
  await expect(page).toHaveTitle('Buchungen - SaldoPilot');
  await expect(page.getByRole('heading', { level: 1, name: 'Buchungen: PostFinance' })).toBeVisible();
  await expect(page.getByText('Stand per 20.11.2026')).toBeVisible();
  const table = entriesTable(page);
  await expect(table.getByRole('row')).toHaveCount(9);
  await expect(table).toContainText("1'500.00 CHF");
  await expect(table).toContainText('Kunde AG');
  await expect(table).toContainText('QRR');
  await expect(table).toContainText('Storno');
  await expectNoSeriousAxeViolations(page);
  const direction = page.getByRole('radiogroup', { name: 'Richtung' });
  await direction.getByText('Ausgänge', { exact: true }).click();
  await expect(table).not.toContainText('Kunde AG');
  await expect(table).toContainText('-250.40 CHF');
  await direction.getByText('Alle', { exact: true }).click();
  await page.getByRole('textbox', { name: 'Suchen' }).fill('Kunde AG');
  await expect(table.getByRole('row')).toHaveCount(2);
  // The export takes the search along.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exportieren' }).click();
  await page.getByRole('menuitem', { name: 'Als CSV (.csv)' }).click();
  const exported = readFileSync(await (await download).path()).toString('utf8');
  expect(exported).toContain('Kunde AG');
  expect(exported).not.toContain('Lieferant GmbH');

  // A category, set by the editor.
  await table.getByRole('combobox', { name: /^Kategorie der Buchung/ }).click();
  await page.getByRole('option').first().click();
  await expect(toasts(page).getByRole('status').last()).toContainText('Kategorie wurde gespeichert');
});

test('a CSV export without an IBAN goes to the account the user chooses', async ({ page }) => {
  await signUp(page);
  const { CHF } = await currencyIds(page);
  await apiWrite(page, 'POST', '/api/bank-accounts', { name: 'Kasse', amount: 0, currencyId: CHF });
  await page.goto('/bank-accounts');
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Kontoauszug importieren' }).click();
  await (
    await chooser
  ).setFiles(path.resolve(import.meta.dirname, '../../apps/api/src/modules/bank-statements/fixtures/csv-layout-b.csv'));
  const dialog = page.getByRole('dialog', { name: 'Kontoauszug importieren' });
  await expect(dialog.getByRole('alert')).toContainText('bitte wählen Sie ein Konto');
  await expect(dialog).toContainText('Buchungstext → Text');
  const importButton = dialog.getByRole('button', { name: 'Importieren' });
  await expect(importButton).toBeDisabled();
  await dialog.getByRole('combobox', { name: 'Konto für diesen Auszug' }).click();
  await page.getByRole('option', { name: 'Kasse' }).click();
  await expect(dialog.getByRole('region', { name: /Auszug 1 von 1/ })).toContainText('Kasse (gewählt)');
  await expect(importButton).toBeEnabled();
  await importButton.click();
  await expect(dialog).toBeHidden();
  await expect(toasts(page).getByRole('status').last()).toContainText('3 Buchungen importiert');
});

test('a CSV whose columns the app does not know: the user maps them once, the account remembers it', async ({
  page,
}) => {
  await signUp(page);
  const { CHF } = await currencyIds(page);
  const account = await apiWrite<{ id: number }>(page, 'POST', '/api/bank-accounts', {
    name: 'Vereinskonto',
    amount: 0,
    currencyId: CHF,
  });
  // A synthetic export written for this test, with column names no bank uses.
  const csv = 'Tag;Vorgang;Summe\n03.11.2026;Beitrag Muster;120.00\n05.11.2026;Saalmiete;-300.00\n';
  await page.goto('/bank-accounts');
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Kontoauszug importieren' }).click();
  await (await chooser).setFiles({ name: 'export.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  const dialog = page.getByRole('dialog', { name: 'Kontoauszug importieren' });
  await dialog.getByRole('combobox', { name: 'Konto für diesen Auszug' }).click();
  await page.getByRole('option', { name: 'Vereinskonto' }).click();
  const importButton = dialog.getByRole('button', { name: 'Importieren' });
  await expect(importButton).toBeDisabled();
  const mapping = dialog.getByRole('region', { name: 'Spalten zuordnen' });
  for (const [role, column] of [
    ['Buchungsdatum', 'Tag'],
    ['Betrag', 'Summe'],
    ['Text', 'Vorgang'],
  ]) {
    await mapping.getByRole('combobox', { name: role, exact: true }).click();
    await page.getByRole('option', { name: column, exact: true }).click();
  }
  await mapping.getByRole('button', { name: 'Zuordnung speichern und neu lesen' }).click();
  await expect(dialog).toContainText('2 neu, 0 bereits importiert');
  await expect(importButton).toBeEnabled();
  await importButton.click();
  await expect(toasts(page).getByRole('status').last()).toContainText('2 Buchungen importiert');
  const remembered = await page.request.get(`/api/bank-accounts/${account.id}/csv-mapping`);
  expect((await remembered.json()) as unknown).toMatchObject({ csvMapping: { date: 'Tag', amount: 'Summe' } });
});

test('an unknown account id shows the not-found box', async ({ page }) => {
  await signUp(page);
  await page.goto('/bank-accounts/999999/entries');
  await expect(page.getByText('404')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Bankkonto mit ID 999999 nicht gefunden' })).toBeVisible();
});

test('a read-only member sees the entries but cannot import or set categories', async ({ browser, page }) => {
  const { owner, prepared } = await ownerWithReader(browser, page, async (ownerPage) => {
    const account = await createMatchingAccount(ownerPage, 'Geteiltes Konto');
    const response = await ownerPage.request.post('/api/bank-statements', {
      data: readFileSync(statementPath),
      headers: { 'content-type': 'application/xml', origin: new URL(test.info().project.use.baseURL ?? '').origin },
    });
    expect(response.status(), await response.text()).toBe(200);
    return account;
  });
  await page.goto('/bank-accounts');
  await expect(page.getByRole('heading', { name: 'Geteiltes Konto' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Kontoauszug importieren' })).toHaveCount(0);
  await expect(page.getByTestId('statement-drop-zone')).toHaveCount(0);
  await page.goto(`/bank-accounts/${prepared.id}/entries`);
  const table = entriesTable(page);
  await expect(table.getByRole('row')).toHaveCount(9);
  await expect(table.getByRole('combobox', { name: /^Kategorie der Buchung/ })).toHaveCount(0);
  await owner.close();
});

// Issue 41: the API's synthetic fixtures (their README lists the figures).
const fixturePath = (name: string) =>
  path.resolve(import.meta.dirname, `../../apps/api/src/modules/bank-statements/fixtures/${name}`);

async function chooseFile(page: Page, name: string) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Kontoauszug importieren' }).click();
  await (await chooser).setFiles(fixturePath(name));
  return page.getByRole('dialog', { name: 'Kontoauszug importieren' });
}

test('a statement of an unknown account creates the account from it, with its balance and "Stand per"', async ({
  page,
}) => {
  await signUp(page);
  await page.goto('/bank-accounts');
  // camt053-other-id.xml: account 0835-123456-01 "Mietkautionskonto", CLBD 84'515.25 per 20.06.2023.
  const dialog = await chooseFile(page, 'camt053-other-id.xml');
  await expect(dialog.getByRole('alert')).toContainText(
    'Kein Bankkonto mit der Kontonummer 0835-123456-01: bitte wählen Sie ein Konto.',
  );
  const importButton = dialog.getByRole('button', { name: 'Importieren' });
  await expect(importButton).toBeDisabled();
  await dialog.getByRole('combobox', { name: 'Konto für diesen Auszug' }).click();
  await page.getByRole('option', { name: 'Neues Konto aus dem Auszug anlegen' }).click();
  const statement = dialog.getByRole('region', { name: /Auszug 1 von 1/ });
  await expect(statement).toContainText('Neu: «Mietkautionskonto» (CHF)');
  await expect(statement).toContainText('Wird übernommen, «Stand per» 20.06.2023');
  await expect(importButton).toBeEnabled();
  await expectNoSeriousAxeViolations(page);
  await importButton.click();
  await expect(dialog).toBeHidden();
  const toast = toasts(page).getByRole('status').last();
  await expect(toast).toContainText('Bankkonto «Mietkautionskonto» angelegt');
  await expect(toast).toContainText("Saldo übernommen: 84'515.25 per 20.06.2023");
  const card = accountCard(page, 'Mietkautionskonto');
  await expect(card).toContainText("Kontostand: 84'515.25 CHF");
  await expect(card).toContainText('Stand per 20.06.2023');

  // The same file again: recognised by the account number, nothing new.
  const again = await chooseFile(page, 'camt053-other-id.xml');
  await expect(again.getByRole('region', { name: /Auszug 1 von 1/ })).toContainText(
    'Mietkautionskonto (über die Kontonummer zugeordnet)',
  );
  await again.getByRole('button', { name: 'Importieren' }).click();
  await expect(toasts(page).getByRole('status').last()).toContainText('Nichts Neues');
});

test('a closing balance in another currency than the account is not taken', async ({ page }) => {
  await signUp(page);
  const { EUR } = await currencyIds(page);
  await apiWrite(page, 'POST', '/api/bank-accounts', {
    name: 'Euro-Konto',
    amount: 50_000,
    currencyId: EUR,
    balanceDate: '2026-10-31',
    iban: 'DE72370400440532019999',
  });
  await page.goto('/bank-accounts');
  // camt053-foreign-balance.xml: OPBD EUR 500.00, CLBD SEK 27.00 debit, one EUR debit of 20.00.
  const dialog = await chooseFile(page, 'camt053-foreign-balance.xml');
  const statement = dialog.getByRole('region', { name: /Auszug 1 von 1/ });
  await expect(statement).toContainText('Schlusssaldo in SEK, Konto in EUR: nicht übernommen');
  await expect(statement).toContainText('Anfangssaldo in EUR, Schlusssaldo in SEK: keine Saldoprüfung.');
  await expect(statement).toContainText('Bleibt unverändert');
  await dialog.getByRole('button', { name: 'Importieren' }).click();
  await expect(dialog).toBeHidden();
  await expect(toasts(page).getByRole('status').last()).toContainText('1 Buchung importiert');
  const card = accountCard(page, 'Euro-Konto');
  await expect(card).toContainText('Kontostand: 500.00 EUR');
  await expect(card).toContainText('Stand per 31.10.2026');
});
