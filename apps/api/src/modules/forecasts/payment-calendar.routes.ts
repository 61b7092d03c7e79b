import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { paymentCalendarSchema, paymentCalendarUpdateSchema, paymentCalendarWarningsSchema } from '@saldopilot/shared';
import { tenantOf } from '../../plugins/request-context.js';

// Organisation settings: owners and admins only (docs/api.md "Role gates").
const settingsRole = { role: 'admin' as const };

/** /api/payment-calendar: when the organisation's funds are paid (docs/payment-calendar.md). */
export const paymentCalendarRoutes: FastifyPluginAsyncZod = async (app) => {
  const { paymentCalendar } = app.deps;

  app.get('/payment-calendar', { schema: { response: { 200: paymentCalendarSchema } } }, async (request) =>
    paymentCalendar.find(tenantOf(request)),
  );

  app.get(
    '/payment-calendar/warnings',
    { schema: { response: { 200: paymentCalendarWarningsSchema } } },
    async (request) => paymentCalendar.warnings(tenantOf(request)),
  );

  app.put(
    '/payment-calendar',
    { config: settingsRole, schema: { body: paymentCalendarUpdateSchema, response: { 200: paymentCalendarSchema } } },
    async (request) => paymentCalendar.put(tenantOf(request), request.body),
  );
};
