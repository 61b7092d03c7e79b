import type { Locator, Page } from '@playwright/test';
import {
  apiWrite,
  currencyIds,
  expect as baseExpect,
  expectEmptiedAndAskedFor,
  expectNoSeriousAxeViolations,
  ownerWithReader,
  signUp,
  test,
  toasts,
} from './support/fixtures.js';
import { employeeCard, employeeCards, employeesTable, salaryCard } from './support/pages/employees-page.js';
import { confirmWith } from './support/ui.js';

// Each step recomputes schedules on the server and reloads several queries; on a busy machine that
// takes longer than the default 5 s now and then.
const expect = baseExpect.configure({ timeout: 15_000 });

// The server's "today" is pinned to 2026-11-21 (playwright.config.ts FIXED_TODAY): salaries and
// terminations before that date lie in the past, later ones in the future.

interface Created {
  id: number;
  name: string;
}

/** An employee with salaries made through the API (test setup); a salary `{ fromDate, amount }` or a termination. */
async function addEmployee(
  page: Page,
  name: string,
  salaries: (
    | { fromDate: string; amount: number; hoursPerMonth?: number; hasThirteenthSalary?: boolean }
    | { terminationFrom: string }
  )[] = [],
): Promise<Created> {
  const chf = (await currencyIds(page)).CHF!;
  const employee = await apiWrite<Created>(page, 'POST', '/api/employees', { name });
  for (const salary of salaries) {
    await apiWrite(
      page,
      'POST',
      `/api/employees/${employee.id}/salaries`,
      'terminationFrom' in salary
        ? { fromDate: salary.terminationFrom, isTermination: true }
        : {
            fromDate: salary.fromDate,
            amount: salary.amount,
            hoursPerMonth: salary.hoursPerMonth ?? 160,
            vacationDaysPerYear: 25,
            cycle: 'monthly',
            currencyId: chf,
            ...(salary.hasThirteenthSalary ? { hasThirteenthSalary: true, thirteenthSalaryMonth: 12 } : {}),
          },
    );
  }
  return employee;
}

async function fillSalary(dialog: Locator, values: { hours: string; vacation: string; gross: string; from: string }) {
  await dialog.getByRole('textbox', { name: 'Arbeitsstunden pro Monat' }).fill(values.hours);
  await dialog.getByRole('textbox', { name: 'Ferientage pro Jahr' }).fill(values.vacation);
  await dialog.getByRole('textbox', { name: 'Bruttolohn' }).fill(values.gross);
  await dialog.getByRole('textbox', { name: 'Von' }).fill(values.from);
  await dialog.getByRole('textbox', { name: 'Von' }).blur();
}

test.describe('Mitarbeitende', () => {
  test('an employee is created, paid, insured with the Swiss presets, raised and given notice', async ({ page }) => {
    // One long walk through the page and five dialogs.
    test.setTimeout(180_000);
    await signUp(page);
    await page.goto('/employees');
    await expect(page).toHaveTitle('Mitarbeitende - SaldoPilot');
    await expect(page.getByRole('heading', { name: 'Erfassen Sie Ihre ersten Mitarbeitenden' })).toBeVisible();
    await expectNoSeriousAxeViolations(page);

    // Creating an employee opens its detail page.
    await page.getByRole('button', { name: 'Mitarbeitende hinzufügen' }).first().click();
    const create = page.getByRole('dialog', { name: 'Neue Mitarbeitende anlegen' });
    await create.getByRole('textbox', { name: 'Name' }).fill('Nora Keller');
    await create.getByRole('button', { name: 'Speichern' }).click();
    await expect(page).toHaveURL(/\/employees\/\d+$/);
    await expect(
      toasts(page).getByRole('status').filter({ hasText: 'Mitarbeitende "Nora Keller" wurde angelegt' }),
    ).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Nora Keller' })).toBeVisible();
    await expect(page.getByText('Noch kein Lohn erfasst.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Austritt hinzufügen' })).toHaveCount(0);

    // The first salary.
    await page.getByRole('button', { name: 'Lohn hinzufügen' }).click();
    const first = page.getByRole('dialog', { name: 'Neuen Lohn anlegen' });
    await expect(first).toContainText('Lohnkosten können separat, direkt nach dem Erstellen hinzugefügt werden');
    // Whole numbers out of range stay as typed and are named; an emptied field is asked for, not 0;
    // saving waits until both are right.
    await fillSalary(first, { hours: '500', vacation: '25', gross: '8000', from: '01.01.2026' });
    await first.getByRole('textbox', { name: 'Ferientage pro Jahr' }).fill('');
    await first.getByRole('textbox', { name: 'Bruttolohn' }).fill('');
    await first.getByRole('textbox', { name: 'Bruttolohn' }).blur();
    await expect(first.getByText('Die Arbeitsstunden müssen zwischen 0 und 480 liegen')).toBeVisible();
    await expect(first.getByText('Ferientage werden benötigt')).toBeVisible();
    await expect(first.getByText('Betrag wird benötigt')).toBeVisible();
    await expect(first.getByRole('textbox', { name: 'Arbeitsstunden pro Monat' })).toHaveValue('500');
    await expect(first.getByRole('textbox', { name: 'Ferientage pro Jahr' })).toHaveValue('');
    await expect(first.getByRole('textbox', { name: 'Bruttolohn' })).toHaveValue('');
    await expect(first.getByRole('button', { name: 'Speichern' })).toBeDisabled();
    await fillSalary(first, { hours: '160', vacation: '25', gross: '8000', from: '01.01.2026' });
    await expectNoSeriousAxeViolations(page);
    await first.getByRole('button', { name: 'Speichern' }).click();
    await expect(first).toBeHidden();
    await expect(toasts(page).getByRole('status').filter({ hasText: 'Lohn wurde angelegt' })).toBeVisible();
    const january = salaryCard(page, 'Von 01.01.2026');
    await expect(january).toContainText('Aktiver Lohn');
    await expect(january).toContainText('160 Arbeitsstunden / Monat');
    await expect(january).toContainText("Brutto: 8'000.00 CHF / Monatlich");
    await expect(january).toContainText("Netto: 8'000.00 CHF / Monatlich");
    await expect(january).toContainText('Dauerhaft');

    // The Swiss presets (docs/salary-costs.md "The Swiss presets"), rates editable before they are added.
    await january.getByRole('button', { name: 'Lohnkosten des Lohns vom 01.01.2026' }).click();
    const overview = page.getByRole('dialog', { name: 'Lohnkostenübersicht' });
    await expect(overview).toContainText('Noch keine Lohnkosten vorhanden');
    await overview.getByRole('button', { name: 'Schweizer Sozialabgaben' }).click();
    const presets = page.getByRole('dialog', { name: 'Schweizer Sozialabgaben hinzufügen' });
    await expect(presets.getByRole('textbox', { name: 'Satz AHV/IV/EO' })).toHaveValue('5.3 %');
    await presets.getByRole('textbox', { name: 'Satz FAK' }).fill('1.2');
    await presets.getByRole('textbox', { name: 'Monatsbetrag BVG' }).fill('300');
    await expect(presets.getByRole('checkbox', { name: 'BVG hinzufügen' })).toBeChecked();
    await expectNoSeriousAxeViolations(page);
    await presets.getByRole('button', { name: 'Hinzufügen' }).click();
    await expect(presets).toBeHidden();
    await expect(toasts(page).getByRole('status').filter({ hasText: '7 Lohnkosten wurden hinzugefügt' })).toBeVisible();
    const ahv = overview
      .getByRole('heading', { name: 'AHV/IV/EO' })
      .locator('xpath=ancestor::div[contains(@class,"mantine-Card-root")]');
    await expect(ahv).toContainText('Monatlich: 5.300 % (424.00 CHF)');
    await expect(overview.getByRole('heading', { name: 'FAK' })).toBeVisible();
    // Netto and Gesamtkosten change at once: AN 5.3 + 1.1 + 1.2 (NBU) + 0.6 (KTG) % and 300 BVG;
    // AG 5.3 + 1.1 + 1.2 (FAK) + 0.6 (BU) + 0.6 (KTG) % and 300 BVG.
    await expect(overview.getByRole('status').filter({ hasText: 'Netto' })).toContainText("Netto: 7'044.00 CHF");
    await expect(overview.getByRole('status').filter({ hasText: 'Netto' })).toContainText("Gesamtkosten: 9'004.00 CHF");

    // The AN filter shows the employee's share (AG & AN under both), grouping by payer is remembered.
    await overview.getByRole('combobox', { name: 'Zu Kosten von' }).click();
    await page.getByRole('option', { name: 'Arbeitgeber (AG)', exact: true }).click();
    await expect(overview.getByRole('heading', { name: 'UVG NBU' })).toHaveCount(0);
    await expect(overview.getByRole('heading', { name: 'UVG BU' })).toBeVisible();
    await overview.getByRole('switch', { name: 'Nach Zahler gruppieren' }).check({ force: true });
    await expect(overview.getByRole('heading', { name: 'Arbeitgeber & Arbeitnehmer (AG & AN)' })).toBeVisible();
    await overview.getByRole('button', { name: 'Schliessen', exact: true }).click();
    await expect(january).toContainText("9'004.00 CHF Gesamtkosten");
    await expect(january).toContainText("Netto: 7'044.00 CHF / Monatlich");

    // A raise: the dialog shows the "Bis" the earlier salary gets, the card shows it afterwards.
    await page.getByRole('button', { name: 'Lohn hinzufügen' }).click();
    const raise = page.getByRole('dialog', { name: 'Neuen Lohn anlegen' });
    await fillSalary(raise, { hours: '160', vacation: '25', gross: '8500', from: '01.07.2026' });
    await expect(raise.getByRole('status')).toContainText('Von 01.01.2026: Bis 01.06.2026');
    await raise.getByRole('button', { name: 'Speichern' }).click();
    await expect(raise).toBeHidden();
    await expect(january).toContainText('Bis 01.06.2026');
    await expect(january).not.toContainText('Aktiver Lohn');
    await expect(salaryCard(page, 'Von 01.07.2026')).toContainText('Aktiver Lohn');
    // Newest first.
    await expect(page.getByRole('list', { name: 'Lohnverlauf' }).getByRole('heading')).toHaveText([
      'Von 01.07.2026',
      'Von 01.01.2026',
    ]);

    // The termination, pre-filled with the suggested date.
    await page.getByRole('button', { name: 'Austritt hinzufügen' }).click();
    const termination = page.getByRole('dialog', { name: 'Austritt hinzufügen' });
    await expect(termination).toContainText('Vorschlag für nächsten Austritt: 01.01.2027');
    await expect(termination.getByRole('textbox', { name: 'Von' })).toHaveValue('01.01.2027');
    await expectEmptiedAndAskedFor(termination, termination.getByRole('textbox', { name: 'Von' }), 'Von wird benötigt');
    await termination.getByRole('textbox', { name: 'Von' }).fill('01.01.2027');
    await expect(termination).toContainText('Austritt = Auflösung des Arbeitsverhältnisses');
    await expectNoSeriousAxeViolations(page);
    await termination.getByRole('button', { name: 'Speichern' }).click();
    await expect(termination).toBeHidden();
    await expect(toasts(page).getByRole('status').filter({ hasText: 'Austritt wurde angelegt' })).toBeVisible();
    await expect(salaryCard(page, 'Von 01.01.2027')).toContainText('Dauerhafter Austritt');
    await expect(salaryCard(page, 'Von 01.07.2026')).toContainText('Bis 01.12.2026');
    await expectNoSeriousAxeViolations(page);

    // In the list the employee is leaving; one whose termination has passed is terminated.
    await addEmployee(page, 'Paul Früher', [
      { fromDate: '2025-01-01', amount: 6_000_00 },
      { terminationFrom: '2026-06-01' },
    ]);
    await page.getByRole('link', { name: 'Zurück', exact: true }).click();
    await expect(page).toHaveURL('/employees');
    const nora = employeeCard(page, 'Nora Keller');
    await expect(nora).toContainText('Aktuelle Daten:');
    await expect(nora).toContainText('Austritt angesetzt');
    await expect(nora).toContainText('Gültig bis 01.12.2026');
    await expect(employeeCard(page, 'Paul Früher')).toHaveCount(0);
    await page.getByRole('switch', { name: 'Ausgetretene ausblenden' }).uncheck({ force: true });
    await expect(employeeCard(page, 'Paul Früher')).toContainText('Arbeitsverhältnis aktuell aufgelöst');
    await expectNoSeriousAxeViolations(page);
  });

  test('the presets dialog previews what is stored; above the ceiling the rows say so, KTG takes its own ceiling', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await signUp(page);
    const presetRow = (dialog: Locator, label: string) =>
      dialog.getByRole('row').filter({ has: page.getByRole('checkbox', { name: `${label} hinzufügen` }) });
    const costCard = (dialog: Locator, label: string) =>
      dialog.getByRole('heading', { name: label }).locator('xpath=ancestor::div[contains(@class,"mantine-Card-root")]');
    const openPresets = async (name: string) => {
      const employee = await addEmployee(page, name, [
        { fromDate: '2026-01-01', amount: name === 'Mia Frei' ? 7_500_00 : 15_000_00 },
      ]);
      await page.goto(`/employees/${employee.id}`);
      await salaryCard(page, 'Von 01.01.2026')
        .getByRole('button', { name: 'Lohnkosten des Lohns vom 01.01.2026' })
        .click();
      const overview = page.getByRole('dialog', { name: 'Lohnkostenübersicht' });
      await overview.getByRole('button', { name: 'Schweizer Sozialabgaben' }).click();
      return { overview, presets: page.getByRole('dialog', { name: 'Schweizer Sozialabgaben hinzufügen' }) };
    };
    const only = async (presets: Locator, keep: string[]) => {
      for (const label of ['AHV/IV/EO', 'ALV', 'FAK', 'UVG NBU', 'UVG BU', 'KTG']) {
        if (!keep.includes(label)) await presets.getByRole('checkbox', { name: `${label} hinzufügen` }).uncheck();
      }
    };

    // 7'500.00: FAK 1.025 % = 76.875, floored as stored: 76.87 (the dialog showed 76.88 before).
    const mia = await openPresets('Mia Frei');
    await expect(presetRow(mia.presets, 'FAK')).toContainText('1.025 % = 76.87 CHF');
    await only(mia.presets, ['FAK']);
    await mia.presets.getByRole('button', { name: 'Hinzufügen' }).click();
    await expect(mia.presets).toBeHidden();
    await expect(costCard(mia.overview, 'FAK')).toContainText('Monatlich: 1.025 % (76.87 CHF)');
    await mia.overview.getByRole('button', { name: 'Schliessen', exact: true }).click();

    // 15'000.00: above CHF 148'200 a year UVG NBU is 1.2 % of 12'350.00 = 148.20; KTG with a policy
    // ceiling of CHF 120'000: 0.6 % of 10'000.00 = 60.00 on each side.
    const leo = await openPresets('Leo Hoch');
    const nbu = presetRow(leo.presets, 'UVG NBU');
    await expect(nbu).toContainText('1.200 % der Höchstgrenze = 148.20 CHF');
    await expect(nbu).toContainText("Der Lohn liegt über der Höchstgrenze von CHF 148'200 pro Jahr für UVG NBU");
    const ktg = presetRow(leo.presets, 'KTG');
    await expect(ktg).toContainText('0.600 % = 90.00 CHF × 2');
    const ceiling = ktg.getByRole('textbox', { name: 'Höchstgrenze (CHF pro Jahr)' });
    await expect(ktg).toContainText('der höchste versicherte Jahreslohn gemäss Ihrer KTG-Police');
    await ceiling.fill("120'000");
    await ceiling.blur();
    await expect(ktg).toContainText('0.600 % der Höchstgrenze = 60.00 CHF × 2');
    await expectNoSeriousAxeViolations(page);
    await only(leo.presets, ['UVG NBU', 'KTG']);
    await leo.presets.getByRole('button', { name: 'Hinzufügen' }).click();
    await expect(leo.presets).toBeHidden();
    await expect(toasts(page).getByRole('status').filter({ hasText: '2 Lohnkosten wurden hinzugefügt' })).toContainText(
      'für KTG',
    );
    await expect(costCard(leo.overview, 'UVG NBU')).toContainText('Monatlich: 148.20 CHF');
    await expect(costCard(leo.overview, 'KTG')).toContainText('Monatlich: 60.00 CHF');
  });

  test('Swiss salary rules: Geburtsdatum, 13. Monatslohn and BVG by the legal minimum for the age', async ({
    page,
  }) => {
    test.slow();
    await signUp(page);
    await page.goto('/employees');
    await page.getByRole('button', { name: 'Mitarbeitende hinzufügen' }).first().click();
    const create = page.getByRole('dialog', { name: 'Neue Mitarbeitende anlegen' });
    await create.getByRole('textbox', { name: 'Name' }).fill('Mia Graf');
    // A birth date after today (2026-11-21) is refused by the server, named at the field.
    await create.getByRole('textbox', { name: 'Geburtsdatum' }).fill('01.01.2030');
    await create.getByRole('button', { name: 'Speichern' }).click();
    await expect(create.getByText('Das Geburtsdatum darf nicht in der Zukunft liegen')).toBeVisible();
    await create.getByRole('textbox', { name: 'Geburtsdatum' }).fill('15.08.1992');
    await create.getByRole('button', { name: 'Speichern' }).click();
    await expect(page).toHaveURL(/\/employees\/\d+$/);
    // The dialog closes (its closing animation may still run on the new page), the page shows the date.
    await expect(create).toBeHidden();
    await expect(
      page.getByRole('form', { name: 'Allgemeine Informationen' }).getByRole('textbox', { name: 'Geburtsdatum' }),
    ).toHaveValue('15.08.1992');

    // A salary with a 13th salary, paid in December (the default month once it is ticked).
    await page.getByRole('button', { name: 'Lohn hinzufügen' }).click();
    const salary = page.getByRole('dialog', { name: 'Neuen Lohn anlegen' });
    await fillSalary(salary, { hours: '160', vacation: '25', gross: '6000', from: '01.01.2026' });
    await salary.getByRole('checkbox', { name: '13. Monatslohn' }).check();
    await expect(salary.getByRole('combobox', { name: 'Ausbezahlt mit dem Lohn im' })).toHaveValue('Dezember');
    await expectNoSeriousAxeViolations(page);
    await salary.getByRole('button', { name: 'Speichern' }).click();
    await expect(salary).toBeHidden();
    const card = salaryCard(page, 'Von 01.01.2026');
    await expect(card).toContainText('13. Monatslohn im Dezember');

    // BVG at the legal minimum: 13 × 6'000.00 = 78'000.00, coordinated 51'540.00, 7 % at 34 years
    // = 3'607.80 a year, / 12 / 2 = 150.32 per side; the preview shows what is stored.
    await card.getByRole('button', { name: 'Lohnkosten des Lohns vom 01.01.2026' }).click();
    const overview = page.getByRole('dialog', { name: 'Lohnkostenübersicht' });
    await overview.getByRole('button', { name: 'Schweizer Sozialabgaben' }).click();
    const presets = page.getByRole('dialog', { name: 'Schweizer Sozialabgaben hinzufügen' });
    await presets.getByText('gesetzliches Minimum nach Alter', { exact: true }).click();
    await expect(presets.getByRole('checkbox', { name: 'BVG hinzufügen' })).toBeChecked();
    await expect(presets.getByRole('row').filter({ hasText: 'Pensionskasse' })).toContainText('150.32 CHF × 2');
    await expectNoSeriousAxeViolations(page);
    await presets.getByRole('button', { name: 'Hinzufügen' }).click();
    await expect(presets).toBeHidden();
    const bvg = overview
      .getByRole('heading', { name: 'BVG', exact: true })
      .locator('xpath=ancestor::div[contains(@class,"mantine-Card-root")]');
    await expect(bvg).toContainText('Monatlich: BVG-Minimum nach Alter (150.32 CHF)');
    await overview.getByRole('button', { name: 'Schliessen', exact: true }).click();

    // The Prognose says which month's payment holds the 13th salary (November 2026 is already paid).
    await page.goto('/');
    const forecast = page.getByRole('table', { name: 'Einnahmen, Ausgaben, Cashflow und Endsaldo je Monat' });
    await forecast.getByRole('button', { name: 'Ausgaben' }).click();
    await forecast.getByRole('button', { name: 'Löhne' }).click();
    const mia = forecast
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: 'Mia Graf', exact: true }) })
      .getByRole('cell');
    await expect(mia.nth(1)).toContainText('(inkl. 13. Monatslohn)');
    await expect(mia.nth(1).getByTitle('inkl. 13. Monatslohn')).toBeVisible();
    await expect(mia.nth(2)).not.toContainText('13. Monatslohn');

    // Without a birth date the preset says what is missing, and the server refuses it.
    const other = await addEmployee(page, 'Ohne Datum', [{ fromDate: '2026-01-01', amount: 6_000_00 }]);
    await page.goto(`/employees/${other.id}`);
    await salaryCard(page, 'Von 01.01.2026')
      .getByRole('button', { name: 'Lohnkosten des Lohns vom 01.01.2026' })
      .click();
    await overview.getByRole('button', { name: 'Schweizer Sozialabgaben' }).click();
    await presets.getByText('gesetzliches Minimum nach Alter', { exact: true }).click();
    await expect(presets).toContainText('Geburtsdatum wird für die BVG-Berechnung benötigt (Allgemeine Informationen)');
    await presets.getByRole('button', { name: 'Hinzufügen' }).click();
    await expect(presets.getByRole('alert')).toContainText('Geburtsdatum wird für die BVG-Berechnung benötigt');
  });

  // docs/web.md "Mitarbeitende (Detailseite)"
  test('the cost card names the payment the forecast pays next, per side', async ({ page }) => {
    test.slow();
    await signUp(page);
    // The issue's report: 6'200.00 a month with a 13th salary in December, AHV (AG & AN) and FAK (AG).
    // Today is 2026-11-21: December pays November's contributions, January December's (13th included).
    const employee = await addEmployee(page, 'Nina Keller', [
      { fromDate: '2026-01-01', amount: 6_200_00, hasThirteenthSalary: true },
    ]);
    await page.goto(`/employees/${employee.id}`);
    await salaryCard(page, 'Von 01.01.2026')
      .getByRole('button', { name: 'Lohnkosten des Lohns vom 01.01.2026' })
      .click();
    const overview = page.getByRole('dialog', { name: 'Lohnkostenübersicht' });
    await overview.getByRole('button', { name: 'Schweizer Sozialabgaben' }).click();
    const presets = page.getByRole('dialog', { name: 'Schweizer Sozialabgaben hinzufügen' });
    for (const label of ['ALV', 'UVG NBU', 'UVG BU', 'KTG', 'BVG']) {
      await presets.getByRole('checkbox', { name: `${label} hinzufügen` }).uncheck();
    }
    await presets.getByRole('button', { name: 'Hinzufügen' }).click();
    await expect(presets).toBeHidden();
    const costCard = (label: string) =>
      overview
        .getByRole('heading', { name: label })
        .locator('xpath=ancestor::div[contains(@class,"mantine-Card-root")]');
    const ahv = costCard('AHV/IV/EO');
    await expect(ahv).toContainText('Monatlich: 5.300 % (328.60 CHF)');
    await expect(ahv).toContainText(
      'Gesamt: 657.20 CHF im Dezember 2026 (Arbeitnehmer 328.60 CHF, Arbeitgeber 328.60 CHF)',
    );
    // FAK is the employer's alone: 1.025 % of 6'200.00 = 63.55, not doubled.
    const fak = costCard('FAK');
    await expect(fak).toContainText('Monatlich: 1.025 % (63.55 CHF)');
    await expect(fak).toContainText('Gesamt: 63.55 CHF im Dezember 2026 (Arbeitgeber)');
    await overview.getByRole('button', { name: 'Schliessen', exact: true }).click();

    // The Prognose pays the same in December (cells: November, December, January, …).
    await page.goto('/');
    const forecast = page.getByRole('table', { name: 'Einnahmen, Ausgaben, Cashflow und Endsaldo je Monat' });
    await forecast.getByRole('button', { name: 'Ausgaben' }).click();
    await forecast.getByRole('button', { name: 'Lohnkosten' }).click();
    const row = (label: string) =>
      forecast
        .getByRole('row')
        .filter({ has: page.getByRole('rowheader', { name: label, exact: true }) })
        .getByRole('cell');
    await expect(row('AHV/IV/EO').nth(1)).toContainText('-657.20');
    await expect(row('FAK').nth(1)).toContainText('-63.55');
  });

  test('edits the name, clones and deletes a salary, and deletes the employee after saying what goes with it', async ({
    page,
  }) => {
    test.slow();
    await signUp(page);
    const employee = await addEmployee(page, 'Lea Brun', [{ fromDate: '2026-03-15', amount: 5_000_00 }]);
    await page.goto(`/employees/${employee.id}`);
    const name = page.getByRole('textbox', { name: 'Name' });
    const save = page
      .getByRole('form', { name: 'Allgemeine Informationen' })
      .getByRole('button', { name: 'Speichern' });
    await expect(save).toBeDisabled();
    await name.fill('Lea Brunner');
    await save.click();
    await expect(page.getByText('Mitarbeitende wurde bearbeitet')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Lea Brunner' })).toBeVisible();

    // Clone: "Lohn klonen", the next free month on the same day.
    await salaryCard(page, 'Von 15.03.2026').getByRole('button', { name: 'Lohn klonen' }).click();
    const clone = page.getByRole('dialog', { name: 'Lohn klonen' });
    await expect(clone.getByRole('textbox', { name: 'Von' })).toHaveValue('15.04.2026');
    await clone.getByRole('textbox', { name: 'Bruttolohn' }).fill('5200');
    await clone.getByRole('button', { name: 'Klonen' }).click();
    await expect(clone).toBeHidden();
    await expect(salaryCard(page, 'Von 15.04.2026')).toContainText("Brutto: 5'200.00 CHF / Monatlich");
    await expect(salaryCard(page, 'Von 15.03.2026')).toContainText('Bis 15.03.2026');

    // Disabling a salary is saved at once.
    // By keyboard, as a keyboard user would (a forced click raced the list's re-render now and then).
    const status = salaryCard(page, 'Von 15.03.2026').getByRole('switch', { name: 'Status des Lohns vom 15.03.2026' });
    await status.focus();
    await page.keyboard.press('Space');
    await expect(toasts(page).getByRole('status').filter({ hasText: 'Lohn deaktiviert' })).toBeVisible();
    await expect(salaryCard(page, 'Von 15.03.2026')).toContainText(
      'Dieser Lohn ist deaktiviert und wird nicht berechnet.',
    );

    // Delete the clone from its edit dialog.
    await salaryCard(page, 'Von 15.04.2026').getByRole('button', { name: 'Lohn bearbeiten' }).click();
    const edit = page.getByRole('dialog', { name: 'Lohn bearbeiten' });
    // An emptied "Von" is asked for; it does not fall back to the stored 15.04.2026.
    await expectEmptiedAndAskedFor(edit, edit.getByRole('textbox', { name: 'Von' }), 'Von wird benötigt');
    await expect(edit.getByRole('button', { name: 'Speichern' })).toBeDisabled();
    await edit.getByRole('button', { name: 'Lohn löschen' }).click();
    await confirmWith(page, 'Löschen', 'Lohn vollständig löschen?');
    await expect(toasts(page).getByRole('status').filter({ hasText: 'Lohn wurde gelöscht' })).toBeVisible();
    await expect(salaryCard(page, 'Von 15.04.2026')).toHaveCount(0);

    await page.getByRole('button', { name: 'Löschen', exact: true }).click();
    await confirmWith(
      page,
      'Löschen',
      'Mitarbeitende "Lea Brunner" vollständig löschen? 1 Lohn und 0 Lohnkosten-Einträge werden ebenfalls gelöscht.',
    );
    await expect(page).toHaveURL('/employees');
    await expect(
      toasts(page).getByRole('status').filter({ hasText: 'Mitarbeitende "Lea Brunner" wurde gelöscht' }),
    ).toBeVisible();
  });

  test('costs: labels made in place, a percentage cost, copies appended from the same employee and replacing from another', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await signUp(page);
    const chf = (await currencyIds(page)).CHF!;
    const salary = (fromDate: string, amount: number) => ({
      fromDate,
      amount,
      hoursPerMonth: 160,
      vacationDaysPerYear: 25,
      cycle: 'monthly',
      currencyId: chf,
    });
    const fixedCost = (amount: number) => ({
      cycle: 'monthly',
      amountType: 'fixed',
      amount,
      distributionType: 'employer',
      relativeOffset: 1,
    });
    const anna = await apiWrite<Created>(page, 'POST', '/api/employees', { name: 'Anna Berg' });
    const early = await apiWrite<Created>(
      page,
      'POST',
      `/api/employees/${anna.id}/salaries`,
      salary('2026-01-01', 8_000_00),
    );
    await apiWrite(page, 'POST', `/api/employees/${anna.id}/salaries`, salary('2026-07-01', 8_500_00));
    await apiWrite(page, 'POST', `/api/employees/salaries/${early.id}/costs`, fixedCost(100_00));
    const ben = await apiWrite<Created>(page, 'POST', '/api/employees', { name: 'Ben Vogt' });
    const bens = await apiWrite<Created>(
      page,
      'POST',
      `/api/employees/${ben.id}/salaries`,
      salary('2026-01-01', 6_000_00),
    );
    await apiWrite(page, 'POST', `/api/employees/salaries/${bens.id}/costs`, fixedCost(250_00));

    await page.goto(`/employees/${anna.id}`);
    await salaryCard(page, 'Von 01.07.2026')
      .getByRole('button', { name: 'Lohnkosten des Lohns vom 01.07.2026' })
      .click();
    const overview = page.getByRole('dialog', { name: 'Lohnkostenübersicht' });
    await expect(overview).toContainText('Noch keine Lohnkosten vorhanden');

    // A new cost with a label made from the dialog, as a percentage with 3 decimals.
    await overview.getByRole('button', { name: 'Lohnkosten hinzufügen' }).click();
    const costDialog = page.getByRole('dialog', { name: 'Neue Lohnkosten anlegen' });
    await expect(costDialog).toContainText("Ausführung der Lohnzahlung am 01.12.2026 über 8'500.00 CHF");
    await costDialog.getByRole('button', { name: 'Hinzufügen', exact: true }).click();
    const labelDialog = page.getByRole('dialog', { name: 'Neues Kostenlabel anlegen' });
    await labelDialog.getByRole('textbox', { name: 'Label' }).fill('Quellensteuer');
    await labelDialog.getByRole('button', { name: 'Speichern' }).click();
    await expect(labelDialog).toBeHidden();
    await expect(costDialog.getByRole('combobox', { name: 'Label' })).toHaveValue('Quellensteuer');
    await costDialog.getByRole('combobox', { name: 'Betragstyp' }).click();
    await page.getByRole('option', { name: 'Prozentualer Anteil', exact: true }).click();
    // An emptied percentage stays empty and is asked for.
    await costDialog.getByRole('textbox', { name: 'Prozentsatz' }).fill('4.125');
    await expectEmptiedAndAskedFor(
      costDialog,
      costDialog.getByRole('textbox', { name: 'Prozentsatz' }),
      'Betrag wird benötigt',
    );
    await expect(costDialog.getByRole('button', { name: 'Speichern' })).toBeDisabled();
    await costDialog.getByRole('textbox', { name: 'Prozentsatz' }).fill('4.125');
    await expectNoSeriousAxeViolations(page);
    await costDialog.getByRole('button', { name: 'Speichern' }).click();
    await expect(costDialog).toBeHidden();
    await expect(
      toasts(page).getByRole('status').filter({ hasText: 'Lohnnebenkosten "Quellensteuer" wurde angelegt' }),
    ).toBeVisible();
    await expect(overview).toContainText('Monatlich: 4.125 % (350.62 CHF)');

    // From the same employee's other salary: the chosen costs are added.
    await overview.getByRole('button', { name: 'Von Mitarbeitenden kopieren' }).click();
    const copy = page.getByRole('dialog', { name: 'Lohnkosten kopieren' });
    await copy.getByRole('combobox', { name: 'Kopiere von Lohn:' }).click();
    await page.getByRole('option', { name: "Von 01.01.2026, 8'000.00 CHF / Monatlich", exact: true }).click();
    await expect(copy.getByRole('table')).toContainText('<Kein Label>');
    await copy.getByRole('button', { name: 'Kopieren' }).click();
    await expect(copy).toBeHidden();
    await expect(
      toasts(page).getByRole('status').filter({ hasText: 'Lohnkosten wurden erfolgreich kopiert' }),
    ).toBeVisible();
    await expect(overview.getByRole('heading', { name: '<Kein Label>' })).toBeVisible();
    await expect(overview.getByRole('heading', { name: 'Quellensteuer' })).toBeVisible();

    // From another employee: all costs are replaced, asked first.
    await overview.getByRole('button', { name: 'Von Mitarbeitenden kopieren' }).click();
    const replace = page.getByRole('dialog', { name: 'Lohnkosten kopieren' });
    await replace.getByRole('combobox', { name: 'Kopieren von Mitarbeitenden:' }).click();
    await page.getByRole('option', { name: 'Ben Vogt', exact: true }).click();
    await expect(replace).toContainText('Beim Kopieren werden vorhandene Lohnkosten dieses Lohns vollständig ersetzt.');
    await replace.getByRole('combobox', { name: 'Kopiere von Lohn:' }).click();
    await page.getByRole('option', { name: "Von 01.01.2026, 6'000.00 CHF / Monatlich", exact: true }).click();
    await replace.getByRole('button', { name: 'Kopieren' }).click();
    await confirmWith(
      page,
      'Lohnkosten ersetzen',
      'Bestehende Lohnkosten dieses Lohns werden vollständig ersetzt. Fortfahren?',
    );
    await expect(replace).toBeHidden();
    await expect(overview.getByRole('heading', { name: 'Quellensteuer' })).toHaveCount(0);
    await expect(overview).toContainText('Monatlich: 250.00 CHF');
  });

  test('every dialog of the area opens unchanged and closes at once; a changed one asks first', async ({ page }) => {
    await signUp(page);
    const anna = await addEmployee(page, 'Anna Berg', [{ fromDate: '2026-01-01', amount: 8_000_00 }]);
    await page.goto(`/employees/${anna.id}`);
    const question = page.getByRole('dialog', { name: 'Änderungen verwerfen?' });
    const closesAtOnce = async (opener: Locator, title: string) => {
      await opener.click();
      const dialog = page.getByRole('dialog', { name: title });
      await expect(dialog).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(question).toHaveCount(0);
    };
    const card = salaryCard(page, 'Von 01.01.2026');
    await closesAtOnce(page.getByRole('button', { name: 'Lohn hinzufügen' }), 'Neuen Lohn anlegen');
    await closesAtOnce(card.getByRole('button', { name: 'Lohn bearbeiten' }), 'Lohn bearbeiten');
    await closesAtOnce(card.getByRole('button', { name: 'Lohn klonen' }), 'Lohn klonen');
    // Filled with the suggested date, the termination dialog is unchanged too.
    await closesAtOnce(page.getByRole('button', { name: 'Austritt hinzufügen' }), 'Austritt hinzufügen');

    await card.getByRole('button', { name: 'Lohnkosten des Lohns vom 01.01.2026' }).click();
    const overview = page.getByRole('dialog', { name: 'Lohnkostenübersicht' });
    await closesAtOnce(overview.getByRole('button', { name: 'Lohnkosten hinzufügen' }), 'Neue Lohnkosten anlegen');
    await closesAtOnce(
      overview.getByRole('button', { name: 'Schweizer Sozialabgaben' }),
      'Schweizer Sozialabgaben hinzufügen',
    );

    // A changed cost asks; "Nein" keeps it, "Ja" leaves only the cost dialog.
    await overview.getByRole('button', { name: 'Lohnkosten hinzufügen' }).click();
    const costDialog = page.getByRole('dialog', { name: 'Neue Lohnkosten anlegen' });
    const amount = costDialog.getByRole('textbox', { name: 'Betrag' });
    await amount.fill('120');
    await costDialog.getByRole('button', { name: 'Abbrechen' }).click();
    await question.getByRole('button', { name: 'Nein' }).click();
    await expect(amount).toHaveValue('120.00');
    await page.keyboard.press('Escape');
    await question.getByRole('button', { name: 'Ja' }).click();
    await expect(costDialog).toBeHidden();
    await expect(overview).toBeVisible();
    await expect(overview).toContainText('Noch keine Lohnkosten vorhanden');
  });

  test('sorts in both views, searches on the server and hides terminated employees; view and sort are remembered', async ({
    page,
  }) => {
    test.slow();
    await signUp(page);
    await addEmployee(page, 'Carla Meier', [{ fromDate: '2026-01-01', amount: 9_000_00 }]);
    await addEmployee(page, 'Andreas Roth', [{ fromDate: '2026-01-01', amount: 7_000_00, hoursPerMonth: 80 }]);
    await addEmployee(page, 'Bea Frei', [{ fromDate: '2027-02-01', amount: 8_000_00 }]);
    await addEmployee(page, 'Dario Alt', [
      { fromDate: '2024-01-01', amount: 5_000_00 },
      { terminationFrom: '2025-12-01' },
    ]);
    await page.goto('/employees');
    await expect(employeeCards(page).getByRole('heading')).toHaveText(['Andreas Roth', 'Bea Frei', 'Carla Meier']);
    await expect(employeeCard(page, 'Bea Frei')).toContainText('Kommende Daten:');
    await expect(employeeCard(page, 'Bea Frei')).toContainText('Gültig ab 01.02.2027');
    await expect(employeeCard(page, 'Carla Meier')).toContainText('Gültig seit 01.01.2026');

    await page.getByRole('combobox', { name: 'Sortieren nach' }).click();
    await page.getByRole('option', { name: 'Lohn', exact: true }).click();
    await expect(employeeCards(page).getByRole('heading')).toHaveText(['Andreas Roth', 'Bea Frei', 'Carla Meier']);

    await page.getByRole('button', { name: 'Als Liste anzeigen' }).click();
    const salaryHeader = employeesTable(page).getByRole('columnheader', { name: 'Lohn' });
    await expect(salaryHeader).toHaveAttribute('aria-sort', 'ascending');
    await salaryHeader.getByRole('button').click();
    await expect(employeesTable(page).locator('tbody tr td:first-child')).toHaveText([
      /^Carla Meier/,
      /^Bea Frei/,
      /^Andreas Roth/,
    ]);
    await employeesTable(page)
      .getByRole('columnheader', { name: 'Arbeitsstunden / Monat' })
      .getByRole('button')
      .click();
    await expect(employeesTable(page).locator('tbody tr td:first-child').first()).toHaveText(/^Andreas Roth/);
    await expectNoSeriousAxeViolations(page);

    await page.getByRole('switch', { name: 'Ausgetretene ausblenden' }).uncheck({ force: true });
    await expect(employeesTable(page).getByRole('row', { name: /Dario Alt/ })).toContainText('Ausgetreten');
    const searched = page.waitForRequest((request) => request.url().includes('search=dar'));
    await page.getByRole('textbox', { name: 'Suchen' }).fill(' dar ');
    await searched;
    await expect(employeesTable(page).locator('tbody tr')).toHaveCount(1);

    await page.reload();
    await expect(employeesTable(page)).toBeVisible();
    await expect(employeesTable(page).getByRole('columnheader', { name: 'Arbeitsstunden / Monat' })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
  });

  test('a read-only member sees the employees and salaries but no control that changes them', async ({
    page,
    browser,
  }) => {
    const { owner, prepared: employee } = await ownerWithReader(browser, page, (ownerPage) =>
      addEmployee(ownerPage, 'Mia Lang', [{ fromDate: '2026-01-01', amount: 8_000_00 }]),
    );
    await page.goto('/employees');
    await expect(employeeCard(page, 'Mia Lang')).toContainText("8'000.00 CHF / Monatlich");
    await expect(page.getByRole('button', { name: 'Mitarbeitende hinzufügen' })).toHaveCount(0);
    await page.goto(`/employees/${employee.id}`);
    await expect(salaryCard(page, 'Von 01.01.2026')).toContainText('Aktiver Lohn');
    for (const label of ['Lohn hinzufügen', 'Austritt hinzufügen', 'Lohn klonen', 'Lohn bearbeiten', 'Löschen']) {
      await expect(page.getByRole('button', { name: label, exact: true })).toHaveCount(0);
    }
    await expect(page.getByRole('switch')).toHaveCount(0);
    await expect(page.getByRole('textbox', { name: 'Name' })).toHaveAttribute('readonly', '');
    await salaryCard(page, 'Von 01.01.2026')
      .getByRole('button', { name: 'Lohnkosten des Lohns vom 01.01.2026' })
      .click();
    const overview = page.getByRole('dialog', { name: 'Lohnkostenübersicht' });
    await expect(overview).toContainText('Noch keine Lohnkosten vorhanden');
    await expect(overview.getByRole('button', { name: 'Lohnkosten hinzufügen' })).toHaveCount(0);
    await expect(overview.getByRole('button', { name: 'Schweizer Sozialabgaben' })).toHaveCount(0);
    await expectNoSeriousAxeViolations(page);
    await owner.close();
  });

  test('a foreign or missing id says the employee could not be loaded; a non-numeric one is the fatal 404', async ({
    page,
  }) => {
    await signUp(page);
    await page.goto('/employees/999999');
    await expect(page.getByRole('alert')).toContainText('Mitarbeitende mit ID "999999" konnte nicht geladen werden');
    await page.getByRole('link', { name: 'Zurück zur Übersicht' }).click();
    await expect(page).toHaveURL('/employees');
    await page.goto('/employees/12abc');
    await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found: /employees/12abc' })).toBeVisible();
  });

  test('the transaction dialog finds every employee, a terminated one too', async ({ page }) => {
    await signUp(page);
    await addEmployee(page, 'Olga Ehemalig', [
      { fromDate: '2024-01-01', amount: 5_000_00 },
      { terminationFrom: '2025-06-01' },
    ]);
    await page.goto('/transactions');
    await page.getByRole('button', { name: 'Transaktion hinzufügen' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Neue Transaktion anlegen' });
    const employee = dialog.getByRole('combobox', { name: 'Mitarbeitende' });
    await employee.click();
    await employee.fill('olga');
    await page.getByRole('option', { name: 'Olga Ehemalig', exact: true }).click();
    await expect(employee).toHaveValue('Olga Ehemalig');
  });
});
