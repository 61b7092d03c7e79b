import { readFileSync } from 'node:fs';
import {
  aChfAccount,
  apiGet,
  apiWrite,
  categoryIds,
  currencyIds,
  expect,
  joineryStaff,
  signUp,
  test,
} from './support/fixtures.js';
import { openForecast, overdueRows } from './support/pages/forecast-page.js';
import { planActualTable } from './support/pages/plan-actual-page.js';
import { importStatement, PLAN_ACTUAL_IBAN, planActualCamtPath } from './support/statements.js';
import { choose } from './support/ui.js';

// Coverage per bank account (docs/plan-actual.md "Coverage"). The server's today is
// 2026-11-21 (playwright.config FIXED_TODAY).
//
// Statements: the camt.053 of plan-actual.spec.ts for "Geschäftskonto" (written for the specs; FrToDt
// 01.10.–20.11.2026) and, for "Altes Konto", CSV exports written here: one of 2007, later one of
// 02.10.–18.11.2026 (synthetic lines, no real account or person).
const CSV_HEADER = 'Buchungsdatum;Buchungstext;Zahlungsempfänger;Betrag;Referenz';

function csv(lines: string[]): Buffer {
  return Buffer.from(`${[CSV_HEADER, ...lines].join('\n')}\n`, 'utf8');
}

test('an old statement of one account floods nothing: overdue and Plan/Ist follow what each account covers', async ({
  page,
}) => {
  test.slow();
  await signUp(page);
  const { CHF } = await currencyIds(page);
  const categories = await categoryIds(page);
  const current = await aChfAccount(page, 'Geschäftskonto', 10_000_00, '2026-09-30', PLAN_ACTUAL_IBAN);
  const old = await aChfAccount(page, 'Altes Konto', 500_00, '2026-09-30');
  const monthly = { currencyId: CHF, vatIncluded: false, type: 'repeating', cycle: 'monthly' };
  // Two years of rent from the current account, and a phone bill that names no account.
  await apiWrite(page, 'POST', '/api/transactions', {
    ...monthly,
    name: 'Büromiete',
    startDate: '2024-12-03',
    amount: -2_400_00,
    categoryId: categories.Miete,
    bankAccountId: current.id,
  });
  await apiWrite(page, 'POST', '/api/transactions', {
    ...monthly,
    name: 'Telefon',
    startDate: '2025-01-25',
    amount: -100_00,
    categoryId: categories['Übriges'],
  });

  // An insurance paid from the old account, entered in the form with its "Bankkonto".
  await page.goto('/transactions');
  await page.getByRole('button', { name: 'Transaktion hinzufügen' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Neue Transaktion anlegen' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill('Versicherung');
  await choose(page, dialog.getByRole('combobox', { name: 'Kategorie' }), 'Übriges');
  await dialog.getByRole('textbox', { name: 'Betrag' }).fill('-300');
  await choose(page, dialog.getByRole('combobox', { name: 'Zahlungstyp' }), 'Wiederkehrende Zahlung');
  await dialog.getByRole('textbox', { name: 'Von' }).fill('15.01.2025');
  const account = dialog.getByRole('combobox', { name: /^Bankkonto/ });
  await expect(account).toHaveValue('Kein bestimmtes Konto');
  await choose(page, account, 'Altes Konto');
  await dialog.getByRole('button', { name: 'Speichern' }).click();
  await expect(dialog).toBeHidden();

  // The current account's statement (01.10.–20.11.2026) and one of 2007 for the old account.
  await importStatement(page, readFileSync(planActualCamtPath), 'application/xml');
  await importStatement(page, csv(['05.03.2007;Gebühr;;-5.00;', '28.03.2007;Gebühr;;-5.00;']), 'text/csv', old.id);

  // No flood: only the rent, whose own account's statement covers October and November.
  await openForecast(page, ['Miete', 'Übriges'], ['Ausgaben']);
  await expect(overdueRows(page)).toHaveCount(2);
  await expect(overdueRows(page).filter({ hasText: /^Büromiete überfällig seit 03\.10\.2026/ })).toHaveCount(1);
  await expect(overdueRows(page).filter({ hasText: /^Büromiete überfällig seit 03\.11\.2026/ })).toHaveCount(1);

  // Plan/Ist: the old account's statements cover no month of the period, so no month has an actual.
  await page.goto('/forecasts/plan-actual');
  const table = planActualTable(page);
  await expect(table.getByRole('columnheader', { name: /Oktober 2026/ })).toContainText('nicht abgedeckt');
  // October's drill-down: what no statement of its account covers is "Nicht abgedeckt".
  await table.getByRole('button', { name: 'Details Oktober 2026' }).click();
  const detail = page.getByRole('dialog', { name: 'Plan/Ist Oktober 2026' });
  const occurrences = detail.getByRole('table', { name: 'Geplante Zahlungen' });
  await expect(occurrences.getByRole('row').filter({ hasText: 'Versicherung' })).toContainText('Nicht abgedeckt');
  await expect(occurrences.getByRole('row').filter({ hasText: 'Telefon' })).toContainText('Nicht abgedeckt');
  // The rent's own account covers it: unmatched and due before today, it is overdue.
  await expect(occurrences.getByRole('row').filter({ hasText: 'Büromiete' })).toContainText('Überfällig');
  await detail.getByRole('button', { name: 'Schliessen', exact: true }).click();

  // A current export of the old account (02.10.–18.11.2026): now both accounts cover October.
  await importStatement(page, csv(['02.10.2026;Gebühr;;-5.00;', '18.11.2026;Gebühr;;-5.00;']), 'text/csv', old.id);
  await openForecast(page, ['Miete', 'Übriges'], ['Ausgaben']);
  await expect(overdueRows(page)).toHaveCount(5);
  await expect(overdueRows(page).filter({ hasText: /^Versicherung überfällig seit 15\.10\.2026/ })).toHaveCount(1);
  await expect(overdueRows(page).filter({ hasText: /^Telefon überfällig seit 25\.10\.2026/ })).toHaveCount(1);
  await expect(overdueRows(page).filter({ hasText: /^Versicherung überfällig seit 15\.09\.2026/ })).toHaveCount(0);

  await page.goto('/forecasts/plan-actual');
  await expect(table.getByRole('columnheader', { name: /Oktober 2026/ })).not.toContainText('nicht abgedeckt');
  await expect(table.getByRole('columnheader', { name: /September 2026/ })).toContainText('nicht abgedeckt');

  // The salary account ("Lohnkonto") is set in Einstellungen beside the bank matching.
  await page.goto('/settings/organisations');
  const matching = page.getByRole('region', { name: 'Abgleich mit der Bank' });
  const salaryAccount = matching.getByRole('combobox', { name: /^Lohnkonto/ });
  await expect(salaryAccount).toHaveValue('Kein Lohnkonto');
  await choose(page, salaryAccount, 'Geschäftskonto');
  await matching.getByRole('button', { name: 'Abgleich speichern' }).click();
  await expect(matching.getByText('Einstellungen zum Abgleich wurden gespeichert')).toBeVisible();
  await page.reload();
  await expect(
    page.getByRole('region', { name: 'Abgleich mit der Bank' }).getByRole('combobox', { name: /^Lohnkonto/ }),
  ).toHaveValue('Geschäftskonto');
});

/**
 * Issue 41's journey: a joinery with two accounts — "Altes Konto" with a statement of 2007 only, and
 * "Geschäftskonto", the salary account, with a current CSV export written here (synthetic lines: the
 * rent of October and November, the salary run of October booked on Monday 26.10. for the pay day
 * Sunday 25.10., a fee at each end) — three salaries paid on the 25th, a rent on the current account,
 * an insurance on the old one and a phone bill on none.
 */
test('two accounts of different ages: nothing before the current coverage is overdue, a salary run is matched in one step, Plan/Ist covers only what the statements cover', async ({
  page,
}) => {
  test.slow();
  await signUp(page);
  const { CHF } = await currencyIds(page);
  const categories = await categoryIds(page);
  const current = await aChfAccount(page, 'Geschäftskonto', 80_000_00, '2026-11-20');
  const old = await aChfAccount(page, 'Altes Konto', 500_00, '2026-09-30');
  const organisationId = (await apiGet<{ currentOrganisationId: number }>(page, '/api/profile')).currentOrganisationId;
  await apiWrite(page, 'PATCH', `/api/organisations/${organisationId}`, { salaryBankAccountId: current.id });
  const monthly = { currencyId: CHF, vatIncluded: false, type: 'repeating', cycle: 'monthly' };
  for (const [name, startDate, amount, categoryId, bankAccountId] of [
    ['Büromiete', '2024-12-03', -2_400_00, categories.Miete, current.id],
    ['Versicherung', '2025-01-15', -300_00, categories['Übriges'], old.id],
    ['Telefon', '2025-01-27', -100_00, categories['Übriges'], null],
  ] as const) {
    await apiWrite(page, 'POST', '/api/transactions', {
      ...monthly,
      name,
      startDate,
      amount,
      categoryId,
      bankAccountId,
    });
  }
  await joineryStaff(page, '2025-06-25');
  await importStatement(page, csv(['05.03.2007;Gebühr;;-5.00;', '28.03.2007;Gebühr;;-5.00;']), 'text/csv', old.id);
  await importStatement(
    page,
    csv([
      '01.10.2026;Kontoführung;;-5.00;',
      '05.10.2026;Miete Oktober;Immobilien Muster AG;-2400.00;',
      '26.10.2026;Löhne Oktober;Lohnlauf;-21400.00;',
      '04.11.2026;Miete November;Immobilien Muster AG;-2400.00;',
      '20.11.2026;Kontoführung;;-5.00;',
    ]),
    'text/csv',
    current.id,
  );

  // Overdue only where the current account's statement covers: the rents of October and November
  // and October's three salaries (paid on the 25th, Lohnkonto = Geschäftskonto); nothing of the
  // 23 months before, nothing of the old account (2007) and nothing without an account.
  await openForecast(page, ['Miete', 'Übriges', 'Löhne'], ['Ausgaben']);
  await expect(overdueRows(page)).toHaveCount(5);
  await expect(overdueRows(page).filter({ hasText: /überfällig seit 25\.10\.2026/ })).toHaveCount(3);
  await expect(overdueRows(page).filter({ hasText: /^Büromiete überfällig seit 03\.1[01]\.2026/ })).toHaveCount(2);
  await expect(overdueRows(page).filter({ hasText: /^(Versicherung|Telefon) / })).toHaveCount(0);

  // The salary run: one debit, the three salaries, in one step.
  await page.goto(`/bank-accounts/${current.id}/entries`);
  const run = page.getByRole('row').filter({ hasText: 'Löhne Oktober' });
  await run.getByRole('button', { name: 'Zuordnen…' }).click();
  const match = page.getByRole('dialog', { name: 'Buchung zuordnen' });
  await match.getByRole('button', { name: 'Alle zuordnen: Lohnlauf: 3 Löhne, fällig 25.10.2026' }).click();
  await expect(match).toBeHidden();
  await expect(run).toContainText('Zugeordnet: 3 geplante Zahlungen');

  // Paid: the salaries leave the overdue rows; the rents stay until they are matched.
  await openForecast(page, ['Miete', 'Übriges', 'Löhne'], ['Ausgaben']);
  await expect(overdueRows(page)).toHaveCount(2);
  await expect(overdueRows(page).filter({ hasText: /überfällig seit 25\.10\.2026/ })).toHaveCount(0);

  // Plan/Ist: the old account's statement covers none of these months, so none has an actual.
  await page.goto('/forecasts/plan-actual');
  const table = planActualTable(page);
  await expect(table.getByRole('columnheader', { name: /Oktober 2026/ })).toContainText('nicht abgedeckt');
  // A current export of the old account (02.10.–18.11.2026): October and November are covered, September is not.
  await importStatement(page, csv(['02.10.2026;Gebühr;;-5.00;', '18.11.2026;Gebühr;;-5.00;']), 'text/csv', old.id);
  await page.reload();
  await expect(table.getByRole('columnheader', { name: /Oktober 2026/ })).not.toContainText('nicht abgedeckt');
  await expect(table.getByRole('columnheader', { name: /November 2026/ })).not.toContainText('nicht abgedeckt');
  await expect(table.getByRole('columnheader', { name: /September 2026/ })).toContainText('nicht abgedeckt');
  const wages = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'Löhne', exact: true }) });
  // Columns: the row header, then November 2025 … November 2026: October is the 12th month.
  await expect(wages.getByRole('cell').nth(11)).toContainText("Plan-21'400.00 CHF");
  await expect(wages.getByRole('cell').nth(11)).toContainText("Ist-21'400.00 CHF");
  // October's drill-down: the salaries matched, the insurance of the old account overdue now, the rent overdue.
  await table.getByRole('button', { name: 'Details Oktober 2026' }).click();
  const detail = page.getByRole('dialog', { name: 'Plan/Ist Oktober 2026' });
  const occurrences = detail.getByRole('table', { name: 'Geplante Zahlungen' });
  await expect(occurrences.getByRole('row').filter({ hasText: 'Carla Hobel' })).toContainText(
    "-8'400.00 CHF von -21'400.00 CHF",
  );
  await expect(occurrences.getByRole('row').filter({ hasText: 'Carla Hobel' })).toContainText('Zugeordnet');
  await expect(occurrences.getByRole('row').filter({ hasText: 'Büromiete' })).toContainText('Überfällig');
  await expect(occurrences.getByRole('row').filter({ hasText: 'Versicherung' })).toContainText('Überfällig');
});

// docs/web.md "Transaktionen"
test('a past unpaid one-off is "überfällig" in Transaktionen as in the Prognose (one word per thing)', async ({
  page,
}) => {
  test.slow();
  await signUp(page);
  const { CHF } = await currencyIds(page);
  const categories = await categoryIds(page);
  const account = await apiWrite<{ id: number }>(page, 'POST', '/api/bank-accounts', {
    name: 'Geschäftskonto',
    amount: 10_000_00,
    currencyId: CHF,
    balanceDate: '2026-09-30',
    iban: PLAN_ACTUAL_IBAN,
  });
  const once = { currencyId: CHF, vatIncluded: false, type: 'single', categoryId: categories['Übriges'] };
  // Due 12.10.2026, inside the statement (01.10.–20.11.2026), and no entry of that amount: unpaid.
  await apiWrite(page, 'POST', '/api/transactions', {
    ...once,
    name: 'Beratung',
    startDate: '2026-10-12',
    amount: -777_77,
    bankAccountId: account.id,
  });
  // Due 15.03.2026, before the statement: not überfällig, only past.
  await apiWrite(page, 'POST', '/api/transactions', {
    ...once,
    name: 'Alte Rechnung',
    startDate: '2026-03-15',
    amount: -55_55,
    bankAccountId: account.id,
  });
  await importStatement(page, readFileSync(planActualCamtPath), 'application/xml');

  await openForecast(page, ['Übriges'], ['Ausgaben']);
  await expect(overdueRows(page).filter({ hasText: /^Beratung überfällig seit 12\.10\.2026/ })).toHaveCount(1);

  await page.goto('/transactions');
  const card = (name: string) =>
    page
      .getByRole('list', { name: 'Transaktionen' })
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name }) });
  await expect(card('Beratung')).toContainText('Überfällig seit 12.10.2026');
  await expect(card('Beratung')).not.toContainText('Abgelaufen');
  await expect(card('Alte Rechnung')).toContainText('Abgelaufen');
});
