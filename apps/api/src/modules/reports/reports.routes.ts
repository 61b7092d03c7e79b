import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { forecastExportQuerySchema } from '@saldopilot/shared';
import { tenantOf } from '../../plugins/authenticate.js';

/** The file itself (XLSX or CSV); Fastify sends the bytes as they are, past the JSON writer. */
const fileSchema = z.string().describe('The file: XLSX or CSV, saved under the name Content-Disposition gives.');

/**
 * /api/forecasts/export: the forecast as a file (docs/reports.md), for every member, read-only
 * ones too — their view, as on screen.
 */
export const reportsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { reports } = app.deps;

  app.get(
    '/forecasts/export',
    { schema: { querystring: forecastExportQuerySchema, response: { 200: fileSchema } } },
    async (request, reply) => {
      const file = await reports.forecastExport(tenantOf(request), request.query);
      return (
        reply
          .type(file.contentType)
          // The name is ASCII by construction (reportFileName); both spellings for old and new clients.
          .header(
            'content-disposition',
            `attachment; filename="${file.fileName}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
          )
          .header('cache-control', 'no-store')
          .send(file.body as unknown as string)
      );
    },
  );
};
