/**
 * Salary runs (docs/plan-actual.md "Suggestions"): one bank debit that pays the salaries of a month
 * at once, often with the salary costs due the same day. For an entry, the open salary occurrences
 * within the window are grouped by month and by due date (a pay day need not be the month's end);
 * each group, alone and with the costs due on its salaries' days, is a run when it holds two
 * occurrences or more and the entry meets its sum within the tolerance. Scored like one occurrence
 * (match-ranking.ts `amountScore`), best first. Pure.
 */
import {
  dayNumber,
  daysBetween,
  monthOf,
  PLAN_ACTUAL_LIMITS,
  type MatchRunSuggestion,
  type PlannedOccurrence,
} from '@saldopilot/shared';
import { occurrenceKeyText } from '@saldopilot/forecast';
import { amountReason, amountScore, dayReason, type EntryToMatch, type MatchSettings } from './match-ranking.js';

/** The most runs proposed for one entry. */
export const MOST_RUNS = 5;

/** What the runs of an entry are read from: the payroll occurrences near it and what is taken of them. */
export interface RunSources {
  /** Salary and salary-cost occurrences that are debits (match-candidates.ts `payroll`). */
  payroll: readonly PlannedOccurrence[];
  matched: ReadonlyMap<string, number>;
  dismissed: ReadonlySet<string>;
}

/** "Lohnlauf: 3 Löhne". */
export function runReason(salaries: number): string {
  return `Lohnlauf: ${salaries} ${salaries === 1 ? 'Lohn' : 'Löhne'}`;
}

function byOccurrence(a: PlannedOccurrence, b: PlannedOccurrence): number {
  if (a.dueDate !== b.dueDate) return a.dueDate < b.dueDate ? -1 : 1;
  if (a.kind !== b.kind) return a.kind < b.kind ? -1 : 1;
  return a.id - b.id;
}

function groupBy<T>(items: readonly T[], keyOf: (item: T) => string): T[][] {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  return [...groups.values()];
}

/** The salary runs the entry may pay, best first, at most MOST_RUNS. */
export function salaryRunSuggestions(
  entry: EntryToMatch,
  { payroll, matched, dismissed }: RunSources,
  settings: MatchSettings,
): MatchRunSuggestion[] {
  if (entry.amount >= 0) return [];
  const day = dayNumber(entry.bookingDate);
  // Open means untouched: a run pays whole occurrences (parts are matched one by one, with split).
  const open = payroll.filter((occurrence) => {
    const key = occurrenceKeyText(occurrence);
    return (
      occurrence.amount < 0 &&
      !dismissed.has(key) &&
      !matched.has(key) &&
      Math.abs(dayNumber(occurrence.dueDate) - day) <= settings.windowDays
    );
  });
  const salaries = open.filter((occurrence) => occurrence.kind === 'salaries');
  const costs = open.filter((occurrence) => occurrence.kind === 'salary_cost_labels');
  const groups = [
    ...groupBy(salaries, (occurrence) => monthOf(occurrence.dueDate)),
    ...groupBy(salaries, (occurrence) => occurrence.dueDate),
  ];
  const runs = new Map<string, MatchRunSuggestion & { distance: number; dueDate: string }>();
  for (const group of groups) {
    const days = new Set(group.map((occurrence) => occurrence.dueDate));
    const sameDayCosts = costs.filter((occurrence) => days.has(occurrence.dueDate));
    for (const members of [group, [...group, ...sameDayCosts]]) {
      if (members.length < 2 || members.length > PLAN_ACTUAL_LIMITS.occurrencesPerEntry) continue;
      const occurrences = [...members].sort(byOccurrence);
      const key = occurrences.map(occurrenceKeyText).join(',');
      if (runs.has(key)) continue;
      const amount = occurrences.reduce((sum, occurrence) => sum + occurrence.amount, 0);
      // The pay day: the latest due date of its salaries.
      const payDay = [...days].sort().at(-1) as string;
      const offset = daysBetween(payDay, entry.bookingDate);
      const score = amountScore(entry.amount, amount, Math.abs(offset), false, settings);
      if (score === undefined) continue;
      const costCount = occurrences.length - group.length;
      const reasons = [
        runReason(group.length),
        ...(costCount > 0 ? [`${costCount} Lohnkosten am selben Tag`] : []),
        amountReason(entry.amount, amount, 'Summe'),
        dayReason(offset),
      ];
      runs.set(key, { score, reasons, amount, occurrences, distance: Math.abs(offset), dueDate: payDay });
    }
  }
  return [...runs.values()]
    .sort(
      (a, b) =>
        b.score - a.score ||
        a.distance - b.distance ||
        b.occurrences.length - a.occurrences.length ||
        (a.dueDate < b.dueDate ? -1 : a.dueDate > b.dueDate ? 1 : 0),
    )
    .slice(0, MOST_RUNS)
    .map(({ distance: _distance, dueDate: _dueDate, ...run }) => run);
}
