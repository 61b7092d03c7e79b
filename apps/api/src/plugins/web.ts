import { existsSync, readFileSync } from 'node:fs';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { Config } from '../config.js';
import { preferredEncoding, type BodyEncoding } from './encoded-answer.js';
import { messages, sendError } from './error-handler.js';

// apps/web/dist seen from apps/api/src or apps/api/dist: the same relative place.
const defaultWebDist = fileURLToPath(new URL('../../../web/dist', import.meta.url));

const NO_CACHE = 'no-cache';
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** The hashed assets' folder as the browser asks for it: plugins/security.ts leaves its answers bare. */
export const ASSETS_PREFIX = '/assets/';

/**
 * Serves the built single-page app: hashed assets forever cacheable, index.html and version.json
 * revalidated on every load, and every other non-API path answered with index.html (client routes).
 * The build writes each text file compressed beside it (`.br`, `.gz`; docs/web.md "First load"),
 * sent as they are when the browser accepts them: nothing is compressed per request.
 * Without a web build (API-only tests) nothing is registered.
 */
export async function registerWeb(
  app: FastifyInstance,
  config: Config,
  options: { demoAccount?: { email: string; password: string } } = {},
): Promise<void> {
  const root = path.resolve(config.WEB_DIST ?? defaultWebDist);
  if (!existsSync(path.join(root, 'index.html'))) {
    app.log.info({ root }, 'no web build found; serving the API only');
    return;
  }
  // Read once: it is small, and every client route answers it.
  const indexHtml = withDemoAccount(readFileSync(path.join(root, 'index.html')), options.demoAccount);
  // Compressed once at start (the demo account may change the page, so not at build time).
  const indexEncoded: Record<BodyEncoding, Buffer> = {
    br: brotliCompressSync(indexHtml, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } }),
    gzip: gzipSync(indexHtml, { level: constants.Z_BEST_COMPRESSION }),
  };
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    index: false,
    cacheControl: false,
    preCompressed: true,
    setHeaders(reply, filePath) {
      const hashed = filePath.startsWith(path.join(root, 'assets') + path.sep);
      reply.header('Cache-Control', hashed ? IMMUTABLE : NO_CACHE);
    },
  });
  // A route, not the not-found handler, so that compression and the other hooks apply.
  // Hidden: the OpenAPI document describes the API, not the web app's pages.
  app.get('/*', { schema: { hide: true } }, (request, reply) => {
    // Unknown API paths and missing assets are real 404s: index.html would hide the mistake.
    if (/^\/(api|assets)(\/|\?|$)/.test(request.url)) {
      return sendError(reply, { error: messages.notFound, code: 'NOT_FOUND' });
    }
    reply.header('Cache-Control', NO_CACHE).header('Vary', 'Accept-Encoding').type('text/html; charset=utf-8');
    const encoding = preferredEncoding(request.headers['accept-encoding']);
    if (!encoding) return reply.send(indexHtml);
    // With Content-Encoding set, the response compression passes the bytes by.
    return reply.header('Content-Encoding', encoding).send(indexEncoded[encoding]);
  });
}

/**
 * In development the page names the demo account to the login page (docs/web.md "Session") in a
 * meta tag: no request asks for it, and a server in any other mode never writes it.
 */
function withDemoAccount(indexHtml: Buffer, account: { email: string; password: string } | undefined): Buffer {
  if (!account) return indexHtml;
  const content = JSON.stringify(account).replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
  const meta = `<meta name="saldopilot-demo-account" content="${content}">`;
  return Buffer.from(indexHtml.toString('utf8').replace('</head>', `${meta}</head>`), 'utf8');
}
