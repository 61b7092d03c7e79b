import type { FastifyInstance } from 'fastify';
import { isSharedArea } from '@saldopilot/shared';
import type { AlertsService } from '../modules/portfolio/alerts.service.js';
import { writeTargetOf } from '../plugins/write-target.js';

/**
 * After every answered write of an organisation's shared data, its alerts are evaluated
 * (docs/cockpit.md "Alerts"): in `onResponse`, so the writer never waits, and gathered per
 * organisation so a burst of writes is one evaluation.
 */
export function registerAlertEvaluation(api: FastifyInstance, alerts: AlertsService): void {
  api.addHook('onResponse', async (request, reply) => {
    const { session } = request;
    if (reply.statusCode < 200 || reply.statusCode >= 300 || !session?.organisationId) return;
    if (request.routeOptions.config.changesNothing) return;
    const target = writeTargetOf(request, reply);
    if (!target || !isSharedArea(target.area)) return;
    const organisationId = target.area === 'organisations' && target.id !== null ? target.id : session.organisationId;
    alerts.afterWrite(organisationId, (error) => request.log.error({ err: error }, 'alerts could not be evaluated'));
  });
}
