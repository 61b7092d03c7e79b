import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
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
  type ReferenceIds,
} from './support/fixtures.js';
import { forecastCells, forecastTable } from './support/pages/forecast-page.js';

// The server's today is 2026-11-21 (playwright.config FIXED_TODAY): the forecast starts in November 2026.

/**
 * 10'000 CHF in the bank, 5'000 in and 8'000 out on the 25th of every month: the end balance falls by
 * 3'000 a month (7'000 in November, 4'000, 1'000, then -2'000 in February 2027).
 */
async function seedLiquidityDip(page: Page, ids: ReferenceIds) {
  await apiWrite(page, 'POST', '/api/bank-accounts', {
    name: 'UBS Geschäftskonto',
    amount: 10_000_00,
    currencyId: ids.chf,
  });
  const repeating = {
    type: 'repeating',
    cycle: 'monthly',
    startDate: '2026-11-25',
    categoryId: ids.general,
    currencyId: ids.chf,
    vatIncluded: false,
  };
  await apiWrite(page, 'POST', '/api/transactions', { ...repeating, name: 'Beratung', amount: 5_000_00 });
  await apiWrite(page, 'POST', '/api/transactions', { ...repeating, name: 'Miete', amount: -8_000_00 });
}

async function cookie(page: Page, name: string): Promise<string | undefined> {
  return (await page.context().cookies()).find((entry) => entry.name === name)?.value;
}

test.describe('Prognose', () => {
  test('a new organisation is told what to enter first', async ({ page }) => {
    await signUp(page);
    await page.goto('/');
    await expect(page).toHaveTitle('Prognose - SaldoPilot');
    await expect(page.getByRole('heading', { name: 'Noch nichts zu prognostizieren' })).toBeVisible();
    const firstSteps = page.getByRole('region', { name: 'Noch nichts zu prognostizieren' });
    await expect(firstSteps.getByRole('link', { name: 'Bankkonten mit ihrem aktuellen Stand' })).toHaveAttribute(
      'href',
      '/bank-accounts',
    );
    await expect(firstSteps.getByRole('link', { name: 'Transaktionen: Einnahmen und Ausgaben' })).toHaveAttribute(
      'href',
      '/transactions',
    );
    await expect(firstSteps.getByRole('link', { name: 'Mitarbeitende mit ihren Löhnen' })).toHaveAttribute(
      'href',
      '/employees',
    );
    await expectNoSeriousAxeViolations(page);
  });

  test('the runway leads; months, performance, keyboard expansion, exclusions saved and discarded', async ({
    page,
  }) => {
    test.slow();
    await signUp(page);
    await seedLiquidityDip(page, await referenceIds(page));
    await page.goto('/');

    // The answer first (docs/forecast.md "Runway"): the money lasts until January 2027; the lowest
    // end balance is the last. The first load of a busy test machine may take a while.
    await expect(page.getByRole('heading', { level: 2, name: 'Liquidität reicht bis Januar 2027' })).toBeVisible({
      timeout: 15_000,
    });
    await expect(page.getByText("Tiefster Endsaldo: -29'000.00 CHF im November 2027")).toBeVisible();
    await expect(page.getByText(/^Zuletzt berechnet am \d\d\.\d\d\.\d{4}, \d\d:\d\d:\d\d$/)).toBeVisible();

    // A real table: 13 months from November 2026, row headers, coloured cashflow and end balance.
    const headers = forecastTable(page).getByRole('columnheader');
    await expect(headers).toHaveCount(14);
    await expect(headers.nth(1)).toHaveText('November 2026');
    await expect(headers.nth(13)).toHaveText('November 2027');
    await expect(forecastCells(page, 'Einnahmen').first()).toHaveText("5'000.00 CHF");
    await expect(forecastCells(page, 'Ausgaben').first()).toHaveText("-8'000.00 CHF");
    await expect(forecastCells(page, 'Cashflow').first()).toHaveText("-3'000.00 CHF");
    await expect(forecastCells(page, 'Endsaldo').nth(2)).toHaveText("1'000.00 CHF");
    await expect(forecastCells(page, 'Endsaldo').nth(2)).toHaveAttribute('data-sign', 'positive');
    await expect(forecastCells(page, 'Endsaldo').nth(3)).toHaveAttribute('data-sign', 'negative');
    // The chart is drawn (its code loaded only on this page).
    await expect(page.getByTestId('forecast-chart')).toBeVisible();
    await expect(page.getByTestId('forecast-chart').locator('path')).toHaveCount(2);
    await expectNoSeriousAxeViolations(page);

    // The forecast as files from the server, named after the organisation and the day.
    const csvDownload = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Als CSV exportieren' }).click();
    const csvFile = await csvDownload;
    expect(csvFile.suggestedFilename()).toBe('Prognose-Meine-Organisation-2026-11-21.csv');
    const csv = readFileSync(await csvFile.path(), 'utf8');
    expect(csv).toContain('Organisation;Meine Organisation');
    expect(csv).toContain('Betrag in CHF;November 2026;Dezember 2026;');
    expect(csv).toContain('Endsaldo;7000.00;4000.00;1000.00;-2000.00;');
    const xlsxDownload = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Als Excel exportieren' }).click();
    const xlsxFile = await xlsxDownload;
    expect(xlsxFile.suggestedFilename()).toBe('Prognose-Meine-Organisation-2026-11-21.xlsx');
    // A zip archive (XLSX), not an error page.
    expect(
      readFileSync(await xlsxFile.path())
        .subarray(0, 2)
        .toString('latin1'),
    ).toBe('PK');
    const pdfDownload = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Liquiditätsplan (PDF)' }).click();
    const pdfFile = await pdfDownload;
    expect(pdfFile.suggestedFilename()).toBe('Prognose-Meine-Organisation-2026-11-21.pdf');
    expect(readFileSync(await pdfFile.path()).toString('latin1', 0, 5)).toBe('%PDF-');

    // The chart's tooltip by keyboard, in de-CH with the currency.
    const chart = page.getByRole('slider', { name: /^Diagramm/ });
    await chart.focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect(chart).toHaveAttribute(
      'aria-valuetext',
      "Dezember 2026: Einnahmen 5'000.00 CHF, Ausgaben -8'000.00 CHF, Saldo 4'000.00 CHF",
    );
    await expect(page.getByText("Saldo: 4'000.00 CHF")).toBeVisible();

    // Months: 6, remembered.
    const months = page.getByRole('textbox', { name: 'Zeitraum' });
    await months.fill('6');
    await expect(headers).toHaveCount(7);
    await expect.poll(() => cookie(page, 'forecast-months')).toBe('6');

    // Performance: Home = 0 %, remembered; revenue is scaled on the server.
    const slider = page.getByRole('slider', { name: /^Performance/ });
    await slider.focus();
    await page.keyboard.press('Home');
    await expect(page.getByText('Performance (0%)')).toBeVisible();
    await expect(forecastCells(page, 'Einnahmen').first()).toHaveText('0.00 CHF');
    await expect.poll(() => cookie(page, 'forecast-performance')).toBe('0');
    await page.reload();
    await expect(headers).toHaveCount(7);
    await expect(page.getByText('Performance (0%)')).toBeVisible();
    await page.getByRole('slider', { name: /^Performance/ }).focus();
    await page.keyboard.press('End');
    await expect(forecastCells(page, 'Einnahmen').first()).toHaveText("10'000.00 CHF");
    await page.context().addCookies([{ name: 'forecast-performance', value: '100', url: page.url() }]);
    await page.reload();
    await expect(forecastCells(page, 'Einnahmen').first()).toHaveText("5'000.00 CHF");

    // Expand by keyboard: Einnahmen -> category "Generell" -> the leaf "Beratung".
    const revenue = forecastTable(page).getByRole('button', { name: 'Einnahmen' });
    await expect(revenue).toHaveAttribute('aria-expanded', 'false');
    await revenue.focus();
    await page.keyboard.press('Enter');
    await expect(revenue).toHaveAttribute('aria-expanded', 'true');
    const category = forecastTable(page).getByRole('button', { name: 'Generell' });
    await category.focus();
    await page.keyboard.press('Space');
    await expect(category).toHaveAttribute('aria-expanded', 'true');
    await expect(forecastCells(page, 'Beratung').first()).toContainText("5'000.00 CHF");
    await expect.poll(() => cookie(page, 'forecast-revenue-details')).toBe('true');
    await expect.poll(() => cookie(page, 'forecast-child-details')).toBe(encodeURIComponent('["revenue:Generell"]'));
    await expectNoSeriousAxeViolations(page);

    // Exclude December by keyboard: totals, cashflow and end balance follow at once, before saving.
    const december = forecastTable(page).getByRole('button', { name: 'Beratung im Dezember 2026 ausschliessen' });
    await december.focus();
    await page.keyboard.press('Enter');
    await expect(december).toHaveAttribute('aria-pressed', 'true');
    const bar = page.getByRole('region', { name: 'Geänderte Prognosen speichern?' });
    await expect(bar).toBeVisible();
    await expect(forecastCells(page, 'Einnahmen').nth(1)).toHaveText('0.00 CHF');
    await expect(forecastCells(page, 'Cashflow').nth(1)).toHaveText("-8'000.00 CHF");
    await expect(forecastCells(page, 'Endsaldo').nth(1)).toHaveText("-1'000.00 CHF (unter der Mindestliquidität)");
    await expect(forecastCells(page, 'Endsaldo').nth(2)).toHaveText("-4'000.00 CHF (unter der Mindestliquidität)");
    // The excluded cell shows what was taken out, struck through; the headline follows the draft.
    await expect(forecastCells(page, 'Beratung').nth(1)).toContainText("5'000.00 CHF (ausgeschlossen)");
    await expect(forecastCells(page, 'Beratung').nth(1).getByText("5'000.00 CHF", { exact: false }).first()).toHaveCSS(
      'text-decoration-line',
      'line-through',
    );
    await expect(page.getByRole('heading', { level: 2, name: 'Liquidität reicht bis November 2026' })).toBeVisible();
    await expectNoSeriousAxeViolations(page);
    // Closing the category keeps the unsaved exclusion and its effect (the page asks the server only
    // for the leaves of open rows, and of rows holding unsaved exclusions).
    await category.click();
    await expect(category).toHaveAttribute('aria-expanded', 'false');
    await expect(forecastCells(page, 'Endsaldo').nth(1)).toHaveText("-1'000.00 CHF (unter der Mindestliquidität)");
    await category.click();
    await expect(december).toHaveAttribute('aria-pressed', 'true');

    // Leaving with the pending draft asks first: "Nein" keeps the page and the draft.
    const navigation = page.getByRole('navigation', { name: 'Hauptnavigation' });
    await navigation.getByRole('link', { name: 'Transaktionen' }).click();
    const question = page.getByRole('dialog', { name: 'Änderungen verwerfen?' });
    await expect(question).toBeVisible();
    await question.getByRole('button', { name: 'Nein' }).click();
    await expect(question).toBeHidden();
    await expect(page).toHaveURL(/\/$/);
    await expect(december).toHaveAttribute('aria-pressed', 'true');
    await expect(bar).toBeVisible();
    // A reload or a closed tab gets the browser's own leave warning; dismissed, the page stays.
    const leaveWarning = new Promise<string>((resolve) =>
      page.once('dialog', (dialog) => {
        resolve(dialog.type());
        void dialog.dismiss();
      }),
    );
    await page.close({ runBeforeUnload: true });
    expect(await leaveWarning).toBe('beforeunload');
    await expect(bar).toBeVisible();

    // Discard: back to the saved figures.
    await bar.getByRole('button', { name: 'Änderungen verwerfen' }).click();
    await expect(toasts(page).getByRole('status')).toContainText('Änderungen wurden verworfen');
    await expect(bar).toBeHidden();
    await expect(december).toHaveAttribute('aria-pressed', 'false');
    await expect(forecastCells(page, 'Endsaldo').nth(1)).toHaveText("4'000.00 CHF");

    // Exclude again and save: one batch; the server's forecast agrees after reloading.
    await december.click();
    await bar.getByRole('button', { name: 'Änderungen speichern' }).click();
    await expect(toasts(page).getByRole('status')).toContainText('Änderungen an der Prognose wurden übernommen');
    await expect(bar).toBeHidden();
    await page.reload();
    await expect(
      forecastTable(page).getByRole('button', { name: 'Beratung im Dezember 2026 ausschliessen' }),
    ).toHaveAttribute('aria-pressed', 'true');
    await expect(forecastCells(page, 'Einnahmen').nth(1)).toHaveText('0.00 CHF');
    await expect(forecastCells(page, 'Endsaldo').nth(1)).toHaveText("-1'000.00 CHF (unter der Mindestliquidität)");
    await expect(page.getByRole('heading', { level: 2, name: 'Liquidität reicht bis November 2026' })).toBeVisible();

    // Counting it again as a draft shows the amount at once; leaving with "Ja" drops the draft.
    await december.click();
    await expect(forecastCells(page, 'Einnahmen').nth(1)).toHaveText("5'000.00 CHF");
    await expect(page.getByRole('heading', { level: 2, name: 'Liquidität reicht bis Januar 2027' })).toBeVisible();
    await page
      .getByRole('navigation', { name: 'Hauptnavigation' })
      .getByRole('link', { name: 'Transaktionen' })
      .click();
    await page.getByRole('dialog', { name: 'Änderungen verwerfen?' }).getByRole('button', { name: 'Ja' }).click();
    await expect(page).toHaveURL(/\/transactions$/);
    await page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'Prognose' }).click();
    await expect(forecastCells(page, 'Einnahmen').nth(1)).toHaveText('0.00 CHF');
    await expect(page.getByRole('region', { name: 'Geänderte Prognosen speichern?' })).toBeHidden();
  });

  test("an employee is one row after a raise; a month's toggle excludes that month's salary", async ({ page }) => {
    test.slow();
    await signUp(page);
    const { chf } = await referenceIds(page);
    await apiWrite(page, 'POST', '/api/bank-accounts', {
      name: 'UBS Geschäftskonto',
      amount: 50_000_00,
      currencyId: chf,
    });
    const anna = await apiWrite<{ id: number }>(page, 'POST', '/api/employees', { name: 'Anna Muster' });
    const salary = { hoursPerMonth: 160, vacationDaysPerYear: 25, cycle: 'monthly', currencyId: chf };
    // 5'000.00 paid on the 25th, raised to 6'000.00 from 25 January 2027.
    await apiWrite(page, 'POST', `/api/employees/${anna.id}/salaries`, {
      ...salary,
      amount: 5_000_00,
      fromDate: '2026-01-25',
    });
    const raise = await apiWrite<{ id: number }>(page, 'POST', `/api/employees/${anna.id}/salaries`, {
      ...salary,
      amount: 6_000_00,
      fromDate: '2027-01-25',
    });
    await page.goto('/');
    await forecastTable(page).getByRole('button', { name: 'Ausgaben' }).click();
    await forecastTable(page).getByRole('button', { name: 'Löhne' }).click();
    // One row, the months of both salaries side by side.
    await expect(forecastTable(page).getByRole('rowheader', { name: 'Anna Muster', exact: true })).toHaveCount(1);
    await expect(forecastCells(page, 'Anna Muster').nth(0)).toContainText("-5'000.00 CHF");
    await expect(forecastCells(page, 'Anna Muster').nth(1)).toContainText("-5'000.00 CHF");
    await expect(forecastCells(page, 'Anna Muster').nth(2)).toContainText("-6'000.00 CHF");
    await expectNoSeriousAxeViolations(page);

    // Excluding January 2027 stores the raise's month.
    await forecastTable(page).getByRole('button', { name: 'Anna Muster im Januar 2027 ausschliessen' }).click();
    const bar = page.getByRole('region', { name: 'Geänderte Prognosen speichern?' });
    await bar.getByRole('button', { name: 'Änderungen speichern' }).click();
    await expect(toasts(page).getByRole('status')).toContainText('Änderungen an der Prognose wurden übernommen');
    expect(await apiGet(page, '/api/forecasts/exclude?relatedTable=salaries')).toEqual([
      { month: '2027-01', relatedTable: 'salaries', relatedId: raise.id },
    ]);
    // The excluded month shows what it took out, struck through.
    await expect(forecastCells(page, 'Anna Muster').nth(2)).toContainText("-6'000.00 CHF (ausgeschlossen)");
    await expect(forecastCells(page, 'Anna Muster').nth(3)).toContainText("-6'000.00 CHF");
  });

  test('the print view: no menu, the headline and the chart first, then pages of six months with the row labels', async ({
    page,
  }) => {
    await signUp(page);
    const { chf } = await referenceIds(page);
    await apiWrite(page, 'POST', '/api/bank-accounts', { name: 'UBS', amount: 20_000_00, currencyId: chf });
    await page.goto('/');
    await expect(forecastTable(page).getByRole('columnheader')).toHaveCount(14);
    // The printable width of an A4 landscape page (297 mm less 2 × 12 mm at 96 dpi: about 1030 px).
    await page.setViewportSize({ width: 1030, height: 760 });
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByRole('navigation', { name: 'Hauptnavigation' })).toBeHidden();
    await expect(page.getByRole('button', { name: 'Drucken' })).toBeHidden();
    const blocks = forecastTable(page);
    // 13 months: 6 + 6 + 1, each block with its own row labels.
    await expect(blocks).toHaveCount(3);
    await expect(blocks.nth(0).getByRole('columnheader')).toHaveCount(7);
    await expect(blocks.nth(2).getByRole('columnheader')).toHaveCount(2);
    for (const index of [0, 1, 2]) {
      await expect(blocks.nth(index).getByRole('rowheader', { name: 'Endsaldo' })).toBeVisible();
    }
    await expect(blocks.nth(1).getByRole('columnheader').nth(1)).toHaveText('Mai 2027');
    // No month column is cut off: the last one of a full block ends within the page's width.
    for (const index of [0, 1]) {
      const last = await blocks.nth(index).getByRole('columnheader').last().boundingBox();
      expect(last!.x + last!.width).toBeLessThanOrEqual(1030);
    }
    const headline = await page
      .getByRole('heading', { level: 2, name: 'Über den ganzen Zeitraum gedeckt' })
      .boundingBox();
    const chart = await page.getByTestId('forecast-chart').boundingBox();
    const firstBlock = await blocks.nth(0).boundingBox();
    expect(headline!.y).toBeLessThan(chart!.y);
    expect(chart!.y).toBeLessThan(firstBlock!.y);
    // Back on screen: one table, the print blocks gone.
    await page.emulateMedia({ media: 'screen' });
    await expect(blocks).toHaveCount(1);
    await expect(page.getByRole('button', { name: 'Drucken' })).toBeVisible();
  });

  test('a plan that never falls below the minimum says so; above 0 but below the minimum is red', async ({ page }) => {
    await signUp(page);
    const ids = await referenceIds(page);
    await apiWrite(page, 'POST', '/api/bank-accounts', { name: 'PostFinance', amount: 10_000_00, currencyId: ids.chf });
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 2, name: 'Über den ganzen Zeitraum gedeckt' })).toBeVisible({
      timeout: 15_000,
    });
    // The headline's figures (the table below has the same amounts).
    const lowest = page
      .getByRole('region', { name: /gedeckt|Mindestliquidität/ })
      .getByText(/^Tiefster Endsaldo:/)
      .getByText("10'000.00 CHF", { exact: true });
    await expect(page.getByText("Tiefster Endsaldo: 10'000.00 CHF im November 2026")).toBeVisible();
    await expect(lowest).toHaveCSS('color', 'rgb(35, 112, 50)'); // the green of amounts above 0
    await expect(forecastCells(page, 'Endsaldo').first()).not.toHaveAttribute('title', 'unter der Mindestliquidität');

    // 10'000 is above 0, and still too little against a minimum of 20'000: red, as below 0.
    const { currentOrganisationId } = await apiGet<{ currentOrganisationId: number }>(page, '/api/profile');
    await apiWrite(page, 'PATCH', `/api/organisations/${currentOrganisationId}`, { minimumBalance: 20_000_00 });
    await page.reload();
    await expect(
      page.getByRole('heading', {
        level: 2,
        name: 'Liquidität liegt schon im November 2026 unter der Mindestliquidität',
      }),
    ).toBeVisible({ timeout: 15_000 });
    await expect(page.getByText("Mindestliquidität: 20'000.00 CHF")).toBeVisible();
    await expect(lowest).toHaveCSS('color', 'rgb(201, 42, 42)'); // Mantine's red 9
    // The table marks each end balance below the minimum, as the chart's line shows them (also read out).
    const saldo = forecastCells(page, 'Endsaldo').first();
    await expect(saldo).toHaveAttribute('title', 'unter der Mindestliquidität');
    await expect(saldo).toContainText("10'000.00 CHF (unter der Mindestliquidität)");
    await expectNoSeriousAxeViolations(page);

    // On a phone each figure keeps its currency on its line ("CHF" wrapped alone at 375 px).
    await page.setViewportSize({ width: 375, height: 740 });
    const headline = page.getByRole('region', { name: /Mindestliquidität/ });
    for (const figure of await headline.getByText(/^[\d'.-]+ CHF$/).all()) {
      await expect(figure).toBeVisible();
      expect(await figure.evaluate((element) => element.getClientRects().length)).toBe(1);
    }
    expect(await headline.getByText(/^[\d'.-]+ CHF$/).count()).toBe(3);
    // Only the table scrolls sideways, not the page (its hidden caption once widened the page).
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(375);
  });

  test('a currency without a rate is named in a warning', async ({ page }) => {
    await signUp(page);
    const ids = await referenceIds(page);
    await apiWrite(page, 'POST', '/api/bank-accounts', { name: 'Reykjavik', amount: 50_000_00, currencyId: ids.isk });
    // Every currency has at least a fallback rate in this server, so the forecast's answer is told
    // that ISK has none (as after a rate source dropped it; the API tests cover the computation).
    await page.route(/\/api\/forecasts\?/, async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { missingRates: string[] };
      await route.fulfill({ response, json: { ...body, missingRates: ['ISK'] } });
    });
    await page.goto('/');
    await expect(page.getByRole('alert').filter({ hasText: 'Umrechnungskurs fehlt' })).toContainText(
      'Für ISK gibt es keinen Umrechnungskurs',
    );
    await expectNoSeriousAxeViolations(page);
  });
});

test.describe('Prognose-Einstellungen der Organisation', () => {
  test('an owner sets the minimum balance and the VAT settlement; the forecast follows', async ({ page }) => {
    test.slow();
    await signUp(page);
    await seedLiquidityDip(page, await referenceIds(page));
    const { currentOrganisationId } = await apiGet<{ currentOrganisationId: number }>(page, '/api/profile');
    await page.goto(`/settings/organisations/${currentOrganisationId}`);

    const minimum = page.getByRole('form', { name: 'Mindestliquidität' });
    await minimum.getByRole('textbox', { name: 'Mindestliquidität' }).fill('5000');
    await minimum.getByRole('button', { name: 'Mindestliquidität speichern' }).click();
    await expect(minimum).toContainText('Mindestliquidität wurde gespeichert');

    const vat = page.getByRole('form', { name: 'Automatische MWST-Abrechnung' });
    await vat.getByRole('switch', { name: 'MWST-Abrechnung aktivieren' }).check();
    await expect(vat.getByRole('switch', { name: 'MWST-Abrechnung aktivieren' })).toBeChecked();
    await vat.getByRole('textbox', { name: /Rechnungszeitpunkt/ }).fill('31.12.2026');
    await vat.getByRole('textbox', { name: /Rechnungszeitpunkt/ }).blur();
    await vat.getByRole('combobox', { name: /Transaktionszeitpunkt/ }).click();
    await page.getByRole('option', { name: '2 Monate später', exact: true }).click();
    await expect(vat.getByRole('combobox', { name: /Abrechnungsintervall/ })).toHaveValue('Vierteljährlich');
    await expectNoSeriousAxeViolations(page);
    await vat.getByRole('button', { name: 'MWST-Einstellungen speichern' }).click();
    await expect(vat).toContainText('MWST-Einstellungen wurden gespeichert');
    expect(await apiGet(page, '/api/vat-settings')).toEqual({
      enabled: true,
      billingDate: '2026-12-31',
      transactionMonthOffset: 2,
      interval: 'quarterly',
      paymentTerm: 'offset',
      method: 'effective',
      netTaxRate: null,
      netTaxRate2: null,
      netTaxRate2Share: null,
    });

    // Kept after a reload; the runway now measures against 5'000.
    await page.reload();
    await expect(page.getByRole('form', { name: 'Mindestliquidität' }).getByRole('textbox')).toHaveValue("5'000.00");
    await expect(page.getByRole('form', { name: 'Automatische MWST-Abrechnung' }).getByRole('switch')).toBeChecked();
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 2, name: 'Liquidität reicht bis November 2026' })).toBeVisible();
    await expect(page.getByText("Mindestliquidität: 5'000.00 CHF")).toBeVisible();
  });

  test('an owner sets the net tax rate method, then the effective method; the MWST row shows output and input tax', async ({
    page,
  }) => {
    test.slow();
    await signUp(page);
    const ids = await referenceIds(page);
    const vats = await apiGet<{ id: number; value: number }[]>(page, '/api/vats');
    const standardRate = vats.find((vat) => vat.value === 810)?.id;
    const monthly = { type: 'repeating', cycle: 'monthly', categoryId: ids.general, currencyId: ids.chf };
    const withVat = { vatId: standardRate, vatIncluded: false };
    await apiWrite(page, 'POST', '/api/bank-accounts', { name: 'UBS', amount: 50_000_00, currencyId: ids.chf });
    // 15'000.00 + 8.1 % a month in (3'645.00 VAT a quarter), 1'000.00 + 8.1 % out (243.00 input tax).
    await apiWrite(page, 'POST', '/api/transactions', {
      ...monthly,
      ...withVat,
      name: 'Beratung',
      amount: 15_000_00,
      startDate: '2026-10-05',
    });
    await apiWrite(page, 'POST', '/api/transactions', {
      ...monthly,
      ...withVat,
      name: 'Material',
      amount: -1_000_00,
      startDate: '2026-10-20',
    });
    const { currentOrganisationId } = await apiGet<{ currentOrganisationId: number }>(page, '/api/profile');
    await page.goto(`/settings/organisations/${currentOrganisationId}`);

    const vat = page.getByRole('form', { name: 'Automatische MWST-Abrechnung' });
    await vat.getByRole('switch', { name: 'MWST-Abrechnung aktivieren' }).check();
    // A new setting is paid by the ESTV deadline and computed with the effective method.
    await expect(vat.getByRole('combobox', { name: /Transaktionszeitpunkt/ })).toHaveValue(
      'Zahlung nach ESTV-Frist (60 Tage nach Periodenende)',
    );
    await expect(vat.getByRole('combobox', { name: /Abrechnungsmethode/ })).toHaveValue('Effektive Methode');
    await expect(vat.getByRole('textbox', { name: /^Saldosteuersatz/ })).toHaveCount(0);
    await vat.getByRole('textbox', { name: /Rechnungszeitpunkt/ }).fill('01.01.2027');
    await vat.getByRole('textbox', { name: /Rechnungszeitpunkt/ }).blur();

    // The net tax rate method: settled half-yearly, the rate in percent.
    await vat.getByRole('combobox', { name: /Abrechnungsmethode/ }).click();
    await page.getByRole('option', { name: 'Saldosteuersatzmethode', exact: true }).click();
    await expect(vat.getByRole('combobox', { name: /Abrechnungsintervall/ })).toHaveValue('Halbjährlich');
    await vat.getByRole('combobox', { name: /Abrechnungsintervall/ }).click();
    await page.getByRole('option', { name: 'Vierteljährlich', exact: true }).click();
    await vat.getByRole('textbox', { name: /^Saldosteuersatz/ }).fill('6.2');
    // Another interval is refused at once, and the form cannot be saved so.
    await expect(vat.getByRole('button', { name: 'MWST-Einstellungen speichern' })).toBeDisabled();
    await expect(vat).toContainText(
      'Die Saldosteuersatzmethode wird halbjährlich oder jährlich abgerechnet: bitte «Halbjährlich» oder «Jährlich» wählen',
    );
    await vat.getByRole('combobox', { name: /Abrechnungsintervall/ }).click();
    await page.getByRole('option', { name: 'Halbjährlich', exact: true }).click();
    await expectNoSeriousAxeViolations(page);
    await vat.getByRole('button', { name: 'MWST-Einstellungen speichern' }).click();
    await expect(vat).toContainText('MWST-Einstellungen wurden gespeichert');
    expect(await apiGet(page, '/api/vat-settings')).toEqual({
      enabled: true,
      billingDate: '2027-01-01',
      transactionMonthOffset: 0,
      interval: 'biannually',
      paymentTerm: 'estv',
      method: 'netTaxRate',
      netTaxRate: 6_200,
      netTaxRate2: null,
      netTaxRate2Share: null,
    });
    await page.reload();
    const reloaded = page.getByRole('form', { name: 'Automatische MWST-Abrechnung' });
    await expect(reloaded.getByRole('textbox', { name: /^Saldosteuersatz/ })).toHaveValue('6.2 %');

    // Back to the effective method, quarterly.
    await reloaded.getByRole('combobox', { name: /Abrechnungsmethode/ }).click();
    await page.getByRole('option', { name: 'Effektive Methode', exact: true }).click();
    await expect(reloaded.getByRole('textbox', { name: /^Saldosteuersatz/ })).toHaveCount(0);
    await reloaded.getByRole('combobox', { name: /Abrechnungsintervall/ }).click();
    await page.getByRole('option', { name: 'Vierteljährlich', exact: true }).click();
    await reloaded.getByRole('button', { name: 'MWST-Einstellungen speichern' }).click();
    await expect(reloaded).toContainText('MWST-Einstellungen wurden gespeichert');
    expect(await apiGet(page, '/api/vat-settings')).toMatchObject({ method: 'effective', netTaxRate: null });

    // Oct–Dec 2026 is due on March 1, 2027 at the latest: paid in February, 3'645.00 − 243.00.
    await page.goto('/');
    await forecastTable(page).getByRole('button', { name: 'Ausgaben' }).click();
    const february = forecastCells(page, 'MWST (auto)').nth(3);
    await expect(february).toHaveText(/^-3'402.00 CHF/);
    await expect(february).toHaveAttribute('title', "Umsatzsteuer 3'645.00 CHF / Vorsteuer 243.00 CHF");
    // The same detail is read out after the amount (the title alone reaches neither keyboard nor screen reader).
    await expect(february).toContainText("(Umsatzsteuer 3'645.00 CHF / Vorsteuer 243.00 CHF)");
    await expectNoSeriousAxeViolations(page);
  });

  test('a read-only member sees the settings but cannot change them', async ({ page, browser }) => {
    const { owner: context, prepared: organisationId } = await ownerWithReader(browser, page, async (ownerPage) => {
      const { currentOrganisationId } = await apiGet<{ currentOrganisationId: number }>(ownerPage, '/api/profile');
      return currentOrganisationId;
    });
    try {
      await page.goto(`/settings/organisations/${organisationId}`);
      const minimum = page.getByRole('form', { name: 'Mindestliquidität' });
      await expect(minimum.getByRole('textbox', { name: 'Mindestliquidität' })).toHaveAttribute('readonly', '');
      await expect(minimum.getByRole('button', { name: 'Mindestliquidität speichern' })).toHaveCount(0);
      const vat = page.getByRole('form', { name: 'Automatische MWST-Abrechnung' });
      await expect(vat.getByRole('switch', { name: 'MWST-Abrechnung aktivieren' })).toBeDisabled();
      await expect(vat.getByRole('button', { name: 'MWST-Einstellungen speichern' })).toHaveCount(0);
      await expect(
        page.getByText('Nur Eigentümer und Administratoren können diese Einstellungen ändern.').first(),
      ).toBeVisible();
      await expectNoSeriousAxeViolations(page);
      // The forecast shows no exclusion toggles to them.
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1, name: 'Prognose' })).toBeVisible();
    } finally {
      await context.close();
    }
  });
});
