import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** The files worth compressing: text. Images and fonts are compressed already. */
const TEXT = /\.(js|mjs|css|html|svg|json|txt|webmanifest)$/;
/** Below this a compressed file saves less than its headers cost (the server's threshold too). */
const MIN_BYTES = 1024;

/**
 * Writes `name.br` (brotli quality 11) and `name.gz` (gzip level 9) beside every text file of the
 * build, once, so the server sends the smallest form without compressing per request
 * (docs/web.md "First load"; apps/api/src/plugins/web.ts serves them). Quality 11 is too slow for
 * each request, but costs only seconds once at build time.
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'saldopilot:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      for (const file of filesUnder(outDir)) {
        if (!TEXT.test(file)) continue;
        const body = readFileSync(file);
        if (body.length < MIN_BYTES) continue;
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(body, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
            },
          }),
        );
        writeFileSync(`${file}.gz`, gzipSync(body, { level: constants.Z_BEST_COMPRESSION }));
      }
    },
  };
}

function filesUnder(directory: string): string[] {
  return readdirSync(directory).flatMap((name) => {
    const file = path.join(directory, name);
    return statSync(file).isDirectory() ? filesUnder(file) : [file];
  });
}
