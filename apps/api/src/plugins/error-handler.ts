import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import {
  AMOUNT_OVERFLOW_MESSAGE,
  AmountOverflowError,
  errorCodes,
  type ApiErrorBody,
  type ErrorCode,
} from '@saldopilot/shared';
import { findConnectionFailure } from '../db/connection-errors.js';
import { AppError, INVALID_FIELDS } from '../lib/app-error.js';
import { rawBodyMessages } from './raw-body.js';

export const messages = {
  validation: INVALID_FIELDS,
  invalidJson: 'Die Anfrage enthält kein gültiges JSON.',
  emptyBody: 'Die Anfrage enthält keine Daten.',
  tooLarge: 'Die Anfrage ist zu gross (höchstens 1 MB).',
  unsupportedMediaType: 'Dieses Datenformat wird nicht unterstützt. Bitte senden Sie JSON.',
  notFound: 'Die angeforderte Adresse wurde nicht gefunden.',
  badUrl: 'Die Adresse ist ungültig kodiert.',
  badRequest: 'Die Anfrage ist ungültig.',
  headersTooLarge: 'Die Anfrage ist zu gross: Adresse oder Kopfzeilen sind zu lang.',
  requestTimeout: 'Die Anfrage kam nicht rechtzeitig vollständig an.',
  rateLimited: 'Zu viele Anfragen. Bitte warten Sie einen Moment und versuchen Sie es erneut.',
  internal: 'Ein unerwarteter Fehler ist aufgetreten. Bitte versuchen Sie es später erneut.',
  unavailable: 'Der Dienst ist vorübergehend nicht verfügbar. Bitte versuchen Sie es in Kürze erneut.',
} as const;

/** Sent with every 503 while the database is unreachable: a restarting PostgreSQL is back in seconds. */
export const unavailableHeaders = { 'retry-after': '5' } as const;

// Fastify's own client errors (body parsing, limits) mapped to our codes and German texts.
const fastifyClientErrors: Record<string, { code: ErrorCode; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { code: 'VALIDATION_FAILED', message: messages.invalidJson },
  FST_ERR_CTP_EMPTY_JSON_BODY: { code: 'VALIDATION_FAILED', message: messages.emptyBody },
  FST_ERR_CTP_BODY_TOO_LARGE: { code: 'PAYLOAD_TOO_LARGE', message: messages.tooLarge },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { code: 'UNSUPPORTED_MEDIA_TYPE', message: messages.unsupportedMediaType },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { code: 'VALIDATION_FAILED', message: messages.invalidJson },
  FST_ERR_RATE_LIMIT: { code: 'RATE_LIMITED', message: messages.rateLimited },
};

/** Sends the one error shape of the API. */
export function sendError(reply: FastifyReply, body: ApiErrorBody): FastifyReply {
  return reply.code(errorCodes[body.code]).type('application/json; charset=utf-8').send(body);
}

// A Map, not an object: an unknown parameter named "__proto__" would set the object's prototype
// instead of naming the field ("fields": {}).
function validationFields(error: FastifyError): Record<string, string> {
  const fields = new Map<string, string>();
  for (const issue of error.validation ?? []) {
    const path = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
    const unknownKeys = (issue.params as { keys?: string[] }).keys;
    if (issue.keyword === 'unrecognized_keys' && unknownKeys) {
      for (const key of unknownKeys) fields.set(path ? `${path}.${key}` : key, issue.message ?? '');
      continue;
    }
    const key = path || error.validationContext || 'body';
    if (!fields.has(key)) fields.set(key, issue.message ?? messages.validation);
  }
  return Object.fromEntries(fields);
}

/**
 * One place decides how failures look: validation -> 400 with German field messages, expected
 * AppErrors as they are, totals beyond exact integers 400, Fastify's client errors translated, a
 * lost database connection 503 with Retry-After, everything else a logged 500.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error) || error.validation) {
      return sendError(reply, {
        error: messages.validation,
        code: 'VALIDATION_FAILED',
        fields: validationFields(error),
      });
    }
    if (error instanceof AppError) {
      if (error.headers) reply.headers(error.headers);
      return sendError(reply, {
        error: error.message,
        code: error.code,
        ...(error.fields ? { fields: error.fields } : {}),
        ...(error.logout ? { logout: true as const } : {}),
      });
    }
    // Stored amounts that add up beyond exact integers: the user can fix it by entering less.
    if (error instanceof AmountOverflowError) {
      request.log.info({ err: error }, 'amounts too large');
      return sendError(reply, { error: AMOUNT_OVERFLOW_MESSAGE, code: 'VALIDATION_FAILED' });
    }
    const known = error.code ? fastifyClientErrors[error.code] : undefined;
    if (known) {
      // A file route names its own limit and formats instead of "1 MB" and "JSON".
      const own = rawBodyMessages(request.routeOptions.config);
      const message =
        (known.code === 'PAYLOAD_TOO_LARGE' && own?.tooLarge) ||
        (known.code === 'UNSUPPORTED_MEDIA_TYPE' && own?.unsupportedMediaType) ||
        known.message;
      const code = known.code === 'PAYLOAD_TOO_LARGE' && own?.tooLargeIsInvalid ? 'VALIDATION_FAILED' : known.code;
      return sendError(reply, { error: message, code });
    }
    // The database is down or restarting: not a bug of this request, and worth trying again soon.
    const lostConnection = findConnectionFailure(error);
    if (lostConnection) {
      request.log.warn({ err: lostConnection }, 'database unavailable');
      return sendError(reply.headers(unavailableHeaders), { error: messages.unavailable, code: 'UNAVAILABLE' });
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      request.log.info({ err: error }, 'client error');
      return sendError(reply, { error: messages.validation, code: 'VALIDATION_FAILED' });
    }
    request.log.error({ err: error }, 'unexpected error');
    return sendError(reply, { error: messages.internal, code: 'INTERNAL' });
  });
}

/**
 * Requests Fastify refuses before any route runs (an address with a broken %-escape): the same
 * German 400 as every other bad input. Passed to Fastify as `frameworkErrors`; such answers skip
 * every hook, so they get the security headers here.
 */
export function frameworkErrorAnswer(headers: Record<string, string>) {
  return (_error: FastifyError, _request: unknown, reply: FastifyReply): FastifyReply =>
    sendError(reply.headers(headers), { error: messages.badUrl, code: 'VALIDATION_FAILED' });
}

/**
 * Requests Node's HTTP parser refuses before Fastify sees them (a header block over 16 KB, a broken
 * header line, a request that never completes): the same German error shape as every other bad
 * input, where Node would answer in English. Passed to Fastify as `clientErrorHandler`; the answer
 * is written to the socket by hand, as no reply object exists yet, and the connection closed.
 */
export function clientErrorAnswer(headers: Record<string, string>) {
  return (error: Error & { code?: string }, socket: Duplex): void => {
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const body: ApiErrorBody =
      error.code === 'HPE_HEADER_OVERFLOW'
        ? { error: messages.headersTooLarge, code: 'PAYLOAD_TOO_LARGE' }
        : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
          ? { error: messages.requestTimeout, code: 'VALIDATION_FAILED' }
          : { error: messages.badRequest, code: 'VALIDATION_FAILED' };
    const json = JSON.stringify(body);
    const lines = [
      `HTTP/1.1 ${errorCodes[body.code]} ${STATUS_CODES[errorCodes[body.code]]}`,
      'content-type: application/json; charset=utf-8',
      `content-length: ${Buffer.byteLength(json)}`,
      'connection: close',
      ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
    ];
    if (socket.writable) socket.end(`${lines.join('\r\n')}\r\n\r\n${json}`);
    else socket.destroy();
  };
}

/** Unknown API paths (and every path when no web build is served) answer JSON 404. */
export function registerApiNotFound(app: FastifyInstance): void {
  app.setNotFoundHandler((_request, reply) => sendError(reply, { error: messages.notFound, code: 'NOT_FOUND' }));
}
