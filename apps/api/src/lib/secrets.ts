import { createHash, randomBytes } from 'node:crypto';

/** A URL-safe random secret: 32 bytes = 43 characters (codes in links, refresh tokens). */
export function randomSecret(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** Secrets are stored only as their SHA-256, so a database leak reveals no usable code or token. */
export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}
