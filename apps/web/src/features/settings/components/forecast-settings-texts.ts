/** Texts of the organisation's forecast settings: minimum balance and automatic VAT (research §9, issue 12). */
export const forecastSettingsTexts = {
  minimumTitle: 'Mindestliquidität',
  minimumDescription:
    'Der Betrag, der immer auf den Konten bleiben soll. Die Prognose zeigt, bis wann die Liquidität darüber liegt.',
  minimumLabel: 'Mindestliquidität',
  minimumSave: 'Mindestliquidität speichern',
  minimumSaved: 'Mindestliquidität wurde gespeichert',
  minimumFailed: 'Mindestliquidität konnte nicht gespeichert werden',
  vatTitle: 'Automatische MwSt.-Abrechnung',
  vatDescription: 'Summiert die MwSt. von Umsätzen und erstellt automatisch Ausgaben für die MwSt.-Abrechnung.',
  vatOtherOrganisation:
    'Die MwSt.-Abrechnung wird in der aktiven Organisation eingestellt. Wechseln Sie zu dieser Organisation, um sie zu sehen.',
  vatEnabled: 'MwSt.-Abrechnung aktivieren',
  billingDate: 'Rechnungszeitpunkt',
  billingDateHint: 'Datum der MwSt.-Abrechnung (wird zur Berechnung der Periode verwendet)',
  offset: 'Transaktionszeitpunkt',
  offsetHint:
    'Zeitpunkt der tatsächlichen Zahlung relativ zum Rechnungszeitpunkt. Dies definiert die Anzeige in der Prognose',
  offsetLabel: (months: number) =>
    months === 0 ? 'Gleich wie Rechnungszeitpunkt' : months === 1 ? '1 Monat später' : `${months} Monate später`,
  interval: 'Abrechnungsintervall',
  vatSave: 'MwSt.-Einstellungen speichern',
  vatSaved: 'MwSt.-Einstellungen wurden gespeichert',
  vatFailed: 'MwSt.-Einstellungen konnten nicht gespeichert werden',
  vatLoadFailed: 'MwSt.-Einstellungen konnten nicht geladen werden',
  readOnlyHint: 'Nur Eigentümer und Administratoren können diese Einstellungen ändern.',
} as const;
