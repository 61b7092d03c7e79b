import { z } from 'zod';

/**
 * Machine-readable error codes of the HTTP API; each maps to exactly one status (docs/api.md
 * "Errors").
 */
export const errorCodes = {
  VALIDATION_FAILED: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  GONE: 410,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof errorCodes;

const errorCodeNames = Object.keys(errorCodes) as [ErrorCode, ...ErrorCode[]];

/**
 * The body of every error answer: a German message for people, a code for programs, the German
 * message per invalid field, and `logout: true` on a 401 that ended the session. The API documents
 * it (OpenAPI) from this schema; the type below is what the error handler sends.
 */
export const apiErrorBodySchema = z.object({
  error: z.string(),
  code: z.enum(errorCodeNames),
  fields: z.record(z.string(), z.string()).optional(),
  logout: z.literal(true).optional(),
});

export type ApiErrorBody = z.infer<typeof apiErrorBodySchema>;
