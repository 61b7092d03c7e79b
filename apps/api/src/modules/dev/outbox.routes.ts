import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyInstance } from 'fastify';

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

/** The development outbox under /api: app.ts registers each area with one call. */
export async function registerDev(api: FastifyInstance): Promise<void> {
  await api.register(outboxRoutes);
}
