/** The Plan/Ist page's texts (docs/web.md "Plan/Ist", docs/plan-actual.md). */
export const planActualTexts = {
  title: 'Plan/Ist',
  intro:
    'Was geplant war und was auf den Bankkonten geschah, je Monat und Kategorie. Ein Monat hat ein Ist ab der ersten importierten Buchung.',
  period: 'Zeitraum',
  from: 'Von',
  to: 'Bis',
  accuracyTitle: 'Planungsgenauigkeit',
  accuracyHint:
    'Mittlere absolute Abweichung des monatlichen Cashflows (Ist gegen Plan, in % des Ist) über die Monate mit Buchungen vor dem laufenden Monat. Je kleiner, desto genauer der Plan.',
  accuracyBasis: (months: number) =>
    months === 0 ? 'noch kein Monat mit Buchungen' : months === 1 ? 'aus 1 Monat' : `aus ${months} Monaten`,
  unmatched: (count: number) =>
    count === 1
      ? '1 Buchung im Zeitraum ist noch keiner geplanten Zahlung zugeordnet.'
      : `${count} Buchungen im Zeitraum sind noch keiner geplanten Zahlung zugeordnet.`,
  unmatchedHint:
    'Sie zählen in der Zeile «Nicht zugeordnet». Ordnen Sie sie auf der Seite «Buchungen» eines Bankkontos zu oder markieren Sie sie als nicht geplant.',
  toBankAccounts: 'Zu den Bankkonten',
  noEntries:
    'Keine Kontoauszüge der letzten 24 Monate: ohne importierte Kontoauszüge gibt es kein Ist. Importieren Sie einen Auszug auf der Seite «Bankkonten».',
  tableCaption: 'Plan, Ist und Abweichung je Monat und Kategorie',
  rowHeader: 'Zeile',
  plan: 'Plan',
  actual: 'Ist',
  variance: 'Abw.',
  notCovered: 'nicht abgedeckt',
  monthDetails: (label: string) => `Details ${label}`,
  chartTitle: 'Endsaldo: Plan und Ist',
  chartLabel: (currency: string) =>
    `Diagramm: geplanter und tatsächlicher Endsaldo je Monat, in ${currency}. Pfeiltasten wählen den Monat`,
  planLine: 'Plan',
  actualLine: 'Ist',
  // The drill-down of a month.
  occurrences: 'Geplante Zahlungen',
  entries: 'Buchungen des Monats',
  noOccurrences: 'Keine geplanten Zahlungen in diesem Monat.',
  noMonthEntries: 'Keine Buchungen in diesem Monat.',
  loading: 'Wird geladen …',
  due: 'Fällig',
  name: 'Name',
  category: 'Kategorie',
  amount: 'Betrag',
  state: 'Status',
  matchedEntries: 'Buchungen',
  /** "-6'000.00 CHF von -21'400.00 CHF": the share of an entry that pays several occurrences. */
  shareOf: 'von',
  bookingDate: 'Buchungsdatum',
  counterparty: 'Gegenpartei / Text',
  occurrenceStates: {
    open: 'Offen',
    overdue: 'Überfällig',
    matched: 'Zugeordnet',
    dismissed: 'Entfällt',
    uncovered: 'Nicht abgedeckt',
  },
} as const;
