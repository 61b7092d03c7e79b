import { PARSE_LIMITS, StatementFileError } from './statement.js';

/**
 * What reading one upload has used so far, counted over every file of a zip together, so the
 * limits hold for the upload and not per member (docs/bank-statements.md "Safe parsing").
 */
export interface ReadBudget {
  elements: number;
  entries: number;
}

export function newReadBudget(): ReadBudget {
  return { elements: 0, entries: 0 };
}

/** A count in de-CH figures (2'000'000). */
export const swissCount = (count: number) => String(count).replace(/\B(?=(\d{3})+(?!\d))/g, "'");

/** Counts `count` entries (camt `Ntry`, CSV lines) against the upload's limit. */
export function countEntries(budget: ReadBudget, count: number): void {
  budget.entries += count;
  if (budget.entries > PARSE_LIMITS.entries) {
    throw new StatementFileError(
      `Die Datei enthält mehr als ${swissCount(PARSE_LIMITS.entries)} Buchungen; so grosse Dateien werden nicht gelesen. Bitte laden Sie kürzere Zeiträume hoch.`,
    );
  }
}

/** Lines of a CSV file that can hold no entry: the header and the account details above it (docs/bank-statements.md "CSV"). */
const CSV_HEAD_LINES = 31;

/** Counts the lines of a CSV file as entries (each line is one at most), before it is read. */
export function countCsvLines(budget: ReadBudget, bytes: Uint8Array): void {
  let lines = 1;
  for (let at = bytes.indexOf(0x0a); at !== -1; at = bytes.indexOf(0x0a, at + 1)) lines += 1;
  countEntries(budget, Math.max(0, lines - CSV_HEAD_LINES));
}
