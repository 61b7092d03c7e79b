import {
  AMOUNT_OVERFLOW_MESSAGE,
  AmountOverflowError,
  describePage,
  hasRole,
  type Member,
  type Organisation,
  type OrganisationCreate,
  type OrganisationUpdate,
  type PageQuery,
  type Role,
} from '@saldopilot/shared';
import type { AppDatabase } from '../../db/client.js';
import { AppError, notFound, roleTooLow, validationFailed } from '../../lib/app-error.js';
import type { ChangeBus } from '../../lib/change-bus.js';
import { pageWithTotal } from '../../lib/list-query.js';
import type { ReferenceService } from '../reference/reference.service.js';
import {
  countOwners,
  lockOrganisation,
  deleteMembership,
  findMemberRole,
  findOwnBankAccount,
  findOrganisationOfUser,
  insertOrganisation,
  listMembers,
  listOrganisationsOfUser,
  allOrganisationsOfUser,
  countOrganisationsOfUser,
  updateMemberRole,
  updateOrganisation,
  type OrganisationRow,
} from './organisations.repository.js';

export const organisationMessages = {
  notFound: 'Die Organisation wurde nicht gefunden.',
  memberNotFound: 'Dieses Mitglied wurde nicht gefunden.',
  unknownCurrency: 'Unbekannte Währung',
  invalidBankAccount: 'Ungültiges Bankkonto',
  lastOwner: 'Die Organisation braucht mindestens eine Eigentümerin oder einen Eigentümer.',
} as const;

function toOrganisation(row: OrganisationRow): Organisation {
  return {
    id: row.id,
    name: row.name,
    currency: {
      id: row.currencyId,
      code: row.currencyCode,
      description: row.currencyDescription,
      localeCode: row.currencyLocaleCode,
    },
    role: row.role,
    memberCount: row.memberCount,
    minimumBalance: row.minimumBalance,
    matchTolerancePercent: row.matchTolerancePercent,
    matchWindowDays: row.matchWindowDays,
    salaryBankAccountId: row.salaryBankAccountId,
    paymentTermDays: row.paymentTermDays,
  };
}

export type OrganisationsService = ReturnType<typeof createOrganisationsService>;

/**
 * Throws AmountOverflowError when a sum of the organisation's data would not be exact in the
 * currency `currencyId` ("Total Bankguthaben", the forecast's totals); reads through `tx`. Given by
 * app.ts, which knows the areas that sum amounts.
 */
export type RequireExactSums = (tx: AppDatabase, organisationId: number, currencyId: number) => Promise<void>;

/**
 * Organisations and their members. Every action names the organisation in the URL, so the caller's
 * membership and role are checked there: not a member = 404 (as if it did not exist), too low = 403.
 */
export function createOrganisationsService(
  db: AppDatabase,
  reference: ReferenceService,
  bus: ChangeBus,
  requireExactSums: RequireExactSums,
) {
  function requireCurrency(currencyId: number): void {
    if (!reference.currencyById(currencyId)) {
      throw new AppError('VALIDATION_FAILED', organisationMessages.unknownCurrency, {
        fields: { currencyId: organisationMessages.unknownCurrency },
      });
    }
  }

  /** `requireExactSums`, its overflow answered as a 400 naming the field that would cause it. */
  async function requireExactSumsIn(tx: AppDatabase, organisationId: number, currencyId: number): Promise<void> {
    try {
      await requireExactSums(tx, organisationId, currencyId);
    } catch (error) {
      if (!(error instanceof AmountOverflowError)) throw error;
      throw validationFailed({ currencyId: AMOUNT_OVERFLOW_MESSAGE });
    }
  }

  /** The caller's role in the organisation; 404 for non-members, 403 below `minimum`. */
  async function roleIn(userId: number, organisationId: number, minimum: Role = 'read-only', database = db) {
    const role = await findMemberRole(database, organisationId, userId);
    if (!role) throw notFound(organisationMessages.notFound);
    if (!hasRole(role, minimum)) throw roleTooLow();
    return role;
  }

  async function getOne(userId: number, organisationId: number, database: AppDatabase = db): Promise<Organisation> {
    const row = await findOrganisationOfUser(database, userId, organisationId);
    if (!row) throw notFound(organisationMessages.notFound);
    return toOrganisation(row);
  }

  /**
   * Who may change whose role or remove whom: owners everyone; admins only members below admin, and
   * never to admin or owner; anyone may leave. The last owner can neither leave nor be demoted.
   */
  async function checkMemberChange(
    tx: AppDatabase,
    change: { actorId: number; organisationId: number; targetId: number; newRole?: Role },
  ) {
    const { actorId, organisationId, targetId, newRole } = change;
    await lockOrganisation(tx, organisationId);
    const actorRole = await roleIn(actorId, organisationId, 'read-only', tx);
    const targetRole = await findMemberRole(tx, organisationId, targetId);
    if (!targetRole) throw notFound(organisationMessages.memberNotFound);
    const leaving = newRole === undefined && actorId === targetId;
    if (!leaving) {
      const allowed =
        actorRole === 'owner' ||
        (actorRole === 'admin' &&
          !hasRole(targetRole, 'admin') &&
          (newRole === undefined || !hasRole(newRole, 'admin')));
      if (!allowed) throw roleTooLow();
    }
    if (targetRole === 'owner' && newRole !== 'owner' && (await countOwners(tx, organisationId)) <= 1) {
      throw new AppError('CONFLICT', organisationMessages.lastOwner);
    }
  }

  return {
    /** The caller's organisations by German name order, paged. */
    async list(userId: number, query: PageQuery) {
      const page = await pageWithTotal(await listOrganisationsOfUser(db, userId, query), query, () =>
        countOrganisationsOfUser(db, userId),
      );
      return { data: page.rows.map(toOrganisation), pagination: describePage(query, page.totalCount) };
    },

    /** Every organisation of the caller, unpaged, in German order (the Übersicht: docs/cockpit.md). */
    async all(userId: number): Promise<Organisation[]> {
      return (await allOrganisationsOfUser(db, userId)).map(toOrganisation);
    },

    get: getOne,

    /** Creates an organisation owned by the caller; the current organisation stays as it is. */
    async create(userId: number, input: OrganisationCreate): Promise<Organisation> {
      requireCurrency(input.currencyId);
      // Answered from inside the transaction: a committed create is never answered 503 (docs/api.md "Writes").
      return db.transaction(async (tx) =>
        getOne(userId, await insertOrganisation(tx, { name: input.name, currencyId: input.currencyId }, userId), tx),
      );
    },

    /**
     * Renames, changes the currency, the minimum balance ("Mindestliquidität"), the match
     * tolerance and window (docs/plan-actual.md "Suggestions") or the salary account ("Lohnkonto",
     * an account of the organisation: docs/plan-actual.md "Coverage"); admins and owners.
     * A new currency must keep every sum of the organisation's data exact (400 naming `currencyId`,
     * nothing stored; ARCHITECTURE.md rule 7); the members see it with their next request.
     */
    async update(userId: number, organisationId: number, changes: OrganisationUpdate): Promise<Organisation> {
      await roleIn(userId, organisationId, 'admin');
      const { currencyId } = changes;
      if (currencyId !== undefined) requireCurrency(currencyId);
      await db.transaction(async (tx) => {
        if (currencyId !== undefined) {
          await lockOrganisation(tx, organisationId);
          await requireExactSumsIn(tx, organisationId, currencyId);
        }
        const { salaryBankAccountId } = changes;
        // The account stays while the organisation is written (share-locked): docs/plan-actual.md "Coverage".
        if (
          typeof salaryBankAccountId === 'number' &&
          !(await findOwnBankAccount(tx, organisationId, salaryBankAccountId))
        ) {
          throw validationFailed({ salaryBankAccountId: organisationMessages.invalidBankAccount });
        }
        await updateOrganisation(tx, organisationId, {
          name: changes.name,
          currencyId: currencyId,
          minimumBalance: changes.minimumBalance,
          matchTolerancePercent: changes.matchTolerancePercent,
          matchWindowDays: changes.matchWindowDays,
          salaryBankAccountId: changes.salaryBankAccountId,
          paymentTermDays: changes.paymentTermDays,
        });
      });
      // Every member's cached session names the currency, on every instance.
      await bus.publish({ kind: 'organisation', action: 'updated', id: organisationId, organisationId, by: userId });
      return getOne(userId, organisationId);
    },

    /** The members, for every member. */
    async members(userId: number, organisationId: number): Promise<Member[]> {
      await roleIn(userId, organisationId);
      return listMembers(db, organisationId);
    },

    async changeRole(userId: number, organisationId: number, memberId: number, role: Role): Promise<Member> {
      await db.transaction(async (tx) => {
        await checkMemberChange(tx, { actorId: userId, organisationId, targetId: memberId, newRole: role });
        await updateMemberRole(tx, organisationId, memberId, role);
      });
      await bus.publish({ kind: 'membership', action: 'updated', id: memberId, organisationId, by: userId });
      const member = (await listMembers(db, organisationId)).find((candidate) => candidate.userId === memberId);
      if (!member) throw notFound(organisationMessages.memberNotFound);
      return member;
    },

    /** Removes a member (or the caller leaves); their access ends on every instance before this answers. */
    async removeMember(userId: number, organisationId: number, memberId: number): Promise<void> {
      await db.transaction(async (tx) => {
        await checkMemberChange(tx, { actorId: userId, organisationId, targetId: memberId });
        await deleteMembership(tx, organisationId, memberId);
      });
      await bus.publish({ kind: 'membership', action: 'deleted', id: memberId, organisationId, by: userId });
    },

    roleIn,
  };
}
