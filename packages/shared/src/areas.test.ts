import { describe, expect, it } from 'vitest';
import { areas, isArea, isSharedArea, queryRoots, sharedAreas, type AreaEntry } from './areas.js';
import { changeEventSchema, receivedChangeEventSchema } from './schemas/events.js';

const entries = Object.entries(areas) as [string, AreaEntry][];
const change = (kind: string) => ({ kind, collection: kind, id: 1, action: 'updated', by: { id: 1, name: 'Anna' } });

describe('the registry of areas', () => {
  it('makes every area whose writes the members share a kind of the change event, and no other', () => {
    expect(sharedAreas).toEqual(entries.filter(([, area]) => area.realtime === 'shared').map(([name]) => name));
    for (const kind of sharedAreas) expect(changeEventSchema.safeParse(change(kind)).success).toBe(true);
    for (const [name, area] of entries) {
      if (area.realtime !== 'shared') expect(changeEventSchema.safeParse(change(name)).success).toBe(false);
    }
    // A client reads any kind: a newer server may share an area it does not know yet.
    expect(receivedChangeEventSchema.safeParse(change('scenarios')).success).toBe(true);
  });

  it('lets a change of every shared area make something stale in the web', () => {
    const silent = entries.filter(
      ([, area]) => area.realtime === 'shared' && area.stale.length === 0 && !area.forecastFollows,
    );
    expect(silent).toEqual([]);
  });

  it("makes every query root stale after some area's change", () => {
    const stale = new Set(entries.flatMap(([, area]) => (area.realtime === 'shared' ? area.stale : [])));
    expect(queryRoots.filter((root) => !stale.has(root))).toEqual([]);
  });

  it("keeps each area's nouns and extra scopes to its own paths", () => {
    for (const [name, area] of entries) {
      for (const path of Object.keys(area.nouns ?? {})) expect(path === name || path.startsWith(`${name}/`)).toBe(true);
      const more = typeof area.tokens === 'object' ? Object.keys(area.tokens.more ?? {}) : [];
      for (const route of more) expect(route).toMatch(new RegExp(`^[A-Z]+ /api/${name}(/|$)`));
    }
  });

  it('answers only for its own names, not for what every object has', () => {
    expect(isArea('transactions')).toBe(true);
    expect(isSharedArea('transactions')).toBe(true);
    expect(isSharedArea('profile')).toBe(false);
    for (const name of ['budgets', '', 'constructor', '__proto__', 'toString']) {
      expect(isArea(name)).toBe(false);
      expect(isSharedArea(name)).toBe(false);
    }
  });
});
