import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

const demoAccountSchema = z.object({ email: z.string(), password: z.string() });

/**
 * Development only (registered where the demo data is seeded): the demo account, so the login page
 * can name it to whoever runs `npm start` for the first time (docs/web.md "Session"). Elsewhere
 * the address does not exist (404).
 */
export function demoAccountRoutes(account: z.infer<typeof demoAccountSchema>): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/dev/demo-account',
      { config: { public: true }, schema: { hide: true, response: { 200: demoAccountSchema } } },
      async () => account,
    );
  };
}
