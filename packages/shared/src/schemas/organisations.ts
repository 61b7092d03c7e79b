import { z } from 'zod';
import { emailSchema, newPasswordSchema } from './auth.js';
import { nameSchema } from './profile.js';
import {
  centsSchema,
  changingAtLeastOneField,
  idFieldSchema,
  idParamSchema,
  idParamsSchema,
  textSchema,
} from './fields.js';
import { roles } from '../roles.js';

export const roleSchema = z.enum(roles, { error: 'Unbekannte Rolle' });
export const organisationIdParamsSchema = idParamsSchema;

export const organisationSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  currency: z.object({ id: z.number().int(), code: z.string(), description: z.string(), localeCode: z.string() }),
  role: roleSchema,
  memberCount: z.number().int(),
  /** "Mindestliquidität" in minor units (default 0): the runway's threshold. */
  minimumBalance: z.number().int(),
  /** Matching bank entries to the plan (docs/plan-actual.md "Suggestions"): amount tolerance ±% and date window ±days. */
  matchTolerancePercent: z.number().int(),
  matchWindowDays: z.number().int(),
  /** "Lohnkonto": the bank account salaries and salary costs are paid from (docs/plan-actual.md "Coverage"); null: none. */
  salaryBankAccountId: z.number().int().nullable(),
  /** "Zahlungsfrist (Tage)": a QR-bill without terms is due the upload day plus these days (docs/qr-bills.md "Due date"). */
  paymentTermDays: z.number().int(),
});
export type Organisation = z.infer<typeof organisationSchema>;

const currencyIdSchema = idFieldSchema('Ungültige Währung', 'Währung wird benötigt');

/**
 * "Mindestliquidität": a reserve the end balance should keep, so 0 or more (docs/forecast.md
 * "Runway"). A negative value was once taken without a word; a credit line is not a reserve.
 */
export const minimumBalanceSchema = centsSchema.refine(
  (cents) => cents >= 0,
  'Die Mindestliquidität darf nicht negativ sein (0 oder mehr)',
);

export const MATCH_LIMITS = { maxTolerancePercent: 50, maxWindowDays: 60 } as const;
const wholeNumberIn = (max: number, message: string) =>
  z.number({ error: message }).int(message).min(0, message).max(max, message);
export const matchTolerancePercentSchema = wholeNumberIn(
  MATCH_LIMITS.maxTolerancePercent,
  `Die Toleranz muss eine ganze Zahl von 0 bis ${MATCH_LIMITS.maxTolerancePercent} Prozent sein`,
);
export const matchWindowDaysSchema = wholeNumberIn(
  MATCH_LIMITS.maxWindowDays,
  `Das Zeitfenster muss eine ganze Zahl von 0 bis ${MATCH_LIMITS.maxWindowDays} Tagen sein`,
);

/** "Zahlungsfrist (Tage)" (docs/qr-bills.md "Due date"): 30 by default, the common Swiss payment term. */
export const PAYMENT_TERM_LIMITS = { defaultDays: 30, maxDays: 365 } as const;
export const paymentTermDaysSchema = wholeNumberIn(
  PAYMENT_TERM_LIMITS.maxDays,
  `Die Zahlungsfrist muss eine ganze Zahl von 0 bis ${PAYMENT_TERM_LIMITS.maxDays} Tagen sein`,
);

export const organisationCreateSchema = z.strictObject({ name: nameSchema, currencyId: currencyIdSchema });
export const organisationUpdateSchema = changingAtLeastOneField(
  z.strictObject({
    name: nameSchema.optional(),
    currencyId: currencyIdSchema.optional(),
    minimumBalance: minimumBalanceSchema.optional(),
    matchTolerancePercent: matchTolerancePercentSchema.optional(),
    matchWindowDays: matchWindowDaysSchema.optional(),
    salaryBankAccountId: idFieldSchema('Ungültiges Bankkonto').nullable().optional(),
    paymentTermDays: paymentTermDaysSchema.optional(),
  }),
);
export type OrganisationCreate = z.infer<typeof organisationCreateSchema>;
export type OrganisationUpdate = z.infer<typeof organisationUpdateSchema>;

export const memberSchema = z.object({
  userId: z.number().int(),
  name: z.string(),
  email: z.string(),
  role: roleSchema,
});
export type Member = z.infer<typeof memberSchema>;
export const memberParamsSchema = z.strictObject({ id: idParamSchema, userId: idParamSchema });
export const memberUpdateSchema = z.strictObject({ role: roleSchema });

export const invitationSchema = z.object({
  id: z.number().int(),
  organisationId: z.number().int(),
  email: z.string(),
  role: roleSchema,
  invitedBy: z.number().int().nullable(),
  invitedByName: z.string(),
  expiresAt: z.string(),
  createdAt: z.string(),
  lastSentAt: z.string(),
  isExpired: z.boolean(),
});
export type Invitation = z.infer<typeof invitationSchema>;
export const invitationParamsSchema = z.strictObject({ id: idParamSchema, invitationId: idParamSchema });
export const invitationCreateSchema = z.strictObject({ email: emailSchema, role: roleSchema.exclude(['owner']) });

export const invitationTokenSchema = z
  .string({ error: 'Einladung wird benötigt' })
  .trim()
  .regex(/^[A-Za-z0-9_-]{20,100}$/, 'Ungültiger Einladungslink');
export const invitationCheckSchema = z.object({
  email: z.string(),
  organisationName: z.string(),
  invitedByName: z.string(),
  role: roleSchema,
  userExists: z.boolean(),
});
export const invitationAcceptSchema = z.strictObject({
  token: invitationTokenSchema,
  // 8–128 for everyone, as the API documents it: a new account is created with it, and an existing
  // one was (registration, reset and change all require 8), so a shorter one can never be right.
  password: newPasswordSchema,
  name: textSchema({ max: 100 }).optional(),
});

export const myInvitationSchema = z.object({
  id: z.number().int(),
  organisationId: z.number().int(),
  organisationName: z.string(),
  email: z.string(),
  role: roleSchema,
  invitedByName: z.string(),
  expiresAt: z.string(),
  createdAt: z.string(),
});
export const myInvitationParamsSchema = idParamsSchema;
