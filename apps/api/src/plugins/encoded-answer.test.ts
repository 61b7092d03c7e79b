import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { createEncodedAnswers, encodeBody, preferredEncoding } from './encoded-answer.js';

describe('preferredEncoding', () => {
  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip;q=0.5', 'gzip'],
    ['*', 'br'],
    ['*, br;q=0', 'gzip'],
    ['identity', undefined],
    ['', undefined],
    [undefined, undefined],
  ])('%s -> %s', (header, expected) => {
    expect(preferredEncoding(header)).toBe(expected);
  });
});

describe('encodeBody', () => {
  it('compresses UTF-8 text that decompresses to the same text', async () => {
    const text = JSON.stringify([{ name: 'Löhne', amount: -1_000_00 }]).repeat(100);
    expect(brotliDecompressSync(await encodeBody(text, 'br')).toString('utf8')).toBe(text);
    expect(gunzipSync(await encodeBody(text, 'gzip')).toString('utf8')).toBe(text);
  });
});

describe('createEncodedAnswers', () => {
  const schema = z.object({ name: z.string(), amount: z.number() });

  /** An app whose one route answers `make()` through the kept answers, under `?key=`. */
  async function appWith(make: () => Promise<{ name: string; amount: number }>) {
    const app = Fastify();
    const answers = createEncodedAnswers(schema);
    app.get<{ Querystring: { key: string } }>('/answer', async (request, reply) => {
      if (await answers.send(request, reply, { scope: 1, key: request.query.key }, make)) return reply;
      return make();
    });
    await app.ready();
    return app;
  }

  it('writes with the schema and compresses once per key and encoding, then sends the kept bytes', async () => {
    const make = vi.fn(async () => ({ name: 'Löhne', amount: -1_000_00, extra: 'never written' }));
    const app = await appWith(make);
    const get = (key: string, encoding?: string) =>
      app.inject({ url: `/answer?key=${key}`, headers: encoding ? { 'accept-encoding': encoding } : {} });
    const first = await get('a', 'gzip, br');
    expect(first.headers['content-encoding']).toBe('br');
    expect(first.headers.vary).toBe('accept-encoding');
    expect(JSON.parse(brotliDecompressSync(first.rawPayload).toString('utf8'))).toEqual({
      name: 'Löhne',
      amount: -1_000_00,
    });
    expect((await get('a', 'br')).rawPayload).toEqual(first.rawPayload);
    expect(make).toHaveBeenCalledTimes(1);
    const gzipped = await get('a', 'gzip');
    expect(gunzipSync(gzipped.rawPayload).toString('utf8')).toBe('{"name":"Löhne","amount":-100000}');
    await get('b', 'br');
    expect(make).toHaveBeenCalledTimes(3);
    // Without an encoding we write, the route answers as usual.
    expect((await get('a')).headers['content-encoding']).toBeUndefined();
    await app.close();
  });

  it('forgets a failed answer, so the next request tries again', async () => {
    const make = vi
      .fn<() => Promise<{ name: string; amount: number }>>()
      .mockRejectedValueOnce(new Error('database gone'))
      .mockResolvedValue({ name: 'Miete', amount: 1 });
    const app = await appWith(make);
    expect((await app.inject({ url: '/answer?key=a', headers: { 'accept-encoding': 'br' } })).statusCode).toBe(500);
    expect((await app.inject({ url: '/answer?key=a', headers: { 'accept-encoding': 'br' } })).statusCode).toBe(200);
    await app.close();
  });
});
