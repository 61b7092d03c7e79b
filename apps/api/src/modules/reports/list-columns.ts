import {
  cycleLabels,
  cycleMonths,
  type BankAccount,
  type BankEntry,
  cellsOf,
  portfolioTexts,
  type Employee,
  type PortfolioRow,
  type Transaction,
} from '@saldopilot/shared';
import type { ListColumn } from './list-export.js';

/**
 * The columns of each list's file (docs/reports.md "Lists"): what the page shows of a row, each
 * value as a number, a date or a text a spreadsheet can work with.
 */
export const transactionColumns: ListColumn<Transaction>[] = [
  { header: 'Name', kind: 'text', value: (row) => row.name },
  { header: 'Kategorie', kind: 'text', value: (row) => row.category.name },
  { header: 'Betrag', kind: 'amount', value: (row) => row.amount },
  { header: 'Währung', kind: 'text', value: (row) => row.currency.code },
  { header: 'MWST-Satz', kind: 'text', value: (row) => row.vat?.formattedValue ?? null },
  { header: 'MWST-Betrag', kind: 'amount', value: (row) => (row.vat ? row.vatAmount : null) },
  { header: 'MWST', kind: 'text', value: (row) => (row.vat ? (row.vatIncluded ? 'inkl.' : 'zzgl.') : null) },
  {
    header: 'Häufigkeit',
    kind: 'text',
    value: (row) => (row.type === 'repeating' && row.cycle ? cycleLabels[row.cycle] : 'Einmalig'),
  },
  { header: 'Von', kind: 'date', value: (row) => row.startDate },
  { header: 'Bis', kind: 'date', value: (row) => row.endDate },
  { header: 'Nächste Ausführung', kind: 'date', value: (row) => row.nextExecutionDate },
  { header: 'Mitarbeitende', kind: 'text', value: (row) => row.employee?.name ?? null },
  { header: 'Status', kind: 'text', value: (row) => (row.isDisabled ? 'Deaktiviert' : 'Aktiv') },
  { header: 'Link', kind: 'text', value: (row) => row.link },
];

export function bankAccountColumns(organisationCurrency: string): ListColumn<BankAccount>[] {
  return [
    { header: 'Name', kind: 'text', value: (row) => row.name },
    { header: 'Kontostand', kind: 'amount', value: (row) => row.amount },
    { header: 'Währung', kind: 'text', value: (row) => row.currency.code },
    { header: 'Stand per', kind: 'date', value: (row) => row.balanceDate },
    { header: `Kontostand in ${organisationCurrency}`, kind: 'amount', value: (row) => row.convertedAmount },
  ];
}

/**
 * The employees with their representative salary (docs/salary-rules.md "Representative salary"):
 * the gross, the employer's costs and the two together per salary cycle, and that total for a year
 * of such cycles ("Jahreskosten": what the salary costs the employer over twelve months, without a
 * 13th salary or costs paid once, which the forecast shows month by month).
 */
export const employeeColumns: ListColumn<Employee>[] = [
  { header: 'Name', kind: 'text', value: (row) => row.name },
  { header: 'Arbeitsstunden / Monat', kind: 'number', value: (row) => row.hoursPerMonth },
  { header: 'Bruttolohn', kind: 'amount', value: (row) => row.grossAmount },
  { header: 'Arbeitgeberkosten', kind: 'amount', value: (row) => row.employerCosts },
  { header: 'Lohn inkl. Arbeitgeberkosten', kind: 'amount', value: (row) => row.salaryAmount },
  { header: 'Zyklus', kind: 'text', value: (row) => (row.cycle ? cycleLabels[row.cycle] : null) },
  {
    header: 'Jahreskosten',
    kind: 'amount',
    value: (row) => (row.salaryAmount === null || !row.cycle ? null : (row.salaryAmount * 12) / cycleMonths[row.cycle]),
  },
  { header: 'Währung', kind: 'text', value: (row) => row.currency?.code ?? null },
  { header: 'Ferientage / Jahr', kind: 'number', value: (row) => row.vacationDaysPerYear },
  { header: 'Gültig ab', kind: 'date', value: (row) => row.fromDate },
  { header: 'Gültig bis', kind: 'date', value: (row) => row.toDate },
  {
    header: 'Status',
    kind: 'text',
    value: (row) =>
      row.isTerminated
        ? 'Ausgetreten'
        : row.willBeTerminated
          ? 'Austritt angesetzt'
          : row.isInFuture
            ? 'Kommend'
            : 'Aktiv',
  },
];

/** The booked entries of an account (docs/bank-statements.md), as the entries page shows them. */
export const bankEntryColumns: ListColumn<BankEntry>[] = [
  { header: 'Buchungsdatum', kind: 'date', value: (row) => row.bookingDate },
  { header: 'Valuta', kind: 'date', value: (row) => row.valueDate },
  { header: 'Betrag', kind: 'amount', value: (row) => row.amount },
  { header: 'Währung', kind: 'text', value: (row) => row.currency },
  { header: 'Gegenpartei', kind: 'text', value: (row) => row.counterpartyName },
  { header: 'IBAN der Gegenpartei', kind: 'text', value: (row) => row.counterpartyIban },
  { header: 'Mitteilung', kind: 'text', value: (row) => row.remittanceInformation },
  { header: 'Referenz', kind: 'text', value: (row) => row.reference },
  { header: 'Referenztyp', kind: 'text', value: (row) => row.referenceType },
  { header: 'Bankreferenz', kind: 'text', value: (row) => row.bankReference },
  { header: 'Spesen', kind: 'amount', value: (row) => row.charges },
  { header: 'Storno', kind: 'text', value: (row) => (row.isReversal ? 'Ja' : null) },
  { header: 'Kategorie', kind: 'text', value: (row) => row.category?.name ?? null },
];

/**
 * The Übersicht (docs/cockpit.md "Export"): the page's columns with the page's cells, so the file
 * equals the page. Amounts stay texts with their currency: the organisations' currencies differ,
 * and one column cannot carry one number format for all; the open entries are a number.
 */
export const portfolioColumns: ListColumn<PortfolioRow>[] = (
  Object.keys(portfolioTexts.columns) as (keyof typeof portfolioTexts.columns)[]
).map((key) =>
  key === 'unmatchedEntries'
    ? { header: portfolioTexts.columns[key], kind: 'number', value: (row) => row.unmatchedEntries }
    : { header: portfolioTexts.columns[key], kind: 'text', value: (row) => cellsOf(row)[key] },
);
