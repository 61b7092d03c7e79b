import { describe, expect, it, vi } from 'vitest';
import { createForecastCache } from './forecast-cache.js';

describe('forecast cache', () => {
  it('loads a part once per stamp, and again when the stamp changes', async () => {
    const cache = createForecastCache();
    const load = vi.fn(async () => ['row']);
    const [first, second] = await Promise.all([
      cache.part(1, 'accounts', 'v1', load),
      cache.part(1, 'accounts', 'v1', load),
    ]);
    expect(first).toBe(second);
    expect(load).toHaveBeenCalledTimes(1);
    await cache.part(1, 'accounts', 'v2', load);
    expect(load).toHaveBeenCalledTimes(2);
    // Another organisation has parts of its own.
    await cache.part(2, 'accounts', 'v2', load);
    expect(load).toHaveBeenCalledTimes(3);
  });

  it('refreshes a kept part while the base of its stamp holds, and loads it whole when the base moved', async () => {
    const cache = createForecastCache();
    const load = vi.fn(async () => ['loaded']);
    const run = vi.fn(async (previous: string[]) => [...previous, 'refreshed']);
    const refresh = (base: string) => ({ base, run });
    expect(await cache.part(1, 'costs', 'day1|1,1', load, refresh('day1|1'))).toEqual(['loaded']);
    expect(await cache.part(1, 'costs', 'day1|1,2', load, refresh('day1|1'))).toEqual(['loaded', 'refreshed']);
    expect(await cache.part(1, 'costs', 'day1|1,2', load, refresh('day1|1'))).toEqual(['loaded', 'refreshed']);
    expect(run).toHaveBeenCalledTimes(1);
    // The base moved (a new day, a renamed label): loaded again, not refreshed.
    expect(await cache.part(1, 'costs', 'day2|1,2', load, refresh('day2|1'))).toEqual(['loaded']);
    expect(load).toHaveBeenCalledTimes(2);
    // A failed refresh is forgotten: the next read loads the part whole.
    run.mockRejectedValueOnce(new Error('weg'));
    await expect(cache.part(1, 'costs', 'day2|1,3', load, refresh('day2|1'))).rejects.toThrow('weg');
    expect(await cache.part(1, 'costs', 'day2|1,3', load, refresh('day2|1'))).toEqual(['loaded']);
    expect(load).toHaveBeenCalledTimes(3);
  });

  it('runs a thenable query builder once', async () => {
    const cache = createForecastCache();
    const run = vi.fn();
    const builder = {
      then(resolve: (rows: string[]) => void) {
        run();
        resolve(['row']);
      },
    };
    await cache.part(1, 'accounts', 'v1', () => builder as unknown as Promise<string[]>);
    await cache.part(1, 'accounts', 'v1', () => builder as unknown as Promise<string[]>);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('forgets a failed load or computation, so the next read tries again', async () => {
    const cache = createForecastCache();
    await expect(cache.part(1, 'costs', 'v1', () => Promise.reject(new Error('weg')))).rejects.toThrow('weg');
    await expect(cache.part(1, 'costs', 'v1', async () => 'da')).resolves.toBe('da');
    await expect(cache.result(1, 'k', () => Promise.reject(new Error('weg')))).rejects.toThrow('weg');
    await expect(cache.result(1, 'k', async () => 42)).resolves.toBe(42);
  });

  it('keeps the last six results per organisation (month and performance choices, the plan-vs-actual input)', async () => {
    const cache = createForecastCache();
    const compute = vi.fn(async () => 'result');
    for (const key of ['a', 'b', 'c', 'd', 'e', 'f', 'g']) await cache.result(1, key, compute);
    await cache.result(1, 'g', compute);
    await cache.result(1, 'b', compute);
    expect(compute).toHaveBeenCalledTimes(7);
    await cache.result(1, 'a', compute);
    expect(compute).toHaveBeenCalledTimes(8);
  });
});
