import QRCode from 'qrcode';
import { apiWrite, currencyIds, expect, signUp, test, toasts } from './support/fixtures.js';
import {
  importBillDebit,
  matchBillDebit,
  plannedBill,
  QR_REFERENCE,
  qrBillDialog,
  qrBillPayload,
  uploadQrBills,
} from './support/pages/qr-bills-page.js';
import {
  chooseCategory,
  importInDialog,
  recurringDialog,
  selectSuggestion,
  suggestionRow,
  suggestionRows,
} from './support/pages/recurring-page.js';
import { PLAN_ACTUAL_IBAN } from './support/statements.js';
import { choose } from './support/ui.js';
import { aYearCsv } from './support/year-statement.js';

// Issue 46's journey in one: the plan learns from the bank (docs/recurring.md, docs/qr-bills.md,
// docs/plan-actual.md "References"). A year of statements imported, three of the series found
// accepted and one dismissed; a QR-bill uploaded and confirmed; the statement with its debit
// imported, and the debit matched to the bill by its reference. The server's today is 2026-11-21.

test('the plan learns from the bank: a year imported, three series accepted, one dismissed, a QR-bill uploaded, its debit matched by the reference', async ({
  page,
}) => {
  test.slow();
  await signUp(page);
  const { CHF } = await currencyIds(page);
  const account = await apiWrite<{ id: number }>(page, 'POST', '/api/bank-accounts', {
    name: 'Geschäftskonto',
    amount: 10_000_00,
    currencyId: CHF,
    balanceDate: '2026-10-31',
    iban: PLAN_ACTUAL_IBAN,
  });

  // A year imported in the dialog: the series found are counted and listed.
  await page.goto('/bank-accounts');
  await importInDialog(
    page,
    { name: 'jahr.csv', mimeType: 'text/csv', buffer: Buffer.from(aYearCsv()) },
    'Geschäftskonto',
  );
  await expect(toasts(page)).toContainText('4 wiederkehrende Zahlungen gefunden');
  const suggestions = recurringDialog(page);
  await expect(suggestionRows(page)).toHaveCount(4);

  // Three accepted, their past entries matched; one dismissed.
  await chooseCategory(page, 'Immobilien Zentrum AG', 'Miete');
  await chooseCategory(page, 'AMAG Leasing AG', 'Leasing');
  await selectSuggestion(page, 'Immobilien Zentrum AG');
  await selectSuggestion(page, 'AMAG Leasing AG');
  await selectSuggestion(page, 'Löhne');
  await suggestions.getByRole('button', { name: 'Übernehmen (3)' }).click();
  await expect(toasts(page)).toContainText('3 Transaktionen erstellt, 60 Buchungen zugeordnet');
  await expect(suggestionRows(page)).toHaveCount(1);
  await expect(suggestionRow(page, 'Ausgleichskasse Zürich')).toBeVisible();
  await selectSuggestion(page, 'Ausgleichskasse Zürich');
  await suggestions.getByRole('button', { name: 'Verwerfen (1)' }).click();
  await expect(toasts(page)).toContainText('1 Vorschlag verworfen');
  await expect(suggestions).toContainText('Keine wiederkehrenden Zahlungen gefunden.');
  await suggestions.getByRole('button', { name: 'Schliessen', exact: true }).click();

  // A QR-bill uploaded on Transaktionen, checked and confirmed: a planned payment with its reference.
  await page.goto('/transactions');
  await expect(page.getByText('Immobilien Zentrum AG')).toBeVisible();
  await uploadQrBills(page, [
    {
      name: 'rechnung-10201409.png',
      mimeType: 'image/png',
      buffer: await QRCode.toBuffer(qrBillPayload(), { errorCorrectionLevel: 'M', scale: 6 }),
    },
  ]);
  const bill = qrBillDialog(page);
  // Reading is a few hundred milliseconds on an idle machine; CI's may be busy.
  await expect(bill).toBeVisible({ timeout: 30_000 });
  await expect(bill.getByRole('textbox', { name: 'Referenz' })).toHaveValue(QR_REFERENCE);
  await choose(page, bill.getByRole('combobox', { name: 'Kategorie' }), 'Übriges');
  await bill.getByRole('button', { name: 'Speichern' }).click();
  await expect(bill).toBeHidden();
  const planned = plannedBill(page);
  await expect(planned).toContainText(`Referenz: ${QR_REFERENCE}`);

  // The next statement: the debit, two days late, with the bill's QR reference; matched by it
  // (the best suggestion, "Referenz gleich"), and taken.
  await importBillDebit(page);
  await matchBillDebit(page, account.id);
});
