import type { FastifyServerOptions } from 'fastify';
import type { Config } from './config.js';

// Query parameters that carry secrets (invitation tokens, codes) must not reach the log via URLs.
const SECRET_QUERY = /([?&](?:token|code|password)=)[^&]*/gi;

/** Removes secret query values from a URL before it is logged. */
export function redactUrl(url: string): string {
  return url.replace(SECRET_QUERY, '$1[Redacted]');
}

/** Pino settings: JSON lines, and no password, token, code or cookie ever written. */
export function loggerOptions(config: Config): FastifyServerOptions['logger'] {
  return {
    level: config.LOG_LEVEL,
    redact: {
      paths: [
        'req.headers.cookie',
        'req.headers.authorization',
        'res.headers["set-cookie"]',
        '*.password',
        '*.currentPassword',
        '*.token',
        '*.refreshToken',
        '*.accessToken',
        '*.*.password',
        '*.*.token',
        // Verification codes only where they travel; a bare `*.code` would hide error codes.
        'body.code',
        '*.body.code',
      ],
      censor: '[Redacted]',
    },
    serializers: {
      req: (request: { method: string; url: string; ip?: string }) => ({
        method: request.method,
        url: redactUrl(request.url),
        ip: request.ip,
      }),
    },
  };
}
