import { PREFERENCE_COOKIE } from '@saldopilot/shared';

/** The raw (decoded) value of a cookie, or undefined; `source` is `document.cookie` unless given. */
export function readCookie(name: string, source: string = document.cookie): string | undefined {
  for (const part of source.split(';')) {
    const separator = part.indexOf('=');
    if (separator < 0) continue;
    if (part.slice(0, separator).trim() !== name) continue;
    try {
      return decodeURIComponent(part.slice(separator + 1).trim());
    } catch {
      // A value someone wrote by hand with a broken escape: as good as absent.
      return undefined;
    }
  }
  return undefined;
}

/** The `document.cookie` assignment for a preference cookie: one year, secure, lax, whole site (docs/design.md "Web conventions"). */
export function preferenceCookie(name: string, value: string): string {
  const { maxAgeSeconds, secure, sameSite, path } = PREFERENCE_COOKIE;
  return [
    `${name}=${encodeURIComponent(value)}`,
    `Max-Age=${maxAgeSeconds}`,
    `Path=${path}`,
    `SameSite=${sameSite[0]?.toUpperCase()}${sameSite.slice(1)}`,
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}

export function writePreferenceCookie(name: string, value: string): void {
  document.cookie = preferenceCookie(name, value);
}
