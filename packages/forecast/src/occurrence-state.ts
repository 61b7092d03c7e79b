/**
 * One state per occurrence (docs/plan-actual.md "One state per occurrence"): every planned
 * occurrence is in exactly one of five states, decided here for the forecast, its details and
 * Plan/Ist alike.
 *
 * - `dismissed`: marked "entfällt";
 * - `matched`: matched to entries that are all in their accounts' balances (its money is there);
 * - `open`: due today or later — it counts in its month's regular cell;
 * - `overdue`: due before today and covered — it counts in the current month as a row of its own;
 * - `uncovered`: due before today where no statement covers it — it counts nowhere.
 *
 * Whether an occurrence is covered is the coverage of its account's statements (coverage.ts,
 * docs/plan-actual.md "Coverage"), looked for at most OVERDUE_MONTHS_MAX months back.
 */

import { coverageOf, type Coverage } from './coverage.js';
import { dateOf, occurrenceKeyText } from './planned-occurrences.js';
import { parseDay } from './horizon.js';
import type { ForecastInput, OccurrenceKey } from './types.js';

export type OccurrenceState = 'matched' | 'overdue' | 'open' | 'dismissed' | 'uncovered';

/** The rules an occurrence's state follows, read once from an input. */
export interface StateRules {
  today: string;
  /** The keys (occurrenceKeyText) of the closed occurrences: matched in the balance, or dismissed. */
  closed: ReadonlySet<string>;
  /** The keys of the occurrences marked "entfällt". */
  dismissed: ReadonlySet<string>;
  /** Whether its account's statements cover the occurrence's due date: unmatched and due before today, it is overdue. */
  isCovered: (occurrence: OccurrenceKey) => boolean;
  /** The first day covered, or null when nothing is (the forecast looks no further back). */
  coveredFrom: string | null;
}

/** At most this many months before today's can hold overdue occurrences (a model's longest horizon). */
export const OVERDUE_MONTHS_MAX = 59;

/**
 * The first day overdue occurrences are looked for (docs/plan-actual.md "Coverage"): the first day
 * any statement covers, at most OVERDUE_MONTHS_MAX months back; null when nothing can be overdue.
 */
export function overdueStart(today: string, coverage: Coverage): string | null {
  const first = coverage.firstDay;
  if (first === null || first >= today) return null;
  const earliest = parseDay(today).monthIndex - OVERDUE_MONTHS_MAX;
  return parseDay(first).monthIndex < earliest ? dateOf(earliest, 1) : first;
}

/** The rules of `input`: its today, its closed and dismissed occurrences and its coverage. */
export function stateRulesOf(input: ForecastInput): StateRules {
  const coverage = coverageOf(input.coverage, input.transactions);
  const coveredFrom = overdueStart(input.today, coverage);
  return {
    today: input.today,
    closed: new Set((input.closedOccurrences ?? []).map(occurrenceKeyText)),
    dismissed: new Set((input.dismissedOccurrences ?? []).map(occurrenceKeyText)),
    // Nothing before the first covered day (or older than the longest horizon) is looked at.
    isCovered: (occurrence) =>
      coveredFrom !== null && occurrence.dueDate >= coveredFrom && coverage.isCovered(occurrence),
    coveredFrom,
  };
}

/** The one state of the occurrence under `rules`. */
export function occurrenceState(occurrence: OccurrenceKey, rules: StateRules): OccurrenceState {
  const key = occurrenceKeyText(occurrence);
  if (rules.dismissed.has(key)) return 'dismissed';
  if (rules.closed.has(key)) return 'matched';
  if (occurrence.dueDate >= rules.today) return 'open';
  return rules.isCovered(occurrence) ? 'overdue' : 'uncovered';
}
