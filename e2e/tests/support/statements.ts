import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.js';

/**
 * The camt.053 written for the plan vs actual specs (its header comment lists each entry and the
 * payment it meets; FrToDt 01.10.–20.11.2026), and the IBAN of the account it names.
 */
export const planActualCamtPath = path.resolve(import.meta.dirname, '../../fixtures/plan-actual-camt053.xml');
export const PLAN_ACTUAL_IBAN = 'CH5604835012345678009';

/**
 * Imports a statement through the API, as the import dialog sends it (bank-statements.spec.ts tests
 * the dialog): into the account its IBAN names, or into `bankAccountId`.
 */
export async function importStatement(
  page: Page,
  data: Buffer,
  contentType: string,
  bankAccountId?: number,
): Promise<void> {
  const query = bankAccountId === undefined ? '' : `?bankAccountId=${bankAccountId}`;
  const response = await page.request.post(`/api/bank-statements${query}`, {
    data,
    headers: { 'content-type': contentType, origin: new URL(test.info().project.use.baseURL ?? '').origin },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** One booked entry of `camt053`: a debit (negative) or credit in CHF, optionally with a QR reference. */
export interface CamtEntry {
  date: string;
  /** Signed, with a point: "-1949.75". */
  amount: string;
  name: string;
  text: string;
  qrReference?: string;
}

/**
 * A synthetic camt.053.001.08 of one statement (no real bank, account or person), written as the
 * hand-made fixture above is: each entry with its counterparty, text and optional QR reference;
 * the period and both balances from the arguments.
 */
export function camt053(options: {
  iban: string;
  from: string;
  to: string;
  /** The balance at the end of `openingDate` (the day before `from`) and at the end of `to`. */
  opening: string;
  openingDate: string;
  closing: string;
  entries: readonly CamtEntry[];
}): Buffer {
  const balance = (code: string, amount: string, date: string) =>
    `<Bal><Tp><CdOrPrtry><Cd>${code}</Cd></CdOrPrtry></Tp><Amt Ccy="CHF">${amount}</Amt><CdtDbtInd>CRDT</CdtDbtInd><Dt><Dt>${date}</Dt></Dt></Bal>`;
  const entries = options.entries.map((entry, index) => {
    const debit = entry.amount.startsWith('-');
    const amount = entry.amount.replace('-', '');
    const side = debit ? 'DBIT' : 'CRDT';
    const party = debit
      ? `<Cdtr><Pty><Nm>${entry.name}</Nm></Pty></Cdtr>`
      : `<Dbtr><Pty><Nm>${entry.name}</Nm></Pty></Dbtr>`;
    const reference = entry.qrReference
      ? `<Strd><CdtrRefInf><Tp><CdOrPrtry><Prtry>QRR</Prtry></CdOrPrtry></Tp><Ref>${entry.qrReference}</Ref></CdtrRefInf></Strd>`
      : '';
    return `<Ntry><Amt Ccy="CHF">${amount}</Amt><CdtDbtInd>${side}</CdtDbtInd><Sts><Cd>BOOK</Cd></Sts><BookgDt><Dt>${entry.date}</Dt></BookgDt><ValDt><Dt>${entry.date}</Dt></ValDt><AcctSvcrRef>E2E-${index + 1}</AcctSvcrRef><NtryDtls><TxDtls><Refs><EndToEndId>NOTPROVIDED</EndToEndId></Refs><Amt Ccy="CHF">${amount}</Amt><CdtDbtInd>${side}</CdtDbtInd><RltdPties>${party}</RltdPties><RmtInf><Ustrd>${entry.text}</Ustrd>${reference}</RmtInf></TxDtls></NtryDtls></Ntry>`;
  });
  return Buffer.from(
    `<?xml version="1.0" encoding="UTF-8"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08"><BkToCstmrStmt><GrpHdr><MsgId>SP-E2E-${options.to}</MsgId><CreDtTm>${options.to}T23:00:00</CreDtTm></GrpHdr><Stmt><Id>SP-E2E-${options.to}-1</Id><CreDtTm>${options.to}T23:00:00</CreDtTm><FrToDt><FrDtTm>${options.from}T00:00:00</FrDtTm><ToDtTm>${options.to}T23:59:59</ToDtTm></FrToDt><Acct><Id><IBAN>${options.iban}</IBAN></Id><Ccy>CHF</Ccy></Acct>${balance('OPBD', options.opening, options.openingDate)}${balance('CLBD', options.closing, options.to)}${entries.join('')}</Stmt></BkToCstmrStmt></Document>`,
    'utf8',
  );
}
