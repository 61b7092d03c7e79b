/** Machine-readable error codes of the HTTP API; each maps to exactly one status (API.md). */
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

/** The body of every error answer: a German message for people, a code for programs. */
export interface ApiErrorBody {
  error: string;
  code: ErrorCode;
  fields?: Record<string, string>;
  logout?: true;
}
