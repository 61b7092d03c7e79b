import { Zip, ZipDeflate } from 'fflate';

/**
 * A ZIP built entry by entry with fflate's streaming `Zip`: each entry is deflated as its chunks
 * arrive, so only the compressed file is held, never all of a sheet's XML.
 */
export interface ZipOutput {
  /** Adds an entry whose text is pushed in chunks; `end` closes it (one open entry at a time). */
  entry(path: string): { push(text: string): void; end(): void };
  file(path: string, text: string): void;
  /** Closes the archive and answers its bytes. */
  finish(): Buffer;
}

export function zipOutput(level: DeflateLevel): ZipOutput {
  const chunks: Uint8Array[] = [];
  let failure: Error | null = null;
  let done = false;
  const zip = new Zip((error, chunk, final) => {
    if (error) failure = error;
    else chunks.push(chunk);
    if (final) done = true;
  });
  const encoder = new TextEncoder();
  const entry = (path: string) => {
    const file = new ZipDeflate(path, { level });
    zip.add(file);
    return {
      push: (text: string) => file.push(encoder.encode(text)),
      end: () => file.push(new Uint8Array(0), true),
    };
  };
  return {
    entry,
    file(path, text) {
      const added = entry(path);
      added.push(text);
      added.end();
    },
    finish() {
      zip.end();
      if (failure) throw failure;
      // fflate answers synchronously when every entry is compressed synchronously (ZipDeflate).
      if (!done) throw new Error('the ZIP did not finish');
      return Buffer.concat(chunks);
    },
  };
}

export type DeflateLevel = 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9;
