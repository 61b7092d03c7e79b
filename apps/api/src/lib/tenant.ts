import type { AccessScope, Role } from '@saldopilot/shared';

/** Who is signed in (or speaks through a bearer secret), and their current organisation if any. */
export interface SessionUser {
  userId: number;
  /** The current organisation, null when the user has none (or lost its membership). */
  organisationId: number | null;
  role: Role | null;
  /** The current organisation's currency, null without one. */
  currencyId: number | null;
}

/** A call made with a bearer secret instead of a session (docs/access.md "Bearer calls"). */
export interface BearerAccess {
  kind: 'token' | 'assistant';
  /** The token's id, or the connection's (OAuth grant) for an assistant. */
  id: number;
  scopes: AccessScope[];
  /** The token's name or the client's: what the audit log shows. */
  clientName: string;
}

/**
 * Who is calling, in which organisation: the scope of every tenant read and write. A plain value
 * that services and repositories take first; plugins/request-context.ts makes it from the session
 * (`tenantOf`), tests and jobs make it themselves.
 */
export interface Tenant {
  userId: number;
  organisationId: number;
  role: Role;
  /** The organisation's currency: forecasts and totals are in it. */
  currencyId: number;
  /**
   * Whether the caller may see any one person's salary: always with a session, with a token only
   * when it holds `salaries:read` (docs/access.md "Salary figures"). Without it the services pool the
   * forecast's salary leaves and leave salary occurrences out of plan vs actual.
   */
  seesSalaries: boolean;
}
