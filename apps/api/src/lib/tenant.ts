import type { Role } from '@saldopilot/shared';

/**
 * Who is calling, in which organisation: the scope of every tenant read and write. A plain value
 * that services and repositories take first; the authenticate plugin makes it from the session
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
