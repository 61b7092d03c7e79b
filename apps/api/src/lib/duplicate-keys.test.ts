import { describe, expect, it } from 'vitest';
import { findDuplicateKey } from './duplicate-keys.js';

describe('findDuplicateKey', () => {
  it.each([
    ['{"a":1,"a":2}', { key: 'a', path: 'a' }],
    ['{"name":"x","b":{"c":1},"name":"y"}', { key: 'name', path: 'name' }],
    ['{"outer":{"inner":1,"inner":2}}', { key: 'inner', path: 'outer.inner' }],
    ['{"updates":[{"m":1},{"m":1,"x":2,"m":3}]}', { key: 'm', path: 'updates.1.m' }],
    ['[[{"k":1}],[{"k":1},{"k":1,"k":2}]]', { key: 'k', path: '1.1.k' }],
    // Escapes decode before comparing: these are the same key to the parser.
    ['{"a":1,"\\u0061":2}', { key: 'a', path: 'a' }],
    ['{"\\u00e9":1,"é":2}', { key: 'é', path: 'é' }],
    ['{"a\\"b":1,"a\\u0022b":2}', { key: 'a"b', path: 'a"b' }],
    [' { "a" : 1 , "a" : 2 } ', { key: 'a', path: 'a' }],
    // Past the short list of keys, in the set.
    [`{${Array.from({ length: 20 }, (_, i) => `"k${i}":${i}`).join(',')},"k3":0}`, { key: 'k3', path: 'k3' }],
    [`{${Array.from({ length: 16 }, (_, i) => `"k${i}":${i}`).join(',')},"k0":0}`, { key: 'k0', path: 'k0' }],
  ])('finds the duplicate in %s', (text, expected) => {
    JSON.parse(text);
    expect(findDuplicateKey(text)).toEqual(expected);
  });

  it.each([
    '{}',
    '[]',
    '"a"',
    '42',
    'null',
    '{"a":{"a":{"a":1}}}',
    '[{"a":1},{"a":2}]',
    '{"a":"a","b":"a"}',
    // Quotes, backslashes, braces and commas inside strings are text, not structure.
    '{"a":"x\\",\\"a\\":1","b":"{\\"a\\":1,\\"a\\":2}"}',
    '{"a\\\\":1,"a":2}',
    '{"a":"\\\\","b":"\\\\\\"","c":1}',
    '{"a":[1,2,{"b":1}],"b":[{"a":1,"b":2}]}',
    '{"":1,"\\u0000":2}',
    '[{},"a",{"a":1}]',
    '{"a":{},"b":"a"}',
  ])('accepts %s', (text) => {
    JSON.parse(text);
    expect(findDuplicateKey(text)).toBeUndefined();
  });

  it('agrees with generated bodies whose duplicates are known by construction', () => {
    // mulberry32: a fixed sequence, so a failure repeats.
    let seed = 7;
    const random = (n: number) => {
      seed = (seed + 0x6d2b79f5) | 0;
      let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) % n;
    };
    // As written in the JSON text: 'a' and '\\u0061' are one key, so are 'x\\"y' and 'x\\u0022y'.
    const keys = ['a', 'b', '\\u0061', 'x\\"y', 'x\\u0022y', '{', ',', ':', '\\\\'];
    let duplicates = 0;
    function value(depth: number): string {
      const kind = depth > 3 ? random(3) : random(5);
      if (kind === 0) return String(random(100));
      if (kind === 1) return JSON.stringify(keys[random(keys.length)]);
      if (kind === 2) return 'true';
      if (kind === 3) return `[${Array.from({ length: random(3) }, () => value(depth + 1)).join(',')}]`;
      const chosen = Array.from({ length: random(4) }, () => keys[random(keys.length)]!);
      const decoded = chosen.map((key) => JSON.parse(`"${key}"`) as string);
      if (new Set(decoded).size < decoded.length) duplicates += 1;
      return `{${chosen.map((key) => `"${key}":${value(depth + 1)}`).join(',')}}`;
    }
    let found = 0;
    for (let round = 0; round < 2_000; round += 1) {
      const before = duplicates;
      const text = value(0);
      JSON.parse(text);
      const duplicate = findDuplicateKey(text);
      expect(duplicate !== undefined, text).toBe(duplicates > before);
      if (duplicate) found += 1;
    }
    // The generator makes both kinds often.
    expect(found).toBeGreaterThan(50);
    expect(found).toBeLessThan(1_950);
  });
});
