import type { FastifyInstance } from 'fastify';
import { areas, type AreaEntry } from '@saldopilot/shared';
import type { AccessService } from '../modules/access/access.service.js';
import type { UserNames } from '../modules/events/user-names.js';
import { writeTargetOf } from '../plugins/write-target.js';

/**
 * What a write did, in German (docs/access.md "Audit log"): by the route's path without its
 * parameters — a phrase of its own where the method alone does not say it, else the kind of row
 * and the verb of the method.
 */
const PHRASES: Record<string, string> = {
  'POST transactions/bulk': 'Transaktionen gesammelt geändert',
  'PUT bank-accounts/csv-mapping': 'CSV-Zuordnung gespeichert',
  'PATCH bank-accounts/entries': 'Bankbewegung geändert',
  'POST bank-statements': 'Kontoauszug importiert',
  'POST bank-statements/preview': 'Kontoauszug geprüft (Vorschau)',
  'POST bank-entries/match': 'Bankbewegung zugeordnet',
  'DELETE bank-entries/match': 'Zuordnung aufgehoben',
  'POST bank-entries/unplanned': 'Bankbewegung als «nicht geplant» markiert',
  'POST bank-entries/confirm-unique': 'Eindeutige Zuordnungen bestätigt',
  'POST occurrence-dismissals': 'Als «entfällt» markiert',
  'DELETE occurrence-dismissals': 'Markierung «entfällt» aufgehoben',
  'POST occurrence-dismissals/bulk': 'Überfällige Zahlungen als «entfällt» markiert',
  'POST occurrence-dismissals/bulk-restore': 'Markierungen «entfällt» aufgehoben',
  'POST recurring-suggestions/accept': 'Wiederkehrende Zahlungen übernommen',
  'POST qr-bills/read': 'QR-Rechnung gelesen (Vorschau)',
  'POST qr-bills': 'QR-Rechnung als Zahlung erfasst',
  'POST recurring-suggestions/dismiss': 'Wiederkehrende Zahlungen verworfen',
  'PUT recurring-suggestions/delays': 'Gelernte Verzögerung ein- oder ausgeschaltet',
  'POST categories/reassign': 'Kategorie neu zugeordnet',
  'POST employees/salaries/costs/copy': 'Lohnkosten kopiert',
  'POST employees/salaries/costs/presets': 'Lohnkosten-Vorlagen angewendet',
  'POST forecasts/exclude': 'Aus der Prognose ausgeschlossen',
  'PUT forecasts/exclude': 'Ausschlüsse der Prognose gesetzt',
  'DELETE forecasts/exclude': 'Ausschluss aus der Prognose aufgehoben',
  'PUT vat-settings': 'MWST-Abrechnung gespeichert',
  'DELETE vat-settings': 'MWST-Abrechnung ausgeschaltet',
  'PUT payment-calendar': 'Zahlungskalender gespeichert',
  'POST scenarios/promote': 'Szenario in die Basis übernommen',
  'POST scenarios/levers/promote': 'Hebel in die Basis übernommen',
};
/** The nouns of the areas' rows (packages/shared/src/areas.ts), by the path without its parameters. */
const NOUNS: Record<string, string> = Object.assign({}, ...Object.values<AreaEntry>(areas).map((area) => area.nouns));
const VERBS: Record<string, string> = { POST: 'erstellt', PUT: 'geändert', PATCH: 'geändert', DELETE: 'gelöscht' };

export function auditAction(method: string, routeUrl: string, status: number): string {
  const path = routeUrl
    .split('/')
    .slice(2)
    .filter((part) => !part.startsWith(':'))
    .join('/');
  const what = PHRASES[`${method} ${path}`] ?? `${NOUNS[path] ?? path} ${VERBS[method] ?? method}`;
  return status < 400 ? what : `${what} – abgelehnt (${status})`;
}

/**
 * Every write through a personal API token or an assistant is recorded with who, through which
 * token or client, what and when — refused ones too, with their status, so an owner also sees what
 * a token tried. In `onSend`: after the write's own transaction, before its answer leaves, so a
 * client that has the answer finds the entry; one that cannot be written is logged as an error and
 * the write stands (docs/access.md "Audit log").
 */
export function registerWriteAudit(api: FastifyInstance, access: AccessService, names: UserNames): void {
  api.addHook('onSend', async (request, reply, payload) => {
    const { session } = request;
    if (!request.access || !session?.organisationId) return payload;
    const target = writeTargetOf(request, reply);
    if (!target || target.area === 'mcp') return payload;
    const route = request.routeOptions.url ?? '';
    try {
      await access.record({
        organisationId: session.organisationId,
        userId: session.userId,
        userName: await names.of(session.userId),
        access: request.access,
        method: request.method,
        path: request.url.split('?')[0] ?? request.url,
        action: auditAction(request.method, route, reply.statusCode),
        status: reply.statusCode,
      });
    } catch (error) {
      request.log.error({ err: error }, 'a write through a token could not be written to the audit log');
    }
    return payload;
  });
}
