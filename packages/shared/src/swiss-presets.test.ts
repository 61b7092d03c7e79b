import { describe, expect, it } from 'vitest';
import { salaryDeductions, salaryNet } from './salaries.js';
import { alvCeilingPerCycle, swissPresetCost, swissPresets, type SwissPresetCost } from './swiss-presets.js';

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
  ] as const)('ALV ceiling per %s salary step is %i', (cycle, cents) => {
    expect(alvCeilingPerCycle(cycle)).toBe(cents);
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
      note: null,
    });
    const above = swissPresetCost('alv', { amount: 1_500_000, cycle: 'monthly' });
    expect(above).toMatchObject({ amountType: 'fixed', amount: 13_585, distributionType: 'both' });
    expect(above.note).toContain('ALV-Höchstgrenze');
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
