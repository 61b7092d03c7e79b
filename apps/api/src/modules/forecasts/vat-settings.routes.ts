import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { vatSettingAnswerSchema, vatSettingSchema, vatSettingUpdateSchema } from '@saldopilot/shared';
import { tenantOf } from '../../plugins/authenticate.js';
import { noContent } from '../../plugins/openapi.js';

// Organisation settings: owners and admins only (docs/api.md "Role gates").
const settingsRole = { role: 'admin' as const };

/** /api/vat-settings: the automatic VAT settlement of the current organisation. */
export const vatSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { vatSettings } = app.deps;

  // None saved yet is an ordinary state, not an error: 200 with null (docs/api.md "Areas":
  // a 404 in the browser console on every visit of the organisation settings).
  app.get('/vat-settings', { schema: { response: { 200: vatSettingAnswerSchema } } }, async (request) =>
    vatSettings.find(tenantOf(request)),
  );

  app.put(
    '/vat-settings',
    { config: settingsRole, schema: { body: vatSettingUpdateSchema, response: { 200: vatSettingSchema } } },
    async (request) => vatSettings.put(tenantOf(request), request.body),
  );

  app.delete(
    '/vat-settings',
    { config: settingsRole, schema: { response: { 204: noContent } } },
    async (request, reply) => {
      await vatSettings.remove(tenantOf(request));
      return reply.code(204).send();
    },
  );
};
