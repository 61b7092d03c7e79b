import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isSharedArea, TAB_ID_HEADER, type SharedArea } from '@saldopilot/shared';
import type { EventHub } from '../modules/events/event-hub.js';
import type { UserNames } from '../modules/events/user-names.js';
import type { ForecastStamps } from '../modules/forecasts/forecast-stamps.js';
import { writeTargetOf, type WriteTarget } from '../plugins/write-target.js';

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
 * the writer never waits for it. Before that, in `onSend`, the write drops the organisation's data
 * versions kept in memory on every instance (forecast-stamps.ts), which the writer does wait for.
 */
/** The organisation a successful write of shared data wrote to, and what it wrote; else undefined. */
function writtenOf(
  request: FastifyRequest,
  reply: FastifyReply,
): { organisationId: number; target: WriteTarget & { area: SharedArea } } | undefined {
  const { session } = request;
  if (reply.statusCode < 200 || reply.statusCode >= 300) return undefined;
  if (request.routeOptions.config.changesNothing || !session?.organisationId) return undefined;
  const target = writeTargetOf(request, reply);
  // Only an area whose writes the members share (packages/shared/src/areas.ts) is announced.
  if (!target || !isSharedArea(target.area)) return undefined;
  // An organisation's own routes name it in the path; everything else is the session's organisation.
  const organisationId = target.area === 'organisations' && target.id !== null ? target.id : session.organisationId;
  return { organisationId, target: { ...target, area: target.area } };
}

export function registerWritePublishing(
  api: FastifyInstance,
  hub: EventHub,
  names: UserNames,
  stamps: ForecastStamps,
): void {
  // Before the answer leaves, after the handler's transaction committed: every instance drops the
  // versions it keeps of the organisation (confirmed, bounded), so none confirms an old ETag once
  // the writer has its answer (docs/realtime.md "Stamps and ETags").
  api.addHook('onSend', async (request, reply, payload) => {
    const written = writtenOf(request, reply);
    if (written) {
      await stamps.written(written.organisationId).catch((error: unknown) => {
        request.log.warn({ err: error }, 'a write could not be announced to the versions in memory');
      });
    }
    return payload;
  });

  api.addHook('onResponse', async (request, reply) => {
    const { session } = request;
    const written = writtenOf(request, reply);
    if (!written || !session) return;
    const { organisationId, target } = written;
    const { area, collection, id, action } = target;
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
