import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { organisationOwned, users } from './accounts.js';
import { cents, createdAt } from './columns.js';

// The cockpit's alerts (docs/cockpit.md "Alerts"): per user and organisation.

const owner = () =>
  integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

/** "Benachrichtigungen": which events a user wants mailed for one organisation; null = off. */
export const alertSettings = pgTable(
  'alert_settings',
  {
    userId: owner(),
    organisationId: organisationOwned(),
    shortfall: boolean('shortfall').notNull().default(true),
    staleDays: integer('stale_days'),
    unmatchedAbove: integer('unmatched_above'),
    paymentAbove: cents('payment_above'),
    paymentWithinDays: integer('payment_within_days'),
  },
  (table) => [primaryKey({ columns: [table.userId, table.organisationId] })],
);

/** The last state each kind of alert was evaluated in: an event is a change of it (never twice the same). */
export const alertStates = pgTable(
  'alert_states',
  {
    userId: owner(),
    organisationId: organisationOwned(),
    kind: varchar('kind', { length: 20 }).notNull(),
    state: text('state').notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.organisationId, table.kind] })],
);

/** "Hinweise": one row per event, with its mail's text; read or not. */
export const alerts = pgTable(
  'alerts',
  {
    id: serial('id').primaryKey(),
    userId: owner(),
    organisationId: organisationOwned(),
    kind: varchar('kind', { length: 20 }).notNull(),
    stateKey: varchar('state_key', { length: 300 }).notNull(),
    message: text('message').notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('alerts_event_unique').on(table.userId, table.organisationId, table.kind, table.stateKey),
    index('alerts_user_created').on(table.userId, table.createdAt),
  ],
);

/** Who wants the weekly digest (docs/cockpit.md "Weekly digest"). */
export const digestSubscriptions = pgTable('digest_subscriptions', {
  userId: owner().primaryKey(),
});

/** One row per user and week a digest went out: the week's key makes it once across instances. */
export const digestRuns = pgTable(
  'digest_runs',
  {
    userId: owner(),
    week: varchar('week', { length: 10 }).notNull(),
    /** Each organisation's first shortfall month that week (JSON: id → month or null), for the next week's changes. */
    shortfalls: text('shortfalls').notNull(),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.week] })],
);
