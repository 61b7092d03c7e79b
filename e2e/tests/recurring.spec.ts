import {
  apiGet,
  apiWrite,
  currencyIds,
  expect,
  expectNoSeriousAxeViolations,
  signUp,
  test,
  toasts,
} from './support/fixtures.js';
import {
  chooseCategory,
  importInDialog,
  recurringDialog,
  selectSuggestion,
  suggestionRow,
  suggestionRows,
} from './support/pages/recurring-page.js';
import { importStatement } from './support/statements.js';
import { aYearCsv, nextWeekday, shift } from './support/year-statement.js';

// docs/recurring.md: a year of statements imported (the synthetic CSV export of
// support/year-statement.ts: November 2025 to October 2026, the app's today being 2026-11-21), the series found are listed, three are
// accepted, one is dismissed.

test('a year imported: the series found are listed; three are accepted with their entries matched, one is dismissed', async ({
  page,
}) => {
  await signUp(page);
  const { CHF } = await currencyIds(page);
  await apiWrite(page, 'POST', '/api/bank-accounts', {
    name: 'Geschäftskonto',
    amount: 1_000_000,
    currencyId: CHF,
    balanceDate: '2026-11-20',
  });
  await page.goto('/bank-accounts');

  await importInDialog(
    page,
    { name: 'jahr.csv', mimeType: 'text/csv', buffer: Buffer.from(aYearCsv()) },
    'Geschäftskonto',
  );

  // After the import: how many series, and their list.
  await expect(toasts(page)).toContainText('4 wiederkehrende Zahlungen gefunden');
  const dialog = recurringDialog(page);
  await expect(suggestionRows(page)).toHaveCount(4);
  await expect(suggestionRow(page, 'Immobilien Zentrum AG')).toContainText('12 Zahlungen, monatlich am 1.');
  await expect(suggestionRow(page, 'Ausgleichskasse Zürich')).toContainText('vierteljährlich am 10. nach Quartalsende');
  await expect(suggestionRow(page, 'Löhne')).toContainText('Lohnlauf: 3 Zahlungen an Privatpersonen am selben Tag');
  // The amount is a field now, editable before accepting (docs/recurring.md "The web").
  await expect(dialog.getByRole('textbox', { name: 'Betrag: Löhne' })).toHaveValue("-16'000.00");
  await expectNoSeriousAxeViolations(page);

  // Three accepted at once, the rent renamed and given its category; the salaries' category is proposed.
  await dialog.getByRole('textbox', { name: 'Name: Immobilien Zentrum AG' }).fill('Büromiete');
  await chooseCategory(page, 'Immobilien Zentrum AG', 'Miete');
  await chooseCategory(page, 'AMAG Leasing AG', 'Leasing');
  await selectSuggestion(page, 'Immobilien Zentrum AG');
  await selectSuggestion(page, 'AMAG Leasing AG');
  await selectSuggestion(page, 'Löhne');
  await dialog.getByRole('button', { name: 'Übernehmen (3)' }).click();
  await expect(toasts(page)).toContainText('3 Transaktionen erstellt, 60 Buchungen zugeordnet');
  await expect(suggestionRows(page)).toHaveCount(1);
  // The delays learned from the matches just made, each with its switch (docs/recurring.md "Payment delays").
  const rentDelay = dialog.getByRole('switch', { name: 'Gelernte Verzögerung anwenden: Büromiete' });
  await expect(dialog).toContainText('Büromiete: Kommt im Schnitt am Fälligkeitstag, aus 5 Zahlungen');
  await rentDelay.click();
  await expect(rentDelay).toBeChecked();

  // The last one dismissed: it does not come back.
  await selectSuggestion(page, 'Ausgleichskasse Zürich');
  await dialog.getByRole('button', { name: 'Verwerfen (1)' }).click();
  await expect(toasts(page)).toContainText('1 Vorschlag verworfen');
  await expect(dialog).toContainText('Keine wiederkehrenden Zahlungen gefunden.');
  await dialog.getByRole('button', { name: 'Schliessen', exact: true }).click();

  // The plan has them: three repeating transactions.
  await page.goto('/transactions');
  await expect(page.getByText('Büromiete')).toBeVisible();
  await expect(page.getByText('AMAG Leasing AG')).toBeVisible();
  await expect(page.getByText('Löhne', { exact: true })).toBeVisible();
});

/**
 * A cleaner paid 150.00 every Friday and a software licence of 89.00 on the 15th (moved to a weekday),
 * November 2025 to October 2026 (a synthetic CSV export written here).
 */
function cleanerAndLicenceCsv(): string {
  const lines = ['Buchungsdatum;Buchungstext;Zahlungsempfänger;Betrag;Referenz'];
  const add = (date: string, text: string, name: string, amount: string) => {
    const [year, month, day] = date.split('-');
    lines.push(`${day}.${month}.${year};${text};${name};${amount};`);
  };
  for (let day = '2025-11-07'; day <= '2026-10-31'; day = shift(day, 7))
    add(day, 'Reinigung', 'Blitzblank GmbH', '-150.00');
  for (let i = 0; i < 12; i += 1) {
    const index = 2025 * 12 + 10 + i;
    const month = `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
    add(nextWeekday(`${month}-15`), 'Lizenz', 'Softwarehaus AG', '-89.00');
  }
  return `${lines.join('\n')}\n`;
}

test('a suggestion edited before accepting: the transaction carries the amount and VAT rate typed; a weekly series becomes its monthly sum', async ({
  page,
}) => {
  await signUp(page);
  const { CHF } = await currencyIds(page);
  const account = await apiWrite<{ id: number }>(page, 'POST', '/api/bank-accounts', {
    name: 'Geschäftskonto',
    amount: 1_000_000,
    currencyId: CHF,
    balanceDate: '2026-11-20',
  });
  await importStatement(page, Buffer.from(cleanerAndLicenceCsv()), 'text/csv', account.id);
  await page.goto('/bank-accounts');
  await page.getByRole('button', { name: 'Wiederkehrende Zahlungen' }).click();
  const dialog = recurringDialog(page);
  await expect(suggestionRows(page)).toHaveCount(2);

  // The weekly series: its payment, the rule, and the monthly sum in the amount field (150 × 52 / 12 = 650.00).
  const cleaner = suggestionRow(page, 'Blitzblank GmbH');
  await expect(cleaner).toContainText(
    '-150.00 CHF Im Plan monatlich mit der Monatssumme -650.00 (52 Zahlungen auf 12 Monate)',
  );
  await expect(dialog.getByRole('textbox', { name: 'Betrag: Blitzblank GmbH' })).toHaveValue('-650.00');

  // The licence went up: 95.00 from now on, with VAT 8.1 %; both accepted at once.
  const licenceAmount = dialog.getByRole('textbox', { name: 'Betrag: Softwarehaus AG' });
  await expect(licenceAmount).toHaveValue('-89.00');
  await licenceAmount.fill('-95.00');
  await licenceAmount.blur();
  await expect(licenceAmount).toHaveValue('-95.00');
  await dialog.getByRole('combobox', { name: 'MWST: Softwarehaus AG' }).click();
  await page.getByRole('option', { name: '8.1%', exact: true }).click();
  await chooseCategory(page, 'Softwarehaus AG', 'Übriges');
  await chooseCategory(page, 'Blitzblank GmbH', 'Übriges');
  await expectNoSeriousAxeViolations(page);
  await selectSuggestion(page, 'Softwarehaus AG');
  await selectSuggestion(page, 'Blitzblank GmbH');
  await dialog.getByRole('button', { name: 'Übernehmen (2)' }).click();
  // 12 licence payments and the 52 Fridays, each matched to its month's occurrence.
  await expect(toasts(page)).toContainText('2 Transaktionen erstellt, 64 Buchungen zugeordnet');
  await expect(dialog).toContainText('Keine wiederkehrenden Zahlungen gefunden.');
  await dialog.getByRole('button', { name: 'Schliessen', exact: true }).click();

  const transactions = await apiGet<{
    data: { name: string; amount: number; cycle: string | null; vat: { formattedValue: string } | null }[];
  }>(page, '/api/transactions?page=1&limit=100');
  expect(
    transactions.data
      .map(({ name, amount, cycle, vat }) => ({ name, amount, cycle, vat: vat?.formattedValue ?? null }))
      .sort((a, b) => a.name.localeCompare(b.name)),
  ).toEqual([
    { name: 'Blitzblank GmbH', amount: -650_00, cycle: 'monthly', vat: null },
    { name: 'Softwarehaus AG', amount: -95_00, cycle: 'monthly', vat: '8.1%' },
  ]);
  await page.goto('/transactions');
  const licence = page
    .getByRole('list', { name: 'Transaktionen' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: 'Softwarehaus AG' }) });
  await expect(licence).toContainText('-95.00 CHF');
});
