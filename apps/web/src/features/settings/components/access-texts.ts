import type { AuditEntry } from '@saldopilot/shared';

/** The German texts of Einstellungen → Zugriff (docs/web.md "Zugriff von aussen"). */
export const accessTexts = {
  title: 'Zugriff',
  success: 'Erfolg',
  cancel: 'Abbrechen',
  revoke: 'Widerrufen',
  never: 'Nie',
  name: 'Name',
  organisation: 'Organisation',
  scopes: 'Berechtigungen',
  lastUsed: 'Zuletzt verwendet',

  tokens: 'API-Tokens',
  tokensIntro:
    'Mit einem persönlichen API-Token greifen Programme über die REST-API auf Ihre Daten zu – mit den Berechtigungen, die Sie wählen, und nie mehr, als Ihre Rolle erlaubt.',
  newToken: 'Neues Token',
  noTokens: 'Noch keine API-Tokens.',
  tokensFailed: 'API-Tokens konnten nicht geladen werden',
  created: 'Erstellt',
  expires: 'Gültig bis',
  expired: 'Abgelaufen',
  prefix: 'Präfix',

  createTitle: 'API-Token erstellen',
  create: 'Erstellen',
  lifetime: 'Gültigkeit',
  organisationNote: (name: string) => `Das Token gilt für die Organisation «${name}».`,
  tokenCreated: (name: string) => `API-Token «${name}» erstellt`,
  createFailed: 'API-Token konnte nicht erstellt werden',
  secret: 'API-Token',
  secretHint: 'Kopieren Sie das Token jetzt. Es wird nur einmal angezeigt.',
  copy: 'Kopieren',
  copied: 'Token in die Zwischenablage kopiert',
  copyFailed: 'Kopieren nicht möglich: Markieren Sie das Token und kopieren Sie es selbst.',
  close: 'Schliessen',

  revokeToken: 'Token widerrufen',
  revokeTokenQuestion: (name: string) =>
    `Token «${name}» widerrufen? Programme, die es verwenden, verlieren den Zugriff sofort.`,
  tokenRevoked: (name: string) => `Token «${name}» widerrufen`,

  connections: 'Verbindungen',
  connectionsIntro: 'KI-Assistenten, denen Sie Zugriff gegeben haben. Ein Widerruf wirkt sofort.',
  noConnections: 'Keine Assistenten verbunden.',
  connectionsFailed: 'Verbindungen konnten nicht geladen werden',
  assistant: 'Assistent',
  connectedSince: 'Verbunden seit',
  revokeConnection: 'Verbindung widerrufen',
  revokeConnectionQuestion: (name: string) =>
    `Verbindung zu «${name}» widerrufen? Der Assistent verliert den Zugriff sofort.`,
  connectionRevoked: (name: string) => `Verbindung zu «${name}» widerrufen`,

  auditLog: 'Protokoll',
  auditIntro: 'Änderungen über API-Tokens und Assistenten',
  noEntries: 'Noch keine Einträge.',
  auditFailed: 'Protokoll konnte nicht geladen werden',
  time: 'Zeit',
  person: 'Person',
  via: 'Über',
  action: 'Aktion',
  path: 'Pfad',
} as const;

/** A token's lifetime as the dialog offers it: "7 Tage", …, "1 Jahr". */
export function lifetimeLabel(days: number): string {
  return days === 365 ? '1 Jahr' : `${days} Tage`;
}

/** How a change of the audit log was made: "Token: CI-Export" or "Assistent: Claude". */
export function auditViaLabel(entry: Pick<AuditEntry, 'via' | 'clientName'>): string {
  return `${entry.via === 'token' ? 'Token' : accessTexts.assistant}: ${entry.clientName}`;
}
