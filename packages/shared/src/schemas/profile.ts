import { z } from 'zod';
import { newPasswordSchema, passwordSchema } from './auth.js';
import { idFieldSchema, textSchema } from './fields.js';

export const nameSchema = textSchema({ max: 100, required: 'Name wird benötigt' });

export const userSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  currentOrganisationId: z.number().int().nullable(),
  currency: z.object({ id: z.number().int(), code: z.string(), localeCode: z.string() }),
});
export type User = z.infer<typeof userSchema>;

/** The profile form: the name is what it edits. */
export const profileFormSchema = z.strictObject({ name: nameSchema });
/** PATCH /api/profile: a partial update (docs/api.md "Writes"), an absent name stays. */
export const profileUpdateSchema = profileFormSchema.partial();
export const passwordChangeSchema = z.strictObject({ currentPassword: passwordSchema, password: newPasswordSchema });
export const organisationSwitchSchema = z.strictObject({
  organisationId: idFieldSchema('Ungültige Organisation', 'Organisation wird benötigt'),
});

export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;
export type PasswordChange = z.infer<typeof passwordChangeSchema>;
