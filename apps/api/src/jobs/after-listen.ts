import type { FastifyInstance } from 'fastify';

/** How long after listening the server's jobs wait: a fresh instance's first requests come first. */
export const JOBS_DELAY_MS = 1_000;

/**
 * Starts a job (`start` answers its stop function) a moment after the server listens, not while it
 * starts: no job is needed to answer a request, and a job's first turn (the rate fetch, the month's
 * snapshots) would otherwise compete with building the app and the first requests (docs/deploy.md
 * "Cold start"). Answers a stop function, which also cancels a job that has not started yet.
 */
export function startAfterListen(app: FastifyInstance, start: () => () => void, delayMs = JOBS_DELAY_MS): () => void {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let stop: (() => void) | undefined;
  app.addHook('onListen', async () => {
    if (stopped) return;
    timer = setTimeout(() => {
      if (!stopped) stop = start();
    }, delayMs);
    timer.unref();
  });
  return () => {
    stopped = true;
    clearTimeout(timer);
    stop?.();
  };
}
