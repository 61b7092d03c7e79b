import { MATCH_LIMITS, PAYMENT_TERM_LIMITS } from '@saldopilot/shared';

/**
 * Texts of the organisation's forecast settings: minimum balance, matching bank entries to the plan
 * and automatic VAT (docs/web.md "Organisation", issues 12 and 32).
 */
export const forecastSettingsTexts = {
  minimum: {
    title: 'Mindestliquidität',
    description:
      'Der Betrag, der immer auf den Konten bleiben soll. Die Prognose zeigt, bis wann die Liquidität darüber liegt.',
    label: 'Mindestliquidität',
    save: 'Mindestliquidität speichern',
    saved: 'Mindestliquidität wurde gespeichert',
    failed: 'Mindestliquidität konnte nicht gespeichert werden',
  },
  matchTitle: 'Abgleich mit der Bank',
  matchDescription:
    'Wie weit eine Bankbuchung von einer geplanten Zahlung abweichen darf, damit sie zur Zuordnung vorgeschlagen wird.',
  toleranceLabel: 'Toleranz Betrag (±%)',
  toleranceHint: `Abweichung des Betrags in Prozent, 0 bis ${MATCH_LIMITS.maxTolerancePercent}`,
  windowLabel: 'Zeitfenster (±Tage)',
  windowHint: `Tage vor oder nach der Fälligkeit, 0 bis ${MATCH_LIMITS.maxWindowDays}`,
  salaryAccountLabel: 'Lohnkonto',
  salaryAccountHint: 'Konto, über das Löhne und Lohnkosten gezahlt werden',
  noSalaryAccount: 'Kein Lohnkonto',
  matchSave: 'Abgleich speichern',
  matchSaved: 'Einstellungen zum Abgleich wurden gespeichert',
  matchFailed: 'Einstellungen zum Abgleich konnten nicht gespeichert werden',
  paymentTerm: {
    title: 'Zahlungsfrist',
    description:
      'Nennt eine hochgeladene QR-Rechnung keine Zahlungsbedingungen, ist sie so viele Tage nach dem Hochladen fällig.',
    label: 'Zahlungsfrist (Tage)',
    hint: `Tage nach dem Hochladen einer QR-Rechnung ohne Zahlungsbedingungen, 0 bis ${PAYMENT_TERM_LIMITS.maxDays}`,
    save: 'Zahlungsfrist speichern',
    saved: 'Zahlungsfrist wurde gespeichert',
    failed: 'Zahlungsfrist konnte nicht gespeichert werden',
  },
  vatTitle: 'Automatische MWST-Abrechnung',
  vatDescription:
    'Berechnet die MWST aus Ihren Einnahmen und Ausgaben und plant die Zahlung jeder Abrechnungsperiode (oder die Rückerstattung) automatisch in der Prognose.',
  vatOtherOrganisation:
    'Die MWST-Abrechnung wird in der aktiven Organisation eingestellt. Wechseln Sie zu dieser Organisation, um sie zu sehen.',
  vatSave: 'MWST-Einstellungen speichern',
  vatSaved: 'MWST-Einstellungen wurden gespeichert',
  vatFailed: 'MWST-Einstellungen konnten nicht gespeichert werden',
  vatLoadFailed: 'MWST-Einstellungen konnten nicht geladen werden',
  readOnlyHint: 'Nur Eigentümer und Administratoren können diese Einstellungen ändern.',
} as const;
