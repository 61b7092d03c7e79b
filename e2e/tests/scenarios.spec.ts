import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import readXlsxFile from 'read-excel-file/node';
import {
  apiGet,
  apiWrite,
  expect,
  expectNoSeriousAxeViolations,
  ownerWithReader,
  referenceIds,
  signUp,
  test,
  toasts,
} from './support/fixtures.js';
import { forecastCells, forecastTable, openForecast } from './support/pages/forecast-page.js';
import {
  differenceTable,
  kpis,
  leverCards,
  openNewLever,
  scenarioCard,
  scenarioCards,
} from './support/pages/scenarios-page.js';
import { anEmployeeWithAhv } from './support/pages/payment-calendar-page.js';
import { choose, confirmWith } from './support/ui.js';

// The server's today is 2026-11-21 (playwright.config FIXED_TODAY): the forecast starts in November
// 2026, and a new lever starts on the first of next month, 01.12.2026.

/**
 * 20'000 CHF in the bank; on the 25th of every month 8'000 from "Kunde Muster AG" and 2'000 from
 * "Kunde Beta GmbH" come in and 6'000 rent goes out: the base gains 4'000 a month (24'000 at the end
 * of November 2026, 32'000 in January 2027).
 */
/** A monthly transaction from 25.11.2026 in "Generell", in CHF, without VAT (name and amount to add). */
function monthlyRow(ids: { general: number; chf: number }) {
  return {
    type: 'repeating',
    cycle: 'monthly',
    startDate: '2026-11-25',
    categoryId: ids.general,
    currencyId: ids.chf,
    vatIncluded: false,
  };
}

async function seedCustomers(page: Page) {
  const ids = await referenceIds(page);
  await apiWrite(page, 'POST', '/api/bank-accounts', {
    name: 'UBS Geschäftskonto',
    amount: 20_000_00,
    currencyId: ids.chf,
  });
  const monthly = monthlyRow(ids);
  await apiWrite(page, 'POST', '/api/transactions', { ...monthly, name: 'Kunde Muster AG', amount: 8_000_00 });
  await apiWrite(page, 'POST', '/api/transactions', { ...monthly, name: 'Kunde Beta GmbH', amount: 2_000_00 });
  await apiWrite(page, 'POST', '/api/transactions', { ...monthly, name: 'Miete', amount: -6_000_00 });
  return ids;
}

async function createScenario(page: Page, name: string) {
  await page.getByRole('button', { name: 'Neues Szenario' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Neues Szenario anlegen' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
  await dialog.getByRole('button', { name: 'Speichern' }).click();
  await expect(dialog).toBeHidden();
  await expect(toasts(page)).toContainText(`Szenario «${name}» wurde angelegt`);
}

test.describe('Szenarien', () => {
  test('a worst case (lost customer, 60-day delay) and a best case, compared with the base, exported and promoted', async ({
    page,
  }) => {
    test.slow();
    await signUp(page);
    await seedCustomers(page);

    // The page is reached from the main navigation and starts with what a scenario is for.
    await page.goto('/');
    await page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'Szenarien' }).click();
    await expect(page).toHaveTitle('Szenarien - SaldoPilot');
    await expect(page.getByRole('heading', { name: 'Noch keine Szenarien' })).toBeVisible();
    await expectNoSeriousAxeViolations(page);

    // The worst case: lost customer from December, then every revenue 60 days late.
    await createScenario(page, 'Worst Case');
    await scenarioCard(page, 'Worst Case').getByRole('link', { name: 'Hebel bearbeiten' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Worst Case' })).toBeVisible();
    await expect(page.getByText('Noch keine Hebel: das Szenario zeigt die Basis.')).toBeVisible();

    let dialog = await openNewLever(page, 'Kunde verloren oder gewonnen');
    await expect(dialog.getByRole('textbox', { name: 'Ab' })).toHaveValue('01.12.2026');
    // The lost customer is named by a transaction or a category; saving waits for one.
    await expect(dialog.getByRole('button', { name: 'Speichern' })).toBeDisabled();
    await choose(page, dialog.getByRole('combobox', { name: 'Transaktion' }), 'Kunde Muster AG');
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    await expect(dialog).toBeHidden();
    await expect(leverCards(page)).toHaveText([/Ab 01\.12\.2026: Kunde verloren, «Kunde Muster AG»/]);

    dialog = await openNewLever(page, 'Zahlungsverzug');
    const days = dialog.getByRole('textbox', { name: 'Verschiebung in Tagen' });
    await days.fill('400');
    await days.blur();
    await expect(dialog.getByText('Die Verschiebung muss eine ganze Zahl von 1 bis 365 Tagen sein')).toBeVisible();
    await days.fill('60');
    await choose(page, dialog.getByRole('combobox', { name: 'Betrifft' }), 'Alle Einnahmen oder Ausgaben');
    await choose(page, dialog.getByRole('combobox', { name: 'Seite' }), 'Alle Einnahmen');
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    await expect(dialog).toBeHidden();
    await expect(leverCards(page)).toHaveText([
      /Kunde verloren, «Kunde Muster AG»/,
      /Ab 01\.12\.2026: Zahlungen aller Einnahmen 60 Tage später/,
    ]);
    await expectNoSeriousAxeViolations(page);

    // The best case: a capital increase of 50'000 in January.
    await page.getByRole('link', { name: 'Zurück zu den Szenarien' }).click();
    await createScenario(page, 'Best Case');
    await scenarioCard(page, 'Best Case').getByRole('link', { name: 'Hebel bearbeiten' }).click();
    dialog = await openNewLever(page, 'Einmalige Zahlung');
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Kapitalerhöhung');
    await dialog.getByRole('textbox', { name: 'Datum' }).fill('15.01.2027');
    await dialog.getByRole('textbox', { name: 'Betrag' }).fill("50'000");
    // Promoted, a one-off becomes a transaction, which needs a category.
    await choose(page, dialog.getByRole('combobox', { name: 'Kategorie (optional)' }), 'Generell');
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    await expect(dialog).toBeHidden();
    await expect(leverCards(page)).toHaveText([/Am 15\.01\.2027: Einmalige Zahlung «Kapitalerhöhung», \+CHF 50'000/]);

    // The list shows each scenario's key figures against the base.
    await page.getByRole('link', { name: 'Zurück zu den Szenarien' }).click();
    await expect(scenarioCards(page)).toHaveCount(2);
    await expect(page.getByRole('region', { name: 'Basis' })).toContainText("24'000.00 CHF im November 2026");
    await expect(scenarioCard(page, 'Worst Case')).toContainText("-28'000.00 CHF im November 2027");
    await expect(scenarioCard(page, 'Worst Case')).toContainText('Erstmals unter Mindestliquidität');
    await expect(scenarioCard(page, 'Best Case')).toContainText("+50'000.00 CHF gegenüber Basis");

    // Compare both with the base: one chart, the key figures, the differences without unchanged rows.
    await scenarioCard(page, 'Worst Case').getByRole('checkbox', { name: 'Für den Vergleich auswählen' }).check();
    await scenarioCard(page, 'Best Case').getByRole('checkbox', { name: 'Für den Vergleich auswählen' }).check();
    await page.getByRole('link', { name: 'Ausgewählte vergleichen (2)' }).click();
    await expect(page).toHaveURL(/\/scenarios\/compare\?ids=base,\d+,\d+$/);
    const comparison = page.url();
    await expect(page.getByRole('heading', { level: 1, name: 'Szenarien vergleichen' })).toBeVisible();
    await expect(page.getByTestId('compare-chart').locator('path')).toHaveCount(3);
    await expect(kpis(page, 'Basis')).toContainText("24'000.00 CHF im November 2026");
    await expect(kpis(page, 'Worst Case')).toContainText("-28'000.00 CHF im November 2027");
    await expect(kpis(page, 'Best Case')).toContainText("+50'000.00 CHF gegenüber Basis");
    const worst = differenceTable(page, 'Worst Case');
    await expect(worst.getByRole('rowheader', { name: 'Generell: Kunde Muster AG' })).toBeVisible();
    await expect(worst.getByRole('rowheader', { name: 'Generell: Kunde Beta GmbH' })).toBeVisible();
    // The rent is the same in both: its row is hidden.
    await expect(worst.getByRole('rowheader', { name: /Miete/ })).toHaveCount(0);
    await expectNoSeriousAxeViolations(page);

    // The Prognose shows a scenario chosen in its address; the base is one choice away.
    await page.goto('/');
    await choose(page, page.getByRole('combobox', { name: 'Szenario' }), 'Worst Case');
    await expect(page).toHaveURL(/\/\?scenario=\d+$/);
    await expect(page.getByText(/Szenario «Worst Case»: die Basisplanung mit den Hebeln/)).toBeVisible();
    await expect(forecastCells(page, 'Endsaldo').nth(2)).toHaveText("12'000.00 CHF");
    await page.reload();
    await expect(forecastCells(page, 'Endsaldo').nth(2)).toHaveText("12'000.00 CHF");
    // A cell a lever made is marked and read out so: the best case's capital increase in January.
    await choose(page, page.getByRole('combobox', { name: 'Szenario' }), 'Best Case');
    await forecastTable(page).getByRole('button', { name: 'Einnahmen', exact: true }).click();
    await forecastTable(page).getByRole('button', { name: 'Generell', exact: true }).click();
    const increase = forecastCells(page, 'Kapitalerhöhung');
    await expect(increase.nth(2)).toHaveText("50'000.00 CHF (durch das Szenario geändert)");
    await expect(forecastCells(page, 'Endsaldo').nth(2)).toHaveText("82'000.00 CHF");
    await expectNoSeriousAxeViolations(page);
    await choose(page, page.getByRole('combobox', { name: 'Szenario' }), 'Basis (ohne Szenario)');
    await expect(page).toHaveURL(/\/$/);
    await expect(forecastCells(page, 'Endsaldo').nth(2)).toHaveText("32'000.00 CHF");

    // The comparison as the PDF a bank receives (its address opens the same comparison again).
    await page.goto(comparison);
    await expect(kpis(page, 'Worst Case')).toBeVisible();
    const pdfDownload = page.waitForEvent('download', { timeout: 15_000 });
    await page.getByRole('button', { name: 'Vergleich als PDF' }).click();
    const pdf = await pdfDownload;
    expect(
      readFileSync(await pdf.path())
        .subarray(0, 5)
        .toString('latin1'),
    ).toBe('%PDF-');

    // The owner promotes the best case: its lever becomes a real transaction and leaves the scenario.
    await page.goto('/scenarios');
    await scenarioCard(page, 'Best Case').getByRole('link', { name: 'Hebel bearbeiten' }).click();
    await page.getByRole('button', { name: 'In die Basis übernehmen' }).click();
    await confirmWith(page, 'In die Basis übernehmen', /verlassen das Szenario/);
    await expect(toasts(page)).toContainText('1 Hebel wurde in die Basis übernommen');
    await expect(page.getByText('Noch keine Hebel: das Szenario zeigt die Basis.')).toBeVisible();
    const transactions = await apiGet<{ data: { name: string }[] }>(page, '/api/transactions?page=1&limit=100');
    expect(transactions.data.map((row) => row.name)).toContain('Kapitalerhöhung');
  });

  test('every lever type opens its own form; a hire and a loan read as one sentence each', async ({ page }) => {
    await signUp(page);
    const scenario = await apiWrite<{ id: number }>(page, 'POST', '/api/scenarios', { name: 'Wachstum' });
    await page.goto(`/scenarios/${scenario.id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Wachstum' })).toBeVisible();
    const forms: Record<string, string> = {
      Transaktion: 'Aktion',
      'Kunde verloren oder gewonnen': 'Aktion',
      Zahlungsverzug: 'Verschiebung in Tagen',
      'Prozentuale Veränderung': 'Veränderung in %',
      'Neue Stelle': 'Monatslohn brutto',
      Austritt: 'Austritt am',
      Lohnänderung: 'Änderung als',
      Darlehen: 'Zinssatz pro Jahr in %',
      'MWST-Umstellung': 'MWST-Abrechnung aktivieren',
      'Einmalige Zahlung': 'Betrag',
    };
    for (const [type, label] of Object.entries(forms)) {
      const dialog = await openNewLever(page, type);
      await expect(dialog.getByLabel(label, { exact: false }).first()).toBeVisible();
      await dialog.getByRole('button', { name: 'Abbrechen' }).click();
      await expect(dialog).toBeHidden();
    }

    let dialog = await openNewLever(page, 'Neue Stelle');
    await dialog.getByRole('textbox', { name: 'Stelle oder Name' }).fill('Entwicklerin');
    await dialog.getByRole('textbox', { name: 'Ab' }).fill('01.03.2027');
    await dialog.getByRole('textbox', { name: 'Monatslohn brutto' }).fill("8'500");
    await dialog.getByRole('textbox', { name: 'Geburtsdatum' }).fill('01.05.1990');
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    await expect(dialog).toBeHidden();
    await expect(leverCards(page)).toHaveText([
      /Ab 01\.03\.2027: Neue Stelle «Entwicklerin», CHF 8'500 × 13 inkl\. Sozialleistungen/,
    ]);

    dialog = await openNewLever(page, 'Darlehen');
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Bankkredit');
    await dialog.getByRole('textbox', { name: 'Auszahlung am' }).fill('15.01.2027');
    await dialog.getByRole('textbox', { name: 'Darlehensbetrag' }).fill("100'000");
    const rate = dialog.getByRole('textbox', { name: 'Zinssatz pro Jahr in %' });
    await rate.fill('120');
    await rate.blur();
    await expect(
      dialog.getByText('Der Zinssatz muss zwischen 0 % und 100 % liegen (höchstens vier Nachkommastellen)'),
    ).toBeVisible();
    await rate.fill('4.5');
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    await expect(dialog).toBeHidden();
    await expect(leverCards(page).nth(1)).toContainText(
      "Am 15.01.2027: Darlehen «Bankkredit» CHF 100'000 zu 4.5 %, Annuität, 20 Raten vierteljährlich",
    );

    // Levers compose in their order: the loan moves up, and the hire's card is edited in its own form.
    await page.getByRole('button', { name: /^Nach oben: Am 15\.01\.2027: Darlehen/ }).click();
    await expect(leverCards(page).nth(0)).toContainText('Darlehen «Bankkredit»');
    await page.getByRole('button', { name: /^Hebel bearbeiten: Ab 01\.03\.2027: Neue Stelle/ }).click();
    dialog = page.getByRole('dialog', { name: 'Hebel bearbeiten: Neue Stelle' });
    await expect(dialog.getByRole('textbox', { name: 'Monatslohn brutto' })).toHaveValue("8'500.00");
    await choose(page, dialog.getByRole('combobox', { name: 'Anzahl Löhne' }), '12 Löhne');
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    await expect(dialog).toBeHidden();
    await expect(leverCards(page).nth(1)).toContainText("CHF 8'500 × 12 inkl. Sozialleistungen");
    await expectNoSeriousAxeViolations(page);
  });

  test('a VAT lever with the AHV rhythm "Monatlich" shows the changed Akonto leaves on the scenario\'s Prognose', async ({
    page,
  }) => {
    test.slow();
    await signUp(page);
    // 848.00 AHV contributions a month, the Akonto quarterly in the base.
    await anEmployeeWithAhv(page);
    await apiWrite(page, 'PUT', '/api/payment-calendar', { ahv: { rhythm: 'quarterly' } });
    const scenario = await apiWrite<{ id: number }>(page, 'POST', '/api/scenarios', { name: 'Monatliches Akonto' });
    await page.goto(`/scenarios/${scenario.id}`);

    const dialog = await openNewLever(page, 'MWST-Umstellung');
    const part = dialog.getByRole('button', { name: /Zahlungskalender ab dem nächsten 1\. Januar/ });
    await expect(part).toHaveAttribute('aria-expanded', 'false');
    await part.click();
    // Switched on, the calendar starts as the base's: the Ausgleichskasse quarterly.
    await dialog.getByRole('switch', { name: 'Zahlungskalender ändern' }).check();
    const rhythm = dialog.getByRole('combobox', { name: 'Rhythmus' });
    await expect(rhythm).toHaveValue('Vierteljährlich');
    await choose(page, rhythm, 'Monatlich');
    await expectNoSeriousAxeViolations(page);
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    await expect(dialog).toBeHidden();
    await expect(leverCards(page)).toHaveText([/Ab 01\.12\.2026: .*; Zahlungskalender ab 01\.01\.2027/]);
    const stored = await apiGet<{ levers: { lever: { paymentCalendar?: unknown } }[] }>(
      page,
      `/api/scenarios/${scenario.id}`,
    );
    expect(stored.levers[0]?.lever.paymentCalendar).toMatchObject({ ahv: { rhythm: 'monthly' } });

    // The base pays quarterly only; the scenario still pays Q4 2026 in January, then each month.
    await openForecast(page, ['Lohnkosten'], ['Ausgaben']);
    await expect(forecastTable(page).getByRole('rowheader', { name: 'AHV-Akonto Q1', exact: true })).toBeVisible();
    await expect(forecastTable(page).getByRole('rowheader', { name: 'AHV-Akonto Januar', exact: true })).toHaveCount(0);
    await openForecast(page, ['Lohnkosten'], ['Ausgaben'], `/?scenario=${scenario.id}`);
    const table = forecastTable(page);
    await expect(table.getByRole('rowheader', { name: 'AHV-Akonto Q4', exact: true })).toBeVisible();
    const january = table
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: 'AHV-Akonto Januar', exact: true }) });
    await expect(january).toContainText('848.00');
    await expect(table.getByRole('rowheader', { name: 'AHV-Akonto Q1', exact: true })).toHaveCount(0);
  });

  test('a read-only member sees and compares scenarios but changes nothing; a lever whose target is gone says so', async ({
    browser,
    page,
  }) => {
    test.slow();
    const { owner, prepared } = await ownerWithReader(browser, page, async (ownerPage) => {
      const ids = await seedCustomers(ownerPage);
      const gone = await apiWrite<{ id: number }>(ownerPage, 'POST', '/api/transactions', {
        type: 'repeating',
        cycle: 'monthly',
        startDate: '2026-11-25',
        categoryId: ids.general,
        currencyId: ids.chf,
        vatIncluded: false,
        name: 'Alt-Kunde',
        amount: 1_000_00,
      });
      const scenario = await apiWrite<{ id: number }>(ownerPage, 'POST', '/api/scenarios', {
        name: 'Plan B',
        color: '#e8590c',
        levers: [
          { type: 'oneOff', name: 'Förderbeitrag', date: '2027-02-01', amount: 10_000_00, currencyId: ids.chf },
          { type: 'delay', days: 30, from: '2026-12-01', transactionId: gone.id },
        ],
      });
      await apiWrite(ownerPage, 'DELETE', `/api/transactions/${gone.id}`);
      return scenario;
    });

    await page.goto('/scenarios');
    await expect(scenarioCard(page, 'Plan B')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Neues Szenario' })).toHaveCount(0);
    await expect(scenarioCard(page, 'Plan B').getByRole('button', { name: /Szenario bearbeiten/ })).toHaveCount(0);
    await scenarioCard(page, 'Plan B').getByRole('link', { name: 'Öffnen' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Plan B' })).toBeVisible();
    await expect(leverCards(page)).toHaveCount(2);
    await expect(leverCards(page).nth(0)).toContainText(
      "Am 01.02.2027: Einmalige Zahlung «Förderbeitrag», +CHF 10'000",
    );
    // The delayed transaction was deleted in the base: the lever stays, marked, and changes nothing.
    await expect(leverCards(page).nth(1)).toContainText('Ziel gelöscht');
    await expect(page.getByRole('button', { name: 'Hebel hinzufügen' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Hebel (bearbeiten|löschen):/ })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'In die Basis übernehmen' })).toHaveCount(0);
    await expectNoSeriousAxeViolations(page);

    // Comparing and viewing the scenario's forecast is reading.
    await page.getByRole('link', { name: 'Vergleichen' }).click();
    await expect(kpis(page, 'Plan B')).toContainText("+10'000.00 CHF gegenüber Basis");
    await page.goto(`/?scenario=${prepared.id}`);
    await expect(page.getByText(/Szenario «Plan B»/)).toBeVisible();

    // The server refuses a write anyway.
    const refused = await page.request.post('/api/scenarios', {
      data: { name: 'Heimlich' },
      headers: { origin: new URL(page.url()).origin },
    });
    expect(refused.status()).toBe(403);
    await owner.close();
  });

  test("another organisation's scenario is not found, in the pages and in the API", async ({ browser, page }) => {
    const other = await browser.newContext({ baseURL: test.info().project.use.baseURL });
    await other.setExtraHTTPHeaders({ 'x-forwarded-for': `10.252.${Math.floor(Math.random() * 250)}.7` });
    const otherPage = await other.newPage();
    await signUp(otherPage, 'Fremde Firma');
    const foreign = await apiWrite<{ id: number }>(otherPage, 'POST', '/api/scenarios', { name: 'Geheimplan' });

    await signUp(page);
    await page.goto(`/scenarios/${foreign.id}`);
    await expect(page.getByRole('alert')).toContainText('Das Szenario wurde nicht gefunden.');
    await expect(page.getByText('Geheimplan')).toHaveCount(0);
    expect((await page.request.get(`/api/scenarios/${foreign.id}`)).status()).toBe(404);
    expect((await page.request.get(`/api/forecasts?scenario=${foreign.id}`)).status()).toBe(404);
    await page.goto(`/?scenario=${foreign.id}`);
    await expect(page.getByText('Dieses Szenario gibt es nicht (mehr).')).toBeVisible();
    await other.close();
  });

  test('the comparison as XLSX holds the monthly end balances the Prognose shows for the base and the scenario', async ({
    page,
  }) => {
    await signUp(page);
    await seedCustomers(page);
    const { data: rows } = await apiGet<{ data: { id: number; name: string }[] }>(
      page,
      '/api/transactions?page=1&limit=100',
    );
    const muster = rows.find((row) => row.name === 'Kunde Muster AG')!;
    const worst = await apiWrite<{ id: number }>(page, 'POST', '/api/scenarios', {
      name: 'Worst Case',
      levers: [
        { type: 'customer', action: 'lose', from: '2026-12-01', transactionId: muster.id },
        { type: 'delay', days: 60, from: '2026-12-01', side: 'revenue' },
      ],
    });

    // The end balances the Prognose shows, month by month: the base, then the scenario.
    const endBalances = async (address: string, january: string) => {
      await page.goto(address);
      await expect(forecastCells(page, 'Endsaldo').nth(2)).toHaveText(january);
      const texts = await forecastCells(page, 'Endsaldo').allTextContents();
      // "-28'000.00 CHF" → -28000
      return texts.map((text) => Number(text.replace(/[^0-9.\-−]/g, '').replace('−', '-')));
    };
    const base = await endBalances('/', "32'000.00 CHF");
    const scenario = await endBalances(`/?scenario=${worst.id}`, "12'000.00 CHF");

    await page.goto(`/scenarios/compare?ids=base,${worst.id}`);
    await expect(kpis(page, 'Worst Case')).toBeVisible();
    const download = page.waitForEvent('download', { timeout: 15_000 });
    await page.getByRole('button', { name: 'Vergleich als Excel' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/\.xlsx$/);
    const [sheet] = await readXlsxFile(readFileSync(await file.path()));
    expect(sheet!.sheet).toBe('Vergleich');
    // Below "Saldo (Endbestand) pro Monat": the names, then one row per month (base, scenario).
    const start = sheet!.data.findIndex((row) => row[0] === 'Saldo (Endbestand) pro Monat');
    expect(start).toBeGreaterThan(0);
    expect(sheet!.data[start + 1]).toEqual([null, 'Basis', 'Worst Case']);
    const months = sheet!.data.slice(start + 2).filter((row) => row[0] !== null);
    expect(months[0]![0]).toBe('November 2026');
    expect(months.map((row) => row[1])).toEqual(base);
    expect(months.map((row) => row[2])).toEqual(scenario);
  });

  test("a lever's target is searched over all the organisation's transactions, not the first hundred", async ({
    page,
  }) => {
    test.slow();
    await signUp(page);
    const ids = await referenceIds(page);
    const row = monthlyRow(ids);
    // 105 suppliers sort before "Zulieferer Zeta": it is not among the first 100 by name.
    for (let i = 1; i <= 105; i += 1) {
      await apiWrite(page, 'POST', '/api/transactions', {
        ...row,
        name: `Lieferant ${String(i).padStart(3, '0')}`,
        amount: -(100_00 + i),
      });
    }
    await apiWrite(page, 'POST', '/api/transactions', { ...row, name: 'Zulieferer Zeta', amount: -5_000_00 });
    const scenario = await apiWrite<{ id: number }>(page, 'POST', '/api/scenarios', { name: 'Lieferengpass' });
    await page.goto(`/scenarios/${scenario.id}`);

    const dialog = await openNewLever(page, 'Zahlungsverzug');
    const target = dialog.getByRole('combobox', { name: 'Transaktion' });
    await target.fill('Zeta');
    await page.getByRole('option', { name: 'Zulieferer Zeta', exact: true }).click();
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    await expect(dialog).toBeHidden();
    // The sentence names it too (read by its id).
    await expect(leverCards(page)).toHaveText([/Ab 01\.12\.2026: Zahlungen «Zulieferer Zeta» 30 Tage später/]);
    await page.getByRole('button', { name: /^Hebel bearbeiten:/ }).click();
    await expect(page.getByRole('dialog').getByRole('combobox', { name: 'Transaktion' })).toHaveValue(
      'Zulieferer Zeta',
    );
  });
});
