/** The German texts of the consent page (docs/web.md "Zugriff von aussen"). */
export const consentTexts = {
  title: 'Zugriff erlauben',
  checking: 'Anfrage wird geprüft …',
  invalid: 'Ungültige Anfrage',
  loadFailed: 'Die Anfrage konnte nicht geprüft werden',
  heading: (client: string, organisation: string) => `${client} möchte auf ${organisation} zugreifen`,
  intro:
    'Der Assistent erhält die gewählten Berechtigungen, nie mehr, als Ihre Rolle erlaubt. Unter Einstellungen → Zugriff können Sie die Verbindung jederzeit widerrufen.',
  scopes: 'Berechtigungen',
  organisation: 'Organisation',
  redirect: 'Weiterleitung an',
  approve: 'Zugriff erlauben',
  deny: 'Ablehnen',
  failed: 'Die Antwort konnte nicht gesendet werden',
} as const;
