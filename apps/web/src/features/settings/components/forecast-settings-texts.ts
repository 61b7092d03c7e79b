import { MATCH_LIMITS, PAYMENT_TERM_LIMITS } from '@saldopilot/shared';

/**
 * Texts of the organisation's forecast settings: minimum balance, matching bank entries to the plan
 * and automatic VAT (docs/web.md "Organisation", issues 12 and 32).
 */
export const forecastSettingsTexts = {
  minimumTitle: 'Mindestliquidität',
  minimumDescription:
    'Der Betrag, der immer auf den Konten bleiben soll. Die Prognose zeigt, bis wann die Liquidität darüber liegt.',
  minimumLabel: 'Mindestliquidität',
  minimumSave: 'Mindestliquidität speichern',
  minimumSaved: 'Mindestliquidität wurde gespeichert',
  minimumFailed: 'Mindestliquidität konnte nicht gespeichert werden',
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
  paymentTermTitle: 'Zahlungsfrist',
  paymentTermDescription:
    'Nennt eine hochgeladene QR-Rechnung keine Zahlungsbedingungen, ist sie so viele Tage nach dem Hochladen fällig.',
  paymentTermLabel: 'Zahlungsfrist (Tage)',
  paymentTermHint: `Tage nach dem Hochladen einer QR-Rechnung ohne Zahlungsbedingungen, 0 bis ${PAYMENT_TERM_LIMITS.maxDays}`,
  paymentTermSave: 'Zahlungsfrist speichern',
  paymentTermSaved: 'Zahlungsfrist wurde gespeichert',
  paymentTermFailed: 'Zahlungsfrist konnte nicht gespeichert werden',
  vatTitle: 'Automatische MWST-Abrechnung',
  vatDescription:
    'Berechnet die MWST aus Ihren Einnahmen und Ausgaben und plant die Zahlung jeder Abrechnungsperiode (oder die Rückerstattung) automatisch in der Prognose.',
  vatOtherOrganisation:
    'Die MWST-Abrechnung wird in der aktiven Organisation eingestellt. Wechseln Sie zu dieser Organisation, um sie zu sehen.',
  vatEnabled: 'MWST-Abrechnung aktivieren',
  billingDate: 'Rechnungszeitpunkt',
  billingDateHint:
    'Datum der MWST-Abrechnung (wird zur Berechnung der Periode verwendet): die Periode endet mit dem Monat davor, z. B. 01.04. für das 1. Quartal',
  offset: 'Transaktionszeitpunkt',
  offsetHint:
    'Zeitpunkt der tatsächlichen Zahlung. Nach ESTV-Frist: im zweiten Monat nach dem letzten Monat der Periode (Q1 im Mai); sonst relativ zum Rechnungszeitpunkt. Dies definiert die Anzeige in der Prognose',
  paymentEstv: 'Zahlung nach ESTV-Frist (60 Tage nach Periodenende)',
  offsetLabel: (months: number) =>
    months === 0 ? 'Gleich wie Rechnungszeitpunkt' : months === 1 ? '1 Monat später' : `${months} Monate später`,
  interval: 'Abrechnungsintervall',
  intervalNetTaxRateHint:
    'Die Saldosteuersatzmethode wird von der ESTV halbjährlich abgerechnet, oder jährlich mit einer Akontorate im August.',
  method: 'Abrechnungsmethode',
  methodHint:
    'Effektive Methode: Umsatzsteuer auf den Einnahmen minus Vorsteuer auf den Ausgaben; ist die Vorsteuer höher, erscheint eine Rückerstattung als Einnahme. Saldosteuersatzmethode: Umsatz inkl. MWST mal Saldosteuersatz, ohne Vorsteuerabzug.',
  previousYearTax: 'Steuer des Vorjahres',
  previousYearTaxHint:
    'Grundlage der Akontoraten der jährlichen Abrechnung (Art. 86a MWSTG); leer: aus der Planung geschätzt',
  netTaxRate: 'Saldosteuersatz',
  netTaxRateHint: 'Der von der ESTV bewilligte Satz in Prozent, z. B. 6.2',
  netTaxRate2: 'Zweiter Saldosteuersatz',
  netTaxRate2Hint: 'Nur bei zwei bewilligten Saldosteuersätzen für verschiedene Tätigkeiten, z. B. 2.1',
  netTaxRate2Share: 'Anteil am Umsatz zum zweiten Satz',
  netTaxRate2ShareHint: 'Ganze Prozent des Umsatzes inkl. MWST, die zum zweiten Satz abgerechnet werden (1 bis 99)',
  vatSave: 'MWST-Einstellungen speichern',
  vatSaved: 'MWST-Einstellungen wurden gespeichert',
  vatFailed: 'MWST-Einstellungen konnten nicht gespeichert werden',
  vatLoadFailed: 'MWST-Einstellungen konnten nicht geladen werden',
  readOnlyHint: 'Nur Eigentümer und Administratoren können diese Einstellungen ändern.',
} as const;
