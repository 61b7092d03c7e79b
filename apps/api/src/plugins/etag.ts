import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';

/** The 304 a route with an ETag lists among its answers (no body). */
export const notModified = z.null().describe('Not Modified: the answer of the If-None-Match tag is still current');

/**
 * ETags of computed answers (docs/realtime.md "Stamps and ETags"): `W/"<stamp>~<hash>"`, the
 * organisation's stamp readable by the web (it compares it with a change event's), the hash of the
 * rest of what the answer depends on and of the request's path and every query parameter. Weak: a
 * compressed and an uncompressed answer carry the same tag.
 */
export function etagOf(request: FastifyRequest, stamp: string, rest: string): string {
  const hash = createHash('sha256').update(`${rest}\n${request.url}`).digest('base64url').slice(0, 16);
  return `W/"${stamp}~${hash}"`;
}

/** The stamp inside one of our ETags, or undefined. */
export function stampOfEtag(etag: string): string | undefined {
  return /^W\/"([^"~]+)~[^"]*"$/.exec(etag)?.[1];
}

/**
 * Sets the tag (and that the browser asks again each time, sending it) and answers 304 when the
 * request's If-None-Match names it: true when the answer is done.
 */
export function answeredByEtag(
  request: FastifyRequest,
  reply: FastifyReply,
  { stamp, rest }: { stamp: string; rest: string },
): boolean {
  const etag = etagOf(request, stamp, rest);
  reply.header('etag', etag);
  reply.header('cache-control', 'private, no-cache');
  const wanted = request.headers['if-none-match'];
  if (!wanted) return false;
  const weak = (tag: string) => tag.trim().replace(/^W\//, '');
  if (!wanted.split(',').some((tag) => tag.trim() === '*' || weak(tag) === weak(etag))) return false;
  void reply.code(304).send();
  return true;
}
