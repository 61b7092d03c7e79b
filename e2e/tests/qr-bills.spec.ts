import QRCode from 'qrcode';
import {
  apiWrite,
  currencyIds,
  expect,
  expectNoSeriousAxeViolations,
  signUp,
  test,
  toasts,
} from './support/fixtures.js';
import { planActualTable } from './support/pages/plan-actual-page.js';
import {
  importBillDebit,
  matchBillDebit,
  plannedBill,
  QR_REFERENCE,
  qrBillDialog,
  qrBillPayload,
  uploadQrBills,
} from './support/pages/qr-bills-page.js';
import { PLAN_ACTUAL_IBAN } from './support/statements.js';
import { choose } from './support/ui.js';

// docs/qr-bills.md. The server's today is 2026-11-21 (playwright.config FIXED_TODAY).

test('a QR-bill is uploaded, checked and confirmed; the bank debit with its QR reference is matched to it by the reference and counts in Plan/Ist', async ({
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

  // Two files at once: a QR code that is no QR-bill (refused, naming the file) and the bill.
  await page.goto('/transactions');
  await uploadQrBills(page, [
    { name: 'link.png', mimeType: 'image/png', buffer: await QRCode.toBuffer('https://example.ch/rechnung') },
    {
      name: 'rechnung-10201409.png',
      mimeType: 'image/png',
      buffer: await QRCode.toBuffer(qrBillPayload(), { errorCorrectionLevel: 'M', scale: 6 }),
    },
  ]);
  await expect(toasts(page)).toContainText('link.png konnte nicht gelesen werden');
  await expect(toasts(page)).toContainText('Der QR-Code ist keine QR-Rechnung');

  // The preview: what the bill says, the fields filled from it and editable.
  const dialog = qrBillDialog(page);
  // Reading is a few hundred milliseconds on an idle machine; CI's may be busy.
  await expect(dialog).toBeVisible({ timeout: 30_000 });
  const summary = dialog.getByTestId('qr-bill-summary');
  await expect(summary).toContainText('Zahlungsempfänger: Robert Schneider AG, Rue du Lac 1268, 2501 Biel');
  await expect(summary).toContainText('Konto: CH44 3199 9123 0008 8901 2');
  await expect(summary).toContainText(`Referenz: QRR ${QR_REFERENCE}`);
  await expect(summary).toContainText('Fälligkeit aus den Zahlungsbedingungen der Rechnung');
  await expect(dialog.getByRole('textbox', { name: 'Name' })).toHaveValue('Robert Schneider AG, Rechnung 10201409');
  await expect(dialog.getByRole('textbox', { name: 'Von' })).toHaveValue('14.11.2026');
  await expect(dialog.getByRole('textbox', { name: 'Referenz' })).toHaveValue(QR_REFERENCE);
  await choose(page, dialog.getByRole('combobox', { name: 'Kategorie' }), 'Übriges');
  await expectNoSeriousAxeViolations(page);
  await dialog.getByRole('button', { name: 'Speichern' }).click();
  await expect(dialog).toBeHidden();
  const planned = plannedBill(page);
  await expect(planned).toContainText(`Referenz: ${QR_REFERENCE}`);

  // The statement with the debit, paid two days late, carrying the same QR reference; matched by it.
  await importBillDebit(page);
  await matchBillDebit(page, account.id);

  // Plan/Ist: November's planned payment is matched, with its entry.
  await page.goto('/forecasts/plan-actual');
  await planActualTable(page).getByRole('button', { name: 'Details November 2026' }).click();
  const november = page.getByRole('dialog', { name: 'Plan/Ist November 2026' });
  const occurrence = november
    .getByRole('table', { name: 'Geplante Zahlungen' })
    .getByRole('row')
    .filter({ hasText: 'Robert Schneider AG, Rechnung 10201409' });
  await expect(occurrence).toContainText('Zugeordnet');
  await expect(occurrence).toContainText('16.11.2026 Robert Schneider AG');
});
