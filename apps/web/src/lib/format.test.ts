import { describe, expect, it } from 'vitest';
import { formatDateTimeInZurich } from '@saldopilot/shared';
import {
  formatCurrencyLabel,
  formatLocalDateTime,
  formatPercent,
  formatServerDate,
  formatSignedAmount,
} from './format';

describe('web formatting', () => {
  it('labels a currency as code, dash, description', () => {
    expect(formatCurrencyLabel({ code: 'CHF', description: 'Franken (Schweiz)' })).toBe('CHF - Franken (Schweiz)');
  });

  it('shows the server date in Europe/Zurich', () => {
    expect(formatServerDate('2026-11-20T23:30:00.000Z')).toBe('21.11.2026');
    expect(formatServerDate(undefined)).toBeUndefined();
    expect(formatServerDate('not a date')).toBeUndefined();
  });

  it('shows an instant with its Zurich time', () => {
    expect(formatDateTimeInZurich('2026-05-02T12:30:00.000Z')).toBe('02.05.2026, 14:30');
  });

  it('shows an instant with seconds in the browser time zone', () => {
    const instant = new Date(2025, 0, 31, 14, 3, 22);
    expect(formatLocalDateTime(instant.toISOString())).toBe('31.01.2025, 14:03:22');
    expect(formatLocalDateTime(new Date(2026, 8, 5, 7, 0, 9).toISOString())).toBe('05.09.2026, 07:00:09');
    expect(formatLocalDateTime('not a date')).toBe('-');
  });

  it('shows a percentage with one decimal, signed for a variance, and a dash for none', () => {
    expect(formatPercent(12.3)).toBe('12.3 %');
    expect(formatPercent(0)).toBe('0.0 %');
    expect(formatPercent(3.45, { signed: true })).toBe('+3.5 %');
    expect(formatPercent(-1.5, { signed: true })).toBe('-1.5 %');
    expect(formatPercent(null)).toBe('–');
  });

  it('signs a positive variance', () => {
    expect(formatSignedAmount(50_00, 'CHF')).toBe('+50.00 CHF');
    expect(formatSignedAmount(-3_500_00, 'CHF')).toBe("-3'500.00 CHF");
    expect(formatSignedAmount(0, 'CHF')).toBe('0.00 CHF');
  });
});
