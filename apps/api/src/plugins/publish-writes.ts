import type { FastifyInstance } from 'fastify';
import { TAB_ID_HEADER } from '@saldopilot/shared';
import type { EventHub } from '../modules/events/event-hub.js';
import type { UserNames } from '../modules/events/user-names.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A POST that stores nothing (a preview): no realtime event follows it (docs/realtime.md). */
    changesNothing?: boolean;
  }
}

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/**
 * Areas whose writes are nobody else's data: signing in, one's own profile, the stream, the outbox;
 * and the MCP server, whose tools' inner API writes announce themselves.
 */
const NOT_SHARED = new Set(['auth', 'profile', 'me', 'events', 'dev', 'mcp']);
const TAB = /^[A-Za-z0-9-]{8,64}$/;

/**
 * After every successful write of an organisation's data, a realtime event to its members' streams
 * (docs/realtime.md): the area is the first part of the route's path, the id the one the path names,
 * the action by the method. In `onResponse`, so only an answered (committed) write is announced, and
 * the writer never waits for it.
 */
export function registerWritePublishing(api: FastifyInstance, hub: EventHub, names: UserNames): void {
  api.addHook('onResponse', async (request, reply) => {
    const { method, routeOptions, session } = request;
    if (!WRITES.has(method) || reply.statusCode < 200 || reply.statusCode >= 300) return;
    if (routeOptions.config.changesNothing || !session?.organisationId) return;
    const parts = routeOptions.url?.split('/').slice(2) ?? [];
    const area = parts[0];
    if (!area || NOT_SHARED.has(area)) return;
    // The first parameter names the row; the parts before it name what kind of row it is.
    const first = parts.findIndex((part) => part.startsWith(':'));
    const collection = (first < 0 ? [area] : parts.slice(0, first)).join('/');
    const params = (request.params ?? {}) as Record<string, string | undefined>;
    const idText = first < 0 ? undefined : params[(parts[first] as string).slice(1)];
    const id = idText !== undefined && /^[0-9]{1,10}$/.test(idText) ? Number(idText) : null;
    // An organisation's own routes name it in the path; everything else is the session's organisation.
    const organisationId = area === 'organisations' && id !== null ? id : session.organisationId;
    const tab = request.headers[TAB_ID_HEADER];
    try {
      await hub.publish({
        organisationId,
        area,
        collection,
        id,
        action: method === 'DELETE' ? 'deleted' : reply.statusCode === 201 ? 'created' : 'updated',
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
