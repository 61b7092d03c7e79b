import { occurrenceKeyText, overdueOccurrences } from '@saldopilot/forecast';
import {
  occurrenceDismissalMessages,
  planActualMessages,
  type OccurrenceDismissal,
  type OccurrenceDismissalBulkResult,
  type OccurrenceDismissalList,
  type OccurrenceDismissalRestoreResult,
  type OccurrenceKey,
  type PlannedOccurrence,
} from '@saldopilot/shared';
import type { AppDatabase } from '../../db/client.js';
import { AppError, notFound, validationFailed } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import type { Tenant } from '../../lib/tenant.js';
import type { ForecastsService, PlanInput } from '../forecasts/forecasts.service.js';
import { keyOf, toOccurrence, type PlanCache } from './plan-cache.js';
import {
  allDismissals,
  deleteDismissal,
  deleteDismissals,
  insertDismissal,
  lockPlanMatches,
  matchCountOf,
  matchesOf,
} from './plan-actual.repository.js';

export const dismissalMessages = {
  dismissalNotFound: 'Markierung «entfällt» nicht gefunden',
  onlyOverdue: 'Nur fällige geplante Zahlungen (vor heute) können als «entfällt» markiert werden',
} as const;

export interface DismissalsServiceDeps {
  db: AppDatabase;
  clock: Clock;
  forecasts: ForecastsService;
  /** Shared with the table and matching (plan-cache.ts). */
  cache: PlanCache;
}

export type DismissalsService = ReturnType<typeof createDismissalsService>;

function bulkResult(occurrences: PlannedOccurrence[], dismissalIds: number[]): OccurrenceDismissalBulkResult {
  const total = occurrences.reduce((sum, occurrence) => sum + occurrence.amount, 0);
  return { count: occurrences.length, total, occurrences, dismissalIds };
}

/**
 * "Entfällt" (docs/plan-actual.md "The forecast counts nothing twice", "Many at once"): overdue
 * planned occurrences marked as expected no more, one or many at once, and taken back. Dismissals
 * are stored by the occurrences' identity; the occurrences themselves are computed from the
 * forecast's input (`forecasts.planInput`).
 */
export function createDismissalsService({ db, clock, forecasts, cache }: DismissalsServiceDeps) {
  /**
   * The occurrences the forecast counts as überfällig (the engine's own list, docs/plan-actual.md
   * "Many at once"), kept while the plan, its matches and dismissals stay the same.
   */
  function overdueOf(tenant: Tenant, plan: PlanInput): Promise<PlannedOccurrence[]> {
    return cache.kept(`overdue|${tenant.organisationId}|${plan.key}`, () => overdueOccurrences(plan.input));
  }

  /**
   * What "Entfällt" for many marks: the überfällig occurrences due before `before` that no entry is
   * matched to (a matched one whose payment is not in the balance yet stays), earliest first.
   * Without salaries:read (`tenant.seesSalaries`) no employee's salary occurrence is named or marked
   * (docs/access.md "Salary figures").
   * @throws 400 naming `before` when the day is after today.
   */
  async function overdueBefore(
    reader: AppDatabase,
    tenant: Tenant,
    plan: PlanInput,
    before: string,
  ): Promise<PlannedOccurrence[]> {
    if (before > plan.input.today) throw validationFailed({ before: occurrenceDismissalMessages.notAfterToday });
    const overdue = (await overdueOf(tenant, plan)).filter(
      (occurrence) => occurrence.dueDate < before && (tenant.seesSalaries || occurrence.kind !== 'salaries'),
    );
    const dates = overdue.map((occurrence) => occurrence.dueDate).sort();
    const [first, last] = [dates[0], dates.at(-1)];
    if (first === undefined || last === undefined) return [];
    const matched = new Set(
      (await matchesOf(reader, tenant.organisationId, { dueFrom: first, dueTo: last })).map(keyOf),
    );
    return overdue
      .filter((occurrence) => !matched.has(occurrenceKeyText(occurrence)))
      .map(toOccurrence)
      .sort((a, b) => a.dueDate.localeCompare(b.dueDate) || a.kind.localeCompare(b.kind) || a.id - b.id);
  }

  return {
    /** `POST /occurrence-dismissals`: an overdue occurrence marked "entfällt". */
    async dismiss(tenant: Tenant, key: OccurrenceKey): Promise<OccurrenceDismissal> {
      if (key.dueDate >= clock.today()) throw validationFailed({ dueDate: dismissalMessages.onlyOverdue });
      await cache.plannedOccurrence(tenant.organisationId, await forecasts.planInput(tenant), key);
      return db.transaction(async (tx) => {
        await lockPlanMatches(tx, tenant.organisationId);
        if ((await matchCountOf(tx, tenant.organisationId, key)) > 0) {
          throw new AppError('CONFLICT', planActualMessages.matchedCannotBeDismissed);
        }
        const row = await insertDismissal(tx, tenant.organisationId, key);
        if (!row) throw new AppError('CONFLICT', planActualMessages.alreadyDismissed);
        return { dismissalId: row.dismissalId, ...key };
      });
    },

    /** `DELETE /occurrence-dismissals/{id}`: the occurrence counts as overdue again. */
    async undismiss(tenant: Tenant, dismissalId: number): Promise<void> {
      if (!(await deleteDismissal(db, tenant.organisationId, dismissalId))) {
        throw notFound(dismissalMessages.dismissalNotFound);
      }
    },

    /** `GET /occurrence-dismissals/bulk?before=`: what "Entfällt" for many would mark (for the confirmation). */
    async dismissBulkPreview(tenant: Tenant, before: string): Promise<OccurrenceDismissalBulkResult> {
      const plan = await forecasts.planInput(tenant);
      return bulkResult(await overdueBefore(db, tenant, plan, before), []);
    },

    /**
     * `POST /occurrence-dismissals/bulk {before}`: every überfällig occurrence due before the day
     * marked "entfällt" in one transaction (docs/plan-actual.md "Many at once"); none: count 0.
     */
    async dismissBulk(tenant: Tenant, before: string): Promise<OccurrenceDismissalBulkResult> {
      const plan = await forecasts.planInput(tenant);
      return db.transaction(async (tx) => {
        await lockPlanMatches(tx, tenant.organisationId);
        // Read under the lock: an entry matched meanwhile keeps its occurrence out.
        const occurrences = await overdueBefore(tx, tenant, plan, before);
        const marked: PlannedOccurrence[] = [];
        const dismissalIds: number[] = [];
        for (const occurrence of occurrences) {
          const row = await insertDismissal(tx, tenant.organisationId, occurrence);
          if (!row) continue;
          marked.push(occurrence);
          dismissalIds.push(row.dismissalId);
        }
        return bulkResult(marked, dismissalIds);
      });
    },

    /**
     * `POST /occurrence-dismissals/bulk-restore {dismissalIds}`: the marks taken back together; one
     * the organisation does not have (also another organisation's) is 404 and none is taken back.
     */
    async undismissBulk(tenant: Tenant, dismissalIds: readonly number[]): Promise<OccurrenceDismissalRestoreResult> {
      const wanted = [...new Set(dismissalIds)];
      return db.transaction(async (tx) => {
        const deleted = await deleteDismissals(tx, tenant.organisationId, wanted);
        if (deleted.length !== wanted.length) throw notFound(dismissalMessages.dismissalNotFound);
        return { count: deleted.length };
      });
    },

    /**
     * `GET /occurrence-dismissals`: every mark "entfällt", the latest due first, with the plan's name
     * and amount; without salaries:read (`tenant.seesSalaries`) none of a salary (docs/access.md
     * "Salary figures").
     */
    async dismissals(tenant: Tenant): Promise<OccurrenceDismissalList> {
      const rows = await allDismissals(db, tenant.organisationId);
      const dates = rows.map((row) => row.dueDate).sort();
      const [first, last] = [dates[0], dates.at(-1)];
      const planned = new Map<string, PlannedOccurrence>();
      if (first !== undefined && last !== undefined) {
        const plan = await forecasts.planInput(tenant);
        for (const occurrence of await cache.occurrencesOf(tenant.organisationId, plan, first, last)) {
          planned.set(occurrenceKeyText(occurrence), occurrence);
        }
      }
      const items = rows.map((row) => {
        const key = { kind: row.kind as OccurrenceKey['kind'], id: row.id, dueDate: row.dueDate };
        const occurrence = planned.get(occurrenceKeyText(key));
        return {
          dismissalId: row.dismissalId,
          ...key,
          name: occurrence?.name ?? null,
          category: occurrence?.category ?? null,
          amount: occurrence?.amount ?? null,
        };
      });
      items.sort(
        (a, b) =>
          b.dueDate.localeCompare(a.dueDate) ||
          (a.name ?? '').localeCompare(b.name ?? '', 'de') ||
          a.dismissalId - b.dismissalId,
      );
      if (!tenant.seesSalaries) return { items: items.filter((item) => item.kind !== 'salaries') };
      return { items };
    },
  };
}
