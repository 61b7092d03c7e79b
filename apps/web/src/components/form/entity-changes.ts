import { ApiError } from '../../lib/api-error';

/**
 * What an edit sends (docs/api.md "Writes": a PATCH is a true partial update): the fields of
 * `next` that `stored` names and whose value differs from the stored one. `stored` is the request
 * the stored item stands for, made by the same mapping as the form's output, so a field the form
 * derives (a single transaction's cycle, a fixed cost's bases) counts only when its value changed.
 * Lists compare by their items; an empty value is sent as null.
 */
export function changesOf<Request extends object>(stored: Partial<Request>, next: Request): Partial<Request> {
  const changes: Record<string, unknown> = {};
  const before = stored as Record<string, unknown>;
  for (const [field, value] of Object.entries(next)) {
    if (!(field in before)) continue;
    if (JSON.stringify(value ?? null) !== JSON.stringify(before[field] ?? null)) changes[field] = value ?? null;
  }
  return changes as Partial<Request>;
}

/** A refused save as the form shows it: messages under the fields it has, and the alert's detail. */
export interface RefusedSave {
  fields: [field: string, message: string][];
  detail: string | undefined;
}

/**
 * Spreads a failed call over a form (docs/api.md "Errors": `fields` names the refused fields): the
 * messages of fields the form has go under them; a message of a field the form does not show (the
 * employee's birth date behind a BVG cost) is the detail, else the server's message.
 */
export function refusedSave(error: unknown, formFields: readonly string[]): RefusedSave {
  if (!(error instanceof ApiError)) return { fields: [], detail: undefined };
  const named = Object.entries(error.fields ?? {});
  const fields = named.filter(([field]) => formFields.includes(field));
  const elsewhere = named.find(([field]) => !formFields.includes(field));
  return { fields, detail: elsewhere?.[1] ?? error.message };
}
