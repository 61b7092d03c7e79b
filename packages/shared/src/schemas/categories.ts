import { z } from 'zod';
import { idFieldSchema, textSchema } from './fields.js';

const categoryNameSchema = textSchema({ max: 100, required: 'Name wird benötigt' });

export const categoryCreateSchema = z.strictObject({ name: categoryNameSchema });
export const categoryUpdateSchema = categoryCreateSchema;
export type CategoryCreate = z.infer<typeof categoryCreateSchema>;

/** Moves every transaction of a category to another one (then the category can be deleted). */
export const categoryReassignSchema = z.strictObject({
  targetId: idFieldSchema('Ungültige Kategorie', 'Ersatzkategorie wird benötigt'),
});
export const affectedSchema = z.object({ affected: z.number().int() });
export type Affected = z.infer<typeof affectedSchema>;
