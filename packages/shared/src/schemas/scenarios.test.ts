import { describe, expect, it } from 'vitest';
import { leverInputSchema, scenarioCompareQuerySchema, scenarioCreateSchema } from './scenarios.js';

describe('the scenarios contract (docs/scenarios.md "Levers")', () => {
  it('takes the scripted shapes of the issue as written', () => {
    const levers = [
      { type: 'oneOff', name: 'Investition', date: '2027-03-01', amount: -5_000_000, currencyId: 1 },
      {
        type: 'loan',
        name: 'Bankkredit',
        date: '2027-01-15',
        amount: 10_000_000,
        currencyId: 1,
        ratePercent: 4.5,
        repayment: 'annuity',
        cycle: 'halfYearly',
        payments: 10,
        interestOnlyPayments: 2,
      },
      { type: 'delay', days: 60, from: '2027-01-01', side: 'revenue' },
      {
        type: 'hire',
        name: 'Entwicklerin',
        from: '2027-03-01',
        salary: 850_000,
        currencyId: 1,
        birthDate: '1990-05-01',
        payments: 13,
      },
    ];
    for (const lever of levers) expect(leverInputSchema.safeParse(lever).success).toBe(true);
  });

  it('refuses in German: unknown type, two targets, a delay out of range', () => {
    const unknown = leverInputSchema.safeParse({ type: 'magic' });
    expect(unknown.error?.issues[0]?.message).toContain('Ungültiger Hebel');
    const twoTargets = leverInputSchema.safeParse({
      type: 'delay',
      days: 5,
      from: '2027-01-01',
      side: 'revenue',
      categoryId: 2,
    });
    expect(twoTargets.error?.issues[0]?.message).toBe('Bitte genau eines wählen: Transaktion, Kategorie oder Seite');
    const tooLong = leverInputSchema.safeParse({ type: 'delay', days: 366, from: '2027-01-01', side: 'revenue' });
    expect(tooLong.error?.issues[0]?.message).toBe('Die Verschiebung muss eine ganze Zahl von 1 bis 365 Tagen sein');
    const percent = leverInputSchema.safeParse({
      type: 'percentage',
      percent: 1.234,
      from: '2027-01-01',
      side: 'expense',
    });
    expect(percent.success).toBe(false);
  });

  it('reads compare ids: base and up to four scenarios, each once', () => {
    expect(scenarioCompareQuerySchema.parse({ ids: 'base,3,7' }).ids).toEqual(['base', 3, 7]);
    expect(scenarioCompareQuerySchema.safeParse({ ids: 'base,3,3' }).success).toBe(false);
    expect(scenarioCompareQuerySchema.safeParse({ ids: 'base,1,2,3,4,5' }).success).toBe(false);
    expect(scenarioCompareQuerySchema.safeParse({ ids: '0' }).success).toBe(false);
  });

  it('takes a scenario with a colour, lower-cased', () => {
    expect(scenarioCreateSchema.parse({ name: 'Worst case', color: '#FF0000' }).color).toBe('#ff0000');
  });
});
