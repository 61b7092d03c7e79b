// The roles of a membership, without zod: the web app asks `hasRole` on every page, and importing
// it from the organisation schemas built those schemas (and the auth ones they use) as the page loaded.

/** Roles from most to least powerful. */
export const roles = ['owner', 'admin', 'editor', 'read-only'] as const;
export type Role = (typeof roles)[number];

const roleRank: Record<Role, number> = { owner: 3, admin: 2, editor: 1, 'read-only': 0 };

/** True when `role` is at least `minimum` (owner > admin > editor > read-only). */
export function hasRole(role: Role, minimum: Role): boolean {
  return roleRank[role] >= roleRank[minimum];
}

/** German role names for the interface. */
export const roleLabels: Record<Role, string> = {
  owner: 'Eigentümer',
  admin: 'Administrator',
  editor: 'Bearbeiter',
  'read-only': 'Nur Lesen',
};
