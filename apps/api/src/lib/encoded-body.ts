import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

/**
 * Compressing an answer once and keeping the bytes, for answers that are large, read again and
 * again, and kept in memory anyway (the forecast details). The response compression of
 * plugins/security.ts does the same work for every request; an answer sent with its
 * Content-Encoding set passes it by. Same encodings and brotli quality as that plugin.
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
