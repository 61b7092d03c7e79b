import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import helmet, { type HelmetOptions } from 'helmet';
import { colorSchemeBootScript } from '@saldopilot/shared';
import type { Config } from '../config.js';

/**
 * The headers helmet sets for `options`, computed once. Our policy has no per-request parts (no
 * nonces), and rebuilding the same dozen headers for every request cost a third of a cached read's
 * throughput (measured with `npm run bench`).
 */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

/** The CSP source that allows exactly this inline script. */
function scriptHash(script: string): string {
  return `'sha256-${createHash('sha256').update(script).digest('base64')}'`;
}

/** The security headers of every answer of this app, computed once from its settings. */
export function appSecurityHeaders(config: Config): Record<string, string> {
  const plainHttp = new URL(config.PUBLIC_URL).protocol === 'http:';
  return securityHeaders({
    contentSecurityPolicy: {
      directives: {
        // The one inline script of the page: it sets the colour mode before the first paint.
        'script-src': ["'self'", scriptHash(colorSchemeBootScript)],
        // Mantine writes its CSS variables into <style> elements at run time.
        'style-src': ["'self'", "'unsafe-inline'"],
        'upgrade-insecure-requests': plainHttp ? null : [],
      },
    },
    hsts: plainHttp ? false : undefined,
  });
}

/**
 * What a hashed asset (a script or a style sheet, never a page) keeps of the security headers:
 * `nosniff` makes the browser refuse a script or style sent under a wrong type. The rest (CSP,
 * frame and referrer rules, HSTS, …) governs documents, and the page that loads the asset has them
 * (docs/deploy.md "Headers").
 */
const ASSET_HEADERS = ['x-content-type-options'];

/**
 * Security headers (see appSecurityHeaders) and response compression for every answer, API and web
 * alike; answers under `assetsPrefix` (hashed scripts and styles) carry only ASSET_HEADERS.
 */
export async function registerSecurity(
  app: FastifyInstance,
  headers: Record<string, string>,
  assetsPrefix?: string,
): Promise<void> {
  const assetHeaders = Object.fromEntries(Object.entries(headers).filter(([name]) => ASSET_HEADERS.includes(name)));
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(assetsPrefix !== undefined && request.url.startsWith(assetsPrefix) ? assetHeaders : headers);
    done();
  });
  await app.register(compress, { encodings: ['br', 'gzip'], threshold: 1024 });
}
