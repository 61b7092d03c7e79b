import { describe, expect, it } from 'vitest';
import { leafNoteKey } from './leaf-notes.js';
import type { PaymentCalendar } from '@saldopilot/shared';
import { computeForecast } from './compute-forecast.js';
import { akontoWarning, ahvRhythm, calendarLeafId } from './payment-calendar.js';
import { ForecastModel } from './forecast-model.js';
import { calendarWarnings } from './calendar-warnings.js';
import { aCost, aSalary, aTransaction, anInput, details, leavesOf } from './test-builders.js';
import type { CostDetail, ForecastInput, ForecastResult, ForecastSalary } from './types.js';

// The reference SME of docs/payment-calendar.md "Reference SME", worked by hand. Today is
// 2026-01-01, the forecast runs January 2026 – March 2027 (15 months). A cost's payment in month M
// pays the salary month M − 1 (offset 1, as every Swiss preset).
//
// - Anna: 10'000.00 a month from 2025-01-01, raised to 11'000.00 from July 2026, a 13th salary in
//   December 2026 (its contributions are paid with January 2027's payment).
// - Beat: hired in September 2026, 6'000.00 a month, withholding tax 8 % (480.00 a month).
// The AHV payroll is 120'000 in 2025, 150'000 in 2026 (quarterly) and 204'000 in 2027 (monthly).
// Costs: AHV/IV/EO 5.3 % both (Ausgleichskasse), UVG BU 0.6 % employer (UVG insurer), BVG 400.00
// both (Pensionskasse), "Spesen" 100.00 employer paid directly.

const TODAY = '2026-01-01';

/** Details from `from` for `count` months of `amount`, with `special` amounts in some months. */
function payments(from: string, count: number, amount: number, special: Record<string, number> = {}): CostDetail[] {
  return details(from, count, amount).map((detail) => ({ ...detail, amount: special[detail.month] ?? amount }));
}

function referenceSalaries(): ForecastSalary[] {
  const anna1 = aSalary({
    id: 1,
    employeeId: 1,
    employeeName: 'Anna',
    amount: 1_000_000,
    fromDate: '2025-01-01',
    toDate: '2026-06-30',
    costs: [
      aCost({
        id: 1,
        labelId: 1,
        labelName: 'AHV/IV/EO',
        distributionType: 'both',
        fund: 'ahv',
        details: payments('2025-12', 8, 53_000),
      }),
      aCost({ id: 2, labelId: 2, labelName: 'UVG BU', fund: 'uvg', details: payments('2025-12', 8, 6_000) }),
      aCost({
        id: 3,
        labelId: 3,
        labelName: 'BVG',
        distributionType: 'both',
        fund: 'bvg',
        details: payments('2025-12', 8, 40_000),
      }),
      aCost({ id: 4, labelId: 4, labelName: 'Spesen', details: payments('2025-12', 8, 10_000) }),
    ],
  });
  const anna2 = aSalary({
    id: 2,
    employeeId: 1,
    employeeName: 'Anna',
    amount: 1_100_000,
    fromDate: '2026-07-01',
    costs: [
      aCost({
        id: 5,
        labelId: 1,
        labelName: 'AHV/IV/EO',
        distributionType: 'both',
        fund: 'ahv',
        details: payments('2026-08', 8, 58_300, { '2027-01': 116_600 }),
      }),
      aCost({
        id: 6,
        labelId: 2,
        labelName: 'UVG BU',
        fund: 'uvg',
        details: payments('2026-08', 8, 6_600, { '2027-01': 13_200 }),
      }),
      aCost({
        id: 7,
        labelId: 3,
        labelName: 'BVG',
        distributionType: 'both',
        fund: 'bvg',
        details: payments('2026-08', 8, 40_000),
      }),
    ],
  });
  const beat = aSalary({
    id: 3,
    employeeId: 2,
    employeeName: 'Beat',
    amount: 600_000,
    employeeDeductions: 31_800 + 48_000,
    fromDate: '2026-09-01',
    costs: [
      aCost({
        id: 8,
        labelId: 1,
        labelName: 'AHV/IV/EO',
        distributionType: 'both',
        fund: 'ahv',
        details: payments('2026-10', 6, 31_800),
      }),
      aCost({ id: 9, labelId: 2, labelName: 'UVG BU', fund: 'uvg', details: payments('2026-10', 6, 3_600) }),
      aCost({
        id: 10,
        labelId: 9,
        labelName: 'Quellensteuer',
        distributionType: 'employee',
        fund: 'withholdingTax',
        details: payments('2026-10', 6, 48_000),
      }),
    ],
  });
  return [anna1, anna2, beat];
}

const CALENDAR: PaymentCalendar = {
  ahv: { rhythm: null, akonto: null, dueDays: 10, differenceMonth: 3 },
  bvg: { rhythm: 'quarterly', inAdvance: true, dueDays: 0 },
  uvg: { premiumMonth: 1, instalments: 1, finalMonth: 3 },
  withholdingTax: { canton: 'ZH', rhythm: 'quarterly', dueDays: 30, commissionPercent: 2000 },
};

function forecastOf(
  calendar: PaymentCalendar | null,
  salaries = referenceSalaries(),
  overrides: Partial<ForecastInput> = {},
) {
  return computeForecast(anInput({ today: TODAY, months: 15, salaries, paymentCalendar: calendar, ...overrides }));
}

/** The cost and calendar leaves ("Lohnkosten") by month: name → amount. */
function costLeaves(result: ForecastResult): Record<string, Record<string, number>> {
  const found: Record<string, Record<string, number>> = {};
  for (const leaf of leavesOf(result)) {
    if (leaf.relatedTable !== 'salary_cost_labels') continue;
    (found[leaf.month] ??= {})[leaf.name] = leaf.amount;
  }
  return found;
}

describe('the payment calendar (docs/payment-calendar.md)', () => {
  it('changes nothing without a calendar or with an empty one', () => {
    const without = forecastOf(null);
    expect(forecastOf({})).toEqual(without);
    expect(computeForecast(anInput({ today: TODAY, months: 15, salaries: referenceSalaries() }))).toEqual(without);
    // Without a calendar every cost is paid with the salaries, as before.
    expect(costLeaves(without)['2026-01']).toEqual({
      'AHV/IV/EO': -106_000,
      'UVG BU': -6_000,
      BVG: -80_000,
      Spesen: -10_000,
    });
  });

  it('pays the reference SME by the calendar, every month to the Rappen', () => {
    const spesen = { Spesen: -10_000 };
    expect(costLeaves(forecastOf(CALENDAR))).toEqual({
      // 2025's Q4 Akonto (payroll 120'000 ≤ 200'000: quarterly; 12 × 1'060.00 ÷ 4), due 10 January;
      // BVG Q1 in advance (3 × 800.00); the UVG premium 2026 on 2025's payroll (12 × 60.00).
      '2026-01': { ...spesen, 'AHV-Akonto Q4': -318_000, 'BVG-Beiträge': -240_000, 'UVG-Prämie 2026': -72_000 },
      '2026-02': spesen,
      '2026-03': spesen,
      // 2026: AHV 6 × 1'060.00 + 5 × 1'166.00 + 2'332.00 (13th) + Beat 4 × 636.00 = 17'066.00;
      // payroll 150'000 → quarterly, Akonto 17'066.00 ÷ 4 = 4'266.50, difference 0.
      '2026-04': { ...spesen, 'AHV-Akonto Q1': -426_650, 'BVG-Beiträge': -240_000 },
      '2026-05': spesen,
      '2026-06': spesen,
      '2026-07': { ...spesen, 'AHV-Akonto Q2': -426_650, 'BVG-Beiträge': -240_000 },
      // The raise's salary has no Spesen: the last one (for June) is paid in July.
      '2026-10': {
        'AHV-Akonto Q3': -426_650,
        'BVG-Beiträge': -240_000,
        // September's 480.00 less 2 % commission (9.60).
        'Quellensteuer Q3': -47_040,
      },
      '2027-01': {
        'AHV-Akonto Q4': -426_650,
        'BVG-Beiträge': -240_000,
        // 2026's UVG: 6 × 60.00 + 5 × 66.00 + 132.00 + 4 × 36.00 = 966.00.
        'UVG-Prämie 2027': -96_600,
        // 3 × 480.00 = 1'440.00 less 28.80.
        'Quellensteuer Q4': -141_120,
      },
      // 2027: the payroll of 11'000.00 + 6'000.00 a month is 204'000 > 200'000: monthly, Akonto
      // 12 × (1'166.00 + 636.00) ÷ 12 = 1'802.00, January's due on 10 February.
      '2027-02': { 'AHV-Akonto Januar': -180_200 },
      // 966.00 − 720.00 paid in advance.
      '2027-03': { 'AHV-Akonto Februar': -180_200, 'UVG-Schlussabrechnung 2026': -24_600 },
    });
  });

  it('settles an entered Akonto with the year-end difference, a refund as revenue', () => {
    const result = forecastOf({ ahv: { rhythm: null, akonto: 400_000, dueDays: 10, differenceMonth: 3 } });
    const leaves = leavesOf(result).filter((leaf) => leaf.name.startsWith('AHV-'));
    expect(leaves.map(({ month, name, amount, side }) => [month, name, amount, side])).toEqual([
      ['2026-01', 'AHV-Akonto Q4', -400_000, 'expense'],
      // 2025: 12'720.00 − 4 × 4'000.00 = −3'280.00: paid back.
      ['2026-03', 'AHV-Differenz 2025', 328_000, 'revenue'],
      ['2026-04', 'AHV-Akonto Q1', -400_000, 'expense'],
      ['2026-07', 'AHV-Akonto Q2', -400_000, 'expense'],
      ['2026-10', 'AHV-Akonto Q3', -400_000, 'expense'],
      ['2027-01', 'AHV-Akonto Q4', -400_000, 'expense'],
      // 2027 is monthly (payroll 204'000): the entered Akonto each month.
      ['2027-02', 'AHV-Akonto Januar', -400_000, 'expense'],
      ['2027-03', 'AHV-Akonto Februar', -400_000, 'expense'],
      // 2026: 17'066.00 − 16'000.00.
      ['2027-03', 'AHV-Differenz 2026', -106_600, 'expense'],
    ]);
  });

  it("derives the rhythm: monthly above a payroll of 200'000, yearly for contributions up to 3'000", () => {
    const high = aSalary({
      amount: 2_000_000,
      fromDate: '2025-01-01',
      costs: [aCost({ distributionType: 'both', fund: 'ahv', details: payments('2025-12', 16, 106_000) })],
    });
    const monthly = costLeaves(
      forecastOf({ ahv: { rhythm: null, akonto: null, dueDays: 10, differenceMonth: 3 } }, [high]),
    );
    // 240'000 a year: monthly, 12 × 2'120.00 ÷ 12.
    expect(monthly['2026-01']).toEqual({ 'AHV-Akonto Dezember': -212_000 });
    expect(monthly['2026-02']).toEqual({ 'AHV-Akonto Januar': -212_000 });
    const low = aSalary({
      amount: 200_000,
      fromDate: '2025-01-01',
      costs: [aCost({ distributionType: 'both', fund: 'ahv', details: payments('2025-12', 16, 10_600) })],
    });
    const yearly = costLeaves(
      forecastOf({ ahv: { rhythm: null, akonto: null, dueDays: 10, differenceMonth: 3 } }, [low]),
    );
    // 12 × 212.00 = 2'544.00 ≤ 3'000: once a year, due 10 January of the next year.
    expect(yearly['2026-01']).toEqual({ 'AHV-Akonto 2025': -254_400 });
    expect(yearly['2027-01']).toEqual({ 'AHV-Akonto 2026': -254_400 });
    expect(ahvRhythm(null, 300_000, 30_000_000)).toBe('yearly');
    expect(ahvRhythm(null, 300_001, 20_000_000)).toBe('quarterly');
    expect(ahvRhythm(null, 300_001, 20_000_001)).toBe('monthly');
    expect(ahvRhythm('monthly', 1, 1)).toBe('monthly');
  });

  it('pays the UVG premium in ¼ instalments with the 0.375 % surcharge', () => {
    const result = costLeaves(forecastOf({ uvg: { premiumMonth: 1, instalments: 4, finalMonth: 3 } }));
    const uvg = Object.fromEntries(
      Object.entries(result).flatMap(([month, leaves]) =>
        Object.entries(leaves)
          .filter(([name]) => name.startsWith('UVG-'))
          .map(([name, amount]) => [`${month} ${name}`, amount]),
      ),
    );
    // 720.00 + 2.70 = 722.70 in four: 180.68 × 3 and 180.66; 2027: 966.00 + 3.62 = 969.62 → 242.41.
    expect(uvg).toEqual({
      '2026-01 UVG-Prämie 2026': -18_068,
      '2026-04 UVG-Prämie 2026': -18_068,
      '2026-07 UVG-Prämie 2026': -18_068,
      '2026-10 UVG-Prämie 2026': -18_066,
      '2027-01 UVG-Prämie 2027': -24_241,
      // The surcharge is not part of the final statement: 966.00 − 720.00.
      '2027-03 UVG-Schlussabrechnung 2026': -24_600,
    });
  });

  it('remits the withholding tax monthly after the month, named by it', () => {
    const result = costLeaves(
      forecastOf({ withholdingTax: { canton: 'ZH', rhythm: 'monthly', dueDays: 30, commissionPercent: 2000 } }),
    );
    expect(result['2026-10']?.['Quellensteuer September']).toBe(-47_040);
    expect(result['2027-01']?.['Quellensteuer Dezember']).toBe(-47_040);
    // The net salary row stays as today: the salary pays gross − deductions.
    const beat = leavesOf(forecastOf(CALENDAR)).find((leaf) => leaf.name === 'Beat' && leaf.month === '2026-09');
    expect(beat?.amount).toBe(-(600_000 - 31_800 - 48_000));
  });

  it('warns "Akonto anpassen lassen" above a 10 % difference', () => {
    expect(akontoWarning(1_706_600, 1_600_000)).toBeNull();
    expect(akontoWarning(1_760_000, 1_600_000)).toBeNull();
    expect(akontoWarning(1_760_001, 1_600_000)).toMatch(/^Akonto anpassen lassen/);
    expect(akontoWarning(1_272_000, 1_600_000)).toMatch(/^Akonto anpassen lassen/);
  });

  it('lists the warnings of the plan: an Akonto 10 % off, the VAT limits', () => {
    const input = anInput({
      today: TODAY,
      months: 15,
      salaries: referenceSalaries(),
      paymentCalendar: { ahv: { rhythm: null, akonto: 400_000, dueDays: 10, differenceMonth: 3 } },
    });
    // 2026: 17'066.00 against 16'000.00 is 6.7 %: no warning; 2027 is monthly (12 × 4'000.00 against
    // 12 × 1'802.00): one.
    expect(calendarWarnings(input)).toEqual([
      "Akonto anpassen lassen: Die geplanten AHV-Beiträge weichen um mehr als 10 % vom Akonto ab. (2027: Beiträge 21'624.00, Akonto 48'000.00)",
    ]);
    expect(calendarWarnings({ ...input, paymentCalendar: null })).toEqual([]);
    const big = aTransaction({ name: 'Kunde', categoryName: 'Projekte', amount: 50_000_000, startDate: '2026-01-31' });
    const vatSetting = {
      enabled: true,
      billingDate: '2026-01-01',
      interval: 'yearly',
      transactionMonthOffset: 0,
      method: 'netTaxRate' as const,
      netTaxRate: 6_200,
    };
    // 12 × 500'000.00 = 6'000'000 > 5'005'000 and > 5'024'000.
    expect(calendarWarnings(anInput({ today: TODAY, months: 12, transactions: [big], vatSetting }))).toEqual([
      "Der geplante Umsatz 2026 übersteigt CHF 5'005'000: die jährliche MWST-Abrechnung ist dann nicht mehr möglich.",
      "Der geplante Umsatz 2026 übersteigt die Grenzen der Saldosteuersatzmethode (CHF 5'024'000 Umsatz, CHF 108'000 Steuer).",
    ]);
  });

  it('explains each payment in the details: payroll basis, rates, periods, and the warnings (docs/payment-calendar.md "Explanations")', () => {
    const note = (result: ForecastResult, name: string, month: string) =>
      result.notes?.get(leafNoteKey('salary_cost_labels', calendarLeafId(name), month));
    const result = forecastOf({ ...CALENDAR, uvg: { premiumMonth: 1, instalments: 4, finalMonth: 3 } });
    expect(note(result, 'AHV-Akonto Q1', '2026-04')).toEqual({
      explanation:
        "Lohnsumme AHV 2026 150'000.00 CHF, Beiträge 17'066.00 CHF ÷ 4 Quartale = 4'266.50 CHF für Q1 2026 (vierteljährlich: Lohnsumme bis 200'000.00 CHF), fällig 10 Tage nach Periodenende",
    });
    expect(note(result, 'AHV-Akonto Januar', '2027-02')?.explanation).toBe(
      "Lohnsumme AHV 2027 204'000.00 CHF, Beiträge 21'624.00 CHF ÷ 12 Monate = 1'802.00 CHF für Januar 2027 (monatlich: Lohnsumme über 200'000.00 CHF), fällig 10 Tage nach Periodenende",
    );
    expect(note(result, 'BVG-Beiträge', '2026-04')?.explanation).toBe(
      "Beiträge Pensionskasse Q2 2026 2'400.00 CHF, im Voraus, fällig am Periodenbeginn",
    );
    expect(note(result, 'UVG-Prämie 2026', '2026-07')?.explanation).toBe(
      'Provisorische Prämie 2026 = Prämie auf der Lohnsumme 2025 720.00 CHF + Ratenzuschlag 0.375 % 2.70 CHF in 4 Raten: Rate 3/4 180.68 CHF',
    );
    expect(note(result, 'UVG-Schlussabrechnung 2026', '2027-03')?.explanation).toBe(
      'Prämie auf der Lohnsumme 2026 966.00 CHF − provisorische Prämie 720.00 CHF = 246.00 CHF',
    );
    expect(note(result, 'Quellensteuer Q4', '2027-01')?.explanation).toBe(
      "Quellensteuer Q4 2026 einbehalten 1'440.00 CHF − Bezugsprovision 2 % 28.80 CHF = 1'411.20 CHF, fällig 30 Tage nach Periodenende",
    );
    // Without the details, no notes; an entered Akonto 10 % off warns on the year's AHV leaves.
    const model = ForecastModel.build(
      anInput({ today: TODAY, months: 15, salaries: referenceSalaries(), paymentCalendar: CALENDAR }),
    );
    expect(model.result({ months: 15, performance: 100, details: false }).notes).toBeUndefined();
    expect(forecastOf(null).notes).toBeUndefined();
    const entered = forecastOf({ ahv: { rhythm: null, akonto: 400_000, dueDays: 10, differenceMonth: 3 } });
    expect(note(entered, 'AHV-Akonto Februar', '2027-03')).toEqual({
      explanation:
        "Akonto gemäss Rechnung der Ausgleichskasse = 4'000.00 CHF für Februar 2027 (monatlich: Lohnsumme über 200'000.00 CHF), fällig 10 Tage nach Periodenende",
      warnings: [
        "Akonto anpassen lassen: Die geplanten AHV-Beiträge weichen um mehr als 10 % vom Akonto ab. (2027: Beiträge 21'624.00 CHF, Akonto 48'000.00 CHF)",
      ],
    });
    expect(note(entered, 'AHV-Differenz 2026', '2027-03')?.explanation).toBe(
      "Lohnsumme AHV 2026 150'000.00 CHF, Beiträge 17'066.00 CHF − Akonto 4 × 4'000.00 CHF = 1'066.00 CHF, nach der Lohnmeldung im März 2027",
    );
    expect(note(entered, 'AHV-Differenz 2026', '2027-03')?.warnings).toBeUndefined();
  });
});
