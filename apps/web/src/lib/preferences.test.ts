import { describe, expect, it } from 'vitest';
import { preferenceCookie, readCookie } from './cookies';
import { parsePreference, preferenceDefinitions, type PreferenceName } from './preferences';

const names = Object.keys(preferenceDefinitions) as PreferenceName[];

describe('preferences', () => {
  it.each(names)('%s falls back to its default when missing or garbage', (name) => {
    const fallback = preferenceDefinitions[name].fallback;
    for (const raw of [undefined, '', 'garbage', '{', 'null', '"x"', '12345678901234567890', '[1,"a"]', '{"a":1}']) {
      const value = parsePreference(name, raw);
      // Either the default, or (for the rare raw value that happens to be valid) a value of its schema.
      if (value !== fallback) expect(preferenceDefinitions[name].schema.safeParse(value).success).toBe(true);
    }
    expect(parsePreference(name, undefined)).toEqual(fallback);
    expect(parsePreference(name, 'garbage')).toEqual(fallback);
  });

  it('has the defaults of docs/product.md "Remembered preferences"', () => {
    expect(Object.fromEntries(names.map((name) => [name, preferenceDefinitions[name].fallback]))).toEqual({
      forecastRevenueDetails: false,
      forecastExpenseDetails: false,
      forecastChildDetails: [],
      forecastPerformance: 100,
      forecastMonths: 13,
      employeesDisplay: 'grid',
      transactionsDisplay: 'grid',
      bankAccountsDisplay: 'grid',
      employeesSort: { field: 'name', order: 'ASC' },
      transactionsSort: { field: 'name', order: 'ASC' },
      bankAccountsSort: { field: 'name', order: 'ASC' },
      costOverviewDisplay: 'grid',
      costOverviewGrouping: 'ungrouped',
      settingsTab: 'profile',
      skipOrganisationSwitchQuestion: false,
      colorScheme: 'system',
    });
  });

  it('reads valid values', () => {
    expect(parsePreference('settingsTab', '"organisations"')).toBe('organisations');
    expect(parsePreference('settingsTab', '"access"')).toBe('access');
    expect(parsePreference('forecastMonths', '24')).toBe(24);
    expect(parsePreference('forecastChildDetails', '["expense:Löhne","revenue:Generell"]')).toEqual([
      'expense:Löhne',
      'revenue:Generell',
    ]);
    expect(parsePreference('transactionsSort', '{"field":"nextExecutionDate","order":"DESC"}')).toEqual({
      field: 'nextExecutionDate',
      order: 'DESC',
    });
    expect(parsePreference('skipOrganisationSwitchQuestion', 'true')).toBe(true);
  });

  it('refuses values outside their range or list', () => {
    expect(parsePreference('settingsTab', '"danger"')).toBe('profile');
    expect(parsePreference('forecastMonths', '0')).toBe(13);
    expect(parsePreference('forecastMonths', '12.5')).toBe(13);
    expect(parsePreference('forecastPerformance', '-1')).toBe(100);
    expect(parsePreference('bankAccountsSort', '{"field":"cycle","order":"ASC"}')).toEqual({
      field: 'name',
      order: 'ASC',
    });
    expect(parsePreference('employeesSort', '{"field":"name","order":"UP"}')).toEqual({ field: 'name', order: 'ASC' });
    expect(parsePreference('employeesDisplay', '"table"')).toBe('grid');
    expect(parsePreference('forecastChildDetails', '[0]')).toEqual([]);
    expect(parsePreference('forecastChildDetails', '["Löhne"]')).toEqual([]);
  });

  it('writes cookies for a year, secure, lax, for the whole site', () => {
    expect(preferenceCookie('settings-tab', '"app"')).toBe(
      'settings-tab=%22app%22; Max-Age=31536000; Path=/; SameSite=Lax; Secure',
    );
  });

  it('reads a cookie among others and survives broken escapes', () => {
    expect(readCookie('settings-tab', 'a=1; settings-tab=%22app%22; b=2')).toBe('"app"');
    expect(readCookie('settings-tab', 'settings-tabs=1')).toBeUndefined();
    expect(readCookie('settings-tab', 'settings-tab=%E0%A4%A')).toBeUndefined();
  });
});
