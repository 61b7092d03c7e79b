import { describe, expect, it } from 'vitest';
import { isNewerBuild } from './version-check';

describe('isNewerBuild', () => {
  it('is true only when the served build differs from the running one', () => {
    expect(isNewerBuild('a', 'b')).toBe(true);
    expect(isNewerBuild('a', 'a')).toBe(false);
    expect(isNewerBuild('a', undefined)).toBe(false);
    expect(isNewerBuild('development', 'b')).toBe(false);
  });
});
