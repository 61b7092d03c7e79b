import { pino, type LoggerOptions } from 'pino';
import { describe, expect, it } from 'vitest';
import { parseConfig } from './config.js';
import { loggerOptions, prettyLogLine } from './logger.js';

/** A pino logger built from `loggerOptions` as Fastify builds it, writing into `lines`. */
function capturingLogger(env: NodeJS.ProcessEnv) {
  const lines: string[] = [];
  const sink = { write: (text: string) => lines.push(text) };
  const { stream, ...options } = loggerOptions(parseConfig(env), sink) as LoggerOptions & { stream?: typeof sink };
  // Production names no stream (pino writes to standard output): the test reads it through `sink`.
  return { lines, stream, logger: pino(options, stream ?? sink) };
}

const production = { NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40), PUBLIC_URL: 'https://saldo.example.ch' };

describe('loggerOptions', () => {
  it('writes JSON lines in production, secrets redacted', () => {
    const { lines, stream, logger } = capturingLogger(production);
    expect(stream).toBeUndefined();
    logger.info({ body: { email: 'a@b.ch', password: 'Geheim123!', code: '123456' } }, 'signed in');
    const entry = JSON.parse(lines[0]!) as { msg: string; body: Record<string, string> };
    expect(entry.msg).toBe('signed in');
    expect(entry.body).toEqual({ email: 'a@b.ch', password: '[Redacted]', code: '[Redacted]' });
  });

  it('writes one readable line per entry in development, secrets redacted', () => {
    const { lines, stream, logger } = capturingLogger({});
    expect(stream).toBeDefined();
    logger
      .child({ reqId: 'req-7' })
      .info(
        { req: { method: 'GET', url: '/api/invitations?token=abc', headers: { cookie: 'sid=1' } } },
        'incoming request',
      );
    logger.warn({ body: { password: 'Geheim123!' }, attempts: 3 }, 'login refused');
    // Each line starts with the time of day (hh:mm:ss.mmm) and two spaces.
    expect(lines.every((line) => /^\d\d:\d\d:\d\d\.\d{3} {2}/.test(line))).toBe(true);
    expect(lines.map((line) => line.slice(14))).toEqual([
      'INFO   [req-7]  incoming request  GET /api/invitations?token=[Redacted]\n',
      'WARN   login refused  body={"password":"[Redacted]"}  attempts=3\n',
    ]);
    expect(lines.join('')).not.toContain('Geheim');
    expect(lines.join('')).not.toContain('sid=1');
  });
});

describe('prettyLogLine', () => {
  it('shows a completed request with its status and time, and an error with its stack below', () => {
    const time = Date.UTC(2026, 10, 21, 9, 30, 5, 42);
    expect(
      prettyLogLine(
        JSON.stringify({
          level: 30,
          time,
          reqId: 'req-1',
          res: { statusCode: 200 },
          responseTime: 12.345,
          msg: 'request completed',
        }),
      ),
    ).toBe('09:30:05.042  INFO   [req-1]  request completed  200  12.3 ms\n');
    const error = prettyLogLine(
      JSON.stringify({
        level: 50,
        time,
        msg: 'cleanup failed',
        err: { type: 'Error', message: 'boom', stack: 'Error: boom\n    at run (cleanup.ts:1:1)' },
      }),
    );
    expect(error).toBe('09:30:05.042  ERROR  cleanup failed  Error: boom\n    at run (cleanup.ts:1:1)\n');
  });

  it('passes a line that is not JSON on as it is', () => {
    expect(prettyLogLine('plain text')).toBe('plain text\n');
  });
});
