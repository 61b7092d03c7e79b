import {
  ForecastModel,
  type ForecastCategory,
  type ForecastInput,
  type ForecastLeaf,
  type ForecastMonthDetails,
  type ForecastResult,
  type ForecastSalary,
  type ForecastSalaryCost,
} from '@saldopilot/forecast';
import {
  addMonthsToMonth,
  FORECAST_DEFAULTS,
  FORECAST_LIMITS,
  forecastDetailsSchema,
  monthOf,
  type Forecast,
  type ForecastCategoryNode,
  type ForecastDetails,
  type ForecastDetailsQuery,
  type ForecastLeafNode,
  type ForecastQuery,
} from '@saldopilot/shared';
import type { AppDatabase } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import type { RatesService } from '../../lib/rates/rates-service.js';
import type { Tenant } from '../../lib/tenant.js';
import type { ReferenceService } from '../reference/reference.service.js';
import { encodeBody, type BodyEncoding } from '../../lib/encoded-body.js';
import { compileResponseWriter } from '../../plugins/response-serializer.js';
import { createForecastCache } from './forecast-cache.js';
import {
  dataVersionsOf,
  forecastDataParts,
  type ForecastData,
  type ForecastDataPart,
  type Part,
} from './forecasts.repository.js';

/**
 * Brings the stored salary schedules (cost details, employee deductions) of an organisation up to
 * `today` before they are read (the employees area owns the rules; the forecast only asks).
 */
/** Brings the organisation's salary schedules up to `today`; true when it had to recompute any. */
export type EnsureFreshSchedules = (db: AppDatabase, organisationId: number, today: string) => Promise<boolean>;

export interface ForecastsServiceDeps {
  db: AppDatabase;
  clock: Clock;
  rates: RatesService;
  reference: ReferenceService;
  ensureFreshSchedules: EnsureFreshSchedules;
}

export type ForecastsService = ReturnType<typeof createForecastsService>;

/** Whether the leaves of a category are wanted: all without `?expand=`, else the named ones. */
type LeavesWanted = (side: 'revenue' | 'expense', category: string) => boolean;

function leavesWanted(expand: readonly string[] | undefined): LeavesWanted {
  if (!expand) return () => true;
  const keys = new Set(expand);
  return (side, category) => keys.has(`${side}:${category}`);
}

function toNodes(
  categories: readonly ForecastCategory[],
  side: 'revenue' | 'expense',
  wanted: LeavesWanted,
): ForecastCategoryNode[] {
  return categories.map((category) => ({
    name: category.name,
    amount: category.amount,
    children: (wanted(side, category.name) ? category.children : []).map((leaf) =>
      leaf.relatedTable === 'vat_settlement'
        ? toVatNode(leaf)
        : {
            name: leaf.name,
            amount: leaf.amount,
            relatedId: leaf.relatedId,
            relatedTable: leaf.relatedTable,
            isExcluded: leaf.isExcluded,
            ...(leaf.excludedAmount === undefined ? {} : { excludedAmount: leaf.excludedAmount }),
            // A salary leaf names its employee too: the web keys the row by the employee
            // (docs/forecast.md).
            ...(leaf.employeeId === undefined ? {} : { employeeId: leaf.employeeId }),
            ...(leaf.thirteenthSalary ? { thirteenthSalary: true } : {}),
          },
    ),
  }));
}

/** The VAT settlement's leaf with the parts it was computed from (docs/vat.md), those it has. */
function toVatNode(leaf: ForecastLeaf): ForecastLeafNode {
  const node: ForecastLeafNode = {
    name: leaf.name,
    amount: leaf.amount,
    relatedId: leaf.relatedId,
    relatedTable: leaf.relatedTable,
    isExcluded: leaf.isExcluded,
  };
  for (const part of vatParts) {
    const value = leaf[part];
    if (value !== undefined) node[part] = value;
  }
  return node;
}

const vatParts = ['outputTax', 'inputTax', 'grossRevenue', 'netTaxRate', 'netTaxRate2', 'netTaxRate2Share'] as const;

function toDetails(details: readonly ForecastMonthDetails[], wanted: LeavesWanted): ForecastDetails {
  return details.map((month) => ({
    month: month.month,
    revenue: toNodes(month.revenue, 'revenue', wanted),
    expense: toNodes(month.expense, 'expense', wanted),
  }));
}

/**
 * The forecast, computed on demand from the organisation's current rows (docs/forecast.md): the
 * stored salary schedules are brought up to today first, then everything is loaded in a fixed
 * number of queries and handed to the pure engine with the Zurich "today". Nothing of the result is
 * stored in the database; the rows and results are kept in memory while the organisation's data
 * version and the day stay the same (forecast-cache.ts).
 */
export function createForecastsService({ db, clock, rates, reference, ensureFreshSchedules }: ForecastsServiceDeps) {
  function codeOf(currencyId: number): string {
    const currency = reference.currencyById(currencyId);
    // Rows reference currencies by foreign key and currencies are never deleted.
    if (!currency) throw new Error(`currency ${currencyId} is not loaded`);
    return currency.code;
  }

  const cache = createForecastCache();
  const writeDetails = compileResponseWriter(forecastDetailsSchema);

  /** A salary without costs: one shared list, so that it compares equal from one read to the next. */
  const noCosts: ForecastSalaryCost[] = [];
  /** Each salary row with its costs as the engine takes it, kept while the row and its cost list are the same. */
  const withCosts = new WeakMap<ForecastData['salaries']['rows'][number], ForecastSalary>();

  /**
   * The engine's input over the longest horizon (one model serves every "Zeitraum" and performance:
   * a result picks its months and performance). The rows are the parts' own objects, so the model
   * finds the changed ones by identity (docs/forecast.md "After a write").
   */
  function inputOf(currency: string, today: string, data: ForecastData): ForecastInput {
    return {
      today,
      months: FORECAST_LIMITS.maxMonths,
      performance: 100,
      currency,
      rates: rates.rateTable(currency) ?? {},
      bankAccounts: data.accounts,
      transactions: data.transactions.rows,
      salaries: data.salaries.rows.map((row) => {
        const costs = data.costs.bySalary.get(row.id) ?? noCosts;
        const kept = withCosts.get(row);
        if (kept?.costs === costs) return kept;
        const salary = { ...row, costs };
        withCosts.set(row, salary);
        return salary;
      }),
      vatSetting: data.vatSetting,
      exclusions: data.exclusions,
      minimumBalance: data.minimumBalance,
    };
  }

  const partNames = Object.keys(forecastDataParts) as ForecastDataPart[];

  /** "day|version,version,…" of `tables`: equal stamps mean equal rows in those tables. */
  function stampOf(today: string, tables: readonly string[], versions: Map<string, number>): string {
    return `${today}|${tables.map((table) => versions.get(table) ?? 0).join(',')}`;
  }

  /**
   * Each part of the organisation's data from memory while its stamp (`stamps`, in the order of
   * `partNames`) holds, else refreshed or loaded (side by side).
   */
  async function dataOf(
    organisationId: number,
    today: string,
    versions: Map<string, number>,
    stamps: readonly string[],
    firstMonth: string,
    lastMonth: string,
  ): Promise<ForecastData> {
    const values = await Promise.all(
      partNames.map((name, index) => {
        const { load, refresh } = forecastDataParts[name] as Part<unknown>;
        const scope = { organisationId, firstMonth, lastMonth, versions };
        return cache.part(
          organisationId,
          name,
          stamps[index]!,
          () => load(db, scope),
          refresh && {
            base: stampOf(today, refresh.unless, versions),
            run: (previous) => refresh.run(db, scope, previous),
          },
        );
      }),
    );
    return dataFrom(values);
  }

  /** The parts' load results (in the order of `partNames`) as the forecast's data. */
  function dataFrom(values: readonly unknown[]): ForecastData {
    // Each value is its part's load result (same names, same order).
    return Object.fromEntries(partNames.map((name, index) => [name, values[index]])) as unknown as ForecastData;
  }

  /** The first and last month of the longest horizon: one load serves every "Zeitraum". */
  function horizonOf(today: string): { firstMonth: string; lastMonth: string } {
    const firstMonth = monthOf(today);
    return { firstMonth, lastMonth: addMonthsToMonth(firstMonth, FORECAST_LIMITS.maxMonths - 1) };
  }

  /**
   * The organisation's data versions, its salary schedules brought up to `today` first. The
   * versions are read before any rows: a write committing meanwhile raises a version past the
   * stamp, so rows loaded later are at worst newer than their stamp, never older.
   *
   * Schedules go stale only by a new day or by a salary row written, and every such write raises the
   * salaries' version. So the database is asked whether any is stale only when the day or that
   * version moved since it last answered "none" (a repeated read: one query instead of two). The
   * answer is remembered under the version read *before* asking: had a write come in between, the
   * version has moved on and that stamp never matches again.
   */
  async function versionsWithFreshSchedules(organisationId: number, today: string): Promise<Map<string, number>> {
    const versions = await dataVersionsOf(db, organisationId);
    const stamp = `${today}|${versions.get('salaries') ?? 0}`;
    if (cache.schedulesFreshAt(organisationId, stamp)) return versions;
    if (await ensureFreshSchedules(db, organisationId, today)) return dataVersionsOf(db, organisationId);
    cache.rememberFreshSchedules(organisationId, stamp);
    return versions;
  }

  /**
   * The key of the forecast for `query` (every part's stamp, the query, the currency and the rates)
   * and the forecast itself, from memory under that key or computed: the organisation's model is
   * brought to the current data (only what changed is taken out and added again) and read for the
   * query's months and performance — with the details tree, or only the totals.
   */
  async function prepare(
    { organisationId, currencyId }: Tenant,
    query: ForecastQuery,
  ): Promise<{ key: string; result: (details: boolean) => Promise<ForecastResult> }> {
    const today = clock.today();
    const { firstMonth, lastMonth } = horizonOf(today);
    const versions = await versionsWithFreshSchedules(organisationId, today);
    const stamps = partNames.map((name) => stampOf(today, forecastDataParts[name].tables, versions));
    const currency = codeOf(currencyId);
    const key = [...stamps, query.months, query.performance, currency, rates.generation()].join('/');
    const result = (details: boolean) =>
      cache.result(organisationId, `${key}/${details ? 'details' : 'totals'}`, async () => {
        const data = await dataOf(organisationId, today, versions, stamps, firstMonth, lastMonth);
        // Synchronous from here: no other request can move the model between its update and the result.
        const model = cache.model(organisationId, inputOf(currency, today, data));
        return model.result({ months: query.months, performance: query.performance, details });
      });
    return { key, result };
  }

  async function compute(tenant: Tenant, query: ForecastQuery, details: boolean): Promise<ForecastResult> {
    return (await prepare(tenant, query)).result(details);
  }

  return {
    /**
     * Throws AmountOverflowError unless the organisation's forecast in `currencyId` is exact over the
     * longest horizon at the default performance: a currency change checks it in its own database
     * transaction (`reader`), past the memory, before it is stored (ARCHITECTURE.md rule 7).
     */
    async requireExactIn(reader: AppDatabase, organisationId: number, currencyId: number): Promise<void> {
      const today = clock.today();
      const { firstMonth, lastMonth } = horizonOf(today);
      await ensureFreshSchedules(reader, organisationId, today);
      const values: unknown[] = [];
      // Nothing of this is kept, so no versions are recorded with the rows.
      const scope = { organisationId, firstMonth, lastMonth, versions: new Map<string, number>() };
      // One after the other: a transaction's queries share one connection.
      for (const name of partNames) values.push(await forecastDataParts[name].load(reader, scope));
      ForecastModel.build(inputOf(codeOf(currencyId), today, dataFrom(values))).result({
        months: FORECAST_LIMITS.maxMonths,
        performance: FORECAST_DEFAULTS.performance,
        details: false,
      });
    },

    /** `GET /forecasts`: totals per month, start balance, missing rates and the runway. */
    async forecast(tenant: Tenant, query: ForecastQuery): Promise<Forecast> {
      const calculatedAt = clock.now().toISOString();
      const result = await compute(tenant, query, false);
      return {
        calculatedAt,
        currency: result.currency,
        startBalance: result.startBalance,
        missingRates: result.missingRates,
        months: result.months,
        runway: result.runway,
      };
    },

    /** `GET /forecasts/details`: the tree (category → leaf) of every month, same input as the totals. */
    async details(tenant: Tenant, { expand, ...query }: ForecastDetailsQuery): Promise<ForecastDetails> {
      return toDetails((await compute(tenant, query, true)).details, leavesWanted(expand));
    },

    /**
     * The same details as the answer's compressed bytes, written and compressed once per forecast,
     * `expand` and encoding, then kept (brotli makes the 6 MB of a big organisation's "Löhne" about
     * 20 KB; writing and compressing them took ~100 ms per request).
     */
    async encodedDetails(
      tenant: Tenant,
      { expand, ...query }: ForecastDetailsQuery,
      encoding: BodyEncoding,
    ): Promise<Buffer> {
      const { key, result } = await prepare(tenant, query);
      const expandKey = expand === undefined ? '*' : JSON.stringify([...new Set(expand)].sort());
      return cache.body(tenant.organisationId, `${key}/${expandKey}/${encoding}`, async () =>
        encodeBody(writeDetails(toDetails((await result(true)).details, leavesWanted(expand))), encoding),
      );
    },
  };
}
