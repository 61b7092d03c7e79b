import { Worker } from 'node:worker_threads';
import type { CsvMapping } from '@saldopilot/shared';
import { AppError } from '../../lib/app-error.js';
import type { ReadAnswer, ReadJob } from './lib/read-file-worker.js';
import { PARSE_LIMITS, type ParsedStatement } from './lib/statement.js';

/**
 * The built server starts the compiled worker beside this module (dist/…/lib/read-file-worker.js).
 * Under vitest this module runs as TypeScript source, and so must the worker: src/test/ts-worker.mjs
 * compiles it with tsx, the workspace packages read by their "source" condition.
 */
const fromSource = import.meta.url.endsWith('.ts');
const WORKER_ENTRY = new URL('./lib/read-file-worker.ts', import.meta.url);
const WORKER = fromSource
  ? {
      url: new URL('../../test/ts-worker.mjs', import.meta.url),
      options: { workerData: { tsEntry: WORKER_ENTRY.href }, execArgv: ['--conditions=source'] },
    }
  : { url: new URL('./lib/read-file-worker.js', import.meta.url), options: {} };

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
 * Reads uploaded bank files in worker threads (docs/bank-statements.md "Safe parsing"): at most
 * `perInstance` at once on this server and `perOrganisation` per organisation (429 with
 * Retry-After beyond), each worker with its own heap limit and a time limit, so a hostile file ends
 * its worker (413), never blocks the event loop and never ends the process. Workers are kept for
 * the next file (starting one costs ~50 ms) and ended with the app.
 */
export function createStatementReader(limits: StatementReaderLimits = PARSE_LIMITS) {
  const idle: Worker[] = [];
  const busy = new Set<Worker>();
  const perOrganisation = new Map<number, number>();
  let running = 0;

  const tooMany = (message: string) =>
    new AppError('RATE_LIMITED', message, { headers: { 'retry-after': String(limits.retryAfterSeconds) } });

  function spawn(): Worker {
    const worker = new Worker(WORKER.url, {
      ...WORKER.options,
      resourceLimits: { maxOldGenerationSizeMb: limits.workerHeapMb, maxYoungGenerationSizeMb: 16 },
      stdout: false,
      stderr: false,
    });
    // An idle worker does not keep the process alive.
    worker.unref();
    return worker;
  }

  function runIn(worker: Worker, job: ReadJob): Promise<ParsedStatement[]> {
    busy.add(worker);
    return new Promise<ParsedStatement[]>((resolve, reject) => {
      const end = (reuse: boolean) => {
        clearTimeout(timer);
        worker.off('message', onMessage).off('error', onError).off('exit', onExit);
        busy.delete(worker);
        if (reuse && idle.length < limits.perInstance) idle.push(worker);
        else void worker.terminate();
      };
      const onMessage = (answer: ReadAnswer) => {
        end(true);
        if ('statements' in answer) resolve(answer.statements);
        else if ('refused' in answer) reject(new AppError('VALIDATION_FAILED', answer.refused));
        else reject(new Error(`reading a bank file failed: ${answer.failed}`));
      };
      const onError = (error: Error & { code?: string }) => {
        end(false);
        if (error.code === 'ERR_WORKER_OUT_OF_MEMORY') {
          reject(new AppError('PAYLOAD_TOO_LARGE', readerMessages.outOfMemory(limits.workerHeapMb)));
        } else reject(error);
      };
      const onExit = (code: number) => {
        end(false);
        reject(new Error(`the bank file reader ended (${code})`));
      };
      const timer = setTimeout(() => {
        end(false);
        reject(new AppError('PAYLOAD_TOO_LARGE', readerMessages.tooSlow(limits.workerTimeoutMs / 1000)));
      }, limits.workerTimeoutMs);
      worker.on('message', onMessage).on('error', onError).on('exit', onExit);
      worker.postMessage(job);
    });
  }

  return {
    /** The statements of a file, read in a worker; AppError 400/413/429 with a German message. */
    async read(
      organisationId: number,
      bytes: Uint8Array,
      contentType: string | undefined,
      csvMapping: CsvMapping | undefined,
    ): Promise<ParsedStatement[]> {
      const mine = perOrganisation.get(organisationId) ?? 0;
      if (mine >= limits.perOrganisation) throw tooMany(readerMessages.organisationBusy(mine));
      if (running >= limits.perInstance) throw tooMany(readerMessages.instanceBusy);
      running += 1;
      perOrganisation.set(organisationId, mine + 1);
      try {
        return await runIn(idle.pop() ?? spawn(), { bytes, contentType, csvMapping });
      } finally {
        running -= 1;
        const left = (perOrganisation.get(organisationId) ?? 1) - 1;
        if (left > 0) perOrganisation.set(organisationId, left);
        else perOrganisation.delete(organisationId);
      }
    },

    /** Ends every worker (the app's close). */
    async close(): Promise<void> {
      const all = [...idle.splice(0), ...busy];
      await Promise.all(all.map((worker) => worker.terminate()));
    },
  };
}
