import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { encodeBody, preferredEncoding } from './encoded-answer.js';

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
