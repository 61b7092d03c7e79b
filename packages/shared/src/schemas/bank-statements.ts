import { z } from 'zod';
import { exportFormatSchema, unpaged } from './exports.js';
import { dateSchema, idFieldSchema, idParamSchema, textSchema } from './fields.js';
import { listQuerySchema, pageSchema } from './pagination.js';
import { entryPlanSchema } from './plan-actual.js';

/**
 * Bank statements in (docs/bank-statements.md): the preview and import of a camt.053/054, a zip of
 * them or a CSV export, and the booked entries of an account.
 */

export const statementKinds = ['camt.053', 'camt.054', 'csv'] as const;
export const referenceTypes = ['QRR', 'SCOR', 'ISR'] as const;
export const balanceTypes = ['OPBD', 'PRCD', 'CLBD', 'CLAV', 'CSV'] as const;
export const entryDirections = ['credit', 'debit'] as const;
export const entrySources = statementKinds;
export const csvColumnRoles = [
  'date',
  'valueDate',
  'amount',
  'credit',
  'debit',
  'balance',
  'text',
  'reference',
  'currency',
  'counterparty',
  'account',
] as const;

/** The content types the two file routes read; `application/octet-stream` is detected by its bytes. */
export const statementContentTypes = [
  'application/xml',
  'text/xml',
  'application/zip',
  'application/x-zip-compressed',
  'text/csv',
  'application/octet-stream',
] as const;

const headerName = textSchema({ max: 100, required: 'Spaltenname wird benötigt' });
const optionalHeader = headerName.nullable().optional();

/**
 * How a CSV export is read when its headers are not recognised, by header names (so reordered
 * columns still fit): a date, and one signed amount or credit and debit columns; remembered per
 * bank account (`PUT /bank-accounts/{id}/csv-mapping`).
 */
export const csvMappingSchema = z
  .strictObject({
    date: headerName,
    valueDate: optionalHeader,
    amount: optionalHeader,
    credit: optionalHeader,
    debit: optionalHeader,
    balance: optionalHeader,
    text: z.array(headerName).max(10, 'Höchstens 10 Textspalten').optional(),
    reference: optionalHeader,
    currency: optionalHeader,
    counterparty: optionalHeader,
  })
  .refine((mapping) => Boolean(mapping.amount || mapping.credit || mapping.debit), {
    message: 'Bitte wählen Sie die Spalte des Betrags (oder Gutschrift und Belastung)',
    path: ['amount'],
  });
export type CsvMapping = z.infer<typeof csvMappingSchema>;

export const csvMappingAnswerSchema = z.object({ csvMapping: csvMappingSchema.nullable() });
/** `PUT /bank-accounts/{id}/csv-mapping`: the mapping to remember, or null to forget it. */
export const csvMappingUpdateSchema = z.strictObject({ csvMapping: csvMappingSchema.nullable() });
export type CsvMappingAnswer = z.infer<typeof csvMappingAnswerSchema>;

/** `assign`: per statement (its place in the file, from 0) an account id or `new`, e.g. `0:12,1:new`. */
export const STATEMENT_ASSIGN_PATTERN = /^\d{1,3}:(\d{1,10}|new)(,\d{1,3}:(\d{1,10}|new))*$/;

/**
 * Query of preview and import: the account for statements whose account is recognised by none
 * (`bankAccountId`), and the choice per statement (`assign`; `new` creates the account from the
 * statement), docs/bank-statements.md "Accounts".
 */
export const statementImportQuerySchema = z.strictObject({
  bankAccountId: idParamSchema.optional(),
  assign: z
    .string()
    .max(2000, 'Zu viele Zuordnungen')
    .regex(STATEMENT_ASSIGN_PATTERN, 'Ungültige Zuordnung: erwartet z. B. 0:12,1:new')
    .optional(),
});
export type StatementImportQuery = z.infer<typeof statementImportQuerySchema>;

const entryFields = {
  bookingDate: z.string(),
  valueDate: z.string().nullable(),
  /** Signed minor units: credits > 0, debits < 0. */
  amount: z.number().int(),
  currency: z.string(),
  /** The entry's currency is not the account's: kept as it is and flagged. */
  foreignCurrency: z.boolean(),
  counterpartyName: z.string().nullable(),
  counterpartyIban: z.string().nullable(),
  /** The remittance text (`Ustrd`), else the bank's additional information. */
  remittanceInformation: z.string().nullable(),
  reference: z.string().nullable(),
  referenceType: z.enum(referenceTypes).nullable(),
  /** The bank's own reference (`AcctSvcrRef`). */
  bankReference: z.string().nullable(),
  /** A reversal (`RvslInd`): its amount already carries its booking direction. */
  isReversal: z.boolean(),
  /** Charges the bank reported with the entry, positive minor units. */
  charges: z.number().int().nullable(),
};

export const statementEntryPreviewSchema = z.object({
  ...entryFields,
  /** An entry with the same identity is already stored (or comes earlier in the same upload). */
  alreadyImported: z.boolean(),
});
export type StatementEntryPreview = z.infer<typeof statementEntryPreviewSchema>;

const balanceSchema = z.object({
  amount: z.number().int(),
  /** The balance's own currency (`Amt/@Ccy`); null when the file names none (CSV). */
  currency: z.string().nullable(),
  date: z.string(),
  type: z.enum(balanceTypes),
});

/** How a statement's account was found (docs/bank-statements.md "Accounts"). */
export const accountMatches = ['iban', 'accountNumber', 'remembered', 'chosen', 'new'] as const;

export const statementPreviewSchema = z.object({
  /** The file's name inside a zip; null for a single file. */
  fileName: z.string().nullable(),
  kind: z.enum(statementKinds),
  /** Message version ("001.08"); null for CSV. */
  version: z.string().nullable(),
  statementId: z.string().nullable(),
  iban: z.string().nullable(),
  /** The statement's account number where it names its account by `<Othr><Id>` (or a CSV's account column). */
  accountNumber: z.string().nullable(),
  account: z
    .object({
      id: z.number().int(),
      name: z.string(),
      currency: z.string(),
      amount: z.number().int(),
      balanceDate: z.string().nullable(),
    })
    .nullable(),
  /**
   * How the account was found: by the statement's IBAN or account number (against the accounts'
   * IBAN and "Kontonummer"), by an earlier choice for the same statement account, chosen now
   * (`bankAccountId` or `assign`), or created from the statement (`assign=…:new`).
   */
  accountMatchedBy: z.enum(accountMatches).nullable(),
  /** The account the import creates from the statement (`assign=…:new`); null otherwise. */
  newAccount: z
    .object({
      name: z.string(),
      iban: z.string().nullable(),
      accountNumber: z.string().nullable(),
      currency: z.string(),
    })
    .nullable(),
  currency: z.string().nullable(),
  period: z.object({ from: z.string(), to: z.string() }).nullable(),
  openingBalance: balanceSchema.nullable(),
  closingBalance: balanceSchema.nullable(),
  /** camt.053: the entries against closing − opening balance, all in one currency (`currency`). */
  balanceCheck: z
    .object({
      currency: z.string().nullable(),
      entriesTotal: z.number().int(),
      balanceChange: z.number().int(),
      matches: z.boolean(),
    })
    .nullable(),
  /** Whether the closing balance becomes the account's balance and "Stand per", and if not, why. */
  balanceUpdate: z.object({ updates: z.boolean(), reason: z.string().nullable() }),
  entryCount: z.number().int(),
  newCount: z.number().int(),
  duplicateCount: z.number().int(),
  pendingCount: z.number().int(),
  /** "x neu, y bereits importiert". */
  summary: z.string(),
  warnings: z.array(z.string()),
  /** What stops the import (CSV rows by line, a missing account); empty when it can go ahead. */
  errors: z.array(z.string()),
  /** The first entries, in the file's order. */
  entries: z.array(statementEntryPreviewSchema),
  /** CSV: each header cell and what it was read as (null: not read); null for camt. */
  csvColumns: z.array(z.object({ header: z.string(), role: z.enum(csvColumnRoles).nullable() })).nullable(),
});
export type StatementPreview = z.infer<typeof statementPreviewSchema>;

export const statementFilePreviewSchema = z.object({
  statements: z.array(statementPreviewSchema),
  /** False when any statement has errors: the import would be refused. */
  canImport: z.boolean(),
});
export type StatementFilePreview = z.infer<typeof statementFilePreviewSchema>;

export const statementImportResultSchema = z.object({
  imported: z.number().int(),
  duplicates: z.number().int(),
  /** Accounts whose balance and "Stand per" the file set. */
  balancesUpdated: z.number().int(),
  /** Each balance the file set ("Saldo übernommen: 84'515.25 per 20.06.2023"). */
  balances: z.array(
    z.object({
      bankAccountId: z.number().int(),
      name: z.string(),
      amount: z.number().int(),
      currency: z.string(),
      date: z.string(),
    }),
  ),
  /** The accounts created from statements (`assign=…:new`). */
  createdAccounts: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type StatementImportResult = z.infer<typeof statementImportResultSchema>;

export const bankEntrySchema = z.object({
  id: z.number().int(),
  ...entryFields,
  source: z.enum(entrySources),
  category: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** Matched to a planned occurrence, marked "nicht geplant", or open (docs/plan-actual.md). */
  plan: entryPlanSchema,
});
export type BankEntry = z.infer<typeof bankEntrySchema>;

export const bankEntryListSchema = pageSchema(bankEntrySchema);
export type BankEntryList = z.infer<typeof bankEntryListSchema>;

/** Entries of an account: sorted by booking date (newest first by default), searchable, by period and direction. */
export const bankEntryListQuerySchema = listQuerySchema({
  defaultLimit: 50,
  sortBy: ['bookingDate'],
  filters: {
    from: dateSchema().optional(),
    to: dateSchema().optional(),
    direction: z.enum(entryDirections, { error: 'Ungültiger Wert: credit oder debit' }).optional(),
  },
}).extend({
  sortOrder: z.enum(['ASC', 'DESC'], { error: 'Sortierung muss ASC oder DESC sein' }).default('DESC'),
});
export type BankEntryListQuery = z.infer<typeof bankEntryListQuerySchema>;
/** `GET /bank-accounts/{id}/entries/export`: the list's query without paging, and the file format (docs/reports.md "Lists"). */
export const bankEntryExportQuerySchema = bankEntryListQuerySchema.omit(unpaged).extend({ format: exportFormatSchema });

export const bankEntryParamsSchema = z.strictObject({ id: idParamSchema, entryId: idParamSchema });

/** The category of an entry: set, changed, or removed with null. */
export const bankEntryUpdateSchema = z.strictObject({
  categoryId: idFieldSchema('Ungültige Kategorie', 'Kategorie wird benötigt').nullable(),
});
export type BankEntryUpdate = z.infer<typeof bankEntryUpdateSchema>;
