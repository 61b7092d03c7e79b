/** The Plan/Ist page's texts (docs/web.md "Plan/Ist", docs/plan-actual.md). */
export const planActualTexts = {
  title: 'Plan/Ist',
  intro:
    'Was geplant war und was auf den Bankkonten geschah, je Monat und Kategorie. Ein Monat hat ein Ist ab der ersten importierten Buchung.',
  period: 'Zeitraum',
  from: 'Von',
  to: 'Bis',
  accuracyHint:
    'WAPE: Summe der Abweichungen |Ist − Plan| in % der Summe des Ist, je Seite; Bias: Summe (Plan − Ist) in % des Ist, über 0 erwartete der Plan mehr, als kam (Zuflüsse) oder ging (Abflüsse). Gemessen an der Prognose, die zu Beginn jedes Monats festgehalten wird, für die Monate mit Buchungen vor dem laufenden.',
  accuracySnapshots: (count: number) =>
    count === 1 ? '1 festgehaltene Prognose' : `${count} festgehaltene Prognosen (eine je Monat)`,
  accuracyCaption: 'Planungsgenauigkeit je Horizont',
  accuracyHorizon: 'Prognose',
  accuracyMonths: 'Monate',
  accuracyLeavesCaption: 'Grösste Abweichungen (1 Monat voraus)',
  accuracyLeaf: 'Posten',
  accuracyError: 'Abweichung',
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
