import { z } from 'zod';
import { textSchema } from './fields.js';
import { pageQuerySchema, pageSchema } from './pagination.js';

/**
 * Access from outside the browser (docs/access.md): personal API tokens for the REST API and
 * assistants connected through OAuth 2.1 to the MCP server. Both carry scopes; what a call may do is
 * the member's role in the organisation and the scopes together.
 */

/** The scopes, in the order the pages list them. */
export const accessScopes = [
  'forecast:read',
  'data:read',
  'data:write',
  'salaries:read',
  'salaries:write',
  'portfolio:read',
] as const;
export type AccessScope = (typeof accessScopes)[number];

/** What each scope allows, in German (consent page, token dialog, lists). */
export const accessScopeLabels: Record<AccessScope, string> = {
  'forecast:read': 'Prognose und Plan/Ist lesen',
  'data:read': 'Bankkonten, Bankbewegungen und Transaktionen lesen',
  'data:write': 'Bankkonten, Transaktionen, Ausschlüsse und Zuordnungen ändern',
  'salaries:read': 'Mitarbeitende, Löhne und Lohnkosten lesen',
  'salaries:write': 'Mitarbeitende, Löhne und Lohnkosten ändern',
  // Beyond the token's organisation: the Übersicht of every organisation the person belongs to
  // (docs/access.md "Portfolio").
  'portfolio:read': 'Übersicht aller eigenen Organisationen lesen',
};

export const accessMessages = {
  scopes: 'Wählen Sie mindestens eine Berechtigung',
  scope: 'Unbekannte Berechtigung',
  name: 'Name wird benötigt',
  expiresInDays: 'Wählen Sie eine Gültigkeit',
  organisation: 'Unbekannte Organisation',
} as const;

const scopeSchema = z.enum(accessScopes, { error: accessMessages.scope });

/** A set of scopes: at least one, each once, kept in the order of `accessScopes`. */
export const scopeListSchema = z
  .array(scopeSchema, { error: accessMessages.scopes })
  .min(1, accessMessages.scopes)
  .max(accessScopes.length, accessMessages.scopes)
  .transform((scopes) => accessScopes.filter((scope) => scopes.includes(scope)));

/** A space-separated `scope` parameter (OAuth) as a list; unknown scopes are refused. */
export function parseScopeParameter(text: string): AccessScope[] | undefined {
  const parts = text.split(' ').filter(Boolean);
  if (parts.some((part) => !(accessScopes as readonly string[]).includes(part))) return undefined;
  return accessScopes.filter((scope) => parts.includes(scope));
}

// ---------------------------------------------------------------------------------------------
// Personal API tokens (Einstellungen → API-Tokens)

/** How long a new token lives: the choices the dialog offers. */
export const tokenLifetimes = [7, 30, 90, 365] as const;

export const apiTokenCreateSchema = z.strictObject({
  name: textSchema({ max: 100, required: accessMessages.name }),
  scopes: scopeListSchema,
  expiresInDays: z.union(
    tokenLifetimes.map((days) => z.literal(days)),
    { error: accessMessages.expiresInDays },
  ),
});
export type ApiTokenCreate = z.input<typeof apiTokenCreateSchema>;
export type ApiTokenInput = z.output<typeof apiTokenCreateSchema>;

/** A token as lists show it: never the secret, only its first characters to recognise it. */
export const apiTokenSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The secret's first 12 characters ("sp_pat_AbCd…"). */
  prefix: z.string(),
  scopes: z.array(scopeSchema),
  organisationId: z.number().int(),
  organisationName: z.string(),
  createdAt: z.string(),
  /** The day it stops working (YYYY-MM-DD, the last valid day). */
  expiresOn: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type ApiToken = z.infer<typeof apiTokenSchema>;

/** `POST /api-tokens`: the token and, this once, its secret. */
export const apiTokenCreatedSchema = z.object({ token: apiTokenSchema, secret: z.string() });
export type ApiTokenCreated = z.infer<typeof apiTokenCreatedSchema>;

/** `GET /api-tokens`: the caller's own tokens (every organisation), newest first. */
export const apiTokenListSchema = z.array(apiTokenSchema);

// ---------------------------------------------------------------------------------------------
// Assistant connections (OAuth grants; Einstellungen → Verbindungen)

export const connectionSchema = z.object({
  id: z.number().int(),
  clientName: z.string(),
  /** The client's home page or metadata document, when it named one. */
  clientUri: z.string().nullable(),
  scopes: z.array(scopeSchema),
  organisationId: z.number().int(),
  organisationName: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type Connection = z.infer<typeof connectionSchema>;

/** `GET /connections`: the caller's live connections (every organisation), newest first. */
export const connectionListSchema = z.array(connectionSchema);

// ---------------------------------------------------------------------------------------------
// The audit log (Einstellungen → Protokoll; owners and admins of the organisation)

export const auditEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  user: z.object({ id: z.number().int(), name: z.string() }),
  /** Through a personal API token or an assistant's connection. */
  via: z.enum(['token', 'assistant']),
  /** The token's or the client's name at the time. */
  clientName: z.string(),
  method: z.string(),
  /** The path called (without the query), e.g. `/api/transactions/12`. */
  path: z.string(),
  /** What the write did, in German: "Transaktion erstellt", … */
  action: z.string(),
  status: z.number().int(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** `GET /audit-log`: a page of the organisation's entries, newest first. */
export const auditLogQuerySchema = pageQuerySchema(50);
export const auditLogSchema = pageSchema(auditEntrySchema);
export type AuditLog = z.infer<typeof auditLogSchema>;

// ---------------------------------------------------------------------------------------------
// The consent page (/oauth/authorize in the web app)

/** The authorization request as the client sent it to `/oauth/authorize` (OAuth 2.1 + PKCE). */
export const authorizationRequestSchema = z.strictObject({
  response_type: z.string(),
  client_id: z.string().max(2_000),
  redirect_uri: z.string().max(2_000),
  scope: z.string().max(500).optional(),
  state: z.string().max(1_000).optional(),
  code_challenge: z.string().max(200),
  code_challenge_method: z.string().max(20),
  resource: z.string().max(2_000).optional(),
});
export type AuthorizationRequest = z.infer<typeof authorizationRequestSchema>;

/** `GET /oauth/authorization?…`: what the consent page shows. */
export const authorizationPromptSchema = z.object({
  client: z.object({ name: z.string(), uri: z.string().nullable() }),
  /** The scopes asked for (all of them when the client named none). */
  scopes: z.array(scopeSchema),
  /** The organisation the access is for: the current one; the others the user may pick instead. */
  organisation: z.object({ id: z.number().int(), name: z.string() }),
  organisations: z.array(z.object({ id: z.number().int(), name: z.string() })),
  redirectUri: z.string(),
});
export type AuthorizationPrompt = z.infer<typeof authorizationPromptSchema>;

/** `POST /oauth/authorization`: the user's answer. */
export const authorizationDecisionSchema = z.strictObject({
  request: authorizationRequestSchema,
  organisationId: z.number().int().min(1).max(2_147_483_647),
  approve: z.boolean(),
  /** The scopes the user kept (a subset of those asked for); all asked for when absent. */
  scopes: scopeListSchema.optional(),
});
export type AuthorizationDecision = z.input<typeof authorizationDecisionSchema>;

/** Where the browser goes next: the client's redirect URI with `code` (or `error`) and `state`. */
export const authorizationRedirectSchema = z.object({ redirectTo: z.string() });

// ---------------------------------------------------------------------------------------------
// The OAuth protocol's own endpoints (RFC 6749, 7009, 7591): their shapes, not the API's

/** A form's parameters (token and revocation requests), each a string. */
export const oauthFormSchema = z.record(z.string(), z.string().max(4_096));

/** RFC 6749 §5.2: the error answer of the protocol endpoints, `error_description` in German. */
export const oauthErrorSchema = z.object({ error: z.string(), error_description: z.string() });

/** RFC 6749 §5.1. */
export const oauthTokenSchema = z.object({
  access_token: z.string(),
  token_type: z.literal('Bearer'),
  expires_in: z.number().int(),
  refresh_token: z.string(),
  scope: z.string(),
});

/** RFC 7591 §3.2.1: the registered client (public: no secret). */
export const oauthClientInformationSchema = z.object({
  client_id: z.string(),
  client_id_issued_at: z.number().int(),
  client_name: z.string(),
  client_uri: z.string().optional(),
  redirect_uris: z.array(z.string()),
  grant_types: z.array(z.string()),
  response_types: z.array(z.string()),
  token_endpoint_auth_method: z.literal('none'),
});

/** The registration request: checked by the server itself, so its errors come in RFC 7591's shape. */
export const oauthClientMetadataSchema = z.record(z.string(), z.unknown());
