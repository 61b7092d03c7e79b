/**
 * The labels of the VAT settings' fields (docs/vat.md), shared by the settings section and the
 * scenario's VAT lever (docs/scenarios.md "VAT switch"): one wording for the same setting.
 */
export const vatSettingTexts = {
  enabled: 'MWST-Abrechnung aktivieren',
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
} as const;
