import { occurrenceKeyText, plannedOccurrences, type ForecastInput } from '@saldopilot/forecast';
import {
  addDays,
  lastDayOfMonth,
  monthOf,
  planActualMessages,
  type OccurrenceKey,
  type PlannedOccurrence,
} from '@saldopilot/shared';
import type { AppDatabase } from '../../db/client.js';
import { notFound } from '../../lib/app-error.js';
import type { Converter } from '../../lib/rates/conversion.js';
import { remembered } from '../../lib/recently-used.js';
import { horizonOf, type PlanInput } from '../forecasts/forecasts.service.js';
import { withShares } from './entry-shares.js';
import { indexOccurrences, type CandidateSources } from './match-candidates.js';
import { REFERENCE_WINDOW_DAYS, type EntryToMatch, type MatchSettings } from './match-ranking.js';
import { allDismissals, matchesOf, type MatchRow } from './plan-actual.repository.js';

/**
 * What plan vs actual computes from the forecast's input, kept (most recently used last) under keys
 * that name everything it depends on: the forecast's stamps, as `PlanInput.key` (all of them) and
 * `PlanInput.occurrencesKey` (all but the matches, dismissals and entries) carry them
 * (forecasts.service.ts, forecast-cache.ts). A big organisation's occurrences of a month take tens
 * of milliseconds to compute; suggestions for the entries of one statement all read the same
 * months. Shared by the table (plan-actual.service.ts), matching (match.service.ts) and the
 * dismissals (dismissals.service.ts).
 */
const MAX_REMEMBERED = 32;

/** A transaction row as the forecast's input holds it: the engine's fields and the reference. */
type ForecastTransactionWithReference = ForecastInput['transactions'][number] & { reference?: string | null };

/** The occurrence a match or dismissal row names, as text (`occurrenceKeyText`). */
export function keyOf(row: { kind: string; id: number; dueDate: string }): string {
  return occurrenceKeyText({ kind: row.kind as OccurrenceKey['kind'], id: row.id, dueDate: row.dueDate });
}

export type SharedMatch = MatchRow & { share: number };

/** The match rows with their shares (entry-shares.ts), the entries' amounts converted. */
export function sharedMatches(rows: readonly MatchRow[], converter: Converter): SharedMatch[] {
  return withShares(rows, (row) => converter.convert(row.amount, row.currency));
}

/** What is matched to each occurrence, by key: the shares of its entries. */
export function matchedAmounts(rows: readonly MatchRow[], converter: Converter): Map<string, number> {
  const matched = new Map<string, number>();
  for (const match of sharedMatches(rows, converter)) {
    const key = keyOf(match);
    matched.set(key, (matched.get(key) ?? 0) + match.share);
  }
  return matched;
}

/** An occurrence with the fields an answer shows (the engine's own carries more). */
export function toOccurrence(occurrence: PlannedOccurrence): PlannedOccurrence {
  const { kind, id, dueDate, name, category, amount } = occurrence;
  return { kind, id, dueDate, name, category, amount };
}

/** The day `date` moved into [from, to]. */
function clampDate(date: string, from: string, to: string): string {
  return date < from ? from : date > to ? to : date;
}

/** The occurrences of [from, to] (clamped to the months the input holds: `horizonOf`), none when nothing is left. */
function occurrencesBetween(input: ForecastInput, from: string, to: string): PlannedOccurrence[] {
  const { firstMonth, lastMonth } = horizonOf(input.today);
  const [first, last] = [`${firstMonth}-01`, lastDayOfMonth(lastMonth)];
  const start = clampDate(from, first, last);
  const end = clampDate(to, first, last);
  return start > end ? [] : plannedOccurrences(input, start, end);
}

export type PlanCache = ReturnType<typeof createPlanCache>;

export function createPlanCache() {
  const memory = new Map<string, Promise<unknown>>();

  /** `compute`'s value kept under `key` (see MAX_REMEMBERED): the key must name everything it depends on. */
  function kept<T>(key: string, compute: () => T | Promise<T>): Promise<T> {
    return remembered(memory, key, async () => compute(), MAX_REMEMBERED) as Promise<T>;
  }

  /** The plan's occurrences of [from, to], computed for whole months and kept while the plan stays the same. */
  async function occurrencesOf(
    organisationId: number,
    plan: PlanInput,
    from: string,
    to: string,
  ): Promise<PlannedOccurrence[]> {
    const firstMonth = monthOf(from);
    const lastMonth = monthOf(to);
    const key = `occurrences|${organisationId}|${plan.occurrencesKey}|${firstMonth}|${lastMonth}`;
    const months = await kept(key, () => occurrencesBetween(plan.input, `${firstMonth}-01`, lastDayOfMonth(lastMonth)));
    return months.filter((occurrence) => occurrence.dueDate >= from && occurrence.dueDate <= to);
  }

  /** The transactions with a reference, by it, and each one's reference, kept while the plan stays the same. */
  function referencesOf(organisationId: number, plan: PlanInput) {
    return kept(`references|${organisationId}|${plan.occurrencesKey}`, () => {
      const referenceOf = new Map<number, string>();
      const byReference = new Map<string, ForecastTransactionWithReference[]>();
      for (const transaction of plan.input.transactions as readonly ForecastTransactionWithReference[]) {
        if (!transaction.reference) continue;
        referenceOf.set(transaction.id, transaction.reference);
        byReference.set(transaction.reference, [...(byReference.get(transaction.reference) ?? []), transaction]);
      }
      return { referenceOf, byReference };
    });
  }

  /**
   * What is matched to each occurrence (converted) and which are marked "entfällt", of the whole
   * organisation, kept while neither changed (`plan.key` names the matches and dismissals too).
   */
  function matchStateOf(reader: AppDatabase, organisationId: number, plan: PlanInput, converter: Converter) {
    return kept(`matches|${organisationId}|${plan.key}`, async () => {
      const [matches, dismissals] = await Promise.all([
        matchesOf(reader, organisationId),
        allDismissals(reader, organisationId),
      ]);
      return { matched: matchedAmounts(matches, converter), dismissed: new Set(dismissals.map(keyOf)) };
    });
  }

  return {
    kept,
    occurrencesOf,

    /** The occurrence `key` as the plan has it today, or 404. */
    async plannedOccurrence(organisationId: number, plan: PlanInput, key: OccurrenceKey): Promise<PlannedOccurrence> {
      const occurrence = (await occurrencesOf(organisationId, plan, key.dueDate, key.dueDate)).find(
        (candidate) => candidate.kind === key.kind && candidate.id === key.id,
      );
      if (!occurrence) throw notFound(planActualMessages.notPlanned);
      return occurrence;
    },

    /**
     * What the candidates of `entries` are read from (match-candidates.ts): the plan's occurrences of
     * the months around them (around `today` without entries), indexed and kept; those of the
     * transactions with their references; and what is matched to or dismissed of them.
     */
    async sourcesFor(
      reader: AppDatabase,
      organisationId: number,
      plan: PlanInput,
      entries: readonly EntryToMatch[],
      { windowDays }: MatchSettings,
      converter: Converter,
      today: string,
    ): Promise<CandidateSources> {
      const dates = entries.map((entry) => entry.bookingDate).sort();
      const first = dates[0] ?? today;
      const last = dates.at(-1) ?? first;
      const firstMonth = monthOf(addDays(first, -windowDays));
      const lastMonth = monthOf(addDays(last, windowDays));
      const indexKey = `index|${organisationId}|${plan.occurrencesKey}|${firstMonth}|${lastMonth}`;
      const index = await kept(indexKey, () =>
        indexOccurrences(occurrencesBetween(plan.input, `${firstMonth}-01`, lastDayOfMonth(lastMonth))),
      );
      const { referenceOf, byReference: transactionsByReference } = await referencesOf(organisationId, plan);
      const referenced = entries.flatMap((entry) =>
        entry.reference ? (transactionsByReference.get(entry.reference) ?? []) : [],
      );
      const byReference = new Map<string, PlannedOccurrence[]>();
      if (referenced.length > 0) {
        const onlyReferenced = {
          ...plan.input,
          transactions: [...new Set(referenced)],
          salaries: [],
          vatSetting: null,
        };
        const reach = Math.max(windowDays, REFERENCE_WINDOW_DAYS);
        for (const occurrence of occurrencesBetween(onlyReferenced, addDays(first, -reach), addDays(last, reach))) {
          const reference = referenceOf.get(occurrence.id) as string;
          byReference.set(reference, [...(byReference.get(reference) ?? []), occurrence]);
        }
      }
      const { matched, dismissed } = await matchStateOf(reader, organisationId, plan, converter);
      return { index, matched, dismissed, byReference, referenceOf };
    },
  };
}
