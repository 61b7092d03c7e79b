import { describe, expect, it } from 'vitest';
import { conflictFieldLabel, conflictValue } from './conflict-values';

describe('conflict values (docs/scenarios.md "One scenario")', () => {
  it('names the fields in German and formats amounts, dates and cycles', () => {
    expect(conflictFieldLabel('exitDate')).toBe('Austrittsdatum');
    expect(conflictFieldLabel('amount')).toBe('Betrag');
    expect(conflictValue('amount', -250_000)).toBe("-2'500.00");
    expect(conflictValue('exitDate', '2027-04-01')).toBe('01.04.2027');
    expect(conflictValue('endDate', null)).toBe('–');
    expect(conflictValue('cycle', 'quarterly')).toBe('Vierteljährlich');
  });
});
