import { useEffect } from 'react';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import {
  areas,
  isSharedArea,
  receivedChangeEventSchema,
  streamEvents,
  type ReceivedChangeEvent,
} from '@saldopilot/shared';
import { tabId } from './api-client';
import { queryClient as appQueryClient } from './query-client';
import { areaQueryRoots, organisationQueries, planQueryRoots } from './query-keys';
import { tellRemoteChange } from './remote-changes';
import { answersCarry, forgetAnswerStamps } from './answer-stamps';

/**
 * Realtime between members (docs/web.md "Realtime"): the stream of the current organisation's
 * changes (`GET /api/events`), turned into invalidated queries — lists, employee pages and the
 * forecast load again by themselves — and into the notice of an open dialog whose item another
 * member changed (lib/remote-changes.ts, kept apart so the dialogs' chunks carry only that).
 */

/**
 * The query-key roots a change of `kind` makes stale, by its entry in packages/shared/src/areas.ts:
 * the roots of the area and of the areas that show its names (`stale`), then the forecast and
 * Plan/Ist when they follow it (nearly every area). Undefined for an area this app does not know (a
 * newer server): nothing of ours shows it, and guessing would reload at random.
 */
export function queryRootsOfChange(kind: string): readonly QueryKey[] | undefined {
  if (!isSharedArea(kind)) return undefined;
  const area = areas[kind];
  const plan = area.forecastFollows ? [planQueryRoots.forecasts, planQueryRoots.planActual] : [];
  return [...area.stale.map((root) => [root]), ...plan];
}

export type StreamEvent = { type: 'change'; change: ReceivedChangeEvent } | { type: 'reset' };

/**
 * An event of the stream by its name and data; null for one that is not the contract's (ignored). A
 * change of any kind is read: one of an area this app does not know still tells an open dialog.
 */
export function readStreamEvent(name: string, data: string): StreamEvent | null {
  if (name === streamEvents.reset) return { type: 'reset' };
  if (name !== streamEvents.change) return null;
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch {
    return null;
  }
  const parsed = receivedChangeEventSchema.safeParse(json);
  return parsed.success ? { type: 'change', change: parsed.data } : null;
}

/**
 * Collects the query roots a burst of events makes stale and reloads them at most once per
 * `intervalMs` (docs/realtime.md "Coalesced reloads"): the first event of a quiet time at once, the
 * rest of a burst (a bulk import sends hundreds) together at the end of the interval.
 */
export function createReloads(client: QueryClient, intervalMs: number = RELOAD_INTERVAL_MS) {
  const pending = new Map<string, QueryKey>();
  let everything = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let last = Number.NEGATIVE_INFINITY;

  function flush(): void {
    timer = undefined;
    last = Date.now();
    const roots = [...pending.values()];
    pending.clear();
    if (everything) {
      everything = false;
      forgetAnswerStamps();
      void client.invalidateQueries(organisationQueries);
      return;
    }
    if (roots.some((root) => planRoots.has(JSON.stringify(root)))) forgetAnswerStamps();
    for (const queryKey of roots) void client.invalidateQueries({ queryKey });
  }
  function schedule(): void {
    if (timer !== undefined) return;
    const wait = last + intervalMs - Date.now();
    if (wait <= 0) flush();
    else timer = setTimeout(flush, wait);
  }
  return {
    add(roots: readonly QueryKey[]): void {
      if (roots.length === 0) return;
      for (const root of roots) pending.set(JSON.stringify(root), root);
      schedule();
    },
    all(): void {
      everything = true;
      schedule();
    },
    stop(): void {
      clearTimeout(timer);
    },
  };
}

/** At most one reload per page per this many milliseconds, however many events arrive. */
export const RELOAD_INTERVAL_MS = 1_000;

const planRoots = new Set([planQueryRoots.forecasts, planQueryRoots.planActual].map((root) => JSON.stringify(root)));

/**
 * The roots an event makes stale: a change's area's (none for one this tab made itself, which a
 * stream shared by the tabs of the browser still carries), without the forecast's and Plan/Ist's
 * when every answer of theirs read since their last reload carries the event's stamp already
 * (docs/realtime.md "Stamps and ETags").
 */
export function staleRootsOf(change: ReceivedChangeEvent, ownOrigin: string | undefined): readonly QueryKey[] {
  if (ownOrigin !== undefined && change.origin === ownOrigin) return [];
  const roots = queryRootsOfChange(change.kind) ?? [];
  if (change.stamp === undefined || !answersCarry(change.stamp)) return roots;
  return roots.filter((root) => !planRoots.has(JSON.stringify(root)));
}

/**
 * Acts on one event at once: a change invalidates its area's queries (active ones load again at
 * once, others when shown next) and tells the listeners; `reset` (changes were missed) invalidates
 * all. The stream coalesces them instead (`createReloads`).
 */
export async function handleStreamEvent(event: StreamEvent, client: QueryClient = appQueryClient): Promise<void> {
  if (event.type === 'reset') {
    await client.invalidateQueries(organisationQueries);
    return;
  }
  tellRemoteChange(event.change);
  const stale = staleRootsOf(event.change, undefined);
  await Promise.all(stale.map((queryKey) => client.invalidateQueries({ queryKey })));
}

/** The stream's address: the tab's id, the same the requests carry, keeps its own changes away. */
export function eventStreamUrl(tab: string = tabId): string {
  return `/api/events?tab=${encodeURIComponent(tab)}`;
}

/**
 * Waits before opening the stream again after the server refused it (not a dropped connection,
 * which EventSource resumes itself with `Last-Event-ID`). A refusal is mostly final — signed out
 * (401), no longer a member (403), too many tabs (429) — so a few tries, then none: no loop.
 */
export const STREAM_RETRY_DELAYS_MS = [5_000, 30_000, 120_000] as const;

// EventSource.CLOSED, spelled out: the unit tests run where no EventSource exists.
const CLOSED = 2;

export interface ChangeStreamOptions {
  client?: QueryClient;
  /** Also called with each event's name and data as it arrives (the leader tab passes them on). */
  onMessage?: (name: string, data: string) => void;
  /** Also called with what a new or resumed stream reloads (the leader tab passes it on). */
  onReload?: (what: 'all' | 'active' | 'organisations') => void;
  /** This tab's `origin` (its hashed tab id): its own changes reload nothing. */
  ownOrigin?: string;
  reloadIntervalMs?: number;
  /** Replaced in unit tests. */
  createSource?: (url: string) => EventSource;
  retryDelaysMs?: readonly number[];
}

/**
 * Opens the stream of the current organisation and acts on its events until the answered function
 * is called (sign-out and organisation switch reload the page, which ends it too).
 */
export function openChangeStream(options: ChangeStreamOptions = {}): () => void {
  const client = options.client ?? appQueryClient;
  const createSource = options.createSource ?? ((url: string) => new EventSource(url));
  const delays = options.retryDelaysMs ?? STREAM_RETRY_DELAYS_MS;
  let source: EventSource | undefined;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let refusals = 0;
  let stopped = false;

  const reloads = createReloads(client, options.reloadIntervalMs);
  const onEvent = (message: MessageEvent<string>) => {
    options.onMessage?.(message.type, message.data);
    actOn(readStreamEvent(message.type, message.data), reloads, options.ownOrigin);
  };
  const reload = (what: 'all' | 'active' | 'organisations') => {
    options.onReload?.(what);
    reloadNow(client, what);
  };

  function connect(afterRefusal: boolean): void {
    let wasOpen = false;
    const current = createSource(eventStreamUrl());
    source = current;
    current.addEventListener(streamEvents.change, onEvent);
    current.addEventListener(streamEvents.reset, onEvent);
    current.addEventListener('open', () => {
      refusals = 0;
      // A new stream after a refusal has no Last-Event-ID: what happened meanwhile is unknown.
      if (afterRefusal && !wasOpen) reload('all');
      // The server ends the stream of a member whose role changed; the stream resumes, and the
      // role (write buttons) is read again.
      else if (wasOpen) reload('organisations');
      wasOpen = true;
    });
    current.addEventListener('error', () => {
      // CONNECTING: EventSource resumes by itself. CLOSED: the server refused the stream.
      if (current.readyState !== CLOSED || stopped) return;
      current.close();
      // The first refusal reloads what is on screen: a 401 lets the session handling take over,
      // a removed member sees the refusals, a restarted server its current data.
      if (refusals === 0) reload('active');
      const delay = delays[refusals];
      refusals += 1;
      if (delay !== undefined) retry = setTimeout(() => connect(true), delay);
    });
  }

  connect(false);
  return () => {
    stopped = true;
    clearTimeout(retry);
    reloads.stop();
    source?.close();
  };
}

/** An event, coalesced: a change tells the listeners at once and collects its stale roots. */
function actOn(event: StreamEvent | null, reloads: ReturnType<typeof createReloads>, ownOrigin?: string): void {
  if (!event) return;
  if (event.type === 'reset') return reloads.all();
  if (ownOrigin !== undefined && event.change.origin === ownOrigin) return;
  tellRemoteChange(event.change);
  reloads.add(staleRootsOf(event.change, ownOrigin));
}

function reloadNow(client: QueryClient, what: 'all' | 'active' | 'organisations'): void {
  if (what === 'all') {
    forgetAnswerStamps();
    void client.invalidateQueries(organisationQueries);
  } else if (what === 'active') void client.invalidateQueries({ ...organisationQueries, type: 'active' });
  else void client.invalidateQueries({ queryKey: areaQueryRoots.organisations });
}

/** The name of the lock and the channel the tabs of one browser share a stream by. */
const SHARED_STREAM = 'saldopilot-events';

/** What the leader tab passes on to the others. */
type Relay =
  { type: 'message'; name: string; data: string } | { type: 'reload'; what: 'all' | 'active' | 'organisations' };

/** This tab's `origin` as change events name it: the first 16 characters of base64url SHA-256 of its tab id. */
export async function originOf(tab: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(tab)));
  const base64 = btoa(String.fromCharCode(...digest));
  return base64.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '').slice(0, 16);
}

/**
 * One stream for all tabs of the browser (docs/realtime.md "One stream per browser"): the tab that
 * holds the Web Lock of the organisation opens the stream and passes every event on over a
 * BroadcastChannel; the others act on what it passes on, each dropping its own changes (`origin`).
 * When the leader closes, the lock goes to a waiting tab, which opens the stream and reloads
 * everything once (events may have passed between the two streams). Without Web Locks,
 * BroadcastChannel or SubtleCrypto, each tab opens its own stream.
 */
export function openSharedChangeStream(organisationId: number, client: QueryClient = appQueryClient): () => void {
  const locks = typeof navigator === 'undefined' ? undefined : (navigator as Partial<Navigator>).locks;
  if (!locks || typeof BroadcastChannel === 'undefined' || !globalThis.crypto?.subtle)
    return openChangeStream({ client });
  const name = `${SHARED_STREAM}:${organisationId}`;
  const channel = new BroadcastChannel(name);
  const reloads = createReloads(client);
  let ownOrigin: string | undefined;
  let stopped = false;
  let release: (() => void) | undefined;
  const abort = new AbortController();
  void originOf(tabId).then((origin) => (ownOrigin = origin));

  channel.onmessage = (message: MessageEvent<Relay>) => {
    const relay = message.data;
    if (relay.type === 'message') actOn(readStreamEvent(relay.name, relay.data), reloads, ownOrigin);
    else reloadNow(client, relay.what);
  };
  const asked = Date.now();
  locks
    .request(name, { signal: abort.signal }, () => {
      if (stopped) return undefined;
      // Waited for the lock: another tab's stream served this one until now, and what passed between
      // its end and this stream's start is unknown.
      if (Date.now() - asked > 200) {
        reloadNow(client, 'all');
        channel.postMessage({ type: 'reload', what: 'all' } satisfies Relay);
      }
      const close = openChangeStream({
        client,
        onMessage: (event, data) => channel.postMessage({ type: 'message', name: event, data } satisfies Relay),
        onReload: (what) => channel.postMessage({ type: 'reload', what } satisfies Relay),
      });
      // Held until this tab closes its stream (sign-out, another organisation, the tab closed).
      return new Promise<void>((resolve) => {
        release = () => {
          close();
          resolve();
        };
      });
    })
    .catch(() => undefined);

  return () => {
    stopped = true;
    abort.abort();
    release?.();
    reloads.stop();
    channel.close();
  };
}

/** Keeps the stream of the organisation open while mounted in the signed-in shell (one per browser). */
export function useChangeStream(organisationId: number | null): void {
  useEffect(() => (organisationId === null ? undefined : openSharedChangeStream(organisationId)), [organisationId]);
}
