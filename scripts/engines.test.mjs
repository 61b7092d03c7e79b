import { readFileSync } from 'node:fs';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

/**
 * `npm ci` warns EBADENGINE for every installed package whose `engines.node` leaves out the Node
 * version running it. README promises Node 20.19+ (the lowest version of the root's `engines`) and
 * recommends 24 LTS, so every package in the lock file must accept both. A dependency that moves
 * on (cookie@2 and content-disposition@3 need Node 22) is pinned back in the root's `overrides`.
 */
const lock = JSON.parse(readFileSync(new URL('../package-lock.json', import.meta.url), 'utf8'));
const lowest = semver.minVersion(lock.packages[''].engines.node).version;
const versions = [lowest, '24.0.0'];

describe('package-lock.json', () => {
  it('holds only packages that run on every Node version the root declares', () => {
    expect(lowest).toBe('20.19.0');
    const refused = Object.entries(lock.packages).flatMap(([path, entry]) => {
      const range = entry.engines?.node;
      if (path === '' || typeof range !== 'string') return [];
      const misses = versions.filter((version) => !semver.satisfies(version, range));
      return misses.length === 0 ? [] : [`${path}@${entry.version} (node ${range}) refuses ${misses.join(', ')}`];
    });
    expect(refused).toEqual([]);
  });
});
