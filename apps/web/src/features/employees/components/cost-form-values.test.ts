import { describe, expect, it } from 'vitest';
import { baseCostOptions, costRequestOf, costValuesOf, emptyCostValues, type StoredCost } from './cost-form-values';

const stored: StoredCost = {
  id: 4,
  label: { id: 2, name: 'AHV' },
  cycle: 'monthly',
  amountType: 'percentage',
  amount: 5300,
  distributionType: 'both',
  calculatedAmount: 53_000,
  calculatedNextCost: 106_000,
  calculatedNextExecutionDate: '2026-12-01',
  relativeOffset: 1,
  targetDate: null,
  baseSalaryCostIDs: [3],
};

describe('cost form values', () => {
  it('starts with the salary cycle, offset 1, fixed, employee', () => {
    expect(emptyCostValues('monthly')).toMatchObject({
      cycle: 'monthly',
      relativeOffset: 1,
      amountType: 'fixed',
      distributionType: 'employee',
      labelId: null,
      baseSalaryCostIDs: [],
    });
  });

  it('round-trips a stored cost', () => {
    expect(costRequestOf(costValuesOf(stored))).toEqual({
      labelId: 2,
      cycle: 'monthly',
      relativeOffset: 1,
      amountType: 'percentage',
      amount: 5300,
      distributionType: 'both',
      targetDate: null,
      baseSalaryCostIDs: [3],
    });
  });

  it('drops base costs of a fixed amount and the offset of a one-off cost', () => {
    const request = costRequestOf({
      ...costValuesOf(stored),
      amountType: 'fixed',
      cycle: 'once',
      relativeOffset: 4,
      targetDate: '2026-12-01',
    });
    expect(request).toMatchObject({ baseSalaryCostIDs: [], relativeOffset: 1, targetDate: '2026-12-01' });
  });

  it('offers the other costs as bases, never the cost itself', () => {
    const other = { ...stored, id: 3, label: null, distributionType: 'employer' as const };
    expect(baseCostOptions([stored, other], 4)).toEqual([{ value: '3', label: '<Kein Label> (AG)' }]);
    expect(baseCostOptions([stored], undefined)).toEqual([{ value: '4', label: 'AHV (AG & AN)' }]);
  });
});
