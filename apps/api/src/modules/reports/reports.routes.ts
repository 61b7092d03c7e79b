import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  bankAccountExportQuerySchema,
  bankEntryExportQuerySchema,
  idParamsSchema,
  employeeExportQuerySchema,
  portfolioExportQuerySchema,
  forecastExportQuerySchema,
  scenarioCompareExportQuerySchema,
  transactionExportQuerySchema,
} from '@saldopilot/shared';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ReportFile } from './reports.service.js';
import { sessionOf, tenantOf } from '../../plugins/request-context.js';

/** The file itself (XLSX or CSV). */
const fileSchema = z.string().describe('The file: XLSX or CSV, saved under the name Content-Disposition gives.');

/**
 * The exports (docs/reports.md): the forecast and the lists as files, for every member, read-only
 * ones too — their view, as on screen.
 */
export const reportsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { reports } = app.deps;

  app.get(
    '/forecasts/export',
    {
      config: { errors: ['NOT_FOUND'] },
      schema: { querystring: forecastExportQuerySchema, response: { 200: fileSchema } },
    },
    async (request, reply) => sendFile(reply, await reports.forecastExport(tenantOf(request), request.query)),
  );

  // Base and scenarios side by side, the report a bank receives (docs/scenarios.md "Compare").
  app.get(
    '/scenarios/compare/export',
    {
      config: { errors: ['NOT_FOUND'] },
      schema: { querystring: scenarioCompareExportQuerySchema, response: { 200: fileSchema } },
    },
    async (request, reply) => sendFile(reply, await reports.compareExport(tenantOf(request), request.query)),
  );

  // The lists with the query their page sends (filters, search, sort), every row of it.
  app.get(
    '/transactions/export',
    { schema: { querystring: transactionExportQuerySchema, response: { 200: fileSchema } } },
    async (request, reply) => sendFile(reply, await reports.transactionsExport(tenantOf(request), request.query)),
  );
  app.get(
    '/bank-accounts/export',
    { schema: { querystring: bankAccountExportQuerySchema, response: { 200: fileSchema } } },
    async (request, reply) => sendFile(reply, await reports.bankAccountsExport(tenantOf(request), request.query)),
  );
  app.get(
    '/bank-accounts/:id/entries/export',
    {
      schema: {
        params: idParamsSchema,
        querystring: bankEntryExportQuerySchema,
        response: { 200: fileSchema },
      },
    },
    async (request, reply) =>
      sendFile(reply, await reports.bankEntriesExport(tenantOf(request), request.params.id, request.query)),
  );
  app.get(
    '/employees/export',
    { schema: { querystring: employeeExportQuerySchema, response: { 200: fileSchema } } },
    async (request, reply) => sendFile(reply, await reports.employeesExport(tenantOf(request), request.query)),
  );
  // The Übersicht as the page shows it: every organisation of the user (docs/cockpit.md "Export").
  app.get(
    '/portfolio/export',
    { schema: { querystring: portfolioExportQuerySchema, response: { 200: fileSchema } } },
    async (request, reply) => sendFile(reply, await reports.portfolioExport(sessionOf(request).userId, request.query)),
  );
};

/** A file as an attachment under its name, never cached (it holds the organisation's figures). */
function sendFile(reply: FastifyReply, file: ReportFile) {
  return (
    reply
      .type(file.contentType)
      // The name is ASCII by construction (reportFileName); both spellings for old and new clients.
      .header(
        'content-disposition',
        `attachment; filename="${file.fileName}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
      )
      .header('cache-control', 'no-store')
      // Fastify sends the bytes as they are, past the JSON writer the schema would compile.
      .send(file.body as unknown as string)
  );
}

/** The reports under /api: app.ts registers each area with one call. */
export async function registerReports(api: FastifyInstance): Promise<void> {
  await api.register(reportsRoutes);
}
