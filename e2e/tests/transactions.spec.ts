import {
  apiWrite,
  expect,
  expectEmptiedAndAskedFor,
  expectNoSeriousAxeViolations,
  ownerWithReader,
  referenceIds,
  signUp,
  test,
  toasts,
} from './support/fixtures.js';
import {
  addTransaction,
  transactionCard,
  transactionCards,
  transactionNameCells,
  transactionsTable,
} from './support/pages/transactions-page.js';
import { choose, confirmWith } from './support/ui.js';

// The server's "today" is pinned to 2026-11-21 (playwright.config.ts FIXED_TODAY).

test.describe('Transaktionen', () => {
  test('a new organisation is invited to its first transaction, which is created through the dialog', async ({
    page,
  }) => {
    // One long walk through the dialog and its two nested dialogs.
    test.slow();
    await signUp(page);
    await page.goto('/transactions');
    await expect(page).toHaveTitle('Transaktionen - SaldoPilot');
    await expect(page.getByRole('heading', { name: 'Erfassen Sie Ihre erste Transaktion' })).toBeVisible();
    await expectNoSeriousAxeViolations(page);

    await page.getByRole('button', { name: 'Transaktion hinzufügen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Neue Transaktion anlegen' });
    const save = dialog.getByRole('button', { name: 'Speichern' });
    await expect(save).toBeDisabled();
    await expect(dialog.getByRole('combobox', { name: 'Währung' })).toHaveValue(/^CHF - /);
    // The employee field searches all employees (employees.spec.ts); with none there is nothing to pick.
    await expect(dialog.getByRole('combobox', { name: 'Mitarbeitende' })).toBeEnabled();
    await expect(dialog.getByRole('switch', { name: 'Mehrwertsteuer inklusive?' })).toBeDisabled();
    await expect(dialog.getByRole('combobox', { name: 'Zahlungszyklus' })).toHaveCount(0);
    // A field with a hint lines up with its neighbour, and the hint is read out with it.
    const linkField = dialog.getByRole('textbox', { name: 'Link' });
    await expect(linkField).toHaveAccessibleDescription('Optionaler Link zur Transaktion (z.B. Rechnung)');
    const [nameBox, linkBox] = [
      await dialog.getByRole('textbox', { name: 'Name' }).boundingBox(),
      await linkField.boundingBox(),
    ];
    expect(linkBox?.y).toBe(nameBox?.y);

    // Required fields say so once they were left.
    await dialog.getByRole('textbox', { name: 'Name' }).focus();
    await dialog.getByRole('textbox', { name: 'Link' }).focus();
    await expect(dialog.getByText('Name wird benötigt')).toBeVisible();

    await dialog.getByRole('textbox', { name: 'Name' }).fill('Büromiete');
    await dialog.getByRole('textbox', { name: 'Link' }).fill('https://example.ch/mietvertrag');
    // A category created from the dialog is selected at once.
    await dialog.getByRole('button', { name: 'Kategorie hinzufügen' }).click();
    const categoryDialog = page.getByRole('dialog', { name: 'Neue Kategorie' });
    await categoryDialog.getByRole('textbox', { name: 'Name' }).fill('Räume');
    await categoryDialog.getByRole('button', { name: 'Speichern' }).click();
    await expect(categoryDialog).toBeHidden();
    await expect(
      toasts(page).getByRole('status').filter({ hasText: 'Kategorie "Räume" wurde angelegt' }),
    ).toBeVisible();
    await expect(dialog.getByRole('combobox', { name: 'Kategorie' })).toHaveValue('Räume');

    const amount = dialog.getByRole('textbox', { name: 'Betrag' });
    await amount.fill('2500');
    await dialog.getByRole('button', { name: 'Betrag negativ machen' }).click();
    await expect(amount).toHaveValue("-2'500.00");

    // A VAT rate created from the dialog is selected too; "inklusive" is possible only with a rate.
    await dialog.getByRole('button', { name: 'Mehrwertsteuer hinzufügen' }).click();
    const vatDialog = page.getByRole('dialog', { name: 'Neue Mehrwertsteuer anlegen' });
    await vatDialog.getByRole('textbox', { name: 'Prozentualer Wert' }).fill('8.1');
    await vatDialog.getByRole('textbox', { name: 'Prozentualer Wert' }).blur();
    await expect(vatDialog.getByText('Mehrwertsteuer existiert bereits')).toBeVisible();
    await vatDialog.getByRole('textbox', { name: 'Prozentualer Wert' }).fill('7.7');
    await vatDialog.getByRole('button', { name: 'Speichern' }).click();
    await expect(vatDialog).toBeHidden();
    await expect(dialog.getByRole('combobox', { name: 'Mehrwertsteuer' })).toHaveValue('7.7%');
    const included = dialog.getByRole('switch', { name: 'Mehrwertsteuer inklusive?' });
    await expect(included).toBeEnabled();
    await included.check({ force: true });

    await choose(page, dialog.getByRole('combobox', { name: 'Zahlungstyp' }), 'Wiederkehrende Zahlung');
    await expect(dialog.getByRole('combobox', { name: 'Zahlungszyklus' })).toHaveValue('Monatlich');
    await choose(page, dialog.getByRole('combobox', { name: 'Zahlungszyklus' }), 'Vierteljährlich');
    await dialog.getByRole('textbox', { name: 'Von' }).fill('01.12.2026');
    await expectNoSeriousAxeViolations(page);
    await save.click();
    await expect(dialog).toBeHidden();
    await expect(
      toasts(page).getByRole('status').filter({ hasText: 'Transaktion "Büromiete" wurde angelegt' }),
    ).toBeVisible();

    const created = transactionCard(page, 'Büromiete');
    await expect(created).toContainText('Start: 01.12.2026');
    await expect(created).toContainText('Nächste Belastung: 01.12.2026');
    await expect(created).toContainText("Betrag: -2'500.00 CHF");
    await expect(created).toContainText('inkl. ');
    await expect(created).toContainText('Wiederkehrend: Vierteljährlich');
    await expect(created).toContainText('Kategorie: Räume');
    const link = created.getByRole('link', { name: /Büromiete/ });
    await expect(link).toHaveAttribute('href', 'https://example.ch/mietvertrag');
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', /noopener/);
    await expectNoSeriousAxeViolations(page);
  });

  test('edits, clones and deletes a transaction; a foreign amount shows its value in CHF', async ({ page }) => {
    await signUp(page);
    const ids = await referenceIds(page);
    await addTransaction(page, ids, { name: 'Lizenz', amount: -105_00, currencyId: ids.eur });
    await page.goto('/transactions');
    const lizenz = transactionCard(page, 'Lizenz');
    await expect(lizenz).toContainText('Betrag: -105.00 EUR ~ -');
    await expect(lizenz).toContainText('CHF');

    await lizenz.getByRole('button', { name: 'Transaktion "Lizenz" bearbeiten' }).click();
    const edit = page.getByRole('dialog', { name: 'Transaktion bearbeiten' });
    const save = edit.getByRole('button', { name: 'Speichern' });
    await expect(edit.getByRole('textbox', { name: 'Name' })).toHaveValue('Lizenz');
    await expect(edit.getByText(/^~ -.* CHF$/)).toBeVisible();
    await expect(save).toBeDisabled();
    // An emptied amount stays empty and is asked for; it does not fall back to the stored -105.00.
    const editAmount = edit.getByRole('textbox', { name: 'Betrag' });
    await expectEmptiedAndAskedFor(edit, editAmount, 'Betrag wird benötigt');
    await expect(save).toBeDisabled();
    await editAmount.fill('-105');
    await editAmount.blur();
    await expect(editAmount).toHaveValue('-105.00');
    await expect(edit.getByText('Betrag wird benötigt')).toBeHidden();
    // So does an emptied date: it does not fall back to the stored 01.12.2026.
    const editFrom = edit.getByRole('textbox', { name: 'Von' });
    await expectEmptiedAndAskedFor(edit, editFrom, 'Start wird benötigt');
    await expect(save).toBeDisabled();
    await editFrom.fill('01.12.2026');
    await editFrom.blur();
    await expect(edit.getByText('Start wird benötigt')).toBeHidden();
    await edit.getByRole('textbox', { name: 'Name' }).fill('Softwarelizenz');
    await expectNoSeriousAxeViolations(page);
    await save.click();
    await expect(edit).toBeHidden();
    await expect(
      toasts(page).getByRole('status').filter({ hasText: 'Transaktion "Softwarelizenz" wurde bearbeitet' }),
    ).toBeVisible();
    await expect(transactionCard(page, 'Softwarelizenz')).toBeVisible();

    await transactionCard(page, 'Softwarelizenz')
      .getByRole('button', { name: 'Transaktion "Softwarelizenz" klonen' })
      .click();
    const clone = page.getByRole('dialog', { name: 'Transaktion klonen' });
    await expect(clone.getByRole('textbox', { name: 'Name' })).toHaveValue('Softwarelizenz');
    await expect(clone.getByRole('button', { name: 'Transaktion löschen' })).toHaveCount(0);
    const cloneButton = clone.getByRole('button', { name: 'Klonen' });
    // A clone may be saved unchanged: it is a new transaction.
    await expect(cloneButton).toBeEnabled();
    await clone.getByRole('textbox', { name: 'Name' }).fill('Zweitlizenz');
    await cloneButton.click();
    await expect(clone).toBeHidden();
    await expect(
      toasts(page).getByRole('status').filter({ hasText: 'Transaktion "Zweitlizenz" wurde angelegt' }),
    ).toBeVisible();
    await expect(transactionCards(page)).toHaveCount(2);

    await transactionCard(page, 'Softwarelizenz')
      .getByRole('button', { name: 'Transaktion "Softwarelizenz" bearbeiten' })
      .click();
    const again = page.getByRole('dialog', { name: 'Transaktion bearbeiten' });
    await again.getByRole('button', { name: 'Transaktion löschen' }).click();
    await confirmWith(page, 'Löschen', 'Transaktion vollständig löschen?');
    await expect(again).toBeHidden();
    await expect(
      toasts(page).getByRole('status').filter({ hasText: 'Transaktion "Softwarelizenz" wurde gelöscht' }),
    ).toBeVisible();
    await expect(transactionCards(page)).toHaveCount(1);
    await expect(transactionCard(page, 'Zweitlizenz')).toBeVisible();
  });

  test('moving "Von" after "Bis" clears "Bis" and says so', async ({ page }) => {
    await signUp(page);
    await page.goto('/transactions');
    await page.getByRole('button', { name: 'Transaktion hinzufügen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Neue Transaktion anlegen' });
    await choose(page, dialog.getByRole('combobox', { name: 'Zahlungstyp' }), 'Wiederkehrende Zahlung');
    const from = dialog.getByRole('textbox', { name: 'Von' });
    const to = dialog.getByRole('textbox', { name: 'Bis' });
    await from.fill('1.1.2027');
    await from.blur();
    await expect(from).toHaveValue('01.01.2027');
    await to.fill('30.06.2027');
    await from.fill('01.08.2027');
    await expect(to).toHaveValue('');
    await expect(
      dialog.getByText('Das "Bis" Datum wurde entfernt, da das "Von" Datum nach diesem liegt'),
    ).toBeVisible();
    await dialog.getByRole('button', { name: 'Abbrechen' }).click();
    await expect(dialog).toBeHidden();
  });

  test('a changed dialog asks before it closes; stacked, only the top one is asked about and closed', async ({
    page,
  }) => {
    await signUp(page);
    await page.goto('/transactions');
    const add = page.getByRole('button', { name: 'Transaktion hinzufügen' }).first();
    const dialog = page.getByRole('dialog', { name: 'Neue Transaktion anlegen' });
    const question = page.getByRole('dialog', { name: 'Änderungen verwerfen?' });
    const name = dialog.getByRole('textbox', { name: 'Name' });

    // Unchanged: "Abbrechen" closes at once.
    await add.click();
    await dialog.getByRole('button', { name: 'Abbrechen' }).click();
    await expect(dialog).toBeHidden();
    await expect(question).toHaveCount(0);

    // Changed: "Abbrechen" asks; "Nein" keeps the input.
    await add.click();
    await name.fill('Büromiete');
    await dialog.getByRole('button', { name: 'Abbrechen' }).click();
    await question.getByRole('button', { name: 'Nein' }).click();
    await expect(dialog).toBeVisible();
    await expect(name).toHaveValue('Büromiete');

    // A category dialog on top: Escape asks about it alone, "Ja" closes it alone.
    await dialog.getByRole('button', { name: 'Kategorie hinzufügen' }).click();
    const categoryDialog = page.getByRole('dialog', { name: 'Neue Kategorie' });
    await categoryDialog.getByRole('textbox', { name: 'Name' }).fill('Reisen');
    await page.keyboard.press('Escape');
    await question.getByRole('button', { name: 'Ja' }).click();
    await expect(categoryDialog).toBeHidden();
    await expect(dialog).toBeVisible();
    await expect(name).toHaveValue('Büromiete');

    // "Ja" on the transaction dialog drops its input: opened again, it is empty.
    await dialog.getByRole('button', { name: 'Dialog schliessen' }).click();
    await question.getByRole('button', { name: 'Ja' }).click();
    await expect(dialog).toBeHidden();
    await add.click();
    await expect(name).toHaveValue('');
  });

  test('an emptied "Bis" stays empty, and the transaction is saved without an end', async ({ page }) => {
    await signUp(page);
    const ids = await referenceIds(page);
    await addTransaction(page, ids, {
      name: 'Wartungsvertrag',
      amount: -300_00,
      type: 'repeating',
      cycle: 'monthly',
      endDate: '2027-06-01',
    });
    await page.goto('/transactions');
    const contract = transactionCard(page, 'Wartungsvertrag');
    await expect(contract).toContainText('Ende: 01.06.2027');
    await contract.getByRole('button', { name: 'Transaktion "Wartungsvertrag" bearbeiten' }).click();
    const edit = page.getByRole('dialog', { name: 'Transaktion bearbeiten' });
    const to = edit.getByRole('textbox', { name: 'Bis' });
    await expect(to).toHaveValue('01.06.2027');
    await to.fill('');
    await to.blur();
    // Empty is "no end", not the stored date again.
    await expect(to).toHaveValue('');
    await edit.getByRole('button', { name: 'Speichern' }).click();
    await expect(edit).toBeHidden();
    await expect(contract).not.toContainText('Ende:');
    await contract.getByRole('button', { name: 'Transaktion "Wartungsvertrag" bearbeiten' }).click();
    await expect(
      page.getByRole('dialog', { name: 'Transaktion bearbeiten' }).getByRole('textbox', { name: 'Bis' }),
    ).toHaveValue('');
  });

  test('sorts in both views and searches on the server; view and sort are remembered', async ({ page }) => {
    await signUp(page);
    const ids = await referenceIds(page);
    await addTransaction(page, ids, { name: 'Miete', amount: -3_000_00 });
    await addTransaction(page, ids, { name: 'Beratung', amount: 5_000_00 });
    await addTransaction(page, ids, { name: 'Mietnebenkosten', amount: -400_00 });
    await page.goto('/transactions');
    await expect(transactionCards(page).getByRole('heading')).toHaveText(['Beratung', 'Miete', 'Mietnebenkosten']);
    // Grid view: "Sortieren nach" and the order button.
    await choose(page, page.getByRole('combobox', { name: 'Sortieren nach' }), 'Betrag');
    await expect(transactionCards(page).getByRole('heading')).toHaveText(['Miete', 'Mietnebenkosten', 'Beratung']);

    await page.getByRole('button', { name: 'Als Liste anzeigen' }).click();
    await expect(transactionsTable(page)).toBeVisible();
    const amountHeader = transactionsTable(page).getByRole('columnheader', { name: 'Betrag' });
    await expect(amountHeader).toHaveAttribute('aria-sort', 'ascending');
    await amountHeader.getByRole('button').click();
    await expect(amountHeader).toHaveAttribute('aria-sort', 'descending');
    await expect(transactionNameCells(page)).toHaveText([/^Beratung/, /^Mietnebenkosten/, /^Miete/]);
    await transactionsTable(page).getByRole('columnheader', { name: 'Name' }).getByRole('button').click();
    await expect(transactionNameCells(page)).toHaveText([/^Beratung/, /^Miete/, /^Mietnebenkosten/]);
    await expect(transactionsTable(page).getByRole('columnheader', { name: 'Ausführung' })).toHaveAttribute(
      'aria-sort',
      'none',
    );
    await expectNoSeriousAxeViolations(page);

    const searched = page.waitForRequest((request) => request.url().includes('search=miet'));
    await page.getByRole('textbox', { name: 'Suchen' }).fill('  miet ');
    await searched;
    await expect(transactionNameCells(page)).toHaveText([/^Miete/, /^Mietnebenkosten/]);
    await page.getByRole('button', { name: 'Suche leeren' }).click();
    await expect(transactionNameCells(page)).toHaveCount(3);

    await page.reload();
    await expect(transactionsTable(page)).toBeVisible();
    await expect(transactionsTable(page).getByRole('columnheader', { name: 'Name' })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
  });

  test('disabled transactions are hidden by default, expired ones on request; the status switch saves at once', async ({
    page,
  }) => {
    test.slow();
    await signUp(page);
    const ids = await referenceIds(page);
    await addTransaction(page, ids, { name: 'Aktiv', amount: 100_00 });
    const paused = await addTransaction(page, ids, { name: 'Pausiert', amount: -50_00 });
    await apiWrite(page, 'PATCH', `/api/transactions/${paused.id}`, { isDisabled: true });
    await addTransaction(page, ids, { name: 'Vorbei', amount: -20_00, startDate: '2026-01-15' });
    await page.goto('/transactions');

    const hideDisabled = page.getByRole('switch', { name: 'Deaktivierte ausblenden' });
    const hideExpired = page.getByRole('switch', { name: 'Abgelaufene ausblenden' });
    await expect(hideDisabled).toBeChecked();
    await expect(hideExpired).not.toBeChecked();
    await expect(transactionCards(page).getByRole('heading')).toHaveText(['Aktiv', 'Vorbei']);
    await expect(transactionCard(page, 'Vorbei')).toContainText('Abgelaufen');

    await hideDisabled.uncheck({ force: true });
    await expect(transactionCards(page).getByRole('heading')).toHaveText(['Aktiv', 'Pausiert', 'Vorbei']);
    await expect(transactionCard(page, 'Pausiert')).toContainText(
      'Diese Transaktion ist deaktiviert und wird nicht berechnet.',
    );
    await expectNoSeriousAxeViolations(page);

    await hideExpired.check({ force: true });
    await expect(transactionCards(page).getByRole('heading')).toHaveText(['Aktiv', 'Pausiert']);

    await transactionCard(page, 'Pausiert')
      .getByRole('switch', { name: 'Status von "Pausiert"' })
      .check({ force: true });
    await expect(toasts(page).getByRole('status').filter({ hasText: 'Transaktion aktiviert' })).toBeVisible();
    await expect(transactionCard(page, 'Pausiert')).not.toContainText('deaktiviert');
    await transactionCard(page, 'Aktiv').getByRole('switch', { name: 'Status von "Aktiv"' }).uncheck({ force: true });
    await expect(toasts(page).getByRole('status').filter({ hasText: 'Transaktion deaktiviert' })).toBeVisible();
    await expect(transactionCard(page, 'Aktiv')).toContainText('Diese Transaktion ist deaktiviert');

    // The filters by direction and category narrow the list too.
    const direction = page.getByRole('radiogroup', { name: 'Richtung' });
    await direction.getByText('Einnahmen', { exact: true }).click();
    await expect(direction.getByRole('radio', { name: 'Einnahmen' })).toBeChecked();
    await expect(transactionCards(page).getByRole('heading')).toHaveText(['Aktiv']);
    await direction.getByText('Ausgaben', { exact: true }).click();
    await expect(transactionCards(page).getByRole('heading')).toHaveText(['Pausiert']);
  });

  test('an organisation whose transactions are all disabled gets its toolbar, not the first-use hint', async ({
    page,
  }) => {
    await signUp(page);
    const ids = await referenceIds(page);
    const paused = await addTransaction(page, ids, { name: 'Ruhend', amount: 10_00 });
    await apiWrite(page, 'PATCH', `/api/transactions/${paused.id}`, { isDisabled: true });
    await page.goto('/transactions');
    await expect(page.getByText('Keine Einträge gefunden')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Erfassen Sie Ihre erste Transaktion' })).toHaveCount(0);
    await page.getByRole('switch', { name: 'Deaktivierte ausblenden' }).uncheck({ force: true });
    await expect(transactionCard(page, 'Ruhend')).toBeVisible();
  });

  test('bulk: disables the selected transactions in one request after asking', async ({ page }) => {
    await signUp(page);
    const ids = await referenceIds(page);
    for (const name of ['Alpha', 'Beta', 'Gamma']) await addTransaction(page, ids, { name, amount: 10_00 });
    await page.goto('/transactions');
    await page.getByRole('button', { name: 'Als Liste anzeigen' }).click();
    await transactionsTable(page).getByRole('checkbox', { name: 'Alpha auswählen' }).check();
    await transactionsTable(page).getByRole('checkbox', { name: 'Gamma auswählen' }).check();
    const bar = page.getByRole('region', { name: '2 ausgewählt' });
    await expect(bar).toBeVisible();
    await expectNoSeriousAxeViolations(page);

    const bulkRequests: unknown[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/transactions/bulk')) bulkRequests.push(request.postDataJSON());
    });
    await bar.getByRole('button', { name: 'Deaktivieren' }).click();
    await confirmWith(page, 'Deaktivieren', '2 Transaktion(en) deaktivieren?');
    await expect(toasts(page).getByRole('status').filter({ hasText: '2 Transaktion(en) deaktiviert' })).toBeVisible();
    expect(bulkRequests).toHaveLength(1);
    expect(bulkRequests[0]).toMatchObject({ action: 'disable' });
    await expect(transactionNameCells(page)).toHaveText([/^Beta/]);
    await expect(page.getByRole('region', { name: /ausgewählt/ })).toHaveCount(0);
  });

  test('deleting a category in use moves its transactions to a replacement first', async ({ page }) => {
    await signUp(page);
    const ids = await referenceIds(page);
    const marketing = await apiWrite<{ id: number; name: string }>(page, 'POST', '/api/categories', {
      name: 'Marketing',
    });
    await apiWrite(page, 'POST', '/api/categories', { name: 'Leer' });
    await addTransaction(page, ids, { name: 'Inserat', amount: -800_00, categoryId: marketing.id });
    await page.goto('/transactions');
    await expect(transactionCard(page, 'Inserat')).toContainText('Kategorie: Marketing');

    await page.getByRole('button', { name: 'Kategorien & MWST' }).click();
    const manage = page.getByRole('dialog', { name: 'Kategorien & MWST' });
    await expect(manage.getByRole('list', { name: 'Eigene Kategorien' })).toContainText('Marketing');
    await expect(manage.getByRole('list', { name: 'System-Kategorien' })).toContainText('Generell');
    await expectNoSeriousAxeViolations(page);

    // An unused one is deleted after the plain question.
    await manage.getByRole('button', { name: 'Kategorie "Leer" löschen' }).click();
    await confirmWith(page, 'Löschen', 'Kategorie "Leer" vollständig löschen?');
    await expect(toasts(page).getByRole('status').filter({ hasText: 'Kategorie "Leer" wurde gelöscht' })).toBeVisible();

    await manage.getByRole('button', { name: 'Kategorie "Marketing" löschen' }).click();
    const reassign = page.getByRole('dialog', { name: 'Kategorie ersetzen und löschen' });
    await expect(reassign).toContainText(
      '"Marketing" wird noch von Transaktionen verwendet. Diese werden auf die Ersatzkategorie übertragen, danach wird die Kategorie gelöscht.',
    );
    const submit = reassign.getByRole('button', { name: 'Übertragen und löschen' });
    await expect(submit).toBeDisabled();
    await choose(page, reassign.getByRole('combobox', { name: 'Ersatzkategorie' }), 'Generell');
    await expectNoSeriousAxeViolations(page);
    await submit.click();
    await expect(reassign).toBeHidden();
    await expect(
      toasts(page)
        .getByRole('status')
        .filter({ hasText: '1 Transaktion(en) übertragen, Kategorie "Marketing" wurde gelöscht' }),
    ).toBeVisible();
    await expect(manage.getByRole('list', { name: 'Eigene Kategorien' })).toHaveCount(0);
    await manage.getByRole('button', { name: 'Schliessen', exact: true }).click();
    await expect(transactionCard(page, 'Inserat')).toContainText('Kategorie: Generell');
  });

  test('deleting an own VAT rate says how many transactions lose it', async ({ page }) => {
    await signUp(page);
    const ids = await referenceIds(page);
    const vat = await apiWrite<{ id: number }>(page, 'POST', '/api/vats', { value: 550 });
    await addTransaction(page, ids, { name: 'Hotel', amount: -300_00, vatId: vat.id, vatIncluded: true });
    await page.goto('/transactions');
    await expect(transactionCard(page, 'Hotel')).toContainText('inkl. ');
    await page.getByRole('button', { name: 'Kategorien & MWST' }).click();
    const manage = page.getByRole('dialog', { name: 'Kategorien & MWST' });
    await expect(manage.getByRole('list', { name: 'Vorgegebene Mehrwertsteuersätze' })).toContainText('8.1%');
    await manage.getByRole('button', { name: 'Mehrwertsteuer "5.5%" löschen' }).click();
    await confirmWith(
      page,
      'Löschen',
      'Mehrwertsteuer "5.5%" vollständig löschen? 1 Transaktion(en) verlieren damit ihre Mehrwertsteuer.',
    );
    await expect(
      toasts(page).getByRole('status').filter({ hasText: 'Mehrwertsteuer "5.5%" wurde gelöscht' }),
    ).toBeVisible();
    await expect(manage.getByRole('list', { name: 'Eigene Mehrwertsteuersätze' })).toHaveCount(0);
    await manage.getByRole('button', { name: 'Schliessen', exact: true }).click();
    await expect(transactionCard(page, 'Hotel')).not.toContainText('inkl. ');
  });

  test('a category that got used meanwhile is replaced after the server refuses to delete it', async ({ page }) => {
    await signUp(page);
    const ids = await referenceIds(page);
    const travel = await apiWrite<{ id: number; name: string }>(page, 'POST', '/api/categories', { name: 'Reisen' });
    await page.goto('/transactions');
    await expect(page.getByRole('heading', { name: 'Erfassen Sie Ihre erste Transaktion' })).toBeVisible();
    // Another user assigns it after this page loaded the categories (still unused here).
    await addTransaction(page, ids, { name: 'Zugticket', amount: -90_00, categoryId: travel.id });

    await page.getByRole('button', { name: 'Transaktion hinzufügen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Neue Transaktion anlegen' });
    await choose(page, dialog.getByRole('combobox', { name: 'Kategorie' }), 'Reisen');
    await dialog.getByRole('button', { name: 'Kategorie "Reisen" löschen' }).click();
    await confirmWith(page, 'Löschen', 'Kategorie "Reisen" vollständig löschen?');
    const reassign = page.getByRole('dialog', { name: 'Kategorie ersetzen und löschen' });
    await choose(page, reassign.getByRole('combobox', { name: 'Ersatzkategorie' }), 'Generell');
    await reassign.getByRole('button', { name: 'Übertragen und löschen' }).click();
    await expect(reassign).toBeHidden();
    await expect(
      toasts(page)
        .getByRole('status')
        .filter({ hasText: '1 Transaktion(en) übertragen, Kategorie "Reisen" wurde gelöscht' }),
    ).toBeVisible();
    // The dialog's selection follows the transactions to the replacement.
    await expect(dialog.getByRole('combobox', { name: 'Kategorie' })).toHaveValue('Generell');
    await dialog.getByRole('button', { name: 'Abbrechen' }).click();
    await expect(transactionCard(page, 'Zugticket')).toContainText('Kategorie: Generell');
  });

  test('a read-only member sees the transactions but no control that changes them', async ({ page, browser }) => {
    const { owner } = await ownerWithReader(browser, page, async (ownerPage) => {
      await addTransaction(ownerPage, await referenceIds(ownerPage), { name: 'Miete', amount: -2_000_00 });
    });
    await page.goto('/transactions');
    await expect(transactionCard(page, 'Miete')).toContainText("Betrag: -2'000.00 CHF");
    await expect(page.getByRole('button', { name: 'Transaktion hinzufügen' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Kategorien & MWST' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Transaktion ".*" bearbeiten$/ })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Transaktion ".*" klonen$/ })).toHaveCount(0);
    await expect(page.getByRole('switch', { name: /^Status von/ })).toHaveCount(0);
    await expectNoSeriousAxeViolations(page);
    await page.getByRole('button', { name: 'Als Liste anzeigen' }).click();
    await expect(transactionsTable(page).getByRole('checkbox')).toHaveCount(0);
    await expect(transactionsTable(page).getByRole('switch')).toHaveCount(0);
    await expect(transactionsTable(page)).toContainText('Miete');
    await owner.close();
  });
});
