import { connect, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { buildTestApp } from '../test/build-test-app.js';
import { messages } from './error-handler.js';
import { noContent } from './openapi.js';

let app: FastifyInstance;
const stored: unknown[] = [];
const logLines: string[] = [];

// Probe routes on the real app: the body pipeline (parser, limits, schemas, error handler) is the
// one every later endpoint uses, tested before those endpoints exist.
beforeAll(async () => {
  app = await buildTestApp({}, { logLines });
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.post(
    '/api/probe/:id',
    {
      config: { public: true },
      schema: {
        params: z.strictObject({ id: z.coerce.number().int().positive() }),
        body: z.strictObject({ name: z.string().trim().min(1).max(100), amount: z.number().int() }),
        response: { 200: z.object({ ok: z.literal(true) }) },
      },
    },
    async (request) => {
      stored.push(request.body);
      return { ok: true as const };
    },
  );
  typed.delete(
    '/api/probe/:id',
    {
      config: { public: true },
      schema: { params: z.strictObject({ id: z.coerce.number().int().positive() }), response: { 204: noContent } },
    },
    async (_request, reply) => reply.code(204).send(),
  );
  typed.get('/api/probe-crash', { config: { public: true } }, async () => {
    throw new Error('database exploded with secret detail');
  });
});
afterAll(async () => {
  await app.close();
});

const post = (payload: string, headers: Record<string, string> = { 'content-type': 'application/json' }, id = '1') =>
  app.inject({ method: 'POST', url: `/api/probe/${id}`, payload, headers });

describe('error handling', () => {
  it('accepts a valid body', async () => {
    const response = await post(JSON.stringify({ name: 'Miete', amount: 100 }));
    expect(response.statusCode).toBe(200);
    expect(stored).toHaveLength(1);
  });

  it('answers malformed JSON with a German 400 and stores nothing', async () => {
    const response = await post('{"name": "Miete",');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'Die Anfrage enthält kein gültiges JSON.', code: 'VALIDATION_FAILED' });
    expect(stored).toHaveLength(1);
  });

  it('takes an empty JSON body of a delete or a read as no body (clients send the header on every call)', async () => {
    const json = { 'content-type': 'application/json' };
    expect((await app.inject({ method: 'DELETE', url: '/api/probe/1', headers: json })).statusCode).toBe(204);
    expect((await app.inject({ method: 'GET', url: '/api/health', headers: json })).statusCode).toBe(200);
    // A write without its body is still told so.
    const empty = await post('');
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ error: messages.emptyBody, code: 'VALIDATION_FAILED' });
  });

  it('names each wrong field in German: wrong types, missing and unknown fields', async () => {
    const response = await post(JSON.stringify({ name: '', amount: 'zehn', colour: 'rot' }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: 'Die Eingaben sind ungültig. Bitte prüfen Sie die markierten Felder.',
      code: 'VALIDATION_FAILED',
      fields: {
        name: 'Dieses Feld darf nicht leer sein',
        amount: 'Ungültiger Wert: Zahl erwartet',
        colour: 'Unbekanntes Feld',
      },
    });
    const missing = await post(JSON.stringify({ name: 'x' }));
    expect(missing.json()).toMatchObject({ fields: { amount: 'Dieses Feld ist erforderlich' } });
    expect(stored).toHaveLength(1);
  });

  it('refuses a path parameter that is not a positive integer', async () => {
    const response = await post(JSON.stringify({ name: 'x', amount: 1 }), undefined, 'abc');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', fields: { id: expect.any(String) } });
  });

  it.each(['/api/health/%zz', '/api/%', '/%'])('answers the broken address %s with a German 400', async (url) => {
    const response = await app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: messages.badUrl, code: 'VALIDATION_FAILED' });
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('answers bodies over 1 MB with 413', async () => {
    const response = await post(JSON.stringify({ name: 'x'.repeat(1024 * 1024), amount: 1 }));
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ error: 'Die Anfrage ist zu gross (höchstens 1 MB).', code: 'PAYLOAD_TOO_LARGE' });
  });

  it('answers a body that is not JSON with 415', async () => {
    const response = await post('name=x', { 'content-type': 'application/x-www-form-urlencoded' });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' });
  });

  it('answers unknown API paths with JSON 404', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const response = await app.inject({ method, url: '/api/does-not-exist' });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toContain('application/json');
      expect(response.json()).toEqual({ error: 'Die angeforderte Adresse wurde nicht gefunden.', code: 'NOT_FOUND' });
    }
  });

  it('hides unexpected errors behind a generic German 500', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/probe-crash' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      error: 'Ein unerwarteter Fehler ist aufgetreten. Bitte versuchen Sie es später erneut.',
      code: 'INTERNAL',
    });
    expect(response.body).not.toContain('secret detail');
    expect(logLines.some((line) => line.includes('"level":50') && line.includes('secret detail'))).toBe(true);
  });

  it('sends security headers', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
  });

  it("answers what Node's HTTP parser refuses in the same German shape, not Node's English", async () => {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const raw = (request: string) =>
      new Promise<string>((resolve, reject) => {
        let answer = '';
        const socket = connect(port, '127.0.0.1', () => socket.write(request));
        socket.on('data', (chunk) => (answer += chunk.toString('utf8')));
        socket.on('end', () => resolve(answer));
        socket.on('error', reject);
      });
    const parse = (answer: string) => {
      const [head = '', body = ''] = answer.split('\r\n\r\n');
      return { status: head.split(' ')[1], head: head.toLowerCase(), body: JSON.parse(body) as unknown };
    };

    const longAddress = parse(await raw(`GET /api/health?x=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`));
    expect(longAddress.status).toBe('413');
    expect(longAddress.body).toEqual({
      error: 'Die Anfrage ist zu gross: Adresse oder Kopfzeilen sind zu lang.',
      code: 'PAYLOAD_TOO_LARGE',
    });
    expect(longAddress.head).toContain('content-type: application/json; charset=utf-8');
    expect(longAddress.head).toContain('x-content-type-options: nosniff');

    const brokenHeader = parse(await raw('GET /api/health HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n'));
    expect(brokenHeader.status).toBe('400');
    expect(brokenHeader.body).toEqual({ error: 'Die Anfrage ist ungültig.', code: 'VALIDATION_FAILED' });
  });
});
