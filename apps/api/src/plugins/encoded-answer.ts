import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { remembered, touch } from '../lib/recently-used.js';
import { compileResponseWriter } from './response-serializer.js';

/**
 * Answers written and compressed once, then kept as bytes: for answers that are large, read again
 * and again, and whose source is kept in memory anyway (the forecast details; docs/forecast.md
 * "Implementation"). The response compression of plugins/security.ts does the same work for every
 * request; an answer sent with its Content-Encoding set passes it by. Same encodings and brotli
 * quality as that plugin. The service names what an answer depends on (its key); writing and
 * compressing stay here, where HTTP lives.
 */

export type BodyEncoding = 'br' | 'gzip';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** The encoding to answer in: brotli before gzip, as the response compression prefers; none without either. */
export function preferredEncoding(acceptEncoding: string | undefined): BodyEncoding | undefined {
  const accepted = new Map(
    (acceptEncoding ?? '').split(',').map((part) => {
      const [name = '', ...params] = part.trim().toLowerCase().split(';');
      const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find((value) => value !== undefined);
      return [name, q === undefined ? 1 : Number(q)];
    }),
  );
  const acceptable = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  if (acceptable('br')) return 'br';
  if (acceptable('gzip')) return 'gzip';
  return undefined;
}

/** `text` as UTF-8, compressed. */
export function encodeBody(text: string, encoding: BodyEncoding): Promise<Buffer> {
  return encoding === 'br' ? brotli(text, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } }) : gzipped(text);
}

/** Scopes (organisations) whose answers are kept, least recently sent going first. */
const MAX_SCOPES = 16;
/** Answers kept per scope (tens of kilobytes each: the details of a few views). */
const MAX_PER_SCOPE = 8;

export interface EncodedAnswerKey {
  /** Whose answer it is (the organisation): each keeps its own few answers. */
  scope: number;
  /** Names everything the answer depends on: equal keys mean equal answers. */
  key: string;
}

/**
 * The answers of one route with the response schema `schema`, written by the schema's own writer
 * (the one the response serializer uses), compressed in the encoding the request accepts and kept
 * under their key and encoding. A request that accepts neither brotli nor gzip is answered as
 * usual (the route returns the value itself).
 */
export function createEncodedAnswers<T>(schema: z.ZodType<T>) {
  const write = compileResponseWriter(schema);
  const scopes = new Map<number, Map<string, Promise<Buffer>>>();

  return {
    /**
     * Sends the answer `make` computes, from memory under `key` and the accepted encoding: true when
     * sent, false when the request accepts no encoding we write (the route answers as usual then).
     * A boolean, not the reply: a reply is thenable, and awaiting it waits for the answer to go out.
     */
    async send(
      request: FastifyRequest,
      reply: FastifyReply,
      { scope, key }: EncodedAnswerKey,
      make: () => Promise<T>,
    ): Promise<boolean> {
      const encoding = preferredEncoding(request.headers['accept-encoding']);
      if (!encoding) return false;
      const bodies = touch(scopes, scope, scopes.get(scope) ?? new Map<string, Promise<Buffer>>(), MAX_SCOPES);
      const body = await remembered(
        bodies,
        `${key}/${encoding}`,
        async () => encodeBody(write(await make()), encoding),
        MAX_PER_SCOPE,
      );
      // Already written and compressed: Fastify sends a Buffer as it is, and the response
      // compression passes an answer with its Content-Encoding set by.
      reply
        .header('content-encoding', encoding)
        .header('vary', 'accept-encoding')
        .type('application/json; charset=utf-8')
        .send(body);
      return true;
    },
  };
}
