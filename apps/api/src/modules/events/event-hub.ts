import { createHash, randomUUID } from 'node:crypto';
import { streamEvents, type ChangeEvent } from '@saldopilot/shared';
import type { Change, ChangeBus } from '../../lib/change-bus.js';
import type { StreamLease, StreamLeases } from './stream-leases.js';

/**
 * The realtime hub of one instance (docs/realtime.md): every domain change of the change bus —
 * this instance's and the others' — goes to the open streams of its organisation, except the tab
 * that made it, and into a bounded buffer per organisation from which a reconnecting tab gets what
 * it missed (`Last-Event-ID`). A member removed or demoted, or whose sign-ins ended, loses the
 * stream at once; a bus that may have missed changes tells every stream to read everything again.
 */

/** Events kept per organisation for replay; an older `Last-Event-ID` gets `reset`. */
export const REPLAY_EVENTS = 500;
/** Organisations whose recent events are kept (least recently written goes first). */
const ORGANISATIONS_KEPT = 1_000;
/** Open streams per user (tabs and devices together, on all instances: stream-leases.ts). */
export const STREAMS_PER_USER = 10;

type DomainChange = Extract<Change, { kind: 'domain' }>;

/** One open stream: where it belongs and how to write to it. */
export interface Stream {
  userId: number;
  organisationId: number;
  tab: string | undefined;
  /** Writes the text of an event (or a comment) to the stream. */
  write(text: string): void;
  /** Ends the stream (the client may come back). */
  end(): void;
}

/** The text of a server-sent event. */
export function eventText(name: string, data: unknown, id?: string): string {
  return `${id === undefined ? '' : `id: ${id}\n`}event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;
}

/** What a change event names its writing tab by (`origin` of the contract). */
export function tabOrigin(tab: string): string {
  return createHash('sha256').update(tab).digest('base64url').slice(0, 16);
}

function changeEvent(change: DomainChange): ChangeEvent {
  return {
    kind: change.area,
    collection: change.collection,
    id: change.id,
    action: change.action,
    by: { id: change.by, name: change.byName },
    ...(change.stamp === undefined ? {} : { stamp: change.stamp }),
    ...(change.tab === undefined ? {} : { origin: tabOrigin(change.tab) }),
  };
}

export type EventHub = ReturnType<typeof createEventHub>;

export function createEventHub(changes: ChangeBus, leases: StreamLeases) {
  /** The open streams, each with the end of its watch of its organisation (change-bus.ts `watch`). */
  const streams = new Map<Stream, () => void>();
  /** Open streams per organisation on this instance. */
  const open = new Map<number, number>();
  const recent = new Map<number, DomainChange[]>();

  /** Removes the stream (once) and ends its watch. */
  function remove(stream: Stream): void {
    const unwatch = streams.get(stream);
    if (!unwatch) return;
    streams.delete(stream);
    unwatch();
    const left = (open.get(stream.organisationId) ?? 1) - 1;
    if (left > 0) return void open.set(stream.organisationId, left);
    open.delete(stream.organisationId);
    // With a channel per organisation nothing of it arrives from now on: its kept events would
    // replay with a gap to a tab that reconnects later, so they go (that tab gets `reset`).
    if (changes.perOrganisation) recent.delete(stream.organisationId);
  }

  function remember(change: DomainChange): void {
    const list = recent.get(change.organisationId) ?? [];
    list.push(change);
    if (list.length > REPLAY_EVENTS) list.splice(0, list.length - REPLAY_EVENTS);
    // Most recently written last: the oldest organisations drop out beyond the bound.
    recent.delete(change.organisationId);
    recent.set(change.organisationId, list);
    for (const organisationId of recent.keys()) {
      if (recent.size <= ORGANISATIONS_KEPT) break;
      recent.delete(organisationId);
    }
  }

  function send(stream: Stream, change: DomainChange): void {
    if (stream.organisationId !== change.organisationId || (stream.tab && stream.tab === change.tab)) return;
    stream.write(eventText(streamEvents.change, changeEvent(change), change.eventId));
  }

  function endWhere(matches: (stream: Stream) => boolean): void {
    for (const stream of [...streams.keys()]) {
      if (matches(stream)) {
        remove(stream);
        stream.end();
      }
    }
  }

  changes.subscribe({
    change(change) {
      switch (change.kind) {
        case 'domain':
          remember(change);
          for (const stream of streams.keys()) send(stream, change);
          return;
        case 'membership':
          // Removed or with another role: the stream ends; the tab reconnects with what it may see now.
          if (change.action !== 'created') {
            endWhere((stream) => stream.userId === change.id && stream.organisationId === change.organisationId);
          }
          return;
        case 'organisation':
          if (change.action === 'deleted') endWhere((stream) => stream.organisationId === change.organisationId);
          return;
        case 'user':
          // Another current organisation: the stream of the old one ends.
          endWhere((stream) => stream.userId === change.id);
          return;
        case 'sign-in':
          endWhere((stream) => stream.userId === change.id);
          return;
      }
    },
    reset() {
      // Changes may have been missed: every tab reads everything once, and no replay is trusted.
      recent.clear();
      for (const stream of streams.keys()) stream.write(eventText(streamEvents.reset, {}));
    },
  });

  return {
    /**
     * A place for one more stream of the user, counted across every instance, or undefined when
     * STREAMS_PER_USER are open already.
     */
    takePlace(userId: number): Promise<StreamLease | undefined> {
      return leases.take(userId, STREAMS_PER_USER);
    },

    /**
     * Adds the stream once its organisation's changes reach this instance (change-bus.ts `watch`);
     * with `lastEventId` first what it missed since that event (or `reset` when the buffer no longer
     * reaches back to it). Answers the function that removes it again.
     */
    async open(stream: Stream, lastEventId?: string): Promise<() => void> {
      // In the hub at once, so what ends a stream (a removed member, ended sign-ins) ends it also
      // while its watch is being set up; its domain changes flow once the watch stands.
      let removed = false;
      streams.set(stream, () => {
        removed = true;
      });
      open.set(stream.organisationId, (open.get(stream.organisationId) ?? 0) + 1);
      if (lastEventId) {
        const list = recent.get(stream.organisationId) ?? [];
        const at = list.findIndex((change) => change.eventId === lastEventId);
        if (at < 0) stream.write(eventText(streamEvents.reset, {}));
        else for (const change of list.slice(at + 1)) send(stream, change);
      }
      const unwatch = await changes.watch(stream.organisationId);
      if (removed) {
        unwatch();
        return () => undefined;
      }
      streams.set(stream, unwatch);
      return () => remove(stream);
    },

    /** Publishes a committed domain write to every instance's streams. */
    publish(change: Omit<DomainChange, 'kind' | 'eventId'>): Promise<void> {
      return changes.publish({ kind: 'domain', eventId: randomUUID(), ...change });
    },

    /** Ends every stream (the server shuts down: open streams must not hold it). */
    closeAll(): void {
      endWhere(() => true);
    },
  };
}
