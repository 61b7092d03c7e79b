import { randomBytes } from 'node:crypto';
import {
  systemVatRates,
  type BankEntry,
  type BankEntryList,
  type BankAccount,
  type BankAccountCreate,
  type Category,
  type CategoryCreate,
  type Currency,
  type EmployeeCreate,
  type EmployeeDetail,
  type Salary,
  type SalaryCost,
  type SalaryCostCreate,
  type SalaryCostLabel,
  type SalaryCostLabelCreate,
  type SalaryCreate,
  type Transaction,
  type TransactionCreate,
  type Vat,
} from '@saldopilot/shared';
import type { Browser, SignedInUser } from './test-client.js';

/**
 * Rows of a test, created through the API as a user would (so every rule applies), in the
 * organisation of the signed-in `client`. Each answers what the API answered; a refusal throws.
 */

type Client = Browser | SignedInUser;

function created<T>(what: string, response: { statusCode: number; body: string; json: <J>() => J }): T {
  if (response.statusCode !== 201) throw new Error(`${what} failed (${response.statusCode}): ${response.body}`);
  return response.json<T>();
}

/** An own category with a unique name. */
export async function aCategory(client: Client, overrides: Partial<CategoryCreate> = {}): Promise<Category> {
  const name = overrides.name ?? `Kategorie ${randomBytes(4).toString('hex')}`;
  return created('creating a category', await client.post('/api/categories', { name }));
}

let nextVatValue = 1;

/** An own VAT rate; the value defaults to one no other rate of the test run has. */
export async function aVatRate(client: Client, overrides: { value?: number } = {}): Promise<Vat> {
  let value = overrides.value;
  while (value === undefined || (systemVatRates as readonly number[]).includes(value)) {
    // Basis points 1 … 9999 in an order no two calls of one process repeat.
    value = (nextVatValue++ * 7919) % 9999 || 1;
  }
  return created('creating a VAT rate', await client.post('/api/vats', { value }));
}

/** The organisation's currency (the first of the currency list). */
export async function organisationCurrency(client: Client): Promise<Currency> {
  const response = await client.get('/api/currencies');
  const [first] = response.json<Currency[]>();
  if (!first) throw new Error(`no currencies: ${response.body}`);
  return first;
}

/** The id of a currency by code, as the currency dropdown offers it. */
export async function currencyId(client: Client, code: string): Promise<number> {
  const currencies = (await client.get('/api/currencies')).json<Currency[]>();
  const currency = currencies.find((candidate) => candidate.code === code);
  if (!currency) throw new Error(`no currency ${code}`);
  return currency.id;
}

/** A bank account: 1'234.50 in the organisation's currency unless `overrides` say otherwise. */
export async function aBankAccount(client: Client, overrides: Partial<BankAccountCreate> = {}): Promise<BankAccount> {
  const body = {
    name: 'Geschäftskonto',
    amount: 123_450,
    currencyId: overrides.currencyId ?? (await organisationCurrency(client)).id,
    ...overrides,
  };
  return created('creating a bank account', await client.post('/api/bank-accounts', body));
}

/**
 * A transaction: a monthly revenue of 1'000.00 in the organisation's currency from 2026-01-01, in a
 * new own category, unless `overrides` say otherwise.
 */
export async function aTransaction(client: Client, overrides: Partial<TransactionCreate> = {}): Promise<Transaction> {
  const body: TransactionCreate = {
    name: `Transaktion ${randomBytes(4).toString('hex')}`,
    amount: 100_000,
    type: 'repeating',
    cycle: 'monthly',
    startDate: '2026-01-01',
    categoryId: overrides.categoryId ?? (await aCategory(client)).id,
    currencyId: overrides.currencyId ?? (await organisationCurrency(client)).id,
    ...overrides,
  };
  return created('creating a transaction', await client.post('/api/transactions', body));
}

/** An employee ("Anna Muster" unless `overrides` say otherwise). */
export async function anEmployee(client: Client, overrides: Partial<EmployeeCreate> = {}): Promise<EmployeeDetail> {
  return created('creating an employee', await client.post('/api/employees', { name: 'Anna Muster', ...overrides }));
}

/**
 * A salary of the employee: 8'000.00 monthly from 2026-01-01, 180 hours, 25 vacation days, in the
 * organisation's currency, unless `overrides` say otherwise.
 */
export async function aSalary(
  client: Client,
  employeeId: number,
  overrides: Partial<SalaryCreate> = {},
): Promise<Salary> {
  const body: SalaryCreate = overrides.isTermination
    ? { fromDate: '2026-12-01', ...overrides }
    : {
        hoursPerMonth: 180,
        amount: 800_000,
        cycle: 'monthly',
        currencyId: overrides.currencyId ?? (await organisationCurrency(client)).id,
        vacationDaysPerYear: 25,
        fromDate: '2026-01-01',
        ...overrides,
      };
  return created('creating a salary', await client.post(`/api/employees/${employeeId}/salaries`, body));
}

/** A cost of the salary: 5.3 % monthly borne by both, unless `overrides` say otherwise. */
export async function aSalaryCost(
  client: Client,
  salaryId: number,
  overrides: Partial<SalaryCostCreate> = {},
): Promise<SalaryCost> {
  const body: SalaryCostCreate = {
    cycle: 'monthly',
    amountType: 'percentage',
    amount: 5300,
    distributionType: 'both',
    relativeOffset: 1,
    ...overrides,
  };
  return created('creating a salary cost', await client.post(`/api/employees/salaries/${salaryId}/costs`, body));
}

/** A salary-cost label with a unique name. */
export async function aLabel(client: Client, overrides: Partial<SalaryCostLabelCreate> = {}): Promise<SalaryCostLabel> {
  const name = overrides.name ?? `Label ${randomBytes(4).toString('hex')}`;
  return created('creating a label', await client.post('/api/employees/salaries/costs/labels', { name }));
}

/** A bank file as the web app uploads it: the bytes as the raw body with their content type. */
export interface StatementUpload {
  bytes: Uint8Array;
  contentType: string;
}

/** Sends a bank file to the preview (`preview`) or the import, optionally for a chosen account. */
export function sendStatement(
  client: Client,
  file: StatementUpload,
  options: { preview?: boolean; bankAccountId?: number } = {},
) {
  const path = options.preview ? '/api/bank-statements/preview' : '/api/bank-statements';
  const query = options.bankAccountId === undefined ? '' : `?bankAccountId=${options.bankAccountId}`;
  return client.send({
    method: 'POST',
    url: `${path}${query}`,
    payload: Buffer.from(file.bytes),
    headers: { 'content-type': file.contentType },
  });
}

/** One line of `importEntries`: a booking date, a signed amount with a point ("-2000.00"), optional texts. */
export interface CsvEntry {
  date: string;
  amount: string;
  text?: string;
  name?: string;
  reference?: string;
}

/**
 * Imports the entries into the account as a bank's CSV export (synthetic: a header the parser
 * recognises, dates dd.mm.yyyy) through the real import route; answers the account's entries in
 * booking order.
 */
export async function importEntries(client: Client, bankAccountId: number, entries: CsvEntry[]): Promise<BankEntry[]> {
  const lines = ['Buchungsdatum;Buchungstext;Zahlungsempfänger;Betrag;Referenz'];
  for (const entry of entries) {
    const [year, month, day] = entry.date.split('-');
    lines.push(
      [`${day}.${month}.${year}`, entry.text ?? '', entry.name ?? '', entry.amount, entry.reference ?? ''].join(';'),
    );
  }
  const response = await sendStatement(
    client,
    { bytes: new TextEncoder().encode(`${lines.join('\n')}\n`), contentType: 'text/csv' },
    { bankAccountId },
  );
  if (response.statusCode !== 200)
    throw new Error(`importing entries failed (${response.statusCode}): ${response.body}`);
  const list = await client.get(`/api/bank-accounts/${bankAccountId}/entries?sortOrder=ASC&limit=100`);
  return list.json<BankEntryList>().data;
}
