import { z } from 'zod';
import { exportFormatSchema, unpaged } from './exports.js';
import { IBAN_MESSAGE, isValidIban, normalizeAccountNumber, normalizeIban } from '../iban.js';
import { currencySchema } from './reference.js';
import { centsSchema, changingAtLeastOneField, dateSchema, idFieldSchema, textSchema } from './fields.js';
import { listQuerySchema, pageSchema } from './pagination.js';

export const bankAccountSortFields = ['name', 'amount'] as const;
export type BankAccountSortField = (typeof bankAccountSortFields)[number];

export const bankAccountSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  amount: z.number().int(),
  currency: currencySchema,
  /** "Stand per": the day the balance was last set; null while unknown ("noch unbekannt"), until a statement sets it. */
  balanceDate: z.string().nullable(),
  /** The balance in the organisation's currency (rounded once, as in the forecast). */
  convertedAmount: z.number().int(),
  /** ISO 13616 without spaces; statements are matched to the account by it. */
  iban: z.string().nullable(),
  /** "Kontonummer": the bank's own account number, as statements name it (`<Othr><Id>`), without spaces. */
  accountNumber: z.string().nullable(),
});
export type BankAccount = z.infer<typeof bankAccountSchema>;

/** "Total Bankguthaben": every account of the organisation, whatever page or search is shown. */
export const bankAccountTotalSchema = z.object({
  amount: z.number().int(),
  currency: z.string(),
  /** Codes of account currencies without a rate (counted 1:1). */
  missingRates: z.array(z.string()),
});

export const bankAccountListSchema = pageSchema(bankAccountSchema).extend({ total: bankAccountTotalSchema });
export type BankAccountList = z.infer<typeof bankAccountListSchema>;

export const bankAccountListQuerySchema = listQuerySchema({ defaultLimit: 20, sortBy: bankAccountSortFields });
export type BankAccountListQuery = z.infer<typeof bankAccountListQuerySchema>;
/** `GET …/export`: the list's query without paging, and the file format (docs/reports.md "Lists"). */
export const bankAccountExportQuerySchema = bankAccountListQuerySchema
  .omit(unpaged)
  .extend({ format: exportFormatSchema });

/**
 * An IBAN as typed (spaces and small letters allowed), stored without spaces in capitals; empty or
 * null means none. Checked with mod 97 (docs/bank-statements.md "IBAN").
 */
export const ibanSchema = z
  .string({ error: IBAN_MESSAGE })
  .max(64, IBAN_MESSAGE)
  .transform(normalizeIban)
  .refine((iban) => iban === '' || isValidIban(iban), IBAN_MESSAGE)
  .transform((iban) => (iban === '' ? null : iban))
  .nullable();

/**
 * "Kontonummer" as typed, stored without spaces in capitals (as a statement's `<Othr><Id>` is compared
 * with it, docs/bank-statements.md "Accounts"); empty or null means none.
 */
export const accountNumberSchema = z
  .string({ error: 'Ungültige Kontonummer' })
  .max(64, 'Kontonummer ist zu lang')
  .transform(normalizeAccountNumber)
  .refine((value) => value.length <= 34, 'Kontonummer ist zu lang (höchstens 34 Zeichen)')
  .refine((value) => !/[\p{Cc}\p{Cs}]/u.test(value), 'Ungültige Kontonummer')
  .transform((value) => (value === '' ? null : value))
  .nullable();

const bankAccountFields = {
  name: textSchema({ max: 100, required: 'Name wird benötigt' }),
  amount: centsSchema,
  currencyId: idFieldSchema('Ungültige Währung', 'Währung wird benötigt'),
  /**
   * Defaults to today when omitted and the amount is set or changed; null: not known yet ("noch
   * unbekannt"), the account's first statement sets it (docs/bank-statements.md "Balances").
   */
  balanceDate: dateSchema().nullable().optional(),
  iban: ibanSchema.optional(),
  accountNumber: accountNumberSchema.optional(),
};

export const bankAccountCreateSchema = z.strictObject(bankAccountFields);
export const bankAccountUpdateSchema = changingAtLeastOneField(z.strictObject(bankAccountFields).partial());
export type BankAccountCreate = z.infer<typeof bankAccountCreateSchema>;
export type BankAccountUpdate = z.infer<typeof bankAccountUpdateSchema>;

/**
 * `GET /bank-accounts/freshness` (docs/plan-actual.md "Freshness"): the accounts whose "Stand per" is
 * more than `staleAfterDays` days old (or unknown), the oldest first, and the note naming the oldest.
 */
export const bankAccountFreshnessSchema = z.object({
  staleAfterDays: z.number().int(),
  stale: z.array(z.object({ id: z.number().int(), name: z.string(), balanceDate: z.string().nullable() })),
  /** "Saldo von Konto Post zuletzt per 20.06.2023"; null when every balance is fresh. */
  note: z.string().nullable(),
});
export type BankAccountFreshness = z.infer<typeof bankAccountFreshnessSchema>;
