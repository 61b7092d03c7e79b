import { errorCodes, type ErrorCode } from '@saldopilot/shared';

/** An expected failure with a German message; the error handler turns it into the JSON answer. */
export class AppError extends Error {
  readonly statusCode: number;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
    cause?: unknown,
  ) {
    super(message, { cause });
    this.statusCode = errorCodes[code];
  }
}

/** A missing row and another organisation's row look the same to the caller (404). */
export function notFound(message: string): AppError {
  return new AppError('NOT_FOUND', message);
}
