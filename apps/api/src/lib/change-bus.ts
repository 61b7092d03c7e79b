import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { SharedArea } from '@saldopilot/shared';
import { LISTENER_NAME, type Database, type Listener } from '../db/client.js';
import { openOrganisationChannels, type OrganisationChannels } from './organisation-channels.js';

/**
 * One committed change, small enough for a NOTIFY (< 8000 bytes): what the session caches need, and
 * the domain writes the realtime stream sends to the members (docs/realtime.md).
 */
export type Change =
  /**
   * A write of an organisation's data (`area`: the first part of its path, one whose writes the
   * members share; `id`: the row it names); `eventId` names it on every instance, `tab` is the
   * writing tab (not sent its own change back). A newer instance may send an area this one does not
   * know yet: it is passed on as it is, and the web ignores it (docs/realtime.md).
   */
  | {
      kind: 'domain';
      action: 'created' | 'updated' | 'deleted';
      eventId: string;
      organisationId: number;
      area: SharedArea;
      collection: string;
      id: number | null;
      by: number;
      byName: string;
      tab?: string;
      /** The organisation's stamp after the write (docs/realtime.md "Stamps and ETags"). */
      stamp?: string;
    }
  /** An organisation's name, currency or minimum balance changed, or the organisation is gone. */
  | { kind: 'organisation'; action: 'updated' | 'deleted'; id: number; organisationId: number; by?: number }
  /**
   * A write raised the organisation's data versions: every instance drops the versions it keeps in
   * memory (docs/realtime.md "Stamps and ETags"). Always on PostgreSQL's channel, confirmed by every
   * listener before the write answers, so no instance confirms an old ETag after the answer.
   */
  | { kind: 'versions'; organisationId: number }
  /** User `id` joined, changed role in or left an organisation. */
  | {
      kind: 'membership';
      action: 'created' | 'updated' | 'deleted';
      id: number;
      organisationId: number;
      by?: number;
    }
  /** What decides user `id`'s session changed (their current organisation). */
  | { kind: 'user'; action: 'updated'; id: number }
  /** Sign-ins of user `id` ended: one (`familyId`, a token family) or all (a password change or reset). */
  | { kind: 'sign-in'; action: 'deleted'; id: number; familyId?: string };

export interface ChangeSubscriber {
  /** A change committed by this instance or another one. */
  change(change: Change): void;
  /**
   * Changes may have been missed (the listener lost its connection or has just got it back): drop
   * everything cached; the time-limited caches fill again from the database.
   */
  reset(): void;
}

export interface ChangeBus {
  /**
   * Call after the change has committed. Tells this instance's subscribers at once, sends the change
   * to every instance and waits (at most `confirmWaitMs`) until every instance that listens has
   * applied it: then no instance serves from what it cached before the change.
   */
  publish(change: Change): Promise<void>;
  subscribe(subscriber: ChangeSubscriber): () => void;
  /**
   * The domain changes of the organisation reach this instance while it is watched (with Redis: its
   * channel is subscribed from the first watch to the end of the last; without, every instance hears
   * every organisation anyway). Resolves when the subscription stands, with the function that ends
   * the watch.
   */
  watch(organisationId: number): Promise<() => void>;
  /** True with Redis: an organisation's domain changes arrive only while it is watched. */
  readonly perOrganisation: boolean;
  /** How many domain changes of the organisation this instance has heard from other instances. */
  receivedOf(organisationId: number): number;
  /** Whether the listener is connected (changes of other instances arrive). */
  listening(): boolean;
  /** The server process of the listener, while connected (tests end it to check the reconnect). */
  listenerPid(): number | undefined;
  close(): Promise<void>;
}

export interface ChangeBusOptions {
  log: FastifyBaseLogger;
  /** How long a publish waits for the other instances before it answers anyway. */
  confirmWaitMs?: number;
  /** First and longest pause before connecting the listener again. */
  retryMs?: { first: number; max: number };
  /** Redis (REDIS_URL and its key prefix): domain changes travel on one channel per organisation. */
  redis?: { url: string; keyPrefix: string };
}

/** The one channel of the application's changes. */
export const CHANGE_CHANNEL = 'saldopilot_changes';

/**
 * What travels on the channel: a change (which instance's which publish; `confirm`: the publisher
 * waits for every listening instance to confirm it), or such a confirmation (`of` = the publisher).
 */
type Envelope =
  { origin: string; seq: number; change: Change; confirm: boolean } | { origin: string; seq: number; of: string };

/** How a publish waits: confirmations heard (its own echo counts) against the listeners it reached. */
interface Waiting {
  heard: number;
  needed: number;
  release(): void;
}

/**
 * Publish/subscribe of committed changes between the API instances on one database (docs/api.md
 * "Sessions, roles, protection"): `pg_notify` on one channel, heard by each instance's own LISTEN
 * connection (PGlite: the embedded database's own LISTEN, shared by every app in the process).
 * With Redis (`options.redis`), the domain changes — nearly all of the traffic — travel on one Redis
 * channel per organisation instead (organisation-channels.ts), heard only by the instances that
 * watch it, and the channel of PostgreSQL carries only what the access gate needs, as before.
 *
 * Why a publish waits for confirmations, not only for its own echo: PostgreSQL hands a notification
 * to every listening connection at commit, but each instance reads it from its socket in its own
 * time; a request that instance reads first would still be served from the old cache. So on
 * PostgreSQL every other listener confirms after applying the change, and the publish waits for as
 * many confirmations as `pg_stat_activity` shows listeners (bounded, then it answers anyway). PGlite
 * calls every listener of the process before the notifying query returns: its own echo suffices.
 *
 * A listener that cannot connect does not stop the server: it logs once, tries again with backoff,
 * and the caches fall back to their time limit meanwhile.
 */
export async function openChangeBus(database: Database, options: ChangeBusOptions): Promise<ChangeBus> {
  const { log, confirmWaitMs = 1_000 } = options;
  const retry = options.retryMs ?? { first: 100, max: 5_000 };
  const origin = randomUUID();
  const subscribers = new Set<ChangeSubscriber>();
  const waiting = new Map<number, Waiting>();
  const confirms = database.kind === 'postgres';
  /** Domain changes heard from other instances, per organisation. */
  const received = new Map<number, number>();
  let seq = 0;
  let listener: Listener | undefined;
  let closed = false;
  let failures = 0;
  /** The listener was connected before, or failed to: its coming back is worth a log line. */
  let down = false;
  let retryTimer: NodeJS.Timeout | undefined;

  const tell = (deliver: (subscriber: ChangeSubscriber) => void) => {
    for (const subscriber of subscribers) {
      try {
        deliver(subscriber);
      } catch (error) {
        log.error({ err: error }, 'a change subscriber failed');
      }
    }
  };

  /** Sends an envelope; on PostgreSQL answers how many instances listen (this one included). */
  async function send(envelope: Envelope): Promise<number> {
    const payload = JSON.stringify(envelope);
    if (!confirms) {
      await database.db.execute(sql`select pg_notify(${CHANGE_CHANNEL}, ${payload})`);
      return 1;
    }
    // Both drivers answer `{ rows }`; the shared query builder types the result as unknown.
    const result = (await database.db.execute(
      sql`select pg_notify(${CHANGE_CHANNEL}, ${payload}), (select count(*)::int from pg_stat_activity
        where datname = current_database() and application_name = ${LISTENER_NAME}) as listeners`,
    )) as unknown as { rows: { listeners: number }[] };
    return result.rows[0]?.listeners ?? 1;
  }

  /** A confirmation (or the own echo) of publish `n`. */
  function heard(n: number): void {
    const wait = waiting.get(n);
    if (!wait) return;
    wait.heard += 1;
    if (wait.heard >= wait.needed) wait.release();
  }

  /** Nothing can come back while the listener is down: release every waiting publish. */
  const releaseWaiting = () => {
    for (const wait of [...waiting.values()]) wait.release();
  };

  function heardPayload(payload: string): void {
    let envelope: Envelope | null;
    try {
      envelope = JSON.parse(payload) as Envelope | null;
    } catch {
      return;
    }
    if (typeof envelope !== 'object' || envelope === null) return;
    if ('of' in envelope) {
      if (envelope.of === origin) heard(envelope.seq);
      return;
    }
    // Our own publish: the subscribers here were told when it was sent.
    if (envelope.origin === origin) return heard(envelope.seq);
    const { change } = envelope;
    if (typeof change?.kind !== 'string') return;
    if (change.kind === 'domain') {
      received.set(change.organisationId, (received.get(change.organisationId) ?? 0) + 1);
    }
    tell((subscriber) => subscriber.change(change));
    if (envelope.confirm) {
      send({ origin, seq: envelope.seq, of: envelope.origin }).catch((error: unknown) =>
        log.warn({ err: error }, 'a change could not be confirmed'),
      );
    }
  }
  function lost(error: Error): void {
    listener = undefined;
    down = true;
    releaseWaiting();
    tell((subscriber) => subscriber.reset());
    if (closed) return;
    log.warn({ err: error }, 'change listener lost its database connection; reconnecting');
    scheduleConnect();
  }

  function scheduleConnect(): void {
    const pause = Math.min(retry.max, retry.first * 2 ** failures);
    retryTimer = setTimeout(() => void connect(), pause);
    retryTimer.unref();
  }

  async function connect(): Promise<void> {
    retryTimer = undefined;
    try {
      const opened = await database.listen(CHANGE_CHANNEL, heardPayload, lost);
      if (closed) {
        await opened.close();
        return;
      }
      listener = opened;
      if (down) log.info('change listener connected again');
      down = false;
      failures = 0;
      // Whatever was published while nobody here listened is unknown: start over.
      tell((subscriber) => subscriber.reset());
    } catch (error) {
      if (closed) return;
      // Once per outage (a lost connection has said so already); the caches keep their time limit.
      if (!down) log.warn({ err: error }, 'change listener cannot connect; caches fall back to their time limit');
      failures += 1;
      down = true;
      scheduleConnect();
    }
  }

  await connect();
  const channels: OrganisationChannels | undefined = options.redis
    ? await openOrganisationChannels({
        ...options.redis,
        log,
        onMessage: heardPayload,
        // The Redis listener was away: what was published meanwhile is unknown, as after a PostgreSQL gap.
        onGap: () => tell((subscriber) => subscriber.reset()),
      })
    : undefined;

  return {
    async publish(change) {
      tell((subscriber) => subscriber.change(change));
      if (closed) return;
      seq += 1;
      // A domain change goes to its organisation's channel only; no cache waits for it (the streams
      // are told as it comes). While Redis is away it takes PostgreSQL's channel, which every
      // instance hears. What the access gate needs (membership, sign-in, user, organisation) always
      // takes PostgreSQL, confirmed by every listener (docs/realtime.md "Across instances").
      if (channels && change.kind === 'domain') {
        try {
          await channels.publish(change.organisationId, JSON.stringify({ origin, seq, change, confirm: false }));
          return;
        } catch (error) {
          log.debug({ err: error }, 'a change goes over PostgreSQL while Redis is away');
        }
      }
      // Without a listener nothing can be confirmed: the others' caches fall back to their time limit.
      const wait = listener ? waitFor(seq) : undefined;
      try {
        const listeners = await send({ origin, seq, change, confirm: confirms });
        if (wait) {
          wait.needed = listeners;
          if (wait.heard >= wait.needed) wait.release();
        }
      } catch (error) {
        // The write has committed; other instances see it after their caches' time limit.
        wait?.release();
        log.warn({ err: error }, 'a change could not be sent to the other instances');
      }
      await wait?.done;
    },
    subscribe(subscriber) {
      subscribers.add(subscriber);
      return () => void subscribers.delete(subscriber);
    },
    async watch(organisationId) {
      return channels ? channels.watch(organisationId) : () => undefined;
    },
    perOrganisation: channels !== undefined,
    receivedOf: (organisationId) => received.get(organisationId) ?? 0,
    listening: () => listener !== undefined,
    listenerPid: () => listener?.pid,
    async close() {
      closed = true;
      if (retryTimer) clearTimeout(retryTimer);
      releaseWaiting();
      await channels?.close();
      await listener?.close();
      listener = undefined;
    },
  };

  /** Publish `n` is done when confirmed by every listener, after `confirmWaitMs`, or when the listener goes down. */
  function waitFor(n: number): Waiting & { done: Promise<void> } {
    let release = () => undefined as void;
    const done = new Promise<void>((resolve) => (release = resolve));
    const timer = setTimeout(() => {
      const wait = waiting.get(n);
      if (!wait) return;
      log.warn(
        { waitedMs: confirmWaitMs, heard: wait.heard, needed: wait.needed },
        'a change was not confirmed by every instance in time',
      );
      wait.release();
    }, confirmWaitMs);
    const wait = {
      heard: 0,
      needed: Number.POSITIVE_INFINITY,
      done,
      release: () => {
        clearTimeout(timer);
        waiting.delete(n);
        release();
      },
    };
    waiting.set(n, wait);
    return wait;
  }
}
