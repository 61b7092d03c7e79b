/**
 * One state per occurrence (docs/plan-actual.md "One state per occurrence"): every planned
 * occurrence is in exactly one of five states, decided here for the forecast, its details and
 * Plan/Ist alike.
 *
 * - `dismissed`: marked "entfällt";
 * - `matched`: matched to entries that are all in their accounts' balances (its money is there);
 * - `open`: due today or later — it counts in its month's regular cell;
 * - `overdue`: due before today and covered — it counts in the current month as a row of its own;
 * - `beforeCoverage`: due before today where no statement covers it — it counts nowhere.
 *
 * The coverage is a plug-in point (`isCovered`): today the organisation's first booking date
 * (`overdueFrom`, at most OVERDUE_MONTHS_MAX months back).
 */

import { dateOf, occurrenceKeyText } from './planned-occurrences.js';
import { parseDay } from './horizon.js';
import type { ForecastInput, OccurrenceKey } from './types.js';

export type OccurrenceState = 'matched' | 'overdue' | 'open' | 'dismissed' | 'beforeCoverage';

/** The rules an occurrence's state follows, read once from an input. */
export interface StateRules {
  today: string;
  /** The keys (occurrenceKeyText) of the closed occurrences: matched in the balance, or dismissed. */
  closed: ReadonlySet<string>;
  /** The keys of the occurrences marked "entfällt". */
  dismissed: ReadonlySet<string>;
  /** Whether a statement covers the day: an unmatched occurrence due then is overdue. */
  isCovered: (date: string) => boolean;
  /** The first day covered, or null when nothing is (the forecast looks no further back). */
  coveredFrom: string | null;
}

/** At most this many months before today's can hold overdue occurrences (a model's longest horizon). */
export const OVERDUE_MONTHS_MAX = 59;

/**
 * The first day overdue occurrences are looked for (docs/plan-actual.md "Overdue"): the input's
 * `overdueFrom`, at most OVERDUE_MONTHS_MAX months back; null when nothing can be overdue.
 */
export function overdueStart(input: Pick<ForecastInput, 'overdueFrom' | 'today'>): string | null {
  const { overdueFrom, today } = input;
  if (!overdueFrom || overdueFrom >= today) return null;
  const earliest = parseDay(today).monthIndex - OVERDUE_MONTHS_MAX;
  return parseDay(overdueFrom).monthIndex < earliest ? dateOf(earliest, 1) : overdueFrom;
}

/** The rules of `input`: its today, its closed and dismissed occurrences and its coverage. */
export function stateRulesOf(input: ForecastInput): StateRules {
  const coveredFrom = overdueStart(input);
  return {
    today: input.today,
    closed: new Set((input.closedOccurrences ?? []).map(occurrenceKeyText)),
    dismissed: new Set((input.dismissedOccurrences ?? []).map(occurrenceKeyText)),
    isCovered: (date) => coveredFrom !== null && date >= coveredFrom,
    coveredFrom,
  };
}

/** The one state of the occurrence under `rules`. */
export function occurrenceState(occurrence: OccurrenceKey, rules: StateRules): OccurrenceState {
  const key = occurrenceKeyText(occurrence);
  if (rules.dismissed.has(key)) return 'dismissed';
  if (rules.closed.has(key)) return 'matched';
  if (occurrence.dueDate >= rules.today) return 'open';
  return rules.isCovered(occurrence.dueDate) ? 'overdue' : 'beforeCoverage';
}
