import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildTestApp } from '../test/build-test-app.js';

let app: FastifyInstance;
let webDist: string;
const indexHtml = `<!doctype html><html lang="de-CH"><head><title>SaldoPilot</title></head><body>${'<div></div>'.repeat(200)}</body></html>`;
const script = `console.log(${JSON.stringify('x'.repeat(5000))});`;
const prebuiltBrotli = brotliCompressSync(script);
const prebuiltGzip = gzipSync(script);

// A small web build on disk, laid out as Vite writes it.
beforeAll(async () => {
  webDist = mkdtempSync(path.join(tmpdir(), 'saldopilot-web-'));
  mkdirSync(path.join(webDist, 'assets'));
  writeFileSync(path.join(webDist, 'index.html'), indexHtml);
  writeFileSync(path.join(webDist, 'version.json'), '{"buildId":"b1"}');
  writeFileSync(path.join(webDist, 'assets', 'index-AbC123.js'), script);
  // As the build's precompress plugin writes them (apps/web/vite-plugins/precompress.ts).
  writeFileSync(path.join(webDist, 'assets', 'index-AbC123.js.br'), prebuiltBrotli);
  writeFileSync(path.join(webDist, 'assets', 'index-AbC123.js.gz'), prebuiltGzip);
  app = await buildTestApp({ WEB_DIST: webDist });
});
afterAll(async () => {
  await app.close();
  rmSync(webDist, { recursive: true, force: true });
});

describe('serving the web app', () => {
  it('keeps its pages out of the OpenAPI document', async () => {
    await app.ready();
    expect(Object.keys(app.swagger().paths ?? {}).filter((url) => !url.startsWith('/api/'))).toEqual([]);
  });

  it('serves hashed assets as immutable', async () => {
    const response = await app.inject({ method: 'GET', url: '/assets/index-AbC123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.body).toBe(script);
  });

  it('revalidates index.html and version.json on every load', async () => {
    const version = await app.inject({ method: 'GET', url: '/version.json' });
    expect(version.headers['cache-control']).toBe('no-cache');
    expect(version.json()).toEqual({ buildId: 'b1' });
    const index = await app.inject({ method: 'GET', url: '/' });
    expect(index.headers['cache-control']).toBe('no-cache');
    expect(index.body).toContain('lang="de-CH"');
  });

  it('names the demo account in the page in development only (no request asks for it)', async () => {
    expect((await app.inject({ method: 'GET', url: '/auth/login' })).body).not.toContain('saldopilot-demo-account');
    const development = await buildTestApp({ WEB_DIST: webDist, NODE_ENV: 'development' });
    try {
      const page = (await development.inject({ method: 'GET', url: '/auth/login' })).body;
      expect(page).toContain(
        '<meta name="saldopilot-demo-account" content="{&quot;email&quot;:&quot;demo@saldopilot.ch&quot;,&quot;password&quot;:&quot;Demo1234!&quot;}"></head>',
      );
      // The address the login page once asked does not exist.
      expect((await development.inject({ method: 'GET', url: '/api/dev/demo-account' })).statusCode).toBe(404);
    } finally {
      await development.close();
    }
  });

  it('answers client routes with index.html, but API paths and missing assets with 404', async () => {
    for (const url of ['/settings/profile', '/employees/12', '/auth/validate?email=a@b.ch&code=x']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe(indexHtml);
    }
    for (const url of ['/api/nope', '/api', '/api?x=1', '/assets']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json(), url).toMatchObject({ code: 'NOT_FOUND' });
    }
    expect((await app.inject({ method: 'GET', url: '/assets/missing-123.js' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'POST', url: '/settings' })).statusCode).toBe(404);
  });

  it('compresses with brotli or gzip', async () => {
    const brotli = await app.inject({
      method: 'GET',
      url: '/assets/index-AbC123.js',
      headers: { 'accept-encoding': 'br' },
    });
    expect(brotli.headers['content-encoding']).toBe('br');
    const gzip = await app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
  });

  it('sends the files the build compressed as they are, and the page compressed once', async () => {
    const brotli = await app.inject({
      method: 'GET',
      url: '/assets/index-AbC123.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['vary']).toContain('accept-encoding');
    expect(brotli.rawPayload.equals(prebuiltBrotli)).toBe(true);
    const gzip = await app.inject({
      method: 'GET',
      url: '/assets/index-AbC123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzip.rawPayload.equals(prebuiltGzip)).toBe(true);
    const plain = await app.inject({
      method: 'GET',
      url: '/assets/index-AbC123.js',
      headers: { 'accept-encoding': '' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
    const page = await app.inject({ method: 'GET', url: '/auth/login', headers: { 'accept-encoding': 'br' } });
    expect(page.headers['content-encoding']).toBe('br');
    expect(page.headers['vary']).toContain('Accept-Encoding');
    expect(brotliDecompressSync(page.rawPayload).toString('utf8')).toBe(indexHtml);
    const gzipPage = await app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'gzip' } });
    expect(gunzipSync(gzipPage.rawPayload).toString('utf8')).toBe(indexHtml);
  });

  it('keeps the security headers on pages and the API, and only nosniff on hashed assets', async () => {
    const asset = await app.inject({ method: 'GET', url: '/assets/index-AbC123.js' });
    expect(asset.headers['content-security-policy']).toBeUndefined();
    expect(asset.headers['x-frame-options']).toBeUndefined();
    expect(asset.headers['x-content-type-options']).toBe('nosniff');
    for (const url of ['/', '/auth/login', '/api/nope']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.headers['content-security-policy'], url).toContain("default-src 'self'");
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
    }
  });
});
