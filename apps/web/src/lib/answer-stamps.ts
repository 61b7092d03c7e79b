/**
 * The organisation's stamps of the forecast and Plan/Ist answers this tab has read since their last
 * reload (docs/realtime.md "Stamps and ETags"): the API client records each answer's ETag here, and
 * a change event whose stamp every one of them carries already reloads none of them.
 */
const stamps = new Map<string, string>();

/** The stamp inside one of the API's ETags (`W/"<stamp>~<hash>"`), or undefined. */
export function stampOfEtag(etag: string | null): string | undefined {
  return etag === null ? undefined : /^W\/"([^"~]+)~[^"]*"$/.exec(etag)?.[1];
}

/** Records the stamp of an answer to `url` (any answer with one of our ETags). */
export function rememberAnswerStamp(url: string, etag: string | null): void {
  const stamp = stampOfEtag(etag);
  if (stamp !== undefined) stamps.set(url, stamp);
}

/** True when at least one answer was read since the last reload and every one carries `stamp`. */
export function answersCarry(stamp: string): boolean {
  if (stamps.size === 0) return false;
  for (const value of stamps.values()) if (value !== stamp) return false;
  return true;
}

/** The stamped answers are reloaded: what they carry is recorded again as they arrive. */
export function forgetAnswerStamps(): void {
  stamps.clear();
}
