// What node-postgres reports when the server cannot be reached or goes away. PGlite runs inside
// the process and has no connection to lose, so it never produces these.

/** Socket errors of Node: nobody listening, the connection cut, the host or its name unreachable. */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** SQLSTATEs of a server shutting down (fast/immediate, crash) or not yet accepting connections. */
const SHUTDOWN_STATES = new Set(['57P01', '57P02', '57P03']);

/** Class 08 "connection exception". */
const CONNECTION_EXCEPTION = /^08[0-9A-Z]{3}$/;

/** node-postgres says these in words only: a lost connection, its aftermath, a connect timeout. */
const LOST_CONNECTION =
  /^(Connection terminated|Client has encountered a connection error|timeout exceeded when trying to connect)/;

/**
 * The connection-level failure inside `error` (Drizzle wraps the driver's error as `cause`, Node
 * reports a failed connect to several addresses as an AggregateError), or undefined when the
 * database answered and the failure is something else.
 */
export function findConnectionFailure(error: unknown, depth = 0): Error | undefined {
  if (!(error instanceof Error) || depth > 5) return undefined;
  const code = (error as { code?: unknown }).code;
  if (
    typeof code === 'string' &&
    (SOCKET_CODES.has(code) || SHUTDOWN_STATES.has(code) || CONNECTION_EXCEPTION.test(code))
  )
    return error;
  if (LOST_CONNECTION.test(error.message)) return error;
  for (const inner of [error.cause, ...(error instanceof AggregateError ? error.errors : [])]) {
    const found = findConnectionFailure(inner, depth + 1);
    if (found) return found;
  }
  return undefined;
}
