import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error.js';
import type { AppDatabase } from '../db/client.js';
import type { Clock } from '../lib/clock.js';
import { claimKey, findKey, releaseKey, storeAnswer } from '../lib/idempotency-repository.js';

const HEADER = 'idempotency-key';
const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export const idempotencyMessages = {
  invalidKey: 'Der Idempotency-Key muss 1 bis 100 sichtbare Zeichen lang sein.',
  inProgress: 'Diese Anfrage wird bereits bearbeitet. Bitte warten Sie einen Moment.',
  reused: 'Dieser Idempotency-Key wurde bereits für eine andere Anfrage verwendet.',
} as const;

declare module 'fastify' {
  interface FastifyRequest {
    idempotencyKey: string | null;
  }
}

function fingerprint(request: FastifyRequest): string {
  return `${request.method} ${request.url}`;
}

/**
 * Idempotency-Key on signed-in writes (docs/api.md "Idempotency"): the first request with a key
 * does the work and its answer (below 500) is kept 24 h (jobs/cleanup.ts); a repeat with the same
 * key and user gets that answer again, one still running gets 409. A 5xx answer releases the key,
 * so a retry can do the work. Public auth calls are left out: their answers set cookies, which must
 * never be stored.
 */
export function registerIdempotency(app: FastifyInstance, db: AppDatabase, clock: Clock): void {
  app.decorateRequest('idempotencyKey', null);

  app.addHook('preHandler', async (request, reply) => {
    const key = request.headers[HEADER];
    if (key === undefined || !MUTATING.has(request.method) || !request.session) return;
    if (typeof key !== 'string' || !/^[\x21-\x7e]{1,100}$/.test(key)) {
      throw new AppError('VALIDATION_FAILED', idempotencyMessages.invalidKey, {
        fields: { [HEADER]: idempotencyMessages.invalidKey },
      });
    }
    const { userId } = request.session;
    if (await claimKey(db, { userId, key, fingerprint: fingerprint(request), now: clock.now() })) {
      request.idempotencyKey = key;
      return;
    }
    const previous = await findKey(db, userId, key);
    if (previous && previous.requestFingerprint !== fingerprint(request)) {
      throw new AppError('VALIDATION_FAILED', idempotencyMessages.reused);
    }
    if (!previous || previous.statusCode === null || previous.responseBody === null) {
      throw new AppError('CONFLICT', idempotencyMessages.inProgress);
    }
    reply.header('idempotent-replayed', 'true').code(previous.statusCode);
    if (previous.responseBody === '') return reply.send();
    return reply.type('application/json; charset=utf-8').send(previous.responseBody);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const key = request.idempotencyKey;
    if (!key || !request.session) return payload;
    const { userId } = request.session;
    if (reply.statusCode >= 500) await releaseKey(db, userId, key);
    else await storeAnswer(db, userId, key, reply.statusCode, typeof payload === 'string' ? payload : '');
    return payload;
  });
}
