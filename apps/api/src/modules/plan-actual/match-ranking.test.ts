import { describe, expect, it } from 'vitest';
import { dayReason, rankSuggestions, uniqueMatch, type EntryToMatch, type MatchCandidate } from './match-ranking.js';

// docs/plan-actual.md "Suggestions": the tiers never overlap, the tolerance and the window bound the
// candidates, what is open counts, and "Alle eindeutigen bestätigen" takes only the unique.

const settings = { tolerancePercent: 5, windowDays: 10 };
const entry = (overrides: Partial<EntryToMatch> = {}): EntryToMatch => ({
  bookingDate: '2026-11-10',
  amount: -100_000,
  reference: null,
  counterpartyName: null,
  remittanceInformation: null,
  ...overrides,
});
let nextId = 1;
const candidate = (overrides: Partial<MatchCandidate> = {}): MatchCandidate => ({
  kind: 'transactions',
  id: nextId++,
  dueDate: '2026-11-10',
  name: 'Lieferant',
  category: 'Material',
  amount: -100_000,
  reference: null,
  matchedAmount: 0,
  ...overrides,
});

describe('rankSuggestions', () => {
  it('an equal reference beats an exact amount, which beats a near one, whatever the dates', () => {
    const byReference = candidate({ reference: 'RF18539007547034', amount: -104_000, dueDate: '2026-11-01' });
    const exactFar = candidate({ dueDate: '2026-11-20' });
    const nearOnTheDay = candidate({ amount: -99_000 });
    const ranked = rankSuggestions(
      entry({ reference: 'RF18539007547034' }),
      [nearOnTheDay, exactFar, byReference],
      settings,
    );
    expect(ranked.map((suggestion) => suggestion.id)).toEqual([byReference.id, exactFar.id, nearOnTheDay.id]);
    expect(ranked.map((suggestion) => suggestion.score)).toEqual([100, 72, 61]);
    expect(ranked[0]!.reasons).toEqual(['Referenz gleich', 'Betrag 3.8 % tiefer', '9 Tage später']);
  });

  it('leaves out the other direction, amounts beyond the tolerance and dates beyond the window', () => {
    const found = rankSuggestions(
      entry(),
      [
        candidate({ amount: 100_000 }),
        candidate({ amount: -105_300 }), // 5.03 % of the plan
        candidate({ dueDate: '2026-10-30' }),
        candidate({ amount: -105_000, dueDate: '2026-10-31' }),
      ],
      settings,
    );
    expect(found.map((suggestion) => suggestion.reasons)).toEqual([['Betrag 4.8 % tiefer', '10 Tage später']]);
    expect(rankSuggestions(entry({ amount: 0 }), [candidate()], settings)).toEqual([]);
  });

  it('compares a part payment with what is still open, and drops what is paid in full', () => {
    const half = candidate({ matchedAmount: -60_000, amount: -160_000 });
    const paid = candidate({ matchedAmount: -100_000 });
    expect(rankSuggestions(entry(), [half, paid], settings)).toEqual([
      expect.objectContaining({ id: half.id, matchedAmount: -60_000, reasons: ['Betrag gleich', 'am Fälligkeitstag'] }),
    ]);
  });

  it('gives words of three letters or more that the name shares with the counterparty five points', () => {
    const named = candidate({ name: 'Müller & Söhne AG' });
    const other = candidate({ name: 'Hauswart' });
    const ranked = rankSuggestions(
      entry({ counterpartyName: 'MUELLER', remittanceInformation: 'Rechnung Muller 17' }),
      [other, named],
      settings,
    );
    expect(ranked.map((suggestion) => [suggestion.id, suggestion.score])).toEqual([
      [named.id, 95],
      [other.id, 90],
    ]);
  });

  it('with tolerance 0 takes exact amounts only', () => {
    expect(rankSuggestions(entry(), [candidate({ amount: -100_001 })], { ...settings, tolerancePercent: 0 })).toEqual(
      [],
    );
  });
});

describe('uniqueMatch', () => {
  it('takes the nearest of a reference, the only exact amount, and nothing ambiguous or partly paid', () => {
    const reference = 'RF18539007547034';
    const withReference = entry({ reference });
    const near = candidate({ reference, dueDate: '2026-11-09' });
    const far = candidate({ reference, dueDate: '2026-10-09' });
    expect(uniqueMatch(withReference, rankSuggestions(withReference, [far, near], settings))?.id).toBe(near.id);
    const twin = candidate({ reference, dueDate: '2026-11-11' });
    expect(uniqueMatch(withReference, rankSuggestions(withReference, [near, twin], settings))).toBeUndefined();
    const only = candidate();
    expect(uniqueMatch(entry(), rankSuggestions(entry(), [only, candidate({ amount: -99_000 })], settings))?.id).toBe(
      only.id,
    );
    expect(uniqueMatch(entry(), rankSuggestions(entry(), [candidate(), candidate()], settings))).toBeUndefined();
    expect(uniqueMatch(entry(), rankSuggestions(entry(), [candidate({ amount: -99_000 })], settings))).toBeUndefined();
    expect(
      uniqueMatch(
        entry(),
        rankSuggestions(entry(), [candidate({ amount: -200_000, matchedAmount: -100_000 })], settings),
      ),
    ).toBeUndefined();
  });
});

describe('dayReason', () => {
  it('says the distance in German', () => {
    expect([0, 1, 2, -1, -7].map(dayReason)).toEqual([
      'am Fälligkeitstag',
      '1 Tag später',
      '2 Tage später',
      '1 Tag früher',
      '7 Tage früher',
    ]);
  });
});
