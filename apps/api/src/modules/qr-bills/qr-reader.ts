import { AppError } from '../../lib/app-error.js';
import { createWorkerPool, workerEntry, type WorkerPoolLimits } from '../../lib/worker-pool.js';
import type { CodesFound } from './qr-code-reader.js';
import type { QrReadAnswer, QrReadJob } from './qr-read-worker.js';

/**
 * Limits of reading QR-bills (docs/qr-bills.md "Reading the code"): a one-page bill is read in about
 * a second, five pages in a few; 20 s is a file that would never finish. Two at once per instance
 * (the machine has 2 cores; rendering is CPU-bound) and per organisation.
 */
export const QR_READER_LIMITS: WorkerPoolLimits = {
  workerHeapMb: 256,
  workerTimeoutMs: 20_000,
  perInstance: 2,
  perOrganisation: 2,
  retryAfterSeconds: 5,
};

export const qrReaderPoolMessages = {
  organisationBusy: (count: number) =>
    `Es werden bereits ${count} QR-Rechnungen Ihrer Organisation gleichzeitig gelesen; bitte versuchen Sie es in einigen Sekunden erneut.`,
  instanceBusy:
    'Der Server liest gerade so viele QR-Rechnungen gleichzeitig, wie er kann; bitte versuchen Sie es in einigen Sekunden erneut.',
  outOfMemory: (megabytes: number) =>
    `Die Datei braucht zum Lesen mehr als ${megabytes} MB Arbeitsspeicher und wurde nicht gelesen; bitte laden Sie nur den Zahlteil der QR-Rechnung hoch.`,
  tooSlow: (seconds: number) =>
    `Das Lesen der Datei dauerte länger als ${seconds} Sekunden und wurde abgebrochen; bitte laden Sie nur den Zahlteil der QR-Rechnung hoch.`,
} as const;

export type QrReader = ReturnType<typeof createQrReader>;

/**
 * Reads the QR codes of uploaded bills in worker threads (lib/worker-pool.ts): a file that outgrows
 * its worker's heap or time is a German 400 naming it (the file is what is wrong, as every bad file
 * of the issue: docs/qr-bills.md "Reading the code"); more reads at once than allowed a 429.
 */
export function createQrReader(limits: WorkerPoolLimits = QR_READER_LIMITS) {
  const pool = createWorkerPool<QrReadJob, QrReadAnswer>(workerEntry(import.meta.url, './qr-read-worker.ts'), limits, {
    organisationBusy: qrReaderPoolMessages.organisationBusy,
    instanceBusy: qrReaderPoolMessages.instanceBusy,
    outOfMemory: () => new AppError('VALIDATION_FAILED', qrReaderPoolMessages.outOfMemory(limits.workerHeapMb)),
    tooSlow: () => new AppError('VALIDATION_FAILED', qrReaderPoolMessages.tooSlow(limits.workerTimeoutMs / 1000)),
    name: 'QR-bill reader',
    announcesReady: true,
  });
  return {
    /** The file's QR codes, read in a worker; AppError 400/429 with a German message. */
    async read(organisationId: number, bytes: Uint8Array): Promise<CodesFound> {
      const answer = await pool.run(organisationId, { bytes });
      if ('found' in answer) return answer.found;
      if ('refused' in answer) throw new AppError('VALIDATION_FAILED', answer.refused);
      throw new Error(`reading a QR-bill failed: ${answer.failed}`);
    },
    close: pool.close,
  };
}
