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
