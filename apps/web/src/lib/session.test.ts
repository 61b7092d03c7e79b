import { describe, expect, it } from 'vitest';
import { sessionMayExist } from './session';

// docs/api.md "Sessions"
describe('sessionMayExist (no profile request where no session can exist)', () => {
  it("is true with the API's readable marker cookie, false without it (and without a remembered session)", () => {
    expect(sessionMayExist('sp_pref=1; sp_signed_in=1')).toBe(true);
    expect(sessionMayExist('sp_signed_in=1')).toBe(true);
    expect(sessionMayExist('')).toBe(false);
    expect(sessionMayExist('sp_pref=1; other=sp_signed_in')).toBe(false);
  });
});
