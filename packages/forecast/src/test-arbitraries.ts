// Random forecast inputs for the property tests (fast-check): dates 2024–2028, four currencies,
// transactions of every kind, salaries with costs of every cycle, VAT settings.
import fc from 'fast-check';
import { aCost, aSalary, aTransaction, anInput, details } from './test-builders.js';
import type { ForecastInput } from './types.js';

export const day = fc
  .record({
    year: fc.integer({ min: 2024, max: 2028 }),
    month: fc.integer({ min: 1, max: 12 }),
    day: fc.integer({ min: 1, max: 31 }),
  })
  .map(({ year, month, day }) => {
    const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
    return `${year}-${String(month).padStart(2, '0')}-${String(Math.min(day, last)).padStart(2, '0')}`;
  });
export const currency = fc.constantFrom('CHF', 'EUR', 'USD', 'GBP');
export const amount = fc.integer({ min: -5_000_000, max: 5_000_000 });
const cycle = fc.constantFrom('monthly' as const, 'quarterly' as const, 'biannually' as const, 'yearly' as const);

export const transaction = fc
  .record({
    single: fc.boolean(),
    amount,
    currency,
    cycle,
    startDate: day,
    endDate: fc.option(day, { nil: null }),
    isDisabled: fc.boolean(),
    vatBasisPoints: fc.option(fc.constantFrom(260, 380, 810), { nil: null }),
    vatIncluded: fc.boolean(),
    name: fc.constantFrom('Miete', 'Kunde', 'Öl', 'abo', 'Zins'),
    categoryName: fc.constantFrom('Miete', 'Projekte', 'Übriges'),
  })
  .map(({ single, endDate, startDate, ...rest }) =>
    aTransaction({
      ...rest,
      startDate,
      type: single ? 'single' : 'repeating',
      endDate: single || endDate === null || endDate < startDate ? null : endDate,
    }),
  );

export const salary = fc
  .record({
    amount: fc.integer({ min: 0, max: 2_000_000 }),
    deductions: fc.integer({ min: 0, max: 300_000 }),
    currency,
    fromDate: day,
    isDisabled: fc.boolean(),
    isTermination: fc.boolean(),
    costs: fc.array(
      fc.record({
        labelId: fc.option(fc.integer({ min: 1, max: 3 }), { nil: null }),
        cycle: fc.constantFrom('monthly' as const, 'quarterly' as const, 'once' as const),
        distributionType: fc.constantFrom('employee' as const, 'employer' as const, 'both' as const),
        relativeOffset: fc.integer({ min: 1, max: 3 }),
        from: day,
        count: fc.integer({ min: 0, max: 20 }),
        amount: fc.integer({ min: 0, max: 100_000 }),
      }),
      { maxLength: 4 },
    ),
  })
  .map(({ deductions, costs, ...rest }) =>
    aSalary({
      ...rest,
      employeeDeductions: deductions,
      costs: costs.map(({ from, count, amount, labelId, ...cost }, i) =>
        aCost({
          ...cost,
          id: i + 1,
          labelId,
          labelName: labelId === null ? null : `Label ${labelId}`,
          details: details(
            from.slice(0, 7),
            cost.cycle === 'once' ? Math.min(count, 1) : count,
            amount,
            cost.cycle === 'quarterly' ? 3 * cost.relativeOffset : cost.relativeOffset,
          ),
        }),
      ),
    }),
  );

export const input: fc.Arbitrary<ForecastInput> = fc
  .record({
    today: day,
    months: fc.integer({ min: 1, max: 24 }),
    performance: fc.integer({ min: 0, max: 200 }),
    rates: fc.record({
      EUR: fc.double({ min: 0.5, max: 2, noNaN: true }),
      USD: fc.double({ min: 0.5, max: 2, noNaN: true }),
    }),
    bankAccounts: fc.array(fc.record({ amount, currency }), { maxLength: 4 }),
    transactions: fc.array(transaction, { maxLength: 12 }),
    salaries: fc.array(salary, { maxLength: 4 }),
    vat: fc.option(
      fc.record({
        billingDate: day,
        interval: fc.constantFrom('monthly', 'quarterly', 'biannually', 'yearly'),
        transactionMonthOffset: fc.integer({ min: 0, max: 12 }),
      }),
      { nil: null },
    ),
  })
  .map(({ vat, transactions, salaries, ...rest }) =>
    anInput({
      ...rest,
      transactions: transactions.map((t, i) => ({ ...t, id: i + 1 })),
      salaries: salaries.map((s, i) => ({ ...s, id: i + 1 })),
      vatSetting: vat === null ? null : { enabled: true, ...vat },
    }),
  );
