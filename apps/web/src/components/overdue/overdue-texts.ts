import { formatAmount, formatDate } from '../../lib/format';

/** The texts of "Entfällt" for many at once and of "Wiederherstellen" (docs/web.md "Prognose", "Plan/Ist"). */
export const overdueTexts = {
  bulkButton: 'Überfällige als entfällt markieren…',
  bulkHeader: 'Überfällige Zahlungen als entfällt markieren',
  before: 'Fällig vor dem',
  beforeHint: 'Alle geplanten Zahlungen, die vor diesem Tag fällig waren und keiner Buchung zugeordnet sind.',
  loading: 'Überfällige Zahlungen werden gezählt …',
  payments: (count: number) => (count === 1 ? '1 überfällige Zahlung' : `${count} überfällige Zahlungen`),
  found: (count: number, before: string, total: number, currency: string) =>
    `${overdueTexts.payments(count)} vor dem ${formatDate(before)}, zusammen ${formatAmount(total, currency)}.`,
  none: (before: string) => `Vor dem ${formatDate(before)} ist keine geplante Zahlung überfällig.`,
  effect:
    'Sie verlassen die Prognose; in Plan/Ist bleiben sie geplant. «Wiederherstellen» nimmt die Markierung jederzeit zurück.',
  action: 'Als entfällt markieren',
  confirmHeader: 'Entfällt bestätigen',
  confirmMessage: (count: number, before: string) =>
    `${overdueTexts.payments(count)} vor dem ${formatDate(before)} als «entfällt» markieren?`,
  cancel: 'Abbrechen',
  dismissed: 'Entfällt',
  dismissedDetail: (count: number) =>
    count === 1 ? '1 Zahlung wurde als entfallen markiert.' : `${count} Zahlungen wurden als entfallen markiert.`,
  dismissFailed: 'Die überfälligen Zahlungen konnten nicht als entfallen markiert werden',
  undo: 'Rückgängig',
  restore: 'Wiederherstellen',
  restoreLabel: (name: string, dueDate: string) => `Wiederherstellen: ${name}, fällig ${formatDate(dueDate)}`,
  restoreAll: 'Alle wiederherstellen',
  restored: 'Wiederhergestellt',
  restoredDetail: (count: number) =>
    count === 1 ? '1 Zahlung ist wieder überfällig.' : `${count} Zahlungen sind wieder überfällig.`,
  restoreFailed: 'Die Markierung «entfällt» konnte nicht zurückgenommen werden',
  invalidDate: 'Bitte ein gültiges Datum eingeben (nicht nach heute)',
} as const;
