import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { EVENT_HEARTBEAT_SECONDS, eventStreamQuerySchema } from '@saldopilot/shared';
import { AppError } from '../../lib/app-error.js';
import { tenantOf } from '../../plugins/request-context.js';
import { STREAMS_PER_USER, type Stream } from './event-hub.js';
import type { FastifyInstance } from 'fastify';

export const eventMessages = {
  tooMany: `Zu viele offene Verbindungen: höchstens ${STREAMS_PER_USER} Tabs gleichzeitig. Bitte schliessen Sie einen Tab.`,
} as const;

/**
 * `GET /api/events`: the realtime stream of the current organisation as server-sent events
 * (docs/realtime.md). The answer is written by hand (hijacked): headers at once, then events as they
 * come, a heartbeat every EVENT_HEARTBEAT_SECONDS, until the client goes or the hub ends it.
 */
export const eventsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { events } = app.deps;

  app.get(
    '/events',
    {
      config: { errors: ['RATE_LIMITED'] },
      schema: {
        querystring: eventStreamQuerySchema,
        response: { 200: z.string().describe('text/event-stream: `event: change` and `event: reset`') },
      },
    },
    async (request, reply) => {
      const { userId, organisationId } = tenantOf(request);
      const place = await events.takePlace(userId);
      if (!place) throw new AppError('RATE_LIMITED', eventMessages.tooMany);
      reply.hijack();
      const raw = reply.raw;
      // What the hooks set so far (a renewed session's cookies, the security headers) goes along.
      for (const [name, value] of Object.entries(reply.getHeaders())) {
        if (value !== undefined) raw.setHeader(name, value);
      }
      raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        // No proxy may hold events back (nginx reads this header).
        'x-accel-buffering': 'no',
      });
      raw.write('retry: 2000\n\n');
      let open = true;
      const heartbeat = setInterval(() => {
        raw.write(': ping\n\n');
        // A lease not renewed runs out (stream-leases.ts): a failed renewal only costs the place later.
        place.renew().catch((error: unknown) => request.log.warn({ err: error }, 'renewing a stream lease failed'));
      }, EVENT_HEARTBEAT_SECONDS * 1000);
      heartbeat.unref();
      /** Set once the hub has the stream; a stream that ended before gives its place back at once. */
      let remove: (() => void) | undefined;
      const finish = () => {
        if (!open) return;
        open = false;
        clearInterval(heartbeat);
        remove?.();
        place.release().catch((error: unknown) => request.log.warn({ err: error }, 'releasing a stream lease failed'));
        raw.end();
      };
      const stream: Stream = {
        userId,
        organisationId,
        tab: request.query.tab,
        write: (text) => {
          if (open) raw.write(text);
        },
        end: finish,
      };
      const lastEventId = request.headers['last-event-id'];
      request.raw.on('close', finish);
      const removeFromHub = await events.open(stream, typeof lastEventId === 'string' ? lastEventId : undefined);
      if (open) remove = removeFromHub;
      else removeFromHub();
    },
  );
};

/** The realtime event stream under /api: app.ts registers each area with one call. */
export async function registerEvents(api: FastifyInstance): Promise<void> {
  await api.register(eventsRoutes);
}
