/**
 * The ranking of match suggestions (docs/plan-actual.md "Suggestions"), pure: which open planned
 * occurrences could be a bank entry's payment, how well each fits (0–100) and why, best first.
 * Three tiers that never overlap, so an equal reference beats any amount and an exact amount beats
 * any near one, whatever the dates: reference 100, exact amount 70–95, near amount 40–69; within a
 * tier the date and the name decide.
 */
import { daysBetween, type MatchSuggestion, type PlannedOccurrence } from '@saldopilot/shared';

/** The entry as the ranking reads it: its amount already in the organisation currency. */
export interface EntryToMatch {
  bookingDate: string;
  amount: number;
  reference: string | null;
  counterpartyName: string | null;
  remittanceInformation: string | null;
}

/** A planned occurrence with what matching needs: its reference and what is matched to it already. */
export interface MatchCandidate extends PlannedOccurrence {
  reference: string | null;
  /** The sum of the entries matched to it (organisation currency); 0 when it is open. */
  matchedAmount: number;
}

export interface MatchSettings {
  tolerancePercent: number;
  windowDays: number;
}

/** How far an equal reference may lie from the booking date: a yearly invoice still finds its payment. */
export const REFERENCE_WINDOW_DAYS = 366;
/** The most suggestions answered for one entry. */
export const MOST_SUGGESTIONS = 20;

const kindOrder: Record<PlannedOccurrence['kind'], number> = {
  transactions: 0,
  salaries: 1,
  salary_cost_labels: 2,
  vat_settlement: 3,
};

/** The words of a name or text that can say something: 3 letters or more, lower case, accents off. */
function wordsOf(text: string | null): Set<string> {
  if (!text) return new Set();
  const plain = text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
  return new Set(plain.split(/[^\p{L}\p{N}]+/u).filter((word) => word.length >= 3));
}

/** "am Fälligkeitstag", "2 Tage später", "1 Tag früher": the booking date against the due date. */
export function dayReason(days: number): string {
  if (days === 0) return 'am Fälligkeitstag';
  const count = Math.abs(days);
  return `${count} ${count === 1 ? 'Tag' : 'Tage'} ${days > 0 ? 'später' : 'früher'}`;
}

/** "Betrag 3.2 % höher" ("Summe …" for a run): the entry's amount against the open amount, one decimal. */
export function amountReason(entryAmount: number, openAmount: number, word: 'Betrag' | 'Summe' = 'Betrag'): string {
  if (entryAmount === openAmount) return `${word} gleich`;
  const percent = (Math.abs(entryAmount - openAmount) / Math.abs(openAmount)) * 100;
  const shown = Math.max(0.1, Math.round(percent * 10) / 10).toFixed(1);
  return `${word} ${shown} % ${Math.abs(entryAmount) > Math.abs(openAmount) ? 'höher' : 'tiefer'}`;
}

/**
 * The score of an amount fit (docs/plan-actual.md "Suggestions"): exact 70–95, within the tolerance
 * 40–69, by the date's distance (days) and whether the name fits; undefined when the amount or the
 * date lies outside the tolerance or the window.
 */
export function amountScore(
  entryAmount: number,
  openAmount: number,
  distance: number,
  nameFits: boolean,
  { tolerancePercent, windowDays }: MatchSettings,
): number | undefined {
  const difference = Math.abs(entryAmount - openAmount);
  const relative = difference / Math.abs(openAmount);
  if (distance > windowDays || relative * 100 > tolerancePercent) return undefined;
  const dateFit = 1 - distance / (windowDays + 1);
  const amountFit = tolerancePercent === 0 ? 1 : Math.max(0, 1 - (relative * 100) / tolerancePercent);
  const nameBonus = nameFits ? 5 : 0;
  if (difference === 0) return 70 + Math.round(20 * dateFit) + nameBonus;
  return Math.min(69, 40 + Math.round(14 * amountFit + 10 * dateFit) + nameBonus);
}

/**
 * The suggestions for `entry` among `candidates` (occurrences of the same organisation), best
 * first, at most MOST_SUGGESTIONS. A candidate counts when it goes in the entry's direction, still
 * has an amount open, and either carries the entry's reference (within REFERENCE_WINDOW_DAYS) or lies
 * within the window with an amount within the tolerance of what is open.
 */
export function rankSuggestions(
  entry: EntryToMatch,
  candidates: readonly MatchCandidate[],
  { tolerancePercent, windowDays }: MatchSettings,
): MatchSuggestion[] {
  if (entry.amount === 0) return [];
  const entryWords = new Set([...wordsOf(entry.counterpartyName), ...wordsOf(entry.remittanceInformation)]);
  const ranked: (MatchSuggestion & { distance: number })[] = [];
  for (const candidate of candidates) {
    const { reference, matchedAmount, ...occurrence } = candidate;
    if (Math.sign(occurrence.amount) !== Math.sign(entry.amount)) continue;
    const open = occurrence.amount - matchedAmount;
    if (Math.sign(open) !== Math.sign(occurrence.amount)) continue;
    const days = daysBetween(occurrence.dueDate, entry.bookingDate);
    const distance = Math.abs(days);
    const sameReference = entry.reference !== null && reference !== null && entry.reference === reference;
    const nameFits = [...wordsOf(occurrence.name)].some((word) => entryWords.has(word));
    const score = sameReference
      ? distance > REFERENCE_WINDOW_DAYS
        ? undefined
        : 100
      : amountScore(entry.amount, open, distance, nameFits, { tolerancePercent, windowDays });
    if (score === undefined) continue;
    const reasons = [
      ...(sameReference ? ['Referenz gleich'] : []),
      amountReason(entry.amount, open),
      dayReason(days),
      ...(nameFits ? ['Name passt'] : []),
    ];
    ranked.push({ ...occurrence, score, reasons, matchedAmount, distance });
  }
  ranked.sort(
    (a, b) =>
      b.score - a.score ||
      a.distance - b.distance ||
      (a.dueDate < b.dueDate ? -1 : a.dueDate > b.dueDate ? 1 : 0) ||
      kindOrder[a.kind] - kindOrder[b.kind] ||
      a.id - b.id,
  );
  return ranked.slice(0, MOST_SUGGESTIONS).map(({ distance: _distance, ...suggestion }) => suggestion);
}

/**
 * Whether "Alle eindeutigen bestätigen" may take the best suggestion (docs/plan-actual.md
 * "Matching"): an equal reference (the nearest of its occurrences), or the only candidate whose open
 * amount equals the entry's; and nothing matched to it yet (no part payment is confirmed on its own).
 */
export function uniqueMatch(entry: EntryToMatch, suggestions: readonly MatchSuggestion[]): MatchSuggestion | undefined {
  const [best] = suggestions;
  if (!best || best.matchedAmount !== 0) return undefined;
  if (best.score === 100) {
    // A recurring invoice carries one reference every time: the nearest occurrence is the one, unless
    // another lies just as near.
    const second = suggestions[1];
    const distance = (suggestion: MatchSuggestion) => Math.abs(daysBetween(suggestion.dueDate, entry.bookingDate));
    return second?.score === 100 && distance(second) === distance(best) ? undefined : best;
  }
  const exact = suggestions.filter((suggestion) => suggestion.amount - suggestion.matchedAmount === entry.amount);
  return exact.length === 1 && exact[0] === best ? best : undefined;
}
