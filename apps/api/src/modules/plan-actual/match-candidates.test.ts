import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, type PlannedOccurrence } from '@saldopilot/shared';
import { candidatesOf, indexOccurrences } from './match-candidates.js';
import { rankSuggestions, type EntryToMatch } from './match-ranking.js';

// docs/plan-actual.md "Suggestions": the index only saves work — ranking its candidates gives what
// ranking every occurrence gives (random plans and entries around 2026-11-15).

const occurrence = fc
  .record({
    id: fc.integer({ min: 1, max: 10_000 }),
    offset: fc.integer({ min: -40, max: 40 }),
    amount: fc.oneof(fc.integer({ min: -300_000, max: 300_000 }), fc.constantFrom(-100_000, 100_000, -104_999, 95_001)),
  })
  .filter(({ amount }) => amount !== 0)
  .map(({ id, offset, amount }): PlannedOccurrence => ({
    kind: 'transactions',
    id,
    dueDate: addDays('2026-11-15', offset),
    name: 'Posten',
    category: 'Diverses',
    amount,
  }));

const entry = fc.record({
  offset: fc.integer({ min: -20, max: 20 }),
  amount: fc.oneof(fc.integer({ min: -300_000, max: 300_000 }), fc.constantFrom(-100_000, 100_000)),
});

describe('candidatesOf', () => {
  it('ranks exactly what ranking every occurrence ranks, for any tolerance and window', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(occurrence, { selector: (o) => `${o.id}:${o.dueDate}`, maxLength: 60 }),
        entry,
        fc.integer({ min: 0, max: 50 }),
        fc.integer({ min: 0, max: 60 }),
        (occurrences, { offset, amount }, tolerancePercent, windowDays) => {
          const settings = { tolerancePercent, windowDays };
          const toMatch: EntryToMatch = {
            bookingDate: addDays('2026-11-15', offset),
            amount,
            reference: null,
            counterpartyName: null,
            remittanceInformation: null,
          };
          const sources = {
            index: indexOccurrences(occurrences),
            matched: new Map<string, number>(),
            dismissed: new Set<string>(),
            byReference: new Map(),
            referenceOf: new Map(),
          };
          const everything = occurrences.map((o) => ({ ...o, reference: null, matchedAmount: 0 }));
          expect(rankSuggestions(toMatch, candidatesOf(toMatch, sources, settings), settings)).toEqual(
            rankSuggestions(toMatch, everything, settings),
          );
        },
      ),
      { numRuns: 300 },
    );
  });

  it('adds the partly matched ones of the window and the referenced ones, and leaves out the dismissed', () => {
    const near = {
      kind: 'transactions' as const,
      id: 1,
      dueDate: '2026-11-15',
      name: 'A',
      category: 'C',
      amount: -300_000,
    };
    const referenced = { ...near, id: 2, dueDate: '2026-06-15' };
    const dismissed = { ...near, id: 3, amount: -100_000 };
    const sources = {
      index: indexOccurrences([near, dismissed]),
      matched: new Map([['transactions:1:2026-11-15', -200_000]]),
      dismissed: new Set(['transactions:3:2026-11-15']),
      byReference: new Map([['RF18539007547034', [referenced]]]),
      referenceOf: new Map([[2, 'RF18539007547034']]),
    };
    const toMatch: EntryToMatch = {
      bookingDate: '2026-11-15',
      amount: -100_000,
      reference: 'RF18539007547034',
      counterpartyName: null,
      remittanceInformation: null,
    };
    const found = candidatesOf(toMatch, sources, { tolerancePercent: 5, windowDays: 10 });
    expect(found.map((c) => [c.id, c.matchedAmount, c.reference])).toEqual([
      [1, -200_000, null],
      [2, 0, 'RF18539007547034'],
    ]);
  });
});
