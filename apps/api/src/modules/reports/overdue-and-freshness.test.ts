import readXlsxFile from 'read-excel-file/node';
import { describe, expect, it } from 'vitest';
import type { ForecastReport } from './forecast-report.js';
import { axisTicks, chartSvg } from './report-pdf.js';
import { useTestApp } from '../../test/build-test-app.js';
import { aBankAccount, aTransaction, currencyId, importEntries } from '../../test/factories.js';
import { signUp, type SignedInUser } from '../../test/test-client.js';
import { pdfText } from '../../test/pdf-text.js';

// docs/reports.md "What is exported", "PDF" and docs/plan-actual.md "Freshness" (they guard against nine
// identical "Leasing" rows in the files, no legend in the PDF chart, and a start balance resting
// on a "Stand per" of 2023 without a hint). Today of the test app is 2026-11-21. The entries are a
// synthetic CSV written by `importEntries` (test/factories.ts).

const app = useTestApp();

/** A monthly leasing from 15.06.2026 unmatched while entries run from 01.06.2026: six rates überfällig; "Post" last set 20.06.2023. */
async function staleAndOverdue(): Promise<SignedInUser> {
  const user = await signUp(app);
  const chf = await currencyId(user, 'CHF');
  const bank = await aBankAccount(user, { name: 'UBS', amount: 50_000_00, currencyId: chf, balanceDate: '2026-11-20' });
  await aBankAccount(user, { name: 'Post', amount: 84_515_25, currencyId: chf, balanceDate: '2023-06-20' });
  await aTransaction(user, { name: 'Leasing', amount: -900_00, startDate: '2026-06-15' });
  await importEntries(user, bank.id, [
    { date: '2026-06-01', amount: '-12.00', text: 'Gebühr' },
    { date: '2026-11-18', amount: '-12.00', text: 'Gebühr' },
  ]);
  return user;
}

const overdueLabels = ['15.06.2026', '15.07.2026', '15.08.2026', '15.09.2026', '15.10.2026', '15.11.2026'].map(
  (date) => `Leasing (überfällig seit ${date})`,
);
const freshness = 'Saldo von Konto Post zuletzt per 20.06.2023';

async function download(user: SignedInUser, format: string) {
  const response = await user.get(`/api/forecasts/export?format=${format}&months=3`);
  expect(response.statusCode, response.body).toBe(200);
  return response.rawPayload;
}

describe('overdue rows and stale balances in the files', () => {
  it('CSV: each overdue rate is a row of its own with its due date; the header names the oldest balance', async () => {
    const user = await staleAndOverdue();
    const lines = (await download(user, 'csv')).toString('utf8').slice(1).split('\r\n');
    expect(lines).toContain(`Stand der Saldi;${freshness}`);
    const overdue = lines.filter((line) => line.includes('(überfällig seit'));
    expect(overdue.map((line) => line.split(';')[0]!.split(' / ').at(-1))).toEqual(overdueLabels);
    // Each in the current month only, with its amount.
    for (const line of overdue) expect(line.split(';').slice(1)).toEqual(['-900.00', '0.00', '0.00']);
  });

  it('XLSX: the same rows and the same note', async () => {
    const user = await staleAndOverdue();
    const sheets = await readXlsxFile(await download(user, 'xlsx'), { parseNumber: (text) => text });
    const labels = sheets[0]!.data.map((row) => String(row[0]));
    expect(labels.filter((label) => label.includes('überfällig'))).toEqual(overdueLabels);
    const about = sheets.find((sheet) => sheet.sheet === 'Angaben')!.data;
    expect(about).toContainEqual(['Stand der Saldi', freshness]);
  });

  it('PDF: the overdue rows under their category, the note, and a chart with a legend', async () => {
    const user = await staleAndOverdue();
    const text = (await pdfText(await download(user, 'pdf'))).pages.join('\n');
    for (const label of overdueLabels) expect(text).toContain(label);
    expect(text).toContain(freshness);
    for (const legend of ['Einnahmen', 'Ausgaben', 'Endsaldo', 'Mindestliquidität']) {
      expect(text.match(new RegExp(legend, 'g'))?.length ?? 0).toBeGreaterThan(1);
    }
  });

  it('fresh balances: no note', async () => {
    const user = await signUp(app);
    await aBankAccount(user, { name: 'UBS', balanceDate: '2026-11-20' });
    expect((await download(user, 'csv')).toString('utf8')).not.toContain('Stand der Saldi');
  });
});

describe('the PDF chart', () => {
  it('has round axis values (1, 2 or 5 times a power of ten francs) covering every value, 0 among them', () => {
    for (const [low, high] of [
      [-217_160_00, 1_000_000_00],
      [0, 1_234_567],
      [-17_000_00, 0],
      [0, 0],
      [-123_456_789_00, 987_654_321_00],
    ] as const) {
      const ticks = axisTicks(low, high);
      expect(ticks[0]).toBeLessThanOrEqual(low);
      expect(ticks.at(-1)).toBeGreaterThanOrEqual(high);
      expect(ticks).toContain(0);
      expect(ticks.length).toBeLessThanOrEqual(7);
      const step = ticks[1]! - ticks[0]!;
      expect(String(step / 100)).toMatch(/^[125]0*$/);
      for (const tick of ticks) expect(Math.abs(tick % step)).toBe(0);
    }
  });

  it('labels the axis in whole francs and draws a legend', () => {
    const report: ForecastReport = {
      title: 'Liquiditätsplan',
      header: [],
      months: ['2026-11', '2026-12'],
      monthLabels: ['November 2026', 'Dezember 2026'],
      currency: 'CHF',
      rows: [
        { label: 'Einnahmen', level: 0, kind: 'side', cells: [{ cents: 1_234_56 }, { cents: 5_000_00 }] },
        { label: 'Ausgaben', level: 0, kind: 'side', cells: [{ cents: -3_333_33 }, { cents: -1_000_00 }] },
        { label: 'Endsaldo', level: 0, kind: 'saldo', cells: [{ cents: 17_901_23 }, { cents: 21_901_23 }] },
        { label: 'Mindestliquidität', level: 0, kind: 'minimum', cells: [{ cents: 10_000_00 }, { cents: 10_000_00 }] },
      ],
    };
    const svg = chartSvg(report);
    const axis = [...svg.matchAll(/text-anchor="end"[^>]*>([^<]*)</g)].map((match) => match[1]);
    expect(axis).toEqual(["-10'000", '0', "10'000", "20'000", "30'000"]);
    for (const legend of ['Einnahmen', 'Ausgaben', 'Endsaldo', 'Mindestliquidität'])
      expect(svg).toContain(`>${legend}<`);
  });
});
