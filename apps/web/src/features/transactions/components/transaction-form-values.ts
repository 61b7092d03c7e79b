import { zodResolver } from '@hookform/resolvers/zod';
import type { Control, FieldErrors, Resolver, UseFormSetValue } from 'react-hook-form';
import {
  transactionCreateSchema,
  transactionShapeErrors,
  type Cycle,
  type Transaction,
  type TransactionCreate,
  type TransactionType,
} from '@saldopilot/shared';

/**
 * What the transaction dialog edits. The cycle stays chosen while "Einmalige Fälligkeit" hides it
 * (switching back restores it), and an empty date is `undefined`/`null` so the schema's "wird
 * benötigt" message shows instead of "Ungültiger Datumswert".
 */
export interface TransactionFormValues {
  name: string;
  link: string;
  categoryId: number | undefined;
  employeeId: number | null;
  currencyId: number | undefined;
  amount: number | null;
  vatId: number | null;
  vatIncluded: boolean;
  type: TransactionType;
  cycle: Cycle;
  startDate: string | null | undefined;
  endDate: string | null;
  /** A QR or Creditor Reference as typed; empty: none (docs/plan-actual.md "References"). */
  reference: string;
  /** The account it is paid from or into; null: "Kein bestimmtes Konto" (docs/plan-actual.md "Coverage"). */
  bankAccountId: number | null;
}

/** The dialog's form: edits TransactionFormValues, submits a TransactionCreate. */
export type TransactionControl = Control<TransactionFormValues, unknown, TransactionCreate>;
export type TransactionSetValue = UseFormSetValue<TransactionFormValues>;

/** A new transaction: single, in the organisation's currency (docs/web.md "Transaktionen"). */
export function emptyValues(currencyId: number): TransactionFormValues {
  return {
    name: '',
    link: '',
    categoryId: undefined,
    employeeId: null,
    currencyId,
    amount: null,
    vatId: null,
    vatIncluded: false,
    type: 'single',
    cycle: 'monthly',
    startDate: undefined,
    endDate: null,
    reference: '',
    bankAccountId: null,
  };
}

/** The values of an existing transaction (to edit it, or to clone it). */
export function valuesOf(transaction: Transaction): TransactionFormValues {
  return {
    name: transaction.name,
    link: transaction.link ?? '',
    categoryId: transaction.category.id,
    employeeId: transaction.employee?.id ?? null,
    currencyId: transaction.currency.id,
    amount: transaction.amount,
    vatId: transaction.vat?.id ?? null,
    vatIncluded: transaction.vatIncluded,
    type: transaction.type,
    cycle: transaction.cycle ?? 'monthly',
    startDate: transaction.startDate,
    endDate: transaction.endDate,
    reference: transaction.reference ?? '',
    bankAccountId: transaction.bankAccountId,
  };
}

/**
 * The request the values stand for: a single transaction is saved without cycle and end date
 * (docs/web.md "Transaktionen"), and "inklusive" means nothing without a rate.
 */
export function toRequest(values: TransactionFormValues) {
  const repeating = values.type === 'repeating';
  return {
    name: values.name,
    link: values.link,
    amount: values.amount,
    type: values.type,
    cycle: repeating ? values.cycle : null,
    startDate: values.startDate || undefined,
    endDate: repeating ? values.endDate || null : null,
    categoryId: values.categoryId,
    currencyId: values.currencyId,
    employeeId: values.employeeId,
    vatId: values.vatId,
    vatIncluded: values.vatId ? values.vatIncluded : false,
    reference: values.reference,
    bankAccountId: values.bankAccountId,
  };
}

const schemaResolver = zodResolver(transactionCreateSchema);

/**
 * The shared create schema on the request the values stand for, plus the rules across fields
 * (`transactionShapeErrors`) at all times: inside the schema those run only once every field is
 * valid, and a person should learn that "Bis" lies before "Von" while the amount is still empty.
 */
export const transactionResolver: Resolver<TransactionFormValues, unknown, TransactionCreate> = async (
  values,
  context,
  options,
) => {
  const request = toRequest(values);
  const result = await schemaResolver(request as never, context, options as never);
  const shape = transactionShapeErrors({ ...request, startDate: request.startDate ?? '' });
  const extra = Object.entries(shape).filter(([field]) => !(field in result.errors));
  if (extra.length === 0)
    return result as Awaited<ReturnType<Resolver<TransactionFormValues, unknown, TransactionCreate>>>;
  const errors = { ...result.errors } as Record<string, unknown>;
  for (const [field, message] of extra) errors[field] = { type: 'custom', message };
  return { values: {}, errors: errors as FieldErrors<TransactionFormValues> };
};

/**
 * The request the stored transaction stands for: an edit sends what differs from it (`changesOf`,
 * docs/api.md "Writes"). The link and the reference as stored (null when none), as the schema hands
 * an empty one over.
 */
export function storedRequest(transaction: Transaction): Partial<TransactionCreate> {
  return {
    ...toRequest(valuesOf(transaction)),
    link: transaction.link,
    reference: transaction.reference,
  } as Partial<TransactionCreate>;
}
