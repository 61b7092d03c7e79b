import { describe, expect, it } from 'vitest';
import { isoOfDateText, textOfIsoDate } from './date-text';

describe('date field text', () => {
  it('reads Swiss and ISO dates into YYYY-MM-DD', () => {
    expect(isoOfDateText('05.03.2026')).toBe('2026-03-05');
    expect(isoOfDateText(' 5.3.2026 ')).toBe('2026-03-05');
    expect(isoOfDateText('29.02.28')).toBe('2028-02-29');
    expect(isoOfDateText('2026-11-21')).toBe('2026-11-21');
  });

  it('answers undefined for an empty field and the text for anything that is no day', () => {
    expect(isoOfDateText('')).toBeNull();
    expect(isoOfDateText('  ')).toBeNull();
    expect(isoOfDateText('30.02.2026')).toBe('30.02.2026');
    expect(isoOfDateText('morgen')).toBe('morgen');
  });

  it('shows a value as dd.MM.yyyy', () => {
    expect(textOfIsoDate('2026-03-05')).toBe('05.03.2026');
    expect(textOfIsoDate(undefined)).toBe('');
    expect(textOfIsoDate('morgen')).toBe('morgen');
  });
});
