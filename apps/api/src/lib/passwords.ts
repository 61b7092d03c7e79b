import { hash, verify } from '@node-rs/argon2';

// OWASP's argon2id baseline (19 MiB, 2 passes, 1 lane); the library's default algorithm is argon2id.
const options = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

/** Hashes a password with argon2id. */
export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

// Verified against when the e-mail is unknown, so that answer takes as long as a wrong password.
let dummyHash: Promise<string> | undefined;

/** True when `password` matches `passwordHash`; with no hash it still spends the same time. */
export async function verifyPassword(passwordHash: string | undefined, password: string): Promise<boolean> {
  dummyHash ??= hashPassword('saldopilot-timing-equaliser');
  const ok = await verify(passwordHash ?? (await dummyHash), password).catch(() => false);
  return passwordHash !== undefined && ok;
}
