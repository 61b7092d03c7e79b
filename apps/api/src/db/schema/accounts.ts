import {
  type AnyPgColumn,
  bigint,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { currencies } from './reference.js';
import { createdAt } from './columns.js';
import { bankAccounts } from './finance.js';

export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  // Stored normalised (trimmed, lower-case), so the unique index is case-insensitive.
  email: varchar('email', { length: 254 }).notNull().unique(),
  name: varchar('name', { length: 100 }).notNull().default(''),
  passwordHash: text('password_hash').notNull(),
  currentOrganisationId: integer('current_organisation_id').references((): AnyPgColumn => organisations.id, {
    onDelete: 'set null',
  }),
  createdAt: createdAt(),
});

export const organisations = pgTable('organisations', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 100 }).notNull(),
  currencyId: integer('currency_id')
    .notNull()
    .references(() => currencies.id),
  /** "Mindestliquidität" in minor units of the organisation currency: the runway's threshold. */
  minimumBalance: bigint('minimum_balance', { mode: 'number' }).notNull().default(0),
  /** Matching bank entries to the plan (docs/plan-actual.md "Suggestions"): ±% of the amount, ±days of the due date. */
  matchTolerancePercent: integer('match_tolerance_percent').notNull().default(5),
  matchWindowDays: integer('match_window_days').notNull().default(10),
  /** "Zahlungsfrist (Tage)": a QR-bill without terms is due this many days after its upload (docs/qr-bills.md "Due date"). */
  paymentTermDays: integer('payment_term_days').notNull().default(30),
  /** "Lohnkonto": the account salaries and salary costs are paid from (docs/plan-actual.md "Coverage"). */
  salaryBankAccountId: integer('salary_bank_account_id').references((): AnyPgColumn => bankAccounts.id, {
    onDelete: 'set null',
  }),
  createdAt: createdAt(),
});

/**
 * The owning organisation; its rows go with it. A function declaration, hoisted: finance.ts calls it
 * while this file may still be loading (organisations and bank accounts name each other).
 */
export function organisationOwned() {
  return integer('organisation_id')
    .notNull()
    .references(() => organisations.id, { onDelete: 'cascade' });
}

export const roleEnum = pgEnum('member_role', ['owner', 'admin', 'editor', 'read-only']);

export const memberships = pgTable(
  'memberships',
  {
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: roleEnum('role').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.organisationId, table.userId] }),
    index('memberships_user_idx').on(table.userId),
  ],
);

export const codePurposeEnum = pgEnum('code_purpose', ['registration', 'password-reset']);

/** Single-use e-mail codes; only their SHA-256 is stored, never the code itself. */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: serial('id').primaryKey(),
    purpose: codePurposeEnum('purpose').notNull(),
    email: varchar('email', { length: 254 }).notNull(),
    codeHash: text('code_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    failedAttempts: smallint('failed_attempts').notNull().default(0),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index('verification_codes_lookup_idx').on(table.purpose, table.email)],
);

/** Opaque refresh tokens, stored as SHA-256; a family is one sign-in, rotated at every use. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    familyId: uuid('family_id').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    rotatedAt: timestamp('rotated_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    userAgent: varchar('user_agent', { length: 300 }),
    createdAt: createdAt(),
  },
  (table) => [index('refresh_tokens_family_idx').on(table.familyId), index('refresh_tokens_user_idx').on(table.userId)],
);

export const mailStatusEnum = pgEnum('mail_status', ['pending', 'sent', 'stored', 'failed']);

/** Every mail the app sends; the outbox without SMTP, the retry queue with it. */
export const mails = pgTable(
  'mails',
  {
    id: serial('id').primaryKey(),
    recipient: varchar('recipient', { length: 254 }).notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    status: mailStatusEnum('status').notNull(),
    attempts: smallint('attempts').notNull().default(0),
    lastError: text('last_error'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index('mails_due_idx').on(table.status, table.nextAttemptAt)],
);

/** Fixed-window counters for rate limits when no Redis is configured. */
export const rateLimitHits = pgTable('rate_limit_hits', {
  key: varchar('key', { length: 300 }).primaryKey(),
  count: integer('count').notNull(),
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
});

/** Invitations to join an organisation; the token travels only in the mail, the table keeps its hash. */
export const invitations = pgTable(
  'invitations',
  {
    id: serial('id').primaryKey(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    email: varchar('email', { length: 254 }).notNull(),
    role: roleEnum('role').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    invitedBy: integer('invited_by').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    index('invitations_organisation_idx').on(table.organisationId),
    index('invitations_email_idx').on(table.email),
  ],
);

/**
 * Answers of mutating requests that carried an Idempotency-Key (24 h): a retried request with the
 * same key gets the first answer instead of doing the work twice (the retry-once rule of docs/product.md "API calls").
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: varchar('key', { length: 100 }).notNull(),
    requestFingerprint: text('request_fingerprint').notNull(),
    statusCode: smallint('status_code'),
    responseBody: text('response_body'),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.key] }),
    index('idempotency_keys_created_idx').on(table.createdAt),
  ],
);
