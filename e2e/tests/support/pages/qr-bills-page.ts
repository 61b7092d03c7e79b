import type { Locator, Page } from '@playwright/test';
import { expect } from '../fixtures.js';
import { camt053, importStatement, PLAN_ACTUAL_IBAN } from '../statements.js';
import { entryRow } from './bank-entries-page.js';

/** "QR-Rechnung hochladen" on Transaktionen: the files chosen, and the dialog each readable bill opens. */

export async function uploadQrBills(
  page: Page,
  files: { name: string; mimeType: string; buffer: Buffer }[],
): Promise<void> {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'QR-Rechnung hochladen' }).click();
  await (await chooser).setFiles(files);
}

export function qrBillDialog(page: Page): Locator {
  return page.getByRole('dialog', { name: 'QR-Rechnung prüfen' });
}

/** The QR reference of the tests' bill, which the bank debit that pays it carries. */
export const QR_REFERENCE = '210000000003139471430009017';

/**
 * The QR-bill of the tests (qr-bills.spec.ts, plan-learns.spec.ts), made here: the payload's 31 fields (and the Swico S1 billing
 * information) in the order of the Swiss Implementation Guidelines 2.3 — the guidelines' example
 * creditor with a QR-IBAN, 1'949.75 CHF, a QR reference, invoice 10201409 of 15.10.2026 payable net
 * in 30 days — encoded by the `qrcode` package (error correction M) into a PNG.
 */
export function qrBillPayload(): string {
  return [
    'SPC',
    '0200',
    '1',
    'CH4431999123000889012',
    ...['S', 'Robert Schneider AG', 'Rue du Lac', '1268', '2501', 'Biel', 'CH'],
    ...['', '', '', '', '', '', ''],
    '1949.75',
    'CHF',
    ...['S', 'Anna Muster AG', 'Bahnhofstrasse', '1', '8001', 'Zürich', 'CH'],
    'QRR',
    QR_REFERENCE,
    'Auftrag vom 15.06.2026',
    'EPD',
    '//S1/10/10201409/11/261015/40/0:30',
  ].join('\r\n');
}

/** The tests' bill confirmed: its planned payment on Transaktionen. */
export function plannedBill(page: Page): Locator {
  return page
    .getByRole('list', { name: 'Transaktionen' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: 'Robert Schneider AG, Rechnung 10201409' }) });
}

/** The statement with the bill's debit (16.11.2026, two days late), carrying the same QR reference. */
export async function importBillDebit(page: Page): Promise<void> {
  await importStatement(
    page,
    camt053({
      iban: PLAN_ACTUAL_IBAN,
      from: '2026-11-01',
      to: '2026-11-20',
      opening: '10000.00',
      openingDate: '2026-10-31',
      closing: '8050.25',
      entries: [
        {
          date: '2026-11-16',
          amount: '-1949.75',
          name: 'Robert Schneider AG',
          text: 'Rechnung 10201409',
          qrReference: QR_REFERENCE,
        },
      ],
    }),
    'application/xml',
  );
}

/**
 * The debit matched to the bill on the account's entries: the equal reference is the best suggestion
 * (100/100, whatever amount and date), and is taken.
 */
export async function matchBillDebit(page: Page, accountId: number): Promise<void> {
  await page.goto(`/bank-accounts/${accountId}/entries`);
  await entryRow(page, 'Robert Schneider AG').getByRole('button', { name: 'Zuordnen…' }).click();
  const match = page.getByRole('dialog', { name: 'Buchung zuordnen' });
  const best = match.getByRole('list', { name: 'Vorschläge' }).getByRole('listitem').first();
  await expect(best).toContainText('Robert Schneider AG, Rechnung 10201409');
  await expect(best).toContainText('Referenz gleich');
  await expect(best).toContainText('Übereinstimmung 100/100');
  await match
    .getByRole('button', { name: 'Zuordnen: Robert Schneider AG, Rechnung 10201409, fällig 14.11.2026' })
    .click();
  await expect(match).toBeHidden();
  await expect(entryRow(page, 'Robert Schneider AG')).toContainText(
    'Zugeordnet: Robert Schneider AG, Rechnung 10201409 (14.11.2026)',
  );
}
