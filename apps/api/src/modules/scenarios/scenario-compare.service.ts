import {
  BASE_SCENARIO,
  type CompareDifference,
  type CompareEntry,
  type Forecast,
  type ForecastDetails,
  type ForecastLeafNode,
  type ScenarioCompare,
  type ScenarioCompareQuery,
  type ScenarioKpis,
} from '@saldopilot/shared';
import type { Clock } from '../../lib/clock.js';
import type { Tenant } from '../../lib/tenant.js';
import type { ForecastsService } from '../forecasts/forecasts.service.js';
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

type LeafRow = Omit<CompareDifference, 'differences'> & { amounts: number[] };

/** Every leaf of the details by its identity (an employee's salaries are one leaf), amounts per month. */
export function leavesOf(details: ForecastDetails): Map<string, LeafRow> {
  const rows = new Map<string, LeafRow>();
  details.forEach((month, index) => {
    for (const side of ['revenue', 'expense'] as const) {
      for (const category of month[side]) {
        for (const leaf of category.children) {
          const key = `${side}|${category.name}|${identity(leaf)}`;
          let row = rows.get(key);
          if (!row) {
            row = {
              side,
              category: category.name,
              name: leaf.name,
              relatedTable: leaf.relatedTable,
              relatedId: leaf.relatedId,
              amounts: new Array<number>(details.length).fill(0),
            };
            rows.set(key, row);
          }
          row.amounts[index] = (row.amounts[index] ?? 0) + leaf.amount;
        }
      }
    }
  });
  return rows;
}

function identity(leaf: ForecastLeafNode): string {
  if (leaf.relatedTable === 'salaries' && leaf.employeeId !== undefined) return `employee:${leaf.employeeId}`;
  return `${leaf.relatedTable}:${leaf.relatedId}`;
}

/**
 * Per leaf and month scenario − base; leaves equal in every month are left out. `before`: the base's
 * leaves (`leavesOf`), gathered once for all scenarios of a comparison.
 */
export function differencesOf(before: ReadonlyMap<string, LeafRow>, scenario: ForecastDetails): CompareDifference[] {
  const after = leavesOf(scenario);
  const keys = new Set([...before.keys(), ...after.keys()]);
  const differences: CompareDifference[] = [];
  for (const key of keys) {
    const was = before.get(key);
    const is = after.get(key);
    const row = (is ?? was) as LeafRow;
    const months = scenario.length;
    const deltas = Array.from({ length: months }, (_, i) => (is?.amounts[i] ?? 0) - (was?.amounts[i] ?? 0));
    if (deltas.every((delta) => delta === 0)) continue;
    const { amounts: _amounts, ...identityOf } = row;
    differences.push({ ...identityOf, differences: deltas });
  }
  return differences;
}

export type ScenarioCompareService = ReturnType<typeof createScenarioCompareService>;

/** `GET /scenarios/compare`: the base and scenarios side by side (docs/scenarios.md "Compare"). */
export function createScenarioCompareService(deps: {
  clock: Clock;
  forecasts: ForecastsService;
  scenarios: ScenariosService;
}) {
  return {
    async compare(tenant: Tenant, { ids, months, performance }: ScenarioCompareQuery): Promise<ScenarioCompare> {
      const calculatedAt = deps.clock.now().toISOString();
      const query = { months, performance };
      const baseDetails = deps.forecasts.details(tenant, query);
      // The base's leaves once for every scenario (a big organisation's are ~9,000 × 60 months).
      const baseLeaves = baseDetails.then(leavesOf);
      // Unhandled until the first scenario awaits it: a base that fails fails the comparison there.
      baseLeaves.catch(() => undefined);
      const entries = await Promise.all(
        ids.map(async (id): Promise<CompareEntry & { currency: string; minimumBalance: number }> => {
          const scenario = id === 'base' ? null : await deps.scenarios.get(tenant, id);
          const scenarioQuery = scenario ? { ...query, scenario: scenario.id } : query;
          const [forecast, details] = await Promise.all([
            deps.forecasts.forecast(tenant, scenarioQuery),
            // The scenario's own details: the marks against the base that the Prognose shows are not needed here.
            scenario ? deps.forecasts.unmarkedDetails(tenant, scenarioQuery) : baseDetails,
          ]);
          return {
            currency: forecast.currency,
            scenarioId: scenario?.id ?? null,
            name: scenario?.name ?? BASE_SCENARIO.name,
            color: scenario?.color ?? BASE_SCENARIO.color,
            months: forecast.months,
            kpis: kpisOf(forecast),
            differences: scenario ? differencesOf(await baseLeaves, details) : [],
            minimumBalance: forecast.runway.minimumBalance,
          };
        }),
      );
      const first = entries[0] as CompareEntry & { currency: string; minimumBalance: number };
      return {
        calculatedAt,
        currency: first.currency,
        minimumBalance: first.minimumBalance,
        months: first.months.map((month) => month.month),
        entries: entries.map(({ currency: _currency, minimumBalance: _minimum, ...entry }) => entry),
      };
    },
  };
}
