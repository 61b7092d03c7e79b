import { eq } from 'drizzle-orm';
import type { AppDatabase } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
import { createTtlCache } from '../../lib/ttl-cache.js';

/** A name learned is kept this long: "Von <Name> geändert" may show an old name for a minute. */
const NAME_MS = 60_000;

export type UserNames = ReturnType<typeof createUserNames>;

/** The name a realtime event shows for who wrote (the e-mail address while the profile has no name). */
export function createUserNames(db: AppDatabase) {
  const cache = createTtlCache<number, string>(NAME_MS, 10_000);
  return {
    async of(userId: number): Promise<string> {
      const known = cache.get(userId);
      if (known !== undefined) return known;
      const [row] = await db.select({ name: users.name, email: users.email }).from(users).where(eq(users.id, userId));
      const name = row?.name || row?.email || '';
      cache.set(userId, name);
      return name;
    },
  };
}
