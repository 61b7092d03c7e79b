import { z } from 'zod';
import { exportFormatSchema, unpaged } from './exports.js';
import { currencySchema } from './reference.js';
import { vatSchema } from './vats.js';
import {
  changingAtLeastOneField,
  booleanQuerySchema,
  cycleSchema,
  cycles,
  dateSchema,
  idFieldSchema,
  idParamSchema,
  idSchema,
  nonZeroCentsSchema,
  textSchema,
  type Cycle,
} from './fields.js';
import { listQuerySchema, pageSchema } from './pagination.js';
import { PAYMENT_REFERENCE_MESSAGE, isValidPaymentReference, normalizePaymentReference } from '../payment-reference.js';

export const transactionTypes = ['single', 'repeating'] as const;
export type TransactionType = (typeof transactionTypes)[number];
export const transactionTypeLabels: Record<TransactionType, string> = {
  single: 'Einmalige Fälligkeit',
  repeating: 'Wiederkehrende Zahlung',
};

export const transactionSortFields = [
  'name',
  'startDate',
  'endDate',
  'amount',
  'cycle',
  'category',
  'employee',
  'nextExecutionDate',
] as const;
export type TransactionSortField = (typeof transactionSortFields)[number];

export const transactionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  link: z.string().nullable(),
  /** Signed cents: > 0 revenue, < 0 expense. */
  amount: z.number().int(),
  /** The VAT in the amount (included) or on top of it (excluded); 0 without a rate. */
  vatAmount: z.number().int(),
  vatIncluded: z.boolean(),
  isDisabled: z.boolean(),
  cycle: z.enum(cycles).nullable(),
  type: z.enum(transactionTypes),
  startDate: z.string(),
  endDate: z.string().nullable(),
  category: z.object({ id: z.number().int(), name: z.string() }),
  currency: currencySchema,
  employee: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  vat: vatSchema.nullable(),
  /** The next day it is paid, null when it never is again ("Abgelaufen"). */
  nextExecutionDate: z.string().nullable(),
  /** A QR or Creditor Reference its payments carry (docs/plan-actual.md "References"); null: none. */
  reference: z.string().nullable(),
  /** The bank account it is paid from or into (docs/plan-actual.md "Coverage"); null: none named. */
  bankAccountId: z.number().int().nullable(),
});
export type Transaction = z.infer<typeof transactionSchema>;

export const transactionListSchema = pageSchema(transactionSchema);
export type TransactionList = z.infer<typeof transactionListSchema>;

export const transactionDirections = ['revenue', 'expense'] as const;
export const transactionListQuerySchema = listQuerySchema({
  defaultLimit: 50,
  sortBy: transactionSortFields,
  filters: {
    hideDisabled: booleanQuerySchema.optional(),
    hideExpired: booleanQuerySchema.optional(),
    categoryId: idParamSchema.optional(),
    direction: z.enum(transactionDirections, { error: 'Ungültiger Wert: revenue oder expense' }).optional(),
  },
});
export type TransactionListQuery = z.infer<typeof transactionListQuerySchema>;
/** `GET …/export`: the list's query without paging, and the file format (docs/reports.md "Lists"). */
export const transactionExportQuerySchema = transactionListQuerySchema
  .omit(unpaged)
  .extend({ format: exportFormatSchema });

export const LINK_MAX = 2048;
/** An optional http(s) address; empty means none. */
const linkSchema = textSchema({ max: LINK_MAX })
  .refine((link) => link === '' || URL.canParse(link), 'Bitte geben Sie eine gültige Adresse (URL) ein')
  .refine((link) => link === '' || /^https?:\/\//i.test(link), 'Nur http- und https-Adressen sind erlaubt')
  .transform((link) => (link === '' ? null : link))
  .nullable();

/** An optional QR or Creditor Reference, typed with spaces or small letters; empty means none. */
export const paymentReferenceSchema = z
  .string({ error: PAYMENT_REFERENCE_MESSAGE })
  .max(64, PAYMENT_REFERENCE_MESSAGE)
  .transform(normalizePaymentReference)
  .refine((reference) => reference === '' || isValidPaymentReference(reference), PAYMENT_REFERENCE_MESSAGE)
  .transform((reference) => (reference === '' ? null : reference))
  .nullable();

const transactionFields = {
  name: textSchema({ max: 255, required: 'Name wird benötigt' }),
  link: linkSchema.optional(),
  amount: nonZeroCentsSchema,
  type: z.enum(transactionTypes, { error: 'Typ wird benötigt' }),
  cycle: cycleSchema.nullable().optional(),
  startDate: dateSchema('Start wird benötigt'),
  endDate: dateSchema().nullable().optional(),
  categoryId: idFieldSchema('Ungültige Kategorie', 'Kategorie wird benötigt'),
  currencyId: idFieldSchema('Ungültige Währung', 'Währung wird benötigt'),
  employeeId: idFieldSchema('Ungültige Mitarbeitende').nullable().optional(),
  vatId: idFieldSchema('Ungültige Mehrwertsteuer').nullable().optional(),
  vatIncluded: z.boolean({ error: 'Ungültiger Wert' }).optional(),
  reference: paymentReferenceSchema.optional(),
  bankAccountId: idFieldSchema('Ungültiges Bankkonto').nullable().optional(),
};

/** The fields whose combination the rules below judge. */
export interface TransactionShape {
  type: TransactionType;
  cycle?: Cycle | null | undefined;
  startDate: string;
  endDate?: string | null | undefined;
}

/**
 * The rules across fields, as German messages per field: a repeating transaction needs a cycle, a
 * single one has neither cycle nor end, and the end is not before the start. The API applies them
 * to the stored row merged with a partial update, the forms to what is typed.
 */
export function transactionShapeErrors(values: TransactionShape): Record<string, string> {
  const errors: Record<string, string> = {};
  if (values.type === 'repeating' && !values.cycle) errors.cycle = 'Zahlungs-Zyklus wird benötigt';
  if (values.type === 'single' && values.cycle) errors.cycle = 'Eine einmalige Transaktion hat keinen Zyklus';
  if (values.type === 'single' && values.endDate) errors.endDate = 'Eine einmalige Transaktion hat kein Enddatum';
  if (values.endDate && values.endDate < values.startDate) errors.endDate = 'Bis darf nicht vor Von liegen';
  return errors;
}

function addShapeIssues(values: TransactionShape, context: z.RefinementCtx): void {
  for (const [field, message] of Object.entries(transactionShapeErrors(values))) {
    context.addIssue({ code: 'custom', path: [field], message });
  }
}

export const transactionCreateSchema = z.strictObject(transactionFields).superRefine(addShapeIssues);
/** A true partial update; the rules across fields are checked on the result by the service. */
export const transactionUpdateSchema = changingAtLeastOneField(
  z.strictObject({ ...transactionFields, isDisabled: z.boolean({ error: 'Ungültiger Wert' }) }).partial(),
);
export type TransactionCreate = z.infer<typeof transactionCreateSchema>;
export type TransactionUpdate = z.infer<typeof transactionUpdateSchema>;

export const transactionBulkActions = ['enable', 'disable', 'delete'] as const;
/** Most transactions one bulk request may name. */
export const TRANSACTION_BULK_MAX = 500;
/** Several transactions at once, all or nothing. */
export const transactionBulkSchema = z.strictObject({
  ids: z
    .array(idSchema, { error: 'Bitte wählen Sie Transaktionen aus' })
    .min(1, 'Bitte wählen Sie Transaktionen aus')
    .max(TRANSACTION_BULK_MAX, `Höchstens ${TRANSACTION_BULK_MAX} Transaktionen auf einmal`)
    .refine((ids) => new Set(ids).size === ids.length, 'Doppelte Auswahl nicht erlaubt'),
  action: z.enum(transactionBulkActions, { error: 'Unbekannte Aktion' }),
});
export type TransactionBulk = z.infer<typeof transactionBulkSchema>;
