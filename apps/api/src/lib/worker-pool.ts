import { Worker, type WorkerOptions } from 'node:worker_threads';
import { AppError } from './app-error.js';

/**
 * Where a worker's entry is: the built server starts the compiled .js beside the calling module;
 * under vitest the module runs as TypeScript source, and so must the worker: src/test/ts-worker.mjs
 * compiles it with tsx, the workspace packages read by their "source" condition
 * (docs/bank-statements.md "Implementation").
 */
export function workerEntry(moduleUrl: string, relativeTsPath: string): { url: URL; options: WorkerOptions } {
  const entry = new URL(relativeTsPath, moduleUrl);
  return moduleUrl.endsWith('.ts')
    ? {
        url: new URL('../test/ts-worker.mjs', import.meta.url),
        options: { workerData: { tsEntry: entry.href }, execArgv: ['--conditions=source'] },
      }
    : { url: new URL(relativeTsPath.replace(/\.ts$/, '.js'), moduleUrl), options: {} };
}

export interface WorkerPoolLimits {
  /** Old-generation heap of one worker; beyond it the worker ends (`outOfMemory`). */
  workerHeapMb: number;
  /** Wall-clock time of one job; beyond it the worker is ended (`tooSlow`). */
  workerTimeoutMs: number;
  /** Jobs at once on this server instance, and per organisation; 429 with Retry-After beyond. */
  perInstance: number;
  perOrganisation: number;
  retryAfterSeconds: number;
}

export interface WorkerPoolErrors {
  organisationBusy: (count: number) => string;
  instanceBusy: string;
  /** The answers when a job outgrows its worker's heap or time (the caller chooses the status). */
  outOfMemory: () => AppError;
  tooSlow: () => AppError;
  /** What the thread is, for the logs of a worker that ended. */
  name: string;
  /**
   * The worker posts 'ready' once its modules are loaded, and the time limit starts then: loading
   * is the server's cost, not the file's (under load, or compiled by tsx in the tests, it takes
   * seconds).
   */
  announcesReady?: boolean;
}

/** What a worker with `announcesReady` posts once it can take jobs. */
export const WORKER_READY = 'ready';
/** How long a new worker may take to load before it counts as broken. */
const STARTUP_LIMIT_MS = 120_000;

export type WorkerPool<Job, Answer> = ReturnType<typeof createWorkerPool<Job, Answer>>;

/**
 * Runs jobs in worker threads (docs/bank-statements.md "Safe parsing", docs/qr-bills.md "Reading
 * the code"): at most `perInstance` at once on this server and `perOrganisation` per organisation
 * (429 with Retry-After beyond), each worker with its own heap limit and a time limit, so a hostile
 * file ends its worker, never blocks the event loop and never ends the process. Workers are kept
 * for the next job (starting one costs ~50 ms) and ended with the app (`close`).
 */
export function createWorkerPool<Job, Answer>(
  entry: { url: URL; options: WorkerOptions },
  limits: WorkerPoolLimits,
  errors: WorkerPoolErrors,
) {
  const idle: Worker[] = [];
  const busy = new Set<Worker>();
  const perOrganisation = new Map<number, number>();
  let running = 0;

  const tooMany = (message: string) =>
    new AppError('RATE_LIMITED', message, { headers: { 'retry-after': String(limits.retryAfterSeconds) } });

  function spawn(): Promise<Worker> {
    const worker = new Worker(entry.url, {
      ...entry.options,
      resourceLimits: { maxOldGenerationSizeMb: limits.workerHeapMb, maxYoungGenerationSizeMb: 16 },
      stdout: false,
      stderr: false,
    });
    // An idle worker does not keep the process alive.
    worker.unref();
    if (!errors.announcesReady) return Promise.resolve(worker);
    return new Promise<Worker>((resolve, reject) => {
      const done = (error?: Error) => {
        clearTimeout(timer);
        worker.off('message', onMessage).off('error', done).off('exit', onExit);
        if (error) {
          void worker.terminate();
          reject(error);
        } else resolve(worker);
      };
      const onMessage = (message: unknown) => done(message === WORKER_READY ? undefined : new Error('no ready'));
      const onExit = (code: number) => done(new Error(`the ${errors.name} ended while loading (${code})`));
      const timer = setTimeout(() => done(new Error(`the ${errors.name} did not load`)), STARTUP_LIMIT_MS);
      worker.on('message', onMessage).on('error', done).on('exit', onExit);
    });
  }

  function runIn(worker: Worker, job: Job): Promise<Answer> {
    busy.add(worker);
    return new Promise<Answer>((resolve, reject) => {
      const end = (reuse: boolean) => {
        clearTimeout(timer);
        worker.off('message', onMessage).off('error', onError).off('exit', onExit);
        busy.delete(worker);
        if (reuse && idle.length < limits.perInstance) idle.push(worker);
        else void worker.terminate();
      };
      const onMessage = (answer: Answer) => {
        end(true);
        resolve(answer);
      };
      const onError = (error: Error & { code?: string }) => {
        end(false);
        reject(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? errors.outOfMemory() : error);
      };
      const onExit = (code: number) => {
        end(false);
        reject(new Error(`the ${errors.name} ended (${code})`));
      };
      const timer = setTimeout(() => {
        end(false);
        reject(errors.tooSlow());
      }, limits.workerTimeoutMs);
      worker.on('message', onMessage).on('error', onError).on('exit', onExit);
      worker.postMessage(job);
    });
  }

  return {
    /** The worker's answer to the job; AppError 429 when too many run, or the caller's heap and time errors. */
    async run(organisationId: number, job: Job): Promise<Answer> {
      const mine = perOrganisation.get(organisationId) ?? 0;
      if (mine >= limits.perOrganisation) throw tooMany(errors.organisationBusy(mine));
      if (running >= limits.perInstance) throw tooMany(errors.instanceBusy);
      running += 1;
      perOrganisation.set(organisationId, mine + 1);
      try {
        return await runIn(idle.pop() ?? (await spawn()), job);
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
