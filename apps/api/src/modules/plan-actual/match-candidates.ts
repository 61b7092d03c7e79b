/**
 * Which occurrences can be an entry's payment, found without looking at every one (docs/plan-actual.md
 * "Suggestions"): a big organisation plans ~10,000 occurrences a month, an entry's tolerance and
 * window leave a handful. The occurrences are indexed once per plan and months (by direction and
 * size), then each entry reads the slice of sizes its tolerance allows and keeps those in its window;
 * the ranking (match-ranking.ts) decides among them. Pure.
 */
import { dayNumber, type PlannedOccurrence } from '@saldopilot/shared';
import { occurrenceKeyText } from '@saldopilot/forecast';
import { REFERENCE_WINDOW_DAYS, type EntryToMatch, type MatchCandidate, type MatchSettings } from './match-ranking.js';

/** One direction's occurrences sorted by size (|amount|), with their due days. */
interface BySize {
  sizes: number[];
  days: number[];
  occurrences: PlannedOccurrence[];
}

export interface OccurrenceIndex {
  byKey: ReadonlyMap<string, PlannedOccurrence>;
  credits: BySize;
  debits: BySize;
  /** The salary and salary-cost debits, by due date: what salary runs are made of (salary-runs.ts). */
  payroll: PlannedOccurrence[];
}

function bySize(occurrences: PlannedOccurrence[]): BySize {
  occurrences.sort((a, b) => Math.abs(a.amount) - Math.abs(b.amount));
  return {
    sizes: occurrences.map((occurrence) => Math.abs(occurrence.amount)),
    days: occurrences.map((occurrence) => dayNumber(occurrence.dueDate)),
    occurrences,
  };
}

/** The index of a plan's occurrences (built once per plan and months, then kept). */
export function indexOccurrences(occurrences: readonly PlannedOccurrence[]): OccurrenceIndex {
  return {
    byKey: new Map(occurrences.map((occurrence) => [occurrenceKeyText(occurrence), occurrence])),
    credits: bySize(occurrences.filter((occurrence) => occurrence.amount > 0)),
    debits: bySize(occurrences.filter((occurrence) => occurrence.amount < 0)),
    payroll: occurrences
      .filter(
        (occurrence) =>
          occurrence.amount < 0 && (occurrence.kind === 'salaries' || occurrence.kind === 'salary_cost_labels'),
      )
      .sort((a, b) => (a.dueDate < b.dueDate ? -1 : a.dueDate > b.dueDate ? 1 : 0)),
  };
}

/** The first index whose size is ≥ `size` (binary search). */
function firstAtLeast(sizes: readonly number[], size: number): number {
  let low = 0;
  let high = sizes.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((sizes[middle] as number) < size) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * The occurrences of the entry's direction whose size lets the entry lie within the tolerance
 * (|entry − o| ≤ t·|o| means |o| within |entry| / (1 + t) … |entry| / (1 − t)) and whose due date lies
 * within the window: a superset of what the ranking keeps, a Rappen wider on each side.
 */
export function occurrencesNear(
  index: OccurrenceIndex,
  entry: Pick<EntryToMatch, 'amount' | 'bookingDate'>,
  { tolerancePercent, windowDays }: MatchSettings,
): PlannedOccurrence[] {
  if (entry.amount === 0) return [];
  const side = entry.amount > 0 ? index.credits : index.debits;
  const size = Math.abs(entry.amount);
  const share = tolerancePercent / 100;
  const low = size / (1 + share) - 1;
  const high = share >= 1 ? Infinity : size / (1 - share) + 1;
  const day = dayNumber(entry.bookingDate);
  const found: PlannedOccurrence[] = [];
  for (let at = firstAtLeast(side.sizes, low); at < side.sizes.length && (side.sizes[at] as number) <= high; at++) {
    if (Math.abs((side.days[at] as number) - day) <= windowDays) found.push(side.occurrences[at] as PlannedOccurrence);
  }
  return found;
}

/** What the candidates of one entry are read from. */
export interface CandidateSources {
  index: OccurrenceIndex;
  /** What entries matched to an occurrence add up to, by key (a part payment leaves the rest open). */
  matched: ReadonlyMap<string, number>;
  /** Occurrences marked "entfällt", by key: no candidates. */
  dismissed: ReadonlySet<string>;
  /** The occurrences of transactions with a reference, by that reference (within REFERENCE_WINDOW_DAYS). */
  byReference: ReadonlyMap<string, readonly PlannedOccurrence[]>;
  /** The reference of a transaction, by id. */
  referenceOf: ReadonlyMap<number, string>;
}

/**
 * The candidates of one entry: the occurrences near it by size and date; the ones partly matched
 * already within the window (what is open decides); the ones with its reference within a year; none
 * marked "entfällt". Each with its reference and what is matched to it.
 */
export function candidatesOf(
  entry: EntryToMatch,
  sources: CandidateSources,
  settings: MatchSettings,
): MatchCandidate[] {
  const { index, matched, dismissed, byReference, referenceOf } = sources;
  const chosen = new Map<string, PlannedOccurrence>();
  const add = (occurrence: PlannedOccurrence) => chosen.set(occurrenceKeyText(occurrence), occurrence);
  occurrencesNear(index, entry, settings).forEach(add);
  const day = dayNumber(entry.bookingDate);
  for (const key of matched.keys()) {
    const occurrence = index.byKey.get(key);
    if (occurrence && Math.abs(dayNumber(occurrence.dueDate) - day) <= settings.windowDays) add(occurrence);
  }
  for (const occurrence of entry.reference ? (byReference.get(entry.reference) ?? []) : []) {
    if (Math.abs(dayNumber(occurrence.dueDate) - day) <= REFERENCE_WINDOW_DAYS) add(occurrence);
  }
  const candidates: MatchCandidate[] = [];
  for (const [key, occurrence] of chosen) {
    if (dismissed.has(key)) continue;
    const { kind, id, dueDate, name, category, amount } = occurrence;
    candidates.push({
      ...{ kind, id, dueDate, name, category, amount },
      reference: kind === 'transactions' ? (referenceOf.get(id) ?? null) : null,
      matchedAmount: matched.get(key) ?? 0,
    });
  }
  return candidates;
}
