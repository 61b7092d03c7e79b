import { formatDate, formatMonthLabel } from './calendar.js';
import { formatAmount } from './money.js';
import type { PortfolioFilter, PortfolioRow, PortfolioSortKey } from './schemas/portfolio.js';

/**
 * The Übersicht's list as a person reads it (docs/cockpit.md "Export"): the page and its XLSX/CSV
 * export both select, order and write the rows with these, so the file equals the page.
 */

/** The Übersicht's texts (docs/web.md "Übersicht"). */
export const portfolioTexts = {
  title: 'Übersicht',
  search: 'Organisation suchen',
  filter: 'Anzeigen',
  filters: {
    all: 'Alle',
    shortfall: 'Mit Unterschreitung',
    stale: 'Saldo veraltet',
    open: 'Offene Posten',
  } satisfies Record<PortfolioFilter, string>,
  noShortfall: 'keine Unterschreitung',
  unknownDate: 'unbekannt',
  none: '–',
  empty: 'Keine Organisationen gefunden',
  /** A row of older data while its new figures are computed (docs/cockpit.md "Stored rows"). */
  updating: 'wird aktualisiert',
  /** Organisations without figures yet: "3 Organisationen werden berechnet …". */
  pending: (count: number) =>
    count === 1 ? '1 Organisation wird berechnet …' : `${count} Organisationen werden berechnet …`,
  columns: {
    name: 'Organisation',
    shortfallMonth: 'Erste Unterschreitung',
    lowest: 'Tiefster Saldo',
    bankBalance: 'Bankguthaben heute',
    oldestBalanceDate: 'Stand per',
    unmatchedEntries: 'Offene Buchungen',
    overdue: 'Überfällig',
    payments: 'Abgaben in 30 Tagen',
  },
} as const;

/** The rows the filter and search leave, in the chosen order ('urgency': the API's). */
export function visibleRows(
  rows: readonly PortfolioRow[],
  {
    search,
    filter,
    sortBy,
    descending,
  }: { search: string; filter: PortfolioFilter; sortBy: PortfolioSortKey; descending: boolean },
): PortfolioRow[] {
  const needle = search.trim().toLocaleLowerCase('de');
  const kept = rows.filter(
    (row) =>
      (!needle || row.name.toLocaleLowerCase('de').includes(needle)) &&
      (filter === 'all' ||
        (filter === 'shortfall' && row.shortfallMonth !== null) ||
        (filter === 'stale' && row.balanceStale) ||
        (filter === 'open' && (row.unmatchedEntries > 0 || row.overdue.count > 0))),
  );
  if (sortBy === 'urgency') return descending ? kept.reverse() : kept;
  const value = (row: PortfolioRow): string | number => {
    switch (sortBy) {
      case 'name':
        return row.name;
      case 'shortfallMonth':
        return row.shortfallMonth ?? '9999-12';
      case 'lowest':
        return row.lowest.saldo;
      case 'unmatchedEntries':
        return row.unmatchedEntries;
      case 'overdue':
        return row.overdue.count;
    }
  };
  const sorted = [...kept].sort((a, b) => {
    const [x, y] = [value(a), value(b)];
    return typeof x === 'string' ? x.localeCompare(y as string, 'de') : x - (y as number);
  });
  return descending ? sorted.reverse() : sorted;
}

/** One row's cells as the table and the export show them. */
export function cellsOf(row: PortfolioRow): Record<keyof typeof portfolioTexts.columns, string> {
  const next = row.payments[0];
  return {
    name: row.name,
    shortfallMonth: row.shortfallMonth ? formatMonthLabel(row.shortfallMonth) : portfolioTexts.noShortfall,
    lowest: `${formatAmount(row.lowest.saldo, row.currency)} (${formatMonthLabel(row.lowest.month)})`,
    bankBalance: formatAmount(row.bankBalance, row.currency),
    oldestBalanceDate: row.oldestBalanceDate
      ? formatDate(row.oldestBalanceDate)
      : row.balanceStale
        ? portfolioTexts.unknownDate
        : portfolioTexts.none,
    unmatchedEntries: String(row.unmatchedEntries),
    overdue:
      row.overdue.count === 0
        ? portfolioTexts.none
        : `${row.overdue.count} (${formatAmount(row.overdue.total, row.currency)})`,
    payments: next
      ? `${next.name} ${formatAmount(next.amount, row.currency)} am ${formatDate(next.dueDate)}` +
        (row.payments.length > 1 ? ` (+${row.payments.length - 1})` : '')
      : portfolioTexts.none,
  };
}
