import type { FastifyBaseLogger } from 'fastify';

/**
 * One Redis pub/sub channel per organisation for the change bus's domain changes (docs/realtime.md
 * "Across instances"): an instance subscribes to an organisation's channel while at least one of its
 * streams belongs to that organisation, so the writes of an organisation nobody here watches never
 * reach it. The first `watch` of an organisation subscribes, the end of the last one unsubscribes.
 *
 * Two connections (a subscribed Redis connection takes no other commands): one publishes, one
 * listens. Neither stops the server nor makes a write wait: a publish while Redis is away fails at
 * once (no offline queue) and the bus sends the change over PostgreSQL instead; a listener that lost
 * its connection subscribes again by itself when it is back, and `onGap` tells the bus that changes
 * may have been missed meanwhile.
 */
export interface OrganisationChannels {
  /** Sends `payload` on the organisation's channel; rejects at once while Redis is unreachable. */
  publish(organisationId: number, payload: string): Promise<void>;
  /**
   * Listens to the organisation's channel (counted per organisation). Resolves once Redis has
   * confirmed the subscription (or after the timeout while it is away) with the function that ends
   * this watch.
   */
  watch(organisationId: number): Promise<() => void>;
  /** The organisations whose channels this instance listens to now. */
  watched(): number[];
  close(): Promise<void>;
}

export interface OrganisationChannelsOptions {
  url: string;
  keyPrefix: string;
  log: FastifyBaseLogger;
  /** A message heard on any watched channel. */
  onMessage(payload: string): void;
  /** The listening connection is back after a loss: messages sent meanwhile were missed. */
  onGap(): void;
  timeoutMs?: number;
}

/** Longest wait for Redis at start, for a publish and for a subscription's confirmation. */
const TIMEOUT_MS = 500;
const RETRY_MAX_MS = 1_000;

/** The channel of an organisation's domain changes. */
export const organisationChannel = (keyPrefix: string, organisationId: number) =>
  `${keyPrefix}changes:organisation:${organisationId}`;

export async function openOrganisationChannels(options: OrganisationChannelsOptions): Promise<OrganisationChannels> {
  const { url, keyPrefix, log, onMessage, onGap } = options;
  const timeoutMs = options.timeoutMs ?? TIMEOUT_MS;
  // Loaded when configured only: an installation without Redis never imports the client.
  const { createClient } = await import('redis');
  const publisher = createClient({
    url,
    disableOfflineQueue: true,
    commandOptions: { timeout: timeoutMs },
    socket: {
      connectTimeout: timeoutMs,
      reconnectStrategy: (retries) => Math.min(2 ** retries * 50, RETRY_MAX_MS),
    },
  });
  // Subscriptions asked for while Redis is away wait in the listener's queue and are sent once it
  // is back; the client subscribes again to every channel after a reconnect.
  const listener = publisher.duplicate({ disableOfflineQueue: false });
  const counts = new Map<number, number>();
  let closed = false;
  /** Whether the listener has been connected and lost it since: the next `ready` is a gap. */
  let listenerLost = false;
  let warned = false;

  const warnOnce = (error: Error) => {
    if (warned || closed) return;
    warned = true;
    // The rate limits' store names the setting once (app.ts); this says what it means for the events.
    log.warn({ err: error }, 'Redis cannot be reached: change events travel over PostgreSQL meanwhile');
  };
  publisher.on('error', warnOnce);
  listener.on('error', (error: Error) => {
    warnOnce(error);
    listenerLost = true;
  });
  publisher.on('ready', () => {
    if (warned) log.info('Redis is reachable again: change events travel over Redis');
    warned = false;
  });
  listener.on('ready', () => {
    if (!listenerLost || closed) return;
    listenerLost = false;
    onGap();
  });

  const receive = (message: string) => onMessage(message);
  const firstAttempt = (client: typeof publisher) =>
    new Promise<void>((resolve) => {
      client.once('ready', resolve);
      client.once('error', () => resolve());
      setTimeout(resolve, 2 * timeoutMs).unref();
    });
  const started = Promise.all([firstAttempt(publisher), firstAttempt(listener)]);
  publisher.connect().catch(() => undefined);
  listener.connect().catch(() => undefined);
  await started;
  // A loss before the first connection is no gap: nothing was watched yet.
  listenerLost = false;

  /** `promise` or, after `timeoutMs`, nothing more to wait for (it goes on in the background). */
  const bounded = (promise: Promise<unknown>) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, timeoutMs);
      timer.unref();
      promise.then(
        () => (clearTimeout(timer), resolve()),
        (error: unknown) => {
          clearTimeout(timer);
          if (!closed) log.warn({ err: error }, 'a Redis channel subscription failed');
          resolve();
        },
      );
    });

  return {
    async publish(organisationId, payload) {
      if (!publisher.isReady) throw new Error('Redis is not connected');
      await publisher.publish(organisationChannel(keyPrefix, organisationId), payload);
    },
    async watch(organisationId) {
      const count = counts.get(organisationId) ?? 0;
      counts.set(organisationId, count + 1);
      const channel = organisationChannel(keyPrefix, organisationId);
      if (count === 0 && !closed) await bounded(listener.subscribe(channel, receive));
      let ended = false;
      return () => {
        if (ended) return;
        ended = true;
        const left = (counts.get(organisationId) ?? 1) - 1;
        if (left > 0) return void counts.set(organisationId, left);
        counts.delete(organisationId);
        if (closed) return;
        listener.unsubscribe(channel, receive).catch((error: unknown) => {
          if (!closed) log.warn({ err: error }, 'a Redis channel could not be unsubscribed');
        });
      };
    },
    watched: () => [...counts.keys()],
    async close() {
      closed = true;
      counts.clear();
      for (const client of [listener, publisher]) {
        // close() waits for the answers to pending commands; from a Redis that gives none, never.
        if (client.isReady) await bounded(client.close().catch(() => client.destroy()));
        if (client.isOpen) client.destroy();
      }
    },
  };
}
