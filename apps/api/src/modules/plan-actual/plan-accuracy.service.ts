import {
  addMonthsToMonth,
  FORECAST_DEFAULTS,
  monthOf,
  SNAPSHOT_LIMITS,
  type ForecastDetailsMonth,
  type OccurrenceKind,
  type PlanAccuracy,
  type SnapshotData,
  type SnapshotMonth,
  type SnapshotSeed,
} from '@saldopilot/shared';
import type { AppDatabase } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import type { Tenant } from '../../lib/tenant.js';
import type { ForecastsService } from '../forecasts/forecasts.service.js';
import type { ReferenceService } from '../reference/reference.service.js';
import {
  deleteSnapshotsBefore,
  hasSnapshot,
  insertSnapshot,
  organisationsForSnapshots,
  snapshotsFrom,
} from './forecast-snapshots.repository.js';
import { planAccuracy } from './plan-accuracy.js';
import type { PlanActualService } from './plan-actual.service.js';

export interface PlanAccuracyServiceDeps {
  db: AppDatabase;
  clock: Clock;
  reference: ReferenceService;
  forecasts: ForecastsService;
  planActual: PlanActualService;
}

export type PlanAccuracyService = ReturnType<typeof createPlanAccuracyService>;

/** The leaves of one side of a month of the details: [kind, id, amount], names aside. */
function leavesOf(month: ForecastDetailsMonth, names: Record<string, string>): SnapshotMonth['leaves'] {
  const leaves: SnapshotMonth['leaves'] = [];
  for (const category of [...month.revenue, ...month.expense]) {
    for (const leaf of category.children) {
      // A scenario's rows never reach the base; an overdue leaf is of the month the snapshot was taken in.
      if (leaf.relatedTable === 'scenario_levers' || leaf.overdueDate !== undefined || leaf.amount === 0) continue;
      const key = `${leaf.relatedTable}|${leaf.relatedId}`;
      names[key] = leaf.name;
      leaves.push([leaf.relatedTable as OccurrenceKind, leaf.relatedId, leaf.amount]);
    }
  }
  return leaves;
}

/**
 * The plan's accuracy per horizon (docs/plan-actual.md "Accuracy per horizon"): a snapshot of the
 * base forecast kept at the start of every month (the monthly job, or the first read of a month
 * without one), and WAPE and bias per side and horizon from the snapshots beside Plan/Ist's actuals.
 */
export function createPlanAccuracyService({ db, clock, reference, forecasts, planActual }: PlanAccuracyServiceDeps) {
  /** The base forecast of the 12 months after the current one: totals, end balances, leaves. */
  async function snapshotOf(tenant: Tenant): Promise<SnapshotData> {
    const query = { months: SNAPSHOT_LIMITS.monthsAhead + 1, performance: FORECAST_DEFAULTS.performance };
    const [totals, details] = await Promise.all([
      forecasts.forecast(tenant, query),
      forecasts.details(tenant, { ...query, expand: undefined }),
    ]);
    const names: Record<string, string> = {};
    // The current month is partly past when the snapshot is taken: it is no forecast of it.
    const months = totals.months.slice(1).map((month, index) => ({
      month: month.month,
      revenue: month.revenue,
      expense: month.expense,
      saldo: month.saldo,
      leaves: leavesOf(details[index + 1] as ForecastDetailsMonth, names),
    }));
    return { months, names };
  }

  /** Takes the current month's snapshot unless it is kept; answers whether this call took it. */
  async function ensureSnapshot(tenant: Tenant): Promise<boolean> {
    const month = monthOf(clock.today());
    if (await hasSnapshot(db, tenant.organisationId, month)) return false;
    // The snapshot sees everything (salaries too): what it answers is filtered per reader.
    return insertSnapshot(db, tenant.organisationId, month, await snapshotOf({ ...tenant, seesSalaries: true }));
  }

  return {
    ensureSnapshot,

    /**
     * The monthly job (jobs/snapshot-job.ts): every organisation's snapshot of the current month,
     * and the snapshots older than SNAPSHOT_LIMITS.keptMonths removed. Several instances may run
     * it: the month's key keeps one. Answers how many this call took.
     */
    async snapshotAll(onError: (error: unknown) => void): Promise<number> {
      const current = monthOf(clock.today());
      await deleteSnapshotsBefore(db, addMonthsToMonth(current, -SNAPSHOT_LIMITS.keptMonths));
      let taken = 0;
      for (const organisation of await organisationsForSnapshots(db)) {
        const tenant: Tenant = {
          userId: 0,
          organisationId: organisation.id,
          role: 'owner',
          currencyId: organisation.currencyId,
          seesSalaries: true,
        };
        // One organisation's failure leaves the others' snapshots to be taken.
        taken += await ensureSnapshot(tenant).then(Number, (error: unknown) => (onError(error), 0));
      }
      return taken;
    },

    /** `GET /plan-actual/accuracy`: WAPE and bias per side and horizon, the largest errors, the band. */
    async accuracy(tenant: Tenant): Promise<PlanAccuracy> {
      await ensureSnapshot(tenant);
      const current = monthOf(clock.today());
      const first = addMonthsToMonth(current, -SNAPSHOT_LIMITS.keptMonths);
      const [snapshots, table, leafActuals] = await Promise.all([
        snapshotsFrom(db, tenant.organisationId, first),
        planActual.table(tenant, { from: first, to: addMonthsToMonth(current, -1) }),
        planActual.leafActuals(tenant, first),
      ]);
      return planAccuracy({
        currency: reference.codeOf(tenant.currencyId),
        currentMonth: current,
        snapshots,
        actualMonths: table.months.map((month) => ({
          month: month.month,
          covered: month.covered,
          revenue: month.revenue.actual,
          expense: month.expense.actual,
          balance: month.balance.actual,
        })),
        leafActuals,
        // docs/access.md "Salary figures": no one person's salary without salaries:read.
        seesSalaries: tenant.seesSalaries,
      });
    },

    /** The development and test helper: a snapshot as if taken in `seed.month` (replacing one kept). */
    async seed(tenant: Tenant, { month, ...data }: SnapshotSeed): Promise<void> {
      await insertSnapshot(db, tenant.organisationId, month, data, true);
    },
  };
}
