import { parentPort } from 'node:worker_threads';
import { AppError } from '../../lib/app-error.js';
import { WORKER_READY } from '../../lib/worker-pool.js';
import { loadQrReading, readQrCodes, type CodesFound } from './qr-code-reader.js';

/** What the main thread asks of a QR reading worker (qr-reader.ts): the file's bytes. */
export interface QrReadJob {
  bytes: Uint8Array;
}

/** What it answers: the codes found, or the German refusal of the file. */
export type QrReadAnswer = { found: CodesFound } | { refused: string } | { failed: string };

/**
 * The worker thread that reads a QR-bill's codes (docs/qr-bills.md "Reading the code"): rendering a
 * PDF page and searching the bitmap run here, under a heap and time limit, never on the server's
 * event loop. One file at a time; pdf.js and zxing-wasm stay loaded for the next.
 */
parentPort?.on('message', (job: QrReadJob) => {
  void readQrCodes(job.bytes)
    .then(
      (found): QrReadAnswer => ({ found }),
      (error: unknown): QrReadAnswer =>
        error instanceof AppError && error.code === 'VALIDATION_FAILED'
          ? { refused: error.message }
          : { failed: error instanceof Error ? (error.stack ?? error.message) : String(error) },
    )
    .then((answer) => parentPort!.postMessage(answer));
});

// The time limit of a file starts once the readers are loaded (lib/worker-pool.ts `announcesReady`).
await loadQrReading();
parentPort?.postMessage(WORKER_READY);
