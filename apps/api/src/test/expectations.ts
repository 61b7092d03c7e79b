import { expect } from 'vitest';

/** The German summary of every 400 VALIDATION_FAILED answer. */
export const VALIDATION_SUMMARY = 'Die Eingaben sind ungültig. Bitte prüfen Sie die markierten Felder.';

/**
 * The answer is a 400 VALIDATION_FAILED naming `field` with `message` (any message when omitted).
 */
export function expectFieldError(response: { statusCode: number; body: string }, field: string, message?: string) {
  expect(response.statusCode, response.body).toBe(400);
  const body = JSON.parse(response.body) as { error: string; code: string; fields: Record<string, string> };
  expect(body.code).toBe('VALIDATION_FAILED');
  expect(body.error).toBe(VALIDATION_SUMMARY);
  expect(body.fields[field], JSON.stringify(body.fields)).toEqual(message ?? expect.any(String));
}
