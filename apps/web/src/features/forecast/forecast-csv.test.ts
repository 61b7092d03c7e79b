import { describe, expect, it } from 'vitest';
import { forecastCsv } from './forecast-csv';

const months = [
  { month: '2026-11', revenue: 5_000_00, expense: -8_000_50, cashflow: -3_000_50, saldo: 6_999_50 },
  { month: '2026-12', revenue: 0, expense: -8_000_00, cashflow: -8_000_00, saldo: -1_000_50 },
];

describe('forecastCsv', () => {
  it('writes the totals per month with plain decimals', () => {
    expect(forecastCsv(months, undefined, 'CHF')).toBe(
      [
        'Betrag in CHF;November 2026;Dezember 2026',
        'Einnahmen;5000.00;0.00',
        'Ausgaben;-8000.50;-8000.00',
        'Cashflow;-3000.50;-8000.00',
        'Endsaldo;6999.50;-1000.50',
        '',
      ].join('\r\n'),
    );
  });

  it('adds categories and leaves when the details are loaded, quoting names that need it', () => {
    const leaf = { name: 'Miete; Büro', relatedTable: 'transactions' as const, relatedId: 4, isExcluded: false };
    const csv = forecastCsv(
      months,
      [
        {
          month: '2026-11',
          revenue: [],
          expense: [{ name: 'Generell', amount: -8_000_50, children: [{ ...leaf, amount: -8_000_50 }] }],
        },
        {
          month: '2026-12',
          revenue: [],
          expense: [{ name: 'Generell', amount: -8_000_00, children: [{ ...leaf, amount: null }] }],
        },
      ],
      'CHF',
    );
    expect(csv).toContain('Ausgaben / Generell;-8000.50;-8000.00');
    expect(csv).toContain('"Ausgaben / Generell / Miete; Büro";-8000.50;\r\n');
  });
});

describe('forecastCsv, salaries', () => {
  it('writes an employee once across a raise: the months of both salaries side by side', () => {
    const anna = { name: 'Anna Muster', relatedTable: 'salaries' as const, isExcluded: false, employeeId: 5 };
    const csv = forecastCsv(
      months,
      [
        {
          month: '2026-11',
          revenue: [],
          expense: [{ name: 'Löhne', amount: -8_000_50, children: [{ ...anna, relatedId: 11, amount: -8_000_50 }] }],
        },
        {
          month: '2026-12',
          revenue: [],
          expense: [{ name: 'Löhne', amount: -8_000_00, children: [{ ...anna, relatedId: 12, amount: -8_000_00 }] }],
        },
      ],
      'CHF',
    );
    expect(csv.split('\r\n').filter((row) => row.includes('Anna Muster'))).toEqual([
      'Ausgaben / Löhne / Anna Muster;-8000.50;-8000.00',
    ]);
  });
});
