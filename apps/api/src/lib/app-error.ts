import { errorCodes, type ErrorCode } from '@saldopilot/shared';

export interface AppErrorOptions {
  fields?: Record<string, string>;
  cause?: unknown;
  /** Extra response headers, e.g. Retry-After on 429. */
  headers?: Record<string, string>;
  /** 401 only: tells the web app that the session is gone and it must sign out. */
  logout?: boolean;
}

/** An expected failure with a German message; the error handler turns it into the JSON answer. */
export class AppError extends Error {
  readonly statusCode: number;
  readonly fields?: Record<string, string>;
  readonly headers?: Record<string, string>;
  readonly logout: boolean;

  constructor(
    readonly code: ErrorCode,
    message: string,
    options: AppErrorOptions = {},
  ) {
    super(message, { cause: options.cause });
    this.statusCode = errorCodes[code];
    this.fields = options.fields;
    this.headers = options.headers;
    this.logout = options.logout ?? false;
  }
}

/** A missing row and another organisation's row look the same to the caller (404). */
export function notFound(message: string): AppError {
  return new AppError('NOT_FOUND', message);
}

/** The message of a 400 that names its fields: each field carries its own German message. */
export const INVALID_FIELDS = 'Die Eingaben sind ungültig. Bitte prüfen Sie die markierten Felder.';

/** A 400 `VALIDATION_FAILED` naming the wrong fields, each with its German message. */
export function validationFailed(fields: Record<string, string>): AppError {
  return new AppError('VALIDATION_FAILED', INVALID_FIELDS, { fields });
}

/** The 403 of a role below what the action needs (the role gate and the organisation services). */
export const ROLE_TOO_LOW = 'Ihre Rolle erlaubt diese Aktion nicht.';

export function roleTooLow(): AppError {
  return new AppError('FORBIDDEN', ROLE_TOO_LOW);
}
