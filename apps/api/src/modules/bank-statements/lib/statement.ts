import type { balanceTypes, csvColumnRoles, referenceTypes, statementKinds } from '@saldopilot/shared';

/**
 * What the parsers read out of a bank file, before any account is known (docs/bank-statements.md).
 * Pure data: the service matches accounts, finds duplicates and stores.
 */

// The names the answers use too (packages/shared/src/schemas/bank-statements.ts).
export type StatementKind = (typeof statementKinds)[number];
export type ReferenceType = (typeof referenceTypes)[number];
/** What a CSV column was read as (docs/bank-statements.md "CSV"). */
export type CsvColumnRole = (typeof csvColumnRoles)[number];
export type BalanceType = (typeof balanceTypes)[number];

export interface ParsedBalance {
  /** Signed minor units. */
  amount: number;
  /** The balance's own currency (`Amt/@Ccy`); null when the file names none. */
  currency: string | null;
  date: string;
  type: BalanceType;
}

/** One amount of an entry's amount details (`AmtDtls`: instructed, transaction, counter value), signed as the entry. */
export interface AmountDetail {
  amount: number;
  currency: string;
}

export interface ParsedEntry {
  bookingDate: string;
  valueDate: string | null;
  /** Signed minor units: credits > 0, debits < 0. */
  amount: number;
  currency: string | null;
  counterpartyName: string | null;
  counterpartyIban: string | null;
  remittanceInformation: string | null;
  reference: string | null;
  referenceType: ReferenceType | null;
  /** The bank's own reference (AcctSvcrRef), the entry's identity where present. */
  bankReference: string | null;
  isReversal: boolean;
  charges: number | null;
  /** The detail's place in a collective entry split by its transaction details (1, 2, …). */
  detailIndex?: number;
  /**
   * The entry's amount in other currencies as the file gives them (`AmtDtls/InstdAmt`, `TxAmt`,
   * `CntrValAmt`): an entry booked in another currency than its account's is stored with the one in
   * the account's currency (docs/bank-statements.md "Entries").
   */
  amountDetails?: AmountDetail[];
}

export interface ParsedStatement {
  kind: StatementKind;
  /** Message version, e.g. "001.08"; null for CSV. */
  version: string | null;
  /** The file's name inside a zip; null for a single file. */
  fileName: string | null;
  statementId: string | null;
  iban: string | null;
  /** The account as the statement names it where it has no IBAN (`Acct/Id/Othr/Id`, a CSV's account column). */
  accountNumber: string | null;
  /** The account's name where the file gives one (`Acct/Nm`), for an account created from the statement. */
  accountName?: string | null;
  currency: string | null;
  period: { from: string; to: string } | null;
  opening: ParsedBalance | null;
  closing: ParsedBalance | null;
  entries: ParsedEntry[];
  pendingCount: number;
  warnings: string[];
  /** Per-line errors of a CSV ("Zeile 7: Datum fehlt"); a statement with errors is not imported. */
  errors: string[];
  /** CSV: each header cell and what it was read as (null: not read). */
  csvColumns?: { header: string; role: CsvColumnRole | null }[];
}

/** A file that cannot be read at all: the German message names what is wrong (400). */
export class StatementFileError extends Error {}

/** Upper limits of one upload (docs/bank-statements.md "Safe parsing"). */
export const FILE_LIMITS = {
  fileBytes: 20 * 1024 * 1024,
  unpackedBytes: 50 * 1024 * 1024,
  zipFiles: 200,
} as const;

/**
 * How much reading one upload may take, and how many are read at once (docs/bank-statements.md
 * "Safe parsing"; the numbers are explained there). Counted over every file of a zip together.
 */
export const PARSE_LIMITS = {
  /** XML elements of all files of an upload: a 20 MB camt.053 has ~0.75 million. */
  xmlElements: 2_000_000,
  /** Nesting: no camt file is deeper than ~12, so no walk over the tree can overflow the stack. */
  xmlDepth: 64,
  /** Entries (camt `Ntry`, CSV rows) of all files of an upload. */
  entries: 200_000,
  /** The old-generation heap of the worker that reads one file; beyond it the worker ends (413). */
  workerHeapMb: 256,
  /** Wall-clock time for reading one file; beyond it the worker is ended (413). */
  workerTimeoutMs: 60_000,
  /** Files read at once per server instance: one organisation's 3 and one of another's. */
  perInstance: 4,
  /** Files read at once per organisation: a camt.053 and its camt.054 dropped together are read at once. */
  perOrganisation: 3,
  /** Retry-After of the 429 beyond either. */
  retryAfterSeconds: 5,
} as const;

/** The earliest and latest of some ISO dates; null when there are none. */
export function periodOf(dates: string[]): { from: string; to: string } | null {
  if (dates.length === 0) return null;
  let from = dates[0]!;
  let to = from;
  for (const date of dates) {
    if (date < from) from = date;
    if (date > to) to = date;
  }
  return { from, to };
}
