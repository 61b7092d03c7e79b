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
import { areaQueryRoots, planQueryRoots } from './query-keys';
import { tellRemoteChange } from './remote-changes';

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
 * Acts on one event: a change invalidates its area's queries (active ones load again at once,
 * others when shown next) and tells the listeners; `reset` (changes were missed) invalidates all.
 */
export async function handleStreamEvent(event: StreamEvent, client: QueryClient = appQueryClient): Promise<void> {
  if (event.type === 'reset') {
    await client.invalidateQueries();
    return;
  }
  tellRemoteChange(event.change);
  const stale = queryRootsOfChange(event.change.kind) ?? [];
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

  const onEvent = (message: MessageEvent<string>) => {
    const event = readStreamEvent(message.type, message.data);
    if (event) void handleStreamEvent(event, client);
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
      if (afterRefusal && !wasOpen) void client.invalidateQueries();
      // The server ends the stream of a member whose role changed; the stream resumes, and the
      // role (write buttons) is read again.
      else if (wasOpen) void client.invalidateQueries({ queryKey: areaQueryRoots.organisations });
      wasOpen = true;
    });
    current.addEventListener('error', () => {
      // CONNECTING: EventSource resumes by itself. CLOSED: the server refused the stream.
      if (current.readyState !== CLOSED || stopped) return;
      current.close();
      // The first refusal reloads what is on screen: a 401 lets the session handling take over,
      // a removed member sees the refusals, a restarted server its current data.
      if (refusals === 0) void client.invalidateQueries({ type: 'active' });
      const delay = delays[refusals];
      refusals += 1;
      if (delay !== undefined) retry = setTimeout(() => connect(true), delay);
    });
  }

  connect(false);
  return () => {
    stopped = true;
    clearTimeout(retry);
    source?.close();
  };
}

/** Keeps the stream of the organisation open while mounted in the signed-in shell. */
export function useChangeStream(organisationId: number | null): void {
  useEffect(() => (organisationId === null ? undefined : openChangeStream()), [organisationId]);
}
