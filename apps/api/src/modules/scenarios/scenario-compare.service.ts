import { CELL_EXCLUDED, CELL_REVENUE, type ForecastDetailTable } from '@saldopilot/forecast';
import {
  BASE_SCENARIO,
  toRuns,
  type CompareDifference,
  type CompareEntry,
  type CompareLeaf,
  type Forecast,
  type ForecastDetails,
  type ScenarioCompare,
  type ScenarioCompareQuery,
  type ScenarioKpis,
} from '@saldopilot/shared';
import type { Clock } from '../../lib/clock.js';
import { remembered, touch } from '../../lib/recently-used.js';
import type { Tenant } from '../../lib/tenant.js';
import type { ForecastStamps } from '../forecasts/forecast-stamps.js';
import { leafIdentity, toDetails, type DetailedResult, type ForecastsService } from '../forecasts/forecasts.service.js';
import { withPooledSalaries } from '../forecasts/salary-privacy.js';
import type { ScenariosService } from './scenarios.service.js';

/** The key figures of one forecast (docs/scenarios.md "Compare"). */
export function kpisOf(forecast: Pick<Forecast, 'months' | 'runway'>): ScenarioKpis {
  const { minimumBalance, coveredUntil, lowest } = forecast.runway;
  const below = forecast.months.find((month) => month.saldo < minimumBalance);
  const runwayMonths = below === undefined ? null : forecast.months.indexOf(below);
  return {
    lowest,
    firstBelowMinimum: below?.month ?? null,
    coveredUntil,
    runwayMonths,
    totalCashflow: forecast.months.reduce((sum, month) => sum + month.cashflow, 0),
  };
}

type LeafRow = CompareLeaf & { amounts: number[] };
type LeafRows = Map<string, LeafRow>;

/**
 * Adds `amount` in month `index` of `months` to the leaf `key` of `rows`; a new leaf is named by
 * `leaf` (the first one met: months in order, a month's leaves in display order).
 */
function addToLeaf(
  rows: LeafRows,
  key: string,
  leaf: () => Omit<LeafRow, 'amounts'>,
  months: number,
  index: number,
  amount: number,
): void {
  let row = rows.get(key);
  if (!row) {
    row = { ...leaf(), amounts: new Array<number>(months).fill(0) };
    rows.set(key, row);
  }
  row.amounts[index] = (row.amounts[index] as number) + amount;
}

/** A leaf's identity across months and forecasts: an employee's salaries are one leaf. */
function identity(relatedTable: string, relatedId: number, employeeId: number | undefined): string {
  if (relatedTable === 'salaries' && employeeId !== undefined) return `employee:${employeeId}`;
  return `${relatedTable}:${relatedId}`;
}

/** Every leaf of the details by its identity (an employee's salaries are one leaf), amounts per month. */
export function leavesOf(details: ForecastDetails): LeafRows {
  const rows: LeafRows = new Map();
  details.forEach((month, index) => {
    for (const side of ['revenue', 'expense'] as const) {
      for (const category of month[side]) {
        for (const leaf of category.children) {
          const { name, relatedTable, relatedId } = leaf;
          const key = `${side}|${category.name}|${identity(relatedTable, relatedId, leaf.employeeId)}`;
          const named = () => ({ side, category: category.name, name, relatedTable, relatedId });
          addToLeaf(rows, key, named, details.length, index, leaf.amount);
        }
      }
    }
  });
  return rows;
}

/**
 * The same leaves as `leavesOf(toDetails(result))`, straight from the engine's rows
 * (docs/forecast.md "Details in columns"): no node per cell is made. A row's cells are revenue or
 * expense month by month; an excluded cell counts 0, as its leaf does (an overdue cell is never
 * excluded). A leaf met first in a later month of an earlier row is named by the earliest month's.
 */
export function leavesOfRows(table: ForecastDetailTable): LeafRows {
  const { months: monthKeys, rows: detailRows, amounts, cells } = table;
  const months = monthKeys.length;
  const rows: LeafRows = new Map();
  const firstMonth = new Map<string, number>();
  for (const { name, category, relatedTable, id, payers, at, overdueDate } of detailRows) {
    const employeeId = payers === undefined ? undefined : id;
    for (let i = 0; i < months; i++) {
      const flags = cells[at + i] as number;
      if (flags === 0) continue;
      const side = (flags & CELL_REVENUE) !== 0 ? ('revenue' as const) : ('expense' as const);
      const excluded = overdueDate === undefined && (flags & CELL_EXCLUDED) !== 0;
      const shown = leafIdentity({ name, relatedTable, relatedId: payers?.[i] ?? id, employeeId });
      const key = `${side}|${category}|${identity(shown.relatedTable, shown.relatedId, employeeId)}`;
      const named = { side, category, name, relatedTable: shown.relatedTable, relatedId: shown.relatedId };
      addToLeaf(rows, key, () => named, months, i, excluded ? 0 : (amounts[at + i] as number));
      const first = firstMonth.get(key);
      if (first === undefined) firstMonth.set(key, i);
      else if (i < first) {
        // Another row of the same leaf had it first in a later month: the earliest month names it.
        Object.assign(rows.get(key) as LeafRow, named);
        firstMonth.set(key, i);
      }
    }
  }
  return rows;
}

/** The leaves of a result: from its rows, or (salaries pooled without salaries:read) from its details. */
function leavesOfResult(tenant: Tenant, result: DetailedResult): LeafRows {
  const table = result.detailRows;
  if (tenant.seesSalaries && table !== undefined) return leavesOfRows(table);
  const details = toDetails(result, () => true);
  return leavesOf(tenant.seesSalaries ? details : withPooledSalaries(details));
}

/**
 * Per leaf and month scenario − base as runs (compare-runs.ts); leaves equal in every month are
 * left out. `before`: the base's leaves, gathered once for all scenarios of a comparison. `leafOf`
 * numbers a leaf in the answer's `leaves` (by its key, so the entries share one list). In the
 * base's order, the scenario's new leaves after.
 */
export function differencesOf(
  before: ReadonlyMap<string, LeafRow>,
  after: ReadonlyMap<string, LeafRow>,
  leafOf: (key: string, leaf: CompareLeaf) => number,
): CompareDifference[] {
  const differences: CompareDifference[] = [];
  const add = (key: string, named: LeafRow, is: LeafRow | undefined, was: LeafRow | undefined) => {
    const { amounts, ...leaf } = named;
    const runs = toRuns(amounts.map((_, i) => (is?.amounts[i] ?? 0) - (was?.amounts[i] ?? 0)));
    if (runs.length > 0) differences.push({ leaf: leafOf(key, leaf), runs });
  };
  for (const [key, was] of before) add(key, after.get(key) ?? was, after.get(key), was);
  for (const [key, is] of after) if (!before.has(key)) add(key, is, is, undefined);
  return differences;
}

/**
 * The answer's list of leaves: each leaf once, numbered in the order the entries name them. A
 * leaf's name is the one the first entry naming it gave.
 */
function leafList() {
  const leaves: CompareLeaf[] = [];
  const indexes = new Map<string, number>();
  const leafOf = (key: string, leaf: CompareLeaf): number => {
    let index = indexes.get(key);
    if (index === undefined) {
      index = leaves.push(leaf) - 1;
      indexes.set(key, index);
    }
    return index;
  };
  return { leaves, leafOf };
}

export type ScenarioCompareService = ReturnType<typeof createScenarioCompareService>;

/** Organisations whose comparisons are kept (least recently compared goes first). */
const MAX_ORGANISATIONS = 16;
/** Comparisons kept per organisation: the few a user switches between (months, scenarios). */
const MAX_PER_ORGANISATION = 4;

type Entry = Omit<CompareEntry, 'differences'> & {
  currency: string;
  minimumBalance: number;
  leaves: LeafRows | undefined;
};

/**
 * `GET /scenarios/compare`: the base and scenarios side by side (docs/scenarios.md "Compare"). One
 * computation per forecast (its totals and rows), and the answer kept under its key (`keyOf`), so a
 * repeated comparison costs no computation.
 */
export function createScenarioCompareService(deps: {
  clock: Clock;
  forecasts: ForecastsService;
  forecastStamps: ForecastStamps;
  scenarios: ScenariosService;
}) {
  const kept = new Map<number, Map<string, Promise<ScenarioCompare>>>();

  /**
   * The ETag's parts and the key of the comparison: the organisation's stamp (docs/realtime.md
   * "Stamps and ETags": the day and its data versions), who asks (currency, rates, salaries), and
   * each scenario's id and version (raised by every change of it or its levers). A target a lever
   * names that is deleted raises the data versions, so it changes the key too. 404 for a scenario
   * of another organisation.
   */
  async function keyOf(tenant: Tenant, { ids, months, performance }: ScenarioCompareQuery) {
    const [tag, scenarios] = await Promise.all([
      deps.forecastStamps.tagParts(tenant),
      deps.scenarios.compared(
        tenant,
        ids.filter((id): id is number => id !== 'base'),
      ),
    ]);
    const named = ids.map((id) => (id === 'base' ? 'base' : `${id}.${scenarios.get(id)?.version}`));
    const rest = `${tag.rest}|${named.join(',')}|${months}|${performance}`;
    return { tag: { stamp: tag.stamp, rest }, key: `${tag.stamp}|${rest}`, scenarios };
  }

  async function computed(
    tenant: Tenant,
    { ids, months, performance }: ScenarioCompareQuery,
    scenarios: ReadonlyMap<number, { name: string; color: string }>,
  ): Promise<ScenarioCompare> {
    const calculatedAt = deps.clock.now().toISOString();
    const query = { months, performance };
    const base = deps.forecasts.detailedResult(tenant, query);
    // The base's leaves once for every scenario (a big organisation's are ~9,000 × 60 months).
    const baseLeaves = base.then((result) => leavesOfResult(tenant, result));
    // Unhandled until the first scenario awaits it: a base that fails fails the comparison there.
    baseLeaves.catch(() => undefined);
    const entries = await Promise.all(
      ids.map(async (id): Promise<Entry> => {
        const scenario = id === 'base' ? undefined : scenarios.get(id);
        const result = scenario
          ? await deps.forecasts.detailedResult(tenant, { ...query, scenario: id as number })
          : await base;
        return {
          currency: result.currency,
          scenarioId: scenario ? (id as number) : null,
          name: scenario?.name ?? BASE_SCENARIO.name,
          color: scenario?.color ?? BASE_SCENARIO.color,
          months: result.months,
          kpis: kpisOf(result),
          leaves: scenario ? leavesOfResult(tenant, result) : undefined,
          minimumBalance: result.runway.minimumBalance,
        };
      }),
    );
    const first = entries[0] as Entry;
    // The differences in the order of the entries, so the leaves are numbered the same every time.
    const { leaves, leafOf } = leafList();
    const before = entries.some((entry) => entry.leaves) ? await baseLeaves : new Map<string, LeafRow>();
    return {
      calculatedAt,
      currency: first.currency,
      minimumBalance: first.minimumBalance,
      months: first.months.map((month) => month.month),
      leaves,
      entries: entries.map(({ currency: _currency, minimumBalance: _minimum, leaves: after, ...entry }) => ({
        ...entry,
        differences: after ? differencesOf(before, after, leafOf) : [],
      })),
    };
  }

  /** The comparison and its key, from memory while the key is the same (`calculatedAt` kept with it). */
  async function answer(tenant: Tenant, query: ScenarioCompareQuery) {
    const { tag, key, scenarios } = await keyOf(tenant, query);
    const answers = touch(kept, tenant.organisationId, kept.get(tenant.organisationId) ?? new Map(), MAX_ORGANISATIONS);
    const compare = () => remembered(answers, key, () => computed(tenant, query, scenarios), MAX_PER_ORGANISATION);
    return { tag, key, compare };
  }

  return {
    answer,
    async compare(tenant: Tenant, query: ScenarioCompareQuery): Promise<ScenarioCompare> {
      return (await answer(tenant, query)).compare();
    },
  };
}
