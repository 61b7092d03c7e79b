import { describe, expect, it } from 'vitest';
import { costStepAmount, salaryDeductions, salaryNet } from './salaries.js';
import { INSURED_EARNINGS_CEILING_CENTS } from './swiss-figures.js';
import {
  ceilingNote,
  insuredCeilingApplies,
  insuredCeilingPerCycle,
  presetStepAmount,
  swissPresetCost,
  swissPresets,
  type SwissPresetCost,
} from './swiss-presets.js';

/** Netto and Gesamtkosten of a salary with the given preset rows (all monthly, percentage of the gross). */
function totals(gross: number, rows: SwissPresetCost[]) {
  const costs = rows.map((row) => ({
    distributionType: row.distributionType,
    cycle: row.cycle,
    calculatedAmount: row.amountType === 'fixed' ? row.amount : Math.floor((gross * row.amount) / 100_000),
  }));
  const { employeeDeductions, employerCosts } = salaryDeductions(
    { cycle: 'monthly', isDisabled: false, isTermination: false },
    costs,
  );
  return { net: salaryNet(gross, employeeDeductions), total: gross + employerCosts };
}

describe('swiss presets', () => {
  it('lists the seven contributions with their labels and defaults', () => {
    expect(swissPresets.map((p) => [p.id, p.label, p.distributionType, p.defaultRate])).toEqual([
      ['ahv', 'AHV/IV/EO', 'both', 5300],
      ['alv', 'ALV', 'both', 1100],
      ['fak', 'FAK', 'employer', 1025],
      ['uvg-nbu', 'UVG NBU', 'employee', 1200],
      ['uvg-bu', 'UVG BU', 'employer', 600],
      ['ktg', 'KTG', 'both', 600],
      ['bvg', 'BVG', 'both', null],
    ]);
  });

  it.each([
    ['monthly', 1_235_000],
    ['quarterly', 3_705_000],
    ['biannually', 7_410_000],
    ['yearly', 14_820_000],
  ] as const)('the insured-earnings ceiling per %s salary step is %i', (cycle, cents) => {
    expect(insuredCeilingPerCycle(INSURED_EARNINGS_CEILING_CENTS, cycle)).toBe(cents);
  });

  it("knows each preset's ceiling: ALV and UVG the law's CHF 148'200, KTG the one entered, the others none", () => {
    expect(INSURED_EARNINGS_CEILING_CENTS).toBe(14_820_000);
    expect(Object.fromEntries(swissPresets.map((p) => [p.id, p.ceiling]))).toEqual({
      ahv: null,
      alv: 14_820_000,
      fak: null,
      'uvg-nbu': 14_820_000,
      'uvg-bu': 14_820_000,
      ktg: 'entered',
      bvg: null,
    });
  });

  it('applies the ceiling only above it, as a function of the yearly salary (12 or 13 salaries)', () => {
    // 12,350.00 × 12 = 148,200.00: at the ceiling, not above it.
    expect(insuredCeilingApplies(1_235_000, 'monthly', 14_820_000)).toBe(false);
    expect(insuredCeilingApplies(1_235_001, 'monthly', 14_820_000)).toBe(true);
    // 37,050.00 × 4 quarters = 148,200.00.
    expect(insuredCeilingApplies(3_705_000, 'quarterly', 14_820_000)).toBe(false);
    expect(insuredCeilingApplies(3_705_001, 'quarterly', 14_820_000)).toBe(true);
    // With a 13th salary (the lead passes 13): 11,400.00 × 13 = 148,200.00; a month's share 11,400.00.
    expect(insuredCeilingApplies(1_140_000, 'monthly', 14_820_000, 13)).toBe(false);
    expect(insuredCeilingApplies(1_140_001, 'monthly', 14_820_000, 13)).toBe(true);
    expect(insuredCeilingPerCycle(14_820_000, 'monthly', 13)).toBe(1_140_000);
  });

  it('takes the rate given, else the default, on the salary cycle', () => {
    const salary = { amount: 800_000, cycle: 'quarterly' as const };
    expect(swissPresetCost('fak', salary)).toMatchObject({
      amountType: 'percentage',
      amount: 1025,
      cycle: 'quarterly',
    });
    expect(swissPresetCost('fak', salary, { rate: 1400 })).toMatchObject({ amount: 1400, note: null });
    expect(swissPresetCost('bvg', salary, { amount: 40_000 })).toMatchObject({ amountType: 'fixed', amount: 40_000 });
  });

  it('turns ALV into the fixed amount on the ceiling above it, with a note', () => {
    expect(swissPresetCost('alv', { amount: 1_235_000, cycle: 'monthly' })).toMatchObject({
      amountType: 'percentage',
      amount: 1100,
      capped: false,
      note: null,
    });
    const above = swissPresetCost('alv', { amount: 1_500_000, cycle: 'monthly' });
    expect(above).toMatchObject({ amountType: 'fixed', amount: 13_585, distributionType: 'both', capped: true });
    expect(above.note).toBe(
      "Der Lohn liegt über der Höchstgrenze von CHF 148'200 pro Jahr für ALV: ALV wird als fester Betrag auf der Höchstgrenze berechnet.",
    );
  });

  it("caps ALV, UVG NBU and UVG BU at 15,000.00 a month (the ceiling's month is 148,200.00 ÷ 12 = 12,350.00)", () => {
    const salary = { amount: 1_500_000, cycle: 'monthly' as const };
    const capped = (preset: 'alv' | 'uvg-nbu' | 'uvg-bu') => {
      const { amountType, amount, stepAmount, capped, note } = swissPresetCost(preset, salary);
      return { amountType, amount, stepAmount, capped, note };
    };
    // ALV 1.1 % of 12,350.00 = 135.85 (each side; 1.1 % of 15,000.00 would be 165.00).
    expect(capped('alv')).toEqual({
      amountType: 'fixed',
      amount: 13_585,
      stepAmount: 13_585,
      capped: true,
      note: ceilingNote('ALV', 14_820_000),
    });
    // UVG NBU 1.2 % of 12,350.00 = 148.20 (not 1.2 % of 15,000.00 = 180.00).
    expect(capped('uvg-nbu')).toEqual({
      amountType: 'fixed',
      amount: 14_820,
      stepAmount: 14_820,
      capped: true,
      note: ceilingNote('UVG NBU', 14_820_000),
    });
    // UVG BU 0.6 % of 12,350.00 = 74.10 (not 0.6 % of 15,000.00 = 90.00).
    expect(capped('uvg-bu')).toEqual({
      amountType: 'fixed',
      amount: 7_410,
      stepAmount: 7_410,
      capped: true,
      note: ceilingNote('UVG BU', 14_820_000),
    });
    expect(ceilingNote('UVG NBU', 14_820_000)).toBe(
      "Der Lohn liegt über der Höchstgrenze von CHF 148'200 pro Jahr für UVG NBU: UVG NBU wird als fester Betrag auf der Höchstgrenze berechnet.",
    );
    // AHV and FAK have no ceiling: 5.3 % of 15,000.00 = 795.00, 1.025 % = 153.75.
    expect(swissPresetCost('ahv', salary)).toMatchObject({
      amountType: 'percentage',
      stepAmount: 79_500,
      capped: false,
    });
    expect(swissPresetCost('fak', salary)).toMatchObject({
      amountType: 'percentage',
      stepAmount: 15_375,
      capped: false,
    });
    // A quarterly 45,000.00 (180,000.00 a year): UVG NBU 1.2 % of 148,200.00 × 3 ÷ 12 = 37,050.00 → 444.60.
    expect(swissPresetCost('uvg-nbu', { amount: 4_500_000, cycle: 'quarterly' })).toMatchObject({
      amount: 44_460,
      cycle: 'quarterly',
    });
  });

  it('caps KTG only at the ceiling the person entered', () => {
    const salary = { amount: 1_500_000, cycle: 'monthly' as const };
    // Without a ceiling: 0.6 % of 15,000.00 = 90.00 on each side.
    expect(swissPresetCost('ktg', salary)).toMatchObject({
      amountType: 'percentage',
      amount: 600,
      stepAmount: 9_000,
      capped: false,
      note: null,
    });
    // CHF 120,000 a year: a month's share 10,000.00; 0.6 % = 60.00 on each side.
    expect(swissPresetCost('ktg', salary, { ceiling: 12_000_000 })).toMatchObject({
      amountType: 'fixed',
      amount: 6_000,
      stepAmount: 6_000,
      capped: true,
      note: "Der Lohn liegt über der Höchstgrenze von CHF 120'000 pro Jahr für KTG: KTG wird als fester Betrag auf der Höchstgrenze berechnet.",
    });
    // 8,000.00 × 12 = 96,000.00 is below CHF 120,000: 0.6 % of 8,000.00 = 48.00.
    expect(swissPresetCost('ktg', { amount: 800_000, cycle: 'monthly' }, { ceiling: 12_000_000 })).toMatchObject({
      amountType: 'percentage',
      stepAmount: 4_800,
      capped: false,
    });
    // A ceiling in Rappen is kept to the Rappen: CHF 100,000.50 → a month 8,333.37 (floor of 8,333.375); 0.6 % = 50.00.
    expect(swissPresetCost('ktg', salary, { ceiling: 10_000_050 })).toMatchObject({
      amount: 5_000,
      note: expect.stringContaining("CHF 100'000.50"),
    });
  });

  it('previews exactly what is stored: FAK 1.025 % of 7,500.00 = 76.87 (76.875 floored, not rounded up)', () => {
    const cost = swissPresetCost('fak', { amount: 750_000, cycle: 'monthly' });
    // 750,000 × 1,025 ÷ 100,000 = 7,687.5 → 7,687 Rappen.
    expect(cost.stepAmount).toBe(7_687);
    const stored = {
      id: 1,
      amountType: cost.amountType,
      amount: cost.amount,
      distributionType: cost.distributionType,
      baseSalaryCostIDs: [],
    };
    expect(costStepAmount(stored, 750_000, new Map([[1, stored]]))).toBe(7_687);
    expect(presetStepAmount(cost, 750_000)).toBe(7_687);
  });

  it('gives Netto and Gesamtkosten to the cent for 8,000.00 and 15,000.00 monthly (AHV, ALV, BVG 400.00)', () => {
    const rows = (gross: number) => [
      swissPresetCost('ahv', { amount: gross, cycle: 'monthly' }),
      swissPresetCost('alv', { amount: gross, cycle: 'monthly' }),
      swissPresetCost('bvg', { amount: gross, cycle: 'monthly' }, { amount: 40_000 }),
    ];
    // 8,000.00: AHV 424.00 + ALV 88.00 + BVG 400.00 = 912.00 on each side.
    expect(totals(800_000, rows(800_000))).toEqual({ net: 708_800, total: 891_200 });
    // 15,000.00: AHV 795.00 + ALV 135.85 (ceiling) + BVG 400.00 = 1,330.85 on each side.
    expect(totals(1_500_000, rows(1_500_000))).toEqual({ net: 1_366_915, total: 1_633_085 });
  });
});

describe('ceilings with a 13th salary', () => {
  it('counts the 13th salary towards the yearly insured salary; capped, a twelfth of the ceiling per month', () => {
    // 12'000.00 × 12 = 144'000.00 stays below CHF 148'200: 1.1 % of 12'000.00 = 132.00.
    expect(swissPresetCost('alv', { amount: 1_200_000, cycle: 'monthly' })).toMatchObject({
      amountType: 'percentage',
      stepAmount: 13_200,
    });
    // × 13 = 156'000.00 is above: fixed 1.1 % of 148'200 / 12 = 12'350.00 → 135.85, twelve times a
    // year = 1'630.20 = 1.1 % of the ceiling (fixed costs add nothing on the 13th salary).
    expect(swissPresetCost('alv', { amount: 1_200_000, cycle: 'monthly', hasThirteenthSalary: true })).toMatchObject({
      amountType: 'fixed',
      amount: 13_585,
    });
  });
});
