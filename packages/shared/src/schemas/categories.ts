import { z } from 'zod';
import { PAGINATION } from '../constants.js';
import { idFieldSchema, textSchema } from './fields.js';
import { pageQuerySchema, pageSchema } from './pagination.js';
import { categorySchema } from './reference.js';

const categoryNameSchema = textSchema({ max: 100, required: 'Name wird benötigt' });

export const categoryCreateSchema = z.strictObject({ name: categoryNameSchema });
export const categoryUpdateSchema = categoryCreateSchema;
export type CategoryCreate = z.infer<typeof categoryCreateSchema>;

/** `GET /categories`: page 1, limit 100 by default (the web loads them all at start). */
export const categoryListQuerySchema = pageQuerySchema(PAGINATION.categories.limit);
export const categoryListSchema = pageSchema(categorySchema);
export type CategoryList = z.infer<typeof categoryListSchema>;

/**
 * Moves every transaction of a category to another one. With `deleteAfter: true` the category is
 * deleted in the same database transaction ("Kategorie ersetzen und löschen"): both happen or
 * neither does.
 */
export const categoryReassignSchema = z.strictObject({
  targetId: idFieldSchema('Ungültige Kategorie', 'Ersatzkategorie wird benötigt'),
  deleteAfter: z.boolean({ error: 'Ungültiger Wert' }).optional(),
});
export type CategoryReassign = z.infer<typeof categoryReassignSchema>;
export const affectedSchema = z.object({ affected: z.number().int() });
export type Affected = z.infer<typeof affectedSchema>;
