import {
  index,
  integer,
  pgEnum,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { organisationOwned, organisations, users } from './accounts.js';
import { createdAt } from './columns.js';

// Access from outside the browser (docs/access.md). Secrets are stored as SHA-256 only; a revoked
// token, connection or client is deleted, so nothing has to remember "revoked" on every read.

const owner = () =>
  integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });
const lastUsedAt = () => timestamp('last_used_at', { withTimezone: true });

/** Personal API tokens (Einstellungen → API-Tokens): one user in one organisation, with scopes. */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: serial('id').primaryKey(),
    userId: owner(),
    organisationId: organisationOwned(),
    name: varchar('name', { length: 100 }).notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    prefix: varchar('prefix', { length: 16 }).notNull(),
    scopes: text('scopes').array().notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    lastUsedAt: lastUsedAt(),
    createdAt: createdAt(),
  },
  (table) => [index('api_tokens_user_idx').on(table.userId)],
);

/**
 * OAuth clients: registered dynamically (`client_id` random) or named by their metadata document's
 * URL (`client_id` = that https URL, the document fetched and kept).
 */
export const oauthClients = pgTable('oauth_clients', {
  id: serial('id').primaryKey(),
  clientId: text('client_id').notNull().unique(),
  name: varchar('name', { length: 200 }).notNull(),
  clientUri: text('client_uri'),
  redirectUris: text('redirect_uris').array().notNull(),
  /** When the metadata document was last read (null for registered clients). */
  fetchedAt: timestamp('fetched_at', { withTimezone: true }),
  createdAt: createdAt(),
});

/** A connection: what one user allowed one client in one organisation. */
export const oauthGrants = pgTable(
  'oauth_grants',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => oauthClients.id, { onDelete: 'cascade' }),
    userId: owner(),
    organisationId: organisationOwned(),
    scopes: text('scopes').array().notNull(),
    lastUsedAt: lastUsedAt(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('oauth_grants_client_user_organisation_idx').on(table.clientId, table.userId, table.organisationId),
    index('oauth_grants_user_idx').on(table.userId),
  ],
);

/**
 * Authorization codes: single use, one minute, bound to the redirect URI and the PKCE challenge; the
 * connection is made (or its scopes replaced) when the code is exchanged.
 */
export const oauthCodes = pgTable('oauth_codes', {
  id: serial('id').primaryKey(),
  clientId: integer('client_id')
    .notNull()
    .references(() => oauthClients.id, { onDelete: 'cascade' }),
  userId: owner(),
  organisationId: organisationOwned(),
  scopes: text('scopes').array().notNull(),
  codeHash: text('code_hash').notNull().unique(),
  redirectUri: text('redirect_uri').notNull(),
  codeChallenge: text('code_challenge').notNull(),
  resource: text('resource'),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

export const oauthTokenKindEnum = pgEnum('oauth_token_kind', ['access', 'refresh']);

/** Access tokens (one hour) and refresh tokens (30 days, rotated at every use) of a connection. */
export const oauthTokens = pgTable(
  'oauth_tokens',
  {
    id: serial('id').primaryKey(),
    grantId: integer('grant_id')
      .notNull()
      .references(() => oauthGrants.id, { onDelete: 'cascade' }),
    kind: oauthTokenKindEnum('kind').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Refresh tokens: when it was exchanged; using it again ends the connection. */
    rotatedAt: timestamp('rotated_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index('oauth_tokens_grant_idx').on(table.grantId)],
);

/**
 * Every write through a token or an assistant: who, through what (the name at the time, so the
 * entry outlives a revoked token), what and when. Kept when the user is deleted.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    userName: varchar('user_name', { length: 254 }).notNull(),
    via: varchar('via', { length: 10 }).notNull(),
    clientName: varchar('client_name', { length: 200 }).notNull(),
    method: varchar('method', { length: 10 }).notNull(),
    path: varchar('path', { length: 500 }).notNull(),
    action: varchar('action', { length: 200 }).notNull(),
    status: smallint('status').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (table) => [index('audit_log_organisation_idx').on(table.organisationId, table.id)],
);
