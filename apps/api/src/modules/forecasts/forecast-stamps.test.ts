import { describe, expect, it } from 'vitest';
import type { Change, ChangeBus, ChangeSubscriber } from '../../lib/change-bus.js';
import { useTestApp } from '../../test/build-test-app.js';
import { aBankAccount } from '../../test/factories.js';
import { signUp } from '../../test/test-client.js';
import { createForecastStamps } from './forecast-stamps.js';

// docs/realtime.md "Stamps and ETags": the versions kept in memory, dropped by the change bus. The
// app's writes go through its own bus, which the stamps under test do not hear: what they keep
// shows as a stamp that stays behind the database until their (fake) bus tells them.

const app = useTestApp();

function fakeBus() {
  const subscribers = new Set<ChangeSubscriber>();
  let connected = true;
  const bus: ChangeBus = {
    async publish(change: Change) {
      for (const subscriber of subscribers) subscriber.change(change);
    },
    subscribe(subscriber) {
      subscribers.add(subscriber);
      return () => void subscribers.delete(subscriber);
    },
    watch: async () => () => undefined,
    perOrganisation: false,
    receivedOf: () => 0,
    listening: () => connected,
    listenerPid: () => undefined,
    close: async () => undefined,
  };
  return {
    bus,
    reset: () => subscribers.forEach((subscriber) => subscriber.reset()),
    setConnected: (value: boolean) => (connected = value),
  };
}

async function setUp() {
  const user = await signUp(app);
  const organisationId = user.user.currentOrganisationId;
  const fake = fakeBus();
  const { database, clock, rates } = app.deps;
  const stamps = createForecastStamps({ db: database.db, clock, rates, changes: fake.bus });
  const fresh = createForecastStamps({ db: database.db, clock, rates, changes: fakeBus().bus });
  /** The stamp the database holds now (a memory of its own, read for the first time). */
  const current = async () => {
    await fresh.written(organisationId);
    return fresh.stamp(organisationId);
  };
  return { user, organisationId, fake, stamps, current };
}

describe('the versions kept in memory', () => {
  it('are kept until a change of the organisation is announced', async () => {
    const { user, organisationId, fake, stamps, current } = await setUp();
    const before = await stamps.stamp(organisationId);
    await aBankAccount(user);
    expect(await current()).not.toBe(before);
    // Unannounced (to these stamps): still the kept versions.
    expect(await stamps.stamp(organisationId)).toBe(before);
    // Another organisation's change leaves them.
    await fake.bus.publish({ kind: 'versions', organisationId: organisationId + 1_000_000 });
    expect(await stamps.stamp(organisationId)).toBe(before);
    // This organisation's change (any kind naming it) drops them.
    await fake.bus.publish({ kind: 'organisation', action: 'updated', id: organisationId, organisationId });
    expect(await stamps.stamp(organisationId)).toBe(await current());
  });

  it('are dropped, every organisation, when the bus may have missed changes', async () => {
    const { user, organisationId, fake, stamps, current } = await setUp();
    const before = await stamps.stamp(organisationId);
    await aBankAccount(user);
    expect(await stamps.stamp(organisationId)).toBe(before);
    fake.reset();
    expect(await stamps.stamp(organisationId)).toBe(await current());
  });

  it('are not used while the bus listens to nothing', async () => {
    const { user, organisationId, fake, stamps, current } = await setUp();
    await stamps.stamp(organisationId);
    fake.setConnected(false);
    await aBankAccount(user);
    expect(await stamps.stamp(organisationId)).toBe(await current());
  });

  it('never keeps versions read before a change announced while the read ran', async () => {
    const { user, organisationId, fake, stamps, current } = await setUp();
    const pending = stamps.stamp(organisationId);
    await aBankAccount(user);
    await fake.bus.publish({ kind: 'versions', organisationId });
    await pending;
    expect(await stamps.stamp(organisationId)).toBe(await current());
  });

  it('are announced by `written`, which drops them here too', async () => {
    const { user, organisationId, stamps, current } = await setUp();
    await stamps.stamp(organisationId);
    await aBankAccount(user);
    await stamps.written(organisationId);
    expect(await stamps.stamp(organisationId)).toBe(await current());
  });
});
