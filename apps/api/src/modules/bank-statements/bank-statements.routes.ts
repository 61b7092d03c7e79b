import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  bankEntryListQuerySchema,
  bankEntryListSchema,
  bankEntryParamsSchema,
  bankEntrySchema,
  bankEntryUpdateSchema,
  csvMappingAnswerSchema,
  csvMappingUpdateSchema,
  idParamsSchema,
  statementContentTypes,
  statementFilePreviewSchema,
  statementImportQuerySchema,
  statementImportResultSchema,
} from '@saldopilot/shared';
import { tenantOf } from '../../plugins/request-context.js';
import { useRawBodies } from '../../plugins/raw-body.js';
import { FILE_LIMITS } from './lib/statement.js';
import type { FastifyInstance } from 'fastify';

const rawBody = {
  contentTypes: statementContentTypes,
  limitBytes: FILE_LIMITS.fileBytes,
  accepted: 'eine camt.053/054-Datei (XML), ein ZIP-Archiv davon oder einen CSV-Export',
};

/** The uploaded file as the service reads it: the bytes (none without a body) and their content type. */
function fileOf(request: { body: unknown; headers: { 'content-type'?: string } }) {
  return {
    // A view of the body's bytes, not a copy (up to 20 MB).
    bytes: Buffer.isBuffer(request.body)
      ? new Uint8Array(request.body.buffer, request.body.byteOffset, request.body.length)
      : undefined,
    contentType: request.headers['content-type'],
  };
}

/**
 * /api/bank-statements (preview and import of a file as the raw body; editors and above) and
 * /api/bank-accounts/{id}/entries (the booked entries; everyone reads, editors set categories).
 */
export const bankStatementsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { bankStatements, bankEntries } = app.deps;

  // The file routes in a scope of their own: only they read XML, zip and CSV, up to 20 MB.
  await app.register(async (scope) => {
    useRawBodies(scope, statementContentTypes, FILE_LIMITS.fileBytes);
    const files = scope.withTypeProvider<ZodTypeProvider>();

    // Both take the same file and choices; the OpenAPI document lists the body under each content type.
    // 413 and 429: a file that outgrows its reader, and more files read at once than allowed (docs/bank-statements.md "Safe parsing").
    const fileRoute = {
      bodyLimit: FILE_LIMITS.fileBytes,
      config: { rawBody, errors: ['NOT_FOUND' as const, 'PAYLOAD_TOO_LARGE' as const, 'RATE_LIMITED' as const] },
    };
    files.post(
      '/bank-statements/preview',
      {
        ...fileRoute,
        config: { ...fileRoute.config, changesNothing: true },
        schema: { querystring: statementImportQuerySchema, response: { 200: statementFilePreviewSchema } },
      },
      async (request) => bankStatements.preview(tenantOf(request), fileOf(request), request.query),
    );
    files.post(
      '/bank-statements',
      {
        ...fileRoute,
        schema: { querystring: statementImportQuerySchema, response: { 200: statementImportResultSchema } },
      },
      async (request) => bankStatements.importFile(tenantOf(request), fileOf(request), request.query),
    );
  });

  app.get(
    '/bank-accounts/:id/entries',
    {
      schema: { params: idParamsSchema, querystring: bankEntryListQuerySchema, response: { 200: bankEntryListSchema } },
    },
    async (request) => bankEntries.listEntries(tenantOf(request), request.params.id, request.query),
  );

  app.get(
    '/bank-accounts/:id/csv-mapping',
    { schema: { params: idParamsSchema, response: { 200: csvMappingAnswerSchema } } },
    async (request) => bankEntries.getCsvMapping(tenantOf(request), request.params.id),
  );

  app.put(
    '/bank-accounts/:id/csv-mapping',
    { schema: { params: idParamsSchema, body: csvMappingUpdateSchema, response: { 200: csvMappingAnswerSchema } } },
    async (request) => bankEntries.setCsvMapping(tenantOf(request), request.params.id, request.body.csvMapping),
  );

  app.patch(
    '/bank-accounts/:id/entries/:entryId',
    { schema: { params: bankEntryParamsSchema, body: bankEntryUpdateSchema, response: { 200: bankEntrySchema } } },
    async (request) =>
      bankEntries.updateEntry(tenantOf(request), request.params.id, request.params.entryId, request.body),
  );
};

/** The bank statements under /api: app.ts registers each area with one call. */
export async function registerBankStatements(api: FastifyInstance): Promise<void> {
  await api.register(bankStatementsRoutes);
}
