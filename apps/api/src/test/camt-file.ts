/**
 * Synthetic camt.053.001.08 files written by the tests (no real bank, account or person): the
 * hostile and odd values of docs/bank-statements.md are easier to read in the test that sends them
 * than in a fixture file.
 */
export interface CamtEntry {
  amount: string;
  indicator?: 'CRDT' | 'DBIT';
  date?: string;
  valueDate?: string;
  text?: string;
}

export interface CamtBalance {
  type: string;
  amount: string;
  indicator?: 'CRDT' | 'DBIT';
  date: string;
}

const escape = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;');

function entryXml({ amount, indicator = 'CRDT', date = '2026-11-16', valueDate, text }: CamtEntry): string {
  return [
    '<Ntry>',
    `<Amt Ccy="CHF">${escape(amount)}</Amt><CdtDbtInd>${indicator}</CdtDbtInd><Sts><Cd>BOOK</Cd></Sts>`,
    `<BookgDt><Dt>${escape(date)}</Dt></BookgDt>`,
    valueDate === undefined ? '' : `<ValDt><Dt>${escape(valueDate)}</Dt></ValDt>`,
    text === undefined ? '' : `<AddtlNtryInf>${escape(text)}</AddtlNtryInf>`,
    '</Ntry>',
  ].join('');
}

function balanceXml({ type, amount, indicator = 'CRDT', date }: CamtBalance): string {
  return `<Bal><Tp><CdOrPrtry><Cd>${type}</Cd></CdOrPrtry></Tp><Amt Ccy="CHF">${escape(amount)}</Amt><CdtDbtInd>${indicator}</CdtDbtInd><Dt><Dt>${escape(date)}</Dt></Dt></Bal>`;
}

/** A camt.053.001.08 of one CHF account (`iban`) with these balances and entries. */
export function camt053(
  iban: string,
  { entries = [], balances = [] }: { entries?: CamtEntry[]; balances?: CamtBalance[] },
): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08"><BkToCstmrStmt>',
    '<GrpHdr><MsgId>SP-TEST</MsgId><CreDtTm>2026-11-20T06:00:00</CreDtTm></GrpHdr>',
    `<Stmt><Id>SP-TEST-1</Id><Acct><Id><IBAN>${iban}</IBAN></Id><Ccy>CHF</Ccy></Acct>`,
    ...balances.map(balanceXml),
    ...entries.map(entryXml),
    '</Stmt></BkToCstmrStmt></Document>',
  ].join('\n');
}
