import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { portfolioSchema } from '@saldopilot/shared';
import { sessionOf } from '../../plugins/request-context.js';
import { seesSalaries } from '../../plugins/token-scopes.js';
import type { FastifyInstance } from 'fastify';
import { alertsRoutes } from './alerts.routes.js';

/** /api/portfolio: the Übersicht over the caller's organisations (docs/cockpit.md). */
export const portfolioRoutes: FastifyPluginAsyncZod = async (app) => {
  const { portfolio } = app.deps;

  // Every signed-in user (a read needs no role in the current organisation, nor one at all), and a
  // token with `portfolio:read` for its person: salary figures only with `salaries:read`
  // (docs/access.md "Portfolio").
  app.get('/portfolio', { schema: { response: { 200: portfolioSchema } } }, async (request) =>
    portfolio.portfolio(sessionOf(request).userId, seesSalaries(request)),
  );
};

/** The Übersicht and its alerts under /api: app.ts registers each area with one call. */
export async function registerPortfolio(api: FastifyInstance): Promise<void> {
  await api.register(portfolioRoutes);
  await api.register(alertsRoutes);
}
