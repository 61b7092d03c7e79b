import { useCallback } from 'react';
import { z } from 'zod';
import { COLOR_SCHEME_COOKIE, FORECAST_DEFAULTS, FORECAST_LIMITS } from '@saldopilot/shared';
import { readCookie, writePreferenceCookie } from './cookies';
import { createStore, useStore } from './store';

const display = () => z.enum(['grid', 'list']);

function sortOf<const Fields extends readonly [string, ...string[]]>(fields: Fields) {
  return z.strictObject({ field: z.enum(fields), order: z.enum(['ASC', 'DESC']) });
}

/** The sortable fields of each list (docs/product.md "Entities"). */
export const sortFields = {
  employees: ['name', 'hoursPerMonth', 'salaryAmount', 'vacationDaysPerYear', 'fromDate', 'toDate'],
  transactions: ['name', 'startDate', 'endDate', 'amount', 'cycle', 'category', 'employee', 'nextExecutionDate'],
  bankAccounts: ['name', 'amount'],
} as const;

interface Definition<T> {
  /** The cookie's name. */
  cookie: string;
  readonly schema: z.ZodType<T>;
  fallback: T;
}

/**
 * A preference whose schema is built on first use: building all seventeen as the app starts took
 * ~15 ms on the 2-core machine, and a page reads only a few.
 */
function define<T>(cookie: string, makeSchema: () => z.ZodType<T>, fallback: T): Definition<T> {
  let schema: z.ZodType<T> | undefined;
  return {
    cookie,
    fallback,
    get schema() {
      return (schema ??= makeSchema());
    },
  };
}

const nameAscending = { field: 'name', order: 'ASC' } as const;

/**
 * Every remembered preference of docs/product.md "Remembered preferences", each a cookie holding JSON. A value that is missing,
 * not JSON or not allowed by its schema reads as the default: a hand-edited or outdated cookie can
 * never break a page.
 */
export const preferenceDefinitions = {
  forecastRevenueDetails: define('forecast-revenue-details', () => z.boolean(), false),
  forecastExpenseDetails: define('forecast-expense-details', () => z.boolean(), false),
  // The expanded categories of the forecast table, as "revenue:<name>" / "expense:<name>": the
  // details tree names its categories ("Löhne", "MWST", a transaction category), it has no ids.
  forecastChildDetails: define(
    'forecast-child-details',
    () =>
      z
        .array(
          z
            .string()
            .regex(/^(revenue|expense):/)
            .max(300),
        )
        .max(500),
    [] as string[],
  ),
  forecastPerformance: define(
    'forecast-performance',
    () => z.number().int().min(FORECAST_LIMITS.minPerformance).max(FORECAST_LIMITS.maxPerformance),
    FORECAST_DEFAULTS.performance as number,
  ),
  forecastMonths: define(
    'forecast-months',
    () => z.number().int().min(FORECAST_LIMITS.minMonths).max(FORECAST_LIMITS.maxMonths),
    FORECAST_DEFAULTS.months as number,
  ),
  employeesDisplay: define('employees-display', display, 'grid'),
  transactionsDisplay: define('transactions-display', display, 'grid'),
  bankAccountsDisplay: define('bank-accounts-display', display, 'grid'),
  employeesSort: define('employees-sort', () => sortOf(sortFields.employees), nameAscending),
  transactionsSort: define('transactions-sort', () => sortOf(sortFields.transactions), nameAscending),
  bankAccountsSort: define('bank-accounts-sort', () => sortOf(sortFields.bankAccounts), nameAscending),
  costOverviewDisplay: define('cost-overview-display', display, 'grid'),
  costOverviewGrouping: define('cost-overview-grouping', () => z.enum(['ungrouped', 'grouped']), 'ungrouped'),
  settingsTab: define('settings-tab', () => z.enum(['profile', 'organisations', 'app', 'access']), 'profile'),
  skipOrganisationSwitchQuestion: define('skip-organisation-switch-question', () => z.boolean(), false),
  colorScheme: define(COLOR_SCHEME_COOKIE, () => z.enum(['system', 'dark', 'light']), 'system'),
};

type Definitions = typeof preferenceDefinitions;
export type PreferenceName = keyof Definitions;
export type PreferenceValue<Name extends PreferenceName> = Definitions[Name]['fallback'];

/** The value a raw cookie text stands for: the parsed value when valid, else the default. */
export function parsePreference<Name extends PreferenceName>(
  name: Name,
  raw: string | undefined,
): PreferenceValue<Name> {
  const { schema, fallback } = preferenceDefinitions[name] as Definition<PreferenceValue<Name>>;
  if (raw === undefined) return fallback;
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return fallback;
  }
  const result = schema.safeParse(json);
  return result.success ? result.data : fallback;
}

// Bumped on every write so that components reading a preference render again.
const version = createStore(0);

export function readPreference<Name extends PreferenceName>(name: Name): PreferenceValue<Name> {
  return parsePreference(name, readCookie(preferenceDefinitions[name].cookie));
}

/** Stores a preference; a value its schema refuses is a programming error and throws. */
export function writePreference<Name extends PreferenceName>(name: Name, value: PreferenceValue<Name>): void {
  const definition = preferenceDefinitions[name] as Definition<PreferenceValue<Name>>;
  const valid = definition.schema.parse(value);
  writePreferenceCookie(definition.cookie, JSON.stringify(valid));
  version.set((current) => current + 1);
}

/** A preference and its setter, like `useState`, kept in its cookie. */
export function usePreference<Name extends PreferenceName>(
  name: Name,
): [PreferenceValue<Name>, (value: PreferenceValue<Name>) => void] {
  useStore(version);
  const value = readPreference(name);
  const setValue = useCallback((next: PreferenceValue<Name>) => writePreference(name, next), [name]);
  return [value, setValue];
}
