import { z } from 'zod';
import { isIsoDate, isIsoMonth } from '../calendar.js';
import { AMOUNT_MAX_CENTS } from '../money.js';

/**
 * The building blocks of every request schema: ids, user-entered text, money, dates, months and
 * cycles. Each rule lives here once, so the API and the web forms refuse the same input with the
 * same German words, and nothing reaches the database that its columns cannot hold.
 */

/** The largest id an `integer` column holds (2^31 − 1); a larger one could only end in a 500. */
export const ID_MAX = 2_147_483_647;
const INVALID_ID = 'Ungültige Id';

/**
 * The error of a value of the wrong type: `missing` when there is none, `invalid` otherwise. null
 * counts as none because it is what an emptied form field holds (react-hook-form shows a field's
 * default value in place of undefined, so the web's fields empty to null).
 */
export function missingOr(missing: string, invalid: string) {
  return (issue: { input?: unknown }) => (issue.input === undefined || issue.input === null ? missing : invalid);
}

/**
 * An id in a JSON body: a whole number 1 … ID_MAX. `invalid` names the field for the user
 * ("Ungültige Kategorie"); `required` is the message when it is missing.
 */
export function idFieldSchema(invalid = INVALID_ID, required = invalid) {
  return z
    .number({ error: missingOr(required, invalid) })
    .int(invalid)
    .min(1, invalid)
    .max(ID_MAX, invalid);
}

/** An id in a JSON body (see {@link idFieldSchema}). */
export const idSchema = idFieldSchema();

/**
 * An id in a path or query string: digits only, no leading zero, 1 … ID_MAX. `1e3`, `0x10`, `+3`,
 * `00003` or `2 ` are not ids, even though `Number()` would read them as such.
 */
export const idParamSchema = z
  .string({ error: INVALID_ID })
  .regex(/^[1-9][0-9]{0,9}$/, INVALID_ID)
  .transform(Number)
  .pipe(z.number().max(ID_MAX, INVALID_ID));

/** Params of a route with one id in its path (`/things/:id`). */
export const idParamsSchema = z.strictObject({ id: idParamSchema });

// C0/C1 control characters (NUL among them: PostgreSQL refuses it in text) and lone UTF-16
// surrogates (not text at all). Normal Unicode — accents, emoji, other scripts — passes.
const CONTROL_OR_BROKEN = /[\p{Cc}\p{Cs}]/gu;
const LINE_BREAKS_AND_TABS = new Set(['\n', '\r', '\t']);

function hasForbiddenCharacter(text: string, multiline: boolean): boolean {
  for (const [character] of text.matchAll(CONTROL_OR_BROKEN)) {
    if (!(multiline && LINE_BREAKS_AND_TABS.has(character))) return true;
  }
  return false;
}
export const CONTROL_CHARACTER_MESSAGE = 'Dieses Feld enthält unzulässige Steuerzeichen';

export interface TextOptions {
  /** Most characters after trimming. */
  max: number;
  /** Message when the field is missing or empty; omit for a field that may be empty. */
  required?: string;
  /** Allows line breaks and tabs (notes); names and titles are one line. */
  multiline?: boolean;
}

// Something that shows: format characters (zero-width space, joiners, direction marks) and spaces
// of any kind do not, so a name made only of them counts as blank.
const VISIBLE = /[^\p{Cf}\p{Z}\s]/u;

/**
 * User-entered text: trimmed, composed (NFC), free of control characters, at most `max`
 * characters, and not blank when `required` is given (the message of a missing or blank field).
 * Composed, an "Ö" typed as O plus a combining diaeresis is stored, counted, sorted and searched
 * like the single character every keyboard sends.
 */
export function textSchema({ max, required, multiline = false }: TextOptions) {
  const trimmed = z
    .string(required ? { error: required } : undefined)
    .trim()
    .normalize('NFC');
  return (required ? trimmed.refine((text) => VISIBLE.test(text), required) : trimmed)
    .max(max, `Höchstens ${max} Zeichen erlaubt`)
    .refine((text) => !hasForbiddenCharacter(text, multiline), CONTROL_CHARACTER_MESSAGE);
}

export const amountMessages = {
  required: 'Betrag wird benötigt',
  invalid: 'Ungültiger Betrag',
  zero: 'Der Betrag darf nicht 0 sein',
  tooLarge: "Der Betrag darf höchstens 999'999'999'999.99 sein",
} as const;

/** An amount in whole cents (minor units), signed, within ±AMOUNT_MAX_CENTS. */
export const centsSchema = z
  .number({ error: missingOr(amountMessages.required, amountMessages.invalid) })
  .int(amountMessages.invalid)
  .min(-AMOUNT_MAX_CENTS, amountMessages.tooLarge)
  .max(AMOUNT_MAX_CENTS, amountMessages.tooLarge);

/** An amount that must not be 0 (a transaction moves money). */
export const nonZeroCentsSchema = centsSchema.refine((cents) => cents !== 0, amountMessages.zero);

export const dateMessages = {
  required: 'Bitte Datum eingeben',
  invalid: 'Ungültiger Datumswert',
} as const;

/** A calendar date 'YYYY-MM-DD' that exists, years 1900–2999 (a plan's horizon, not history). */
export function dateSchema(required: string = dateMessages.required) {
  return z
    .string({ error: missingOr(required, dateMessages.invalid) })
    .refine((date) => isIsoDate(date) && date >= '1900-01-01' && date <= '2999-12-31', dateMessages.invalid);
}

/** A month 'YYYY-MM'. */
export const monthSchema = z
  .string({ error: 'Ungültiger Monat' })
  .refine((month) => isIsoMonth(month) && month >= '1900-01' && month <= '2999-12', 'Ungültiger Monat (JJJJ-MM)');

/** Payment cycles of transactions and salaries, in months per step. */
export const cycleMonths = { monthly: 1, quarterly: 3, biannually: 6, yearly: 12 } as const;
export const cycles = ['monthly', 'quarterly', 'biannually', 'yearly'] as const;
export type Cycle = (typeof cycles)[number];
export const cycleLabels: Record<Cycle, string> = {
  monthly: 'Monatlich',
  quarterly: 'Vierteljährlich',
  biannually: 'Halbjährlich',
  yearly: 'Jährlich',
};
export const cycleSchema = z.enum(cycles, { error: 'Zahlungs-Zyklus wird benötigt' });

/** A yes/no query parameter: exactly `true` or `false`. */
export const booleanQuerySchema = z
  .enum(['true', 'false'], { error: 'Ungültiger Wert: true oder false erwartet' })
  .transform((value) => value === 'true');

/**
 * A PATCH body (a true partial update) that must change something: `{}` is a mistake of the caller,
 * refused in German rather than answered as a successful change of nothing.
 */
export function changingAtLeastOneField<T extends z.ZodObject>(schema: T): T {
  return schema.refine(
    (value) => Object.values(value).some((field) => field !== undefined),
    'Bitte ändern Sie mindestens ein Feld',
  );
}
