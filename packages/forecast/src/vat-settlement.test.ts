import { describe, expect, it } from 'vitest';
import { computeForecast } from './compute-forecast.js';
import { parseMonthIndex } from './horizon.js';
import { aTransaction, amountsOf, anInput, leavesOf } from './test-builders.js';
import type { ForecastInput, ForecastTransaction, ForecastVatSetting } from './types.js';
import { estvPaymentDay, intervalMonths, netTaxOf } from './vat-settlement.js';

const revenue = (overrides: Partial<ForecastTransaction> = {}) =>
  aTransaction({ name: 'Kunde', categoryName: 'Projekte', amount: 100_000, vatBasisPoints: 810, ...overrides });
const expense = (overrides: Partial<ForecastTransaction> = {}) =>
  aTransaction({
    id: 2,
    name: 'Material',
    categoryName: 'Einkauf',
    amount: -100_000,
    vatBasisPoints: 810,
    ...overrides,
  });

/** The VAT settlement leaves of a forecast by month, with their side and parts. */
function vatLeaves(input: Partial<ForecastInput>) {
  const result = computeForecast(anInput(input));
  return Object.fromEntries(
    leavesOf(result)
      .filter((leaf) => leaf.relatedTable === 'vat_settlement')
      .map(({ month, side, name: _name, relatedTable: _table, relatedId: _id, isExcluded: _excluded, ...rest }) => [
        month,
        { side, ...rest },
      ]),
  );
}

function settlements(
  setting: Partial<ForecastVatSetting>,
  transactions: ForecastTransaction[],
  extra: Partial<ForecastInput> = {},
) {
  const vatSetting = {
    enabled: true,
    billingDate: '2026-01-01',
    interval: 'monthly',
    transactionMonthOffset: 1,
    ...setting,
  };
  return amountsOf(computeForecast(anInput({ months: 6, transactions, vatSetting, ...extra })), 'vat_settlement', 0);
}

describe('VAT settlement (docs/vat.md)', () => {
  it.each([
    { interval: 'monthly', expected: 1 },
    { interval: 'quarterly', expected: 3 },
    { interval: 'biannually', expected: 6 },
    { interval: 'yearly', expected: 12 },
    { interval: 'weekly', expected: 3 },
    { interval: 'toString', expected: 3 },
  ])('interval $interval is $expected months', ({ interval, expected }) => {
    expect(intervalMonths(interval)).toBe(expected);
  });

  it.each([
    {
      rule: 'monthly, offset 1: the VAT of month m is paid on the 1st of m + 2; March 1 is before today',
      setting: {},
      transactions: [revenue({ startDate: '2025-12-10', cycle: 'monthly' })],
      // 8'100 per month (VAT on top of 1'000.00); January's VAT was paid on March 1 (before today).
      expected: { '2026-04': -8_100, '2026-05': -8_100, '2026-06': -8_100, '2026-07': -8_100, '2026-08': -8_100 },
    },
    {
      rule: 'VAT included: amount × v DIV (10000 + v)',
      setting: {},
      transactions: [
        revenue({ startDate: '2026-02-10', type: 'single', amount: 107_700, vatBasisPoints: 770, vatIncluded: true }),
      ],
      expected: { '2026-04': -7_700 },
    },
    {
      rule: 'past single occurrences count, exclusions are ignored',
      setting: { billingDate: '2026-03-18' },
      transactions: [revenue({ startDate: '2026-02-05', type: 'single' })],
      expected: { '2026-04': -8_100 },
    },
    {
      rule: 'a settlement on today is not added (strictly after today)',
      setting: { billingDate: '2026-02-17' },
      transactions: [revenue({ startDate: '2026-01-05', type: 'single' })],
      expected: {},
    },
    {
      rule: 'quarterly, offset 2: Q (Dec–Feb) paid on March 31 + 2 = May 31 (stable add)',
      setting: { billingDate: '2026-03-31', interval: 'quarterly', transactionMonthOffset: 2 },
      transactions: [revenue({ startDate: '2025-12-01', cycle: 'monthly' })],
      expected: { '2026-05': -24_300, '2026-08': -24_300 },
    },
    {
      rule: 'months before the first period are dropped',
      setting: { billingDate: '2026-05-01', interval: 'quarterly', transactionMonthOffset: 0 },
      transactions: [revenue({ startDate: '2026-01-01', cycle: 'monthly' })],
      // First period Feb–Apr (January dropped), paid May 1; May–Jul paid Aug 1.
      expected: { '2026-05': -24_300, '2026-08': -24_300 },
    },
    {
      rule: 'transactions without a rate or at 0 % carry no VAT to settle, revenue or expense',
      setting: {},
      transactions: [
        revenue({ id: 1, amount: -100_000, vatBasisPoints: null, startDate: '2026-02-10', type: 'single' }),
        revenue({ id: 2, vatBasisPoints: null, startDate: '2026-02-10', type: 'single' }),
        revenue({ id: 3, vatBasisPoints: 0, startDate: '2026-02-10', type: 'single' }),
        revenue({ id: 4, amount: -100_000, vatBasisPoints: 0, startDate: '2026-02-10', type: 'single' }),
      ],
      expected: {},
    },
    {
      rule: 'an existing setting with paymentTerm "offset" and method "effective" spelled out computes the same',
      setting: {
        billingDate: '2026-03-31',
        interval: 'quarterly',
        transactionMonthOffset: 2,
        paymentTerm: 'offset' as const,
        method: 'effective' as const,
      },
      transactions: [revenue({ startDate: '2025-12-01', cycle: 'monthly' })],
      expected: { '2026-05': -24_300, '2026-08': -24_300 },
    },
    {
      rule: 'a disabled setting settles nothing',
      setting: { enabled: false },
      transactions: [revenue({ startDate: '2026-02-10', type: 'single' })],
      expected: {},
    },
    {
      rule: 'VAT is converted with the transaction currency (8100.00 EUR / 1.083706)',
      setting: {},
      transactions: [revenue({ startDate: '2026-02-10', type: 'single', currency: 'EUR' })],
      expected: { '2026-04': -7_474 },
    },
  ])('$rule', ({ setting, transactions, expected }) => {
    expect(settlements(setting, transactions, { rates: { EUR: 1.083706 } })).toEqual(expected);
  });

  it('is one leaf "MWST" (vat_settlement, id 0) under "MWST" and gets the performance, rounded per leaf', () => {
    const result = computeForecast(
      anInput({
        months: 2,
        performance: 150,
        transactions: [revenue({ startDate: '2026-02-10', type: 'single', amount: 100_013 })],
        vatSetting: { enabled: true, billingDate: '2026-02-01', interval: 'monthly', transactionMonthOffset: 1 },
      }),
    );
    // VAT 81.01 (1'000.13 × 8.1 %, truncated) × 150 % = 121.515 → 121.52 (half away from zero).
    expect(result.details[1]?.expense).toEqual([
      {
        name: 'MWST',
        amount: -12_152,
        children: [
          {
            name: 'MWST',
            amount: -12_152,
            relatedTable: 'vat_settlement',
            relatedId: 0,
            isExcluded: false,
            outputTax: 12_152,
            inputTax: 0,
          },
        ],
      },
    ]);
  });
});

describe('VAT settlement, effective method: output tax − input tax (docs/vat.md)', () => {
  // Quarterly, paid one month after the billing date: Q1 (Jan–Mar) on 2026-05-01, Q2 on 2026-08-01.
  const quarterly = { enabled: true, billingDate: '2026-04-01', interval: 'quarterly', transactionMonthOffset: 1 };

  // docs/vat.md "Effective method (effektive Abrechnungsmethode)"
  it('deducts the VAT of the expenses of the period: 3645.00 − 243.00 = 3402.00 a quarter', () => {
    // Revenue 15'000.00 net a month at 8.1 %: 1'215.00 VAT a month, 3'645.00 a quarter.
    // An expense of 1'000.00 net a month at 8.1 %: 81.00 input tax a month, 243.00 a quarter.
    // Q1 (January and February are past, they count) is paid on May 1, Q2 on August 1.
    const leaves = vatLeaves({
      months: 6,
      vatSetting: quarterly,
      transactions: [
        revenue({ amount: 1_500_000, startDate: '2026-01-05', cycle: 'monthly' }),
        expense({ startDate: '2026-01-20', cycle: 'monthly' }),
      ],
    });
    expect(leaves).toEqual({
      '2026-05': { side: 'expense', amount: -340_200, outputTax: 364_500, inputTax: 24_300 },
      '2026-08': { side: 'expense', amount: -340_200, outputTax: 364_500, inputTax: 24_300 },
    });
  });

  it('takes the input tax of an amount with VAT included and in another currency', () => {
    // 1'077.00 incl. 7.7 %: 1'077.00 × 770 / 10'770 = 77.00 input tax. 108.10 EUR incl. 8.1 %:
    // 10'810 × 810 / 10'810 = 8.10 EUR = 810 / 1.083706 = 747.43… → 7.47 CHF. Together 84.47.
    const leaves = vatLeaves({
      months: 3,
      rates: { EUR: 1.083706 },
      vatSetting: quarterly,
      transactions: [
        revenue({ startDate: '2026-02-10', type: 'single' }),
        expense({
          id: 2,
          amount: -107_700,
          vatBasisPoints: 770,
          vatIncluded: true,
          startDate: '2026-02-11',
          type: 'single',
        }),
        expense({
          id: 3,
          amount: -10_810,
          currency: 'EUR',
          vatIncluded: true,
          startDate: '2026-02-12',
          type: 'single',
        }),
      ],
    });
    // 81.00 output tax − 84.47 input tax = 3.47 back.
    expect(leaves).toEqual({ '2026-05': { side: 'revenue', amount: 347, outputTax: 8_100, inputTax: 8_447 } });
  });

  it('pays a refund as revenue in the month it is paid, in the same row "MWST"', () => {
    // Monthly, paid one month after the billing date: April's period is paid on June 1.
    // April: revenue 1'000.00 net (81.00 VAT), a purchase of 10'000.00 net (810.00 input tax): 729.00 back.
    const result = computeForecast(
      anInput({
        months: 4,
        vatSetting: { enabled: true, billingDate: '2026-03-01', interval: 'monthly', transactionMonthOffset: 1 },
        transactions: [
          revenue({ startDate: '2026-04-10', type: 'single' }),
          expense({ amount: -1_000_000, startDate: '2026-04-15', type: 'single' }),
        ],
      }),
    );
    const june = result.details[3];
    expect(june?.month).toBe('2026-06');
    expect(june?.expense).toEqual([]);
    expect(june?.revenue).toEqual([
      {
        name: 'MWST',
        amount: 72_900,
        children: [
          {
            name: 'MWST',
            amount: 72_900,
            relatedTable: 'vat_settlement',
            relatedId: 0,
            isExcluded: false,
            outputTax: 8_100,
            inputTax: 81_000,
          },
        ],
      },
    ]);
    expect(result.months[3]).toMatchObject({ month: '2026-06', revenue: 72_900, expense: 0, cashflow: 72_900 });
  });

  it('applies the performance to the output tax only: input tax is on expenses, which performance leaves alone', () => {
    // Output tax 81.01 (1'000.13 × 8.1 %, truncated) × 150 % = 121.515 → 121.52 (half away from zero);
    // input tax 24.30 (300.00 × 8.1 %) stays: 121.52 − 24.30 = 97.22, not (81.01 − 24.30) × 150 % = 85.07.
    const setting = { enabled: true, billingDate: '2026-04-01', interval: 'monthly', transactionMonthOffset: 1 };
    const transactions = [
      revenue({ amount: 100_013, startDate: '2026-03-10', type: 'single' as const }),
      expense({ amount: -30_000, startDate: '2026-03-11', type: 'single' as const }),
    ];
    expect(vatLeaves({ months: 3, performance: 150, vatSetting: setting, transactions })).toEqual({
      '2026-05': { side: 'expense', amount: -9_722, outputTax: 12_152, inputTax: 2_430 },
    });
    // At 0 % no revenue is expected, so the input tax comes back: 24.30 revenue.
    expect(vatLeaves({ months: 3, performance: 0, vatSetting: setting, transactions })).toEqual({
      '2026-05': { side: 'revenue', amount: 2_430, outputTax: 0, inputTax: 2_430 },
    });
  });

  it('settles nothing when output and input tax cancel out', () => {
    const leaves = vatLeaves({
      months: 3,
      vatSetting: quarterly,
      transactions: [
        revenue({ startDate: '2026-02-10', type: 'single' }),
        expense({ startDate: '2026-03-10', type: 'single' }),
      ],
    });
    expect(leaves).toEqual({});
  });
});

describe('VAT settlement, net tax rate method (Saldosteuersatz, docs/vat.md)', () => {
  // Half-yearly, paid by the ESTV deadline: Jan–Jun on August 29, Jul–Dec on February 28, 2027.
  const halfYearly = {
    enabled: true,
    billingDate: '2026-07-01',
    interval: 'biannually',
    transactionMonthOffset: 0,
    paymentTerm: 'estv' as const,
    method: 'netTaxRate' as const,
    netTaxRate: 6_200,
  };
  // 10'000.00 net a month at 8.1 %: 10'810.00 gross a month, 64'860.00 a half-year.
  const transactions = [
    revenue({ amount: 1_000_000, startDate: '2026-01-05', cycle: 'monthly' }),
    // Input tax is not deducted, and revenue without VAT is not part of the taxable turnover.
    expense({ amount: -500_000, startDate: '2026-01-20', cycle: 'monthly' }),
    revenue({ id: 3, name: 'Zins', amount: 200_000, vatBasisPoints: null, startDate: '2026-01-25', cycle: 'monthly' }),
  ];

  it('pays gross revenue × the rate half-yearly: 64860.00 × 6.2 % = 4021.32', () => {
    expect(vatLeaves({ months: 12, vatSetting: halfYearly, transactions })).toEqual({
      '2026-08': { side: 'expense', amount: -402_132, grossRevenue: 6_486_000, netTaxRate: 6_200 },
      '2027-02': { side: 'expense', amount: -402_132, grossRevenue: 6_486_000, netTaxRate: 6_200 },
    });
  });

  it('with a second rate: 20 % of the gross revenue at 2.1 %, the rest at 6.2 %', () => {
    // 64'860.00 × (80 % × 6.2 % + 20 % × 2.1 %) = 64'860.00 × 5.38 % = 3'489.468 → 3'489.47.
    const setting = { ...halfYearly, netTaxRate2: 2_100, netTaxRate2Share: 20 };
    expect(vatLeaves({ months: 6, vatSetting: setting, transactions })).toEqual({
      '2026-08': {
        side: 'expense',
        amount: -348_947,
        grossRevenue: 6_486_000,
        netTaxRate: 6_200,
        netTaxRate2: 2_100,
        netTaxRate2Share: 20,
      },
    });
  });

  it('applies the performance to the gross revenue', () => {
    // 64'860.00 × 50 % = 32'430.00; × 6.2 % = 2'010.66.
    expect(vatLeaves({ months: 6, performance: 50, vatSetting: halfYearly, transactions })).toEqual({
      '2026-08': { side: 'expense', amount: -201_066, grossRevenue: 3_243_000, netTaxRate: 6_200 },
    });
  });

  it.each([
    { gross: 1_000_000, rate: 6_200, rate2: null, share: null, expected: 62_000 },
    // 0.25 × 6.2 % = 0.0155 → 0.02 (half away from zero); 0.24 × 6.2 % = 0.01488 → 0.01.
    { gross: 25, rate: 6_200, rate2: null, share: null, expected: 2 },
    { gross: 24, rate: 6_200, rate2: null, share: null, expected: 1 },
    // Exact beyond 2^53: 90 trillion Rappen × 10 % = 9 trillion.
    { gross: 9_000_000_000_000_000, rate: 10_000, rate2: null, share: null, expected: 900_000_000_000_000 },
    { gross: 6_486_000, rate: 6_200, rate2: 2_100, share: 20, expected: 348_947 },
  ])('netTaxOf($gross, $rate, $rate2, $share) = $expected', ({ gross, rate, rate2, share, expected }) => {
    expect(netTaxOf(gross, rate, rate2, share)).toBe(expected);
  });

  it.each([
    { netTaxRate: null },
    { netTaxRate: 0 },
    { netTaxRate: 10_001 },
    { netTaxRate2: 2_100 },
    { netTaxRate2Share: 20 },
    { netTaxRate2: 2_100, netTaxRate2Share: 100 },
  ])('refuses an impossible net tax rate setting %o (the API refuses it first)', (overrides) => {
    expect(() => computeForecast(anInput({ vatSetting: { ...halfYearly, ...overrides }, transactions }))).toThrow(
      RangeError,
    );
  });
});

describe('VAT payment by the ESTV deadline: 60 days after the period, in its second month (docs/vat.md)', () => {
  const month = (key: string) => parseMonthIndex(key);

  it.each([
    { period: 'quarter Jan–Mar', last: '2026-03', expected: { month: '2026-05', day: 30 } },
    { period: 'half-year Jan–Jun', last: '2026-06', expected: { month: '2026-08', day: 29 } },
    {
      period: 'half-year Jul–Dec (60th day is March 1: the last day of February)',
      last: '2026-12',
      expected: { month: '2027-02', day: 28 },
    },
    {
      period: 'Jul–Dec before a leap year (February 29 is the 60th day)',
      last: '2027-12',
      expected: { month: '2028-02', day: 29 },
    },
    {
      period: 'month January (60th day is April 1: the last day of March)',
      last: '2026-01',
      expected: { month: '2026-03', day: 31 },
    },
    { period: 'month February', last: '2026-02', expected: { month: '2026-04', day: 29 } },
    { period: 'month November', last: '2026-11', expected: { month: '2027-01', day: 29 } },
  ])('$period is paid on $expected.day of $expected.month', ({ last, expected }) => {
    expect(estvPaymentDay(month(last))).toEqual({ monthIndex: month(expected.month), day: expected.day });
  });

  const revenueFromJanuary = [revenue({ startDate: '2026-01-05', cycle: 'monthly' })];
  const estv = (setting: Partial<ForecastVatSetting>): ForecastVatSetting => ({
    enabled: true,
    billingDate: '2026-04-01',
    interval: 'quarterly',
    // Ignored with the ESTV term.
    transactionMonthOffset: 7,
    paymentTerm: 'estv',
    ...setting,
  });

  it('quarterly: Q1 (billing date April 1) in May, Q2 in August', () => {
    expect(settlements(estv({}), revenueFromJanuary, { months: 6 })).toEqual({
      '2026-05': -24_300,
      '2026-08': -24_300,
    });
  });

  it('half-yearly: Jan–Jun (billing date July 1) in August', () => {
    expect(settlements(estv({ billingDate: '2026-07-01', interval: 'biannually' }), revenueFromJanuary)).toEqual({
      '2026-08': -48_600,
    });
  });

  it('monthly: January in March (on the 31st, after today the 17th), February in April, March in May', () => {
    expect(
      settlements(estv({ billingDate: '2026-02-01', interval: 'monthly' }), revenueFromJanuary, { months: 3 }),
    ).toEqual({
      '2026-03': -8_100,
      '2026-04': -8_100,
      '2026-05': -8_100,
    });
  });

  it('a payment due today is taken as paid (strictly after today)', () => {
    // Q1 is due on May 30: on May 30 it is paid, on May 29 it is still ahead.
    expect(settlements(estv({}), revenueFromJanuary, { today: '2026-05-30', months: 4 })).toEqual({
      '2026-08': -24_300,
    });
    expect(settlements(estv({}), revenueFromJanuary, { today: '2026-05-29', months: 1 })).toEqual({
      '2026-05': -24_300,
    });
  });
});
