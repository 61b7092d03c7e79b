import { apiGet, expect, expectNoSeriousAxeViolations, signUp, test } from './support/fixtures.js';
import { forecastTable, openForecast } from './support/pages/forecast-page.js';
import {
  anEmployeeWithAhv,
  fundSwitch,
  openPaymentCalendar,
  saveCalendar,
} from './support/pages/payment-calendar-page.js';

// The server's today is 2026-11-21: the forecast starts in November 2026 (docs/payment-calendar.md).

test.describe('Zahlungskalender', () => {
  test('an owner lets the Ausgleichskasse collect its Akonto; the Prognose shows it when it is paid', async ({
    page,
  }) => {
    test.slow();
    await signUp(page);
    // 8'000.00 a month from January with AHV/IV/EO 5.3 % on both sides: 848.00 a month.
    await anEmployeeWithAhv(page);

    // Without a calendar the contributions leave with each salary.
    await openForecast(page, ['Lohnkosten'], ['Ausgaben']);
    await expect(forecastTable(page).getByRole('rowheader', { name: 'AHV/IV/EO', exact: true })).toBeVisible();

    const form = await openPaymentCalendar(page);
    await fundSwitch(form, 'Akonto an die Ausgleichskasse').check();
    await expect(form.getByRole('textbox', { name: /Fällig Tage nach der Periode/ }).first()).toHaveValue('10');
    await expectNoSeriousAxeViolations(page);
    await saveCalendar(form);
    expect(await apiGet(page, '/api/payment-calendar')).toEqual({
      ahv: { rhythm: null, akonto: null, dueDays: 10, differenceMonth: 3 },
    });

    // Payroll 96'000: quarterly, 12 × 848.00 ÷ 4 = 2'544.00, Q4 due on 10 January 2027.
    await openForecast(page, ['Lohnkosten'], ['Ausgaben']);
    const table = forecastTable(page);
    await expect(table.getByRole('rowheader', { name: 'AHV/IV/EO', exact: true })).toHaveCount(0);
    const q4 = table
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: 'AHV-Akonto Q4', exact: true }) });
    await expect(q4).toContainText("2'544.00");
    await expect(table.getByRole('rowheader', { name: 'AHV-Akonto Q1', exact: true })).toBeVisible();
    // The details say how it was computed (docs/payment-calendar.md "Explanations"): the cell's title,
    // and the same words for screen readers.
    const explanation =
      "Lohnsumme AHV 2026 96'000.00 CHF, Beiträge 10'176.00 CHF ÷ 4 Quartale = 2'544.00 CHF für Q4 2026";
    await expect(q4.locator('[data-explanation]').first()).toHaveAttribute('title', new RegExp(`^${explanation}`));
    await expect(q4.getByText(explanation, { exact: false }).first()).toBeAttached();

    // An Akonto of 1'000.00 a quarter against 2'544.00 planned: the section says to have it adjusted.
    const again = await openPaymentCalendar(page);
    await again.getByRole('textbox', { name: /Akonto pro Periode/ }).fill('1000');
    await saveCalendar(again);
    await expect(page.getByText(/^Akonto anpassen lassen/).first()).toBeVisible();
  });
});
