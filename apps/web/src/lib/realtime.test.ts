import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClient, type QueryKey } from '@tanstack/react-query';
import { sharedAreas, type ReceivedChangeEvent } from '@saldopilot/shared';
import { tabId } from './api-client';
import {
  eventStreamUrl,
  handleStreamEvent,
  openChangeStream,
  originOf,
  queryRootsOfChange,
  readStreamEvent,
  staleRootsOf,
} from './realtime';
import { forgetAnswerStamps, rememberAnswerStamp } from './answer-stamps';
import { changeKinds, onRemoteChange } from './remote-changes';

const anna = { id: 3, name: 'Anna Muster' };
const change = (kind: string, id: number | null = 12): ReceivedChangeEvent => ({
  kind,
  collection: kind,
  id,
  action: 'updated',
  by: anna,
});
const plan = [['forecasts'], ['plan-actual']];

describe('queryRootsOfChange', () => {
  it("maps each area to its roots, and every one to the forecast and Plan/Ist, which follow nearly every area's data", () => {
    expect(queryRootsOfChange('transactions')).toEqual([['transactions'], ...plan]);
    expect(queryRootsOfChange('bank-accounts')).toEqual([['bank-accounts'], ...plan]);
    // Entries and statements are kept under their account.
    expect(queryRootsOfChange('bank-entries')).toEqual([['bank-accounts'], ...plan]);
    expect(queryRootsOfChange('bank-statements')).toEqual([['bank-accounts'], ...plan]);
    expect(queryRootsOfChange('employees')).toEqual([['employees'], ['transactions'], ...plan]);
    expect(queryRootsOfChange('categories')).toEqual([['categories'], ['transactions'], ['bank-accounts'], ...plan]);
    expect(queryRootsOfChange('vats')).toEqual([['vats'], ['transactions'], ...plan]);
    expect(queryRootsOfChange('forecasts')).toEqual(plan);
    expect(queryRootsOfChange('occurrence-dismissals')).toEqual(plan);
    expect(queryRootsOfChange('vat-settings')).toEqual([['vat-settings'], ...plan]);
    expect(queryRootsOfChange('organisations')).toEqual([['organisation'], ['organisations'], ...plan]);
  });

  it('names every area whose writes the members share (packages/shared/src/areas.ts) a kind, each with roots', () => {
    expect(Object.values(changeKinds)).toEqual(sharedAreas);
    for (const kind of sharedAreas) expect(queryRootsOfChange(kind)?.length).toBeGreaterThan(0);
  });

  it('knows every kind it names, and none else (also not what every object has)', () => {
    for (const kind of Object.values(changeKinds)) expect(queryRootsOfChange(kind)).toBeDefined();
    for (const kind of ['reports', 'profile', '', 'constructor', '__proto__', 'toString']) {
      expect(queryRootsOfChange(kind)).toBeUndefined();
    }
  });
});

describe('readStreamEvent', () => {
  it('reads a change and a reset', () => {
    const data =
      '{"kind":"transactions","collection":"transactions","id":12,"action":"updated","by":{"id":3,"name":"Anna Muster"}}';
    expect(readStreamEvent('change', data)).toEqual({ type: 'change', change: change('transactions') });
    expect(readStreamEvent('reset', '{}')).toEqual({ type: 'reset' });
    expect(readStreamEvent('reset', '')).toEqual({ type: 'reset' });
  });

  it('reads a change of an area it does not know (the kind is any text), and one without a row id', () => {
    const data = JSON.stringify(change('reports', null));
    expect(readStreamEvent('change', data)).toEqual({ type: 'change', change: change('reports', null) });
  });

  it('ignores what is not the contract: other event names, broken JSON, missing or wrong fields', () => {
    expect(readStreamEvent('message', JSON.stringify(change('transactions')))).toBeNull();
    expect(readStreamEvent('change', '{"kind":')).toBeNull();
    expect(readStreamEvent('change', '')).toBeNull();
    expect(readStreamEvent('change', 'null')).toBeNull();
    expect(readStreamEvent('change', JSON.stringify({ kind: 'transactions', id: 1, action: 'updated' }))).toBeNull();
    expect(readStreamEvent('change', JSON.stringify({ ...change('transactions'), action: 'moved' }))).toBeNull();
    expect(readStreamEvent('change', JSON.stringify({ ...change('transactions'), id: '12' }))).toBeNull();
  });
});

/** A client holding one settled query per key, to see which ones an event invalidates. */
function clientWith(...keys: QueryKey[]) {
  const client = new QueryClient();
  for (const key of keys) client.setQueryData(key, 'data');
  const invalidated = () =>
    client
      .getQueryCache()
      .getAll()
      .filter((query) => query.state.isInvalidated)
      .map((query) => query.queryKey);
  return { client, invalidated };
}

const keys: QueryKey[] = [
  ['transactions', 'list', { page: 1 }],
  ['bank-accounts', 'account', 4, 'entries', {}],
  ['employees', 'detail', 7],
  ['forecasts', 'totals', { months: 13 }],
  ['plan-actual', 'table', {}],
  ['profile'],
];

describe('handleStreamEvent', () => {
  it("invalidates the change's area and the plan's figures, nothing else", async () => {
    const { client, invalidated } = clientWith(...keys);
    await handleStreamEvent({ type: 'change', change: change('bank-entries') }, client);
    expect(invalidated()).toEqual([keys[1], keys[3], keys[4]]);
  });

  it("invalidates all of the organisation's data on a reset, but not the profile (fetched once per app load)", async () => {
    const { client, invalidated } = clientWith(...keys);
    await handleStreamEvent({ type: 'reset' }, client);
    expect(invalidated()).toEqual(keys.slice(0, -1));
  });

  it('invalidates nothing for an unknown area, but still tells the listeners (the notice matches any area)', async () => {
    const { client, invalidated } = clientWith(...keys);
    const heard: ReceivedChangeEvent[] = [];
    const stop = onRemoteChange((event) => heard.push(event));
    await handleStreamEvent({ type: 'change', change: change('reports') }, client);
    stop();
    await handleStreamEvent({ type: 'change', change: change('transactions') }, client);
    expect(heard).toEqual([change('reports')]);
    expect(invalidated()).toEqual([keys[0], keys[3], keys[4]]);
  });
});

/** A stand-in for the browser's EventSource: the test opens, sends, drops and refuses it. */
class FakeSource extends EventTarget {
  static made: FakeSource[] = [];
  readyState = 0;
  closed = false;
  constructor(readonly url: string) {
    super();
    FakeSource.made.push(this);
  }
  open() {
    this.readyState = 1;
    this.dispatchEvent(new Event('open'));
  }
  send(name: string, data: unknown) {
    this.dispatchEvent(new MessageEvent(name, { data: typeof data === 'string' ? data : JSON.stringify(data) }));
  }
  /** The connection dropped: EventSource tries again by itself. */
  drop() {
    this.readyState = 0;
    this.dispatchEvent(new Event('error'));
  }
  /** The server answered with an error status: EventSource gives up. */
  refuse() {
    this.readyState = 2;
    this.dispatchEvent(new Event('error'));
  }
  close() {
    this.readyState = 2;
    this.closed = true;
  }
}

function openFake(client: QueryClient) {
  FakeSource.made = [];
  return openChangeStream({
    client,
    createSource: (url) => new FakeSource(url) as unknown as EventSource,
    retryDelaysMs: [1_000, 2_000],
  });
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('openChangeStream', () => {
  afterEach(() => vi.useRealTimers());

  it("opens the stream with the tab's id and invalidates by its events; broken events change nothing", async () => {
    const { client, invalidated } = clientWith(...keys);
    const close = openFake(client);
    const source = FakeSource.made[0]!;
    expect(source.url).toBe(eventStreamUrl(tabId));
    expect(source.url).toBe(`/api/events?tab=${tabId}`);
    source.open();
    source.send('change', '{oops');
    source.send('change', change('unknown-area'));
    await flush();
    expect(invalidated()).toEqual([]);
    source.send('change', change('employees'));
    await flush();
    expect(invalidated()).toEqual([keys[0], keys[2], keys[3], keys[4]]);
    close();
    expect(source.closed).toBe(true);
  });

  it('lets EventSource resume a dropped stream itself, and reads the role again then', async () => {
    const { client } = clientWith(['organisations', {}], ['transactions']);
    openFake(client);
    const source = FakeSource.made[0]!;
    source.open();
    source.drop();
    expect(FakeSource.made).toHaveLength(1);
    source.open();
    await flush();
    expect(client.getQueryState(['organisations', {}])?.isInvalidated).toBe(true);
    expect(client.getQueryState(['transactions'])?.isInvalidated).toBe(false);
  });

  it('after a refusal reloads what is shown, tries again a bounded number of times and stops', async () => {
    vi.useFakeTimers();
    const { client } = clientWith(['transactions'], ['profile']);
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    openFake(client);
    FakeSource.made[0]!.refuse();
    expect(FakeSource.made[0]!.closed).toBe(true);
    // What is shown reloads, the profile aside (fetched once per app load).
    const filters = invalidate.mock.calls[0]![0]!;
    expect(filters.type).toBe('active');
    const query = (queryKey: QueryKey) => client.getQueryCache().find({ queryKey })!;
    expect(filters.predicate?.(query(['transactions']))).toBe(true);
    expect(filters.predicate?.(query(['profile']))).toBe(false);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(FakeSource.made).toHaveLength(2);
    FakeSource.made[1]!.refuse();
    await vi.advanceTimersByTimeAsync(2_000);
    expect(FakeSource.made).toHaveLength(3);
    FakeSource.made[2]!.refuse();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(FakeSource.made).toHaveLength(3);
    // One reload for the whole series of refusals, not one per try.
    expect(invalidate).toHaveBeenCalledTimes(1);
  });

  it('reloads everything once a stream opened after a refusal, which could not ask for what it missed', async () => {
    vi.useFakeTimers();
    const { client } = clientWith(['transactions'], ['profile']);
    openFake(client);
    FakeSource.made[0]!.refuse();
    await vi.advanceTimersByTimeAsync(1_000);
    FakeSource.made[1]!.open();
    expect(client.getQueryState(['transactions'])?.isInvalidated).toBe(true);
    expect(client.getQueryState(['profile'])?.isInvalidated).toBe(false);
  });

  it('tries no more once closed', async () => {
    vi.useFakeTimers();
    const { client } = clientWith();
    const close = openFake(client);
    FakeSource.made[0]!.refuse();
    close();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(FakeSource.made).toHaveLength(1);
  });
});

describe('coalesced reloads (docs/realtime.md "Coalesced reloads")', () => {
  afterEach(() => vi.useRealTimers());

  it('reloads a burst of 500 events once at once and once at the end of the second, each root once', async () => {
    vi.useFakeTimers();
    const { client } = clientWith(...keys);
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    openFake(client);
    const source = FakeSource.made[0]!;
    source.open();
    for (let row = 0; row < 500; row += 1) source.send('change', change('transactions', row));
    // The first event at once: the transactions, the forecast and Plan/Ist.
    expect(invalidate).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(999);
    expect(invalidate).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(1);
    // The other 499 together, after the second.
    expect(invalidate).toHaveBeenCalledTimes(6);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(invalidate).toHaveBeenCalledTimes(6);
  });

  it("skips the forecast's and Plan/Ist's reload when every answer read carries the event's stamp", () => {
    forgetAnswerStamps();
    const stamped = { ...change('transactions'), stamp: '2026-11-21.8' };
    // Nothing read yet: everything reloads.
    expect(staleRootsOf(stamped, undefined)).toEqual([['transactions'], ...plan]);
    rememberAnswerStamp('/api/forecasts?months=13', 'W/"2026-11-21.8~abc"');
    rememberAnswerStamp('/api/plan-actual', 'W/"2026-11-21.7~def"');
    expect(staleRootsOf(stamped, undefined)).toEqual([['transactions'], ...plan]);
    rememberAnswerStamp('/api/plan-actual', 'W/"2026-11-21.8~def"');
    expect(staleRootsOf(stamped, undefined)).toEqual([['transactions']]);
    // A change this tab made itself (a stream shared by the browser's tabs) reloads nothing.
    expect(staleRootsOf({ ...stamped, origin: 'own' }, 'own')).toEqual([]);
    forgetAnswerStamps();
  });

  it('names its own tab as the server does: base64url SHA-256 of the tab id, 16 characters', async () => {
    // Computed by hand with `printf owner-tab-1 | openssl dgst -sha256 -binary | base64`.
    expect(await originOf('owner-tab-1')).toBe('mcATgOZJgRkwRJuk');
  });
});
