import {
  addMonthsToMonth,
  FORECAST_LIMITS,
  forecastMessages,
  monthOf,
  type ForecastExclusionBatch,
  type ForecastExclusionKey,
  type ForecastExclusionListQuery,
} from '@saldopilot/shared';
import { calendarLeafId, calendarLeafNames } from '@saldopilot/forecast';
import type { AppDatabase } from '../../db/client.js';
import { AppError, notFound } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import type { Tenant } from '../../lib/tenant.js';
import {
  deleteExclusions,
  findOwnItems,
  insertExclusions,
  listExclusions,
  type ExclusionKey,
  type ExclusionTableName,
} from './forecast-exclusions.repository.js';

export interface ForecastExclusionsServiceDeps {
  db: AppDatabase;
  clock: Clock;
}

export type ForecastExclusionsService = ReturnType<typeof createForecastExclusionsService>;

const tables: readonly ExclusionTableName[] = ['transactions', 'salaries', 'salary_cost_labels'];

function toAnswer(key: ExclusionKey): ForecastExclusionKey {
  return { month: key.month, relatedTable: key.relatedTable, relatedId: key.relatedId };
}

/**
 * Exclusions of forecast leaves per month (docs/forecast.md "Exclusions"): a transaction, a salary
 * or a cost label (0 = "<Kein Label>") counts nothing in that month. Months lie in the horizon a
 * forecast can show (current month … + 59); the item must be the organisation's (else 404, like a
 * missing one).
 */
export function createForecastExclusionsService({ db, clock }: ForecastExclusionsServiceDeps) {
  function horizon() {
    const first = monthOf(clock.today());
    return { first, last: addMonthsToMonth(first, FORECAST_LIMITS.maxMonths - 1) };
  }

  /** 400 naming every entry whose month lies outside the horizon (`fieldOf(i)` = its field path). */
  function requireMonthsInHorizon(keys: readonly ExclusionKey[], fieldOf: (index: number) => string): void {
    const { first, last } = horizon();
    const fields: Record<string, string> = {};
    keys.forEach((key, index) => {
      if (key.month < first || key.month > last) fields[fieldOf(index)] = forecastMessages.monthOutsideHorizon;
    });
    if (Object.keys(fields).length > 0) {
      throw new AppError('VALIDATION_FAILED', forecastMessages.monthOutsideHorizon, { fields });
    }
  }

  /**
   * 404 unless every item named exists in the organisation (one query per kind, rows share-locked); a
   * label's negative id must be a leaf the payment calendar can have in the horizon's years (the hash of
   * its name, docs/payment-calendar.md "Exclusions"): it has no row.
   */
  async function requireOwnItems(tx: AppDatabase, tenant: Tenant, keys: readonly ExclusionKey[]): Promise<void> {
    const calendarIds = keys.filter((key) => key.relatedTable === 'salary_cost_labels' && key.relatedId < 0);
    if (calendarIds.length > 0) {
      const { first, last } = horizon();
      const names = calendarLeafNames(Number(first.slice(0, 4)) - 1, Number(last.slice(0, 4)));
      const known = new Set(names.map(calendarLeafId));
      if (calendarIds.some((key) => !known.has(key.relatedId))) throw notFound(forecastMessages.notFound);
    }
    for (const table of tables) {
      const ids = [
        ...new Set(keys.filter((key) => key.relatedTable === table && key.relatedId >= 0).map((key) => key.relatedId)),
      ];
      if (ids.length === 0) continue;
      const found = await findOwnItems(tx, tenant.organisationId, table, ids);
      if (ids.some((id) => !found.has(id))) throw notFound(forecastMessages.notFound);
    }
  }

  const keyOf = (input: ForecastExclusionKey): ExclusionKey => ({
    relatedTable: input.relatedTable,
    relatedId: input.relatedId,
    month: input.month,
  });

  /** Sets (`excluded`) or lifts exclusions in one database transaction; answers how many changed. */
  async function apply(tenant: Tenant, changes: readonly { key: ExclusionKey; excluded: boolean }[]): Promise<number> {
    // The last change of a key wins, as if applied in order.
    const latest = new Map<string, { key: ExclusionKey; excluded: boolean }>();
    for (const change of changes)
      latest.set(`${change.key.relatedTable}:${change.key.relatedId}:${change.key.month}`, change);
    return db.transaction(async (tx) => {
      await requireOwnItems(
        tx,
        tenant,
        changes.map((change) => change.key),
      );
      let affected = 0;
      for (const table of tables) {
        const ofTable = [...latest.values()].filter((change) => change.key.relatedTable === table);
        const add = ofTable.filter((change) => change.excluded).map((change) => change.key);
        const lift = ofTable.filter((change) => !change.excluded).map((change) => change.key);
        affected += await insertExclusions(tx, tenant.organisationId, table, add);
        affected += await deleteExclusions(tx, tenant.organisationId, table, lift);
      }
      return affected;
    });
  }

  return {
    /** The organisation's exclusions from the current month on, optionally of one kind or one item. */
    async list(tenant: Tenant, query: ForecastExclusionListQuery): Promise<ForecastExclusionKey[]> {
      const rows = await listExclusions(db, tenant.organisationId, {
        firstMonth: horizon().first,
        ...(query.relatedTable === undefined ? {} : { relatedTable: query.relatedTable }),
        ...(query.relatedId === undefined ? {} : { relatedId: query.relatedId }),
      });
      return rows.map(toAnswer);
    },

    /** Excludes one leaf in one month (an existing exclusion stays as it is). */
    async add(tenant: Tenant, input: ForecastExclusionKey): Promise<ForecastExclusionKey> {
      const key = keyOf(input);
      requireMonthsInHorizon([key], () => 'month');
      await apply(tenant, [{ key, excluded: true }]);
      return toAnswer(key);
    },

    /** Lifts one exclusion (no error when there was none; an unknown item is 404). */
    async remove(tenant: Tenant, input: ForecastExclusionKey): Promise<void> {
      const key = keyOf(input);
      requireMonthsInHorizon([key], () => 'month');
      await apply(tenant, [{ key, excluded: false }]);
    },

    /** `PUT /forecasts/exclude`: the whole batch or nothing (one bad entry: 400/404, nothing stored). */
    async update(tenant: Tenant, batch: ForecastExclusionBatch): Promise<{ affected: number }> {
      const changes = batch.updates.map((update) => ({ key: keyOf(update), excluded: update.isExcluded }));
      requireMonthsInHorizon(
        changes.map((change) => change.key),
        (index) => `updates.${index}.month`,
      );
      return { affected: await apply(tenant, changes) };
    },
  };
}
