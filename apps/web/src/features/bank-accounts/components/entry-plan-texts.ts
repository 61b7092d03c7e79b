import {
  entryPlanStateLabels,
  planActualMessages,
  type BankEntry,
  type MatchRunSuggestion,
  type MatchSuggestion,
  type PlannedOccurrence,
} from '@saldopilot/shared';
import { ApiError } from '../../../lib/api-error';
import { formatDate } from '../../../lib/format';

/** Counted entries: "1 Buchung", "3 Buchungen". */
function entries(n: number): string {
  return `${n} ${n === 1 ? 'Buchung' : 'Buchungen'}`;
}

/** The German texts of an entry's place in the plan (docs/web.md "Buchungen", docs/plan-actual.md). */
export const entryPlanTexts = {
  column: 'Plan',
  match: 'Zuordnen…',
  markUnplanned: 'Nicht geplant…',
  unmatch: 'Zuordnung lösen',
  confirmUnique: 'Alle eindeutigen bestätigen',
  confirmUniqueHint:
    'Ordnet jede offene Buchung dieses Kontos zu, deren Referenz gleich ist oder deren Betrag genau eine geplante Zahlung trifft.',
  confirmed: (count: number) => `${entries(count)} zugeordnet`,
  noneUnique: 'Keine eindeutigen Zuordnungen gefunden',
  confirmFailed: 'Die Zuordnungen konnten nicht bestätigt werden',
  success: 'Erfolg',
  matchTitle: 'Buchung zuordnen',
  entryOf: (date: string) => `Buchung vom ${formatDate(date)}`,
  suggestionsIntro: (tolerancePercent: number, windowDays: number) =>
    `Offene geplante Zahlungen in derselben Richtung, Betrag ±${tolerancePercent} %, Fälligkeit ±${windowDays} Tage, die passendste zuerst.`,
  suggestionsLoading: 'Vorschläge werden geladen …',
  noSuggestions: 'Keine passende geplante Zahlung gefunden.',
  noSuggestionsHint:
    'Ist die Zahlung nicht geplant, markieren Sie die Buchung als «nicht geplant». Toleranz und Zeitfenster stellen Eigentümer und Administratoren unter Einstellungen → Organisationen → Ihre Organisation → «Abgleich mit der Bank» ein.',
  suggestions: 'Vorschläge',
  due: (date: string) => `Fällig ${formatDate(date)}`,
  score: (score: number) => `Übereinstimmung ${score}/100`,
  alreadyMatched: 'Bereits zugeordnet',
  chooseSuggestion: 'Zuordnen',
  chooseSuggestionOf: (suggestion: Pick<MatchSuggestion, 'name' | 'dueDate'>) =>
    `Zuordnen: ${suggestion.name}, fällig ${formatDate(suggestion.dueDate)}`,
  split: 'Als Teilzahlung zuordnen',
  splitOf: (suggestion: Pick<MatchSuggestion, 'name' | 'dueDate'>) =>
    `Als Teilzahlung zuordnen: ${suggestion.name}, fällig ${formatDate(suggestion.dueDate)}`,
  splitHint: (name: string) =>
    `«${name}» ist bereits einer anderen Buchung zugeordnet. Als Teilzahlung zählen beide Buchungen zusammen als Ist.`,
  runs: 'Lohnläufe',
  runTitle: 'Lohnlauf',
  runSum: 'Summe',
  runOccurrences: 'Geplante Zahlungen des Lohnlaufs',
  matchAll: 'Alle zuordnen',
  matchAllOf: (run: Pick<MatchRunSuggestion, 'reasons' | 'occurrences'>) =>
    `Alle zuordnen: ${run.reasons[0] ?? ''}, fällig ${formatDate(run.occurrences.at(-1)?.dueDate ?? '')}`,
  runMatched: (count: number) => `${count} geplante Zahlungen zugeordnet`,
  occurrenceLine: (occurrence: Pick<PlannedOccurrence, 'name' | 'dueDate'>) =>
    `${occurrence.name} (${formatDate(occurrence.dueDate)})`,
  matchFailed: 'Die Buchung konnte nicht zugeordnet werden',
  matched: 'Buchung zugeordnet',
  unmatched: 'Zuordnung gelöst',
  unmatchFailed: 'Die Zuordnung konnte nicht gelöst werden',
  unplannedTitle: 'Buchung als nicht geplant markieren',
  unplannedIntro:
    'Eine Buchung ohne geplante Zahlung zählt in Plan/Ist als Ist ohne Plan, unter der gewählten Kategorie.',
  category: 'Kategorie',
  chooseCategory: 'Kategorie wählen',
  unplannedSave: 'Als nicht geplant markieren',
  unplannedSaved: 'Als nicht geplant markiert',
  unplannedFailed: 'Die Buchung konnte nicht markiert werden',
} as const;

/**
 * How the entry stands to the plan, as the column "Plan" says it: "Offen", "Zugeordnet: Miete
 * (03.10.2026)", "Nicht geplant: Bankspesen". An unplanned entry counts under its own category.
 */
export function entryPlanText(entry: Pick<BankEntry, 'plan' | 'category'>): string {
  const { state, occurrence, occurrences } = entry.plan;
  // A salary run: the count here, each occurrence on its own line (entry-plan-views.tsx).
  if (state === 'matched' && occurrences.length > 1)
    return `${entryPlanStateLabels.matched}: ${occurrences.length} geplante Zahlungen`;
  if (state === 'matched' && occurrence)
    return `${entryPlanStateLabels.matched}: ${occurrence.name} (${formatDate(occurrence.dueDate)})`;
  if (state === 'unplanned' && entry.category) return `${entryPlanStateLabels.unplanned}: ${entry.category.name}`;
  return entryPlanStateLabels[state];
}

/**
 * The 409 of a match whose occurrence another entry holds already: the dialog then offers the
 * split payment. Known by the contract's message (the code is the generic CONFLICT).
 */
export function isOccurrenceTaken(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    error.status === 409 &&
    (error.detail ?? error.message) === planActualMessages.occurrenceTaken
  );
}
