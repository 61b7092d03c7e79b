/**
 * The German texts of the bank accounts (docs/web.md "Bankkonten"; the reference's texts verbatim
 * where given).
 */
export const bankAccountTexts = {
  title: 'Bankkonten',
  add: 'Bankkonto hinzufügen',
  emptyTitle: 'Erfassen Sie Ihr erstes Bankkonto',
  emptyHint: 'Ihre Kontostände sind der Startpunkt der Prognose. Erfassen Sie jedes Konto mit seinem aktuellen Stand.',
  emptyReadOnly: 'Es gibt noch keine Bankkonten',
  total: 'Total Bankguthaben (umgerechnet):',
  missingRates: (codes: string[]) =>
    codes.length === 1
      ? `Für ${codes[0]} ist kein Wechselkurs bekannt: Konten in dieser Währung sind 1:1 gezählt.`
      : `Für ${codes.join(', ')} sind keine Wechselkurse bekannt: Konten in diesen Währungen sind 1:1 gezählt.`,
  balance: 'Kontostand',
  balanceDate: 'Stand per',
  /** An unknown "Stand per" (docs/bank-statements.md "Balances"): the first statement sets it. */
  balanceDateUnknown: 'noch unbekannt',
  accountNumber: 'Kontonummer',
  accountNumberHint: 'Optional; für Kontoauszüge, die das Konto mit der Kontonummer statt der IBAN nennen',
  name: 'Name',
  currency: 'Währung',
  iban: 'IBAN',
  ibanHint: 'Optional; Kontoauszüge werden dem Konto über die IBAN zugeordnet',
  entries: 'Buchungen',
  entriesOf: (name: string) => `Buchungen von ${name}`,
  negativeHint: 'Negatives Vorzeichen möglich',
  balanceDateHint: 'Leer lassen, wenn noch unbekannt: der erste Kontoauszug setzt Kontostand und Datum',
  balanceDateToday: 'Der neue Kontostand gilt ab heute, wenn Sie das Datum nicht ändern.',
  createTitle: 'Neues Bankkonto anlegen',
  editTitle: 'Bankkonto bearbeiten',
  cloneTitle: 'Bankkonto klonen',
  save: 'Speichern',
  clone: 'Klonen',
  cancel: 'Abbrechen',
  delete: 'Löschen',
  deleteHeader: 'Löschen',
  deleteQuestion: 'Bankkonto vollständig löschen?',
  cloneOf: (name: string) => `${name} klonen`,
  editOf: (name: string) => `${name} bearbeiten`,
  foreignHint: (code: string) => `umgerechnet in ${code}`,
  success: 'Erfolg',
  created: (name: string) => `Bankkonto "${name}" wurde angelegt`,
  updated: (name: string) => `Bankkonto "${name}" wurde bearbeitet`,
  deleted: (name: string) => `Bankkonto "${name}" wurde gelöscht`,
  createFailed: 'Bankkonto konnte nicht angelegt werden',
  updateFailed: 'Bankkonto konnte nicht bearbeitet werden',
  deleteFailed: 'Bankkonto konnte nicht gelöscht werden',
} as const;
