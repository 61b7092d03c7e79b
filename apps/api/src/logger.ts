import type { FastifyServerOptions } from 'fastify';
import type { Config } from './config.js';

// Query parameters that carry secrets (invitation tokens, codes) must not reach the log via URLs.
const SECRET_QUERY = /([?&](?:token|code|password)=)[^&]*/gi;

/** Removes secret query values from a URL before it is logged. */
export function redactUrl(url: string): string {
  return url.replace(SECRET_QUERY, '$1[Redacted]');
}

/** Where log lines go: standard output, or what a test reads. */
export interface LogSink {
  write(text: string): unknown;
}

/**
 * Pino settings: no password, token, code or cookie ever written (redaction happens before a line
 * is written, so it holds for both forms). Production writes JSON lines, for the machines that
 * collect them; development one readable line per entry (`prettyLogLine`), for the person at the
 * terminal.
 */
export function loggerOptions(config: Config, sink: LogSink = process.stdout): FastifyServerOptions['logger'] {
  const options = {
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
  if (config.isProduction) return options;
  return { ...options, stream: { write: (line: string) => sink.write(prettyLogLine(line)) } };
}

const LEVELS: Record<number, string> = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };

/** Fields shown in their own way (or not at all: pid and hostname say nothing at one's own terminal). */
const SHOWN_APART = new Set(['level', 'time', 'msg', 'pid', 'hostname', 'reqId', 'req', 'res', 'responseTime', 'err']);

interface LogEntry {
  level?: number;
  time?: number;
  msg?: string;
  reqId?: string;
  req?: { method?: string; url?: string };
  res?: { statusCode?: number };
  responseTime?: number;
  err?: { type?: string; message?: string; stack?: string };
  [field: string]: unknown;
}

function fieldText(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/**
 * One pino JSON line as one readable line: time, level, request id, message, then what matters
 * (the request, the status and the time it took, the error, the other fields as key=value). An
 * error or fatal entry adds its stack below, indented: in development that is what one reads it for.
 */
export function prettyLogLine(line: string): string {
  let entry: LogEntry;
  try {
    entry = JSON.parse(line) as LogEntry;
  } catch {
    return line.endsWith('\n') ? line : `${line}\n`;
  }
  const level = entry.level ?? 30;
  const parts = [new Date(entry.time ?? 0).toISOString().slice(11, 23), (LEVELS[level] ?? String(level)).padEnd(5)];
  if (entry.reqId) parts.push(`[${entry.reqId}]`);
  if (entry.msg) parts.push(entry.msg);
  if (entry.req?.method) parts.push(`${entry.req.method} ${entry.req.url ?? ''}`);
  if (entry.res?.statusCode !== undefined) parts.push(String(entry.res.statusCode));
  if (typeof entry.responseTime === 'number') parts.push(`${entry.responseTime.toFixed(1)} ms`);
  if (entry.err) parts.push(`${entry.err.type ?? 'Error'}: ${entry.err.message ?? ''}`);
  for (const [key, value] of Object.entries(entry)) {
    if (!SHOWN_APART.has(key) && value !== undefined) parts.push(`${key}=${fieldText(value)}`);
  }
  const stack =
    level >= 50 && entry.err?.stack
      ? entry.err.stack
          .split('\n')
          .slice(1)
          .map((frame) => `\n    ${frame.trim()}`)
          .join('')
      : '';
  return `${parts.join('  ')}${stack}\n`;
}
