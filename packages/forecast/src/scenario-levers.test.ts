import { describe, expect, it } from 'vitest';
import type { LeverInput } from '@saldopilot/shared';
import { computeForecast } from './compute-forecast.js';
import {
  addedId,
  applyLevers,
  hireSalary,
  leverOfId,
  loanSchedule,
  scaledAmount,
  type LeverContext,
} from './scenario-levers.js';
import { aCost, aSalary, aTransaction, amountsOf, anInput, details, leavesOf } from './test-builders.js';

// docs/scenarios.md "Levers": every vector below is computed by hand in the comments.

const context: LeverContext = {
  categoryNames: new Map([
    [3, 'Umsatz'],
    [4, 'Miete'],
  ]),
  currencyCodes: new Map([[1, 'CHF']]),
  vatBasisPoints: new Map([[9, 810]]),
};

const apply = (levers: LeverInput[], input = anInput(), deleted: number[] = [], more: Partial<LeverContext> = {}) =>
  applyLevers(
    input,
    levers.map((lever, index) => ({ id: index + 1, lever, targetDeleted: deleted.includes(index + 1) })),
    { ...context, ...more },
  );

/** The employee of a salary without costs as the employees area's timeline (scenario-payroll.ts). */
const timelineOf = (salary: ReturnType<typeof aSalary>): LeverContext['employees'] =>
  new Map([
    [
      salary.employeeId,
      {
        salaries: [
          {
            ...salary,
            birthDate: null,
            hasThirteenthSalary: false,
            thirteenthSalaryMonth: 12,
          },
        ],
        costs: [],
      },
    ],
  ]);

describe('loanSchedule (docs/scenarios.md "Loan")', () => {
  it('annuity: 1000.00 at 12 % a year monthly over 3 payments after one interest-only payment', () => {
    // r = 1 % a month. Annuity = 100000 × 0.01 / (1 − 1.01^−3) = 34002.21… → 340.02.
    // Interest-only: 1000 × 1 % = 10.00. Then: interest 10.00, principal 340.02 − 10.00 = 330.02 (balance 669.98);
    // interest 6.6998 → 6.70, principal 333.32 (balance 336.66); last: interest 3.3666 → 3.37, principal 336.66.
    expect(
      loanSchedule({
        date: '2027-01-31',
        amount: 100_000,
        ratePercent: 12,
        repayment: 'annuity',
        cycle: 'monthly',
        payments: 3,
        interestOnlyPayments: 1,
      }),
    ).toEqual([
      { date: '2027-02-28', interest: 1000, principal: 0, total: 1000 },
      { date: '2027-03-31', interest: 1000, principal: 33002, total: 34002 },
      { date: '2027-04-30', interest: 670, principal: 33332, total: 34002 },
      { date: '2027-05-31', interest: 337, principal: 33666, total: 34003 },
    ]);
  });

  it('linear: 1000.00 at 12 % a year quarterly over 3 payments; the last takes the remainder', () => {
    // r = 3 % a quarter; principal round(1000 / 3) = 333.33. Interest 30.00; 666.67 × 3 % = 20.0001 → 20.00;
    // 333.34 × 3 % = 10.0002 → 10.00; the last principal is the balance 333.34.
    expect(
      loanSchedule({
        date: '2027-01-15',
        amount: 100_000,
        ratePercent: 12,
        repayment: 'linear',
        cycle: 'quarterly',
        payments: 3,
      }),
    ).toEqual([
      { date: '2027-04-15', interest: 3000, principal: 33333, total: 36333 },
      { date: '2027-07-15', interest: 2000, principal: 33333, total: 35333 },
      { date: '2027-10-15', interest: 1000, principal: 33334, total: 34334 },
    ]);
  });

  it('repays the principal exactly to the Rappen, also at 0 % and over many payments', () => {
    for (const repayment of ['annuity', 'linear'] as const) {
      for (const ratePercent of [0, 4.5, 7.125]) {
        const payments = loanSchedule({
          date: '2027-01-01',
          amount: 10_000_001,
          ratePercent,
          repayment,
          cycle: 'halfYearly',
          payments: 17,
        });
        expect(payments.reduce((sum, payment) => sum + payment.principal, 0)).toBe(10_000_001);
        expect(payments.every((payment) => Number.isInteger(payment.total))).toBe(true);
      }
    }
  });

  it('shows as two rows: the disbursement (Darlehen) and the payments (Zins und Amortisation)', () => {
    const input = apply([
      {
        type: 'loan',
        name: 'Kredit',
        date: '2026-04-10',
        amount: 100_000,
        currencyId: 1,
        ratePercent: 12,
        repayment: 'linear',
        cycle: 'quarterly',
        payments: 3,
      },
    ]);
    const result = computeForecast({ ...input, months: 12 });
    expect(amountsOf(result, 'transactions', addedId(1, 0))).toEqual({ '2026-04': 100_000 });
    expect(amountsOf(result, 'transactions', addedId(1, 1))).toEqual({
      '2026-07': -36_333,
      '2026-10': -35_333,
      '2027-01': -34_334,
    });
    expect(leverOfId(addedId(1, 1))).toBe(1);
  });
});

describe('hire (docs/scenarios.md "Hire")', () => {
  const hire = {
    type: 'hire',
    name: 'Entwicklerin',
    from: '2027-03-01',
    salary: 850_000,
    currencyId: 1,
    birthDate: '1992-05-01',
    payments: 13,
  } as const;

  it("applies every Swiss preset of the employees area: 8'500.00 × 13, born 1992", () => {
    const salary = hireSalary(7, hire, 'CHF', '2026-11-21');
    // Employee side per month: AHV 5.3 % 450.50, ALV 1.1 % 93.50 (110'500 a year < 148'200), UVG NBU 1.2 % 102.00,
    // KTG 0.6 % 51.00, BVG: coordinated min(110'500 − 26'460, 64'260) = 64'260 × 10 % (age 35 in 2027) / 12 / 2
    // = 267.75 → 964.75.
    expect(salary).toMatchObject({
      amount: 850_000,
      employeeDeductions: 96_475,
      fromDate: '2027-03-01',
      employeeName: 'Entwicklerin',
    });
    // Per cost, one month's payment (each side where both bear it): FAK 1.025 % = 87.125 → 87.12, UVG BU 0.6 % 51.00.
    const april = Object.fromEntries(
      salary.costs.map((cost) => [cost.labelName, cost.details.find((detail) => detail.month === '2027-04')?.amount]),
    );
    expect(april).toEqual({
      'AHV/IV/EO': 45_050,
      ALV: 9_350,
      FAK: 8_712,
      'UVG NBU': 10_200,
      'UVG BU': 5_100,
      KTG: 5_100,
      BVG: 26_775,
    });
    // 13th salary 2027: March–December = 10/12 × 8'500.00 = 7'083.33, less the employee's percentages on it:
    // AHV floor(15'583.33 × 5.3 %) − 450.50 = 375.41, ALV 171.41 − 93.50 = 77.91, NBU 186.99 − 102.00 = 84.99,
    // KTG 93.49 − 51.00 = 42.49 → 7'083.33 − 580.80 = 6'502.53. 2028: 8'500.00 − 697.00 = 7'803.00.
    expect(salary.netAdjustments?.slice(0, 2)).toEqual([
      { month: '2027-12', amount: 650_253, thirteenthSalary: true },
      { month: '2028-12', amount: 780_300, thirteenthSalary: true },
    ]);
  });

  it('takes the BVG band of each year: 7 % at 34 in 2026, 10 % at 35 in 2027', () => {
    const salary = hireSalary(7, { ...hire, from: '2026-12-01' }, 'CHF', '2026-11-21');
    const bvg = salary.costs.find((cost) => cost.labelName === 'BVG');
    // December 2026's step (64'260 × 7 % / 24 = 187.425 → 187.42) is paid in January, a month in arrears.
    expect(bvg?.details.slice(0, 2).map((detail) => [detail.month, detail.amount])).toEqual([
      ['2027-01', 18_742],
      ['2027-02', 26_775],
    ]);
  });

  it('pays the net salary in the forecast as its own employee leaf', () => {
    const input = apply([hire], anInput({ today: '2026-11-21', months: 6 }));
    const result = computeForecast(input);
    // March and April 2027: 8'500.00 − 964.75 = 7'535.25.
    expect(amountsOf(result, 'salaries', addedId(1, 0))).toEqual({ '2027-03': -753_525, '2027-04': -753_525 });
  });
});

describe('delay, percentage, customer and transaction levers', () => {
  const today = '2026-11-21';
  const rent = aTransaction({ id: 5, startDate: '2026-01-15', categoryName: 'Miete' });

  it('delay: 30 days from 01.12.2026 moves December into January, across the year end', () => {
    const input = apply(
      [{ type: 'delay', days: 30, from: '2026-12-01', transactionId: 5 }],
      anInput({ today, months: 4, transactions: [rent] }),
    );
    const result = computeForecast(input);
    // 15.12.2026 → 14.01.2027, 15.01.2027 → 14.02.2027, …: December pays nothing, every later month one rent.
    expect(amountsOf(result, 'transactions', 5)).toEqual({ '2027-01': -100_000, '2027-02': -100_000 });
    const base = computeForecast(anInput({ today, months: 4, transactions: [rent] }));
    expect(amountsOf(base, 'transactions', 5)).toEqual({
      '2026-12': -100_000,
      '2027-01': -100_000,
      '2027-02': -100_000,
    });
  });

  it('percentage: −10 % on all expenses from 01.01.2027 to 28.02.2027, rounded once per occurrence', () => {
    const odd = aTransaction({ id: 6, amount: -33_335, startDate: '2026-01-20', categoryName: 'Software' });
    const input = apply(
      [{ type: 'percentage', percent: -10, from: '2027-01-01', to: '2027-02-28', side: 'expense' }],
      anInput({ today, months: 5, transactions: [rent, odd] }),
    );
    const result = computeForecast(input);
    expect(amountsOf(result, 'transactions', 5)).toEqual({
      '2026-12': -100_000,
      '2027-01': -90_000,
      '2027-02': -90_000,
      '2027-03': -100_000,
    });
    // 333.35 × 0.9 = 300.015 → 300.02 (half away from zero).
    expect(amountsOf(result, 'transactions', 6)['2027-01']).toBe(-30_002);
    expect(scaledAmount(-33_335, -10)).toBe(-30_002);
    expect(scaledAmount(100, 2.5)).toBe(103);
  });

  it('lost customer: every revenue of the category stops from the date; expenses of it stay', () => {
    const fee = aTransaction({ id: 7, amount: 500_000, startDate: '2026-01-05', categoryName: 'Umsatz' });
    const refund = aTransaction({ id: 8, amount: -10_000, startDate: '2026-01-05', categoryName: 'Umsatz' });
    const input = apply(
      [{ type: 'customer', action: 'lose', from: '2027-01-01', categoryId: 3 }],
      anInput({ today, months: 4, transactions: [fee, refund] }),
    );
    const result = computeForecast(input);
    expect(amountsOf(result, 'transactions', 7)).toEqual({ '2026-12': 500_000 });
    expect(Object.keys(amountsOf(result, 'transactions', 8))).toEqual(['2026-12', '2027-01', '2027-02']);
  });

  it('transaction change from a date keeps the dates, changes the amount; stop ends it', () => {
    const changed = apply(
      [{ type: 'transaction', action: 'change', transactionId: 5, from: '2027-01-01', amount: -120_000 }],
      anInput({ today, months: 4, transactions: [rent] }),
    );
    expect(amountsOf(computeForecast(changed), 'transactions', 5)).toEqual({
      '2026-12': -100_000,
      '2027-01': -120_000,
      '2027-02': -120_000,
    });
    const stopped = apply(
      [{ type: 'transaction', action: 'stop', transactionId: 5, from: '2027-01-01' }],
      anInput({ today, months: 4, transactions: [rent] }),
    );
    expect(amountsOf(computeForecast(stopped), 'transactions', 5)).toEqual({ '2026-12': -100_000 });
  });

  it('levers compose in order: a delay after a percentage delays the changed amounts', () => {
    const input = apply(
      [
        { type: 'percentage', percent: 50, from: '2026-12-01', side: 'expense' },
        { type: 'delay', days: 31, from: '2026-12-01', side: 'expense' },
      ],
      anInput({ today, months: 3, transactions: [rent] }),
    );
    expect(amountsOf(computeForecast(input), 'transactions', 5)).toEqual({ '2027-01': -150_000 });
  });

  it('a lever whose target is gone ("Ziel gelöscht") changes nothing', () => {
    const input = anInput({ today, months: 4, transactions: [rent] });
    const applied = apply([{ type: 'transaction', action: 'stop', transactionId: 5, from: '2026-12-01' }], input, [1]);
    expect(applied).toEqual(input);
  });

  it('leave: the salary ends with its last payment before the exit', () => {
    const salary = aSalary({ id: 11, employeeId: 11, fromDate: '2026-01-25' });
    const input = apply(
      [{ type: 'leave', employeeId: 11, date: '2027-01-01' }],
      anInput({ today, months: 4, salaries: [salary] }),
      [],
      { employees: timelineOf(salary) },
    );
    expect(Object.keys(amountsOf(computeForecast(input), 'salaries', 11))).toEqual(['2026-11', '2026-12']);
  });

  it('raise: +10 % from 01.01.2027 for everyone', () => {
    const salary = aSalary({ id: 11, employeeId: 11, amount: 800_000, fromDate: '2026-01-25' });
    const input = apply(
      [{ type: 'raise', from: '2027-01-01', percent: 10 }],
      anInput({ today, months: 4, salaries: [salary] }),
      [],
      { employees: timelineOf(salary) },
    );
    const paid = computeForecast(input).details.map(
      (month) => month.expense.flatMap((category) => category.children).find((leaf) => leaf.employeeId === 11)?.amount,
    );
    expect(paid).toEqual([-800_000, -800_000, -880_000, -880_000]);
  });
});

describe('VAT switch (docs/scenarios.md "VAT switch")', () => {
  // 1'000.00 revenue on the 10th of every month at 8.1 %: 81.00 output tax a month.
  const revenue = aTransaction({
    id: 9,
    amount: 100_000,
    startDate: '2026-01-10',
    vatBasisPoints: 810,
    categoryName: 'Umsatz',
  });
  const quarterly = {
    enabled: true,
    billingDate: '2026-04-01',
    transactionMonthOffset: 0,
    interval: 'quarterly',
    paymentTerm: 'estv',
  } as const;
  const vatOf = (input: ReturnType<typeof anInput>) => {
    const result = computeForecast(input);
    return Object.fromEntries(
      [0, 1, 2, 3, 11, 12, 13].flatMap((id) => {
        const amounts = amountsOf(result, 'vat_settlement', id);
        return Object.keys(amounts).length > 0 ? [[id, amounts]] : [];
      }),
    );
  };

  it('quarterly → monthly from 01.12.2026: the straddling quarter settles October and November only', () => {
    const base = anInput({ today: '2026-11-21', months: 8, transactions: [revenue], vatSetting: quarterly });
    const input = apply(
      [
        {
          type: 'vat',
          from: '2026-12-01',
          setting: { ...quarterly, billingDate: '2026-12-01', interval: 'monthly' },
        },
      ],
      base,
    );
    // Base: Q3 (Jul–Sep) 3 × 81.00 = 243.00 due 60 days after 30.09. (29.11.); Q4 in February, Q1 2027 in May.
    expect(vatOf(base)).toEqual({ 0: { '2026-11': -24_300, '2027-02': -24_300, '2027-05': -24_300 } });
    // Scenario: Q3 as before; Q4 under the old setting holds October and November only (162.00, February);
    // monthly from December: December → February (28.02.), January → March, February → April, March → May,
    // April → June, 81.00 each. February pays both: 162.00 + 81.00 = 243.00.
    expect(vatOf(input)).toEqual({
      0: {
        '2026-11': -24_300,
        '2027-02': -24_300,
        '2027-03': -8_100,
        '2027-04': -8_100,
        '2027-05': -8_100,
        '2027-06': -8_100,
      },
    });
  });

  it('a switch from annual filing (Art. 86a) takes effect on the next 1 January', () => {
    const annual = {
      enabled: true,
      billingDate: '2026-01-01',
      transactionMonthOffset: 0,
      interval: 'yearly',
      previousYearTax: 800_000,
    } as const;
    const base = anInput({ today: '2026-11-21', months: 17, transactions: [revenue], vatSetting: annual });
    const input = apply(
      [
        {
          type: 'vat',
          from: '2027-07-01',
          setting: {
            enabled: true,
            billingDate: '2027-01-01',
            transactionMonthOffset: 0,
            interval: 'monthly',
            paymentTerm: 'estv',
          },
        },
      ],
      base,
    );
    // 2026: the third instalment of the entered 8'000.00, 2'000.00 on day 330 (26.11.); the balance
    // 12 × 81.00 = 972.00 − 6'000.00 = −5'028.00 comes back in February 2027. 2027 stays annual (the
    // switch waits for 1 January 2028): ¼ of 2026's 972.00 = 243.00 (estimated) on 30.05., 28.08.,
    // 26.11.; the balance 972.00 − 729.00 = 243.00 in February 2028.
    const annualPart = {
      0: { '2027-02': 502_800, '2028-02': -24_300 },
      3: { '2026-11': -200_000 },
      11: { '2027-05': -24_300 },
      12: { '2027-08': -24_300 },
      13: { '2027-11': -24_300 },
    };
    expect(vatOf(base)).toEqual(annualPart);
    // Monthly from January 2028: January's 81.00 in March 2028.
    expect(vatOf(input)).toEqual({ ...annualPart, 0: { ...annualPart[0], '2028-03': -8_100 } });
  });

  it('a switch to annual filing on 01.03.2027 also waits for 1 January; the first instalments from the entered tax', () => {
    const base = anInput({ today: '2026-11-21', months: 20, transactions: [revenue], vatSetting: quarterly });
    const input = apply(
      [
        {
          type: 'vat',
          from: '2027-03-01',
          setting: {
            enabled: true,
            billingDate: '2027-01-01',
            transactionMonthOffset: 0,
            interval: 'yearly',
            previousYearTax: 800_000,
          },
        },
      ],
      base,
    );
    // Quarterly through December 2027 (Q4 2027 in February 2028); annual from 2028: ¼ of the entered
    // 8'000.00 = 2'000.00 on day 150 of 2028 (29.05.). The base would pay Q1 2028 (243.00) in May 2028.
    const quarters = {
      '2026-11': -24_300,
      '2027-02': -24_300,
      '2027-05': -24_300,
      '2027-08': -24_300,
      '2027-11': -24_300,
      '2028-02': -24_300,
    };
    expect(vatOf(base)).toEqual({ 0: { ...quarters, '2028-05': -24_300 } });
    expect(vatOf(input)).toEqual({ 0: quarters, 1: { '2028-05': -200_000 } });
  });

  it('turns on a monthly settlement from 01.12.2026: November, before it, stays without VAT', () => {
    const input = apply(
      [
        {
          type: 'vat',
          from: '2026-12-01',
          setting: { enabled: true, billingDate: '2026-12-01', transactionMonthOffset: 1, interval: 'monthly' },
        },
      ],
      anInput({ today: '2026-11-21', months: 4, transactions: [revenue] }),
    );
    // Period p of billing date 01.12.2026 covers November + p and is paid on 01.12. + p + 1 month:
    // November (no setting then) nothing; December's 81.00 on 01.02.2027.
    expect(vatOf(input)).toEqual({ 0: { '2027-02': -8_100 } });
  });
});

describe('payment calendar in the VAT/settings lever (docs/scenarios.md "Payment calendar")', () => {
  // 10'000.00 a month; AHV 5.3 % borne by both paid to the Ausgleichskasse, a month in arrears: 530.00 × 2 =
  // 1'060.00 per salary month.
  const salary = aSalary({
    id: 11,
    amount: 1_000_000,
    fromDate: '2026-01-01',
    costs: [aCost({ fund: 'ahv', distributionType: 'both', details: details('2026-11', 30, 53_000) })],
  });
  const vat = { enabled: false, billingDate: '2026-01-01', transactionMonthOffset: 0, interval: 'quarterly' } as const;
  const ahv = (rhythm: 'monthly' | 'quarterly') => ({ rhythm, akonto: null, dueDays: 10, differenceMonth: 3 });
  const input = anInput({
    today: '2026-11-21',
    months: 7,
    salaries: [salary],
    paymentCalendar: { ahv: ahv('quarterly') },
  });
  const costsByMonth = (applied: ReturnType<typeof anInput>) => {
    const sums: Record<string, number> = {};
    for (const leaf of leavesOf(computeForecast(applied))) {
      if (leaf.relatedTable === 'salary_cost_labels') sums[leaf.month] = (sums[leaf.month] ?? 0) + leaf.amount;
    }
    return sums;
  };

  it('AHV quarterly → monthly from 01.01.2027: 2026 keeps its quarters, 2027 pays a monthly Akonto', () => {
    // Base: 2026's contributions 12 × 1'060.00 = 12'720.00, 3'180.00 a quarter; Q4 due 10.01.2027, Q1 2027 due
    // 10.04.2027. No difference (the Akonto is the contributions).
    expect(costsByMonth(input)).toEqual({ '2027-01': -318_000, '2027-04': -318_000 });
    // Monthly from 2027: each month's 1'060.00 due on the 10th of the next.
    const monthly = apply(
      [{ type: 'vat', from: '2027-01-01', setting: vat, paymentCalendar: { ahv: ahv('monthly') } }],
      input,
    );
    const expected = {
      '2027-01': -318_000,
      '2027-02': -106_000,
      '2027-03': -106_000,
      '2027-04': -106_000,
      '2027-05': -106_000,
    };
    expect(costsByMonth(monthly)).toEqual(expected);
    // Without a calendar from 2027 (`{}`): paid with the salaries, a month in arrears, the same months; January
    // pays December's step, which 2026's calendar holds in Q4.
    const direct = apply([{ type: 'vat', from: '2027-01-01', setting: vat, paymentCalendar: {} }], input);
    expect(costsByMonth(direct)).toEqual(expected);
  });

  it('a calendar from a date within a year waits for the next 1 January', () => {
    const later = apply(
      [{ type: 'vat', from: '2027-03-01', setting: vat, paymentCalendar: { ahv: ahv('monthly') } }],
      input,
    );
    expect(costsByMonth(later)).toEqual(costsByMonth(input));
  });
});
