import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BASE_LOCALE } from '@saldopilot/shared';
import { compareNames, plainSortKey } from './tree.js';

const collator = new Intl.Collator(BASE_LOCALE);
const sign = (value: number) => Math.sign(value);

describe('plainSortKey', () => {
  it.each([
    { name: 'Miete Büro', key: 'miete buro' },
    { name: 'Strasse 5', key: 'strasse 5' },
    { name: 'Straße 5', key: 'strasse 5' },
    { name: 'Ölheizung', key: 'olheizung' },
    { name: 'AHV/IV/EO', key: undefined },
    { name: 'Kunde-12', key: undefined },
    { name: '', key: '' },
  ])('$name → $key', ({ name, key }) => {
    expect(plainSortKey(name)).toBe(key);
  });
});

describe('compareNames orders exactly like the German collator', () => {
  const letters = [...'aAbBmMzZ09 äÄöÖüÜßéÉèçñ-/.,_&'];
  const name = fc.array(fc.constantFrom(...letters), { maxLength: 8 }).map((chars) => chars.join(''));

  it('for any two names, with or without plain keys', () => {
    fc.assert(
      fc.property(name, name, (a, b) => {
        expect(sign(compareNames(a, b, plainSortKey(a), plainSortKey(b)))).toBe(sign(collator.compare(a, b)));
      }),
      { numRuns: 5_000 },
    );
  });

  it.each([
    ['a b', 'ab'],
    ['Müller', 'Mueller'],
    ['Muller', 'Müller'],
    ['müller', 'Müller'],
    ['Zürich', 'Zug'],
    ['Straße', 'Strasse'],
    ['Kunde 10', 'Kunde 9'],
  ])('%s / %s', (a, b) => {
    expect(sign(compareNames(a, b, plainSortKey(a), plainSortKey(b)))).toBe(sign(collator.compare(a, b)));
    expect(sign(compareNames(b, a, plainSortKey(b), plainSortKey(a)))).toBe(sign(collator.compare(b, a)));
  });
});
