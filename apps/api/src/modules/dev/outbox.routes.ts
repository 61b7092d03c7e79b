import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyInstance } from 'fastify';
import { snapshotSeedSchema } from '@saldopilot/shared';
import { noContent } from '../../plugins/openapi.js';
import { tenantOf } from '../../plugins/request-context.js';

const outboxMailSchema = z.object({
  id: z.number(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  status: z.string(),
  createdAt: z.string(),
});

/** Development only: the mails of the outbox, newest first, so a developer can follow a mailed link. */
export const outboxRoutes: FastifyPluginAsyncZod = async (app) => {
  const { mailer } = app.deps;
  app.get(
    '/dev/outbox',
    { config: { public: true }, schema: { hide: true, response: { 200: z.array(outboxMailSchema) } } },
    async () => mailer.recentMails(),
  );
};

/**
 * Development and tests only: a forecast snapshot as if taken at the start of `month`
 * (docs/plan-actual.md "Accuracy per horizon"), so the accuracy of past months can be shown without
 * waiting for them; editors of the caller's organisation.
 */
export const snapshotSeedRoutes: FastifyPluginAsyncZod = async (app) => {
  const { planAccuracy } = app.deps;
  app.post(
    '/dev/forecast-snapshots',
    { schema: { hide: true, body: snapshotSeedSchema, response: { 204: noContent } } },
    async (request, reply) => {
      await planAccuracy.seed(tenantOf(request), request.body);
      return reply.code(204).send();
    },
  );
};

/** The development outbox under /api: app.ts registers each area with one call. */
export async function registerDev(api: FastifyInstance): Promise<void> {
  await api.register(outboxRoutes);
  await api.register(snapshotSeedRoutes);
}
