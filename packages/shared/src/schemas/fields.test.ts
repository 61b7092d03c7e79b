import { describe, expect, it } from 'vitest';
import {
  CONTROL_CHARACTER_MESSAGE,
  ID_MAX,
  booleanQuerySchema,
  centsSchema,
  dateSchema,
  idFieldSchema,
  idParamSchema,
  idSchema,
  monthSchema,
  nonZeroCentsSchema,
  textSchema,
} from './fields.js';
import { listQuerySchema } from './pagination.js';

describe('ids', () => {
  it('in bodies: whole numbers 1 … 2^31 − 1, as the columns hold', () => {
    expect(idSchema.parse(1)).toBe(1);
    expect(idSchema.parse(ID_MAX)).toBe(ID_MAX);
    for (const bad of [0, -1, 1.5, ID_MAX + 1, 2 ** 53 - 1, '3', null, Number.NaN]) {
      expect(idSchema.safeParse(bad).success, String(bad)).toBe(false);
    }
  });

  it('in paths and queries: digits only', () => {
    expect(idParamSchema.parse('42')).toBe(42);
    expect(idParamSchema.parse(String(ID_MAX))).toBe(ID_MAX);
    for (const bad of ['2147483648', '1e3', '0x10', '+3', '00003', '2 ', ' 2', '0', '-1', '1.0', '', '٣']) {
      expect(idParamSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });
});

describe('text', () => {
  const name = textSchema({ max: 10, required: 'Name wird benötigt' });

  it('trims and keeps normal Unicode', () => {
    expect(name.parse('  Zoë 😀  ')).toBe('Zoë 😀');
    expect(name.parse('Ærø 東京')).toBe('Ærø 東京');
  });

  it.each(['nul\u0000byte', 'a\u0007b', 'zeile\nzwei', 'tab\there', 'c1\u0085x', 'half\ud800'])(
    'refuses control characters and broken UTF-16: %j',
    (text) => {
      const result = name.safeParse(text);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(CONTROL_CHARACTER_MESSAGE);
    },
  );

  it('allows line breaks in multi-line text, never NUL', () => {
    const notes = textSchema({ max: 50, multiline: true });
    expect(notes.parse('erste\nzweite\tZeile')).toBe('erste\nzweite\tZeile');
    expect(notes.safeParse('a\u0000b').success).toBe(false);
  });

  it('names the required field and bounds the length after trimming', () => {
    expect(name.safeParse('   ').error?.issues[0]?.message).toBe('Name wird benötigt');
    expect(name.safeParse(undefined).error?.issues[0]?.message).toBe('Name wird benötigt');
    expect(name.safeParse('x'.repeat(11)).error?.issues[0]?.message).toBe('Höchstens 10 Zeichen erlaubt');
    expect(name.parse(` ${'x'.repeat(10)} `)).toHaveLength(10);
  });

  it('counts a name of invisible characters as blank, keeps them inside a visible one', () => {
    for (const blank of ['\u200b', '\u200b\u200d\u2060', '\u00a0\u3000', '\u202e\ufeff']) {
      expect(name.safeParse(blank).error?.issues[0]?.message, JSON.stringify(blank)).toBe('Name wird benötigt');
    }
    expect(name.parse('👩\u200d💻')).toBe('👩\u200d💻');
  });

  it('composes what a keyboard may send decomposed, before counting', () => {
    expect(name.parse('O\u0308l')).toBe('Öl');
    expect(name.parse('e\u0301'.repeat(10))).toBe('é'.repeat(10));
  });
});

describe('money, dates, months', () => {
  it('amounts are whole cents within ±999 billion', () => {
    expect(centsSchema.parse(-123450)).toBe(-123450);
    expect(centsSchema.parse(0)).toBe(0);
    for (const bad of [0.5, 100_000_000_000_000, -100_000_000_000_000, '12', Number.POSITIVE_INFINITY]) {
      expect(centsSchema.safeParse(bad).success, String(bad)).toBe(false);
    }
    expect(nonZeroCentsSchema.safeParse(0).error?.issues[0]?.message).toBe('Der Betrag darf nicht 0 sein');
  });

  it('an amount that is missing or emptied (null) is asked for; one that is no number is invalid', () => {
    expect(centsSchema.safeParse(undefined).error?.issues[0]?.message).toBe('Betrag wird benötigt');
    expect(centsSchema.safeParse(null).error?.issues[0]?.message).toBe('Betrag wird benötigt');
    expect(centsSchema.safeParse(Number.NaN).error?.issues[0]?.message).toBe('Ungültiger Betrag');
    expect(centsSchema.safeParse('12').error?.issues[0]?.message).toBe('Ungültiger Betrag');
  });

  it('dates exist and lie in 1900–2999', () => {
    const date = dateSchema();
    expect(date.parse('2028-02-29')).toBe('2028-02-29');
    for (const bad of ['2026-02-30', '2026-2-01', '21.11.2026', '1899-12-31', '3000-01-01', '2026-11-21T00:00']) {
      expect(date.safeParse(bad).success, bad).toBe(false);
    }
  });

  it('an id that is missing or emptied (null) is asked for, with its own message', () => {
    const category = idFieldSchema('Ungültige Kategorie', 'Kategorie wird benötigt');
    expect(category.safeParse(null).error?.issues[0]?.message).toBe('Kategorie wird benötigt');
    expect(category.safeParse('3').error?.issues[0]?.message).toBe('Ungültige Kategorie');
  });

  it('a date that is missing or emptied (null) is asked for; null means "none" only where a schema allows it', () => {
    expect(dateSchema('Start wird benötigt').safeParse(null).error?.issues[0]?.message).toBe('Start wird benötigt');
    expect(dateSchema().safeParse(undefined).error?.issues[0]?.message).toBe('Bitte Datum eingeben');
    expect(dateSchema().safeParse('morgen').error?.issues[0]?.message).toBe('Ungültiger Datumswert');
    expect(dateSchema().nullable().parse(null)).toBeNull();
  });

  it('months are YYYY-MM', () => {
    expect(monthSchema.parse('2026-11')).toBe('2026-11');
    for (const bad of ['2026-13', '2026-1', '202611', '2026-11-01'])
      expect(monthSchema.safeParse(bad).success).toBe(false);
  });

  it('yes/no query values are exactly true or false', () => {
    expect(booleanQuerySchema.parse('true')).toBe(true);
    expect(booleanQuerySchema.parse('false')).toBe(false);
    expect(booleanQuerySchema.safeParse('1').success).toBe(false);
  });
});

describe('list queries', () => {
  const query = listQuerySchema({
    defaultLimit: 20,
    sortBy: ['name', 'amount'],
    filters: { hideDisabled: booleanQuerySchema.optional() },
  });

  it('defaults to the first page, name ascending, no search', () => {
    expect(query.parse({})).toEqual({ page: 1, limit: 20, sortBy: 'name', sortOrder: 'ASC', search: undefined });
    expect(query.parse({ page: '3', limit: '100', sortBy: 'amount', sortOrder: 'DESC', search: '  Miete ' })).toEqual({
      page: 3,
      limit: 100,
      sortBy: 'amount',
      sortOrder: 'DESC',
      search: 'Miete',
    });
    expect(query.parse({ search: '   ', hideDisabled: 'true' })).toMatchObject({
      search: undefined,
      hideDisabled: true,
    });
  });

  it.each([
    { page: '0' },
    { page: '-1' },
    { page: '100001' },
    { page: '1e3' },
    { limit: '101' },
    { limit: '0' },
    { sortBy: 'password' },
    { sortOrder: 'asc' },
    { search: 'x'.repeat(101) },
    { search: 'a\u0000' },
    { unknown: '1' },
  ])('refuses %j', (input) => {
    expect(query.safeParse(input).success).toBe(false);
  });
});
