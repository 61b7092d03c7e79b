import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  QR_BILL_LIMITS,
  qrBillConfirmResultSchema,
  qrBillConfirmSchema,
  qrBillContentTypes,
  qrBillPreviewSchema,
} from '@saldopilot/shared';
import { tenantOf } from '../../plugins/request-context.js';
import { useRawBodies } from '../../plugins/raw-body.js';
import type { FastifyInstance } from 'fastify';

const rawBody = {
  contentTypes: qrBillContentTypes,
  limitBytes: QR_BILL_LIMITS.fileBytes,
  accepted: 'eine QR-Rechnung als PDF, PNG oder JPEG',
  // A file over the limit is a bad file like the others: a German 400 (docs/qr-bills.md "Files").
  tooLargeIsInvalid: true,
};

/**
 * /api/qr-bills (docs/qr-bills.md): `POST /qr-bills/read` takes one file as the raw body, as the
 * bank statements do (several files are several calls), and answers the preview; `POST /qr-bills`
 * confirms it. Editors and above.
 */
export const qrBillsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { qrBills } = app.deps;

  // The file route in a scope of its own: only it reads PDF and images, up to 10 MB.
  await app.register(async (scope) => {
    useRawBodies(scope, qrBillContentTypes, QR_BILL_LIMITS.fileBytes);
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/qr-bills/read',
      {
        bodyLimit: QR_BILL_LIMITS.fileBytes,
        config: { rawBody, changesNothing: true, errors: ['RATE_LIMITED' as const] },
        schema: { response: { 200: qrBillPreviewSchema } },
      },
      async (request) =>
        qrBills.read(tenantOf(request), {
          bytes: Buffer.isBuffer(request.body)
            ? new Uint8Array(request.body.buffer, request.body.byteOffset, request.body.length)
            : undefined,
        }),
    );
  });

  app.post(
    '/qr-bills',
    { schema: { body: qrBillConfirmSchema, response: { 201: qrBillConfirmResultSchema } } },
    async (request, reply) => {
      reply.code(201);
      return qrBills.confirm(tenantOf(request), request.body);
    },
  );
};

/** The QR-bills under /api: app.ts registers each area with one call. */
export async function registerQrBills(api: FastifyInstance): Promise<void> {
  await api.register(qrBillsRoutes);
}
