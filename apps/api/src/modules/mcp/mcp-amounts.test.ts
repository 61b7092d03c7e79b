import { describe, expect, it } from 'vitest';
import { money, rate, withAmounts } from './mcp-amounts.js';

describe('amounts in MCP answers', () => {
  it('gives minor units and the de-CH text, with the currency when one is named', () => {
    expect(money(123_450, 'CHF')).toEqual({ cents: 123_450, formatted: "1'234.50 CHF" });
    expect(money(-5)).toEqual({ cents: -5, formatted: '-0.05' });
  });

  it('writes rates in thousandths of a percent without float division', () => {
    expect(rate(5300)).toEqual({ thousandthsOfPercent: 5300, formatted: '5.3 %' });
    expect(rate(1025)).toEqual({ thousandthsOfPercent: 1025, formatted: '1.025 %' });
    expect(rate(100_000).formatted).toBe('100 %');
    expect(rate(0).formatted).toBe('0 %');
  });

  it('maps the amount keys where they hold numbers, in the nearest currency, and leaves the rest', () => {
    const answer = {
      currency: 'CHF',
      startBalance: 100,
      months: [{ month: '2026-11', revenue: 200, saldo: -300 }],
      account: { currency: { id: 2, code: 'EUR' }, amount: 400, id: 7 },
      details: { revenue: [{ name: 'Umsatz', amount: 500, children: [] }] },
      cost: { amountType: 'percentage', amount: 5300, calculatedAmount: 42 },
      fixed: { amountType: 'fixed', amount: 5300 },
      tolerancePercent: 5,
    };
    expect(withAmounts(answer)).toEqual({
      currency: 'CHF',
      startBalance: money(100, 'CHF'),
      months: [{ month: '2026-11', revenue: money(200, 'CHF'), saldo: money(-300, 'CHF') }],
      account: { currency: { id: 2, code: 'EUR' }, amount: money(400, 'EUR'), id: 7 },
      details: { revenue: [{ name: 'Umsatz', amount: money(500, 'CHF'), children: [] }] },
      cost: { amountType: 'percentage', amount: rate(5300), calculatedAmount: money(42, 'CHF') },
      fixed: { amountType: 'fixed', amount: money(5300, 'CHF') },
      tolerancePercent: 5,
    });
  });
});
