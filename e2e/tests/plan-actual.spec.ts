import { readFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import {
  aChfAccount,
  apiGet,
  apiWrite,
  categoryIds,
  currencyIds,
  expect,
  expectNoSeriousAxeViolations,
  joineryStaff,
  ownerWithReader,
  signUp,
  test,
  toasts,
} from './support/fixtures.js';
import { forecastRow, forecastTable, openForecast } from './support/pages/forecast-page.js';
import { entriesTable, entryRow } from './support/pages/bank-entries-page.js';
import { planActualTable } from './support/pages/plan-actual-page.js';
import { importStatement, PLAN_ACTUAL_IBAN, planActualCamtPath } from './support/statements.js';
import { choose } from './support/ui.js';

// The server's today is 2026-11-21 (playwright.config FIXED_TODAY): the Prognose starts in November
// 2026, Plan/Ist shows November 2025 – November 2026 unless told otherwise.

const QR_REFERENCE = '210000000003139471430009017';

/**
 * The plan the statement meets (test setup): the account whose IBAN the statement names, with its
 * balance before the statement, a monthly rent from 03.10.2026 and two print jobs of 800.00 on
 * 14.11. and 18.11.2026. The invoice with the QR reference is made in the dialog by the test.
 */
async function seedPlan(page: Page): Promise<{ accountId: number }> {
  const { CHF } = await currencyIds(page);
  const categories = await categoryIds(page);
  const account = await apiWrite<{ id: number }>(page, 'POST', '/api/bank-accounts', {
    name: 'Geschäftskonto',
    amount: 10_000_00,
    currencyId: CHF,
    balanceDate: '2026-09-30',
    iban: PLAN_ACTUAL_IBAN,
  });
  const common = { currencyId: CHF, vatIncluded: false };
  await apiWrite(page, 'POST', '/api/transactions', {
    ...common,
    name: 'Büromiete',
    type: 'repeating',
    cycle: 'monthly',
    startDate: '2026-10-03',
    amount: -2_400_00,
    categoryId: categories.Miete,
  });
  for (const [name, startDate] of [
    ['Druck Flyer', '2026-11-14'],
    ['Druck Broschüre', '2026-11-18'],
  ]) {
    await apiWrite(page, 'POST', '/api/transactions', {
      ...common,
      name,
      type: 'single',
      startDate,
      amount: -800_00,
      categoryId: categories['Übriges'],
    });
  }
  return { accountId: account.id };
}

function novemberBalance(page: Page): Locator {
  return forecastRow(page, 'Endsaldo').getByRole('cell').first();
}

test('bank entries meet the plan: confirmed in one click, chosen by hand, marked; the forecast counts nothing twice; Plan/Ist shows the variance', async ({
  page,
}) => {
  test.slow();
  await signUp(page);
  const { accountId } = await seedPlan(page);

  // The invoice with its QR reference, typed in groups; a wrong check digit is refused in the field.
  await page.goto('/transactions');
  await page.getByRole('button', { name: 'Transaktion hinzufügen' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Neue Transaktion anlegen' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill('Rechnung Kunde AG');
  await choose(page, dialog.getByRole('combobox', { name: 'Kategorie' }), 'Umsatz');
  await dialog.getByRole('textbox', { name: 'Betrag' }).fill('1450');
  await dialog.getByRole('textbox', { name: 'Von' }).fill('20.10.2026');
  const reference = dialog.getByRole('textbox', { name: 'Referenz' });
  await reference.fill('21 00000 00003 13947 14300 09018');
  await reference.blur();
  await expect(dialog.getByText(/^Ungültige Referenz: erwartet wird eine QR-Referenz/)).toBeVisible();
  await reference.fill('21 00000 00003 13947 14300 09017');
  await reference.blur();
  await expect(dialog.getByText(/^Ungültige Referenz/)).toBeHidden();
  await dialog.getByRole('button', { name: 'Speichern' }).click();
  await expect(dialog).toBeHidden();
  const invoice = page
    .getByRole('list', { name: 'Transaktionen' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: 'Rechnung Kunde AG' }) });
  await expect(invoice).toContainText(`Referenz: ${QR_REFERENCE}`);

  await importStatement(page, readFileSync(planActualCamtPath), 'application/xml');

  // Before any match every unconfirmed past payment the statement covers (its period 01.10.–20.11.2026,
  // docs/plan-actual.md "Coverage", not "since the first entry") is überfällig and
  // counts in November. The balance (5'865.00 since the import) less two rents (2'400 each) and two
  // print jobs (800 each), plus the invoice (1'450).
  await openForecast(page, ['Miete', 'Übriges', 'Umsatz']);
  await expect(forecastRow(page, /^Rechnung Kunde AG überfällig seit 20\.10\.2026/)).toHaveCount(1);
  await expect(forecastRow(page, /^Büromiete überfällig seit 03\.11\.2026/)).toHaveCount(1);
  await expect(forecastRow(page, /^Druck Flyer überfällig seit 14\.11\.2026/)).toHaveCount(1);
  await expect(forecastRow(page, /^Druck Broschüre überfällig seit 18\.11\.2026/)).toHaveCount(1);
  await expect(forecastRow(page, /^Büromiete überfällig seit 03\.10\.2026/)).toHaveCount(1);
  await expect(novemberBalance(page)).toHaveText('915.00 CHF');
  // An overdue cell is not excluded like a regular one: it has "Entfällt" instead.
  const brochure = forecastRow(page, /^Druck Broschüre überfällig/);
  await expect(brochure.getByRole('button', { name: /ausschliessen$/ })).toHaveCount(0);
  await expect(brochure.getByRole('button', { name: 'Entfällt: Druck Broschüre, fällig 18.11.2026' })).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  // "Alle eindeutigen bestätigen": the equal reference and the two rents (each the only exact amount).
  await page.goto(`/bank-accounts/${accountId}/entries`);
  await expect(entriesTable(page).getByRole('row')).toHaveCount(6);
  await expect(entryRow(page, 'Druckerei Beispiel GmbH')).toContainText('Offen');
  await page.getByRole('button', { name: 'Alle eindeutigen bestätigen' }).click();
  await expect(toasts(page).getByRole('status').last()).toContainText('3 Buchungen zugeordnet');
  await expect(entryRow(page, 'Kunde AG')).toContainText('Zugeordnet: Rechnung Kunde AG (20.10.2026)');
  await expect(entryRow(page, 'Miete Oktober')).toContainText('Zugeordnet: Büromiete (03.10.2026)');
  await expect(entryRow(page, 'Miete November')).toContainText('Zugeordnet: Büromiete (03.11.2026)');
  // Two print jobs of 800.00 could be the payment: left to the user.
  await expect(entryRow(page, 'Druckerei Beispiel GmbH')).toContainText('Offen');
  // Nothing unique is left: a second click says so.
  await page.getByRole('button', { name: 'Alle eindeutigen bestätigen' }).click();
  await expect(toasts(page).getByRole('status').last()).toContainText('Keine eindeutigen Zuordnungen gefunden');

  // The forecast: the confirmed payments are in the balance and leave it.
  await openForecast(page, ['Miete', 'Übriges']);
  await expect(forecastRow(page, /^Rechnung Kunde AG überfällig/)).toHaveCount(0);
  await expect(forecastRow(page, /^Büromiete überfällig/)).toHaveCount(0);
  await expect(forecastRow(page, /^Druck Flyer überfällig/)).toHaveCount(1);
  await expect(novemberBalance(page)).toHaveText("4'265.00 CHF");

  // The organisation's window, changed in Einstellungen, is what the suggestions use.
  await page.goto('/settings/organisations');
  const matching = page.getByRole('region', { name: 'Abgleich mit der Bank' });
  await expect(matching.getByRole('textbox', { name: 'Toleranz Betrag (±%)' })).toHaveValue('5');
  const window = matching.getByRole('textbox', { name: 'Zeitfenster (±Tage)' });
  await expect(window).toHaveValue('10');
  await window.fill('12');
  await matching.getByRole('button', { name: 'Abgleich speichern' }).click();
  await expect(matching.getByText('Einstellungen zum Abgleich wurden gespeichert')).toBeVisible();

  // By hand: the suggestions best first with amount, due date, score and reasons; the flyer is chosen.
  await page.goto(`/bank-accounts/${accountId}/entries`);
  await entryRow(page, 'Druckerei Beispiel GmbH').getByRole('button', { name: 'Zuordnen…' }).click();
  const match = page.getByRole('dialog', { name: 'Buchung zuordnen' });
  await expect(match).toContainText('Betrag ±5 %, Fälligkeit ±12 Tage');
  const suggestions = match.getByRole('list', { name: 'Vorschläge' }).getByRole('listitem');
  await expect(suggestions).toHaveCount(2);
  await expect(suggestions.first()).toContainText('Druck Flyer');
  await expect(suggestions.first()).toContainText('-800.00 CHF');
  await expect(suggestions.first()).toContainText('Fällig 14.11.2026');
  await expect(suggestions.first()).toContainText(/Übereinstimmung \d+\/100/);
  await expect(suggestions.first()).toContainText('Betrag gleich');
  await expect(suggestions.first()).toContainText('Name passt');
  await expect(suggestions.nth(1)).toContainText('Druck Broschüre');
  await expectNoSeriousAxeViolations(page);
  await match.getByRole('button', { name: 'Zuordnen: Druck Flyer, fällig 14.11.2026' }).click();
  await expect(match).toBeHidden();
  await expect(entryRow(page, 'Druckerei Beispiel GmbH')).toContainText('Zugeordnet: Druck Flyer (14.11.2026)');

  // Unlinked and linked again: the entry is open in between.
  await entryRow(page, 'Druckerei Beispiel GmbH').getByRole('button', { name: 'Zuordnung lösen' }).click();
  await expect(toasts(page).getByRole('status').last()).toContainText('Zuordnung gelöst');
  await expect(entryRow(page, 'Druckerei Beispiel GmbH')).toContainText('Offen');
  await entryRow(page, 'Druckerei Beispiel GmbH').getByRole('button', { name: 'Zuordnen…' }).click();
  await match.getByRole('button', { name: 'Zuordnen: Druck Flyer, fällig 14.11.2026' }).click();
  await expect(entryRow(page, 'Druckerei Beispiel GmbH')).toContainText('Zugeordnet: Druck Flyer (14.11.2026)');

  // The bank charges were planned nowhere: "nicht geplant", under Bankspesen.
  await entryRow(page, 'Kontoführungsgebühr').getByRole('button', { name: 'Nicht geplant…' }).click();
  const unplanned = page.getByRole('dialog', { name: 'Buchung als nicht geplant markieren' });
  await choose(page, unplanned.getByRole('combobox', { name: /^Kategorie/ }), 'Bankspesen');
  await unplanned.getByRole('button', { name: 'Als nicht geplant markieren' }).click();
  await expect(unplanned).toBeHidden();
  await expect(entryRow(page, 'Kontoführungsgebühr')).toContainText('Nicht geplant: Bankspesen');

  // The forecast: the flyer left it; the brochure is still expected until it is marked "entfällt".
  await openForecast(page, ['Übriges']);
  await expect(forecastRow(page, /^Druck Flyer überfällig/)).toHaveCount(0);
  await expect(novemberBalance(page)).toHaveText("5'065.00 CHF");
  await brochure.getByRole('button', { name: 'Entfällt: Druck Broschüre, fällig 18.11.2026' }).click();
  const dismissed = toasts(page).getByRole('status').filter({ hasText: 'wurde als entfallen markiert' });
  await expect(dismissed).toContainText('«Druck Broschüre» (fällig 18.11.2026) wurde als entfallen markiert.');
  await expect(brochure).toHaveCount(0);
  await expect(novemberBalance(page)).toHaveText("5'865.00 CHF");
  // "Rückgängig" brings it back; marked again, it is gone for good.
  await dismissed.getByRole('button', { name: 'Rückgängig' }).click();
  await expect(toasts(page).getByRole('status').last()).toContainText('ist wieder überfällig');
  await expect(brochure).toHaveCount(1);
  await expect(novemberBalance(page)).toHaveText("5'065.00 CHF");
  await brochure.getByRole('button', { name: 'Entfällt: Druck Broschüre, fällig 18.11.2026' }).click();
  await expect(brochure).toHaveCount(0);
  await expect(novemberBalance(page)).toHaveText("5'865.00 CHF");

  // Plan/Ist, the tab beside the Prognose: October is the first month with entries.
  await page
    .getByRole('navigation', { name: 'Ansichten der Prognose' })
    .getByRole('link', { name: 'Plan/Ist' })
    .click();
  await expect(page).toHaveURL(/\/forecasts\/plan-actual$/);
  await expect(page).toHaveTitle('Plan/Ist - SaldoPilot');
  await expect(page.getByRole('combobox', { name: 'Von' })).toHaveValue('November 2025');
  await expect(page.getByRole('combobox', { name: 'Bis' })).toHaveValue('November 2026');
  // Planungsgenauigkeit (docs/plan-actual.md "Accuracy per horizon"): only November's forecast is
  // kept yet (taken by the first read), so no month is measured (plan-accuracy.spec.ts measures some).
  const accuracy = page.getByRole('region', { name: 'Planungsgenauigkeit' });
  await expect(accuracy).toContainText('1 festgehaltene Prognose');
  await expect(
    accuracy
      .getByRole('table', { name: 'Planungsgenauigkeit je Horizont' })
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: '1 Monat voraus', exact: true }) })
      .getByRole('cell'),
  ).toHaveText(['–', '–', '–', '–', '0']);
  const planActual = planActualTable(page);
  const row = (name: string) =>
    planActual.getByRole('row').filter({ has: page.getByRole('rowheader', { name, exact: true }) });
  // Columns: the row header, then November 2025 … November 2026: the current month is the last.
  await expect(planActual.getByRole('columnheader')).toHaveCount(14);
  const october = (name: string) => row(name).getByRole('cell').nth(11);
  await expect(october('Einnahmen')).toContainText("Plan1'450.00 CHF");
  await expect(october('Einnahmen')).toContainText("Ist1'500.00 CHF");
  await expect(october('Einnahmen')).toContainText('Abw.+50.00 CHF (+3.4 %)');
  await expect(october('Ausgaben')).toContainText('Abw.-35.00 CHF (-1.5 %)');
  await expect(october('Ausgaben').getByText('-35.00 CHF (-1.5 %)')).toHaveAttribute('data-sign', 'negative');
  await expect(october('Bankspesen')).toContainText('Ist-35.00 CHF');
  await expect(october('Miete')).toContainText('Abw.0.00 CHF (0.0 %)');
  await expect(row('Nicht zugeordnet')).toHaveCount(0);
  // September has no bank entries: no actual.
  await expect(row('Einnahmen').getByRole('cell').nth(10)).toContainText('Ist–');
  await expect(planActual.getByRole('columnheader', { name: /September 2026/ })).toContainText('nicht abgedeckt');
  await expect(page.getByTestId('plan-actual-chart').locator('path')).toHaveCount(2);
  await expectNoSeriousAxeViolations(page);

  // The drill-down of October: the occurrences with their state and entries, and the entries.
  await planActual.getByRole('button', { name: 'Details Oktober 2026' }).click();
  const detail = page.getByRole('dialog', { name: 'Plan/Ist Oktober 2026' });
  const occurrences = detail.getByRole('table', { name: 'Geplante Zahlungen' });
  await expect(occurrences.getByRole('row').filter({ hasText: 'Rechnung Kunde AG' })).toContainText('Zugeordnet');
  await expect(occurrences.getByRole('row').filter({ hasText: 'Rechnung Kunde AG' })).toContainText(
    "22.10.2026 Kunde AG · Rechnung 2026-101: 1'500.00 CHF",
  );
  await expect(occurrences.getByRole('row').filter({ hasText: 'Büromiete' })).toContainText('Zugeordnet');
  const entries = detail.getByRole('table', { name: 'Buchungen des Monats' });
  await expect(entries.getByRole('row')).toHaveCount(4);
  await expect(entries.getByRole('row').filter({ hasText: 'Kontoführungsgebühr' })).toContainText('Nicht geplant');
  await expectNoSeriousAxeViolations(page);
  await detail.getByRole('button', { name: 'Schliessen', exact: true }).click();
  await expect(detail).toBeHidden();

  // November, the current month, is in the period by default: the brochure was planned and is marked "entfällt".
  await planActual.getByRole('button', { name: 'Details November 2026' }).click();
  const november = page.getByRole('dialog', { name: 'Plan/Ist November 2026' });
  await expect(
    november.getByRole('table', { name: 'Geplante Zahlungen' }).getByRole('row').filter({ hasText: 'Druck Broschüre' }),
  ).toContainText('Entfällt');
});

test('"Entfällt" for many at once with a count and a confirmation, "Wiederherstellen" anywhere, and a stale balance named', async ({
  page,
}) => {
  test.slow();
  await signUp(page);
  await seedPlan(page);
  const { CHF } = await currencyIds(page);
  // A second account whose balance was last set in 2023 (docs/plan-actual.md "Freshness").
  await apiWrite(page, 'POST', '/api/bank-accounts', {
    name: 'Postkonto',
    amount: 84_515_25,
    currencyId: CHF,
    balanceDate: '2023-06-20',
  });
  await importStatement(page, readFileSync(planActualCamtPath), 'application/xml');

  // The Prognose names the oldest balance, and offers "Entfällt" for all overdue payments before a day.
  await openForecast(page, ['Miete', 'Übriges']);
  const stale = page.getByTestId('freshness-note');
  await expect(stale).toContainText('Saldo von Konto Postkonto zuletzt per 20.06.2023');
  await expect(forecastRow(page, /^Büromiete überfällig seit 03\.11\.2026/)).toHaveCount(1);
  await expect(forecastRow(page, /^Druck Flyer überfällig seit 14\.11\.2026/)).toHaveCount(1);
  await page.getByRole('button', { name: 'Überfällige als entfällt markieren…' }).click();
  const bulk = page.getByRole('dialog', { name: 'Überfällige Zahlungen als entfällt markieren' });
  const before = bulk.getByRole('textbox', { name: 'Fällig vor dem' });
  await expect(before).toHaveValue('21.11.2026');
  await before.fill('15.11.2026');
  // The rent of 03.11. and the flyer of 14.11. (and, where the statement's period counts, the rent of 03.10.).
  await expect(bulk.getByRole('status')).toContainText(/^\d überfällige Zahlungen vor dem 15\.11\.2026, zusammen -/);
  await expectNoSeriousAxeViolations(page);
  await bulk.getByRole('button', { name: 'Als entfällt markieren' }).click();
  const question = page.getByRole('dialog', { name: 'Entfällt bestätigen' });
  await expect(question).toContainText(/\d überfällige Zahlungen vor dem 15\.11\.2026 als «entfällt» markieren\?/);
  await question.getByRole('button', { name: 'Als entfällt markieren' }).click();
  await expect(bulk).toBeHidden();
  await expect(toasts(page).getByRole('status').last()).toContainText(/\d Zahlungen wurden als entfallen markiert\./);
  await expect(forecastRow(page, /^Büromiete überfällig seit 03\.11\.2026/)).toHaveCount(0);
  await expect(forecastRow(page, /^Druck Flyer überfällig seit 14\.11\.2026/)).toHaveCount(0);
  await expect(forecastRow(page, /^Druck Broschüre überfällig seit 18\.11\.2026/)).toHaveCount(1);

  // Plan/Ist names the stale balance too; the drill-down restores one payment.
  await page
    .getByRole('navigation', { name: 'Ansichten der Prognose' })
    .getByRole('link', { name: 'Plan/Ist' })
    .click();
  await expect(page.getByTestId('freshness-note')).toContainText('Saldo von Konto Postkonto zuletzt per 20.06.2023');
  await choose(page, page.getByRole('combobox', { name: 'Bis' }), 'November 2026');
  const planActual = planActualTable(page);
  await planActual.getByRole('button', { name: 'Details November 2026' }).click();
  const november = page.getByRole('dialog', { name: 'Plan/Ist November 2026' });
  const rent = november
    .getByRole('table', { name: 'Geplante Zahlungen' })
    .getByRole('row')
    .filter({ hasText: 'Büromiete' });
  await expect(rent).toContainText('Entfällt');
  await expectNoSeriousAxeViolations(page);
  await rent.getByRole('button', { name: 'Wiederherstellen: Büromiete, fällig 03.11.2026' }).click();
  await expect(toasts(page).getByRole('status').last()).toContainText('1 Zahlung ist wieder überfällig.');
  await expect(rent.getByRole('button', { name: /^Wiederherstellen/ })).toHaveCount(0);
  await expect(rent).not.toContainText('Entfällt');
  await november.getByRole('button', { name: 'Schliessen', exact: true }).click();

  // Back on the Prognose: the rent is überfällig again; the flyer comes back from "Entfallene Zahlungen".
  await openForecast(page, ['Miete', 'Übriges']);
  await expect(forecastRow(page, /^Büromiete überfällig seit 03\.11\.2026/)).toHaveCount(1);
  await page.getByRole('button', { name: /^Entfallene Zahlungen \(\d\)$/ }).click();
  const list = page.getByRole('dialog', { name: 'Entfallene Zahlungen' });
  await list.getByRole('button', { name: 'Wiederherstellen: Druck Flyer, fällig 14.11.2026' }).click();
  await expect(list.getByRole('button', { name: 'Wiederherstellen: Druck Flyer, fällig 14.11.2026' })).toHaveCount(0);
  await list.getByRole('button', { name: 'Schliessen', exact: true }).click();
  await expect(forecastRow(page, /^Druck Flyer überfällig seit 14\.11\.2026/)).toHaveCount(1);
});

test('a read-only member sees how entries stand to the plan, and no control that would change it', async ({
  browser,
  page,
}) => {
  const { owner, prepared } = await ownerWithReader(browser, page, async (ownerPage) => {
    const plan = await seedPlan(ownerPage);
    await importStatement(ownerPage, readFileSync(planActualCamtPath), 'application/xml');
    return plan;
  });
  await page.goto(`/bank-accounts/${prepared.accountId}/entries`);
  await expect(entriesTable(page).getByRole('row')).toHaveCount(6);
  await expect(entryRow(page, 'Druckerei Beispiel GmbH')).toContainText('Offen');
  await expect(page.getByRole('button', { name: 'Alle eindeutigen bestätigen' })).toHaveCount(0);
  await expect(entriesTable(page).getByRole('button', { name: 'Zuordnen…' })).toHaveCount(0);
  await expect(entriesTable(page).getByRole('button', { name: 'Nicht geplant…' })).toHaveCount(0);
  // The overdue print jobs show on the Prognose, without "Entfällt".
  await openForecast(page, ['Übriges']);
  await expect(forecastRow(page, /^Druck Flyer überfällig seit 14\.11\.2026/)).toHaveCount(1);
  await expect(forecastTable(page).getByRole('button', { name: /^Entfällt/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Überfällige als entfällt markieren…' })).toHaveCount(0);
  await owner.close();
});

/**
 * A joinery's salary run (docs/plan-actual.md "Matching"): three salaries of 6'000, 7'000 and 8'400
 * from January 2026, and one bank debit of 21'400.00 that paid them all on October's pay day (a CSV
 * line written here).
 */
async function seedSalaryRun(page: Page): Promise<{ accountId: number; payDay: string }> {
  const account = await aChfAccount(page, 'Lohnkonto', 50_000_00, '2026-11-20');
  await joineryStaff(page, '2026-01-01');
  // The pay day is where the plan puts October's salaries.
  const october = await apiGet<{ occurrences: { kind: string; dueDate: string }[] }>(
    page,
    '/api/plan-actual/month?month=2026-10',
  );
  const payDay = october.occurrences.find((occurrence) => occurrence.kind === 'salaries')?.dueDate ?? '';
  const [year, month, day] = payDay.split('-');
  const csv = `Buchungsdatum;Buchungstext;Zahlungsempfänger;Betrag\n${day}.${month}.${year};Löhne Oktober;Lohnlauf;-21400.00\n`;
  const response = await page.request.post(`/api/bank-statements?bankAccountId=${account.id}`, {
    data: Buffer.from(csv, 'utf8'),
    headers: { 'content-type': 'text/csv', origin: new URL(test.info().project.use.baseURL ?? '').origin },
  });
  expect(response.status(), await response.text()).toBe(200);
  return { accountId: account.id, payDay };
}

test('a salary run: one debit of 21\'400.00 is matched to three salaries in one step, counted under "Löhne", and unlinked as a whole', async ({
  page,
}) => {
  test.slow();
  await signUp(page);
  const { accountId, payDay } = await seedSalaryRun(page);
  const shown = payDay.split('-').reverse().join('.');

  await page.goto(`/bank-accounts/${accountId}/entries`);
  const run = entryRow(page, 'Löhne Oktober');
  await expect(run).toContainText('Offen');
  // "Alle eindeutigen bestätigen" leaves a run to the user.
  await page.getByRole('button', { name: 'Alle eindeutigen bestätigen' }).click();
  await expect(toasts(page).getByRole('status').last()).toContainText('Keine eindeutigen Zuordnungen gefunden');

  await run.getByRole('button', { name: 'Zuordnen…' }).click();
  const match = page.getByRole('dialog', { name: 'Buchung zuordnen' });
  // One run: the list item that holds the three salaries (each a line of its own list).
  const runs = match
    .getByRole('list', { name: 'Lohnläufe' })
    .getByRole('listitem')
    .filter({ hasText: 'Lohnlauf: 3 Löhne' });
  await expect(runs).toHaveCount(1);
  await expect(runs.first()).toContainText('Summe gleich');
  await expect(runs.first()).toContainText("-21'400.00 CHF");
  const salaries = runs.first().getByRole('list', { name: 'Geplante Zahlungen des Lohnlaufs' }).getByRole('listitem');
  await expect(salaries).toHaveCount(3);
  for (const name of ['Anna Holz', 'Beat Leim', 'Carla Hobel'])
    await expect(salaries.filter({ hasText: name })).toContainText(`${name} (${shown})`);
  await expectNoSeriousAxeViolations(page);
  await match.getByRole('button', { name: `Alle zuordnen: Lohnlauf: 3 Löhne, fällig ${shown}` }).click();
  await expect(match).toBeHidden();
  await expect(toasts(page).getByRole('status').last()).toContainText('3 geplante Zahlungen zugeordnet');
  await expect(run).toContainText('Zugeordnet: 3 geplante Zahlungen');
  for (const name of ['Anna Holz', 'Beat Leim', 'Carla Hobel']) await expect(run).toContainText(`${name} (${shown})`);

  // Plan/Ist: October's salaries planned and paid, the debit shared among them.
  await page.goto('/forecasts/plan-actual');
  const planActual = planActualTable(page);
  const wages = planActual
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: 'Löhne', exact: true }) });
  // Columns: November 2025 … November 2026 (the current month, not covered by the statement): October is the 12th.
  const october = wages.getByRole('cell').nth(11);
  await expect(october).toContainText("Plan-21'400.00 CHF");
  await expect(october).toContainText("Ist-21'400.00 CHF");
  await expect(
    planActual.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'Nicht zugeordnet' }) }),
  ).toHaveCount(0);
  await planActual.getByRole('button', { name: 'Details Oktober 2026' }).click();
  const detail = page.getByRole('dialog', { name: 'Plan/Ist Oktober 2026' });
  const carla = detail
    .getByRole('table', { name: 'Geplante Zahlungen' })
    .getByRole('row')
    .filter({ hasText: 'Carla Hobel' });
  await expect(carla).toContainText('Zugeordnet');
  await expect(carla).toContainText("-8'400.00 CHF von -21'400.00 CHF");
  await detail.getByRole('button', { name: 'Schliessen', exact: true }).click();

  // Unlinked: the entry and all three salaries are open again.
  await page.goto(`/bank-accounts/${accountId}/entries`);
  await run.getByRole('button', { name: 'Zuordnung lösen' }).click();
  await expect(toasts(page).getByRole('status').last()).toContainText('Zuordnung gelöst');
  await expect(run).toContainText('Offen');
  await expect(run).not.toContainText('Anna Holz');
});
