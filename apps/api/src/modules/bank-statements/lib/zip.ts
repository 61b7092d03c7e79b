import { Unzip, UnzipInflate, type UnzipFile } from 'fflate';
import { FILE_LIMITS, StatementFileError } from './statement.js';

/** Bytes pushed into the inflater at a time: each step can grow by at most ~1'000 × this. */
const CHUNK = 16 * 1024;

export interface ZipEntry {
  name: string;
  bytes: Uint8Array;
}

const tooLarge = () =>
  new StatementFileError(
    `Das ZIP-Archiv ist entpackt grösser als ${FILE_LIMITS.unpackedBytes / 1024 / 1024} MB; bitte kleinere Archive hochladen.`,
  );

/**
 * The files of a zip archive (folders, and the macOS "__MACOSX" copies, left out), unpacked with
 * the limits counted on the bytes as they come out of the inflater, never on the sizes the headers
 * claim: 50 MB in all and 200 files, so a zip bomb stops after 50 MB (docs/bank-statements.md "Safe parsing").
 */
export function unzipStatements(archive: Uint8Array): ZipEntry[] {
  const files: ZipEntry[] = [];
  let total = 0;
  let failure: Error | undefined;
  const open: { file: UnzipFile; chunks: Uint8Array[]; name: string }[] = [];
  const unzip = new Unzip((file) => {
    if (failure) return;
    const skipped = file.name.endsWith('/') || file.name.startsWith('__MACOSX/');
    if (!skipped && files.length + open.length >= FILE_LIMITS.zipFiles) {
      failure = new StatementFileError(`Das ZIP-Archiv enthält mehr als ${FILE_LIMITS.zipFiles} Dateien.`);
      return;
    }
    const chunks: Uint8Array[] = [];
    const current = { file, chunks, name: file.name };
    if (!skipped) open.push(current);
    file.ondata = (error, data, final) => {
      if (failure) return;
      if (error) {
        failure = new StatementFileError(`Die Datei «${file.name.slice(0, 100)}» im ZIP-Archiv ist beschädigt.`);
        return;
      }
      total += data.length;
      if (total > FILE_LIMITS.unpackedBytes) {
        failure = tooLarge();
        return;
      }
      if (!skipped) chunks.push(data);
      if (final && !skipped) {
        open.splice(open.indexOf(current), 1);
        files.push({ name: file.name, bytes: concat(chunks) });
      }
    };
    try {
      file.start();
    } catch {
      failure = new StatementFileError(
        `Die Datei «${file.name.slice(0, 100)}» im ZIP-Archiv ist mit einem nicht unterstützten Verfahren komprimiert.`,
      );
    }
  });
  unzip.register(UnzipInflate);
  try {
    for (let offset = 0; offset < archive.length && !failure; offset += CHUNK) {
      const end = Math.min(offset + CHUNK, archive.length);
      unzip.push(archive.subarray(offset, end), end === archive.length);
    }
  } catch {
    failure ??= new StatementFileError('Das ZIP-Archiv ist beschädigt.');
  }
  if (failure) throw failure;
  if (open.length > 0) throw new StatementFileError('Das ZIP-Archiv ist unvollständig.');
  if (files.length === 0) throw new StatementFileError('Das ZIP-Archiv enthält keine Datei.');
  return files;
}

function concat(chunks: Uint8Array[]): Uint8Array {
  if (chunks.length === 1) return chunks[0]!;
  const bytes = new Uint8Array(chunks.reduce((sum, chunk) => sum + chunk.length, 0));
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.length;
  }
  return bytes;
}
