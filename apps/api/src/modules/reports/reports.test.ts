import readXlsxFile from 'read-excel-file/node';
import { describe, expect, it } from 'vitest';
import {
  formatAmount,
  formatMonthLabel,
  forecastMessages,
  type PlanActual,
  type PlanActualCell,
  type Forecast,
  type ForecastDetails,
  type BankEntryList,
  type TransactionList,
  type Vat,
} from '@saldopilot/shared';
import { useTestApp } from '../../test/build-test-app.js';
import { expectFieldError } from '../../test/expectations.js';
import {
  aBankAccount,
  aCategory,
  aLabel,
  anEmployee,
  aSalary,
  aSalaryCost,
  aTransaction,
  importEntries,
  sendStatement,
} from '../../test/factories.js';
import { addMember } from '../../test/tenants.js';
import { browser, signUp, type SignedInUser } from '../../test/test-client.js';
import { pdfText } from '../../test/pdf-text.js';
import { eq } from 'drizzle-orm';
import { bankEntries } from '../../db/schema/index.js';
import { detailsOfColumns, type ForecastDetailColumns } from '@saldopilot/shared';

const app = useTestApp();

/** An organisation with every kind of item the forecast shows (revenue, expense, salary, costs, VAT, an exclusion). */
async function organisationWithEverything(): Promise<SignedInUser> {
  const user = await signUp(app);
  expect((await user.patch('/api/profile', { name: 'Anna Muster' })).statusCode).toBe(200);
  await aBankAccount(user, { name: 'UBS', amount: 50_000_00 });
  // The standard rate of 8.1 % (810 basis points), one of the system's rates.
  const vat = (await user.get('/api/vats')).json<Vat[]>().find((rate) => rate.value === 810)!;
  const consulting = await aTransaction(user, {
    name: 'Beratung',
    amount: 12_000_00,
    startDate: '2026-11-25',
    categoryId: (await aCategory(user, { name: 'Honorare' })).id,
    vatId: vat.id,
    vatIncluded: false,
  });
  await aTransaction(user, { name: 'Miete', amount: -3_500_00, startDate: '2026-12-01' });
  // Text a spreadsheet would run as a formula, and a name that starts with a minus.
  await aTransaction(user, { name: '=HYPERLINK("http://x")', amount: -10_00, startDate: '2026-12-02' });
  await aTransaction(user, { name: '-Rabatt', amount: 5_00, startDate: '2026-12-03' });
  const employee = await anEmployee(user, { name: 'Beat Beispiel' });
  const salary = await aSalary(user, employee.id, { amount: 7_000_00, fromDate: '2026-11-25' });
  const label = await aLabel(user, { name: 'AHV' });
  await aSalaryCost(user, salary.id, {
    amountType: 'fixed',
    cycle: 'monthly',
    relativeOffset: 1,
    amount: 450_00,
    distributionType: 'employer',
    labelId: label.id,
  });
  const settings = { enabled: true, billingDate: '2027-01-01', transactionMonthOffset: 0, interval: 'quarterly' };
  expect((await user.send({ method: 'PUT', url: '/api/vat-settings', payload: settings })).statusCode).toBe(200);
  const excluded = await user.post('/api/forecasts/exclude', {
    month: '2027-01',
    relatedTable: 'transactions',
    relatedId: consulting.id,
  });
  expect(excluded.statusCode).toBe(201);
  return user;
}

async function download(user: SignedInUser, query: string, path = '/api/forecasts/export') {
  const response = await user.get(`${path}?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response;
}

/** Cents from the text of a number as the file holds it (`1234.5`, `-0.1`), without float arithmetic. */
function centsOf(text: string): number {
  const match = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) throw new Error(`not an amount: ${text}`);
  const cents = Number(match[2]) * 100 + Number((match[3] ?? '').padEnd(2, '0'));
  return match[1] ? -cents : cents;
}

/**
 * What a table row must hold in month `index`, read from the API's own answers: the totals from
 * `GET /forecasts`, a category and a leaf (the excluded amount for an excluded leaf) from the
 * details, found by their names under the side above them.
 */
function expectedRows(forecast: Forecast, details: ForecastDetails) {
  const rows = new Map<string, (index: number) => number>();
  rows.set('Einnahmen', (index) => forecast.months[index]!.revenue);
  rows.set('Ausgaben', (index) => forecast.months[index]!.expense);
  rows.set('Cashflow', (index) => forecast.months[index]!.cashflow);
  rows.set('Endsaldo', (index) => forecast.months[index]!.saldo);
  rows.set('Mindestliquidität', () => forecast.runway.minimumBalance);
  return {
    total: (label: string) => rows.get(label),
    category: (side: 'revenue' | 'expense', name: string, index: number) =>
      details[index]![side].find((category) => category.name === name)?.amount ?? 0,
    leaf: (side: 'revenue' | 'expense', category: string, name: string, index: number) => {
      const leaf = details[index]![side].find((candidate) => candidate.name === category)?.children.find(
        (candidate) => candidate.name === name,
      );
      if (!leaf) return { cents: 0, excluded: false };
      return leaf.isExcluded
        ? { cents: leaf.excludedAmount ?? 0, excluded: true }
        : { cents: leaf.amount, excluded: false };
    },
  };
}

/**
 * Walks the table (first column the labels, indented by level in the CSV, by outline in the XLSX)
 * and compares every amount with the API's answers for the same months and performance.
 */
function expectTableMatches(
  table: { label: string; level: number; cells: { cents: number; excluded: boolean }[] }[],
  forecast: Forecast,
  details: ForecastDetails,
) {
  const expected = expectedRows(forecast, details);
  let side: 'revenue' | 'expense' = 'revenue';
  let category = '';
  let leaves = 0;
  for (const row of table) {
    if (row.level === 0) {
      if (row.label === 'Einnahmen') side = 'revenue';
      if (row.label === 'Ausgaben') side = 'expense';
      const pick = expected.total(row.label);
      expect(pick, row.label).toBeDefined();
      row.cells.forEach((cell, index) =>
        expect(cell, `${row.label} ${index}`).toEqual({ cents: pick!(index), excluded: false }),
      );
    } else if (row.level === 1) {
      category = row.label;
      row.cells.forEach((cell, index) =>
        expect(cell, `${category} ${index}`).toEqual({
          cents: expected.category(side, category, index),
          excluded: false,
        }),
      );
    } else {
      leaves += 1;
      row.cells.forEach((cell, index) =>
        expect(cell, `${category}/${row.label} ${index}`).toEqual(expected.leaf(side, category, row.label, index)),
      );
    }
  }
  return { leaves };
}

describe('GET /api/forecasts/export', () => {
  it('XLSX: every cell equals the forecast and its details for the same months and performance', async () => {
    const user = await organisationWithEverything();
    const query = 'months=6&performance=80';
    const response = await download(user, `format=xlsx&${query}`);
    expect(response.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="Prognose-Meine-Organisation-2026-11-21.xlsx"; filename*=UTF-8''Prognose-Meine-Organisation-2026-11-21.xlsx`,
    );
    const forecast = (await user.get(`/api/forecasts?${query}`)).json<Forecast>();
    const details = detailsOfColumns((await user.get(`/api/forecasts/details?${query}`)).json<ForecastDetailColumns>());

    const sheets = await readXlsxFile(response.rawPayload, { parseNumber: (text) => text });
    expect(sheets.map((sheet) => sheet.sheet)).toEqual(['Prognose', 'Plan-Ist', 'Angaben']);
    const [headerRow, ...rows] = sheets[0]!.data;
    expect(headerRow).toEqual([
      'Betrag in CHF',
      'November 2026',
      'Dezember 2026',
      'Januar 2027',
      'Februar 2027',
      'März 2027',
      'April 2027',
    ]);
    const xml = await sheetXml(response.rawPayload);
    const struckStyles = await strikethroughStyles(response.rawPayload);
    const levels = [...xml.matchAll(/<row\b([^>]*)>/g)].slice(1).map(([, attributes]) => {
      return Number(/outlineLevel="(\d)"/.exec(attributes ?? '')?.[1] ?? 0);
    });
    const struck = new Set(strikethroughCells(xml, struckStyles));
    const table = rows.map((row, rowIndex) => ({
      label: String(row[0]),
      level: levels[rowIndex] ?? 0,
      cells: row.slice(1).map((value, column) => ({
        cents: centsOf(String(value)),
        excluded: struck.has(`${rowIndex + 2}:${column + 1}`),
      })),
    }));
    const { leaves } = expectTableMatches(table, forecast, details);
    expect(leaves).toBeGreaterThanOrEqual(5);
    // The exclusion is marked: January's "Beratung" is struck through with the amount it took out
    // (12'000.00 + 8.1 % VAT at 80 % performance).
    const beratung = table.find((row) => row.label === 'Beratung')!;
    expect(beratung.cells[2]).toEqual({ cents: 10_377_60, excluded: true });
    // Frozen first row and column; the outline folds with its summary rows above.
    expect(xml).toMatch(/<pane (?=[^>]*xSplit="1")(?=[^>]*ySplit="1")(?=[^>]*state="frozen")/);
    expect(xml).toContain('outlineLevelRow="2"');
    expect(xml).toContain('<outlinePr summaryBelow="0"/>');
    expect(await styleXml(response.rawPayload)).toContain('formatCode="#,##0.00;[Red]-#,##0.00"');

    const about = Object.fromEntries(sheets[2]!.data.slice(2).map(([label, value]) => [label, value]));
    expect(about).toMatchObject({
      Organisation: 'Meine Organisation',
      Währung: 'CHF',
      Zeitraum: 'November 2026 – April 2027 (6 Monate)',
      Performance: '80 %',
      'Erstellt von': `Anna Muster (${user.email})`,
      'Startsaldo (alle Bankkonten)': "50'000.00 CHF",
      Mindestliquidität: '0.00 CHF',
      Liquidität: 'Über den ganzen Zeitraum gedeckt',
    });
    expect(about['Stand der Daten']).toMatch(/^21\.11\.2026, \d\d:\d\d$/);
  });

  it('CSV: UTF-8 with BOM, ";", the header block first, plain amounts equal to the API, formulas neutralised', async () => {
    const user = await organisationWithEverything();
    const response = await download(user, 'format=csv');
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toContain('filename="Prognose-Meine-Organisation-2026-11-21.csv"');
    expect([...response.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = response.rawPayload.toString('utf8').slice(1).split('\r\n');
    expect(lines[0]).toBe('Liquiditätsplan');
    expect(lines[1]).toBe('Organisation;Meine Organisation');
    const tableStart = lines.indexOf(lines.find((line) => line.startsWith('Betrag in CHF;'))!);
    expect(lines[tableStart]!.split(';')).toHaveLength(14);
    const forecast = (await user.get('/api/forecasts')).json<Forecast>();
    const details = detailsOfColumns((await user.get('/api/forecasts/details')).json<ForecastDetailColumns>());
    const table = lines
      .slice(tableStart + 1)
      .filter((line) => line !== '')
      .map((line) => cellsOfCsvLine(line))
      .map(([path, ...cells]) => ({
        label: path!.split(' / ').at(-1)!,
        level: path!.split(' / ').length - 1,
        cells: cells.map((cell) =>
          cell.startsWith('ausgeschlossen: ')
            ? { cents: centsOf(cell.slice('ausgeschlossen: '.length)), excluded: true }
            : { cents: centsOf(cell), excluded: false },
        ),
      }));
    expectTableMatches(table, forecast, details);
    expect(table.find((row) => row.label === '=HYPERLINK("http://x")')?.level).toBe(2);
    // Text a spreadsheet would run as a formula becomes text; a negative number stays a number.
    const organisationId = user.user.currentOrganisationId;
    expect(
      (await user.patch(`/api/organisations/${organisationId}`, { name: '=HYPERLINK("http://x")' })).statusCode,
    ).toBe(200);
    expect((await user.patch('/api/profile', { name: '@Anna' })).statusCode).toBe(200);
    const hostile = (await download(user, 'format=csv')).rawPayload.toString('utf8');
    expect(hostile).toContain(`\r\nOrganisation;"'=HYPERLINK(""http://x"")"\r\n`);
    expect(hostile).toContain(`\r\nErstellt von;'@Anna (${user.email})\r\n`);
    expect(hostile).toMatch(/\r\nAusgaben;-7000\.00;-\d+\.\d\d;/);
    expect(hostile).toMatch(/\r\nCashflow;\d+\.\d\d;/);
  });

  it('refuses an unknown format or period in German; needs a session', async () => {
    const user = await signUp(app);
    const unknown = 'Unbekanntes Format: erwartet wird «xlsx», «csv» oder «pdf»';
    expectFieldError(await user.get('/api/forecasts/export?format=docx'), 'format', unknown);
    expectFieldError(await user.get('/api/forecasts/export'), 'format', unknown);
    expectFieldError(await user.get('/api/forecasts/export?format=xlsx&months=61'), 'months', forecastMessages.months);
    expect((await browser(app).get('/api/forecasts/export?format=csv')).statusCode).toBe(401);
  });

  it("a read-only member exports the organisation's forecast; another organisation's data never appears", async () => {
    const owner = await organisationWithEverything();
    const reader = await addMember(app, owner, owner.user.currentOrganisationId, 'read-only');
    const ownView = (await download(owner, 'format=csv')).rawPayload.toString('utf8');
    const readerView = (await download(reader, 'format=csv')).rawPayload.toString('utf8');
    // The same table; only "Erstellt von" and the moment of the data differ.
    const table = (csv: string) => csv.slice(csv.indexOf('Betrag in CHF;'));
    expect(table(readerView)).toBe(table(ownView));
    const stranger = await signUp(app);
    const theirs = (await download(stranger, 'format=csv')).rawPayload.toString('utf8');
    expect(theirs).not.toContain('Beratung');
    expect(theirs).toContain(`Organisation;Meine Organisation`);
  });
});

describe('GET /api/forecasts/export?format=pdf', () => {
  it("a liquidity report: organisation, period, headline, every month's Endsaldo, page numbers", async () => {
    const user = await organisationWithEverything();
    const response = await download(user, 'format=pdf&months=13');
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toContain('filename="Prognose-Meine-Organisation-2026-11-21.pdf"');
    expect(response.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const { pages } = await pdfText(response.rawPayload);
    const text = pages.join('\n');
    expect(text).toContain('Liquiditätsplan');
    expect(text).toContain('Meine Organisation');
    expect(text).toContain('November 2026 – November 2027 (13 Monate)');
    expect(text).toContain('Über den ganzen Zeitraum gedeckt');
    expect(text).toContain(`Anna Muster (${user.email})`);
    const forecast = (await user.get('/api/forecasts?months=13')).json<Forecast>();
    for (const month of forecast.months) expect(text).toContain(formatAmount(month.saldo));
    pages.forEach((page, index) => expect(page).toContain(`Seite ${index + 1} von ${pages.length}`));
    // Five years split into blocks of at most 13 months, each with its header row.
    const long = await pdfText((await download(user, 'format=pdf&months=60')).rawPayload);
    expect(long.pages.length).toBeGreaterThan(pages.length);
    expect(long.pages.join('\n')).toContain('Oktober 2031');
  });
});

/** An organisation whose rent was planned from September and paid in September and October (one of them late and higher). */
async function organisationWithActuals(): Promise<SignedInUser> {
  const user = await signUp(app);
  const raum = await aCategory(user, { name: 'Raum' });
  const rent = await aTransaction(user, {
    name: 'Miete',
    amount: -2_000_00,
    startDate: '2026-09-05',
    categoryId: raum.id,
  });
  const account = await aBankAccount(user, { name: 'UBS', amount: 10_000_00, balanceDate: '2026-11-20' });
  const [september, october] = await importEntries(user, account.id, [
    { date: '2026-09-05', amount: '-2000.00' },
    { date: '2026-10-06', amount: '-2100.00' },
  ]);
  for (const [entry, dueDate] of [
    [september!, '2026-09-05'],
    [october!, '2026-10-05'],
  ] as const) {
    const matched = await user.post(`/api/bank-entries/${entry.id}/match`, {
      kind: 'transactions',
      id: rent.id,
      dueDate,
    });
    expect(matched.statusCode, matched.body).toBe(200);
  }
  // The forecast kept at the start of September said 2'000.00 for October (docs/plan-actual.md "Accuracy per horizon").
  const seeded = await user.post('/api/dev/forecast-snapshots', {
    month: '2026-09',
    months: [{ month: '2026-10', revenue: 0, expense: -200_000, saldo: 1_000_000, leaves: [] }],
    names: {},
  });
  expect(seeded.statusCode, seeded.body).toBe(204);
  return user;
}

// October 1 month ahead: |2'100 − 2'000| / 2'100 = 4.8 % of the outflows, 4.8 % too little planned; no inflows.
const OCTOBER_ACCURACY = 'Zuflüsse WAPE –, Bias – · Abflüsse WAPE 4.8 %, Bias -4.8 % (aus 1 Monat)';

describe('Plan/Ist in the reports', () => {
  it('XLSX: the sheet "Plan-Ist" holds plan, actual and variance of every month and row of GET /api/plan-actual', async () => {
    const user = await organisationWithActuals();
    const table = (await user.get('/api/plan-actual')).json<PlanActual>();
    const sheets = await readXlsxFile((await download(user, 'format=xlsx&months=3')).rawPayload, {
      parseNumber: (text) => text,
    });
    const sheet = sheets.find((candidate) => candidate.sheet === 'Plan-Ist')!.data;
    const [monthRow, columnRow, ...rows] = sheet;
    expect(monthRow!.filter((value) => value !== null)).toEqual([
      'Plan/Ist',
      ...table.months.map((month) => formatMonthLabel(month.month)),
    ]);
    expect(columnRow!.slice(1, 5)).toEqual(['Plan', 'Ist', 'Abweichung', 'Abw. %']);
    const byLabel = new Map(rows.map((row) => [String(row[0]), row.slice(1)]));
    const cellsOf = (label: string) => byLabel.get(label)!;
    const expected = (cells: PlanActualCell[]) =>
      cells.flatMap((cell, index) =>
        table.months[index]!.covered
          ? [cell.plan, cell.actual, cell.variance]
              .map((cents) => cents / 100)
              .concat(cell.variancePercent === null ? [] : [cell.variancePercent / 100])
          : [cell.plan / 100],
      );
    const numbers = (values: unknown[]) => values.filter((value) => value !== null).map(Number);
    expect(numbers(cellsOf('Ausgaben'))).toEqual(expected(table.months.map((month) => month.expense)));
    expect(numbers(cellsOf('Raum'))).toEqual(expected(table.rows.find((row) => row.category === 'Raum')!.cells));
    expect(numbers(cellsOf('Cashflow'))).toEqual(expected(table.months.map((month) => month.cashflow)));
    // October: 2'100.00 paid against 2'000.00 planned, 5 % more.
    const october = table.months.findIndex((month) => month.month === '2026-10');
    expect(
      cellsOf('Raum')
        .slice(october * 4, october * 4 + 4)
        .map(Number),
    ).toEqual([-2000, -2100, -100, -0.05]);
    expect(byLabel.get('Planungsgenauigkeit 1 Monat voraus')?.[0]).toBe(OCTOBER_ACCURACY);
    expect(byLabel.get('Planungsgenauigkeit 12 Monate voraus')?.[0]).toBe('–');
  });

  it('PDF: the plan-vs-actual summary of the last months and the accuracy, after the forecast', async () => {
    const user = await organisationWithActuals();
    const { pages } = await pdfText((await download(user, 'format=pdf&months=13')).rawPayload);
    const summary = pages.find((page) => page.includes('Plan/Ist der letzten Monate'))!;
    expect(summary).toContain('September 2026');
    expect(summary).toContain('Oktober 2026');
    expect(summary).toContain(formatAmount(-2_100_00));
    expect(summary).toContain('Planungsgenauigkeit 1 Monat voraus');
    expect(summary).toContain(OCTOBER_ACCURACY);
    // Without bank entries the report says that there is no actual yet.
    const empty = await pdfText((await download(await signUp(app), 'format=pdf')).rawPayload);
    expect(empty.pages.join('\n')).toContain('Keine Bankbuchungen für diesen Zeitraum: es gibt noch kein Ist.');
  });
});

describe('GET /api/<list>/export', () => {
  it("transactions: every row the list's filters, search and sort select, over several pages, with the list's values", async () => {
    const user = await signUp(app);
    const category = await aCategory(user, { name: 'Büro' });
    for (let index = 0; index < 105; index += 1) {
      await aTransaction(user, { name: `Ausgabe ${index}`, amount: -(index + 1) * 100, categoryId: category.id });
    }
    await aTransaction(user, { name: 'Einnahme', amount: 5_000_00 });
    const query = 'direction=expense&sortBy=amount&sortOrder=ASC&search=Ausgabe';
    const listed = [
      ...(await user.get(`/api/transactions?${query}&limit=100`)).json<TransactionList>().data,
      ...(await user.get(`/api/transactions?${query}&limit=100&page=2`)).json<TransactionList>().data,
    ];
    expect(listed).toHaveLength(105);
    const response = await download(user, `format=csv&${query}`, '/api/transactions/export');
    expect(response.headers['content-disposition']).toContain(
      'filename="Transaktionen-Meine-Organisation-2026-11-21.csv"',
    );
    const [header, ...lines] = response.rawPayload.toString('utf8').slice(1).trimEnd().split('\r\n');
    expect(header).toBe(
      'Name;Kategorie;Betrag;Währung;MWST-Satz;MWST-Betrag;MWST;Häufigkeit;Von;Bis;Nächste Ausführung;Mitarbeitende;Status;Link',
    );
    expect(lines.map((line) => cellsOfCsvLine(line)[0])).toEqual(listed.map((row) => row.name));
    const first = cellsOfCsvLine(lines[0]!);
    expect(first.slice(1, 4)).toEqual(['Büro', plainCents(listed[0]!.amount), 'CHF']);
    expect(first[12]).toBe('Aktiv');

    const xlsx = await download(user, `format=xlsx&${query}`, '/api/transactions/export');
    const [sheet] = await readXlsxFile(xlsx.rawPayload, { parseNumber: (text) => text });
    expect(sheet!.sheet).toBe('Transaktionen');
    expect(sheet!.data.slice(1).map((row) => [row[0], centsOf(String(row[2]))])).toEqual(
      listed.map((row) => [row.name, row.amount]),
    );
  });

  it('bank accounts and employees: their values, amounts as numbers and dates as dates', async () => {
    const user = await signUp(app);
    await aBankAccount(user, { name: 'PostFinance', amount: 12_345_67 });
    const employee = await anEmployee(user, { name: 'Nora Keller' });
    await aSalary(user, employee.id, { amount: 6_500_00, fromDate: '2026-01-01' });
    const accounts = await readXlsxFile((await download(user, 'format=xlsx', '/api/bank-accounts/export')).rawPayload);
    expect(accounts[0]!.data[0]).toEqual(['Name', 'Kontostand', 'Währung', 'Stand per', 'Kontostand in CHF']);
    expect(accounts[0]!.data[1]).toEqual(['PostFinance', 12345.67, 'CHF', new Date('2026-11-21T00:00:00Z'), 12345.67]);
    const people = (
      await download(user, 'format=csv&hideTerminated=true', '/api/employees/export')
    ).rawPayload.toString('utf8');
    const [header, line] = people.slice(1).split('\r\n');
    expect(cellsOfCsvLine(header!).slice(0, 8)).toEqual([
      'Name',
      'Arbeitsstunden / Monat',
      'Bruttolohn',
      'Arbeitgeberkosten',
      'Lohn inkl. Arbeitgeberkosten',
      'Zyklus',
      'Jahreskosten',
      'Währung',
    ]);
    const cells = cellsOfCsvLine(line!);
    expect(cells.slice(0, 8)).toEqual([
      'Nora Keller',
      '180',
      '6500.00',
      '0.00',
      '6500.00',
      'Monatlich',
      '78000.00',
      'CHF',
    ]);
    expect(cells.slice(9)).toEqual(['01.01.2026', '', 'Aktiv']);
  });

  it("an account's booked entries, filtered by direction, with counterparty, text and reference", async () => {
    const user = await signUp(app);
    const account = await aBankAccount(user, { name: 'Konto' });
    // A synthetic e-banking CSV written for this test: two credits and a debit.
    const csv = [
      'Datum;Buchungstext;Betrag',
      '03.11.2026;Gutschrift Muster AG;1200.50',
      '04.11.2026;Miete November;-2500.00',
      '05.11.2026;=Gutschrift Kunde;80.00',
    ].join('\n');
    const imported = await sendStatement(
      user,
      { bytes: new TextEncoder().encode(csv), contentType: 'text/csv' },
      {
        bankAccountId: account.id,
      },
    );
    expect(imported.statusCode, imported.body).toBe(200);
    const query = 'direction=credit&sortBy=bookingDate&sortOrder=ASC';
    const listed = (await user.get(`/api/bank-accounts/${account.id}/entries?${query}`)).json<BankEntryList>().data;
    const response = await download(user, `format=csv&${query}`, `/api/bank-accounts/${account.id}/entries/export`);
    expect(response.headers['content-disposition']).toContain(
      'filename="Buchungen-Konto-Meine-Organisation-2026-11-21.csv"',
    );
    const [header, ...lines] = response.rawPayload.toString('utf8').slice(1).trimEnd().split('\r\n');
    expect(cellsOfCsvLine(header!).slice(0, 7)).toEqual([
      'Buchungsdatum',
      'Valuta',
      'Betrag',
      'Währung',
      'Gegenpartei',
      'IBAN der Gegenpartei',
      'Mitteilung',
    ]);
    expect(lines.map((line) => cellsOfCsvLine(line).slice(0, 3))).toEqual(
      listed.map((entry) => [entry.bookingDate.split('-').reverse().join('.'), '', plainCents(entry.amount)]),
    );
    expect(response.rawPayload.toString('utf8')).toContain(";'=Gutschrift Kunde;");
    // Another organisation's account is a 404, as for the list.
    const stranger = await signUp(app);
    const refused = await stranger.get(`/api/bank-accounts/${account.id}/entries/export?format=csv`);
    expect(refused.statusCode).toBe(404);
  });

  // docs/reports.md "File names"
  it("names an account's entries file by the account, its name made safe", async () => {
    const user = await signUp(app);
    const zkb = await aBankAccount(user, { name: 'Zürcher Kantonalbank / Lohn' });
    const post = await aBankAccount(user, { name: 'PostFinance' });
    const name = async (id: number, format: string) =>
      (await download(user, `format=${format}`, `/api/bank-accounts/${id}/entries/export`)).headers[
        'content-disposition'
      ];
    expect(await name(zkb.id, 'xlsx')).toContain(
      'filename="Buchungen-Zuercher-Kantonalbank-Lohn-Meine-Organisation-2026-11-21.xlsx"',
    );
    expect(await name(post.id, 'csv')).toContain('filename="Buchungen-PostFinance-Meine-Organisation-2026-11-21.csv"');
  });

  // docs/reports.md "Lists"
  it('exports entries whose stored dates are outside what Excel holds, as text, never a 500', async () => {
    const user = await signUp(app);
    const account = await aBankAccount(user, { name: 'Alt' });
    await importEntries(user, account.id, [
      { date: '2026-11-03', amount: '10.00', text: 'Alt' },
      { date: '2026-11-04', amount: '20.00', text: 'Neu' },
    ]);
    // Stored before the import refused such dates: written into the test database directly.
    const { db } = app.deps.database;
    const [old] = await db
      .update(bankEntries)
      .set({ bookingDate: '0001-01-01', valueDate: '1899-12-31' })
      .where(eq(bankEntries.remittanceInformation, 'Alt'))
      .returning();
    expect(old?.bankAccountId).toBe(account.id);
    // The page's list shows it too.
    const listed = await user.get(`/api/bank-accounts/${account.id}/entries?sortBy=bookingDate&sortOrder=ASC`);
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json<BankEntryList>().data[0]).toMatchObject({ bookingDate: '0001-01-01', valueDate: '1899-12-31' });
    const path = `/api/bank-accounts/${account.id}/entries/export`;
    const xlsx = await download(user, 'format=xlsx&sortBy=bookingDate&sortOrder=ASC', path);
    const rows = (await readXlsxFile(xlsx.rawPayload))[0]!.data;
    expect(rows[1]!.slice(0, 3)).toEqual(['01.01.0001', '31.12.1899', 10]);
    expect(rows[2]![0]).toBeInstanceOf(Date);
    const csv = (await download(user, 'format=csv&sortBy=bookingDate&sortOrder=ASC', path)).rawPayload.toString('utf8');
    expect(csv).toContain('\r\n01.01.0001;31.12.1899;10.00;');
  });

  // docs/reports.md "Formula injection"
  it('neutralises every CSV cell a spreadsheet would read as a formula, also behind a comma; XLSX keeps text as text', async () => {
    const user = await signUp(app);
    const account = await aBankAccount(user, { name: 'Konto' });
    // Synthetic e-banking CSV written for this test: texts with formulas after a comma and in fullwidth forms.
    const csv = [
      'Datum;Buchungstext;Betrag',
      '03.11.2026;"Zahlung,=1+1";1.00',
      '04.11.2026;＝SUMME(A1);2.00',
      '05.11.2026;＠Kunde;3.00',
      '06.11.2026;"Miete; ""Nov""";4.00',
    ].join('\n');
    const imported = await sendStatement(
      user,
      { bytes: new TextEncoder().encode(csv), contentType: 'text/csv' },
      { bankAccountId: account.id },
    );
    expect(imported.statusCode, imported.body).toBe(200);
    const path = `/api/bank-accounts/${account.id}/entries/export`;
    const query = 'sortBy=bookingDate&sortOrder=ASC';
    const text = (await download(user, `format=csv&${query}`, path)).rawPayload.toString('utf8');
    expect(text).toContain(`;"Zahlung,'=1+1";`);
    expect(text).toContain(";'＝SUMME(A1);");
    expect(text).toContain(";'＠Kunde;");
    expect(text).toContain(';"Miete; ""Nov""";');
    const rows = (await readXlsxFile((await download(user, `format=xlsx&${query}`, path)).rawPayload))[0]!.data;
    expect(rows.slice(1).map((row) => row[6])).toEqual(['Zahlung,=1+1', '＝SUMME(A1)', '＠Kunde', 'Miete; "Nov"']);
    const sheet = await sheetXml((await download(user, `format=xlsx&${query}`, path)).rawPayload);
    expect(sheet).not.toContain('<f>');
  });

  it('refuses paging, an unknown filter or format in German; read-only members export, strangers see their own only', async () => {
    const owner = await signUp(app);
    await aBankAccount(owner, { name: 'Geheim' });
    expectFieldError(await owner.get('/api/transactions/export?format=csv&page=2'), 'page');
    expectFieldError(
      await owner.get('/api/employees/export?format=pdf'),
      'format',
      'Unbekanntes Format: erwartet wird «xlsx» oder «csv»',
    );
    expectFieldError(await owner.get('/api/bank-accounts/export?format=csv&sortBy=secret'), 'sortBy');
    expect((await browser(app).get('/api/bank-accounts/export?format=csv')).statusCode).toBe(401);
    const reader = await addMember(app, owner, owner.user.currentOrganisationId, 'read-only');
    expect((await download(reader, 'format=csv', '/api/bank-accounts/export')).rawPayload.toString('utf8')).toContain(
      'Geheim;',
    );
    const stranger = await signUp(app);
    expect(
      (await download(stranger, 'format=csv', '/api/bank-accounts/export')).rawPayload.toString('utf8'),
    ).not.toContain('Geheim');
  });
});

/** `-1234.50` from cents, as the CSV writes amounts. */
function plainCents(cents: number): string {
  const abs = Math.abs(cents);
  return `${cents < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** The cells of one CSV line (quotes as written by csvCell). */
function cellsOfCsvLine(line: string): string[] {
  const cells: string[] = [];
  let current = '';
  let quoted = false;
  for (let index = 0; index < line.length; index += 1) {
    const char = line[index]!;
    if (quoted) {
      if (char === '"' && line[index + 1] === '"') {
        current += '"';
        index += 1;
      } else if (char === '"') quoted = false;
      else current += char;
    } else if (char === '"') quoted = true;
    else if (char === ';') {
      cells.push(current);
      current = '';
    } else current += char;
  }
  cells.push(current);
  return cells;
}

async function unzipped(file: Buffer, name: string): Promise<string> {
  const { unzipSync, strFromU8 } = await import('fflate');
  const entry = unzipSync(new Uint8Array(file))[name];
  if (!entry) throw new Error(`${name} missing`);
  return strFromU8(entry);
}

const sheetXml = (file: Buffer) => unzipped(file, 'xl/worksheets/sheet1.xml');
const styleXml = (file: Buffer) => unzipped(file, 'xl/styles.xml');

/** The indices of the cell styles whose font strikes the text through. */
async function strikethroughStyles(file: Buffer): Promise<Set<number>> {
  const styles = await styleXml(file);
  const fonts = [
    ...(/<fonts\b[^>]*>([\s\S]*?)<\/fonts>/.exec(styles)?.[1] ?? '').matchAll(
      /<font\b[^>]*?(?:\/>|>([\s\S]*?)<\/font>)/g,
    ),
  ].map((match) => (match[1] ?? '').includes('<strike'));
  const fontIds = [...(/<cellXfs\b[^>]*>([\s\S]*?)<\/cellXfs>/.exec(styles)?.[1] ?? '').matchAll(/<xf\b([^>]*)/g)].map(
    (match) => Number(/fontId="(\d+)"/.exec(match[1] ?? '')?.[1] ?? 0),
  );
  return new Set(fontIds.flatMap((fontId, index) => (fonts[fontId] ? [index] : [])));
}

/** "row:column" (row 1-based as in the sheet, column 0-based) of every cell in a struck-through style. */
function strikethroughCells(xml: string, struckStyles: Set<number>): string[] {
  return [...xml.matchAll(/<c r="([A-Z]+)(\d+)"[^>]*\bs="(\d+)"/g)]
    .filter(([, , , style]) => struckStyles.has(Number(style)))
    .map(([, column, row]) => `${row}:${columnIndex(column!)}`);
}

function columnIndex(letters: string): number {
  return [...letters].reduce((value, letter) => value * 26 + letter.charCodeAt(0) - 64, 0) - 1;
}
