import type { CsvMapping } from '@saldopilot/shared';
import { AppError } from '../../lib/app-error.js';
import { createWorkerPool, workerEntry } from '../../lib/worker-pool.js';
import type { ReadAnswer, ReadJob } from './lib/read-file-worker.js';
import { PARSE_LIMITS, type ParsedStatement } from './lib/statement.js';

export type StatementReaderLimits = Pick<
  typeof PARSE_LIMITS,
  'workerHeapMb' | 'workerTimeoutMs' | 'perInstance' | 'perOrganisation' | 'retryAfterSeconds'
>;

export const readerMessages = {
  organisationBusy: (count: number) =>
    `Es werden bereits ${count} Dateien Ihrer Organisation gleichzeitig gelesen; bitte versuchen Sie es in einigen Sekunden erneut.`,
  instanceBusy:
    'Der Server liest gerade so viele Dateien gleichzeitig, wie er kann; bitte versuchen Sie es in einigen Sekunden erneut.',
  outOfMemory: (megabytes: number) =>
    `Die Datei braucht zum Lesen mehr als ${megabytes} MB Arbeitsspeicher und wurde nicht gelesen; bitte laden Sie kürzere Zeiträume hoch.`,
  tooSlow: (seconds: number) =>
    `Das Lesen der Datei dauerte länger als ${seconds} Sekunden und wurde abgebrochen; bitte laden Sie kürzere Zeiträume hoch.`,
} as const;

export type StatementReader = ReturnType<typeof createStatementReader>;

/**
 * Reads uploaded bank files in worker threads (docs/bank-statements.md "Safe parsing"), the pool
 * of lib/worker-pool.ts: a file that outgrows its worker's heap or time is a 413.
 */
export function createStatementReader(limits: StatementReaderLimits = PARSE_LIMITS) {
  const pool = createWorkerPool<ReadJob, ReadAnswer>(
    workerEntry(import.meta.url, './lib/read-file-worker.ts'),
    limits,
    {
      organisationBusy: readerMessages.organisationBusy,
      instanceBusy: readerMessages.instanceBusy,
      outOfMemory: () => new AppError('PAYLOAD_TOO_LARGE', readerMessages.outOfMemory(limits.workerHeapMb)),
      tooSlow: () => new AppError('PAYLOAD_TOO_LARGE', readerMessages.tooSlow(limits.workerTimeoutMs / 1000)),
      name: 'bank file reader',
    },
  );

  return {
    /** The statements of a file, read in a worker; AppError 400/413/429 with a German message. */
    async read(
      organisationId: number,
      bytes: Uint8Array,
      contentType: string | undefined,
      csvMapping: CsvMapping | undefined,
    ): Promise<ParsedStatement[]> {
      const answer = await pool.run(organisationId, { bytes, contentType, csvMapping });
      if ('statements' in answer) return answer.statements;
      if ('refused' in answer) throw new AppError('VALIDATION_FAILED', answer.refused);
      throw new Error(`reading a bank file failed: ${answer.failed}`);
    },

    /** Ends every worker (the app's close). */
    close: pool.close,
  };
}
