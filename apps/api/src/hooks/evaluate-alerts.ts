import type { FastifyInstance } from 'fastify';
import { isSharedArea } from '@saldopilot/shared';
import type { AlertsService } from '../modules/portfolio/alerts.service.js';
import { writeTargetOf } from '../plugins/write-target.js';

/**
 * After every answered write of an organisation's shared data, its alerts are evaluated
 * (docs/cockpit.md "Alerts"), gathered per organisation so a burst of writes is one evaluation.
 * The evaluation is only scheduled here, so the writer never waits; it is scheduled in `onSend`
 * (after the write committed, before the answer leaves) rather than `onResponse`, so whoever has
 * the answer can rely on the evaluation being under way (`alerts.settled()` waits for it).
 */
export function registerAlertEvaluation(api: FastifyInstance, alerts: AlertsService): void {
  api.addHook('onSend', async (request, reply, payload) => {
    const { session } = request;
    if (reply.statusCode < 200 || reply.statusCode >= 300 || !session?.organisationId) return payload;
    if (request.routeOptions.config.changesNothing) return payload;
    const target = writeTargetOf(request, reply);
    if (!target || !isSharedArea(target.area)) return payload;
    const organisationId = target.area === 'organisations' && target.id !== null ? target.id : session.organisationId;
    alerts.afterWrite(organisationId, (error) => request.log.error({ err: error }, 'alerts could not be evaluated'));
    return payload;
  });
}
