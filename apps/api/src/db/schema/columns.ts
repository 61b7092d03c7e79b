// Column builders every table file shares, so a column kind is defined once. They name no table
// (`organisationOwned` sits beside `organisations` in accounts.ts), so every table file can import them.
import { bigint, timestamp } from 'drizzle-orm/pg-core';

export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** Money is whole minor units; JavaScript numbers hold every amount the schemas accept exactly. */
export const cents = (name: string) => bigint(name, { mode: 'number' });
