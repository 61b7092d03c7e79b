import type { FastifyInstance } from 'fastify';
import { isSharedArea, TAB_ID_HEADER } from '@saldopilot/shared';
import type { EventHub } from '../modules/events/event-hub.js';
import type { UserNames } from '../modules/events/user-names.js';
import type { ForecastStamps } from '../modules/forecasts/forecast-stamps.js';
import { writeTargetOf } from '../plugins/write-target.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A POST that stores nothing (a preview): no realtime event follows it (docs/realtime.md). */
    changesNothing?: boolean;
  }
}

const TAB = /^[A-Za-z0-9-]{8,64}$/;

/**
 * After every successful write of an organisation's data, a realtime event to its members' streams
 * (docs/realtime.md): the area is the first part of the route's path, the id the one the path names,
 * the action by the method. In `onResponse`, so only an answered (committed) write is announced, and
 * the writer never waits for it.
 */
export function registerWritePublishing(
  api: FastifyInstance,
  hub: EventHub,
  names: UserNames,
  stamps: ForecastStamps,
): void {
  api.addHook('onResponse', async (request, reply) => {
    const { session } = request;
    if (reply.statusCode < 200 || reply.statusCode >= 300) return;
    if (request.routeOptions.config.changesNothing || !session?.organisationId) return;
    const target = writeTargetOf(request, reply);
    // Only an area whose writes the members share (packages/shared/src/areas.ts) is announced.
    if (!target || !isSharedArea(target.area)) return;
    const { area, collection, id, action } = target;
    // An organisation's own routes name it in the path; everything else is the session's organisation.
    const organisationId = area === 'organisations' && id !== null ? id : session.organisationId;
    const tab = request.headers[TAB_ID_HEADER];
    try {
      // Read after the commit: the stamp the members' next reads will carry at least.
      const stamp = await stamps.stamp(organisationId).catch(() => undefined);
      await hub.publish({
        ...(stamp === undefined ? {} : { stamp }),
        organisationId,
        area,
        collection,
        id,
        action,
        by: session.userId,
        byName: await names.of(session.userId),
        ...(typeof tab === 'string' && TAB.test(tab) ? { tab } : {}),
      });
    } catch (error) {
      // The write stands; the members see it with their next read.
      request.log.warn({ err: error }, 'a realtime event could not be published');
    }
  });
}
