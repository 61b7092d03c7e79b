import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  alertListSchema,
  alertSettingsSchema,
  alertSettingsUpdateSchema,
  alertUpdateSchema,
  digestSettingSchema,
  digestSettingUpdateSchema,
  idParamsSchema,
} from '@saldopilot/shared';
import { noContent } from '../../plugins/openapi.js';
import { sessionOf, tenantOf } from '../../plugins/request-context.js';

// One's own settings and "Hinweise": every member, read-only ones too (docs/cockpit.md "Alerts").
const ownOnly = { role: 'any' as const };

/** /api/alerts: the caller's "Hinweise" and "Benachrichtigungen" (docs/cockpit.md "Alerts"). */
export const alertsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { alerts, digest } = app.deps;

  app.get('/alerts', { schema: { response: { 200: alertListSchema } } }, async (request) =>
    alerts.list(sessionOf(request).userId),
  );

  app.patch(
    '/alerts/:id',
    { config: ownOnly, schema: { params: idParamsSchema, body: alertUpdateSchema, response: { 204: noContent } } },
    async (request, reply) => {
      await alerts.mark(sessionOf(request).userId, request.params.id, request.body.read);
      return reply.code(204).send();
    },
  );

  app.get('/alerts/settings', { schema: { response: { 200: alertSettingsSchema } } }, async (request) =>
    alerts.settings(tenantOf(request)),
  );

  app.patch(
    '/alerts/settings',
    { config: ownOnly, schema: { body: alertSettingsUpdateSchema, response: { 200: alertSettingsSchema } } },
    async (request) => alerts.saveSettings(tenantOf(request), request.body),
  );

  app.get('/alerts/digest', { schema: { response: { 200: digestSettingSchema } } }, async (request) =>
    digest.weekly(sessionOf(request).userId),
  );

  app.patch(
    '/alerts/digest',
    { config: ownOnly, schema: { body: digestSettingUpdateSchema, response: { 200: digestSettingSchema } } },
    async (request) => digest.setWeekly(sessionOf(request).userId, request.body.weekly),
  );
};
