import {
  computeForecast,
  type ForecastCategory,
  type ForecastInput,
  type ForecastMonthDetails,
  type ForecastResult,
  type ForecastSalaryCost,
} from '@saldopilot/forecast';
import {
  addMonthsToMonth,
  FORECAST_LIMITS,
  monthOf,
  type Forecast,
  type ForecastCategoryNode,
  type ForecastDetails,
  type ForecastDetailsQuery,
  type ForecastQuery,
} from '@saldopilot/shared';
import type { AppDatabase } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import type { RatesService } from '../../lib/rates/rates-service.js';
import type { Tenant } from '../../plugins/authenticate.js';
import type { ReferenceService } from '../reference/reference.service.js';
import { createForecastCache } from './forecast-cache.js';
import { dataVersionOf, loadForecastData, type ForecastData } from './forecasts.repository.js';

/**
 * Brings the stored salary schedules (cost details, employee deductions) of an organisation up to
 * `today` before they are read (the employees area owns the rules; the forecast only asks).
 */
export type EnsureFreshSchedules = (db: AppDatabase, organisationId: number, today: string) => Promise<void>;

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
    children: (wanted(side, category.name) ? category.children : []).map((leaf) => ({
      name: leaf.name,
      amount: leaf.amount,
      relatedID: leaf.relatedId,
      relatedTable: leaf.relatedTable,
      isExcluded: leaf.isExcluded,
    })),
  }));
}

function toDetails(details: readonly ForecastMonthDetails[], wanted: LeavesWanted): ForecastDetails {
  return details.map((month) => ({
    month: month.month,
    revenue: toNodes(month.revenue, 'revenue', wanted),
    expense: toNodes(month.expense, 'expense', wanted),
  }));
}

/**
 * The forecast, computed on demand from the organisation's current rows (FORECAST.md): the stored
 * salary schedules are brought up to today first, then everything is loaded in a fixed number of
 * queries and handed to the pure engine with the Zurich "today". Nothing of the result is stored in
 * the database; the rows and results are kept in memory while the organisation's data version and
 * the day stay the same (forecast-cache.ts).
 */
export function createForecastsService({ db, clock, rates, reference, ensureFreshSchedules }: ForecastsServiceDeps) {
  function codeOf(currencyId: number): string {
    const currency = reference.currencyById(currencyId);
    // Rows reference currencies by foreign key and currencies are never deleted.
    if (!currency) throw new Error(`currency ${currencyId} is not loaded`);
    return currency.code;
  }

  const cache = createForecastCache<ForecastData, ForecastResult>();

  function inputOf(currency: string, query: ForecastQuery, today: string, data: ForecastData): ForecastInput {
    const costsBySalary = new Map<number, ForecastSalaryCost[]>();
    for (const cost of data.costs) {
      let list = costsBySalary.get(cost.salaryId);
      if (!list) costsBySalary.set(cost.salaryId, (list = []));
      list.push({
        id: cost.id,
        labelId: cost.labelId,
        labelName: cost.labelName,
        cycle: cost.cycle,
        distributionType: cost.distributionType,
        relativeOffset: cost.relativeOffset,
        details: cost.details,
      });
    }
    return {
      today,
      months: query.months,
      performance: query.performance,
      currency,
      rates: rates.rateTable(currency) ?? {},
      bankAccounts: data.accounts.map((account) => ({ amount: account.amount, currency: codeOf(account.currencyId) })),
      transactions: data.transactions.map(({ currencyId, ...transaction }) => ({
        ...transaction,
        currency: codeOf(currencyId),
      })),
      salaries: data.salaries.map(({ currencyId, ...salary }) => ({
        ...salary,
        currency: codeOf(currencyId),
        costs: costsBySalary.get(salary.id) ?? [],
      })),
      vatSetting: data.vatSetting,
      exclusions: data.exclusions,
      minimumBalance: data.minimumBalance,
    };
  }

  async function compute({ organisationId, currencyId }: Tenant, query: ForecastQuery): Promise<ForecastResult> {
    const today = clock.today();
    const firstMonth = monthOf(today);
    await ensureFreshSchedules(db, organisationId, today);
    // Read before the rows: a write committing meanwhile raises the version past this stamp, so rows
    // loaded after it are at worst newer than their stamp, never older.
    const version = await dataVersionOf(db, organisationId);
    const currency = codeOf(currencyId);
    return cache.read(
      organisationId,
      `${version}|${today}`,
      `${query.months}|${query.performance}|${currency}|${rates.generation()}`,
      // The longest horizon, so that one load serves every "Zeitraum".
      () =>
        loadForecastData(db, organisationId, firstMonth, addMonthsToMonth(firstMonth, FORECAST_LIMITS.maxMonths - 1)),
      (data) => computeForecast(inputOf(currency, query, today, data)),
    );
  }

  return {
    /** `GET /forecasts`: totals per month, start balance, missing rates and the runway. */
    async forecast(tenant: Tenant, query: ForecastQuery): Promise<Forecast> {
      const calculatedAt = clock.now().toISOString();
      const result = await compute(tenant, query);
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
      return toDetails((await compute(tenant, query)).details, leavesWanted(expand));
    },
  };
}
