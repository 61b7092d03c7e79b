import type { AccessScope } from './schemas/access.js';

/**
 * The areas of the API, one entry per first part of a route's path under /api (`/api/employees/
 * salaries/:salaryId` belongs to `employees`). What the server and the web decide by area is read
 * from here and nowhere else: what a token reaches (docs/access.md "Scopes"), whether the other
 * members are told of a write (docs/realtime.md), the audit log's noun (docs/access.md "Audit
 * log"), and what a change makes stale in the web (docs/web.md "Realtime"). A route whose area is
 * missing fails `apps/api/src/plugins/token-scopes.test.ts`, which walks every route.
 */

/**
 * The first element of the web's query keys of an organisation's data, one per area it shows
 * (`apps/web/src/lib/query-keys.ts` builds its keys on them): what another member's change can make
 * stale.
 */
export const queryRoots = [
  'transactions',
  'vats',
  'categories',
  'employees',
  'bank-accounts',
  'vat-settings',
  'payment-calendar',
  /** The scenarios and their levers (a scenario's forecast hangs under the forecast's roots). */
  'scenarios',
  /** One organisation: its settings, members and invitations. */
  'organisation',
  /** The user's organisations (the dropdown, Einstellungen → Organisationen). */
  'organisations',
] as const;
export type QueryRoot = (typeof queryRoots)[number];

/** The query roots of the forecast and Plan/Ist: stale after a change of every area they follow. */
export const forecastQueryRoots = ['forecasts', 'plan-actual'] as const;

/**
 * What a bearer call (personal API token or assistant) needs: `'closed'` = no token at all, whatever
 * its scopes; `'any'` = every token; else the scope of a read (GET, HEAD) and of a write, `null`
 * where tokens may not, and `more` scopes of single routes (`'GET /api/forecasts/export'`).
 */
export type AreaTokens =
  | 'closed'
  | 'any'
  | {
      read: AccessScope | null;
      write: AccessScope | null;
      more?: Readonly<Record<string, readonly AccessScope[]>>;
    };

interface AreaBase {
  tokens: AreaTokens;
  /**
   * The audit log's German noun of a row, by the route's path without its parameters: the area's
   * own rows and those of its sub-collections (`employees/salaries`). A write named by neither gets
   * a phrase of its own (`PHRASES` in the API's audit hook) or reads as its path.
   */
  nouns?: Readonly<Record<string, string>>;
}

/** An area whose every answered write is a change event of its `kind` to the other members. */
export interface SharedAreaEntry extends AreaBase {
  realtime: 'shared';
  /** The web's query roots its change makes stale, besides the forecast's (`forecastFollows`). */
  stale: readonly QueryRoot[];
  /** Whether the forecast and Plan/Ist follow its data: a change makes them stale too. */
  forecastFollows: boolean;
}

/** `'private'`: its writes are nobody else's data, no event; `'none'`: it has no writes at all. */
export interface UnsharedAreaEntry extends AreaBase {
  realtime: 'private' | 'none';
}

export type AreaEntry = SharedAreaEntry | UnsharedAreaEntry;

const data = { read: 'data:read', write: 'data:write' } as const;

export const areas = {
  // The forecast: its exclusions are written under /forecasts too.
  forecasts: {
    // The forecast's files name every employee's salary.
    tokens: { read: 'forecast:read', write: 'data:write', more: { 'GET /api/forecasts/export': ['salaries:read'] } },
    realtime: 'shared',
    stale: [],
    forecastFollows: true,
  },
  'vat-settings': {
    tokens: { read: 'forecast:read', write: 'data:write' },
    realtime: 'shared',
    stale: ['vat-settings'],
    forecastFollows: true,
  },
  // The payment calendar (docs/payment-calendar.md): when the funds are paid.
  'payment-calendar': {
    tokens: { read: 'forecast:read', write: 'data:write' },
    realtime: 'shared',
    stale: ['payment-calendar'],
    forecastFollows: true,
  },
  'plan-actual': { tokens: { read: 'forecast:read', write: null }, realtime: 'none' },
  'bank-accounts': {
    tokens: data,
    realtime: 'shared',
    stale: ['bank-accounts'],
    forecastFollows: true,
    nouns: { 'bank-accounts': 'Bankkonto' },
  },
  // Entries and statements hang under their account in the web (balances, "Stand per", the entries).
  'bank-statements': { tokens: data, realtime: 'shared', stale: ['bank-accounts'], forecastFollows: true },
  'bank-entries': { tokens: data, realtime: 'shared', stale: ['bank-accounts'], forecastFollows: true },
  'occurrence-dismissals': { tokens: data, realtime: 'shared', stale: [], forecastFollows: true },
  // Accepting creates transactions and matches entries (docs/recurring.md).
  'recurring-suggestions': {
    tokens: data,
    realtime: 'shared',
    stale: ['transactions', 'bank-accounts'],
    forecastFollows: true,
  },
  transactions: {
    tokens: data,
    realtime: 'shared',
    stale: ['transactions'],
    forecastFollows: true,
    nouns: { transactions: 'Transaktion' },
  },
  // Areas show each other's names: a transaction its category and VAT rate, an entry its category.
  categories: {
    tokens: data,
    realtime: 'shared',
    stale: ['categories', 'transactions', 'bank-accounts'],
    forecastFollows: true,
    nouns: { categories: 'Kategorie' },
  },
  vats: {
    tokens: data,
    realtime: 'shared',
    stale: ['vats', 'transactions'],
    forecastFollows: true,
    nouns: { vats: 'MWST-Satz' },
  },
  'fiat-rates': { tokens: { read: 'data:read', write: null }, realtime: 'none' },
  currencies: { tokens: { read: 'data:read', write: null }, realtime: 'none' },
  // Salaries, their costs and the costs' labels are written under /employees; a transaction's dialog
  // offers the employees (its choices hang under the transactions root).
  employees: {
    tokens: { read: 'salaries:read', write: 'salaries:write' },
    realtime: 'shared',
    stale: ['employees', 'transactions'],
    forecastFollows: true,
    nouns: {
      employees: 'Mitarbeiter',
      'employees/salaries': 'Lohn',
      'employees/salaries/costs': 'Lohnkosten',
      'employees/salaries/costs/labels': 'Lohnkosten-Label',
    },
  },
  // Scenarios (docs/scenarios.md): read with the forecast, written like the data; promoting one writes
  // base rows (employees and salaries among them), so it needs the salaries scope too, and changes
  // what the transactions, employees and VAT setting show.
  scenarios: {
    tokens: {
      read: 'forecast:read',
      write: 'data:write',
      more: {
        'POST /api/scenarios/:id/promote': ['salaries:write'],
        'POST /api/scenarios/:id/levers/:leverId/promote': ['salaries:write'],
      },
    },
    realtime: 'shared',
    stale: ['scenarios', 'transactions', 'employees', 'categories', 'vat-settings'],
    forecastFollows: true,
    nouns: { scenarios: 'Szenario', 'scenarios/levers': 'Hebel' },
  },
  // Members and invitations are closed to tokens: a token never invites or changes a role. The
  // forecast follows the minimum balance and the match settings.
  organisations: {
    tokens: 'closed',
    realtime: 'shared',
    stale: ['organisation', 'organisations'],
    forecastFollows: true,
  },
  // One's own account, sign-ins, invitations, stream, outbox (development), tokens and connections:
  // nobody else's data, and closed to tokens.
  auth: { tokens: 'closed', realtime: 'private' },
  profile: { tokens: 'closed', realtime: 'private' },
  me: { tokens: 'closed', realtime: 'private' },
  events: { tokens: 'closed', realtime: 'private' },
  dev: { tokens: 'closed', realtime: 'private' },
  'api-tokens': { tokens: 'closed', realtime: 'private' },
  connections: { tokens: 'closed', realtime: 'private' },
  oauth: { tokens: 'closed', realtime: 'private' },
  // Every token may call the MCP endpoint: each tool's REST call checks its own scope and announces
  // its own write.
  mcp: { tokens: 'any', realtime: 'private' },
  // Renewing the session's tokens, the audit log, the server's time and health, the OpenAPI document.
  'access-token': { tokens: 'closed', realtime: 'none' },
  'audit-log': { tokens: 'closed', realtime: 'none' },
  // The Übersicht spans the user's organisations; a token speaks for one (docs/cockpit.md "Roles and privacy").
  portfolio: { tokens: 'closed', realtime: 'none' },
  // One's own alert settings and "Hinweise" (docs/cockpit.md "Alerts"): nobody else's data.
  alerts: { tokens: 'closed', realtime: 'private' },
  global: { tokens: 'closed', realtime: 'none' },
  health: { tokens: 'closed', realtime: 'none' },
  docs: { tokens: 'closed', realtime: 'none' },
} as const satisfies Record<string, AreaEntry>;

type Areas = typeof areas;
/** An area of the API: the first part of a route's path under /api. */
export type Area = keyof Areas;
/** An area whose writes the members share: the `kind` of a change event. */
export type SharedArea = { [A in Area]: Areas[A] extends { realtime: 'shared' } ? A : never }[Area];

/** Whether `name` is an area of the API (not what every object has, like `constructor`). */
export function isArea(name: string): name is Area {
  return Object.hasOwn(areas, name);
}

/** The entry of an area, or undefined for a name that is none. */
export function areaOf(name: string): AreaEntry | undefined {
  return isArea(name) ? areas[name] : undefined;
}

/** Whether `name` is an area whose writes the members share. */
export function isSharedArea(name: string): name is SharedArea {
  return areaOf(name)?.realtime === 'shared';
}

function sharedAreasOf(registry: Areas): readonly SharedArea[] {
  return (Object.keys(registry) as Area[]).filter(isSharedArea);
}

/** The areas whose writes the members share, in the registry's order: the kinds of change events. */
// Pure: a bundle that does not use the list leaves the registry out.
export const sharedAreas = /* @__PURE__ */ sharedAreasOf(areas);
