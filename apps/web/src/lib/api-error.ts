/** A failed call: status 400–599 (0 when the server was not reached) with the German message to show. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  /** German messages per field of the request body, when the server named them. */
  readonly fields: Record<string, string> | undefined;
  /** The server ended the session (docs/product.md "Session"). */
  readonly logout: boolean;
  /** The server's own message, kept when `message` is replaced by the one of docs/product.md "Error catalogue". */
  readonly detail: string | undefined;
  /** The whole answer, for the few answers that carry more than the error (promote's conflicts). */
  readonly body: unknown;

  constructor(
    status: number,
    message: string,
    extra: { code?: string; fields?: Record<string, string>; logout?: boolean; detail?: string; body?: unknown } = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = extra.code;
    this.fields = extra.fields;
    this.logout = extra.logout ?? false;
    this.detail = extra.detail;
    this.body = extra.body;
  }

  /** The same failure with the catalogue message of the calling situation (docs/product.md "Error catalogue"). */
  withMessage(message: string): ApiError {
    return new ApiError(this.status, message, {
      code: this.code,
      fields: this.fields,
      logout: this.logout,
      detail: this.detail ?? this.message,
      body: this.body,
    });
  }
}

/** Any failure as an ApiError carrying `message` (docs/product.md "Error catalogue" texts). */
export function asApiError(error: unknown, message: string): ApiError {
  return error instanceof ApiError ? error.withMessage(message) : new ApiError(0, message);
}

/** The server's own German message of a failure, or `fallback`. */
export function messageOf(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.detail ?? error.message;
  return fallback;
}
