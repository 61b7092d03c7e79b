import { eq } from 'drizzle-orm';
import type { AppDatabase } from '../db/client.js';
import { organisations } from '../db/schema/index.js';

/**
 * Serialises the "is this name (or value) still free?" checks of one organisation until the
 * transaction ends, so two concurrent requests cannot both find it free — also where a unique
 * index cannot help (names compared ignoring case, own values against system ones). "No key
 * update" blocks only other such checks and edits of the organisation itself, not the
 * organisation's other writes (their foreign-key checks take a key-share lock).
 */
export async function lockOrganisationNames(db: AppDatabase, organisationId: number): Promise<void> {
  await db
    .select({ id: organisations.id })
    .from(organisations)
    .where(eq(organisations.id, organisationId))
    .for('no key update');
}
