import type { FastifyInstance } from 'fastify';
import { TEST_ORIGIN, type Browser, type SignedInUser } from './test-client.js';

/** One server-sent event as the stream wrote it. */
export interface StreamEvent {
  id?: string;
  event: string;
  data: unknown;
}

/**
 * `GET /api/events` of a client, read as it arrives (light-my-request streams the hijacked answer):
 * the events so far, a wait for the next one that matches, and whether the server ended it.
 */
export async function openStream(
  app: FastifyInstance,
  client: Browser | SignedInUser,
  options: { tab?: string; lastEventId?: string } = {},
) {
  const response = await app.inject({
    method: 'GET',
    url: `/api/events${options.tab ? `?tab=${options.tab}` : ''}`,
    cookies: client.jar,
    remoteAddress: client.ip,
    headers: { origin: TEST_ORIGIN, ...(options.lastEventId ? { 'last-event-id': options.lastEventId } : {}) },
    payloadAsStream: true,
  });
  const events: StreamEvent[] = [];
  const waiters = new Set<() => void>();
  let text = '';
  let ended = false;
  const stream = response.stream();
  stream.on('data', (chunk: Buffer) => {
    text += chunk.toString('utf8');
    let end: number;
    while ((end = text.indexOf('\n\n')) >= 0) {
      const block = text.slice(0, end);
      text = text.slice(end + 2);
      const fields = Object.fromEntries(
        block
          .split('\n')
          .filter((line) => !line.startsWith(':') && line.includes(': '))
          .map((line) => [line.slice(0, line.indexOf(': ')), line.slice(line.indexOf(': ') + 2)]),
      );
      if (fields.event) events.push({ id: fields.id, event: fields.event, data: JSON.parse(fields.data ?? 'null') });
    }
    for (const wake of waiters) wake();
  });
  stream.on('end', () => {
    ended = true;
    for (const wake of waiters) wake();
  });
  stream.on('error', () => undefined);

  /** Resolves when `check` holds (after each chunk), or fails after `timeoutMs`. */
  function until(check: () => boolean, what: string, timeoutMs = 2_000): Promise<void> {
    return new Promise((resolve, reject) => {
      const wake = () => {
        if (!check()) return;
        waiters.delete(wake);
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        waiters.delete(wake);
        reject(new Error(`${what} did not happen within ${timeoutMs} ms; events: ${JSON.stringify(events)}`));
      }, timeoutMs);
      waiters.add(wake);
      wake();
    });
  }

  return {
    response,
    events,
    /** The first event after the `seen` ones that `matches`, waited for. */
    async next(matches: (event: StreamEvent) => boolean = () => true, seen = 0): Promise<StreamEvent> {
      let found: StreamEvent | undefined;
      await until(() => (found = events.slice(seen).find(matches)) !== undefined, 'the event');
      return found!;
    },
    /** Waits until the server ended the stream. */
    ended: () => until(() => ended, 'the end of the stream'),
    close: () => stream.destroy(),
  };
}
