// Column builders every table file shares, so a column kind is defined once.
import { bigint, integer, timestamp } from 'drizzle-orm/pg-core';
import { organisations } from './accounts.js';

export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** Money is whole minor units; JavaScript numbers hold every amount the schemas accept exactly. */
export const cents = (name: string) => bigint(name, { mode: 'number' });

/** The owning organisation; its rows go with it. */
export const organisationOwned = () =>
  integer('organisation_id')
    .notNull()
    .references(() => organisations.id, { onDelete: 'cascade' });
