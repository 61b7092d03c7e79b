import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { startAfterListen } from './after-listen.js';

const until = async (check: () => boolean) => {
  for (let turn = 0; turn < 200 && !check(); turn += 1) await new Promise((resolve) => setTimeout(resolve, 5));
};

describe('startAfterListen', () => {
  it('starts the job only once the app listens, and stops it with the app', async () => {
    const app = Fastify();
    const events: string[] = [];
    const stop = startAfterListen(
      app,
      () => {
        events.push('started');
        return () => events.push('stopped');
      },
      10,
    );
    await app.ready();
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(events).toEqual([]);
    await app.listen({ host: '127.0.0.1', port: 0 });
    await until(() => events.length > 0);
    expect(events).toEqual(['started']);
    stop();
    await app.close();
    expect(events).toEqual(['started', 'stopped']);
  });

  it('never starts a job stopped before its delay ran out', async () => {
    const app = Fastify();
    let started = false;
    const stop = startAfterListen(
      app,
      () => {
        started = true;
        return () => undefined;
      },
      20,
    );
    await app.listen({ host: '127.0.0.1', port: 0 });
    stop();
    await app.close();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(started).toBe(false);
  });
});
