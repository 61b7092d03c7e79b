import type { CsvMapping, csvColumnRoles } from '@saldopilot/shared';

type CsvMappingRole = keyof CsvMapping;

/** Counted nouns: "1 Buchung", "3 Buchungen". */
function count(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

/**
 * The German texts of the statement import and the entries (docs/web.md "Bankkonten",
 * "Buchungen"); the warnings and errors of a preview are the API's own.
 */
/**
 * What a CSV column holds, in the order a person reads a statement (docs/web.md "Bankkonten"): the
 * preview names each column's role with it, and the mapping step offers one select per role.
 */
export const csvRoleLabels: Record<CsvMappingRole, string> = {
  date: 'Buchungsdatum',
  amount: 'Betrag',
  credit: 'Gutschrift',
  debit: 'Belastung',
  text: 'Text',
  reference: 'Referenz',
  counterparty: 'Gegenpartei',
  valueDate: 'Valuta',
  currency: 'Währung',
  balance: 'Saldo',
};

/** What a CSV column was read as: the mapping's roles and the account column (docs/bank-statements.md "CSV"). */
export const csvColumnLabels: Record<(typeof csvColumnRoles)[number], string> = {
  ...csvRoleLabels,
  account: 'Konto (IBAN oder Kontonummer)',
};

export const statementTexts = {
  importButton: 'Kontoauszug importieren',
  dropHint: 'Oder Datei hierher ziehen: camt.053/054 (XML), ZIP oder CSV-Export',
  dropActive: 'Datei loslassen, um die Vorschau zu sehen',
  dialogTitle: 'Kontoauszug importieren',
  reading: 'Die Datei wird gelesen …',
  readFailed: 'Die Datei konnte nicht gelesen werden',
  importFailed: 'Der Import ist fehlgeschlagen',
  noStatements: 'Die Datei enthält keinen Kontoauszug.',
  file: 'Datei',
  statement: (index: number, total: number) => `Auszug ${index} von ${total}`,
  account: 'Konto',
  noAccount: 'Kein Konto zugeordnet',
  matchedByIban: 'über die IBAN zugeordnet',
  matchedByAccountNumber: 'über die Kontonummer zugeordnet',
  matchedByRemembered: 'wie beim letzten Import zugeordnet',
  matchedByChoice: 'gewählt',
  matchedByNew: 'wird aus dem Auszug angelegt',
  chooseAccount: 'Konto für Auszüge ohne bekannte IBAN',
  chooseAccountHint: 'Die IBAN der Datei gehört zu keinem Bankkonto, oder die Datei nennt keine.',
  chooseAccountPlaceholder: 'Bankkonto wählen',
  /** The choice per statement (docs/web.md "Bankkonten"). */
  chooseStatementAccount: 'Konto für diesen Auszug',
  chooseStatementAccountHint: 'Die Wahl wird für den nächsten Import dieses Kontos gespeichert.',
  createAccount: 'Neues Konto aus dem Auszug anlegen',
  newAccount: (name: string, currency: string) => `Neu: «${name}» (${currency})`,
  accountNumber: 'Kontonummer',
  kind: 'Art',
  iban: 'IBAN',
  currency: 'Währung',
  period: 'Zeitraum',
  opening: 'Anfangssaldo',
  closing: 'Schlusssaldo',
  entryCount: 'Buchungen',
  newAndKnown: 'Neu / bereits importiert',
  pendingLabel: 'Vorgemerkt',
  pending: (n: number) => `${count(n, 'Buchung', 'Buchungen')} (nicht importiert)`,
  balanceCheck: 'Saldoprüfung',
  balanceCheckOk: 'Die Buchungen ergeben die Saldoänderung',
  balanceCheckFailed: 'Die Buchungen ergeben nicht die Saldoänderung',
  balanceUpdate: 'Kontostand',
  balanceUpdates: (date: string) => `Wird übernommen, «Stand per» ${date}`,
  balanceStays: 'Bleibt unverändert',
  warnings: 'Hinweise',
  errors: 'Fehler (der Import ist so nicht möglich)',
  firstEntries: (shown: number, total: number) =>
    shown < total ? `Die ersten ${shown} von ${total} Buchungen` : count(total, 'Buchung', 'Buchungen'),
  csvColumns: 'Spalten des CSV-Exports',
  csvColumnUnused: 'nicht gelesen',
  mappingTitle: 'Spalten zuordnen',
  mappingHint: (account: string) =>
    `Welche Spalte was enthält, wird für «${account}» gespeichert und bei jedem CSV-Import dieses Kontos verwendet.`,
  mappingSave: 'Zuordnung speichern und neu lesen',
  mappingInvalid: 'Die Zuordnung ist unvollständig',
  mappingFailed: 'Die Zuordnung konnte nicht gespeichert werden',
  entryNew: 'neu',
  entryKnown: 'bereits importiert',
  import: 'Importieren',
  success: 'Erfolg',
  nothingNew: 'Nichts Neues',
  /** "Saldo übernommen: 84'515.25 per 20.06.2023". */
  balanceTaken: (amount: string, date: string) => `Saldo übernommen: ${amount} per ${date}`,
  accountCreated: (name: string) => `Bankkonto «${name}» angelegt`,
  imported: (imported: number, duplicates: number, balances: number) =>
    [
      `${count(imported, 'Buchung', 'Buchungen')} importiert`,
      `${duplicates} bereits vorhanden`,
      `${count(balances, 'Kontostand', 'Kontostände')} aktualisiert`,
    ].join(', '),
  nothingImported: (duplicates: number) =>
    `Keine neuen Buchungen: ${duplicates === 1 ? 'die Buchung war' : `alle ${duplicates} Buchungen waren`} bereits importiert.`,
  // The entries page.
  title: 'Buchungen',
  titleOf: (name: string) => `Buchungen: ${name}`,
  notFound: (id: string) => `Bankkonto mit ID ${id} nicht gefunden`,
  backToList: 'Zurück zu den Bankkonten',
  loading: 'Wird geladen',
  loadFailed: 'Buchungen konnten nicht geladen werden',
  empty: 'Dieses Konto hat noch keine Buchungen',
  emptyHint: 'Importieren Sie einen Kontoauszug auf der Seite «Bankkonten», um die Buchungen zu sehen.',
  bookingDate: 'Buchungsdatum',
  valueDate: 'Valuta',
  amount: 'Betrag',
  counterparty: 'Gegenpartei',
  text: 'Text',
  reference: 'Referenz',
  bankReference: 'Bankreferenz',
  category: 'Kategorie',
  noCategory: 'Keine Kategorie',
  categoryOf: (text: string) => `Kategorie der Buchung ${text}`,
  categorySaved: 'Kategorie wurde gespeichert',
  categoryFailed: 'Kategorie konnte nicht gespeichert werden',
  removeCategory: 'Kategorie entfernen',
  reversal: 'Storno',
  reversalHint: 'Stornobuchung (die Richtung ist die der Buchung)',
  foreignCurrency: (currency: string) => `Andere Währung als das Konto: ${currency}`,
  charges: 'Spesen',
  from: 'Von',
  to: 'Bis',
  direction: 'Richtung',
  directionAll: 'Alle',
  directionCredit: 'Eingänge',
  directionDebit: 'Ausgänge',
} as const;
