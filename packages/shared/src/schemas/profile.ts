import { z } from 'zod';
import { newPasswordSchema, passwordSchema } from './auth.js';

export const nameSchema = z
  .string({ error: 'Name wird benötigt' })
  .trim()
  .min(1, 'Name wird benötigt')
  .max(100, 'Höchstens 100 Zeichen erlaubt');

export const userSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  currentOrganisationID: z.number().int().nullable(),
  currency: z.object({ id: z.number().int(), code: z.string(), localeCode: z.string() }),
});
export type User = z.infer<typeof userSchema>;

/** The profile form: the name is what it edits. */
export const profileFormSchema = z.strictObject({ name: nameSchema });
/** PATCH /api/profile: a partial update (API.md), an absent name stays. */
export const profileUpdateSchema = profileFormSchema.partial();
export const passwordChangeSchema = z.strictObject({ currentPassword: passwordSchema, password: newPasswordSchema });
export const organisationSwitchSchema = z.strictObject({
  organisationId: z.number({ error: 'Organisation wird benötigt' }).int().positive(),
});

export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;
export type PasswordChange = z.infer<typeof passwordChangeSchema>;
